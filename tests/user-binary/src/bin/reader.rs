//! What a user writes: td_api.tl (pruned to `Update`, `getMe`, `getChats`) generated in
//! `reader` mode into a private module of a binary, most of it unused, under
//! `#![deny(warnings)]`. That this builds, and passes `cargo clippy -- -D warnings` (CI runs
//! it on the workspace), is the test: generated code must not warn however it is included.

#![deny(warnings)]

mod td_api {
    include!(concat!(env!("OUT_DIR"), "/reader/td_api.rs"));
}

const TEXT: &str =
    r#"{"@type":"updateUserStatus","user_id":"7","status":{"@type":"userStatusEmpty"}}"#;

fn main() {
    let read: td_api::Received = tlgen_runtime::reader::from_str(TEXT).unwrap_or_else(|e| {
        eprintln!("reader: {e}");
        std::process::exit(1)
    });
    println!("{}", read.object.type_name());

    // Constructing: `..Default::default()`, `.into()` a class and `Object`.
    let update: td_api::enums::Update = td_api::types::UpdateUserStatus {
        user_id: 7,
        ..Default::default()
    }
    .into();
    let object: td_api::Object = update.into();
    assert_eq!(object.type_name(), "updateUserStatus");
    // `#[derive(Eq, Hash)]` from `Config::type_attribute`.
    let statuses: std::collections::HashSet<td_api::types::UserStatusEmpty> =
        [td_api::types::UserStatusEmpty {}].into_iter().collect();
    assert_eq!(statuses.len(), 1);
}
