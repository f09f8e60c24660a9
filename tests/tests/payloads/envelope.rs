//! The top-level envelope: `@extra` and `@client_id`.

use super::*;

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
    assert_eq!((extra_value(&r), r.client_id), (None, None));
    let r = accept(r#"{"@type":"ok","@client_id":1}"#);
    assert_eq!((extra_value(&r), r.client_id), (None, Some(1)));
    let r = accept(r#"{"@type":"ok","@extra":"x"}"#);
    assert_eq!(
        (extra_value(&r), r.client_id),
        (Some(JsonValue::String("x".into())), None)
    );
    // `@client_id` before `@extra`, both before the fields.
    let r = accept(r#"{"@type":"testInt","@client_id":5,"@extra":[1],"value":3}"#);
    assert_eq!(test_int(&r), 3);
    assert_eq!(
        (extra_value(&r), r.client_id),
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
fn envelope_keys_in_any_spelling() {
    // The pointer parser matches `"@client_id":` and `"@extra":` by a word compare first and
    // reads any other spelling of them (whitespace, escapes) as a key; the rules are the same
    // whichever path a key takes, the first of duplicates wins among spellings too.
    let s = |x: &'static str| Some(JsonValue::String(x.into()));
    for (payload, want_extra, want_client_id) in [
        (
            r#"{"@type":"ok","@extra":"e","@client_id":7}"#,
            s("e"),
            Some(7),
        ),
        (
            r#"{"@type":"ok" , "@extra" : "e" , "@client_id" : 7 }"#,
            s("e"),
            Some(7),
        ),
        (
            r#"{"@client_id":7,"@extra":"e","@type":"ok"}"#,
            s("e"),
            Some(7),
        ),
        (
            r#"{"@type":"testInt","value":1,"@client_id":7}"#,
            None,
            Some(7),
        ),
        (
            r#"{"@type":"ok","@client\u005fid":7,"@client_id":8}"#,
            None,
            Some(7),
        ),
        (
            r#"{"@type":"ok","@client_id":8,"@client\u005fid":7}"#,
            None,
            Some(8),
        ),
        (
            r#"{"@type":"ok","@client_id":null,"@client_id":8}"#,
            None,
            None,
        ),
        (
            r#"{"@type":"ok","\u0040extra":"a","@extra":"b"}"#,
            s("a"),
            None,
        ),
        (
            r#"{"@type":"ok","@extra":"b","\u0040extra":"a"}"#,
            s("b"),
            None,
        ),
        (r#"{"@type":"ok","@extra":"b","@extra" :"a"}"#, s("b"), None),
    ] {
        let r = accept(payload);
        assert_eq!(
            (extra_value(&r), r.client_id),
            (want_extra, want_client_id),
            "{payload}"
        );
    }
    // A bad value after the fast key is refused like after any other spelling.
    reject(r#"{"@type":"ok","@client_id":"x"}"#);
    reject(r#"{"@type":"ok","@extra":[1,}"#);
}

#[test]
fn extra_and_client_id_only_at_top_level() {
    let r = accept(
        r#"{"@type":"updateNewMessage","message":{"@type":"message","id":1,"@extra":"inner","@client_id":5,"content":{"@type":"messageText","@extra":{"x":1},"text":{"@type":"formattedText","text":"t","@client_id":6}}}}"#,
    );
    assert_eq!((extra_value(&r), r.client_id), (None, None));
    assert_eq!(new_message(&r).id, 1);
    assert_borrowed(&message_text(new_message(&r)).text.text, "t");
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"@type":"testInt","value":1,"@extra":2,"@client_id":3}],"@client_id":4}"#,
    );
    assert_eq!((extra_value(&r), r.client_id), (None, Some(4)));
    // Inside an unknown field, an unknown object and `@extra` itself.
    let r = accept(
        r#"{"@type":"testInt","value":1,"x":{"@extra":5,"@client_id":6},"@extra":{"@extra":7,"@client_id":8}}"#,
    );
    assert_eq!(test_int(&r), 1);
    assert_eq!(r.client_id, None);
    assert_eq!(
        extra_value(&r),
        Some(JsonValue::Object(vec![
            ("@extra".into(), JsonValue::Number(Number::U64(7))),
            ("@client_id".into(), JsonValue::Number(Number::U64(8))),
        ]))
    );
}
