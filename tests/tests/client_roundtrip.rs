//! The typed client against the real `libtdjson`, offline: every request serializes (generated
//! `Serialize`), TDLib accepts it, and the answer parses as the function's `Result` type with
//! both parsers in agreement — `td::validate` on TDLib's raw buffer (as `Received<Object>`), the
//! typed result read by the pointer parser equal to the one read by the serde reader, and the
//! same request through `Client::call` / `Client::execute` giving that value too.
//!
//! Only offline methods: the `test*` calls, `getCurrentState`, `getOption`, `close` (through
//! `td_send`, one client, no `setTdlibParameters`) and the synchronous `parseTextEntities`,
//! `getTextEntities`, `getJsonValue`, `getMarkdownText`, `getOption` (through `td_execute`).
//!
//! Without libtdjson every test prints "skipped: libtdjson not found (run bash
//! scripts/install-tdlib.sh)" and passes, unless `TLGEN_REQUIRE_TDJSON=1`, which makes it fail
//! with that message. Tests take a process-wide lock: `td_receive` returns the answers of every
//! client of the process, so two live tests at once would take each other's answers.

use std::borrow::Cow;
use std::ffi::CStr;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use serde::Deserialize;
use tlgen_runtime::IntoStatic;
use tlgen_runtime::client::{CallError, Client, Function, TdError};
use tlgen_runtime::function::{parse_response, write_request};
use tlgen_runtime::parse::ParseValue;
use tlgen_runtime::pointer::Cursor;
use tlgen_runtime::tdjson::{INSTALL_COMMAND, TdJsonError};
use tlgen_runtime::validate::Verdict;
use tlgen_tests::td::{self, enums, functions, types};

/// The TDLib version of the schema the code is generated from.
const SCHEMA_VERSION: &str = "1.8.65";
const TIMEOUT: Duration = Duration::from_secs(20);
/// Set in the child processes of `skips_or_fails_without_the_library`.
const CHILD_ENV: &str = "TLGEN_CLIENT_SKIP_CHILD";

static LIVE: Mutex<()> = Mutex::new(());

fn required() -> bool {
    std::env::var("TLGEN_REQUIRE_TDJSON").is_ok_and(|v| v == "1")
}

