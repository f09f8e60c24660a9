//! Hand-written payloads for every parsing rule of the generated td_api parsers.
//!
//! Every payload goes through the reader (serde_json, from `&str` and from bytes), the pointer
//! parser (`td::parse_received`) and `td::validate`: accepted payloads must give `Agree` and
//! equal values from all three, and the expected value is asserted on each of them; invalid
//! payloads must be rejected by both parsers (`BothRejected`).
//!
//! This file holds the harness; the payloads are in one module per concern.

use std::borrow::Cow;

use tlgen_runtime::pointer::NulTerminated;
use tlgen_runtime::validate::Verdict;
use tlgen_runtime::{IntoStatic, JsonValue, Number, UnknownObject, reader};
use tlgen_tests::json_depth;
use tlgen_tests::td::{self, Object, Received, enums, types};

mod bytes_and_strings;
mod duplicates_and_nulls;
mod envelope;
mod numbers;
mod owned;
mod skipped;
mod structure;
mod unknown_and_type;

// ---------------------------------------------------------------------------------------------
// Harness

/// The payload, shortened for messages.
fn short(payload: &[u8]) -> String {
    let text = String::from_utf8_lossy(payload);
    if text.chars().count() > 160 {
        let head: String = text.chars().take(160).collect();
        format!("{head}... ({} bytes)", payload.len())
    } else {
        text.into_owned()
    }
}

/// Both parsers must accept `payload` and agree; `check` runs on the reader's value (from
/// `&str` and from bytes) and on the pointer parser's value. Returns the reader's value.
#[track_caller]
fn accept_with(payload: &str, check: impl Fn(&Received<'_>)) -> Received<'_> {
    let shown = short(payload.as_bytes());
    assert_eq!(
        tlgen_tests::validate(payload.as_bytes()),
        Verdict::Agree,
        "validate({shown})"
    );
    let from_str: Received<'_> = reader::from_str(payload)
        .unwrap_or_else(|e| panic!("reader (from_str) rejected {shown}: {e}"));
    check(&from_str);
    let from_slice: Received<'_> = reader::from_slice(payload.as_bytes())
        .unwrap_or_else(|e| panic!("reader (from_slice) rejected {shown}: {e}"));
    check(&from_slice);
    assert_eq!(from_slice, from_str, "from_slice vs from_str on {shown}");
    let buffer = NulTerminated::from(payload);
    let pointer = td::parse_received(buffer.cursor())
        .unwrap_or_else(|e| panic!("pointer parser rejected {shown}: {e}"));
    check(&pointer);
    assert_eq!(pointer, from_str, "pointer vs reader on {shown}");
    from_str
}

/// [`accept_with`] without extra checks.
#[track_caller]
fn accept(payload: &str) -> Received<'_> {
    accept_with(payload, |_| {})
}

/// Both parsers must reject `payload` (bytes, possibly not UTF-8).
#[track_caller]
fn reject_bytes(payload: &[u8]) {
    let shown = short(payload);
    match tlgen_tests::validate(payload) {
        Verdict::BothRejected { .. } => {}
        other => panic!("expected both parsers to reject {shown}, got: {other}"),
    }
    assert!(
        reader::from_slice::<Received>(payload).is_err(),
        "reader accepted {shown}"
    );
    if let Ok(text) = std::str::from_utf8(payload) {
        assert!(
            reader::from_str::<Received>(text).is_err(),
            "reader accepted {shown}"
        );
    }
    let buffer = NulTerminated::from(payload);
    assert!(
        td::parse_received(buffer.cursor()).is_err(),
        "pointer parser accepted {shown}"
    );
}

/// Both parsers must reject `payload`.
#[track_caller]
fn reject(payload: &str) {
    reject_bytes(payload.as_bytes())
}

/// `Some(value)` when both parsers accept (and agree), `None` when both reject; panics when
/// they disagree.
#[track_caller]
fn outcome(payload: &str) -> Option<Received<'_>> {
    match tlgen_tests::validate(payload.as_bytes()) {
        Verdict::Agree => Some(accept(payload)),
        Verdict::BothRejected { .. } => {
            reject(payload);
            None
        }
        other => panic!("parsers disagree on {}: {other}", short(payload.as_bytes())),
    }
}

