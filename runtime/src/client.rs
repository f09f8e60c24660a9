//! A typed TDLib client over [`TdJson`] (feature `tdjson`): requests are the generated
//! `functions::*` structs ([`Function`]), answers are parsed straight from TDLib's buffer with the
//! pointer parser, and borrow from it.
//!
//! ```text
//! let mut client = Client::<td::Schema>::start("1.8.65")?;        // loads libtdjson, warns on a version mismatch
//! let sq = client.call(&functions::TestSquareInt { x: 12 }, timeout)?; // types::TestInt, borrows `client`
//! let id = client.send(&functions::GetOption { name: "version".into() });
//! while let Some(received) = client.receive(timeout) { ... }       // Received<'_, Object<'_>>
//! let text = client.execute(&functions::ParseTextEntities { .. })?; // td_execute, synchronous methods
//! client.close(timeout)?;
//! ```
//!
//! - **Matching**: [`Client::send`] writes the request with `"@extra":N` appended (`N` a counter of
//!   this client) and returns `N`. TDLib echoes `@extra` at the end of the answer, where
//!   [`response_tail`] finds it without parsing. [`Client::call`] / [`Client::wait_for`] wait for
//!   the answer with that `N` and this client's `@client_id`; everything else received meanwhile
//!   (updates, other answers, answers of other clients of the process: `td_receive` is
//!   process-wide) is parsed as the schema's `Object`, made owned, and queued for
//!   [`Client::receive`]. An answer to one of this client's requests is queued as its bytes
//!   instead, and parsed once, when it is taken: as the request's result type by a later
//!   `wait_for`, as `Object` by `receive`.
//! - **Borrowing**: `receive`, `call`, `wait_for` and `execute` return values that borrow TDLib's
//!   thread-local answer buffer, which the next `td_receive`/`td_execute` overwrites. They
//!   therefore borrow the client mutably: the borrow checker rejects the next call while a result
//!   is alive. Keep a value across calls with `.into_owned()` (generated types) or
//!   [`IntoStatic::into_static`]:
//!
//! ```compile_fail
//! # use std::time::Duration;
//! # use tlgen_runtime::client::Client;
//! # use tlgen_runtime::pointer::{Cursor, Error};
//! # use tlgen_runtime::parse::{Envelope, ParseClass, parse_unknown};
//! # use tlgen_runtime::{IntoStatic, UnknownObject};
//! # #[derive(Debug, Clone, PartialEq, Default)]
//! # struct Any<'a>(UnknownObject<'a>);
//! # impl<'a> ParseClass<'a> for Any<'a> {
//! #     fn parse_variant(n: std::borrow::Cow<'a, str>, c: &mut Cursor<'a>, d: u32,
//! #         e: Option<&mut Envelope<'a>>) -> Result<Self, Error> { parse_unknown(n, c, d, e).map(Any) }
//! # }
//! # impl IntoStatic for Any<'_> {
//! #     type Static = Any<'static>;
//! #     fn into_static(self) -> Any<'static> { Any(self.0.into_static()) }
//! # }
//! # struct Api;
//! # impl tlgen_runtime::function::Schema for Api {
//! #     const NAME: &'static str = "mock";
//! #     type Object<'a> = Any<'a>;
//! #     fn shorten<'a>(o: Any<'static>) -> Any<'a> { o }
//! #     fn type_name<'o>(o: &'o Any<'_>) -> &'o str { &o.0.type_name }
//! # }
//! fn keep_across_calls(client: &mut Client<Api>) {
//!     let first = client.receive(Duration::from_secs(1));
//!     let second = client.receive(Duration::from_secs(1)); // error: `*client` borrowed twice
//!     println!("{first:?} {second:?}");
//! }
//! ```
//!
//!   (`client.receive(t).map(|r| r.map(IntoStatic::into_static))` for `first` compiles.)
//!
//! - **Errors**: an answer `{"@type":"error","code":C,"message":M}` becomes
//!   `Err(CallError::Td(TdError { code: C, message: M }))` (also for `testReturnError`, whose
//!   result type is `error`); [`CallError`] also covers parse errors and timeouts.
//! - **Version**: [`Client::start`] reads TDLib's `version` option with `td_execute` (`getOption`
//!   is synchronous for it) and warns on stderr when it differs from the schema's version.
//! - **Threads**: a [`TdJson`] handle, hence a client, stays on its thread (`!Send`), one per
//!   thread. `td_receive` returns the answers of every client of the process, so two clients in
//!   one process (on two threads) see, and queue, each other's answers: this client is for a
//!   process with one TDLib instance. Several instances, other threads, async calls:
//!   [`crate::manager::Manager`].
//! - **Closing**: [`Client::close`] sends `close` and waits for `authorizationStateClosed`; it
//!   works before `setTdlibParameters` too. Dropping the client does not close the instance
//!   (that would block); TDLib's threads end with the process.
//!
//! Nothing here calls `setTdlibParameters`: only that makes TDLib use the network.

