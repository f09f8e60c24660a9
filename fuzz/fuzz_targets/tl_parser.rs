//! Arbitrary bytes as schema text: parsing (TL text form and JSON form), the semantic checks,
//! rendering diagnostics (snippets with line/column, where byte offsets meet UTF-8) and writing
//! the JSON form back must never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match tl_parser::parse(text) {
        Ok(schema) => {
            let diagnostics = tl_parser::check(&schema);
            let _ = tl_parser::render_all(&diagnostics, "fuzz.tl", text);
            let _ = schema.summary().to_string();
            let json = tl_parser::to_json(&schema);
            if let Ok(again) = tl_parser::parse_json(&json) {
                let _ = tl_parser::check(&again);
            }
        }
        Err(diagnostics) => {
            let _ = tl_parser::render_all(&diagnostics, "fuzz.tl", text);
        }
    }
    if let Err(diagnostics) = tl_parser::parse_json(text) {
        let _ = tl_parser::render_all(&diagnostics, "fuzz.json", text);
    }
});