/// Runs `f` on every case and collects the cases whose result differs from the expected one,
/// so that one failing run lists them all.
#[track_caller]
fn table<T: PartialEq + std::fmt::Debug>(
    what: &str,
    cases: &[(&str, Option<T>)],
    f: impl Fn(&str) -> Option<T>,
) {
    let mut wrong = Vec::new();
    for (input, expected) in cases {
        let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(input)));
        match got {
            Ok(got) if &got == expected => {}
            Ok(got) => wrong.push(format!("{input}: expected {expected:?}, got {got:?}")),
            Err(panic) => {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                wrong.push(format!("{input}: {message}"))
            }
        }
    }
    assert!(wrong.is_empty(), "{what}:\n  {}", wrong.join("\n  "));
}

#[track_caller]
#[allow(clippy::ptr_arg)] // the variant is what is checked
fn assert_borrowed(value: &Cow<'_, str>, expected: &str) {
    assert_eq!(value, expected);
    assert!(
        matches!(value, Cow::Borrowed(_)),
        "{expected:?} has no escapes and should be borrowed"
    );
}

#[track_caller]
#[allow(clippy::ptr_arg)] // the variant is what is checked
fn assert_owned(value: &Cow<'_, str>, expected: &str) {
    assert_eq!(value, expected);
    assert!(
        matches!(value, Cow::Owned(_)),
        "{expected:?} should be owned"
    );
}

fn unknown(name: &str) -> UnknownObject<'_> {
    UnknownObject {
        type_name: Cow::Borrowed(name),
    }
}

// Extractors: the expected top-level object, or a panic naming what came instead.

fn test_int(r: &Received<'_>) -> i32 {
    match &r.object {
        Object::TestInt(t) => t.value,
        other => panic!("expected testInt, got {}", other.type_name()),
    }
}

fn test_string<'r, 'a>(r: &'r Received<'a>) -> &'r Cow<'a, str> {
    match &r.object {
        Object::TestString(t) => &t.value,
        other => panic!("expected testString, got {}", other.type_name()),
    }
}

fn test_bytes<'r>(r: &'r Received<'_>) -> &'r [u8] {
    match &r.object {
        Object::TestBytes(t) => &t.value,
        other => panic!("expected testBytes, got {}", other.type_name()),
    }
}

fn test_vector_string<'r, 'a>(r: &'r Received<'a>) -> &'r [Cow<'a, str>] {
    match &r.object {
        Object::TestVectorString(t) => &t.value,
        other => panic!("expected testVectorString, got {}", other.type_name()),
    }
}

fn option_integer(r: &Received<'_>) -> i64 {
    match &r.object {
        Object::OptionValue(enums::OptionValue::Integer(v)) => v.value,
        other => panic!("expected optionValueInteger, got {}", other.type_name()),
    }
}

fn location<'r>(r: &'r Received<'_>) -> &'r types::Location {
    match &r.object {
        Object::Location(l) => l,
        other => panic!("expected location, got {}", other.type_name()),
    }
}

fn message<'r, 'a>(r: &'r Received<'a>) -> &'r types::Message<'a> {
    match &r.object {
        Object::Message(m) => m,
        other => panic!("expected message, got {}", other.type_name()),
    }
}

fn new_message<'r, 'a>(r: &'r Received<'a>) -> &'r types::Message<'a> {
    match &r.object {
        Object::Update(enums::Update::NewMessage(u)) => &u.message,
        other => panic!("expected updateNewMessage, got {}", other.type_name()),
    }
}

fn message_text<'r, 'a>(m: &'r types::Message<'a>) -> &'r types::MessageText<'a> {
    match &m.content {
        enums::MessageContent::MessageText(t) => t,
        other => panic!("expected messageText, got {other:?}"),
    }
}

fn json_value<'r, 'a>(r: &'r Received<'a>) -> &'r enums::JsonValue<'a> {
    match &r.object {
        Object::JsonValue(v) => v,
        other => panic!("expected a JsonValue, got {}", other.type_name()),
    }
}

fn show_keyboard<'r, 'a>(r: &'r Received<'a>) -> &'r types::ReplyMarkupShowKeyboard<'a> {
    match &r.object {
        Object::ReplyMarkup(enums::ReplyMarkup::ShowKeyboard(k)) => k,
        other => panic!(
            "expected replyMarkupShowKeyboard, got {}",
            other.type_name()
        ),
    }
}

// Payload builders for one scalar in a known position.

