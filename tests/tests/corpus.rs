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
        report.add_lines(&file.display().to_string(), text.as_bytes());
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

/// `validate FILE` reads bytes: a file mixing valid payloads with lines of invalid UTF-8, NUL
/// bytes inside lines and 4 MB lines prints its summary line and exits 0 (every line agreed on
/// or rejected by both parsers), never 2 (which is only for a file it cannot read).
#[test]
fn validate_tool_reads_lines_as_bytes() {
    let valid = std::fs::read(repo_root().join("corpus/tdjson-1.8.65.jsonl")).unwrap();
    let first_line = valid.split(|&b| b == b'\n').next().unwrap().to_vec();
    let big_string = "x".repeat(4 << 20);
    let lines: Vec<Vec<u8>> = vec![
        first_line.clone(),
        // Invalid UTF-8 inside a string, and outside one.
        b"{\"@type\":\"testString\",\"value\":\"caf\xe9\"}".to_vec(),
        b"\xff\xfe{\"@type\":\"ok\"}".to_vec(),
        // A NUL ends the document for both parsers: the rest of the line is never read.
        b"{\"@type\":\"ok\"}\0trailing".to_vec(),
        b"{\"@type\":\"testString\",\0\"value\":\"a\"}".to_vec(),
        // 4 MB lines: a valid string, and an unterminated one.
        format!("{{\"@type\":\"testString\",\"value\":\"{big_string}\"}}").into_bytes(),
        format!("{{\"@type\":\"testString\",\"value\":\"{big_string}").into_bytes(),
        b"{\"@type\":\"testString\",\"value\":\"a\"}\r".to_vec(),
        first_line,
    ];
    let dir = std::env::temp_dir().join(format!("tlgen-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.jsonl");
    std::fs::write(&path, lines.join(&b'\n')).unwrap();

    let output = std::process::Command::new(env!("CARGO_BIN_EXE_validate"))
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("validate: {}", stdout.trim());
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(&format!("{} payloads: ", lines.len())),
        "{stdout}"
    );
    // Both invalid UTF-8 lines, the NUL inside the object and the unterminated string: rejected
    // by both parsers; the other five agree.
    assert!(
        stdout.contains(": 5 agree, 4 both rejected, 0 disagree"),
        "{stdout}"
    );

    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_validate"))
        .arg(dir.join("missing.jsonl"))
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
