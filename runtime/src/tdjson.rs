//! A small safe wrapper over TDLib's JSON C interface (`libtdjson`), loaded at run time.
//!
//! Compiled only with the `tdjson` feature. The library is opened with [`libloading`], so nothing
//! links against TDLib at build time; [`TdJson::load_default`] finds the copy that
//! `bash scripts/install-tdlib.sh` puts under `<workspace>/.tdlib/<version>/libtdjson.so`, or the
//! file named by the environment variable `TLGEN_TDJSON`.
//!
//! The four functions wrapped are the "new" client-id interface of `td_json_client.h`:
//!
//! | C function | here | notes |
//! | --- | --- | --- |
//! | `td_create_client_id()` | [`TdJson::create_client_id`] | no request is sent until the first `send` |
//! | `td_send(id, request)` | [`TdJson::send`] | asynchronous, answers come from `receive` |
//! | `td_receive(timeout)` | [`TdJson::receive`] | responses and updates of all clients, `None` on timeout |
//! | `td_receive` in a loop | [`TdJson::receive_until`] | until a closure accepts an answer (waiting for one response) |
//! | `td_execute(request)` | [`TdJson::execute`] | synchronous methods only, always answers |
//!
//! # Why the returned `&CStr` borrows `&mut self`
//!
//! `td_receive` and `td_execute` return a pointer into ONE thread-local `std::string` inside
//! TDLib (`ClientJson.cpp`, `store_string`), which the next `td_receive`/`td_execute` on the same
//! thread overwrites (and may reallocate). The wrapper therefore hands out the answer as a `&CStr`
//! borrowing the handle mutably: the borrow checker rejects any further call on the handle while
//! the answer is alive, so a zero-copy parser can read TDLib's buffer in place, and must finish (or
//! copy) before asking for the next one.
//!
//! That is only sound if no *other* code on the same thread can call those functions while the
//! answer lives. Hence:
//! - the handle is `!Send` and `!Sync` (a `PhantomData<*const ()>`), so it stays on the thread
//!   whose buffer its answers point into;
//! - at most one [`TdJson`] may be alive per thread ([`TdJsonError::AlreadyLoadedOnThisThread`]);
//!   other threads may have their own (TDLib's buffer is per thread);
//! - `td_receive` must not run concurrently on two threads (TDLib's rule), so [`TdJson::receive`]
//!   holds a process-wide lock for the duration of the C call (not while the answer is used).
//!
//! The library is never unloaded: TDLib starts threads that live until the process ends, and
//! `dlclose` under them would pull their code away. Opening the same file again is cheap (the
//! dynamic loader hands back the loaded copy).
//!
//! Safety of the network is the caller's business: `td_execute` and the pre-initialisation
//! requests (`getCurrentState`, `test*` except `testProxy`/`testNetwork`) never touch it, but
//! `setTdlibParameters` makes TDLib connect to Telegram.

use std::cell::Cell;
use std::ffi::{CStr, c_char, c_double, c_int};
use std::fmt;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::pointer::Cursor;

/// Environment variable naming the `libtdjson` file to load (overrides the `.tdlib` search).
pub const ENV_VAR: &str = "TLGEN_TDJSON";
/// The TDLib version of `schema/td_api.tl`, the one [`TdJson::load_default`] looks for.
pub const DEFAULT_TDLIB_VERSION: &str = "1.8.65";
/// The command that installs the libraries into `<workspace>/.tdlib/`.
pub const INSTALL_COMMAND: &str = "bash scripts/install-tdlib.sh";
/// File name of the library inside `.tdlib/<version>/`.
pub const LIBRARY_FILE: &str = "libtdjson.so";

type CreateClientIdFn = unsafe extern "C" fn() -> c_int;
type SendFn = unsafe extern "C" fn(c_int, *const c_char);
type ReceiveFn = unsafe extern "C" fn(c_double) -> *const c_char;
type ExecuteFn = unsafe extern "C" fn(*const c_char) -> *const c_char;

