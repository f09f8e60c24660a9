//! Generates tdlib-rs 1.4.0's types for td_api.tl (`../shared/schema/`, or `TLGEN_SCHEMA`) the
//! way tdlib-rs's own build script does (`parse_tl_file`, parse errors dropped, then
//! `generate_rust_code(.., gen_bots_only_api = false)`: tdlib-rs's default features), and
//! appends a table from each constructor to the `enums` type tdlib-rs would deserialize it as.
//!
//! The generated `functions` module is cut off: it calls tdlib-rs's `send_request` (a TDLib
//! round trip) and the bench only receives. Only `types` and `enums` are compiled.

use std::fmt::Write as _;
use std::path::Path;

use tdlib_rs_parser::tl::Category;

/// The classes tdlib-rs-gen writes no type for (its `SPECIAL_CASED_TYPES`).
const SPECIAL_CASED_TYPES: [&str; 6] = ["Bool", "Bytes", "Int32", "Int53", "Int64", "Ok"];

/// tdlib-rs-gen's `rusty_type_name` (private there; copied from tdlib-rs-gen 1.4.0,
/// `src/rustifier.rs`, MIT OR Apache-2.0): the Rust name of a class's enum.
fn rusty_type_name(name: &str) -> String {
    enum Casing {
        Upper,
        Lower,
        Preserve,
    }
    let name = name.rsplit('.').next().unwrap_or(name);
    let mut result = String::with_capacity(name.len());
    name.chars().fold(Casing::Upper, |casing, c| {
        if c == '_' {
            return Casing::Upper;
        }
        match casing {
            Casing::Upper => {
                result.push(c.to_ascii_uppercase());
                Casing::Lower
            }
            Casing::Lower | Casing::Preserve => {
                if matches!(casing, Casing::Lower) {
                    result.push(c.to_ascii_lowercase());
                } else {
                    result.push(c);
                }
                if c.is_ascii_uppercase() {
                    Casing::Lower
                } else {
                    Casing::Preserve
                }
            }
        }
    });
    result
}

fn main() {
    println!("cargo:rerun-if-env-changed=TLGEN_SCHEMA");
    let schema = std::env::var("TLGEN_SCHEMA").unwrap_or_else(|_| {
        format!(
            "{}/../../../shared/schema/td_api.tl",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    println!("cargo:rerun-if-changed={schema}");
    let text =
        std::fs::read_to_string(&schema).unwrap_or_else(|e| panic!("cannot read {schema}: {e}"));
    let mut errors = Vec::new();
    let definitions: Vec<_> = tdlib_rs_parser::parse_tl_file(text)
        .filter_map(|d| d.map_err(|e| errors.push(format!("{e:?}"))).ok())
        .collect();

    let mut code = Vec::new();
    tdlib_rs_gen::generate_rust_code(&mut code, &definitions, false).expect("write to a Vec");
    let mut code = String::from_utf8(code).expect("tdlib-rs-gen writes UTF-8");
    let functions = code
        .find("#[allow(clippy::all)]\npub mod functions {")
        .expect("tdlib-rs-gen writes a functions module");
    code.truncate(functions);

    // Constructor -> class (index into CLASSES), sorted by constructor for a binary search.
    let mut classes: Vec<String> = Vec::new();
    let mut table: Vec<(String, usize)> = Vec::new();
    for d in definitions
        .iter()
        .filter(|d| d.category == Category::Types)
        .filter(|d| !SPECIAL_CASED_TYPES.contains(&d.ty.name.as_str()))
    {
        let class = rusty_type_name(&d.ty.name);
        let i = classes.iter().position(|c| *c == class).unwrap_or_else(|| {
            classes.push(class);
            classes.len() - 1
        });
        table.push((d.name.clone(), i));
    }
    table.sort();
    let _ = writeln!(
        code,
        "\n/// tdlib-rs-gen's parse errors on the schema (definitions it dropped).\n\
         pub const PARSE_ERRORS: &[&str] = &{errors:?};\n\
         /// Every class with an `enums` type, in schema order.\n\
         pub const CLASSES: &[&str] = &{classes:?};\n\
         /// Every constructor of those classes, sorted, with its class (index into [`CLASSES`]).\n\
         pub const CONSTRUCTORS: &[(&str, u16)] = &["
    );
    for (name, i) in &table {
        let _ = writeln!(code, "    ({name:?}, {i}),");
    }
    let _ = writeln!(
        code,
        "];\n\n\
         /// `serde_json::from_value::<enums::CLASSES[class]>(value)`, the result black-boxed and\n\
         /// dropped.\n\
         pub fn from_value_as(class: u16, value: serde_json::Value) -> Result<(), serde_json::Error> {{\n\
         \x20   match class {{"
    );
    for (i, class) in classes.iter().enumerate() {
        let _ = writeln!(
            code,
            "        {i} => keep(serde_json::from_value::<enums::{class}>(value)),"
        );
    }
    let _ = writeln!(code, "        _ => unreachable!(),\n    }}\n}}");

    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("generated.rs");
    if std::fs::read_to_string(&out).ok().as_deref() != Some(code.as_str()) {
        std::fs::write(&out, code).expect("write generated.rs");
    }
}