/// A client on the default library, with the live lock held; `None` (after printing the skip
/// line) when the library is not installed, unless `TLGEN_REQUIRE_TDJSON=1`.
fn start() -> Option<(MutexGuard<'static, ()>, Client<td::Schema>)> {
    let guard = LIVE.lock().unwrap_or_else(|p| p.into_inner());
    match Client::<td::Schema>::start(SCHEMA_VERSION) {
        Ok(client) => Some((guard, client)),
        Err(e @ TdJsonError::NotFound { .. }) => {
            let line = format!("skipped: libtdjson not found (run {INSTALL_COMMAND})");
            if required() {
                panic!("TLGEN_REQUIRE_TDJSON=1: {line}; {e}");
            }
            println!("{line}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// How a request reaches TDLib.
#[derive(Clone, Copy, Debug)]
enum Via {
    /// `td_send` + `td_receive` (with `@extra`).
    Send,
    /// `td_execute` (synchronous methods).
    Execute,
}

/// Sends `request` through the raw pieces and checks TDLib's answer with both parsers; then
/// sends it again through the client's typed API and checks it gives the same value. Returns
/// the (owned) typed result.
fn round_trip<F>(
    client: &mut Client<td::Schema>,
    via: Via,
    request: &F,
) -> Result<F::Result<'static>, CallError>
where
    F: Function,
    for<'a> F::Result<'a>: Deserialize<'a> + ParseValue<'a>,
{
    static EXTRA: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1 << 40);
    let extra = EXTRA.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut buf = Vec::new();
    write_request(&mut buf, request, matches!(via, Via::Send).then_some(extra))
        .unwrap_or_else(|e| panic!("{}: {e}", F::TL_NAME));
    let cstr = CStr::from_bytes_with_nul(&buf).unwrap();
    let answer = match via {
        Via::Send => client
            .exchange_raw(cstr, extra, TIMEOUT)
            .unwrap_or_else(|| panic!("{}: no answer within {TIMEOUT:?}", F::TL_NAME)),
        Via::Execute => client.tdjson().execute(cstr),
    };
    let bytes = answer.to_bytes();
    let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    // 1. Both parsers agree on the raw buffer as `Received<Object>`.
    assert_eq!(
        tlgen_tests::validate(bytes),
        Verdict::Agree,
        "{}: {shown}",
        F::TL_NAME
    );
    // 2. The typed result: pointer parser vs serde reader.
    let pointer = parse_response::<F>(Cursor::from_cstr(answer)).map(IntoStatic::into_static);
    match &pointer {
        Err(CallError::Td(error)) => {
            let reader: types::Error<'_> = tlgen_runtime::reader::from_slice(bytes).unwrap();
            assert_eq!(
                (reader.code, reader.message.as_ref()),
                (error.code, error.message.as_str())
            );
        }
        Err(e) => panic!("{}: {e}: {shown}", F::TL_NAME),
        Ok(value) => {
            let reader: F::Result<'_> = tlgen_runtime::reader::from_slice(bytes)
                .unwrap_or_else(|e| panic!("{}: reader: {e}: {shown}", F::TL_NAME));
            assert_eq!(&reader.into_static(), value, "{}: {shown}", F::TL_NAME);
        }
    }
    // 3. The client's typed API gives the same.
    let typed = match via {
        Via::Send => client.call(request, TIMEOUT),
        Via::Execute => client.execute(request),
    }
    .map(IntoStatic::into_static);
    assert_eq!(typed, pointer, "{} through the client", F::TL_NAME);
    pointer
}

/// Text of `len` bytes with escapes and non-ASCII characters, as TDLib echoes it.
fn text(len: usize) -> String {
    let pattern = "héllo \"quoted\" back\\slash\n\ttab 👍 Жирный 中文 / \u{1} end. ";
    let mut s = String::with_capacity(len + pattern.len());
    while s.len() < len {
        s.push_str(pattern);
    }
    while s.len() > len {
        s.pop();
    }
    s
}

fn bytes(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 31 + i / 7) as u8).collect()
}

#[test]
fn test_methods_round_trip_through_tdlib() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    let ok = round_trip(&mut client, Via::Send, &functions::TestCallEmpty {}).unwrap();
    assert_eq!(ok, types::OkObject {});

    for len in [0, 1024, 64 * 1024] {
        let x = text(len);
        let answer = round_trip(
            &mut client,
            Via::Send,
            &functions::TestCallString {
                x: Cow::Borrowed(&x),
            },
        )
        .unwrap();
        assert_eq!(answer.value, x, "testCallString {len}");

        let x = bytes(len);
        let answer = round_trip(
            &mut client,
            Via::Send,
            &functions::TestCallBytes { x: x.clone() },
        )
        .unwrap();
        assert_eq!(answer.value, x, "testCallBytes {len}");
    }

    let x: Vec<i32> = (0..1000).map(|i| i * 2_147_483 - 1_000_000_000).collect();
    let answer = round_trip(
        &mut client,
        Via::Send,
        &functions::TestCallVectorInt { x: x.clone() },
    )
    .unwrap();
    assert_eq!(answer.value, x);

    let x: Vec<types::TestString<'_>> = (0..1000)
        .map(|i| types::TestString {
            value: Cow::Owned(format!("{i} {}", text(i % 40))),
        })
        .collect();
    let answer = round_trip(
        &mut client,
        Via::Send,
        &functions::TestCallVectorStringObject { x: x.clone() },
    )
    .unwrap();
    assert_eq!(answer.value, x);

    for x in [0, 12, -46340, 46340] {
        let answer = round_trip(&mut client, Via::Send, &functions::TestSquareInt { x }).unwrap();
        assert_eq!(answer.value, x * x);
    }

    let state = round_trip(&mut client, Via::Send, &functions::GetCurrentState {}).unwrap();
    assert!(
        state
            .updates
            .iter()
            .any(|u| matches!(u, enums::Update::AuthorizationState(_))),
        "{state:?}"
    );

    let version = round_trip(
        &mut client,
        Via::Send,
        &functions::GetOption {
            name: "version".into(),
        },
    )
    .unwrap();
    let expected = client.tdlib_version().unwrap();
    assert_eq!(
        version,
        enums::OptionValue::from(types::OptionValueString {
            value: expected.into()
        })
    );
    client.close(TIMEOUT).unwrap();
}

