//! Differential validation of the committed corpus: every line through both generated parsers
//! (they must agree field for field), and every TDLib 1.8.65 capture written back to JSON must
//! equal the input as a JSON value (so neither parser silently drops a known field).

use std::path::PathBuf;

use tlgen_tests::{Report, repo_root, td};

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo_root().join("corpus"))
        .expect("corpus/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn both_parsers_agree_on_every_corpus_payload() {
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus files found");
    let mut report = Report::default();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        report.add_lines(&file.display().to_string(), &text);
    }
    println!("corpus: {report}");
    for (file, line, verdict) in report.disagreements.iter().take(10) {
        println!("  {file}:{line}: {verdict}");
    }
    assert!(report.payloads > 0);
    assert!(report.disagreements.is_empty(), "{report}");
    // TDLib's own output must parse.
    assert_eq!(report.both_rejected, 0, "{report}");
}

#[test]
fn tdjson_captures_round_trip_as_json_values() {
    let path = repo_root().join("corpus/tdjson-1.8.65.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    let mut nulls_in_arrays = 0;
    for (index, line) in text.lines().enumerate() {
        let parsed: td::Received = tlgen_runtime::reader::from_str(line)
            .unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
        let written = serde_json::to_value(&parsed).unwrap();
        let mut input: serde_json::Value = {
            let mut de = serde_json::Deserializer::from_str(line);
            de.disable_recursion_limit();
            serde::Deserialize::deserialize(&mut de).unwrap()
        };
        nulls_in_arrays += normalise(&mut input, &written);
        if let Some((path, a, b)) =
            tlgen_runtime::validate::first_difference(&input, &written, "<root>".into())
        {
            panic!("line {}: {path}: input {a}, written back {b}", index + 1);
        }
        checked += 1;
    }
    println!(
        "round trip: {checked} payloads equal after parse + write \
         ({nulls_in_arrays} null vector elements read as their type's default, by design)"
    );
    assert!(checked > 200);
}

/// A `null` element of a vector whose elements are not documented "may be null" is read as
/// the element type's default (documented rule): replace such nulls in the input by what was
/// written back, and count them. Everything else must match exactly.
fn normalise(input: &mut serde_json::Value, written: &serde_json::Value) -> usize {
    use serde_json::Value;
    match (input, written) {
        (Value::Array(items), Value::Array(out)) => items
            .iter_mut()
            .zip(out)
            .map(|(item, out)| {
                if item.is_null() && out.is_object() {
                    *item = out.clone();
                    1
                } else {
                    normalise(item, out)
                }
            })
            .sum(),
        (Value::Object(members), Value::Object(out)) => members
            .iter_mut()
            .filter_map(|(k, v)| out.get(k).map(|o| normalise(v, o)))
            .sum(),
        _ => 0,
    }
}
