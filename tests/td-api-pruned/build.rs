//! Generates td_api.tl in `both` mode, keeping only what two update constructors and two
//! functions need. Every other constructor must parse as `Unknown`. Serializers only for what
//! the requests carry (`Serializers::Requests`): the validator names differences from `Debug`.

fn main() {
    println!("cargo:rerun-if-env-changed=TLGEN_SCHEMA");
    let schema = std::env::var("TLGEN_SCHEMA").unwrap_or_else(|_| {
        format!(
            "{}/../../../shared/schema/td_api.tl",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let result = tlgen::Config::new()
        .mode(tlgen::Mode::Both)
        .serializers(tlgen::Serializers::Requests)
        .roots([
            "updateNewMessage",
            "updateAuthorizationState",
            "getOption",
            "testCallString",
        ])
        .compile(&schema);
    if let Err(e) = result {
        panic!("tlgen failed on {schema}:\n{e}");
    }
}
