//! `type_sizes`: the size in bytes of the generated td_api types an application moves most
//! (`Object`, `Update`, `Message`, ...), and the largest class enums: what a parse returns by
//! value and what a `Vec` of them holds per element. td_api is generated with
//! `Boxing::Variants` and the frozen list of small variants (`schema/td_api.unboxed`); drop
//! `unboxed_file` from `tests/td-api/build.rs` for every variant boxed, or build it with
//! `Boxing::Recursion` to see that policy's sizes.
//!
//! ```text
//! cargo run -p tlgen-tests --example type_sizes
//! ```

use std::mem::size_of;

use tlgen_tests::td::{Object, enums, types};

/// `(name, size)` of each type, named as written.
macro_rules! sizes {
    ($($t:ty),* $(,)?) => { [$((stringify!($t), size_of::<$t>())),*] };
}

fn main() {
    let rows = sizes![
        Object,
        enums::Update,
        types::UpdateNewMessage,
        types::Message,
        enums::MessageContent,
        types::MessageText,
        enums::MessageReplyTo,
        types::Chat,
        types::User,
        types::UpdateUserStatus,
        enums::UserStatus,
        enums::PageBlock,
        enums::RichText,
    ];
    println!("| type | bytes |\n|---|---:|");
    for (name, size) in rows {
        println!("| `{name}` | {size} |");
    }
}
