//! Round trip of every corpus payload (`corpus/*.jsonl`, one payload per line, and
//! `corpus/named/*.json`), with both parsers: parse → serialize (the generated `Serialize`, as
//! requests are written) → parse must give the same value, and serializing that again must give
//! the same bytes. This is what lets an object received from TDLib go back into a request
//! (`formattedText`, `textEntity`, `jsonValue`, `inputThumbnail` fields, ...).
//!
//! The envelope goes along: `@extra` (re-serialized JSON) and `@client_id` are appended to the
//! written object as TDLib appends them.

use std::path::PathBuf;

use tlgen_runtime::parse::parse_received;
use tlgen_runtime::pointer::{Cursor, NulTerminated};
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{repo_root, td};

/// Every corpus payload: `(source, line, text)`.
fn payloads() -> Vec<(String, usize, String)> {
    let root = repo_root().join("corpus");
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in [root.clone(), root.join("named")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl" || x == "json")),
        );
    }
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file
            .strip_prefix(repo_root())
            .unwrap_or(&file)
            .display()
            .to_string();
        for (index, line) in text.lines().enumerate() {
            if !line.trim().is_empty() {
                out.push((name.clone(), index + 1, line.to_string()));
            }
        }
    }
    out
}

/// The object as the generated `Serialize` writes it, then `@extra` and `@client_id` before the
/// final `}` (as TDLib adds them).
fn write(received: &td::Received<'_>) -> Vec<u8> {
    let mut out = serde_json::to_vec(&received.object).unwrap();
    assert_eq!(out.pop(), Some(b'}'));
    if let Some(extra) = &received.extra {
        out.extend_from_slice(b",\"@extra\":");
        serde_json::to_writer(&mut out, extra).unwrap();
    }
    if let Some(id) = received.client_id {
        out.extend_from_slice(format!(",\"@client_id\":{id}").as_bytes());
    }
    out.push(b'}');
    out
}

#[test]
fn every_corpus_payload_round_trips_with_both_parsers() {
    let payloads = payloads();
    assert!(payloads.len() > 500, "only {} payloads", payloads.len());
    let (mut checked, mut skipped) = (0, 0);
    let mut failures = Vec::new();
    for (source, line, text) in &payloads {
        let at = format!("{source}:{line}");
        let input = NulTerminated::from(text.as_str());
        // Inputs both parsers reject (none in today's corpus) have nothing to round-trip.
        let first_pointer = match parse_received::<td::Object<'_>>(input.cursor()) {
            Ok(v) => v,
            Err(e) => {
                assert!(
                    tlgen_runtime::reader::from_str::<td::Received<'_>>(text).is_err(),
                    "{at}: only the pointer parser rejects: {e}"
                );
                skipped += 1;
                continue;
            }
        };
        let first_reader: td::Received<'_> = tlgen_runtime::reader::from_str(text)
            .unwrap_or_else(|e| panic!("{at}: only the reader rejects: {e}"));
        assert!(first_pointer == first_reader, "{at}: the parsers disagree");

        // Pointer: parse → write → parse.
        let written = write(&first_pointer);
        let written_buf = NulTerminated::from(written.clone());
        let second_pointer = parse_received::<td::Object<'_>>(written_buf.cursor())
            .unwrap_or_else(|e| panic!("{at}: pointer rejects what was written: {e}"));
        // Reader: parse → write → parse.
        let written_by_reader = write(&first_reader);
        let second_reader: td::Received<'_> = tlgen_runtime::reader::from_slice(&written_by_reader)
            .unwrap_or_else(|e| panic!("{at}: reader rejects what was written: {e}"));

        if second_pointer != first_pointer || second_reader != first_reader {
            let verdict = tlgen_tests::validate(&written);
            failures.push(format!(
                "{at}: the value changed in the round trip (pointer {}, reader {}); validate \
                 of the written text: {verdict}\n  written: {}",
                second_pointer == first_pointer,
                second_reader == first_reader,
                String::from_utf8_lossy(&written)
                    .chars()
                    .take(300)
                    .collect::<String>()
            ));
            continue;
        }
        // Same value → same bytes, whichever parser read it; and a fixed point.
        assert_eq!(
            written, written_by_reader,
            "{at}: the two values write differently"
        );
        assert_eq!(write(&second_pointer), written, "{at}: not a fixed point");
        assert_eq!(tlgen_tests::validate(&written), Verdict::Agree, "{at}");
        checked += 1;
    }
    println!(
        "round trip: {checked} payloads parse → write → parse to equal values with both \
         parsers ({skipped} rejected by both, skipped)"
    );
    assert!(
        failures.is_empty(),
        "{} of {} payloads do not round-trip:\n{}",
        failures.len(),
        payloads.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert_eq!(
        skipped, 0,
        "TDLib's and the synthetic payloads must all parse"
    );
}

/// A request built from a received object serializes to what TDLib accepts: here checked
/// offline on the shape (the live test sends it, `client_roundtrip.rs`).
#[test]
fn received_objects_go_back_into_requests() {
    let text = r#"{"@type":"formattedText","text":"bold \"q\" \u00e9 \ud83d\udc4d","entities":[{"@type":"textEntity","offset":0,"length":4,"type":{"@type":"textEntityTypeBold"}}]}"#;
    let buffer = NulTerminated::from(text);
    let received = parse_received::<td::Object<'_>>(buffer.cursor()).unwrap();
    let td::Object::FormattedText(formatted) = received.object else {
        panic!("{:?}", received.object)
    };
    let request = td::functions::GetMarkdownText { text: formatted };
    let mut buf = Vec::new();
    tlgen_runtime::function::write_request(&mut buf, &request, Some(42)).unwrap();
    assert_eq!(
        std::str::from_utf8(&buf).unwrap(),
        "{\"@type\":\"getMarkdownText\",\"text\":{\"@type\":\"formattedText\",\"text\":\"bold \\\"q\\\" é 👍\",\
         \"entities\":[{\"@type\":\"textEntity\",\"offset\":0,\"length\":4,\"type\":{\"@type\":\"textEntityTypeBold\"}}]},\
         \"@extra\":42}\0"
    );
    let _ = Cursor::from_bytes_with_nul(&buf).unwrap();
}