thread_local! {
    /// Whether a [`TdJson`] is alive on this thread (see the module docs).
    static HANDLE_ON_THIS_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// The start of what TDLib sends when an instance has closed (its `@client_id` follows).
pub(crate) const CLOSED: &[u8] =
    br#"{"@type":"updateAuthorizationState","authorization_state":{"@type":"authorizationStateClosed"}"#;

/// The longest single `td_receive` wait: a longer or endless timeout is waited in such steps.
const MAX_WAIT: std::time::Duration = std::time::Duration::from_secs(3600);

/// Serialises `td_receive` calls across threads (TDLib forbids concurrent calls).
static RECEIVE_LOCK: Mutex<()> = Mutex::new(());

/// Why a library could not be found or opened.
#[derive(Debug)]
pub enum TdJsonError {
    /// No library file at any of the places [`TdJson::load_default`] looks.
    NotFound {
        /// TDLib version looked for under `.tdlib/`.
        version: String,
        /// Every path tried, in order.
        tried: Vec<PathBuf>,
        /// The only path tried came from `$TLGEN_TDJSON`.
        from_env: bool,
    },
    /// The dynamic loader refused the file.
    Load {
        /// The file.
        path: PathBuf,
        /// The loader's message.
        source: libloading::Error,
    },
    /// The file lacks one of the `td_*` functions: not a `libtdjson`, or too old.
    MissingSymbol {
        /// The file.
        path: PathBuf,
        /// The function's name.
        symbol: &'static str,
        /// The loader's message.
        source: libloading::Error,
    },
    /// Another [`TdJson`] is alive on this thread; answers of both would share TDLib's
    /// thread-local buffer.
    AlreadyLoadedOnThisThread,
    /// The thread of a receive loop could not start (the system's message).
    Thread(String),
    /// A `Manager` already runs the process's receive loop (one per process: `td_receive`
    /// returns every client's answers).
    ManagerRunning,
    /// The file loaded, but does not answer `getOption("version")` as TDLib does.
    NotTdLib {
        /// The file.
        path: PathBuf,
    },
}

impl fmt::Display for TdJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TdJsonError::NotFound {
                version,
                tried,
                from_env,
            } => {
                write!(f, "libtdjson (TDLib {version}) not found; tried:")?;
                if *from_env {
                    write!(f, " ${ENV_VAR} =")?;
                } else {
                    write!(f, " ${ENV_VAR} (unset),")?;
                }
                for (i, path) in tried.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{}", path.display())?;
                }
                write!(
                    f,
                    ". Install it with `{INSTALL_COMMAND}` (from the workspace root), \
                     or set {ENV_VAR}=/path/to/{LIBRARY_FILE}"
                )
            }
            TdJsonError::Load { path, source } => {
                write!(f, "cannot load {}: {source}", path.display())
            }
            TdJsonError::MissingSymbol {
                path,
                symbol,
                source,
            } => write!(
                f,
                "{} has no function {symbol} (is it a libtdjson >= 1.7?): {source}",
                path.display()
            ),
            TdJsonError::Thread(e) => write!(f, "cannot start the receive loop: {e}"),
            TdJsonError::ManagerRunning => f.write_str(
                "a Manager already runs this process's receive loop; create clients on it",
            ),
            TdJsonError::NotTdLib { path } => write!(
                f,
                "{} does not answer getOption(\"version\") as TDLib does",
                path.display()
            ),
            TdJsonError::AlreadyLoadedOnThisThread => f.write_str(
                "a TdJson handle is already alive on this thread; TDLib answers share one \
                 thread-local buffer, so use that handle (or another thread)",
            ),
        }
    }
}

impl std::error::Error for TdJsonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TdJsonError::Load { source, .. } | TdJsonError::MissingSymbol { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }
}

/// A loaded `libtdjson`. See the module documentation for the borrowing rules.
pub struct TdJson {
    path: PathBuf,
    create_client_id: CreateClientIdFn,
    send: SendFn,
    receive: ReceiveFn,
    execute: ExecuteFn,
    /// `!Send + !Sync`: answers point into a buffer of the thread that asked.
    _not_send: PhantomData<*const ()>,
}

