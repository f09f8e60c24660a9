//! Every request struct the generator emits serializes to what TDLib expects at the top: a JSON
//! object whose first key is `"@type"` with the function's TL name. Built with default values
//! (zeros, empty strings and vectors, `Unknown` objects), through the same `write_request` the
//! client uses; the list of requests is the generated `td_api_for_each_function!`, and its
//! length is checked against the schema.

use tlgen_runtime::function::{Function, write_request};
use tlgen_tests::{repo_root, td};

/// Serializes a default `F` and checks its shape; returns the TL name.
fn check<F: Function + Default>() -> &'static str {
    let mut buf = Vec::new();
    write_request(&mut buf, &F::default(), Some(7))
        .unwrap_or_else(|e| panic!("{}: {e}", F::TL_NAME));
    assert_eq!(
        buf.pop(),
        Some(0),
        "{}: the request ends with a NUL",
        F::TL_NAME
    );
    let prefix = format!("{{\"@type\":\"{}\"", F::TL_NAME);
    assert!(
        buf.starts_with(prefix.as_bytes()),
        "{}: {}",
        F::TL_NAME,
        String::from_utf8_lossy(&buf)
    );
    let value: serde_json::Value =
        serde_json::from_slice(&buf).unwrap_or_else(|e| panic!("{}: not JSON ({e})", F::TL_NAME));
    assert_eq!(value["@extra"], 7, "{}", F::TL_NAME);
    F::TL_NAME
}

#[test]
fn every_function_request_serializes() {
    let mut names: Vec<&str> = Vec::new();
    macro_rules! each {
        ($f:ident) => {
            names.push(check::<td::functions::$f>());
        };
    }
    tlgen_td_api::td_api_for_each_function!(each);

    // the schema tests/td-api/build.rs generated from
    let path = std::env::var("TLGEN_SCHEMA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| repo_root().join("../shared/schema/td_api.tl"));
    let schema = std::fs::read_to_string(&path).unwrap();
    let schema = tl_parser::parse(&schema).unwrap();
    let expected = schema.summary().functions;
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "a function listed twice");
    assert_eq!(
        count, expected,
        "requests emitted vs functions in td_api.tl"
    );
    println!("{count} requests serialized");
}
