//! Helpers shared by the integration tests: reading the shared schemas.

#![allow(dead_code)]

pub mod normalise;

use std::path::PathBuf;

/// The five shared schemas, by file name.
pub const SCHEMAS: [&str; 5] = [
    "td_api.tl",
    "telegram_api.tl",
    "mtproto_api.tl",
    "secret_api.tl",
    "e2e_api.tl",
];

/// `/work/shared/schema/<name>`, found relative to this crate.
pub fn schema_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/schema")
        .join(name)
}

/// The text of a shared schema.
pub fn schema_source(name: &str) -> String {
    let path = schema_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A shared schema, parsed (panics with rendered diagnostics on syntax errors).
pub fn parse_schema(name: &str) -> tl_parser::Schema {
    let source = schema_source(name);
    tl_parser::parse(&source)
        .unwrap_or_else(|errors| panic!("{}", tl_parser::render_all(&errors, name, &source)))
}
