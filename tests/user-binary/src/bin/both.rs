//! What a user writes: td_api.tl (pruned to `Update`, `getMe`, `getChats`) generated in
//! `both` mode into a private module of a binary, most of it unused, under
//! `#![deny(warnings)]`. That this builds, and passes `cargo clippy -- -D warnings` (CI runs
//! it on the workspace), is the test: generated code must not warn however it is included.

#![deny(warnings)]

mod td_api {
    include!(concat!(env!("OUT_DIR"), "/both/td_api.rs"));
}

const TEXT: &str =
    r#"{"@type":"updateUserStatus","user_id":"7","status":{"@type":"userStatusEmpty"}}"#;

fn main() {
    println!("{:?}", td_api::validate(TEXT));
}
