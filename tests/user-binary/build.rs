//! Generates td_api.tl pruned to `Update`, `getMe` and `getChats` in each mode, into
//! `OUT_DIR/<mode>/td_api.rs`, as a user's build script would, with a type and a field
//! attribute (`Config::type_attribute`, `field_attribute`) and, in pointer mode, only
//! recursion boxed (`Boxing::Recursion`) plus one boxed variant and one boxed field
//! (`Config::boxed`); in both mode, the small variants of 1.8.65 kept inline
//! (`Config::unboxed_file` with `schema/td_api.unboxed`); in arena mode, one boxed field (an
//! `arena::Ref`). The pointer module's request macro has another name
//! (`Config::function_macro`): src/bin/both.rs includes it beside the `both` module.

fn main() {
    let schema = format!(
        "{}/../../../shared/schema/td_api.tl",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for mode in [
        tlgen::Mode::Reader,
        tlgen::Mode::Pointer,
        tlgen::Mode::Both,
        tlgen::Mode::Arena,
    ] {
        let dir = out.join(mode.name());
        std::fs::create_dir_all(&dir).expect("OUT_DIR is writable");
        let mut config = tlgen::Config::new();
        if mode == tlgen::Mode::Pointer {
            config
                .boxing(tlgen::Boxing::Recursion)
                .boxed(["Update.updateNewMessage", "message.content"])
                // src/bin/both.rs holds this module beside the `both` one
                .function_macro(Some("pointer_td_api_for_each_function"));
        }
        if mode == tlgen::Mode::Both {
            config.unboxed_file(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../schema/td_api.unboxed"
            ));
        }
        if mode == tlgen::Mode::Arena {
            config.boxed(["message.content"]);
        }
        if let Err(e) = config
            .mode(mode)
            .roots(["Update", "getMe", "getChats"])
            .type_attribute("userStatusEmpty", "#[derive(Eq, Hash)]")
            .field_attribute("updateUserStatus.user_id", "#[doc(alias = \"id\")]")
            .out_dir(dir)
            .compile(&schema)
        {
            panic!("tlgen failed on {schema}:\n{e}");
        }
    }
}