use std::collections::VecDeque;
use std::ffi::CStr;
use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

pub use crate::function::{CallError, Function, ResponseTail, Schema, TdError, response_tail};
use crate::function::{parse_response, write_request};
use crate::owned::IntoStatic;
use crate::parse::{ParseClass, ParseValue, parse_received};
use crate::pointer::{Cursor, Error as PointerError};
use crate::received::Received;
use crate::tdjson::{CLOSED, TdJson, TdJsonError};

/// What [`Client::receive`] yields: the schema's `Object` with `@extra` and `@client_id`.
pub type ReceivedObject<'a, S> = Received<'a, <S as Schema>::Object<'a>>;

/// An answer received while waiting for another one, kept for [`Client::receive`].
enum Queued<S: Schema> {
    /// Parsed as the schema's `Object` and made owned.
    Parsed(Result<Received<'static, S::Object<'static>>, PointerError>),
    /// An answer to one of this client's requests (its `@extra` and our `@client_id`): its
    /// bytes with the NUL, parsed when taken, as the request's result type by
    /// [`Client::wait_for`] or as `Object` by [`Client::receive`].
    Answer { extra: u64, bytes: Vec<u8> },
}

/// A TDLib instance (one `td_create_client_id`) with typed requests and answers; see the module
/// documentation.
pub struct Client<S: Schema> {
    td: TdJson,
    id: i32,
    next_extra: u64,
    /// The request being sent (JSON + NUL), reused.
    request: Vec<u8>,
    /// The bytes of a queued answer being parsed (what the returned value borrows).
    scratch: Vec<u8>,
    queue: VecDeque<Queued<S>>,
    _schema: PhantomData<fn() -> S>,
}

impl<S: Schema> fmt::Debug for Client<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("schema", &S::NAME)
            .field("library", &self.td.path())
            .field("client_id", &self.id)
            .field("next_extra", &self.next_extra)
            .field("queued", &self.queue.len())
            .finish()
    }
}

