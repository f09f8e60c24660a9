//! Owned values (`IntoStatic`) and a realistic update.

use super::*;

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
        // (the text of `@extra`, owned)
        let Some(Cow::Owned(extra)) = &r.extra else {
            panic!("expected an owned @extra: {:?}", r.extra)
        };
        assert_eq!(
            extra.to_value().unwrap(),
            JsonValue::Array(vec![
                JsonValue::String("plain".into()),
                JsonValue::Object(vec![("k".into(), JsonValue::String("v".into()))]),
            ])
        );
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
    assert_eq!(*t, text_only);
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
            enums::MessageSender::from(types::MessageSenderUser { user_id: 777_000 })
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
