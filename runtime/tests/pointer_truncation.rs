//! Whole TDLib-shaped documents: they parse like serde_json parses them, and every proper
//! prefix of each (a truncated `td_receive` result) is an error — for skipping, for the typed
//! walker, and for the generated-code style expected-key fast path.

mod pointer_support;

use pointer_support::{from_value, generated_style, sample_documents, walk, with_cursor};
use serde::de::IgnoredAny;
use serde_json::Value;

#[test]
fn samples_match_serde_json() {
    for doc in sample_documents() {
        let json = doc.as_bytes();
        let theirs = serde_json::from_slice::<Value>(json).expect("sample is valid JSON");
        let ours = with_cursor(json, |c| walk(c, 1)).expect("walk accepts the sample");
        assert_eq!(ours, from_value(&theirs), "{doc}");
        assert!(with_cursor(json, |c| c.skip_value(1)).is_some(), "{doc}");
        assert!(
            with_cursor(json, |c| generated_style(c, 1)).is_some(),
            "{doc}"
        );
    }
}

#[test]
fn every_proper_prefix_is_an_error() {
    let mut prefixes = 0;
    for doc in sample_documents() {
        let json = doc.trim_end().as_bytes();
        for len in 0..json.len() {
            let prefix = &json[..len];
            assert!(serde_json::from_slice::<IgnoredAny>(prefix).is_err());
            assert!(
                with_cursor(prefix, |c| c.skip_value(1)).is_none(),
                "skip accepted {:?}",
                String::from_utf8_lossy(prefix)
            );
            assert!(with_cursor(prefix, |c| walk(c, 1)).is_none());
            assert!(
                with_cursor(prefix, |c| generated_style(c, 1)).is_none(),
                "generated style accepted {:?}",
                String::from_utf8_lossy(prefix)
            );
            prefixes += 1;
        }
    }
    assert!(prefixes > 3_000, "{prefixes}");
}

/// TDLib output captured by the project (`corpus/*.jsonl`, one document per line), when
/// present: each line parses like serde_json parses it, and its prefixes are rejected.
#[test]
fn corpus_documents_if_present() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("corpus file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let json = line.as_bytes();
            let ours = with_cursor(json, |c| walk(c, 1));
            // serde_json's default recursion limit is 128 (the reader lifts it); compare below
            if nesting(json) <= 128 {
                let theirs = serde_json::from_slice::<Value>(json)
                    .map(|v| from_value(&v))
                    .ok();
                assert_eq!(ours, theirs, "{}: {line}", path.display());
            } else {
                assert!(ours.is_some(), "{line}");
            }
            let skipped = with_cursor(json, |c| c.skip_value(1)).is_some();
            assert_eq!(skipped, ours.is_some(), "{line}");
            if ours.is_some() && line.starts_with('{') {
                for len in (0..json.len()).step_by(7) {
                    assert!(with_cursor(&json[..len], |c| c.skip_value(1)).is_none());
                }
            }
        }
    }
}

/// Maximum nesting of `{`/`[` outside strings.
fn nesting(json: &[u8]) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0, false, false);
    for &b in json {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}