impl fmt::Debug for TdJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TdJson")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl TdJson {
    /// Loads the library at `path` and trusts its `td_*` symbols to be libtdjson's.
    ///
    /// # Safety
    ///
    /// `path` must be a libtdjson (TDLib's JSON interface, 1.7 or later): loading runs the
    /// file's initialisers, and the four `td_*` functions are called with libtdjson's C
    /// signatures. Any other file with those symbol names is undefined behaviour, as with
    /// `libloading::Library::new`. [`TdJson::load_default`] is the safe way: the installed
    /// library, checked to answer as TDLib does.
    pub unsafe fn load(path: impl AsRef<Path>) -> Result<TdJson, TdJsonError> {
        let path = path.as_ref().to_path_buf();
        if HANDLE_ON_THIS_THREAD.with(Cell::get) {
            return Err(TdJsonError::AlreadyLoadedOnThisThread);
        }
        // SAFETY: loading runs the library's initialisers; the caller guarantees the file is a
        // libtdjson (this function's contract), whose initialisers are TDLib's own static
        // constructors, which only set up process-local state (no network, no files).
        let lib =
            unsafe { libloading::Library::new(&path) }.map_err(|source| TdJsonError::Load {
                path: path.clone(),
                source,
            })?;

        fn symbol<T: Copy>(
            lib: &libloading::Library,
            path: &Path,
            name: &'static str,
        ) -> Result<T, TdJsonError> {
            // SAFETY: every `T` used below is the exact C signature declared for `name` in
            // td/telegram/td_json_client.h (int/const char*/double, C ABI), so calling through
            // the copied pointer is well-typed. The pointer stays valid because the library is
            // never unloaded (`mem::forget` below).
            let sym = unsafe { lib.get::<T>(name.as_bytes()) }.map_err(|source| {
                TdJsonError::MissingSymbol {
                    path: path.to_path_buf(),
                    symbol: name,
                    source,
                }
            })?;
            Ok(*sym)
        }

        let handle = TdJson {
            create_client_id: symbol::<CreateClientIdFn>(&lib, &path, "td_create_client_id")?,
            send: symbol::<SendFn>(&lib, &path, "td_send")?,
            receive: symbol::<ReceiveFn>(&lib, &path, "td_receive")?,
            execute: symbol::<ExecuteFn>(&lib, &path, "td_execute")?,
            path,
            _not_send: PhantomData,
        };
        // Never unload: TDLib's threads (started by the first client) run its code until exit.
        std::mem::forget(lib);
        HANDLE_ON_THIS_THREAD.with(|h| h.set(true));
        Ok(handle)
    }

    /// Loads `$TLGEN_TDJSON`, or else `.tdlib/1.8.65/libtdjson.so` of the workspace
    /// (see [`find_library`]: files named `libtdjson.so` that `scripts/install-tdlib.sh`
    /// installs, or the one the environment names), then checks that it answers `getOption`
    /// for `version` as TDLib does ([`TdJson::version`]).
    pub fn load_default() -> Result<TdJson, TdJsonError> {
        let path = find_library(DEFAULT_TDLIB_VERSION)?;
        // SAFETY: `find_library` returns the libtdjson that install-tdlib.sh put under
        // `.tdlib/<version>/` (npm's @prebuilt-tdlib), or the file the user named in
        // `$TLGEN_TDJSON`, whose purpose is exactly that; the version check below then refuses
        // a library that does not answer as TDLib.
        let mut td = unsafe { TdJson::load(&path) }?;
        match td.version() {
            Some(_) => Ok(td),
            None => Err(TdJsonError::NotTdLib { path }),
        }
    }

    /// [`TdJson::load_default`] for a client of generated code: TDLib's log verbosity set to 1
    /// (errors only), and a warning on stderr when TDLib's version is not `schema_version`,
    /// the TDLib version that `schema_name` was taken from. Returns the handle and TDLib's
    /// version.
    pub fn load_for_schema(
        schema_version: &str,
        schema_name: &str,
    ) -> Result<(TdJson, String), TdJsonError> {
        let mut td = TdJson::load_default()?;
        if let Err(e) = td.set_log_verbosity(1) {
            eprintln!("warning: TDLib refused setLogVerbosityLevel: {e}");
        }
        let version = td.version().unwrap_or_default();
        td.warn_if_not(&version, schema_version, schema_name);
        Ok((td, version))
    }

    /// Prints a warning on stderr when `actual` (this library's TDLib version) is not
    /// `expected`, the TDLib version that `schema_name` was taken from.
    pub fn warn_if_not(&self, actual: &str, expected: &str, schema_name: &str) {
        if actual != expected {
            eprintln!(
                "warning: {} is TDLib {actual}, but the code was generated from {schema_name} of \
                 TDLib {expected}: objects and fields unknown to the schema are skipped \
                 (Unknown), requests may be refused",
                self.path.display(),
            );
        }
    }

    /// TDLib's `version` option (`"1.8.65"`), read with `td_execute`; `None` when the answer
    /// is not TDLib's `optionValueString`.
    pub fn version(&mut self) -> Option<String> {
        let answer = self
            .execute(c"{\"@type\":\"getOption\",\"name\":\"version\"}")
            .to_bytes();
        let value = answer
            .strip_prefix(br#"{"@type":"optionValueString","value":""#)?
            .strip_suffix(br#""}"#)?;
        let version = std::str::from_utf8(value).ok()?;
        version
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.')
            .then(|| version.to_owned())
    }

    /// The `td_send` and `td_create_client_id` functions of this library, which TDLib allows
    /// from any thread: a handle to send requests from other threads than this one.
    pub fn sender(&self) -> TdSender {
        TdSender {
            create_client_id: self.create_client_id,
            send: self.send,
        }
    }

    /// The file this handle was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `td_create_client_id`: a new TDLib instance id (≥ 1). TDLib creates the instance when the
    /// first request is sent to it.
    pub fn create_client_id(&self) -> i32 {
        // SAFETY: no arguments; the function pointer has the declared signature (see `load`).
        unsafe { (self.create_client_id)() }
    }

    /// `td_send`: queues `request` (a JSON object) for client `client_id`. TDLib copies the
    /// string before returning. Answers (with `"@client_id"`) come from [`TdJson::receive`].
    pub fn send(&self, client_id: i32, request: &CStr) {
        // SAFETY: `request` is a valid NUL-terminated string for the duration of the call, and
        // TDLib copies it (`ClientJson` parses a copy); td_send may be called from any thread.
        unsafe { (self.send)(client_id, request.as_ptr()) }
    }

    /// `td_receive`: waits up to `timeout` seconds for the next response or update of any
    /// client of this process. `None` on timeout.
    ///
    /// The answer lives in TDLib's thread-local buffer: it borrows `self` mutably so that it
    /// cannot outlive the next `receive`/`execute`.
    pub fn receive(&mut self, timeout: f64) -> Option<&CStr> {
        let ptr = self.receive_ptr(timeout);
        if ptr.is_null() {
            return None;
        }
        // SAFETY: a non-null result is a NUL-terminated string in this thread's TDLib buffer,
        // valid until the next td_receive/td_execute on this thread. The returned lifetime is
        // tied to `&mut self`; this thread has no other handle (`HANDLE_ON_THIS_THREAD`) and the
        // handle cannot move to another thread (`!Send`), so no such call can happen first.
        Some(unsafe { CStr::from_ptr(ptr) })
    }

    /// [`TdJson::receive`] without measuring the answer: a cursor at its first byte, for the
    /// pointer parser, which walks to the NUL (no `strlen`). `None` on timeout.
    pub fn receive_cursor(&mut self, timeout: f64) -> Option<Cursor<'_>> {
        let ptr = self.receive_ptr(timeout);
        if ptr.is_null() {
            return None;
        }
        // SAFETY: as in `receive`: a NUL-terminated string in this thread's TDLib buffer, valid
        // until the next td_receive/td_execute on this thread, which the `&mut self` borrow of
        // the returned cursor and the one-handle-per-thread rule exclude.
        Some(unsafe { Cursor::from_ptr(ptr) })
    }

    /// Like [`TdJson::receive`], repeated until `accept` returns `true` for an answer, which is
    /// then returned, or until `timeout` has passed (`None`). `accept` sees every answer once
    /// and cannot keep it (its borrow ends with the closure call).
    ///
    /// This is how a caller waits for one particular answer while handling the others: a loop
    /// around [`TdJson::receive`] that returns one answer and continues otherwise is rejected by
    /// today's borrow checker (the returned borrow would have to span the next iteration).
    /// A `timeout` too long to add to the clock (`Duration::MAX`) waits forever.
    pub fn receive_until(
        &mut self,
        timeout: std::time::Duration,
        mut accept: impl FnMut(&CStr) -> bool,
    ) -> Option<&CStr> {
        let deadline = std::time::Instant::now().checked_add(timeout);
        loop {
            let left = deadline.map_or(MAX_WAIT, |d| {
                d.saturating_duration_since(std::time::Instant::now())
                    .min(MAX_WAIT)
            });
            let ptr = self.receive_ptr(left.as_secs_f64());
            if !ptr.is_null() {
                // SAFETY: as in `receive`: valid until the next td_receive/td_execute on this
                // thread. `accept` gets a borrow that ends before the next loop iteration calls
                // td_receive again; the one returned is tied to `&mut self`, which excludes
                // further calls while it lives.
                let answer = unsafe { CStr::from_ptr(ptr) };
                if accept(answer) {
                    return Some(answer);
                }
            }
            if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return None;
            }
        }
    }

    /// `td_receive` under the process-wide lock; NULL on timeout. The timeout is clamped to
    /// `0..=3600` seconds (TDLib converts it to an integer count; `Duration::MAX` must not wrap).
    fn receive_ptr(&self, timeout: f64) -> *const c_char {
        let timeout = if timeout.is_nan() {
            0.0
        } else {
            timeout.clamp(0.0, MAX_WAIT.as_secs_f64())
        };
        let _guard = RECEIVE_LOCK
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // SAFETY: the lock above makes calls from different threads sequential, as TDLib
        // requires; the function pointer has the declared signature.
        unsafe { (self.receive)(timeout) }
    }

    /// `td_execute`: runs a synchronous request (one documented "Can be called synchronously")
    /// and returns TDLib's answer, an `error` object for anything else or for malformed input.
    ///
    /// Same buffer rule as [`TdJson::receive`].
    ///
    /// # Panics
    /// If TDLib returns NULL, which its C interface promises never to do.
    pub fn execute(&mut self, request: &CStr) -> &CStr {
        // SAFETY: `request` is a valid NUL-terminated string for the duration of the call and
        // TDLib does not keep it; td_execute may be called from any thread.
        let ptr = unsafe { (self.execute)(request.as_ptr()) };
        assert!(!ptr.is_null(), "td_execute returned NULL");
        // SAFETY: as in `receive`: a NUL-terminated string in this thread's TDLib buffer, alive
        // until the next td_receive/td_execute on this thread, which the `&mut self` borrow
        // and the one-handle-per-thread rule exclude.
        unsafe { CStr::from_ptr(ptr) }
    }

    /// [`TdJson::execute`] without measuring the answer: a cursor at its first byte.
    ///
    /// # Panics
    /// If TDLib returns NULL, which its C interface promises never to do.
    pub fn execute_cursor(&mut self, request: &CStr) -> Cursor<'_> {
        // SAFETY: `request` is a valid NUL-terminated string for the duration of the call and
        // TDLib does not keep it; td_execute may be called from any thread.
        let ptr = unsafe { (self.execute)(request.as_ptr()) };
        assert!(!ptr.is_null(), "td_execute returned NULL");
        // SAFETY: as in `execute`: valid until the next td_receive/td_execute on this thread,
        // which the `&mut self` borrow and the one-handle-per-thread rule exclude.
        unsafe { Cursor::from_ptr(ptr) }
    }

    /// Sets TDLib's log verbosity with `setLogVerbosityLevel` (0 = fatal errors only, the
    /// usual choice for tests; TDLib's default writes to stderr). Returns TDLib's error answer
    /// as text when it refuses.
    pub fn set_log_verbosity(&mut self, level: i32) -> Result<(), String> {
        let request =
            format!(r#"{{"@type":"setLogVerbosityLevel","new_verbosity_level":{level}}}"#);
        let request = std::ffi::CString::new(request).map_err(|e| e.to_string())?;
        let answer = self.execute(&request).to_bytes();
        if answer == br#"{"@type":"ok"}"# {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(answer).into_owned())
        }
    }
}

