//! `type_sizes`: the size in bytes of the generated td_api types an application moves most
//! (`Object`, `Update`, `Message`, ...), and the largest class enums. Variants are boxed only
//! where recursion needs it unless `Config::boxed` says otherwise, so these sizes are what a
//! parse returns by value and what a `Vec` of them holds per element.
//!
//! ```text
//! cargo run -p tlgen-tests --example type_sizes
//! ```

use std::mem::size_of;

use tlgen_tests::td::{Object, enums, types};

fn main() {
    let rows: &[(&str, usize)] = &[
        ("Object", size_of::<Object>()),
        ("enums::Update", size_of::<enums::Update>()),
        (
            "types::UpdateNewMessage",
            size_of::<types::UpdateNewMessage>(),
        ),
        ("types::Message", size_of::<types::Message>()),
        ("enums::MessageContent", size_of::<enums::MessageContent>()),
        ("types::MessageText", size_of::<types::MessageText>()),
        ("enums::MessageReplyTo", size_of::<enums::MessageReplyTo>()),
        ("types::Chat", size_of::<types::Chat>()),
        ("types::User", size_of::<types::User>()),
        (
            "types::UpdateUserStatus",
            size_of::<types::UpdateUserStatus>(),
        ),
        ("enums::UserStatus", size_of::<enums::UserStatus>()),
        ("enums::PageBlock", size_of::<enums::PageBlock>()),
        ("enums::RichText", size_of::<enums::RichText>()),
    ];
    println!("| type | bytes |\n|---|---:|");
    for (name, size) in rows {
        println!("| `{name}` | {size} |");
    }
}
