//! What a user writes: td_api.tl (pruned to `Update`, `getMe`, `getChats`) generated in
//! `both` mode into a private module of a binary, most of it unused, under
//! `#![deny(warnings)]`. That this builds, and passes `cargo clippy -- -D warnings` (CI runs
//! it on the workspace), is the test: generated code must not warn however it is included.
//!
//! The same binary holds a second module of the same schema, the `pointer` one: each exports a
//! macro listing its requests at the crate root, so the second is generated with another name
//! (`Config::function_macro`), without which this does not build (E0428).

#![deny(warnings)]

mod td_api {
    include!(concat!(env!("OUT_DIR"), "/both/td_api.rs"));
}

mod td_api_pointer {
    include!(concat!(env!("OUT_DIR"), "/pointer/td_api.rs"));
}

const TEXT: &str =
    r#"{"@type":"updateUserStatus","user_id":"7","status":{"@type":"userStatusEmpty"}}"#;

fn main() {
    println!("{:?}", td_api::validate(TEXT));

    // Each module's macro lists its own request structs.
    let (mut both, mut pointer) = (Vec::<&str>::new(), Vec::<&str>::new());
    macro_rules! in_both {
        ($f:ident) => {
            both.push(<td_api::functions::$f as tlgen_runtime::function::Function>::TL_NAME)
        };
    }
    macro_rules! in_pointer {
        ($f:ident) => {
            pointer
                .push(<td_api_pointer::functions::$f as tlgen_runtime::function::Function>::TL_NAME)
        };
    }
    td_api_for_each_function!(in_both);
    pointer_td_api_for_each_function!(in_pointer);
    assert_eq!(both, ["getMe", "getChats"]);
    assert_eq!(pointer, both);
}