/// `td_send` and `td_create_client_id` of a loaded library ([`TdJson::sender`]): `Send + Sync`
/// and `Copy`, since TDLib allows both from any thread. Answers still come from the one
/// [`TdJson::receive`] loop.
#[derive(Clone, Copy)]
pub struct TdSender {
    create_client_id: CreateClientIdFn,
    send: SendFn,
}

impl fmt::Debug for TdSender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TdSender")
    }
}

impl TdSender {
    /// `td_create_client_id`, as [`TdJson::create_client_id`].
    pub fn create_client_id(&self) -> i32 {
        // SAFETY: no arguments; the function pointer has the declared signature (see
        // `TdJson::load`) and TDLib allows the call from any thread.
        unsafe { (self.create_client_id)() }
    }

    /// `td_send`, as [`TdJson::send`].
    pub fn send(&self, client_id: i32, request: &CStr) {
        // SAFETY: `request` is a valid NUL-terminated string for the duration of the call, and
        // TDLib copies it; td_send may be called from any thread.
        unsafe { (self.send)(client_id, request.as_ptr()) }
    }
}

impl Drop for TdJson {
    fn drop(&mut self) {
        // Runs on the owning thread (the handle is !Send). The library itself stays loaded.
        HANDLE_ON_THIS_THREAD.with(|h| h.set(false));
    }
}

