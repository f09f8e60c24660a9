//! Generates td_api.tl from `../shared/schema/` (or `TLGEN_SCHEMA`) in `both` mode, with the
//! small variants of 1.8.65 kept inline (`schema/td_api.unboxed`, `Config::unboxed_file`): the
//! layout a td_api user gets by copying that file, and the one the bench measures.

fn main() {
    println!("cargo:rerun-if-env-changed=TLGEN_SCHEMA");
    let schema = std::env::var("TLGEN_SCHEMA").unwrap_or_else(|_| {
        format!(
            "{}/../../../shared/schema/td_api.tl",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    if let Err(e) = tlgen::Config::new()
        .mode(tlgen::Mode::Both)
        .unboxed_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schema/td_api.unboxed"
        ))
        .compile(&schema)
    {
        panic!("tlgen failed on {schema}:\n{e}");
    }
}