#[test]
fn errors_become_td_error() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    let request = functions::TestReturnError {
        error: types::Error {
            code: 406,
            message: "quiet \"please\" é".into(),
        },
    };
    let expected = Err(CallError::Td(TdError {
        code: 406,
        message: "quiet \"please\" é".into(),
    }));
    assert_eq!(round_trip(&mut client, Via::Send, &request), expected);
    assert_eq!(round_trip(&mut client, Via::Execute, &request), expected);

    // A request TDLib refuses: not synchronous, so not for td_execute.
    let refused = round_trip(
        &mut client,
        Via::Execute,
        &functions::TestSquareInt { x: 3 },
    );
    let Err(CallError::Td(TdError { code: 400, .. })) = refused else {
        panic!("{refused:?}")
    };
    // Before setTdlibParameters TDLib refuses requests that need the database.
    let refused = client.call(&functions::GetMe {}, TIMEOUT);
    assert!(matches!(refused, Err(CallError::Td(_))), "{refused:?}");
    client.close(TIMEOUT).unwrap();
}

#[test]
fn synchronous_methods_round_trip_through_td_execute() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    let formatted = round_trip(
        &mut client,
        Via::Execute,
        &functions::ParseTextEntities {
            text: "*bold* _italic_ `code` [link](https://example.com/?a=1) ||spoiler|| Жирный 👍"
                .into(),
            parse_mode: types::TextParseModeMarkdown { version: 2 }.into(),
        },
    )
    .unwrap();
    assert_eq!(formatted.entities.len(), 5, "{formatted:?}");
    assert!(formatted.text.starts_with("bold italic code link spoiler"));

    // A received object goes back into a request as it is.
    let markdown = round_trip(
        &mut client,
        Via::Execute,
        &functions::GetMarkdownText {
            text: formatted.clone(),
        },
    )
    .unwrap();
    assert!(markdown.text.contains("*bold*"), "{markdown:?}");

    let entities = round_trip(
        &mut client,
        Via::Execute,
        &functions::GetTextEntities {
            text: "@username #hashtag $USD /start@bot https://telegram.org/x mail@example.com #тег"
                .into(),
        },
    )
    .unwrap();
    assert_eq!(entities.entities.len(), 7, "{entities:?}");

    let json = round_trip(
        &mut client,
        Via::Execute,
        &functions::GetJsonValue {
            json: r#"{"a":[1,2.5,"é\n",null,true,{"b":{}}],"c":-0.0}"#.into(),
        },
    )
    .unwrap();
    let enums::JsonValue::Object(object) = &json else {
        panic!("{json:?}")
    };
    assert_eq!(object.members.len(), 2);
    // Nesting: TDLib answers 202 levels for 101 nested arrays.
    let deep = round_trip(
        &mut client,
        Via::Execute,
        &functions::GetJsonValue {
            json: format!("{}{}", "[".repeat(101), "]".repeat(101)).into(),
        },
    )
    .unwrap();
    assert!(matches!(deep, enums::JsonValue::Array(_)));

    let version = round_trip(
        &mut client,
        Via::Execute,
        &functions::GetOption {
            name: "version".into(),
        },
    )
    .unwrap();
    assert!(matches!(version, enums::OptionValue::String(_)));
}