/// Where [`TdJson::load_default`] finds `libtdjson` for TDLib `version`:
///
/// 1. the path in `$TLGEN_TDJSON`, if set (then nothing else is tried);
/// 2. `<dir>/.tdlib/<version>/libtdjson.so` for every ancestor `<dir>` of the current directory,
///    of `$CARGO_MANIFEST_DIR` (set by `cargo run`/`cargo test`), and of this crate's source
///    folder at build time — the first file that exists wins.
///
/// The error lists every path tried and the install command.
pub fn find_library(version: &str) -> Result<PathBuf, TdJsonError> {
    if let Some(path) = std::env::var_os(ENV_VAR) {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(TdJsonError::NotFound {
                version: version.to_owned(),
                tried: vec![path],
                from_env: true,
            })
        };
    }
    let mut starts: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        starts.push(cwd);
    }
    if let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") {
        starts.push(PathBuf::from(dir));
    }
    starts.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));

    let mut tried: Vec<PathBuf> = Vec::new();
    for start in &starts {
        for dir in start.ancestors() {
            let candidate = dir.join(".tdlib").join(version).join(LIBRARY_FILE);
            if tried.contains(&candidate) {
                continue;
            }
            if candidate.is_file() {
                return Ok(candidate);
            }
            tried.push(candidate);
        }
    }
    Err(TdJsonError::NotFound {
        version: version.to_owned(),
        tried,
        from_env: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loads the default library, or skips (returns None) when it is not installed — unless
    /// `TLGEN_REQUIRE_TDJSON` is set (scripts/test.sh sets it after installing), then fails.
    fn load_or_skip() -> Option<TdJson> {
        match TdJson::load_default() {
            Ok(td) => Some(td),
            Err(e @ TdJsonError::NotFound { .. })
                if std::env::var_os("TLGEN_REQUIRE_TDJSON").is_none() =>
            {
                eprintln!("skipping: {e}");
                None
            }
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn not_found_error_names_paths_and_install_command() {
        let err = TdJsonError::NotFound {
            version: "0.0.0".into(),
            tried: vec![PathBuf::from("/a/.tdlib/0.0.0/libtdjson.so")],
            from_env: false,
        };
        let text = err.to_string();
        assert!(text.contains("/a/.tdlib/0.0.0/libtdjson.so"), "{text}");
        assert!(text.contains(INSTALL_COMMAND), "{text}");
        assert!(text.contains(ENV_VAR), "{text}");
    }

    #[test]
    fn missing_version_lists_every_ancestor() {
        if std::env::var_os(ENV_VAR).is_some() {
            return; // the env var short-circuits the search
        }
        let Err(TdJsonError::NotFound { tried, .. }) = find_library("no-such-version") else {
            panic!("found a library for a version that does not exist");
        };
        assert!(
            tried
                .iter()
                .any(|p| p.ends_with(".tdlib/no-such-version/libtdjson.so"))
        );
        assert!(tried.len() >= 2, "{tried:?}");
    }

    #[test]
    fn execute_and_one_handle_per_thread() {
        let Some(mut td) = load_or_skip() else { return };
        td.set_log_verbosity(0).unwrap();
        assert!(matches!(
            // SAFETY: the same libtdjson that `load_default` found and checked.
            unsafe { TdJson::load(td.path()) },
            Err(TdJsonError::AlreadyLoadedOnThisThread)
        ));
        assert_eq!(td.version().as_deref(), Some(DEFAULT_TDLIB_VERSION));
        let answer = td.execute(c"{\"@type\":\"getOption\",\"name\":\"version\",\"@extra\":[1]}");
        assert_eq!(
            answer.to_bytes(),
            format!(
                r#"{{"@type":"optionValueString","value":"{DEFAULT_TDLIB_VERSION}","@extra":[1]}}"#
            )
            .as_bytes()
        );
        let answer = td.execute(c"not json").to_bytes();
        assert!(
            answer.starts_with(br#"{"@type":"error","code":400,"#),
            "{answer:?}"
        );
        // Another thread may have its own handle.
        let path = td.path().to_path_buf();
        // SAFETY: the same libtdjson that `load_default` found and checked.
        std::thread::spawn(move || drop(unsafe { TdJson::load(path) }.unwrap()))
            .join()
            .unwrap();
        drop(td);
        // After drop, this thread may load again.
        drop(TdJson::load_default().unwrap());
    }

    #[test]
    fn send_receive_test_call() {
        let Some(mut td) = load_or_skip() else { return };
        td.set_log_verbosity(0).unwrap();
        let id = td.create_client_id();
        assert!(id >= 1);
        td.send(
            id,
            c"{\"@type\":\"testSquareInt\",\"x\":12,\"@extra\":\"sq\"}",
        );
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let expected =
            format!(r#"{{"@type":"testInt","value":144,"@extra":"sq","@client_id":{id}}}"#);
        let mut seen = Vec::new();
        while std::time::Instant::now() < deadline {
            // Other tests' clients may answer too: every td_receive sees all clients.
            if let Some(answer) = td.receive(1.0) {
                let answer = answer.to_str().unwrap().to_owned();
                if answer == expected {
                    td.send(id, c"{\"@type\":\"close\"}");
                    // Wait until the client is closed: a process that exits while TDLib is
                    // still tearing a client down can abort in TDLib's static destructors.
                    let closed = format!(
                        r#""authorization_state":{{"@type":"authorizationStateClosed"}},"@client_id":{id}}}"#
                    );
                    while std::time::Instant::now() < deadline {
                        if let Some(answer) = td.receive(1.0) {
                            if answer.to_str().unwrap().ends_with(&closed) {
                                return;
                            }
                        }
                    }
                    panic!("client {id} not closed within 20 s");
                }
                seen.push(answer);
            }
        }
        panic!("no {expected} within 20 s; got {seen:#?}");
    }
}
