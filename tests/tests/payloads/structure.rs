//! `vector<vector<T>>`, nesting depth limits, framing (whitespace, NUL), type mismatches.

use super::*;
use tlgen_tests::{
    VECTOR_LENGTHS, is_null_entity, message_senders_document, text_entities_document,
};

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

/// Vectors of constructors and of classes go through one loop shared by every element type
/// (`parse_elements`, the vector's buffer grown 4, 8, 16, ... by `realloc`): every length
/// around those steps, `null` elements among them, elements that own allocations (escaped
/// strings) moved by each growth, all in input order and equal to the reader's.
#[test]
fn vectors_of_constructors_and_classes_of_every_length() {
    for n in VECTOR_LENGTHS {
        let doc = text_entities_document(n);
        accept_with(&doc, |r| {
            let Object::TextEntities(list) = &r.object else {
                panic!("{:?}", r.object)
            };
            let got: Vec<(i32, String)> = list
                .entities
                .iter()
                .map(|e| match &e.r#type {
                    enums::TextEntityType::TextUrl(url) => (e.offset, url.url.to_string()),
                    other => (e.offset, format!("{other:?}")),
                })
                .collect();
            let expected: Vec<(i32, String)> = (0..n)
                .map(|i| match is_null_entity(i) {
                    true => (0, format!("{:?}", enums::TextEntityType::default())),
                    false => (i as i32, format!("/{i}")),
                })
                .collect();
            assert_eq!(got, expected);
        });

        let doc = message_senders_document(n);
        accept_with(&doc, |r| {
            let Object::MessageSenders(list) = &r.object else {
                panic!("{:?}", r.object)
            };
            let ids: Vec<i64> = list
                .senders
                .iter()
                .map(|s| match s {
                    enums::MessageSender::User(u) => u.user_id,
                    enums::MessageSender::Chat(c) => -c.chat_id,
                    other => panic!("{other:?}"),
                })
                .collect();
            let expected: Vec<i64> = (0..n as i64)
                .map(|i| if i % 2 == 0 { i } else { -i })
                .collect();
            assert_eq!(ids, expected);
        });
    }
    // an element that fails stops the vector with the element's error, at its byte
    let doc = r#"{"@type":"textEntities","entities":[{"@type":"textEntity","offset":1},{"@type":"textEntity","offset":"x"}]}"#;
    reject(doc);
    let buffer = NulTerminated::from(doc);
    let error = td::parse_received(buffer.cursor()).unwrap_err();
    assert_eq!(error.offset(), doc.find(r#""x""#).unwrap(), "{error}");
}

// ---------------------------------------------------------------------------------------------
// Nesting depth

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
    assert_eq!(extra_value(&r), Some(JsonValue::String("deep".into())));
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
    let value = extra_value(&r).expect("@extra");
    let mut extra = &value;
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
        Object::OptionValue(enums::OptionValue::from(types::OptionValueBoolean {
            value: true
        }))
    );
    // TDLib writes `true`/`false` only (its request reader would also take an int32; these
    // parsers read output and take neither).
    for value in ["1", "0", "\"1\"", "\"true\"", "2", "[]", "tru"] {
        reject(&format!(
            r#"{{"@type":"optionValueBoolean","value":{value}}}"#
        ));
    }
}
