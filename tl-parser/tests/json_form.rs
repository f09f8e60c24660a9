//! Telegram's JSON form: for every shared schema, `.tl → to_json → parse_json` gives the
//! model of the `.tl` once what the JSON form cannot carry is normalised away:
//! docs and spans are dropped, `explicit_id` becomes `true` (the JSON always writes the id),
//! and definitions are ordered constructors first, then functions (source order otherwise).
//! Type parameters need no normalising: every `{X:Type}` in these schemas is used as `!X`.

mod common;

use common::normalise::without_docs_and_spans;
use tl_parser::{Category, Definition, Schema, parse_json, to_json};

fn json_normalised(schema: &Schema) -> Vec<Definition> {
    let mut out: Vec<Definition> = Vec::new();
    for category in [Category::Type, Category::Function] {
        for d in schema.definitions.iter().filter(|d| d.category == category) {
            let mut d = without_docs_and_spans(d);
            d.explicit_id = true;
            out.push(d);
        }
    }
    out
}

#[test]
fn every_shared_schema_survives_the_json_form() {
    for file in common::SCHEMAS {
        let schema = common::parse_schema(file);
        let json = to_json(&schema);
        let back = parse_json(&json).unwrap_or_else(|e| panic!("{file}: {}", e[0]));
        assert!(back.classes.is_empty());
        let back: Vec<Definition> = back
            .definitions
            .iter()
            .map(without_docs_and_spans)
            .collect();
        let expected = json_normalised(&schema);
        assert_eq!(back.len(), expected.len(), "{file}");
        for (b, e) in back.iter().zip(&expected) {
            assert_eq!(b, e, "{file}: {e}");
        }
        // And the JSON form is a fixed point.
        let again = to_json(&parse_json(&json).expect("parses"));
        assert_eq!(again, json, "{file}");
    }
}

#[test]
fn telegram_layout() {
    let schema = tl_parser::parse(
        "boolFalse#bc799737 = Bool;\nvector#1cb5c415 {t:Type} # [ t ] = Vector t;\n\
         ---functions---\nauth.sendCode#a677244f flags:# x:flags.0?Vector<long> = auth.SentCode;\n\
         invokeWithLayer#da9b0d0d {X:Type} layer:int query:!X = X;\n",
    )
    .expect("parses");
    let json = to_json(&schema);
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(
        value["constructors"][0],
        serde_json::json!({"id": "-1132882121", "predicate": "boolFalse", "params": [], "type": "Bool"})
    );
    assert_eq!(
        value["constructors"][1],
        serde_json::json!({"id": "481674261", "predicate": "vector", "params": [],
                           "type": "Vector t", "builtin": "{t:Type} # [ t ]"})
    );
    assert_eq!(
        value["methods"][0],
        serde_json::json!({"id": "-1502141361", "method": "auth.sendCode",
            "params": [{"name": "flags", "type": "#"}, {"name": "x", "type": "flags.0?Vector<long>"}],
            "type": "auth.SentCode"})
    );
    let back = parse_json(&json).expect("parses");
    let invoke = &back.definitions[3];
    assert_eq!(
        invoke.to_string(),
        "invokeWithLayer#da9b0d0d {X:Type} layer:int query:!X = X;"
    );
    assert_eq!(invoke.category, Category::Function);
}

/// Telegram's own `vector` entry (no `builtin` key) and numeric ids are read too.
#[test]
fn reads_telegram_entries() {
    let json = r#"{"constructors":[{"id":481674261,"predicate":"vector","params":[],"type":"Vector t"}],
                   "methods":[{"id":"3735928559","method":"m","params":[],"type":"Vector<int>"}]}"#;
    let schema = parse_json(json).expect("parses");
    assert_eq!(schema.definitions[0].ty.to_string(), "Vector<t>");
    assert_eq!(schema.definitions[0].id, 0x1cb5c415);
    assert_eq!(schema.definitions[1].id, 0xdeadbeef);
}

#[test]
fn json_errors() {
    let cases = [
        ("{", "invalid JSON", 1, 1),
        ("[]", "expected a JSON object", 1, 1),
        (
            r#"{"constructors":3}"#,
            "`constructors` must be an array",
            1,
            1,
        ),
        (
            "{\"constructors\":[\n{\"id\":\"1\",\"predicate\":\"a b\",\"params\":[],\"type\":\"A\"}]}",
            "constructors[0]: invalid name `a b`",
            2,
            23,
        ),
        (
            r#"{"methods":[{"id":"x","method":"m","params":[],"type":"A"}]}"#,
            "methods[0]: `id` must be a 32-bit integer",
            1,
            32,
        ),
        (
            r#"{"methods":[{"id":"1","method":"m","params":[{"name":"a","type":"Vector<"}],"type":"A"}]}"#,
            "methods[0].params[0]: invalid parameter `a:Vector<`",
            1,
            32,
        ),
        (
            r#"{"constructors":[{"id":"1","predicate":"c","params":[]}]}"#,
            "constructors[0]: missing string `type`",
            1,
            1,
        ),
    ];
    for (json, message, line, column) in cases {
        let errors = parse_json(json).expect_err(json);
        let e = &errors[0];
        assert!(e.message.starts_with(message), "{json}: {}", e.message);
        assert_eq!(
            (e.span.line, e.span.column),
            (line, column),
            "{json}: {}",
            e.message
        );
    }
}