fn int32(value: &str) -> Option<i32> {
    let payload = format!(r#"{{"@type":"testInt","value":{value}}}"#);
    outcome(&payload).map(|r| test_int(&r))
}

fn int64(value: &str) -> Option<i64> {
    let payload = format!(r#"{{"@type":"optionValueInteger","value":{value}}}"#);
    outcome(&payload).map(|r| option_integer(&r))
}

fn int53(value: &str) -> Option<i64> {
    let payload = format!(r#"{{"@type":"message","id":{value},"chat_id":-1}}"#);
    outcome(&payload).map(|r| {
        assert_eq!(message(&r).chat_id, -1);
        message(&r).id
    })
}

/// An element of a `vector<int53>` (`users.user_ids`).
fn int53_element(value: &str) -> Option<i64> {
    let payload = format!(r#"{{"@type":"users","total_count":3,"user_ids":[1,{value},3]}}"#);
    outcome(&payload).map(|r| match &r.object {
        Object::Users(u) => {
            assert_eq!(u.total_count, 3);
            assert_eq!((u.user_ids.len(), u.user_ids[0], u.user_ids[2]), (3, 1, 3));
            u.user_ids[1]
        }
        other => panic!("expected users, got {}", other.type_name()),
    })
}

/// An element of a `vector<int64>` (`updateInstalledStickerSets.sticker_set_ids`).
fn int64_element(value: &str) -> Option<i64> {
    let payload = format!(
        r#"{{"@type":"updateInstalledStickerSets","sticker_type":{{"@type":"stickerTypeRegular"}},"sticker_set_ids":["1",{value}]}}"#
    );
    outcome(&payload).map(|r| match &r.object {
        Object::Update(enums::Update::InstalledStickerSets(u)) => {
            assert!(matches!(u.sticker_type, enums::StickerType::Regular(_)));
            assert_eq!((u.sticker_set_ids.len(), u.sticker_set_ids[0]), (2, 1));
            u.sticker_set_ids[1]
        }
        other => panic!(
            "expected updateInstalledStickerSets, got {}",
            other.type_name()
        ),
    })
}

fn double(value: &str) -> Option<f64> {
    let payload = format!(
        r#"{{"@type":"location","latitude":{value},"longitude":-1.500000,"horizontal_accuracy":0.000000}}"#
    );
    outcome(&payload).map(|r| {
        let l = location(&r);
        assert_eq!((l.longitude, l.horizontal_accuracy), (-1.5, 0.0));
        l.latitude
    })
}

fn bytes(value: &str) -> Option<Vec<u8>> {
    let payload = format!(r#"{{"@type":"testBytes","value":{value}}}"#);
    outcome(&payload).map(|r| test_bytes(&r).to_vec())
}

fn string(value: &str) -> Option<String> {
    let payload = format!(r#"{{"@type":"testString","value":{value}}}"#);
    outcome(&payload).map(|r| test_string(&r).to_string())
}

/// `@extra` of `{"@type":"ok","@extra":<value>,"@client_id":7}` (owned, for comparison).
fn extra(value: &str) -> Option<JsonValue<'static>> {
    let payload = format!(r#"{{"@type":"ok","@extra":{value},"@client_id":7}}"#);
    let r = outcome(&payload)?;
    assert!(matches!(r.object, Object::OkObject(_)));
    assert_eq!(r.client_id, Some(7));
    Some(extra_value(&r).expect("@extra present").into_owned())
}

/// The value of `r`'s `@extra` (its text parsed), `None` when absent.
fn extra_value<'r>(r: &'r Received<'_>) -> Option<JsonValue<'r>> {
    let raw = r.extra.as_deref()?;
    Some(
        raw.to_value()
            .unwrap_or_else(|e| panic!("@extra {raw} does not parse: {e}")),
    )
}

fn client_id(value: &str) -> Option<Option<i32>> {
    let payload = format!(r#"{{"@type":"ok","@client_id":{value}}}"#);
    outcome(&payload).map(|r| r.client_id)
}

fn nested_arrays(n: usize) -> String {
    format!("{}{}", "[".repeat(n), "]".repeat(n))
}

/// What TDLib answers to `getJsonValue` for `n` nested JSON arrays: `n` jsonValueArray objects,
/// `2n` levels deep.
fn json_value_arrays(n: usize, innermost: &str) -> String {
    let open = r#"{"@type":"jsonValueArray","values":["#;
    format!("{}{innermost}{}", open.repeat(n), "]}".repeat(n))
}

/// Depth of nested jsonValueArray objects in a parsed `getJsonValue` answer.
fn json_value_array_depth(mut value: &enums::JsonValue<'_>) -> usize {
    let mut n = 0;
    while let enums::JsonValue::Array(a) = value {
        n += 1;
        match a.values.as_slice() {
            [] => break,
            [inner] => value = inner,
            other => panic!("expected one element, got {}", other.len()),
        }
    }
    n
}
