//! Hand-written payloads for every parsing rule of the generated td_api parsers.
//!
//! Every payload goes through the reader (serde_json, from `&str` and from bytes), the pointer
//! parser (`td::parse_received`) and `td::validate`: accepted payloads must give `Agree` and
//! equal values from all three, and the expected value is asserted on each of them; invalid
//! payloads must be rejected by both parsers (`BothRejected`).

use std::borrow::Cow;

use tlgen_runtime::pointer::NulTerminated;
use tlgen_runtime::validate::Verdict;
use tlgen_runtime::{IntoStatic, JsonValue, Number, UnknownObject, reader};
use tlgen_tests::json_depth;
use tlgen_tests::td::{self, Object, Received, enums, types};

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
    Some(r.extra.expect("@extra present").into_owned())
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

// ---------------------------------------------------------------------------------------------
// Integers

#[test]
fn int32_limits_from_numbers_and_strings() {
    table(
        "int32",
        &[
            ("0", Some(0)),
            ("\"0\"", Some(0)),
            ("-1", Some(-1)),
            ("\"-1\"", Some(-1)),
            ("42", Some(42)),
            ("\"42\"", Some(42)),
            ("2147483647", Some(i32::MAX)),
            ("\"2147483647\"", Some(i32::MAX)),
            ("2147483646", Some(i32::MAX - 1)),
            ("-2147483648", Some(i32::MIN)),
            ("\"-2147483648\"", Some(i32::MIN)),
            ("-2147483647", Some(i32::MIN + 1)),
            ("2147483648", None),
            ("\"2147483648\"", None),
            ("-2147483649", None),
            ("\"-2147483649\"", None),
            ("4294967296", None),
            ("9223372036854775807", None),
            ("99999999999999999999999", None),
            ("\"99999999999999999999999\"", None),
        ],
        int32,
    );
}

