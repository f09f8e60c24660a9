//! The shared schemas parse, pass the check pass cleanly, and td_api.tl's docs are complete.

mod common;

use std::collections::HashMap;

use tl_parser::{Category, ParameterType};

#[test]
fn shared_schemas_check_clean() {
    for file in common::SCHEMAS {
        let schema = common::parse_schema(file);
        let source = common::schema_source(file);
        let diagnostics = tl_parser::check(&schema);
        assert!(
            diagnostics.is_empty(),
            "{}",
            tl_parser::render_all(&diagnostics, file, &source)
        );
    }
}

#[test]
fn load_reads_text_and_json() {
    let (schema, source) = tl_parser::load(&common::schema_path("e2e_api.tl")).expect("loads");
    assert_eq!(source, common::schema_source("e2e_api.tl"));
    assert_eq!(
        schema.summary().to_string(),
        "constructors 34, functions 1, classes 7, types 21"
    );
}

#[test]
fn td_api_docs() {
    let schema = common::parse_schema("td_api.tl");
    // Every non-builtin definition has a description, every parameter a doc.
    for d in schema.definitions.iter().filter(|d| !d.is_builtin()) {
        assert!(d.description.is_some(), "{d}");
        for p in &d.params {
            assert!(
                p.doc.as_deref().is_some_and(|doc| !doc.is_empty()),
                "{d}: {}",
                p.name
            );
        }
    }
    // `grep -v '^//@class' td_api.tl | grep '^//' | tr '\n' ' ' | sed 's/\/\/-/ /g; s/\/\/@/\n@/g; s/ @/\n@/g' \
    //   | grep -i 'may be null' | grep -v '^@description' | wc -l` = 366
    let nullable = schema
        .definitions
        .iter()
        .flat_map(|d| &d.params)
        .filter(|p| p.may_be_null)
        .count();
    assert_eq!(nullable, 366);
    // `grep -c '^//-' td_api.tl` = 373 continuation lines; spot-check one.
    let formatted = schema
        .definitions
        .iter()
        .find(|d| d.name == "formattedText")
        .expect("formattedText");
    let entities = formatted
        .params
        .iter()
        .find(|p| p.name == "entities")
        .expect("entities");
    assert!(
        entities
            .doc
            .as_deref()
            .is_some_and(|d| d.contains("with each other. Pre, Code"))
    );
    // `@param_description` documents `description`.
    let command = schema
        .definitions
        .iter()
        .find(|d| d.name == "botCommand")
        .expect("botCommand");
    assert_eq!(
        command.params[1].doc.as_deref(),
        Some("Description of the bot command")
    );
    // The 209 `//@class` docs name exactly the result types with more than one constructor.
    let mut per_type: HashMap<String, usize> = HashMap::new();
    for d in schema
        .definitions
        .iter()
        .filter(|d| d.category == Category::Type && !d.is_builtin())
    {
        *per_type.entry(d.ty.full_name()).or_default() += 1;
    }
    let mut classes: Vec<&str> = schema.classes.iter().map(|c| c.name.as_str()).collect();
    let mut multi: Vec<&str> = per_type
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(t, _)| t.as_str())
        .collect();
    classes.sort_unstable();
    multi.sort_unstable();
    assert_eq!(classes, multi);
    assert!(schema.classes.iter().all(|c| !c.description.is_empty()));
}

/// td_api.tl references single-constructor types by constructor name (`message`,
/// `vector<chatPosition>`); these are bare types.
#[test]
fn td_api_bare_references() {
    let schema = common::parse_schema("td_api.tl");
    let chat = schema
        .definitions
        .iter()
        .find(|d| d.name == "chat")
        .expect("chat");
    let positions = chat
        .params
        .iter()
        .find(|p| p.name == "positions")
        .expect("positions");
    let ParameterType::Normal { ty, flag: None } = &positions.ty else {
        panic!("{positions}");
    };
    assert_eq!(ty.to_string(), "vector<chatPosition>");
    assert!(ty.bare && ty.generic_arg.as_ref().is_some_and(|a| a.bare));
}
