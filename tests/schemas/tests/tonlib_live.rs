//! A real tonlib, TON's client library and the producer of the JSON that TON's tonlib_api.tl
//! describes: `libtonlibjson.so` of PyPI's pytonlib 0.0.72, installed into `.tonlib/` by
//! `scripts/install-tonlib.sh` (or named by `TLGEN_TONLIBJSON`). It is sent requests that it
//! answers offline, without a client or a network (`tonlib_client_json_execute` with no
//! client: its static requests), written by the request structs generated from
//! `schema/tlgen_test.tl`; every answer goes through both parsers and arena mode, which must
//! agree, and is read as its request's typed result, whose values are checked against what
//! the request asked (a round trip through tonlib where there is one), and `@extra` comes back
//! as its text.
//!
//! Without the library the test prints why and passes, unless `TLGEN_REQUIRE_TDJSON=1`
//! (`scripts/test.sh` sets it after installing the libraries the tests load): then it fails.

use std::ffi::{CStr, CString, c_char, c_void};
use std::path::PathBuf;

use tlgen_runtime::RawJson;
use tlgen_runtime::function::{CallError, Function, parse_response};
use tlgen_runtime::pointer::NulTerminated;
use tlgen_runtime::validate::Verdict;
use tlgen_test_schemas::tlgen_test::{self, enums, functions, types};
use tlgen_test_schemas::tlgen_test_arena;

type Execute = unsafe extern "C" fn(*mut c_void, *const c_char) -> *const c_char;

/// The loaded library and its static-request entry point.
struct Tonlib {
    execute: Execute,
    _library: libloading::Library,
}