impl<S: Schema> Client<S>
where
    for<'a> S::Object<'a>: ParseClass<'a>,
{
    /// A new TDLib instance on `td` (`td_create_client_id`; TDLib creates it with the first
    /// request). No request is sent.
    pub fn new(td: TdJson) -> Client<S> {
        let id = td.create_client_id();
        Client {
            td,
            id,
            next_extra: 1,
            request: Vec::new(),
            scratch: Vec::new(),
            queue: VecDeque::new(),
            _schema: PhantomData,
        }
    }

    /// Loads libtdjson ([`TdJson::load_default`]: `$TLGEN_TDJSON`, else the `.tdlib/` copy of
    /// `scripts/install-tdlib.sh`), sets TDLib's log verbosity to 1 (errors only), creates an
    /// instance, and warns on stderr when TDLib's `version` option differs from
    /// `schema_version` (the TDLib version the schema was taken from, e.g. `"1.8.65"`).
    pub fn start(schema_version: &str) -> Result<Client<S>, TdJsonError> {
        let (td, _) = TdJson::load_for_schema(schema_version, S::NAME)?;
        Ok(Client::new(td))
    }

    /// This instance's `@client_id`.
    pub fn client_id(&self) -> i32 {
        self.id
    }

    /// The file libtdjson was loaded from.
    pub fn library(&self) -> &std::path::Path {
        self.td.path()
    }

    /// The library handle, for raw requests. Answers received through it bypass the queue.
    pub fn tdjson(&mut self) -> &mut TdJson {
        &mut self.td
    }

    /// How many received answers wait in the queue for [`Client::receive`].
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    /// TDLib's `version` option (e.g. `"1.8.65"`), read synchronously with `td_execute`.
    pub fn tdlib_version(&mut self) -> Result<String, CallError> {
        self.td.version().ok_or_else(|| {
            CallError::Td(TdError {
                code: 0,
                message: "getOption(\"version\") did not answer with a version string".into(),
            })
        })
    }

    /// Reads TDLib's version and prints a warning on stderr when it is not `expected`. Returns
    /// TDLib's version.
    pub fn check_version(&mut self, expected: &str) -> Result<String, CallError> {
        let actual = self.tdlib_version()?;
        self.td.warn_if_not(&actual, expected, S::NAME);
        Ok(actual)
    }

    /// Sends `request` (asynchronously) with a new `@extra` and returns that `@extra`, the id to
    /// pass to [`Client::wait_for`] or to look for in [`Received::extra`].
    ///
    /// # Panics
    /// If the request does not serialize as a JSON object, which a generated request always
    /// does.
    #[allow(
        clippy::panic,
        reason = "documented: a generated request always serializes"
    )]
    pub fn send<F: Function + ?Sized>(&mut self, request: &F) -> u64 {
        let extra = self.next_extra;
        self.next_extra += 1;
        if let Err(e) = write_request(&mut self.request, request, Some(extra)) {
            panic!("request {} does not serialize: {e}", F::TL_NAME);
        }
        self.send_written();
        extra
    }

    /// `td_send` of `self.request`, which `write_request` filled.
    fn send_written(&mut self) {
        match CStr::from_bytes_with_nul(&self.request) {
            Ok(request) => self.td.send(self.id, request),
            // serde_json writes a NUL inside a string as `\u0000`.
            Err(e) => unreachable!("serialized request with an interior NUL: {e}"),
        }
    }

    /// The next answer or update: the oldest queued one, else the next from TDLib (waiting up
    /// to `timeout`; `None` on timeout). It borrows TDLib's buffer, hence the client.
    pub fn receive(
        &mut self,
        timeout: Duration,
    ) -> Option<Result<ReceivedObject<'_, S>, PointerError>> {
        match self.queue.pop_front() {
            Some(Queued::Parsed(received)) => {
                return Some(received.map(|r| Received {
                    object: S::shorten(r.object),
                    extra: r.extra,
                    client_id: r.client_id,
                }));
            }
            Some(Queued::Answer { bytes, .. }) => {
                self.scratch = bytes;
                return Some(Cursor::from_bytes_with_nul(&self.scratch).and_then(parse_received));
            }
            None => {}
        }
        // No `strlen`: the parser walks TDLib's buffer up to the NUL.
        let answer = self.td.receive_cursor(timeout.as_secs_f64())?;
        Some(parse_received(answer))
    }

    /// Runs a synchronous request with `td_execute` (TDLib answers methods documented "Can be
    /// called synchronously"; others get an error) and parses the answer as `F::Result`.
    pub fn execute<F: Function + ?Sized>(&mut self, request: &F) -> Result<F::Result<'_>, CallError>
    where
        for<'r> F::Result<'r>: ParseValue<'r>,
    {
        write_request(&mut self.request, request, None)?;
        let request = CStr::from_bytes_with_nul(&self.request)
            .map_err(|e| CallError::Serialize(e.to_string()))?;
        parse_response::<F>(self.td.execute_cursor(request))
    }

    /// Sends `request` and waits up to `timeout` for its answer, queueing everything else.
    pub fn call<F: Function + ?Sized>(
        &mut self,
        request: &F,
        timeout: Duration,
    ) -> Result<F::Result<'_>, CallError>
    where
        for<'r> F::Result<'r>: ParseValue<'r>,
    {
        let id = self.send(request);
        self.wait_for::<F>(id, timeout)
    }

    /// Waits up to `timeout` for the answer to the request [`Client::send`] returned `id` for,
    /// and parses it as `F::Result`; everything else received meanwhile is queued. An answer
    /// already queued (received while waiting for another one) is parsed from its kept bytes.
    pub fn wait_for<F: Function + ?Sized>(
        &mut self,
        id: u64,
        timeout: Duration,
    ) -> Result<F::Result<'_>, CallError>
    where
        for<'r> F::Result<'r>: ParseValue<'r>,
    {
        let queued = self
            .queue
            .iter()
            .position(|item| matches!(item, Queued::Answer { extra, .. } if *extra == id))
            .and_then(|index| self.queue.remove(index));
        if let Some(Queued::Answer { bytes, .. }) = queued {
            self.scratch = bytes;
            return parse_response::<F>(Cursor::from_bytes_with_nul(&self.scratch)?);
        }
        let answer = self.receive_answer(id, timeout).ok_or(CallError::Timeout)?;
        parse_response::<F>(Cursor::from_cstr(answer))
    }

    /// Sends a request already written as JSON (`"@extra":id` included, see
    /// [`write_request`]) and waits up to `timeout` for its raw answer, queueing everything
    /// else for [`Client::receive`]; `None` on timeout. For callers that time or inspect the
    /// wire form (benchmarks, conformance tests); typed code uses [`Client::call`].
    pub fn exchange_raw(&mut self, request: &CStr, id: u64, timeout: Duration) -> Option<&CStr> {
        self.td.send(self.id, request);
        self.receive_answer(id, timeout)
    }

    /// The answer from TDLib whose `@extra` is `id` for this instance, queueing the others.
    fn receive_answer(&mut self, id: u64, timeout: Duration) -> Option<&CStr> {
        let client_id = self.id;
        let queue = &mut self.queue;
        self.td.receive_until(timeout, |answer| {
            let tail = response_tail(answer.to_bytes());
            if tail.extra == Some(id) && tail.client_id == Some(client_id) {
                return true;
            }
            queue.push_back(queue_item::<S>(answer, tail, client_id));
            false
        })
    }

    /// Sends `close` and waits up to `timeout` for this instance's `authorizationStateClosed`;
    /// everything else received meanwhile is queued.
    pub fn close(&mut self, timeout: Duration) -> Result<(), CallError> {
        self.td.send(self.id, c"{\"@type\":\"close\"}");
        let client_id = self.id;
        let queue = &mut self.queue;
        self.td
            .receive_until(timeout, |answer| {
                let bytes = answer.to_bytes();
                let tail = response_tail(bytes);
                if bytes.starts_with(CLOSED) && tail.client_id == Some(client_id) {
                    return true;
                }
                queue.push_back(queue_item::<S>(answer, tail, client_id));
                false
            })
            .map(|_| ())
            .ok_or(CallError::Timeout)
    }
}

/// An answer to queue: its bytes when it answers a request of client `client_id` (`tail` is
/// the answer's [`response_tail`]), else parsed as the schema's `Object` and made owned.
fn queue_item<S: Schema>(answer: &CStr, tail: ResponseTail, client_id: i32) -> Queued<S>
where
    for<'a> S::Object<'a>: ParseClass<'a>,
{
    match tail.extra {
        Some(extra) if tail.client_id == Some(client_id) => Queued::Answer {
            extra,
            bytes: answer.to_bytes_with_nul().to_vec(),
        },
        _ => Queued::Parsed(
            parse_received::<S::Object<'_>>(Cursor::from_cstr(answer)).map(IntoStatic::into_static),
        ),
    }
}