#[test]
fn answers_are_matched_by_extra_and_the_rest_is_queued() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    // Drain what earlier tests' instances left behind.
    while client.receive(Duration::from_millis(200)).is_some() {}

    let state = client.send(&functions::GetCurrentState {});
    let first = client.send(&functions::TestSquareInt { x: 7 });
    let second = client.send(&functions::TestCallString { x: "two".into() });
    assert!(state < first && first < second);
    // Wait for the last: the first two answers are queued on the way.
    let answer = client
        .wait_for::<functions::TestCallString>(second, TIMEOUT)
        .unwrap();
    assert_eq!(answer.value, "two");
    assert!(client.queued() >= 2, "{client:?}");
    // A queued answer is found in the queue (parsed as its type from its kept bytes).
    let square = client
        .wait_for::<functions::TestSquareInt>(first, TIMEOUT)
        .unwrap()
        .into_owned();
    assert_eq!(square.value, 49);
    // The other one comes out of `receive`, with its `@extra` and `@client_id`.
    let mut found = false;
    let client_id = client.client_id();
    while let Some(received) = client.receive(Duration::from_millis(500)) {
        let received = received.unwrap();
        if received
            .extra
            .as_deref()
            .and_then(tlgen_runtime::RawJson::as_u64)
            == Some(state)
        {
            assert_eq!(received.client_id, Some(client_id));
            assert!(matches!(received.object, td::Object::Updates(_)));
            found = true;
        }
    }
    assert!(found, "the getCurrentState answer was not queued");

    // Keeping a result across calls: owned.
    let a = client
        .call(&functions::TestCallString { x: "a".into() }, TIMEOUT)
        .unwrap()
        .into_owned();
    let b = client
        .call(&functions::TestCallString { x: "b".into() }, TIMEOUT)
        .unwrap();
    assert_eq!((a.value.as_ref(), b.value.as_ref()), ("a", "b"));
    // Borrowed: escape-free strings point into TDLib's buffer.
    assert!(matches!(b.value, Cow::Borrowed(_)));

    // A zero timeout polls once: the answer, or a timeout (the answer is queued later).
    let polled = client.call(&functions::TestCallEmpty {}, Duration::ZERO);
    assert!(
        matches!(polled, Ok(types::OkObject {}) | Err(CallError::Timeout)),
        "{polled:?}"
    );
    client.close(TIMEOUT).unwrap();
}

#[test]
fn version_is_checked_at_start() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    let version = client.tdlib_version().unwrap();
    // `.tdlib/1.8.65` unless TLGEN_TDJSON names another library.
    if std::env::var_os("TLGEN_TDJSON").is_none() {
        assert_eq!(version, SCHEMA_VERSION);
    }
    assert_eq!(client.check_version("0.0.0").unwrap(), version);
}

/// Without the library: the skip line, or with `TLGEN_REQUIRE_TDJSON=1` a failure with that
/// line (checked in child processes of this test binary pointed at a missing library).
#[test]
fn skips_or_fails_without_the_library() {
    if std::env::var_os(CHILD_ENV).is_some() {
        // The child: must see no library and skip (or fail).
        let started = start();
        assert!(started.is_none(), "found a library at $TLGEN_TDJSON");
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let run = |require: &str| {
        std::process::Command::new(&exe)
            .args([
                "skips_or_fails_without_the_library",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, "1")
            .env("TLGEN_TDJSON", "/nonexistent/libtdjson.so")
            .env("TLGEN_REQUIRE_TDJSON", require)
            .output()
            .unwrap()
    };
    let skipped = run("0");
    let out = String::from_utf8_lossy(&skipped.stdout);
    assert!(skipped.status.success(), "{out}");
    assert!(
        out.contains("skipped: libtdjson not found (run bash scripts/install-tdlib.sh)"),
        "{out}"
    );
    let failed = run("1");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&failed.stdout),
        String::from_utf8_lossy(&failed.stderr)
    );
    assert!(!failed.status.success(), "{all}");
    assert!(
        all.contains("TLGEN_REQUIRE_TDJSON=1: skipped: libtdjson not found (run bash scripts/install-tdlib.sh)"),
        "{all}"
    );
}

/// "Wait for ever" works: `Duration::MAX` (once `Instant + Duration` overflowed and panicked).
#[test]
fn duration_max_waits_for_the_answer() {
    let Some((_guard, mut client)) = start() else {
        return;
    };
    let square = client.call(&functions::TestSquareInt { x: 12 }, Duration::MAX);
    assert_eq!(square.map(|r| r.value), Ok(144));
    client.close(Duration::MAX).unwrap();
}