impl Tonlib {
    /// The library at `TLGEN_TONLIBJSON` or `.tonlib/libtonlibjson.so`, or why there is none.
    fn load() -> Result<Tonlib, String> {
        let path = std::env::var_os("TLGEN_TONLIBJSON").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.tonlib/libtonlibjson.so"),
            PathBuf::from,
        );
        if !path.exists() {
            return Err(format!(
                "{} not found (bash scripts/install-tonlib.sh)",
                path.display()
            ));
        }
        // SAFETY: loading runs the library's initialisers; this is tonlib as built by pytonlib's
        // maintainers (checked by SHA-256 when installed), whose initialisers only set up its
        // own state.
        let library = unsafe { libloading::Library::new(&path) }
            .map_err(|e| format!("cannot load {}: {e}", path.display()))?;
        // SAFETY: `tonlib_client_json_execute` has this C signature in tonlib's
        // tonlib_client_json.h: `const char *(void *client, const char *request)`.
        let execute = unsafe { library.get::<Execute>(b"tonlib_client_json_execute\0") }
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Tonlib {
            execute: *execute,
            _library: library,
        })
    }

    /// Sends `request` as JSON and returns a copy of the answer, NUL-terminated: tonlib's own
    /// buffer lives only until this thread's next call.
    fn execute(&self, request: &impl tlgen_runtime::serde::Serialize) -> NulTerminated {
        self.execute_text(&serde_json::to_string(request).unwrap())
    }

    /// [`Tonlib::execute`] for a request already written as JSON.
    fn execute_text(&self, json: &str) -> NulTerminated {
        let request = CString::new(json).unwrap();
        // SAFETY: no client (static requests need none) and a NUL-terminated request that lives
        // across the call.
        let answer = unsafe { (self.execute)(std::ptr::null_mut(), request.as_ptr()) };
        // tonlib answers a request it does not know as static with no answer at all.
        assert!(!answer.is_null(), "tonlib did not answer {request:?}");
        // SAFETY: not null, so tonlib's NUL-terminated answer, valid until the next call on
        // this thread; copied out before any other call.
        let answer = unsafe { CStr::from_ptr(answer) };
        NulTerminated::from(answer.to_bytes())
    }

    /// Sends `request`, checks that both parsers and arena mode agree on the answer, and gives
    /// the answer, read as `F`'s result, to `check`.
    fn call<F>(&self, request: &F, check: impl FnOnce(Result<F::Result<'_>, CallError>))
    where
        F: Function + tlgen_runtime::serde::Serialize,
        for<'a> F::Result<'a>: tlgen_runtime::parse::ParseValue<'a>,
    {
        let answer = self.execute(request);
        let text = answer.as_bytes();
        let shown = String::from_utf8_lossy(text);
        assert_eq!(tlgen_test::validate(text), Verdict::Agree, "{shown}");
        let arena = tlgen_runtime::arena::Bump::new();
        let views = tlgen_runtime::validate::validate_views::<
            tlgen_test::Object<'_>,
            tlgen_test_arena::Object<'_>,
        >(&answer, |c| tlgen_test_arena::parse_received(&arena, c));
        assert_eq!(views, Verdict::Agree, "arena mode: {shown}");
        println!("{}: {shown}", F::TL_NAME);
        check(parse_response::<F>(answer.cursor()));
    }
}

fn required() -> bool {
    std::env::var("TLGEN_REQUIRE_TDJSON").is_ok_and(|v| v == "1")
}

/// A TON address in its user-friendly form (base64url of flags, workchain, the 32-byte
/// account and a CRC16).
const ADDRESS: &str = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N";

#[test]
fn a_real_tonlib_answers_and_both_parsers_agree() {
    let tonlib = match Tonlib::load() {
        Ok(tonlib) => tonlib,
        Err(why) if !required() => {
            println!("skipped: {why}");
            return;
        }
        Err(why) => panic!("{why} (TLGEN_REQUIRE_TDJSON=1)"),
    };
    let quiet = functions::SetLogVerbosityLevel {
        new_verbosity_level: 0,
    };
    tonlib.call(&quiet, |ok| assert_eq!(ok.unwrap(), types::OkObject {}));
    tonlib.call(&functions::GetLogVerbosityLevel {}, |level| {
        assert_eq!(level.unwrap().verbosity_level, 0);
    });
    tonlib.call(&functions::GetLogTags {}, |tags| {
        let tags = tags.unwrap().tags;
        assert!(
            !tags.is_empty() && tags.iter().all(|t| !t.is_empty()),
            "{tags:?}"
        );
    });
    tonlib.call(&functions::GetLogStream {}, |stream| {
        assert!(matches!(stream.unwrap(), enums::LogStream::Default(_)));
    });
    let hints = functions::GetBip39Hints {
        prefix: "ab".into(),
    };
    tonlib.call(&hints, |hints| {
        let words = hints.unwrap().words;
        assert!(!words.is_empty(), "no BIP39 word starts with `ab`");
        assert!(words.iter().all(|w| w.starts_with("ab")), "{words:?}");
    });

    // An address unpacked, then packed again: the same text.
    let mut unpacked = None;
    let unpack = functions::UnpackAccountAddress {
        account_address: ADDRESS.into(),
    };
    tonlib.call(&unpack, |answer| {
        let address = answer.unwrap().into_owned();
        assert_eq!(
            (address.workchain_id, address.bounceable, address.testnet),
            (0, true, false)
        );
        assert_eq!(address.addr.len(), 32);
        unpacked = Some(address);
    });
    let pack = functions::PackAccountAddress {
        account_address: unpacked.unwrap(),
    };
    tonlib.call(&pack, |packed| {
        assert_eq!(packed.unwrap().account_address, ADDRESS);
    });

    // Bytes both ways (base64 in the JSON): encrypted, then decrypted to the same bytes.
    let plain: Vec<u8> = (0..=255).collect();
    let secret = b"tlgen's secret".to_vec();
    let mut sealed = Vec::new();
    let encrypt = functions::Encrypt {
        decrypted_data: plain.clone(),
        secret: secret.clone(),
    };
    tonlib.call(&encrypt, |data| {
        sealed = data.unwrap().bytes;
        assert!(sealed.len() > plain.len(), "{} bytes", sealed.len());
    });
    let decrypt = functions::Decrypt {
        encrypted_data: sealed,
        secret,
    };
    tonlib.call(&decrypt, |data| assert_eq!(data.unwrap().bytes, plain));
    let kdf = functions::Kdf {
        password: b"password".to_vec(),
        salt: b"salt".to_vec(),
        iterations: 2,
    };
    let mut derived = Vec::new();
    tonlib.call(&kdf, |data| derived = data.unwrap().bytes);
    assert_eq!(derived.len(), 64);
    tonlib.call(&kdf, |again| assert_eq!(again.unwrap().bytes, derived));

    // `@extra`, any JSON, echoed by tonlib as TDLib does: kept as its text.
    for extra in [r#""x-1""#, r#"{"a":[1,2]}"#, "5"] {
        let answer = tonlib.execute_text(&format!(r#"{{"@extra":{extra},"@type":"getLogTags"}}"#));
        let shown = String::from_utf8_lossy(answer.as_bytes());
        assert_eq!(
            tlgen_test::validate(answer.as_bytes()),
            Verdict::Agree,
            "{shown}"
        );
        let received = tlgen_test::parse_received(answer.cursor()).unwrap();
        assert_eq!(
            received.extra.as_deref().map(RawJson::get),
            Some(extra),
            "{shown}"
        );
        assert!(
            matches!(received.object, tlgen_test::Object::LogTags(_)),
            "{shown}"
        );
    }

    // tonlib's error: `CallError::Td` with its code.
    let bad = functions::UnpackAccountAddress {
        account_address: "not an address".into(),
    };
    tonlib.call(&bad, |error| {
        let error = error.unwrap_err();
        assert_eq!(error.td().map(|e| e.code), Some(400), "{error:?}");
    });
}
