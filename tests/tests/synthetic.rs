//! The synthetic corpus (`corpus/synthetic.jsonl`, `corpus/synthetic-escapes.jsonl`,
//! `corpus/named/*.json`, made by `tlgen-synth`; see `corpus/README.md`) through both generated
//! parsers: every payload must be accepted by both with equal values, and every line of
//! `synthetic.jsonl` written back to JSON must equal the input as a JSON value (doubles compared
//! as numbers), so no field of any output-reachable constructor is dropped or mangled.
//!
//! Coverage is counted against an independent computation of the output-reachable constructors
//! (a few lines over the schema text here, not tlgen's model).

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use serde_json::Value;
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{Report, repo_root, td};

fn read(path: &PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn schema_path() -> PathBuf {
    std::env::var_os("TLGEN_SCHEMA")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/schema/td_api.tl"))
}

fn parse_value(text: &str) -> Value {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de).unwrap()
}

/// Constructors reachable from function result types through fields and class members, in
/// schema order (td_api.tl declarations are one per line).
fn output_reachable(schema: &str) -> Vec<String> {
    const SCALARS: &[&str] = &[
        "double", "string", "int32", "int53", "int64", "bytes", "Bool",
    ];
    let mut constructors: Vec<(String, Vec<String>, String)> = Vec::new();
    let mut results: Vec<String> = Vec::new();
    let mut functions = false;
    for line in schema.lines().map(str::trim) {
        if line == "---functions---" {
            functions = true;
            continue;
        }
        if line.is_empty() || line.starts_with("//") || line.starts_with("---") {
            continue;
        }
        let Some((lhs, rhs)) = line.split_once('=') else {
            continue;
        };
        let result = rhs.trim().trim_end_matches(';').trim().to_string();
        let mut parts = lhs.split_whitespace();
        let name = parts.next().unwrap_or_default().to_string();
        let builtin = lhs.contains('?')
            || lhs.contains('{')
            || [
                "Double", "String", "Int32", "Int53", "Int64", "Bytes", "Bool",
            ]
            .contains(&result.as_str());
        if builtin {
            continue;
        }
        if functions {
            results.push(result);
        } else {
            let fields = parts
                .filter_map(|p| p.split_once(':').map(|(_, t)| t.to_string()))
                .collect();
            constructors.push((name, fields, result));
        }
    }
    let mut by_type: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for (i, (name, _, result)) in constructors.iter().enumerate() {
        by_type.entry(result).or_default().push(i);
        by_name.insert(name, i);
    }
    let targets = |ty: &str| -> Vec<usize> {
        let mut ty = ty;
        while let Some(inner) = ty.strip_prefix("vector<").and_then(|t| t.strip_suffix('>')) {
            ty = inner;
        }
        if SCALARS.contains(&ty) {
            Vec::new()
        } else if let Some(ids) = by_type.get(ty) {
            ids.clone()
        } else {
            by_name.get(ty).map(|&i| vec![i]).unwrap_or_default()
        }
    };
    let mut reached = vec![false; constructors.len()];
    let mut work: Vec<usize> = results.iter().flat_map(|r| targets(r)).collect();
    while let Some(i) = work.pop() {
        if std::mem::replace(&mut reached[i], true) {
            continue;
        }
        for field in &constructors[i].1 {
            work.extend(targets(field));
        }
    }
    constructors
        .iter()
        .zip(reached)
        .filter(|(_, r)| *r)
        .map(|((name, ..), _)| name.clone())
        .collect()
}

/// The first difference between `input` and what was `written` back, comparing numbers
/// numerically (`1.500000` equals `1.5`).
fn difference(input: &Value, written: &Value, path: &str) -> Option<String> {
    match (input, written) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, va) in a {
                match b.get(key) {
                    Some(vb) => {
                        if let Some(d) = difference(va, vb, &format!("{path}.{key}")) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{path}.{key}: written back without it")),
                }
            }
            b.keys()
                .find(|k| !a.contains_key(*k))
                .map(|k| format!("{path}.{k}: written back but not in the input"))
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(format!("{path}: {} elements, {} written", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (x, y))| difference(x, y, &format!("{path}[{i}]")))
        }
        (Value::Number(x), Value::Number(y)) => {
            let same = match (x.as_i64(), y.as_i64()) {
                (Some(p), Some(q)) => p == q,
                _ => x.as_f64() == y.as_f64(),
            };
            (!same).then(|| format!("{path}: {x} written as {y}"))
        }
        _ if input == written => None,
        _ => Some(format!("{path}: {input} written as {written}")),
    }
}

