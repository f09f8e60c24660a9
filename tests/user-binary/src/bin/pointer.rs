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
}
