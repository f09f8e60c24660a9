//! `bytes` (base64) and strings: escapes, UTF-8, borrowed and owned.

use super::*;

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
            let extra = extra_value(r);
            let Some(JsonValue::Object(members)) = &extra else {
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
