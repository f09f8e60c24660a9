//! What a user writes: td_api.tl (pruned to `Update`, `getMe`, `getChats`) generated in
//! `arena` mode into a private module of a binary, most of it unused, under
//! `#![deny(warnings)]`, with one boxed field (`Config::boxed(["message.content"])`). That this
//! builds, and passes `cargo clippy -- -D warnings`, is the test.

#![deny(warnings)]

mod td_api {
    include!(concat!(env!("OUT_DIR"), "/arena/td_api.rs"));
}

use tlgen_runtime::arena::{Bump, Ref};

fn main() {
    use td_api::enums::{MessageContent, Update};
    let mut arena = Bump::new();
    let text = r#"{"@type":"updateNewMessage","message":{"@type":"message","id":5,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"h\u00ed","entities":[]}}}}"#;
    let buffer = tlgen_runtime::pointer::NulTerminated::from(text.as_bytes());
    for _ in 0..2 {
        // one arena per document: reset, parse, use, and the next document reuses its memory
        arena.reset();
        let parsed = td_api::parse_received(&arena, buffer.cursor()).unwrap_or_else(|e| {
            eprintln!("arena: {e}");
            std::process::exit(1)
        });
        let td_api::Object::Update(Update::NewMessage(update)) = parsed.object else {
            panic!("not updateNewMessage");
        };
        let update: &td_api::types::UpdateNewMessage = update;
        let content: Ref<'_, MessageContent> = update.message.content;
        let MessageContent::MessageText(text) = *content else {
            panic!("not messageText");
        };
        let text: &str = text.text.text;
        assert_eq!(text, "hí");
        println!("{}", parsed.object.type_name());
    }
    // Building a value by hand: the views are plain references.
    let user = td_api::types::UpdateUserStatus {
        user_id: 7,
        ..Default::default()
    };
    let update: Update<'_> = (&user).into();
    assert_eq!(update.type_name(), "updateUserStatus");
}
