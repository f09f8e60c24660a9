//! Skipped values are still validated; keys and names match exactly.

use super::*;

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
        (extra_value(&r), r.client_id),
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
    // CRC-32C first) are still unknown.
    assert_eq!(crc32c("lwkpqxsmwt"), crc32c("failedToAddMembers"));
    let r = accept(r#"{"@type":"failedToAddMembers","failed_to_add_members":[]}"#);
    assert_eq!(r.object.type_name(), "failedToAddMembers");
    assert!(!matches!(r.object, Object::Unknown(_)));
    let r = accept(r#"{"@type":"lwkpqxsmwt","failed_to_add_members":[]}"#);
    assert_eq!(r.object, Object::Unknown(unknown("lwkpqxsmwt")));
    assert_eq!(crc32c("veugahbtqk"), crc32c("messagePaymentSuccessful"));
    let r = accept(r#"{"@type":"message","content":{"@type":"veugahbtqk"}}"#);
    assert_eq!(
        message(&r).content,
        enums::MessageContent::Unknown(unknown("veugahbtqk"))
    );
    let r = accept(r#"{"@type":"message","content":{"@type":"messagePaymentSuccessful"}}"#);
    assert!(matches!(
        message(&r).content,
        enums::MessageContent::MessagePaymentSuccessful(_)
    ));
}

/// CRC-32C (Castagnoli, the `@type` hash), bit by bit, to show the collisions above are real.
fn crc32c(text: &str) -> u32 {
    let mut crc = !0u32;
    for &b in text.as_bytes() {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0x82f6_3b78
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
