//! Duplicate keys (the first wins), field order, nulls and missing fields.

use super::*;

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
    assert_eq!(extra_value(&r), Some(JsonValue::String("first".into())));
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
        Object::OptionValue(enums::OptionValue::from(types::OptionValueBoolean {
            value: false
        }))
    );
    let r = accept(r#"{"@type":"location","latitude":null,"longitude":null}"#);
    assert_eq!(location(&r), &types::Location::default());
    let r = accept(r#"{"@type":"testVectorInt","value":null}"#);
    assert_eq!(
        r.object,
        Object::from(types::TestVectorInt { value: vec![] })
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
        (extra_value(&r), r.client_id),
        (Some(JsonValue::Null), None)
    );
}

#[test]
fn null_vector_elements() {
    let r = accept(r#"{"@type":"testVectorInt","value":[1,null,3]}"#);
    assert_eq!(
        r.object,
        Object::from(types::TestVectorInt {
            value: vec![1, 0, 3]
        })
    );
    let r = accept(r#"{"@type":"testVectorString","value":["a",null,"c"]}"#);
    assert_eq!(test_vector_string(&r), ["a", "", "c"]);
    // Object elements that are not "may be null" → the element's Default (TDLib writes null).
    let r = accept(
        r#"{"@type":"testVectorIntObject","value":[{"@type":"testInt","value":1},null,{"@type":"testInt","value":3}]}"#,
    );
    assert_eq!(
        r.object,
        Object::from(types::TestVectorIntObject {
            value: vec![
                types::TestInt { value: 1 },
                types::TestInt { value: 0 },
                types::TestInt { value: 3 }
            ]
        })
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
            enums::JsonValue::from(types::JsonValueNull {})
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