#[test]
fn int64_from_strings_and_numbers() {
    table(
        "int64",
        &[
            ("\"0\"", Some(0)),
            ("0", Some(0)),
            ("\"1258816259751983\"", Some(1_258_816_259_751_983)),
            ("1258816259751983", Some(1_258_816_259_751_983)),
            ("\"-5\"", Some(-5)),
            ("\"9223372036854775807\"", Some(i64::MAX)),
            ("9223372036854775807", Some(i64::MAX)),
            ("\"9223372036854775806\"", Some(i64::MAX - 1)),
            ("\"-9223372036854775808\"", Some(i64::MIN)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("\"-9223372036854775807\"", Some(i64::MIN + 1)),
            // Above 2^53: exact, no detour through f64.
            ("\"9007199254740993\"", Some(9_007_199_254_740_993)),
            ("9007199254740993", Some(9_007_199_254_740_993)),
            ("\"9223372036854775808\"", None),
            ("9223372036854775808", None),
            ("\"-9223372036854775809\"", None),
            ("-9223372036854775809", None),
            ("\"18446744073709551616\"", None),
            ("18446744073709551615", None),
        ],
        int64,
    );
    table(
        "vector<int64> element",
        &[
            ("\"-7\"", Some(-7)),
            ("7", Some(7)),
            ("\"9223372036854775807\"", Some(i64::MAX)),
            ("\"9223372036854775808\"", None),
        ],
        int64_element,
    );
}

#[test]
fn int53_from_numbers_and_strings() {
    table(
        "int53",
        &[
            ("5129286886", Some(5_129_286_886)),
            ("\"5129286886\"", Some(5_129_286_886)),
            ("-1001234567890", Some(-1_001_234_567_890)),
            ("\"-1001234567890\"", Some(-1_001_234_567_890)),
            ("9007199254740992", Some(1 << 53)),
            ("9007199254740993", Some(9_007_199_254_740_993)),
            ("-9007199254740993", Some(-9_007_199_254_740_993)),
            ("9223372036854775807", Some(i64::MAX)),
            ("9223372036854775808", None),
            ("\"9223372036854775808\"", None),
        ],
        int53,
    );
    table(
        "vector<int53> element",
        &[
            ("2", Some(2)),
            ("\"2\"", Some(2)),
            ("-4294967296", Some(-4_294_967_296)),
            ("9223372036854775808", None),
        ],
        int53_element,
    );
}

/// TDLib's `to_integer_safe`: the text must print back identically.
const BAD_INTEGERS: &[&str] = &[
    "\"-0\"",
    "\"01\"",
    "\"00\"",
    "\"+1\"",
    "\"1.0\"",
    "\"1e3\"",
    "\"\"",
    "\" 1\"",
    "\"1 \"",
    "\"0x10\"",
    "\"--1\"",
    "\"-\"",
    "\"abc\"",
    "\"1a\"",
    "1e3",
    "1E3",
    "1e0",
    "1.0",
    "1.5",
    "-0",
    "-0.0",
    "0.0",
    "01",
    "+1",
    "true",
    "false",
    "[1]",
    "{}",
    "{\"@type\":\"testInt\",\"value\":1}",
];

#[test]
fn bad_integer_forms_are_rejected() {
    let cases: Vec<(&str, Option<i64>)> = BAD_INTEGERS.iter().map(|&s| (s, None)).collect();
    let as_i64 = |f: fn(&str) -> Option<i32>| move |s: &str| f(s).map(i64::from);
    table("int32", &cases, as_i64(int32));
    table("int64", &cases, int64);
    table("int53", &cases, int53);
    table("vector<int53> element", &cases, int53_element);
    table("vector<int64> element", &cases, int64_element);
}

// ---------------------------------------------------------------------------------------------
// Doubles

#[test]
fn doubles_as_tdlib_writes_them() {
    let fixed_1e300 = format!("{:.6}", 1e300_f64);
    assert_eq!(
        fixed_1e300.find('.'),
        Some(301),
        "301 digits before the point"
    );
    let ten_to_300 = format!("1{}.000000", "0".repeat(300));
    let max = format!("{:.6}", f64::MAX);
    let min = format!("{:.6}", f64::MIN);
    table(
        "double",
        &[
            // 3.14159 (written as a quotient: the literal trips clippy's approx_constant).
            ("3.141590", Some(314_159.0 / 100_000.0)),
            ("0.625000", Some(0.625)),
            ("1.000000", Some(1.0)),
            ("-2.500000", Some(-2.5)),
            ("0.000000", Some(0.0)),
            ("123456789.123457", Some(123_456_789.123_457)),
            ("55.755831", Some(55.755831)),
            ("-37.617673", Some(-37.617673)),
            (fixed_1e300.as_str(), Some(1e300)),
            (ten_to_300.as_str(), Some(1e300)),
            (max.as_str(), Some(f64::MAX)),
            (min.as_str(), Some(f64::MIN)),
            // Integers and exponents are valid JSON numbers for a double.
            ("5", Some(5.0)),
            ("-7", Some(-7.0)),
            ("1e300", Some(1e300)),
            ("1E-7", Some(1e-7)),
            ("5e-324", Some(5e-324)),
            // Correct rounding, not "close enough".
            ("0.1", Some(0.1)),
            ("0.30000000000000004", Some(0.300_000_000_000_000_04)),
            ("9007199254740993", Some(9_007_199_254_740_992.0)),
            ("9007199254740993.000001", Some(9_007_199_254_740_994.0)),
            ("9007199254740995", Some(9_007_199_254_740_996.0)),
            (
                "1.00000000000000011102230246251565404236316680908203125",
                Some(1.0),
            ),
            (
                "1.00000000000000011102230246251565404236316680908203126",
                Some(1.0 + f64::EPSILON),
            ),
            ("2.4703282292062328e-324", Some(5e-324)),
            ("2.4703282292062327e-324", Some(0.0)),
            ("null", Some(0.0)),
            // Not JSON numbers.
            ("nan", None),
            ("inf", None),
            ("-inf", None),
            (".5", None),
            ("5.", None),
            ("1e", None),
            ("\"\"", None),
            ("true", None),
            ("[1.0]", None),
        ],
        double,
    );
}

#[test]
fn negative_zero_keeps_its_sign() {
    accept_with(
        r#"{"@type":"location","latitude":-0.000000,"longitude":0.000000,"horizontal_accuracy":-0.0}"#,
        |r| {
            let l = location(r);
            assert_eq!(l.latitude, 0.0);
            assert!(l.latitude.is_sign_negative(), "-0.000000 is -0.0");
            assert!(l.longitude.is_sign_positive());
            assert!(l.horizontal_accuracy.is_sign_negative());
        },
    );
}

#[test]
fn double_edge_forms_are_rejected() {
    // TDLib's own reader takes doubles from numbers only, and an overflowing literal is no
    // double at all.
    table(
        "double",
        &[("1e400", None), ("-1e400", None), ("\"1.5\"", None)],
        double,
    );
    // Underflow is zero, not an error (serde_json's rule, followed by the pointer parser).
    table("double", &[("1e-999999999", Some(0.0))], double);
}

#[test]
fn double_vector_and_json_value_number() {
    let r = accept(
        r#"{"@type":"closedVectorPath","commands":[{"@type":"vectorPathCommandLine","end_point":{"@type":"point","x":1.500000,"y":-0.000000}},{"@type":"vectorPathCommandCubicBezierCurve","start_control_point":{"@type":"point","x":0.1,"y":2},"end_control_point":{"@type":"point","x":3.000000,"y":4.000000},"end_point":{"@type":"point","x":5e1,"y":6.25}}]}"#,
    );
    let Object::ClosedVectorPath(path) = &r.object else {
        panic!("expected closedVectorPath, got {}", r.object.type_name())
    };
    assert_eq!(path.commands.len(), 2);
    let enums::VectorPathCommand::Line(line) = &path.commands[0] else {
        panic!("expected vectorPathCommandLine: {:?}", path.commands[0])
    };
    assert_eq!((line.end_point.x, line.end_point.y), (1.5, 0.0));
    assert!(line.end_point.y.is_sign_negative());
    let enums::VectorPathCommand::CubicBezierCurve(curve) = &path.commands[1] else {
        panic!(
            "expected vectorPathCommandCubicBezierCurve: {:?}",
            path.commands[1]
        )
    };
    assert_eq!(
        (
            curve.start_control_point.x,
            curve.start_control_point.y,
            curve.end_control_point.x,
            curve.end_control_point.y,
            curve.end_point.x,
            curve.end_point.y
        ),
        (0.1, 2.0, 3.0, 4.0, 50.0, 6.25)
    );

    let r = accept(r#"{"@type":"jsonValueNumber","value":-12345.678900}"#);
    let enums::JsonValue::Number(n) = json_value(&r) else {
        panic!("expected jsonValueNumber")
    };
    assert_eq!(n.value, -12345.6789);
}

// ---------------------------------------------------------------------------------------------
// Bytes

#[test]
fn bytes_are_padded_standard_base64() {
    let all: Vec<u8> = (0..=255).collect();
    let all_base64 = format!("\"{}\"", standard_base64(&all));
    table(
        "bytes",
        &[
            ("\"AAEC/w==\"", Some(vec![0, 1, 2, 255])),
            ("\"\"", Some(vec![])),
            ("\"AA==\"", Some(vec![0])),
            ("\"AAE=\"", Some(vec![0, 1])),
            ("\"AAEC\"", Some(vec![0, 1, 2])),
            ("\"+/+/\"", Some(vec![0xfb, 0xff, 0xbf])),
            ("\"aGVsbG8=\"", Some(b"hello".to_vec())),
            ("\"aGVsbG8h\"", Some(b"hello!".to_vec())),
            ("null", Some(vec![])),
            // An escape inside the string is decoded first (`\/` is `/`).
            ("\"AAEC\\/w==\"", Some(vec![0, 1, 2, 255])),
            (all_base64.as_str(), Some(all.clone())),
        ],
        bytes,
    );
}

#[test]
fn bad_base64_is_rejected() {
    let cases: Vec<(&str, Option<Vec<u8>>)> = [
        "\"AA\"",       // missing padding
        "\"AAE\"",      // missing padding
        "\"AA=\"",      // short padding
        "\"A\"",        // one character
        "\"A===\"",     // too much padding
        "\"====\"",     // padding only
        "\"AAEC/w-_\"", // url-safe alphabet
        "\"AAEC_w==\"", // url-safe alphabet
        "\"AA==AA==\"", // padding in the middle
        "\"AAE=A\"",    // data after padding
        "\"AA ==\"",    // space
        "\"AA\\n==\"",  // newline
        "\"AA#=\"",     // not base64
        "\"\\u00e9AAA\"",
        "5",
        "true",
        "[0,1]",
        "{}",
    ]
    .iter()
    .map(|&s| (s, None))
    .collect();
    table("bytes", &cases, bytes);
}

#[test]
fn non_canonical_base64_padding_bits_are_rejected() {
    // "AB==" has non-zero bits in the part that padding drops: both parsers reject it (TDLib
    // never writes such a string).
    table(
        "bytes",
        &[
            ("\"AB==\"", None),
            ("\"AAF=\"", None),
            ("\"AAE=\"", Some(vec![0, 1])),
        ],
        bytes,
    );
}

fn standard_base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Strings: escapes, borrowed and owned

#[test]
fn string_escapes_are_decoded() {
    table(
        "string",
        &[
            (r#""plain""#, Some("plain".to_string())),
            (r#""""#, Some(String::new())),
            (r#""a\"b""#, Some("a\"b".to_string())),
            (r#""a\\b""#, Some("a\\b".to_string())),
            (r#""a\/b""#, Some("a/b".to_string())),
            (r#""a/b""#, Some("a/b".to_string())),
            (r#""\b\f\n\r\t""#, Some("\u{8}\u{c}\n\r\t".to_string())),
            (r#""\u0001\u001f""#, Some("\u{1}\u{1f}".to_string())),
            (r#""\u0000""#, Some("\0".to_string())),
            (r#""\u00e9""#, Some("é".to_string())),
            (r#""\u00E9""#, Some("é".to_string())),
            (r#""\u2603""#, Some("☃".to_string())),
            (r#""\ud83d\udc4d""#, Some("👍".to_string())),
            (r#""\uD83D\uDC4D""#, Some("👍".to_string())),
            (r#""\udbff\udfff""#, Some("\u{10ffff}".to_string())),
            (r#""x\ud83d\udc4dy\u00e9z""#, Some("x👍yéz".to_string())),
            // Raw UTF-8 (TDLib always escapes it, but it is valid JSON).
            (r#""é👍""#, Some("é👍".to_string())),
            (r#""\u007f""#, Some("\u{7f}".to_string())),
            ("null", Some(String::new())),
        ],
        string,
    );
}

#[test]
fn bad_strings_are_rejected() {
    let cases: Vec<(&str, Option<String>)> = [
        r#""\ud83d""#,       // lone high surrogate
        r#""\udc4d""#,       // lone low surrogate
        r#""\ud83dx""#,      // high surrogate then a character
        r#""\ud83d\u0041""#, // high surrogate then a non-surrogate escape
        r#""\udc4d\ud83d""#, // reversed pair
        r#""\ud83d\ud83d""#, // two high surrogates
        r#""a\ud83d""#,      // lone high surrogate at the end
        r#""\x41""#,         // unknown escape
        r#""\'""#,           // unknown escape
        r#""\u12""#,         // short \u
        r#""\u12G4""#,       // not hex
        "\"a\u{1}b\"",       // raw control character
        "\"a\nb\"",          // raw newline
        "\"a\tb\"",          // raw tab
        r#""unterminated"#,  // no closing quote
        "5",                 // a number for a string
        "true",
        "[\"a\"]",
        "{}",
    ]
    .iter()
    .map(|&s| (s, None))
    .collect();
    table("string", &cases, string);
}

#[test]
fn invalid_utf8_is_rejected() {
    reject_bytes(b"{\"@type\":\"testString\",\"value\":\"\xff\"}");
    reject_bytes(b"{\"@type\":\"testString\",\"value\":\"\xc3\"}");
    reject_bytes(b"{\"@type\":\"testString\",\"value\":\"\xed\xa0\xbd\"}"); // CESU surrogate
    reject_bytes(b"{\"@type\":\"testInt\",\"value\":1,\"x\":\"\xff\"}"); // in a skipped field
    reject_bytes(b"{\"@type\":\"ok\",\"@extra\":\"\xc0\xaf\"}"); // overlong, in @extra
}

#[test]
fn escape_free_strings_are_borrowed() {
    accept_with(
        r#"{"@type":"testString","value":"no escapes here / at all"}"#,
        |r| assert_borrowed(test_string(r), "no escapes here / at all"),
    );
    accept_with(r#"{"@type":"testString","value":"é👍"}"#, |r| {
        assert_borrowed(test_string(r), "é👍")
    });
    accept_with(r#"{"@type":"testString","value":""}"#, |r| {
        assert_borrowed(test_string(r), "")
    });
    accept_with(r#"{"@type":"testString","value":"tab\there"}"#, |r| {
        assert_owned(test_string(r), "tab\there")
    });
    accept_with(r#"{"@type":"testString","value":"\u00e9"}"#, |r| {
        assert_owned(test_string(r), "é")
    });
    // In a vector.
    accept_with(
        r#"{"@type":"testVectorString","value":["a","b\nc","","\"q\"","plain text"]}"#,
        |r| {
            let v = test_vector_string(r);
            assert_eq!(v.len(), 5);
            assert_borrowed(&v[0], "a");
            assert_owned(&v[1], "b\nc");
            assert_borrowed(&v[2], "");
            assert_owned(&v[3], "\"q\"");
            assert_borrowed(&v[4], "plain text");
        },
    );
    // In objects in a vector.
    accept_with(
        r#"{"@type":"testVectorStringObject","value":[{"@type":"testString","value":"x"},{"@type":"testString","value":"\u0079"}]}"#,
        |r| {
            let Object::TestVectorStringObject(v) = &r.object else {
                panic!("expected testVectorStringObject")
            };
            assert_eq!(v.value.len(), 2);
            assert_borrowed(&v.value[0].value, "x");
            assert_owned(&v.value[1].value, "y");
        },
    );
    // In an `Option` field (`messageText.link_preview_options`), in a class enum, in a message.
    accept_with(
        r#"{"@type":"updateMessageContent","chat_id":1,"message_id":2,"new_content":{"@type":"messageText","text":{"@type":"formattedText","text":"see https://t.me","entities":[{"@type":"textEntity","offset":4,"length":12,"type":{"@type":"textEntityTypeTextUrl","url":"https://t.me/x"}}]},"link_preview_options":{"@type":"linkPreviewOptions","is_disabled":false,"url":"https://t.me","force_small_media":true,"force_large_media":false,"show_above_text":false}}}"#,
        |r| {
            let Object::Update(enums::Update::MessageContent(u)) = &r.object else {
                panic!(
                    "expected updateMessageContent, got {}",
                    r.object.type_name()
                )
            };
            assert_eq!((u.chat_id, u.message_id), (1, 2));
            let enums::MessageContent::MessageText(t) = &u.new_content else {
                panic!("expected messageText")
            };
            assert_borrowed(&t.text.text, "see https://t.me");
            let enums::TextEntityType::TextUrl(url) = &t.text.entities[0].r#type else {
                panic!("expected textEntityTypeTextUrl")
            };
            assert_borrowed(&url.url, "https://t.me/x");
            let options = t
                .link_preview_options
                .as_ref()
                .expect("link_preview_options");
            assert_borrowed(&options.url, "https://t.me");
            assert!(options.force_small_media && !options.is_disabled);
            assert!(t.link_preview.is_none());
        },
    );
    // Unknown type names and `@extra` strings and keys.
    accept_with(
        r#"{"@type":"someFutureObject","@extra":{"key":["v",{"k2":"w"}]},"@client_id":3}"#,
        |r| {
            let Object::Unknown(u) = &r.object else {
                panic!("expected an unknown object")
            };
            assert_borrowed(&u.type_name, "someFutureObject");
            let Some(JsonValue::Object(members)) = &r.extra else {
                panic!("expected an object @extra: {:?}", r.extra)
            };
            assert_borrowed(&members[0].0, "key");
            let JsonValue::Array(items) = &members[0].1 else {
                panic!("expected an array")
            };
            let JsonValue::String(v) = &items[0] else {
                panic!("expected a string")
            };
            assert_borrowed(v, "v");
            let JsonValue::Object(inner) = &items[1] else {
                panic!("expected an object")
            };
            assert_borrowed(&inner[0].0, "k2");
        },
    );
}

#[test]
fn strings_stay_borrowed_when_type_is_not_first() {
    // The reader buffers the members before `@type`; they must still borrow.
    accept_with(r#"{"value":"plain","@type":"testString"}"#, |r| {
        assert_borrowed(test_string(r), "plain")
    });
    accept_with(r#"{"value":"esc\\aped","@type":"testString"}"#, |r| {
        assert_owned(test_string(r), "esc\\aped")
    });
    accept_with(r#"{"value":["p","q\/"],"@type":"testVectorString"}"#, |r| {
        let v = test_vector_string(r);
        assert_borrowed(&v[0], "p");
        assert_owned(&v[1], "q/");
    });
}

#[test]
fn escaped_keys_and_type_names() {
    // Keys and `@type` values are compared after unescaping, as TDLib does.
    let r = accept(r#"{"@type":"testInt","val\u0075e":17}"#);
    assert_eq!(test_int(&r), 17);
    let r = accept(r#"{"@type":"test\u0049nt","value":18}"#);
    assert_eq!(test_int(&r), 18);
    let r = accept(r#"{"\u0040type":"testInt","value":19}"#);
    assert_eq!(test_int(&r), 19);
    accept_with(r#"{"@type":"future\u0041","value":1}"#, |r| {
        let Object::Unknown(u) = &r.object else {
            panic!("expected an unknown object")
        };
        assert_owned(&u.type_name, "futureA");
    });
}

// ---------------------------------------------------------------------------------------------
// Unknown fields and unknown types

#[test]
fn unknown_fields_of_every_kind_are_skipped() {
    let r = accept(
        r#"{"@type":"testInt","a":1,"b":-2.5e10,"c":"x\"y\u00e9 \"value\":99","d":true,"e":null,"f":[1,[2,[3,{"g":"h","value":98}]],{}],"g":{"h":{"i":{"j":[{"@type":"testString","value":"decoy"}]}}},"value":42,"z":[],"@future":{"@type":"testInt","value":97},"y":{}}"#,
    );
    assert_eq!(test_int(&r), 42);
    assert_eq!((r.extra.clone(), r.client_id), (None, None));

    // Unknown fields around known ones, nested inside a message.
    let r = accept(
        r#"{"@type":"updateNewMessage","x":[[[]]],"message":{"@type":"message","id":5,"future_flag":true,"future_list":[{"@type":"messageText"}],"chat_id":6,"future_object":{"text":"\ud83d\udc4d","nested":{"deeper":[null,false,0.5]}},"content":{"@type":"messageText","unknown_first":{},"text":{"@type":"formattedText","text":"hi","entities":[],"more":"x"},"last":[1]},"zzz":"\\"},"y":"end"}"#,
    );
    let m = new_message(&r);
    assert_eq!((m.id, m.chat_id), (5, 6));
    assert_borrowed(&message_text(m).text.text, "hi");
    assert!(message_text(m).text.entities.is_empty());
}

#[test]
fn unknown_type_at_top_level() {
    accept_with(
        r#"{"@type":"updateSomethingNew","value":1,"nested":{"@type":"testInt","value":2},"list":[{"@type":"testInt"}]}"#,
        |r| {
            assert_eq!(r.object, Object::Unknown(unknown("updateSomethingNew")));
            assert_eq!(r.object.type_name(), "updateSomethingNew");
            assert_eq!((r.extra.clone(), r.client_id), (None, None));
        },
    );
    // `@extra` and `@client_id` are still captured.
    let r = accept(r#"{"@type":"future","x":[1],"@extra":"e","@client_id":3}"#);
    assert_eq!(r.object, Object::Unknown(unknown("future")));
    assert_eq!(r.extra, Some(JsonValue::String("e".into())));
    assert_eq!(r.client_id, Some(3));
    // A function name (not a result type) is unknown too.
    let r = accept(r#"{"@type":"getMe"}"#);
    assert_eq!(r.object, Object::Unknown(unknown("getMe")));
}

#[test]
fn unknown_type_in_a_class_field() {
    let r = accept(
        r#"{"@type":"message","id":1,"sender_id":{"@type":"messageSenderFuture","id":3},"content":{"@type":"messageFutureContent","text":{"@type":"formattedText","text":"x","entities":[]}},"chat_id":2}"#,
    );
    let m = message(&r);
    assert_eq!((m.id, m.chat_id), (1, 2));
    assert_eq!(
        m.sender_id,
        enums::MessageSender::Unknown(unknown("messageSenderFuture"))
    );
    assert_eq!(
        m.content,
        enums::MessageContent::Unknown(unknown("messageFutureContent"))
    );
    // A known constructor of another class is unknown in this position.
    let r = accept(
        r#"{"@type":"message","id":1,"content":{"@type":"textEntity","offset":1,"length":2}}"#,
    );
    assert_eq!(
        message(&r).content,
        enums::MessageContent::Unknown(unknown("textEntity"))
    );
}

#[test]
fn unknown_type_as_vector_element() {
    let r = accept(
        r#"{"@type":"jsonValueArray","values":[{"@type":"jsonValueBigInteger","value":"1"},{"@type":"jsonValueNull"},{"@type":"jsonValueBoolean","value":true},{"@type":"testInt","value":3}]}"#,
    );
    let enums::JsonValue::Array(a) = json_value(&r) else {
        panic!("expected jsonValueArray")
    };
    assert_eq!(
        a.values,
        vec![
            enums::JsonValue::Unknown(unknown("jsonValueBigInteger")),
            enums::JsonValue::Null(Box::new(types::JsonValueNull {})),
            enums::JsonValue::Boolean(Box::new(types::JsonValueBoolean { value: true })),
            enums::JsonValue::Unknown(unknown("testInt")),
        ]
    );
    // The class field of an object in a vector.
    let r = accept(
        r#"{"@type":"textEntities","entities":[{"@type":"textEntity","offset":0,"length":1,"type":{"@type":"textEntityTypeFuture","x":[]}},{"@type":"textEntity","offset":1,"length":2,"type":{"@type":"textEntityTypeBold"}}]}"#,
    );
    let Object::TextEntities(e) = &r.object else {
        panic!("expected textEntities")
    };
    assert_eq!(e.entities.len(), 2);
    assert_eq!(
        e.entities[0].r#type,
        enums::TextEntityType::Unknown(unknown("textEntityTypeFuture"))
    );
    assert_eq!((e.entities[1].offset, e.entities[1].length), (1, 2));
    assert!(matches!(
        e.entities[1].r#type,
        enums::TextEntityType::Bold(_)
    ));
}

#[test]
fn type_is_ignored_for_single_constructor_fields() {
    // As in TDLib, where a field's type has a single constructor its `@type` is not checked
    // (a vector element, a plain object field), and it may be missing.
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"@type":"testIntFuture","value":7},{"value":8}]}"#,
    );
    assert_eq!(
        r.object,
        Object::TestVectorIntObject(Box::new(types::TestVectorIntObject {
            value: vec![types::TestInt { value: 7 }, types::TestInt { value: 8 }]
        }))
    );
    let r = accept(r#"{"@type":"updateNewMessage","message":{"@type":"notAMessage","id":7}}"#);
    assert_eq!(new_message(&r).id, 7);
    let r = accept(r#"{"@type":"updateNewMessage","message":{"chat_id":8,"id":7}}"#);
    assert_eq!((new_message(&r).id, new_message(&r).chat_id), (7, 8));
}

// ---------------------------------------------------------------------------------------------
// `@type` position

#[test]
fn type_not_first_at_top_level() {
    assert_eq!(test_int(&accept(r#"{"value":5,"@type":"testInt"}"#)), 5);
    // Decoys before the real `@type`: in a string, in a nested object, in an array.
    let r = accept(
        r#"{"a":[1,{"@type":"testString","value":"decoy"}],"b":"\"@type\":\"testString\"","c":{"@type":"testString"},"value":6,"@type":"testInt","d":{"@type":"testString"}}"#,
    );
    assert_eq!(test_int(&r), 6);
    // With `@extra` and `@client_id` before it.
    let r = accept(r#"{"@extra":{"k":"v"},"value":1,"@client_id":2,"@type":"testInt"}"#);
    assert_eq!(test_int(&r), 1);
    assert_eq!(
        r.extra,
        Some(JsonValue::Object(vec![(
            "k".into(),
            JsonValue::String("v".into())
        )]))
    );
    assert_eq!(r.client_id, Some(2));
    // Unknown type, not first.
    let r = accept(r#"{"x":{"y":[1,2]},"@type":"futureThing"}"#);
    assert_eq!(r.object, Object::Unknown(unknown("futureThing")));
    // Zero-field constructor, `@type` after unknown fields.
    let r = accept(r#"{"unknown":[{}],"@type":"ok"}"#);
    assert_eq!(r.object, Object::OkObject(Box::new(types::OkObject {})));
}

#[test]
fn type_not_first_in_nested_objects() {
    let r = accept(
        r#"{"@type":"updateNewMessage","message":{"id":7,"content":{"text":{"text":"hi","entities":[{"offset":0,"length":2,"type":{"@type":"textEntityTypeBold"},"@type":"textEntity"}],"@type":"formattedText"},"@type":"messageText"},"chat_id":8,"@type":"message","sender_id":{"user_id":9,"@type":"messageSenderUser"}}}"#,
    );
    let m = new_message(&r);
    assert_eq!((m.id, m.chat_id), (7, 8));
    assert_eq!(
        m.sender_id,
        enums::MessageSender::User(Box::new(types::MessageSenderUser { user_id: 9 }))
    );
    let text = &message_text(m).text;
    assert_borrowed(&text.text, "hi");
    assert_eq!(text.entities.len(), 1);
    assert_eq!((text.entities[0].offset, text.entities[0].length), (0, 2));
    assert!(matches!(
        text.entities[0].r#type,
        enums::TextEntityType::Bold(_)
    ));
    // In vector elements.
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"value":1,"@type":"testInt"},{"@type":"testInt","value":2}]}"#,
    );
    let Object::TestVectorIntObject(v) = &r.object else {
        panic!("expected testVectorIntObject")
    };
    assert_eq!(
        v.value,
        vec![types::TestInt { value: 1 }, types::TestInt { value: 2 }]
    );
}

#[test]
fn missing_type_where_it_is_needed_is_rejected() {
    // TDLib always writes `@type`; where the static type is a class (the top level, a class
    // field, a class vector element) there is nothing to dispatch on without it.
    reject(r#"{"value":1}"#);
    reject(r#"{}"#);
    reject(r#"{"@extra":1,"@client_id":2}"#);
    reject(r#"{"@type":"message","id":1,"content":{"text":{"@type":"formattedText","text":"x"}}}"#);
    reject(r#"{"@type":"jsonValueArray","values":[{"value":true}]}"#);
}

// ---------------------------------------------------------------------------------------------
// `@extra` and `@client_id`

#[test]
fn extra_of_every_json_kind() {
    use JsonValue as J;
    let s = |x: &'static str| J::String(Cow::Borrowed(x));
    table(
        "@extra",
        &[
            ("null", Some(J::Null)),
            ("true", Some(J::Bool(true))),
            ("false", Some(J::Bool(false))),
            ("0", Some(J::Number(Number::U64(0)))),
            ("42", Some(J::Number(Number::U64(42)))),
            ("-1", Some(J::Number(Number::I64(-1)))),
            ("1.5", Some(J::Number(Number::F64(1.5)))),
            ("1.50", Some(J::Number(Number::F64(1.5)))),
            ("1e5", Some(J::Number(Number::F64(1e5)))),
            // serde_json classifies `-0` as a float; both parsers follow it.
            ("-0", Some(J::Number(Number::F64(-0.0)))),
            (
                "12345678901234567890",
                Some(J::Number(Number::U64(12_345_678_901_234_567_890))),
            ),
            (
                "-9223372036854775808",
                Some(J::Number(Number::I64(i64::MIN))),
            ),
            (
                "123456789012345678901234567890",
                Some(J::Number(Number::F64(1.234_567_890_123_456_8e29))),
            ),
            ("\"plain\"", Some(s("plain"))),
            ("\"\"", Some(s(""))),
            (
                r#""esc \" \\ / \b\f\n\r\t \u0001 \u00e9 \ud83d\udc4d""#,
                Some(s("esc \" \\ / \u{8}\u{c}\n\r\t \u{1} é 👍")),
            ),
            ("[]", Some(J::Array(vec![]))),
            ("{}", Some(J::Object(vec![]))),
            (
                r#"[1,"a",null,true,[{}],-2.25]"#,
                Some(J::Array(vec![
                    J::Number(Number::U64(1)),
                    s("a"),
                    J::Null,
                    J::Bool(true),
                    J::Array(vec![J::Object(vec![])]),
                    J::Number(Number::F64(-2.25)),
                ])),
            ),
            // Kept as opaque JSON: an `@type` inside is not parsed, duplicates are kept.
            (
                r#"{"@type":"error","code":"x","a":1,"a":2}"#,
                Some(J::Object(vec![
                    ("@type".into(), s("error")),
                    ("code".into(), s("x")),
                    ("a".into(), J::Number(Number::U64(1))),
                    ("a".into(), J::Number(Number::U64(2))),
                ])),
            ),
            (
                r#"{"id":1,"nested":{"list":[{"deep":["x"]}]}}"#,
                Some(J::Object(vec![
                    ("id".into(), J::Number(Number::U64(1))),
                    (
                        "nested".into(),
                        J::Object(vec![(
                            "list".into(),
                            J::Array(vec![J::Object(vec![(
                                "deep".into(),
                                J::Array(vec![s("x")]),
                            )])]),
                        )]),
                    ),
                ])),
            ),
            // Not JSON.
            ("01", None),
            ("[1,]", None),
            ("{\"a\"}", None),
            ("nul", None),
            ("'x'", None),
            (r#""\ud83d""#, None),
        ],
        extra,
    );
}

#[test]
fn extra_and_client_id_absent_or_present() {
    let r = accept(r#"{"@type":"ok"}"#);
    assert_eq!((r.extra.clone(), r.client_id), (None, None));
    let r = accept(r#"{"@type":"ok","@client_id":1}"#);
    assert_eq!((r.extra.clone(), r.client_id), (None, Some(1)));
    let r = accept(r#"{"@type":"ok","@extra":"x"}"#);
    assert_eq!(
        (r.extra.clone(), r.client_id),
        (Some(JsonValue::String("x".into())), None)
    );
    // `@client_id` before `@extra`, both before the fields.
    let r = accept(r#"{"@type":"testInt","@client_id":5,"@extra":[1],"value":3}"#);
    assert_eq!(test_int(&r), 3);
    assert_eq!(
        (r.extra.clone(), r.client_id),
        (
            Some(JsonValue::Array(vec![JsonValue::Number(Number::U64(1))])),
            Some(5)
        )
    );
    table(
        "@client_id",
        &[
            ("1", Some(Some(1))),
            ("2147483647", Some(Some(i32::MAX))),
            ("null", Some(None)),
        ],
        client_id,
    );
}

#[test]
fn client_id_other_forms() {
    // `@client_id` is read like an int32 field.
    table(
        "@client_id",
        &[
            ("\"5\"", Some(Some(5))),
            ("-1", Some(Some(-1))),
            ("\"05\"", None),
            ("2147483648", None),
            ("1.5", None),
            ("\"x\"", None),
            ("[1]", None),
            ("{}", None),
            ("true", None),
        ],
        client_id,
    );
}

#[test]
fn extra_and_client_id_only_at_top_level() {
    let r = accept(
        r#"{"@type":"updateNewMessage","message":{"@type":"message","id":1,"@extra":"inner","@client_id":5,"content":{"@type":"messageText","@extra":{"x":1},"text":{"@type":"formattedText","text":"t","@client_id":6}}}}"#,
    );
    assert_eq!((r.extra.clone(), r.client_id), (None, None));
    assert_eq!(new_message(&r).id, 1);
    assert_borrowed(&message_text(new_message(&r)).text.text, "t");
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"@type":"testInt","value":1,"@extra":2,"@client_id":3}],"@client_id":4}"#,
    );
    assert_eq!((r.extra.clone(), r.client_id), (None, Some(4)));
    // Inside an unknown field, an unknown object and `@extra` itself.
    let r = accept(
        r#"{"@type":"testInt","value":1,"x":{"@extra":5,"@client_id":6},"@extra":{"@extra":7,"@client_id":8}}"#,
    );
    assert_eq!(test_int(&r), 1);
    assert_eq!(r.client_id, None);
    assert_eq!(
        r.extra,
        Some(JsonValue::Object(vec![
            ("@extra".into(), JsonValue::Number(Number::U64(7))),
            ("@client_id".into(), JsonValue::Number(Number::U64(8))),
        ]))
    );
}

// ---------------------------------------------------------------------------------------------
// Duplicate keys: the first one wins

#[test]
fn duplicate_keys_first_wins() {
    assert_eq!(
        test_int(&accept(r#"{"@type":"testInt","value":1,"value":2}"#)),
        1
    );
    assert_eq!(
        test_int(&accept(r#"{"value":1,"@type":"testInt","value":2}"#)),
        1
    );
    assert_eq!(
        test_int(&accept(r#"{"@type":"testInt","value":"3","value":4}"#)),
        3
    );
    // The second value is skipped unparsed, even if it would be invalid for the field.
    assert_eq!(
        test_int(&accept(r#"{"@type":"testInt","value":1,"value":"oops"}"#)),
        1
    );
    // `@type` twice: the first names the object.
    assert_eq!(
        test_int(&accept(
            r#"{"@type":"testInt","@type":"testString","value":5}"#
        )),
        5
    );
    // `@extra` and `@client_id` twice.
    let r = accept(
        r#"{"@type":"ok","@extra":"first","@extra":"second","@client_id":1,"@client_id":2}"#,
    );
    assert_eq!(r.extra, Some(JsonValue::String("first".into())));
    assert_eq!(r.client_id, Some(1));
    // Nested: a class field twice, a vector twice.
    let r = accept(
        r#"{"@type":"message","id":1,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"first","entities":[],"text":"second"}},"content":{"@type":"messageFuture"},"id":2}"#,
    );
    assert_eq!(message(&r).id, 1);
    assert_borrowed(&message_text(message(&r)).text.text, "first");
    let r = accept(r#"{"@type":"testVectorInt","value":[1,2],"value":[3]}"#);
    assert!(matches!(&r.object, Object::TestVectorInt(v) if v.value == [1, 2]));
}

/// Fields out of declaration order, absent, repeated and unknown, around the pointer parser's
/// expected-key fast path (the field loop first tries the key that follows in declaration
/// order, then every later one, then looks the key up).
#[test]
fn fields_out_of_declaration_order() {
    let check = |payload: &str, expected: (f64, f64, f64)| {
        let r = accept(payload);
        let l = location(&r);
        assert_eq!(
            (l.latitude, l.longitude, l.horizontal_accuracy),
            expected,
            "{payload}"
        );
    };
    check(
        r#"{"@type":"location","horizontal_accuracy":3.0,"longitude":2.0,"latitude":1.0}"#,
        (1.0, 2.0, 3.0),
    );
    check(
        r#"{"@type":"location","latitude":1.0,"horizontal_accuracy":3.0,"longitude":2.0}"#,
        (1.0, 2.0, 3.0),
    );
    // the middle field absent, then the last one in order
    check(
        r#"{"@type":"location","latitude":1.0,"horizontal_accuracy":3.0}"#,
        (1.0, 0.0, 3.0),
    );
    // an unknown key between two fields, then repeats after the in-order pass: the first
    // occurrence wins, a `null` one too (the field keeps its default)
    check(
        r#"{"@type":"location","latitude":1.0,"new_field":[1,{"a":2}],"longitude":null,"horizontal_accuracy":3.0,"longitude":4.0,"latitude":5.0}"#,
        (1.0, 0.0, 3.0),
    );
    check(
        r#"{"@type":"location","latitude":1.0,"new_field":[1,{"a":2}],"horizontal_accuracy":3.0,"longitude":4.0,"latitude":5.0}"#,
        (1.0, 4.0, 3.0),
    );
    // `@type` last: every field is read by the fast path, `@type` skipped by the loop
    check(
        r#"{"latitude":1.0,"longitude":2.0,"horizontal_accuracy":3.0,"@type":"location"}"#,
        (1.0, 2.0, 3.0),
    );
    // a repeated key within the in-order pass: the first one wins
    check(
        r#"{"@type":"location","latitude":1.0,"latitude":9.0,"longitude":2.0}"#,
        (1.0, 2.0, 0.0),
    );
    // an error after the in-order pass names the byte where `,` or `}` was expected
    let payload = r#"{"@type":"location","latitude":1.0 "longitude":2.0}"#;
    reject(payload);
    let buffer = NulTerminated::from(payload);
    let err = td::parse_received(buffer.cursor()).unwrap_err();
    assert_eq!(
        err.offset(),
        payload.find(" \"longitude").unwrap() + 1,
        "{err}"
    );
}

#[test]
fn duplicate_key_with_null_first() {
    // TDLib's `extract_field` takes the first occurrence, and `null` there means the default.
    assert_eq!(
        test_int(&accept(r#"{"@type":"testInt","value":null,"value":5}"#)),
        0
    );
    let r =
        accept(r#"{"@type":"message","id":1,"content":null,"content":{"@type":"messageText"}}"#);
    assert_eq!(
        message(&r).content,
        enums::MessageContent::Unknown(unknown(""))
    );
}

// ---------------------------------------------------------------------------------------------
// Nulls and missing fields

#[test]
fn null_scalars_and_vectors_are_defaults() {
    assert_eq!(test_int(&accept(r#"{"@type":"testInt","value":null}"#)), 0);
    assert_eq!(
        test_string(&accept(r#"{"@type":"testString","value":null}"#)),
        ""
    );
    assert_eq!(
        test_bytes(&accept(r#"{"@type":"testBytes","value":null}"#)),
        b""
    );
    assert_eq!(
        option_integer(&accept(r#"{"@type":"optionValueInteger","value":null}"#)),
        0
    );
    let r = accept(r#"{"@type":"optionValueBoolean","value":null}"#);
    assert_eq!(
        r.object,
        Object::OptionValue(enums::OptionValue::Boolean(Box::new(
            types::OptionValueBoolean { value: false }
        )))
    );
    let r = accept(r#"{"@type":"location","latitude":null,"longitude":null}"#);
    assert_eq!(location(&r), &types::Location::default());
    let r = accept(r#"{"@type":"testVectorInt","value":null}"#);
    assert_eq!(
        r.object,
        Object::TestVectorInt(Box::new(types::TestVectorInt { value: vec![] }))
    );
    let r = accept(
        r#"{"@type":"message","id":null,"chat_id":null,"unread_reactions":null,"sender_tag":null,"self_destruct_in":null,"is_outgoing":null}"#,
    );
    assert_eq!(message(&r), &types::Message::default());
}

#[test]
fn null_objects() {
    // "may be null" field → None.
    let r = accept(
        r#"{"@type":"message","id":3,"forward_info":null,"reply_to":null,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"a","entities":[]},"link_preview":null,"link_preview_options":null}}"#,
    );
    let m = message(&r);
    assert_eq!(m.id, 3);
    assert_eq!((m.forward_info.clone(), m.reply_to.clone()), (None, None));
    assert_eq!(
        (
            message_text(m).link_preview.is_none(),
            message_text(m).link_preview_options.is_none()
        ),
        (true, true)
    );
    // Non-nullable single-constructor object → its Default.
    let r = accept(r#"{"@type":"updateNewMessage","message":null}"#);
    assert_eq!(new_message(&r), &types::Message::default());
    let r = accept(r#"{"@type":"messageText","text":null}"#);
    let Object::MessageContent(enums::MessageContent::MessageText(t)) = &r.object else {
        panic!("expected messageText, got {}", r.object.type_name())
    };
    assert_eq!(t.text, types::FormattedText::default());
    // Class field → Unknown with an empty name.
    let r = accept(r#"{"@type":"message","id":4,"sender_id":null,"content":null}"#);
    let m = message(&r);
    assert_eq!(m.id, 4);
    assert_eq!(m.sender_id, enums::MessageSender::Unknown(unknown("")));
    assert_eq!(m.content, enums::MessageContent::Unknown(unknown("")));
    // `@extra: null` is present and null; `@client_id: null` is absent.
    let r = accept(r#"{"@type":"ok","@extra":null,"@client_id":null}"#);
    assert_eq!(
        (r.extra.clone(), r.client_id),
        (Some(JsonValue::Null), None)
    );
}

#[test]
fn null_vector_elements() {
    let r = accept(r#"{"@type":"testVectorInt","value":[1,null,3]}"#);
    assert_eq!(
        r.object,
        Object::TestVectorInt(Box::new(types::TestVectorInt {
            value: vec![1, 0, 3]
        }))
    );
    let r = accept(r#"{"@type":"testVectorString","value":["a",null,"c"]}"#);
    assert_eq!(test_vector_string(&r), ["a", "", "c"]);
    // Object elements that are not "may be null" → the element's Default (TDLib writes null).
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"@type":"testInt","value":1},null,{"@type":"testInt","value":3}]}"#,
    );
    assert_eq!(
        r.object,
        Object::TestVectorIntObject(Box::new(types::TestVectorIntObject {
            value: vec![
                types::TestInt { value: 1 },
                types::TestInt { value: 0 },
                types::TestInt { value: 3 }
            ]
        }))
    );
    // Elements documented "may be null" → None (`messages.messages`).
    let r = accept(
        r#"{"@type":"messages","total_count":3,"messages":[null,{"@type":"message","id":2},null]}"#,
    );
    let Object::Messages(ms) = &r.object else {
        panic!("expected messages, got {}", r.object.type_name())
    };
    assert_eq!(ms.total_count, 3);
    assert_eq!(ms.messages.len(), 3);
    assert!(ms.messages[0].is_none() && ms.messages[2].is_none());
    assert_eq!(ms.messages[1].as_ref().map(|m| m.id), Some(2));
    // Class elements → Unknown with an empty name.
    let r = accept(r#"{"@type":"jsonValueArray","values":[null,{"@type":"jsonValueNull"}]}"#);
    let enums::JsonValue::Array(a) = json_value(&r) else {
        panic!("expected jsonValueArray")
    };
    assert_eq!(
        a.values,
        vec![
            enums::JsonValue::Unknown(unknown("")),
            enums::JsonValue::Null(Box::new(types::JsonValueNull {}))
        ]
    );
}

#[test]
fn missing_fields_are_defaults() {
    let r = accept(r#"{"@type":"message"}"#);
    assert_eq!(message(&r), &types::Message::default());
    assert_eq!(
        message(&r).content,
        enums::MessageContent::Unknown(unknown(""))
    );
    assert!(message(&r).forward_info.is_none());
    let r = accept(r#"{"@type":"updateNewMessage"}"#);
    assert_eq!(new_message(&r), &types::Message::default());
    assert_eq!(test_int(&accept(r#"{"@type":"testInt"}"#)), 0);
    assert_eq!(test_bytes(&accept(r#"{"@type":"testBytes"}"#)), b"");
    let r = accept(r#"{"@type":"formattedText","entities":[{"@type":"textEntity"}]}"#);
    let Object::FormattedText(t) = &r.object else {
        panic!("expected formattedText")
    };
    assert_eq!(t.text, "");
    assert_eq!(t.entities, vec![types::TextEntity::default()]);
    // Present fields beside missing ones.
    let r = accept(r#"{"@type":"location","longitude":2.5}"#);
    assert_eq!(
        location(&r),
        &types::Location {
            latitude: 0.0,
            longitude: 2.5,
            horizontal_accuracy: 0.0
        }
    );
}

// ---------------------------------------------------------------------------------------------
// vector<vector<T>>

const KEYBOARD: &str = r#"{"@type":"replyMarkupShowKeyboard","rows":[[{"@type":"keyboardButton","text":"A","icon_custom_emoji_id":"0","style":{"@type":"buttonStyleDefault"},"type":{"@type":"keyboardButtonTypeText"}},{"@type":"keyboardButton","text":"B\u00e9","icon_custom_emoji_id":"5368324170671202286","style":{"@type":"buttonStyleDanger"},"type":{"@type":"keyboardButtonTypeRequestPhoneNumber"}}],[],[{"@type":"keyboardButton","text":"C","icon_custom_emoji_id":"0","style":{"@type":"buttonStyleDefault"},"type":{"@type":"keyboardButtonTypeRequestLocation"}}]],"is_persistent":true,"resize_keyboard":false,"one_time":true,"is_personal":false,"input_field_placeholder":"type here"}"#;

#[test]
fn keyboard_rows_vector_of_vectors() {
    accept_with(KEYBOARD, |r| {
        let k = show_keyboard(r);
        let shape: Vec<usize> = k.rows.iter().map(Vec::len).collect();
        assert_eq!(shape, [2, 0, 1]);
        assert_borrowed(&k.rows[0][0].text, "A");
        assert_owned(&k.rows[0][1].text, "Bé");
        assert_eq!(k.rows[0][1].icon_custom_emoji_id, 5_368_324_170_671_202_286);
        assert!(matches!(k.rows[0][1].style, enums::ButtonStyle::Danger(_)));
        assert!(matches!(
            k.rows[0][1].r#type,
            enums::KeyboardButtonType::RequestPhoneNumber(_)
        ));
        assert!(matches!(
            k.rows[2][0].r#type,
            enums::KeyboardButtonType::RequestLocation(_)
        ));
        assert_borrowed(&k.rows[2][0].text, "C");
        assert_eq!(
            (
                k.is_persistent,
                k.resize_keyboard,
                k.one_time,
                k.is_personal
            ),
            (true, false, true, false)
        );
        assert_borrowed(&k.input_field_placeholder, "type here");
    });
    // Null rows, null buttons, empty and missing.
    let r = accept(
        r#"{"@type":"replyMarkupShowKeyboard","rows":[null,[null,{"@type":"keyboardButton","text":"x"}],[]]}"#,
    );
    let k = show_keyboard(&r);
    assert_eq!(k.rows.len(), 3);
    assert!(k.rows[0].is_empty() && k.rows[2].is_empty());
    assert_eq!(k.rows[1].len(), 2);
    assert_eq!(k.rows[1][0], types::KeyboardButton::default());
    assert_eq!(k.rows[1][1].text, "x");
    let r = accept(r#"{"@type":"replyMarkupShowKeyboard"}"#);
    assert!(show_keyboard(&r).rows.is_empty());
    // Inside a message, as `reply_markup`.
    let payload = format!(
        r#"{{"@type":"updateNewMessage","message":{{"@type":"message","id":9,"reply_markup":{KEYBOARD}}}}}"#
    );
    let r = accept(&payload);
    let Some(enums::ReplyMarkup::ShowKeyboard(k)) = &new_message(&r).reply_markup else {
        panic!("expected a keyboard")
    };
    assert_eq!(k.rows.iter().map(Vec::len).collect::<Vec<_>>(), [2, 0, 1]);
    // A row that is not an array, an element that is not an object.
    reject(r#"{"@type":"replyMarkupShowKeyboard","rows":[{}]}"#);
    reject(r#"{"@type":"replyMarkupShowKeyboard","rows":[[1]]}"#);
    reject(r#"{"@type":"replyMarkupShowKeyboard","rows":{}}"#);
}

// ---------------------------------------------------------------------------------------------
// Nesting depth

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

#[test]
fn get_json_value_answer_202_levels_parses() {
    let payload = json_value_arrays(101, "");
    assert_eq!(json_depth(&payload), 202);
    let r = accept(&payload);
    assert_eq!(json_value_array_depth(json_value(&r)), 101);
    // With `@extra` and `@client_id` as `td_receive` returns it.
    let answer = json_value_arrays(101, r#"{"@type":"jsonValueString","value":"leaf"}"#);
    let payload = format!(
        r#"{},"@extra":"deep","@client_id":1}}"#,
        &answer[..answer.len() - 1]
    );
    assert_eq!(json_depth(&payload), 203);
    let r = accept(&payload);
    assert_eq!(json_value_array_depth(json_value(&r)), 101);
    assert_eq!(r.extra, Some(JsonValue::String("deep".into())));
    // The deepest the limit allows: 128 objects = 256 levels.
    let payload = json_value_arrays(128, "");
    assert_eq!(json_depth(&payload), 256);
    assert_eq!(json_value_array_depth(json_value(&accept(&payload))), 128);
}

#[test]
fn nesting_beyond_256_is_a_clean_error() {
    // 257 levels: one jsonValueNull inside 128 arrays.
    let payload = json_value_arrays(128, r#"{"@type":"jsonValueNull"}"#);
    assert_eq!(json_depth(&payload), 257);
    reject(&payload);
    // 300 jsonValueArray objects = 600 levels.
    reject(&json_value_arrays(300, ""));
    reject(&json_value_arrays(150, ""));
}

#[test]
fn depth_limit_counts_skipped_values_and_extra() {
    // The top-level object is level 1, so 255 nested arrays reach 256.
    for (prefix, suffix) in [
        (r#"{"@type":"testInt","value":1,"x":"#, "}"),
        (r#"{"@type":"testInt","x":"#, r#","value":1}"#),
        (r#"{"x":"#, r#","@type":"testInt","value":1}"#),
        (r#"{"@type":"someFutureType","x":"#, "}"),
    ] {
        let ok = format!("{prefix}{}{suffix}", nested_arrays(255));
        assert_eq!(json_depth(&ok), 256);
        let r = accept(&ok);
        assert!(
            matches!(
                &r.object,
                Object::TestInt(t) if t.value == 1
            ) || matches!(r.object, Object::Unknown(_))
        );
        let too_deep = format!("{prefix}{}{suffix}", nested_arrays(256));
        reject(&too_deep);
    }
    let ok = format!(r#"{{"@type":"ok","@extra":{}}}"#, nested_arrays(255));
    let r = accept(&ok);
    let mut extra = r.extra.as_ref().expect("@extra");
    let mut levels = 0;
    while let JsonValue::Array(items) = extra {
        levels += 1;
        match items.as_slice() {
            [inner] => extra = inner,
            _ => break,
        }
    }
    assert_eq!(levels, 255);
    reject(&format!(
        r#"{{"@type":"ok","@extra":{}}}"#,
        nested_arrays(256)
    ));
    // Objects count as well.
    let objects = |n: usize| format!("{}1{}", r#"{"a":"#.repeat(n), "}".repeat(n));
    accept(&format!(
        r#"{{"@type":"testInt","value":2,"x":{}}}"#,
        objects(255)
    ));
    reject(&format!(
        r#"{{"@type":"testInt","value":2,"x":{}}}"#,
        objects(256)
    ));
}

#[test]
fn hundred_thousand_nested_arrays_fail_without_crashing() {
    const N: usize = 100_000;
    let deep = nested_arrays(N);
    reject(&format!(r#"{{"@type":"testInt","value":1,"x":{deep}}}"#));
    reject(&format!(r#"{{"@type":"ok","@extra":{deep}}}"#));
    reject(&format!(r#"{{"x":{deep},"@type":"testInt"}}"#));
    reject(&format!(r#"{{"@type":"someFutureType","x":{deep}}}"#));
    reject(&format!(r#"{{"@type":"testVectorInt","value":{deep}}}"#));
    let objects = format!("{}1{}", r#"{"a":"#.repeat(N), "}".repeat(N));
    reject(&format!(r#"{{"@type":"testInt","value":1,"x":{objects}}}"#));
    reject(&format!(r#"{{"@type":"ok","@extra":{objects}}}"#));
    let mixed = format!("{}{}", "[{\"a\":".repeat(N / 2), "}]".repeat(N / 2));
    reject(&format!(r#"{{"@type":"ok","x":{mixed}}}"#));
    // Unclosed: the error comes from the depth limit, not from reaching the end.
    reject(&format!(r#"{{"@type":"ok","x":{}"#, "[".repeat(N)));
    // A jsonValueArray chain 100,000 objects deep.
    reject(&json_value_arrays(N / 2, ""));
}

// ---------------------------------------------------------------------------------------------
// Framing

#[test]
fn whitespace_and_framing() {
    let r =
        accept(" \n\t{ \"@type\" : \"testInt\" ,\r\n \"value\" :\t-3 , \"x\" : [ 1 , { } ] } \n");
    assert_eq!(test_int(&r), -3);
    let r = accept("{\n  \"value\": 4,\n  \"@type\": \"testInt\"\n}");
    assert_eq!(test_int(&r), 4);
    for bad in [
        "",
        " ",
        "null",
        "[]",
        "1",
        "\"x\"",
        r#"[{"@type":"ok"}]"#,
        r#"{"@type":"ok"} x"#,
        r#"{"@type":"ok"}{}"#,
        r#"{"@type":"ok"},"#,
        r#"{"@type":"ok",}"#,
        r#"{"@type":"testInt","value":1"#,
        r#"{"@type":"testInt","value":}"#,
        r#"{"@type":"testInt","value"}"#,
        r#"{"@type":"testInt" "value":1}"#,
        r#"{"@type":"testInt",,"value":1}"#,
        r#"{'@type':'ok'}"#,
        r#"{@type:"ok"}"#,
        r#"{"@type":ok}"#,
        r#"{"@type":null}"#,
        r#"{"@type":5}"#,
        r#"{"@type":"testInt","value":1,"x":[1,]}"#,
        r#"{"@type":"testInt","value":1,"x":{"a":1,}}"#,
        r#"{"@type":"testInt","value":1,"x":tru}"#,
        r#"{"@type":"testInt","value":1,"x":01}"#,
        r#"{"@type":"testInt","value":1,"x":"\q"}"#,
        "{\"@type\":\"testInt\",\"value\":1,\"x\":\"\u{1}\"}",
    ] {
        reject(bad);
    }
}

#[test]
fn nul_after_a_complete_document_ends_it() {
    // The document ends at the first NUL (TDLib's strings end there): `validate` gives both
    // parsers the bytes before it, so what follows is never looked at.
    for payload in [&b"{\"@type\":\"ok\"}\0garbage"[..], b"{\"@type\":\"ok\"}\0"] {
        let verdict = tlgen_tests::validate(payload);
        assert_eq!(verdict, Verdict::Agree, "{verdict}");
    }
}

#[test]
fn nul_inside_a_document_is_rejected() {
    reject_bytes(b"{\"@type\":\"testInt\",\0\"value\":1}");
    reject_bytes(b"{\"@type\":\"testString\",\"value\":\"a\0b\"}");
    reject_bytes(b"{\"@type\":\"ok\",\"@extra\":[1,\0]}");
}

#[test]
fn type_mismatches_are_rejected() {
    for bad in [
        r#"{"@type":"testVectorInt","value":{}}"#,
        r#"{"@type":"testVectorInt","value":1}"#,
        r#"{"@type":"testVectorInt","value":"1"}"#,
        r#"{"@type":"testVectorInt","value":[[1]]}"#,
        r#"{"@type":"testVectorString","value":[1]}"#,
        r#"{"@type":"testVectorIntObject","value":[1]}"#,
        r#"{"@type":"updateNewMessage","message":[]}"#,
        r#"{"@type":"updateNewMessage","message":"m"}"#,
        r#"{"@type":"message","content":"messageText"}"#,
        r#"{"@type":"message","content":[]}"#,
        r#"{"@type":"message","is_outgoing":"yes"}"#,
        r#"{"@type":"message","is_outgoing":[]}"#,
    ] {
        reject(bad);
    }
}

#[test]
fn bools_are_true_or_false_only() {
    let r = accept(r#"{"@type":"optionValueBoolean","value":true}"#);
    assert_eq!(
        r.object,
        Object::OptionValue(enums::OptionValue::Boolean(Box::new(
            types::OptionValueBoolean { value: true }
        )))
    );
    // TDLib writes `true`/`false` only (its request reader would also take an int32; these
    // parsers read output and take neither).
    for value in ["1", "0", "\"1\"", "\"true\"", "2", "[]", "tru"] {
        reject(&format!(
            r#"{{"@type":"optionValueBoolean","value":{value}}}"#
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// Owned values

fn parse_and_own_with_reader(text: String) -> Received<'static> {
    let r: Received<'_> = reader::from_str(&text).expect("reader");
    r.into_static()
}

fn parse_and_own_with_pointer(text: String) -> Received<'static> {
    let buffer = NulTerminated::from(text);
    let r = td::parse_received(buffer.cursor()).expect("pointer parser");
    r.into_static()
}

#[test]
fn into_owned_outlives_the_buffer() {
    let text = r#"{"@type":"updateNewMessage","message":{"@type":"message","id":11,"chat_id":-100,"sender_id":{"@type":"messageSenderUser","user_id":12},"content":{"@type":"messageText","text":{"@type":"formattedText","text":"borrowed","entities":[{"@type":"textEntity","offset":0,"length":8,"type":{"@type":"textEntityTypeTextUrl","url":"https://x.y"}}]}},"author_signature":"\u00e9"},"@extra":["plain",{"k":"v"}],"@client_id":2}"#;
    let expected = accept(text).into_static();
    let from_reader = parse_and_own_with_reader(text.to_string());
    let from_pointer = parse_and_own_with_pointer(text.to_string());
    assert_eq!(from_reader, expected);
    assert_eq!(from_pointer, expected);
    for r in [&from_reader, &from_pointer] {
        let m = new_message(r);
        assert_eq!((m.id, m.chat_id), (11, -100));
        assert_owned(&message_text(m).text.text, "borrowed");
        assert_owned(&m.author_signature, "é");
        let enums::TextEntityType::TextUrl(url) = &message_text(m).text.entities[0].r#type else {
            panic!("expected textEntityTypeTextUrl")
        };
        assert_owned(&url.url, "https://x.y");
        let Some(JsonValue::Array(items)) = &r.extra else {
            panic!("expected an array @extra")
        };
        let JsonValue::String(s) = &items[0] else {
            panic!("expected a string")
        };
        assert_owned(s, "plain");
        assert_eq!(r.client_id, Some(2));
    }

    // `Object::into_owned` and a type's `into_owned`, then the buffer is dropped.
    let (object, text_only): (Object<'static>, types::FormattedText<'static>) = {
        let buffer =
            String::from(r#"{"@type":"formattedText","text":"owned later","entities":[]}"#);
        let r: Received<'_> = reader::from_str(&buffer).unwrap();
        let t: types::FormattedText<'_> = reader::from_str(&buffer).unwrap();
        assert_borrowed(&t.text, "owned later");
        (r.object.into_owned(), t.into_owned())
    };
    let Object::FormattedText(t) = &object else {
        panic!("expected formattedText")
    };
    assert_owned(&t.text, "owned later");
    assert_owned(&text_only.text, "owned later");
    assert_eq!(**t, text_only);
    // Unknown objects own their name too.
    let unknown_owned = parse_and_own_with_pointer(r#"{"@type":"brandNew"}"#.to_string());
    let Object::Unknown(u) = &unknown_owned.object else {
        panic!("expected an unknown object")
    };
    assert_owned(&u.type_name, "brandNew");
}

// ---------------------------------------------------------------------------------------------
// A realistic update

#[test]
fn realistic_new_message() {
    let payload = r#"{"@type":"updateNewMessage","message":{"@type":"message","id":1048576,"sender_id":{"@type":"messageSenderUser","user_id":777000},"chat_id":777000,"is_outgoing":false,"is_pinned":false,"is_from_offline":false,"can_be_saved":true,"has_timestamped_media":true,"is_channel_post":false,"contains_unread_mention":false,"date":1700000000,"edit_date":0,"unread_reactions":[],"self_destruct_in":0.000000,"auto_delete_in":0.000000,"via_bot_user_id":0,"sender_business_bot_user_id":0,"sender_boost_count":0,"paid_message_star_count":0,"author_signature":"","media_album_id":"0","effect_id":"0","summary_language_code":"","content":{"@type":"messageText","text":{"@type":"formattedText","text":"Login code: 12345. Do not give this code to anyone \ud83d\udc4d\n\u041a\u043e\u0434","entities":[{"@type":"textEntity","offset":0,"length":10,"type":{"@type":"textEntityTypeBold"}},{"@type":"textEntity","offset":12,"length":5,"type":{"@type":"textEntityTypeCode"}}]}}},"@client_id":1}"#;
    accept_with(payload, |r| {
        let m = new_message(r);
        assert_eq!(
            (m.id, m.chat_id, m.date),
            (1_048_576, 777_000, 1_700_000_000)
        );
        assert_eq!(
            m.sender_id,
            enums::MessageSender::User(Box::new(types::MessageSenderUser { user_id: 777_000 }))
        );
        assert!(m.can_be_saved && m.has_timestamped_media && !m.is_outgoing);
        assert_eq!((m.media_album_id, m.effect_id), (0, 0));
        assert_borrowed(&m.author_signature, "");
        let text = &message_text(m).text;
        assert_owned(
            &text.text,
            "Login code: 12345. Do not give this code to anyone 👍\nКод",
        );
        assert_eq!(text.entities.len(), 2);
        assert!(matches!(
            text.entities[1].r#type,
            enums::TextEntityType::Code(_)
        ));
        assert_eq!((text.entities[1].offset, text.entities[1].length), (12, 5));
        assert_eq!(r.client_id, Some(1));
        assert!(r.extra.is_none());
    });
}

// ---------------------------------------------------------------------------------------------
// Skipped values are still validated; keys and names match exactly

/// JSON that is not valid in any value position.
const NOT_JSON: &[&str] = &[
    "-",
    "1.",
    ".5",
    "1e+",
    "1e",
    "--1",
    "+1",
    "0x1",
    "NaN",
    "Infinity",
    "-Infinity",
    "01",
    "-01",
    "1.e5",
    "tru",
    "nul",
    "fals",
    "truex",
    "nullx",
    r#""\ud83d""#,
    r#""\udc00""#,
    r#""\ud83d\u0041""#,
    r#""\u12""#,
    r#""\q""#,
    "\"\u{1}\"",
    "[1 2]",
    r#"{"a" 1}"#,
    "{1:2}",
    "[,]",
    "{,}",
    r#""a""b""#,
    "[1,]",
    r#"{"a":1,}"#,
    "'a'",
    "[",
    "{",
    "]",
    "}",
];

#[test]
fn skipped_values_must_be_valid_json() {
    let mut wrong = Vec::new();
    for value in NOT_JSON {
        for payload in [
            format!(r#"{{"@type":"ok","x":{value}}}"#),
            format!(r#"{{"x":{value},"@type":"ok"}}"#),
            format!(r#"{{"@type":"ok","@extra":{value}}}"#),
            format!(r#"{{"@type":"someFuture","x":{value}}}"#),
            format!(r#"{{"@type":"testInt","value":1,"value":{value}}}"#),
            format!(r#"{{"@type":"message","content":{{"@type":"messageFuture","x":[{value}]}}}}"#),
        ] {
            match tlgen_tests::validate(payload.as_bytes()) {
                Verdict::BothRejected { .. } => {}
                other => wrong.push(format!("{payload}: {other}")),
            }
        }
    }
    assert!(wrong.is_empty(), "accepted:\n  {}", wrong.join("\n  "));
    // Valid oddities in skipped positions are fine.
    for value in [
        "1e-999999999",
        "-0.0",
        "18446744073709551616",
        "\"\u{7f}\"",
        r#""\u0000""#,
    ] {
        assert_eq!(
            test_int(&accept(&format!(
                r#"{{"@type":"testInt","x":{value},"value":3}}"#
            ))),
            3
        );
    }
}

#[test]
fn only_json_whitespace_is_whitespace() {
    accept("\t\r\n {\t\r\n \"@type\"\t\r\n :\t\r\n \"ok\"\t\r\n }\t\r\n ");
    for payload in [
        &b"{\"@type\":\"ok\",\x0c\"x\":1}"[..],
        b"{\"@type\":\"ok\"}\x0b",
        b"{\"@type\":\"ok\"}\x0c",
        b"\x0c{\"@type\":\"ok\"}",
        b"{\"@type\":\"ok\",\"x\":\xc2\xa01}",
        b"\xef\xbb\xbf{\"@type\":\"ok\"}",
        b"{\"@type\":\"ok\",\"x\":\x001}",
    ] {
        reject_bytes(payload);
    }
}

#[test]
fn keys_match_exactly() {
    // Near misses of `value` are unknown fields.
    let r = accept(
        r#"{"@type":"testInt","valu":1,"valuee":2,"vblue":3,"Value":4,"value\"":5,"value\u0000":6,"valu\u0065 ":7}"#,
    );
    assert_eq!(test_int(&r), 0);
    // Declaration order is only the fast path.
    let r = accept(
        r#"{"@type":"location","horizontal_accuracy":3.0,"x":0,"longitude":2.0,"latitude":1.0}"#,
    );
    assert_eq!(
        location(&r),
        &types::Location {
            latitude: 1.0,
            longitude: 2.0,
            horizontal_accuracy: 3.0
        }
    );
    // Escaped `@type`, `@extra` and `@client_id` keys, also when `@type` is looked ahead for.
    let r = accept(r#"{"value":1,"\u0040type":"testInt"}"#);
    assert_eq!(test_int(&r), 1);
    let r = accept(r#"{"@type":"ok","\u0040extra":1,"@client_id":2}"#);
    assert_eq!(
        (r.extra.clone(), r.client_id),
        (Some(JsonValue::Number(Number::U64(1))), Some(2))
    );
    let r = accept(r#"{"@type":"ok","\u0040client_id":"3"}"#);
    assert_eq!(r.client_id, Some(3));
    // Integers and base64 behind escapes are read after unescaping.
    assert_eq!(int32(r#""\u0031\u0032""#), Some(12));
    assert_eq!(int64(r#""\u002d\u0031""#), Some(-1));
    assert_eq!(bytes(r#""\u0041A==""#), Some(vec![0]));
}

#[test]
fn type_names_match_exactly() {
    for name in [
        "TestInt",
        "testint",
        "testIn",
        "testIntx",
        "testInt ",
        " testInt",
        "testInt\\u0000",
        "",
    ] {
        let payload = format!(r#"{{"@type":"{name}","value":1}}"#);
        let r = accept(&payload);
        assert!(
            matches!(&r.object, Object::Unknown(_)),
            "{payload}: {}",
            r.object.type_name()
        );
    }
    // Names whose CRC32 equals that of a known constructor (the pointer parser dispatches on
    // CRC32 first) are still unknown.
    assert_eq!(
        crc32fast_like("zzncbagyck"),
        crc32fast_like("failedToAddMembers")
    );
    let r = accept(r#"{"@type":"failedToAddMembers","failed_to_add_members":[]}"#);
    assert_eq!(r.object.type_name(), "failedToAddMembers");
    assert!(!matches!(r.object, Object::Unknown(_)));
    let r = accept(r#"{"@type":"zzncbagyck","failed_to_add_members":[]}"#);
    assert_eq!(r.object, Object::Unknown(unknown("zzncbagyck")));
    assert_eq!(
        crc32fast_like("zzwwjwzprz"),
        crc32fast_like("messagePaymentSuccessful")
    );
    let r = accept(r#"{"@type":"message","content":{"@type":"zzwwjwzprz"}}"#);
    assert_eq!(
        message(&r).content,
        enums::MessageContent::Unknown(unknown("zzwwjwzprz"))
    );
    let r = accept(r#"{"@type":"message","content":{"@type":"messagePaymentSuccessful"}}"#);
    assert!(matches!(
        message(&r).content,
        enums::MessageContent::MessagePaymentSuccessful(_)
    ));
}

/// CRC-32 (IEEE), as `crc32fast::hash` computes it, to show the collisions above are real.
fn crc32fast_like(text: &str) -> u32 {
    let mut crc = !0u32;
    for &b in text.as_bytes() {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn type_last_at_every_level() {
    // The reader buffers, the pointer parser looks ahead, at every level; depth still counts
    // once per level.
    let nest = |n: usize, leaf: &str| {
        let mut s = leaf.to_string();
        for _ in 0..n {
            s = format!(r#"{{"values":[{s}],"x":{{"@type":"decoy"}},"@type":"jsonValueArray"}}"#);
        }
        s
    };
    let ok = nest(127, r#"{"values":[],"@type":"jsonValueArray"}"#);
    assert_eq!(json_depth(&ok), 256);
    assert_eq!(json_value_array_depth(json_value(&accept(&ok))), 128);
    let with_leaf = nest(100, r#"{"value":"leaf","@type":"jsonValueString"}"#);
    let r = accept(&with_leaf);
    let mut value = json_value(&r);
    for _ in 0..100 {
        let enums::JsonValue::Array(a) = value else {
            panic!("expected jsonValueArray")
        };
        value = &a.values[0];
    }
    let enums::JsonValue::String(leaf) = value else {
        panic!("expected jsonValueString, got {value:?}")
    };
    assert_borrowed(&leaf.value, "leaf");
    let too_deep = nest(128, r#"{"@type":"jsonValueNull"}"#);
    assert_eq!(json_depth(&too_deep), 257);
    reject(&too_deep);
}