#[test]
fn every_synthetic_payload_agrees_and_round_trips() {
    let path = repo_root().join("corpus/synthetic.jsonl");
    let text = read(&path);
    let mut report = Report::default();
    report.add_lines("synthetic.jsonl", text.as_bytes());
    println!("synthetic.jsonl: {report}");
    for (file, line, verdict) in report.disagreements.iter().take(10) {
        println!("  {file}:{line}: {verdict}");
    }
    assert_eq!(report.agree, report.payloads, "{report}");

    let mut round_trips = 0;
    for (index, line) in text.lines().enumerate() {
        let parsed: td::Received = tlgen_runtime::reader::from_str(line)
            .unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
        let written = serde_json::to_value(&parsed).unwrap();
        let input = parse_value(line);
        if let Some(d) = difference(&input, &written, "") {
            panic!("synthetic.jsonl:{}: {d}", index + 1);
        }
        round_trips += 1;
    }
    println!(
        "synthetic.jsonl: {round_trips} payloads equal after parse + write (doubles as numbers)"
    );

    let reachable = output_reachable(&read(&schema_path()));
    let top: BTreeSet<String> = text
        .lines()
        .map(|l| parse_value(l)["@type"].as_str().unwrap().to_string())
        .collect();
    let covered = reachable.iter().filter(|n| top.contains(*n)).count();
    let missing: Vec<&String> = reachable.iter().filter(|n| !top.contains(*n)).collect();
    println!(
        "synthetic.jsonl: {covered} of {} output-reachable constructors covered at top level",
        reachable.len()
    );
    assert!(missing.is_empty(), "not covered: {missing:?}");
    let foreign: Vec<&String> = top.iter().filter(|n| !reachable.contains(n)).collect();
    assert!(foreign.is_empty(), "not output-reachable: {foreign:?}");
}

#[test]
fn escape_corpus_agrees() {
    let text = read(&repo_root().join("corpus/synthetic-escapes.jsonl"));
    let mut report = Report::default();
    report.add_lines("synthetic-escapes.jsonl", text.as_bytes());
    println!("synthetic-escapes.jsonl: {report}");
    for (file, line, verdict) in &report.disagreements {
        println!("  {file}:{line}: {verdict}");
    }
    assert_eq!(report.agree, report.payloads, "{report}");
    assert!(report.payloads >= 60);
    // The decoded strings are what JSON says, whatever the escape form.
    for (index, line) in text.lines().enumerate() {
        let parsed: td::Received = tlgen_runtime::reader::from_str(line).unwrap();
        let written = serde_json::to_value(&parsed).unwrap();
        if let Some(d) = difference(&parse_value(line), &written, "") {
            panic!("synthetic-escapes.jsonl:{}: {d}", index + 1);
        }
    }
}

#[test]
fn named_payloads_agree() {
    let dir = repo_root().join("corpus/named");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for file in &files {
        let text = read(file);
        let body = text.strip_suffix('\n').unwrap_or(&text);
        assert!(!body.contains('\n'), "{}: one line", file.display());
        let verdict = tlgen_tests::validate(body.as_bytes());
        println!(
            "{}: {} bytes, {verdict}",
            file.file_name().unwrap().to_string_lossy(),
            text.len()
        );
        assert_eq!(verdict, Verdict::Agree, "{}", file.display());
        let parsed: td::Received = tlgen_runtime::reader::from_str(body).unwrap();
        let written = serde_json::to_value(&parsed).unwrap();
        if let Some(d) = difference(&parse_value(body), &written, "") {
            panic!("{}: {d}", file.display());
        }
    }
}
