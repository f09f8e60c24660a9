//! Unknown fields and unknown types; where `@type` may come.

use super::*;

// ---------------------------------------------------------------------------------------------
// Unknown fields and unknown types

#[test]
fn unknown_fields_of_every_kind_are_skipped() {
    let r = accept(
        r#"{"@type":"testInt","a":1,"b":-2.5e10,"c":"x\"y\u00e9 \"value\":99","d":true,"e":null,"f":[1,[2,[3,{"g":"h","value":98}]],{}],"g":{"h":{"i":{"j":[{"@type":"testString","value":"decoy"}]}}},"value":42,"z":[],"@future":{"@type":"testInt","value":97},"y":{}}"#,
    );
    assert_eq!(test_int(&r), 42);
    assert_eq!((extra_value(&r), r.client_id), (None, None));

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
            assert_eq!((extra_value(r), r.client_id), (None, None));
        },
    );
    // `@extra` and `@client_id` are still captured.
    let r = accept(r#"{"@type":"future","x":[1],"@extra":"e","@client_id":3}"#);
    assert_eq!(r.object, Object::Unknown(unknown("future")));
    assert_eq!(extra_value(&r), Some(JsonValue::String("e".into())));
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
            enums::JsonValue::from(types::JsonValueNull {}),
            enums::JsonValue::from(types::JsonValueBoolean { value: true }),
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
        Object::from(types::TestVectorIntObject {
            value: vec![types::TestInt { value: 7 }, types::TestInt { value: 8 }]
        })
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
        extra_value(&r),
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
    assert_eq!(r.object, Object::from(types::OkObject {}));
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
        enums::MessageSender::from(types::MessageSenderUser { user_id: 9 })
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
