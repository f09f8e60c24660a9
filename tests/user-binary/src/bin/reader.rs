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
    // `read_received` (reader mode's default, `Config::reader_entry_points`): the reader
    // compiled in the generated code, not in this binary.
    let read = td_api::read_received(TEXT).unwrap_or_else(|e| {
        eprintln!("reader: {e}");
        std::process::exit(1)
    });
    println!("{}", read.object.type_name());
    let error = td_api::read_received(r#"{"@type":"updateUserStatus","user_id":[}"#)
        .map(|_| ())
        .expect_err("not JSON");
    assert!(error.to_string().contains("column"), "{error}");

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

    // A typed request in reader mode: written as TDLib JSON, its answer read as its result
    // (by the request's `ReadResponse`, compiled in the generated code).
    let answer = r#"{"@type":"user","id":"42","first_name":"Ada","@extra":1}"#;
    let (written, me) = request(answer).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, b"{\"@type\":\"getMe\",\"@extra\":1}\0");
    assert_eq!((me.id, &*me.first_name), (42, "Ada"));
    let error = r#"{"@type":"error","code":401,"message":"Unauthorized"}"#;
    let error = request(error).map(|_| ()).expect_err("an error answer");
    let Some(tlgen_runtime::function::CallError::Td(error)) = error.downcast_ref() else {
        panic!("not TDLib's error: {error}");
    };
    assert_eq!(error.code, 401);
}

/// README's "Requests are typed in every mode" snippet, line for line (tests/tests/readme.rs
/// checks that it is here).
#[rustfmt::skip]
fn request(text: &str) -> Result<(Vec<u8>, td_api::types::User<'_>), Box<dyn std::error::Error>> {
    use tlgen_runtime::function::{read_response, write_request};
    let mut request = Vec::new();
    write_request(&mut request, &td_api::functions::GetMe {}, Some(1))?; // JSON + "@extra" + NUL
    // ... td_send(client_id, request), then td_receive's answer as `text`:
    let me: td_api::types::User = read_response::<td_api::functions::GetMe>(text)?; // or CallError::Td
    Ok((request, me))
}
