//! Generates td_api.tl from `../shared/schema/` (or `TLGEN_SCHEMA`) in `arena` mode.

fn main() {
    println!("cargo:rerun-if-env-changed=TLGEN_SCHEMA");
    let schema = std::env::var("TLGEN_SCHEMA").unwrap_or_else(|_| {
        format!(
            "{}/../../../shared/schema/td_api.tl",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    if let Err(e) = tlgen::Config::new()
        .mode(tlgen::Mode::Arena)
        .compile(&schema)
    {
        panic!("tlgen failed on {schema}:\n{e}");
    }
}
