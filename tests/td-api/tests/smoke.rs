use tlgen_runtime::reader::from_str;
use tlgen_td_api::{Object, Received, enums, types};

#[test]
fn parses_update() {
    let text = r#"{"@type":"updateNewMessage","message":{"@type":"message","id":5,"sender_id":{"@type":"messageSenderUser","user_id":123},"chat_id":-100123,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"hi \u00e9","entities":[]}}},"@extra":{"a":[1,2.5,"x"]},"@client_id":1}"#;
    let r: Received = from_str(text).unwrap();
    println!("{r:#?}");
    let Object::Update(enums::Update::NewMessage(m)) = &r.object else {
        panic!()
    };
    assert_eq!(m.message.id, 5);
    assert_eq!(r.client_id, Some(1));
    let _: types::Message = from_str(r#"{"chat_id":"12","@type":"message"}"#).unwrap();
}
