//! What a user writes: td_api.tl (pruned to `Update`, `getMe`, `getChats`) generated in
//! `pointer` mode into a private module of a binary, most of it unused, under
//! `#![deny(warnings)]`. That this builds, and passes `cargo clippy -- -D warnings` (CI runs
//! it on the workspace), is the test: generated code must not warn however it is included.

#![deny(warnings)]

mod td_api {
    include!(concat!(env!("OUT_DIR"), "/pointer/td_api.rs"));
}

const TEXT: &str =
    r#"{"@type":"updateUserStatus","user_id":"7","status":{"@type":"userStatusEmpty"}}"#;

fn main() {
    let buffer = tlgen_runtime::pointer::NulTerminated::from(TEXT.as_bytes());
    let parsed = td_api::parse_received(buffer.cursor()).unwrap_or_else(|e| {
        eprintln!("pointer: {e}");
        std::process::exit(1)
    });
    println!("{}", parsed.object.type_name());

    // `Boxing::Recursion` with `Config::boxed(["Update.updateNewMessage", "message.content"])`:
    // that variant and that field are boxed, every other variant is not.
    use td_api::enums::{MessageContent, Update};
    let text = r#"{"@type":"updateNewMessage","message":{"@type":"message","id":5,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"hi","entities":[]}}}}"#;
    let buffer = tlgen_runtime::pointer::NulTerminated::from(text.as_bytes());
    let parsed = td_api::parse_received(buffer.cursor()).unwrap_or_else(|e| {
        eprintln!("pointer: {e}");
        std::process::exit(1)
    });
    let td_api::Object::Update(Update::NewMessage(update)) = parsed.object else {
        panic!("not updateNewMessage");
    };
    let update: Box<td_api::types::UpdateNewMessage> = update;
    let content: Box<MessageContent> = update.message.content;
    let MessageContent::MessageText(text) = *content else {
        panic!("not messageText");
    };
    assert_eq!(text.text.text, "hi");
    let status = Update::UserStatus(td_api::types::UpdateUserStatus::default());
    assert_eq!(status.type_name(), "updateUserStatus");
}
