//! Guard-page sweep of the *generated* pointer parser (`td::parse_received`): every corpus
//! payload, and every prefix of it, is placed so that its terminating NUL is the last byte before
//! a `PROT_NONE` page, then parsed. A read past the NUL faults (SIGSEGV kills the test binary, so
//! the test fails). `runtime/tests/pointer_guard_page.rs` does the same for the tokenizer alone;
//! this one runs the generated code on top of it (expected-key fast path, key tables, `@type`
//! dispatch and look-ahead, the envelope, every field reader) on real payloads.
//!
//! Payloads: every line of `corpus/*.jsonl` and every `corpus/named/*.json` file present at run
//! time, every prefix of each: about 1.7 million prefixes, 7.5 GB parsed, ~75 s in a debug build on
//! two idle cores. `TLGEN_QUICK_SWEEP=1` sweeps the TDLib captures (`corpus/tdjson-*.jsonl`) in
//! full and only a deterministic sample of the other (synthetic) payloads, bounded by a work
//! budget (the sum of the prefix lengths): ~10 s, for quick local runs.
//!
//! Arena mode's parser (`td_arena::parse_received`, `tlgen --mode arena`) sweeps the same
//! prefixes, which doubles the time (~150-170 s debug); it must accept exactly the prefixes the
//! pointer parser accepts.
//!
//! Besides "no fault", each prefix is checked for the truncation rule: when the whole payload is
//! accepted, every proper prefix of it must be rejected (a truncated `td_receive` result is never
//! silently accepted).
//!
//! How we know it catches an over-read: `docs/HARDENING.md` ("planted bugs", `overread`) —
//! with `scripts/planted-bugs/overread.patch` applied (the string scan's first load 16
//! unaligned bytes at the cursor, which near the end of a page cross into the next one), this
//! test dies with SIGSEGV on its first capture.

#![cfg(unix)]

use std::time::Instant;

#[path = "../../runtime/tests/guarded/mod.rs"]
mod guarded;

use guarded::Guarded;
use tlgen_runtime::arena::Bump;
use tlgen_runtime::pointer::Cursor;
use tlgen_tests::{repo_root, td, td_arena};

/// Work budget for the sampled synthetic payloads (sum over the swept payloads of the bytes of
/// all their prefixes, i.e. about `len² / 2` each) with `TLGEN_QUICK_SWEEP=1`, shared equally
/// by the synthetic sources (each `.jsonl` file, and `named/`).
const SYNTHETIC_BUDGET: u64 = 600_000_000;

struct Payload {
    source: String,
    line: usize,
    bytes: Vec<u8>,
    /// A real TDLib capture (`corpus/tdjson-*.jsonl`), always swept in full.
    capture: bool,
}

impl Payload {
    /// What shares a sampling budget: the `.jsonl` file, or `corpus/named/` as a whole.
    fn group(&self) -> String {
        match self.source.rsplit_once("/named/") {
            Some((dir, _)) => format!("{dir}/named/"),
            None => self.source.clone(),
        }
    }

    /// Bytes parsed when sweeping every prefix.
    fn cost(&self) -> u64 {
        let n = self.bytes.len() as u64;
        n * (n + 1) / 2
    }
}

/// Every payload of the corpus as it is on disk now.
fn corpus_payloads() -> Vec<Payload> {
    let corpus = repo_root().join("corpus");
    let mut out = Vec::new();
    for file in tlgen_tests::sorted_files(&corpus, "jsonl") {
        let capture = file
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("tdjson-"));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = line.trim_ascii();
            if line.is_empty() {
                continue;
            }
            out.push(Payload {
                source: file.display().to_string(),
                line: index + 1,
                bytes: line.to_vec(),
                capture,
            });
        }
    }
    for file in tlgen_tests::sorted_files(&corpus.join("named"), "json") {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // (trailing whitespace would make the last proper prefixes valid documents)
        let bytes = bytes.trim_ascii().to_vec();
        if bytes.is_empty() {
            continue;
        }
        out.push(Payload {
            source: file.display().to_string(),
            line: 1,
            bytes,
            capture: false,
        });
    }
    out
}

/// A deterministic pseudo-random order (xorshift64*), for sampling synthetic payloads.
fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    let mut state = seed;
    for i in (1..items.len()).rev() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let r = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
        items.swap(i, (r % (i as u64 + 1)) as usize);
    }
    items
}

#[derive(Default)]
struct Counts {
    payloads: usize,
    accepted: usize,
    prefixes: u64,
    bytes: u64,
}

/// Sweeps every prefix of `payload` (the payload itself included) through the generated pointer
/// parser with the NUL against the guard page.
fn sweep(guarded: &mut Guarded, payload: &Payload, counts: &mut Counts) {
    let bytes = &payload.bytes;
    // The arena mode's parser (`td_arena`) goes over the same bytes: it must accept exactly
    // what the pointer parser accepts, and never read past the NUL either.
    let mut arena = Bump::new();
    // The whole payload first: whether it is accepted decides what its prefixes must do.
    let region = guarded.place(bytes);
    let accepted = td::parse_received(Cursor::from_bytes_with_nul(region).expect("NUL")).is_ok();
    let in_arena =
        td_arena::parse_received(&arena, Cursor::from_bytes_with_nul(region).expect("NUL"));
    assert_eq!(
        in_arena.is_ok(),
        accepted,
        "{}:{}: arena mode",
        payload.source,
        payload.line
    );
    // The other entry points, once per payload: `&CStr` and the raw pointer (`strlen`).
    let cstr = std::ffi::CStr::from_bytes_with_nul(region).ok();
    if let Some(cstr) = cstr {
        assert_eq!(
            td::parse_received(Cursor::from_cstr(cstr)).is_ok(),
            accepted
        );
        // SAFETY: `region` is NUL-terminated and outlives the cursor.
        let c = unsafe { Cursor::from_ptr(region.as_ptr().cast()) };
        assert_eq!(td::parse_received(c).is_ok(), accepted);
    }
    counts.payloads += 1;
    counts.accepted += usize::from(accepted);
    for len in 0..bytes.len() {
        let region = guarded.place(&bytes[..len]);
        let cursor = Cursor::from_bytes_with_nul(region).expect("ends with NUL");
        let result = td::parse_received(cursor);
        arena.reset();
        let cursor = Cursor::from_bytes_with_nul(region).expect("ends with NUL");
        let in_arena = td_arena::parse_received(&arena, cursor).is_ok();
        assert_eq!(
            in_arena,
            result.is_ok(),
            "{}:{}: the prefix of {len}: arena mode and pointer mode differ",
            payload.source,
            payload.line
        );
        if accepted {
            if let Ok(value) = result {
                panic!(
                    "{}:{}: the prefix of {len} of {} bytes was accepted: {}",
                    payload.source,
                    payload.line,
                    bytes.len(),
                    value.object.type_name()
                );
            }
        }
    }
    counts.prefixes += bytes.len() as u64 + 1;
    counts.bytes += payload.cost();
}

#[test]
fn generated_parser_never_reads_past_the_nul() {
    let started = Instant::now();
    let full = !std::env::var("TLGEN_QUICK_SWEEP").is_ok_and(|v| v == "1");
    let all = corpus_payloads();
    let (captures, synthetic): (Vec<Payload>, Vec<Payload>) =
        all.into_iter().partition(|p| p.capture);
    assert!(!captures.is_empty(), "no TDLib captures in corpus/");

    // Synthetic payloads: all of them, or a deterministic sample within the budget.
    let synthetic_total = synthetic.len();
    let synthetic = if full {
        synthetic
    } else {
        let sources: std::collections::BTreeSet<String> =
            synthetic.iter().map(Payload::group).collect();
        let share = SYNTHETIC_BUDGET / sources.len().max(1) as u64;
        let mut budgets: std::collections::BTreeMap<String, u64> =
            sources.into_iter().map(|s| (s, share)).collect();
        let mut picked: Vec<Payload> = shuffled(synthetic, 0x5eed_0f6a_4d00)
            .into_iter()
            .filter(|p| {
                let budget = budgets.get_mut(&p.group()).expect("a source");
                let cost = p.cost();
                let take = cost <= *budget;
                if take {
                    *budget -= cost;
                }
                take
            })
            .collect();
        picked.sort_by(|a, b| (&a.source, a.line).cmp(&(&b.source, b.line)));
        picked
    };

    let longest = captures
        .iter()
        .chain(&synthetic)
        .map(|p| p.bytes.len())
        .max()
        .unwrap_or(0);
    let mut guarded = Guarded::new(longest + 1);

    let mut capture_counts = Counts::default();
    for payload in &captures {
        sweep(&mut guarded, payload, &mut capture_counts);
    }
    let capture_time = started.elapsed();
    let mut synthetic_counts = Counts::default();
    for payload in &synthetic {
        sweep(&mut guarded, payload, &mut synthetic_counts);
    }

    eprintln!(
        "guard sweep ({} mode): TDLib captures: {} payloads ({} accepted), {} prefixes, {} bytes \
         parsed in {:.1?}",
        if full { "full" } else { "CI" },
        capture_counts.payloads,
        capture_counts.accepted,
        capture_counts.prefixes,
        capture_counts.bytes,
        capture_time,
    );
    eprintln!(
        "guard sweep: synthetic: {} of {} payloads swept ({} accepted), {} prefixes, {} bytes \
         parsed; total {:.1?}{}",
        synthetic_counts.payloads,
        synthetic_total,
        synthetic_counts.accepted,
        synthetic_counts.prefixes,
        synthetic_counts.bytes,
        started.elapsed(),
        if full || synthetic_counts.payloads == synthetic_total {
            String::new()
        } else {
            " (TLGEN_QUICK_SWEEP=1: a sample)".to_string()
        },
    );
    // Every TDLib capture must parse (the corpus test checks values; here it guards the sweep
    // against silently testing nothing but errors).
    assert_eq!(capture_counts.accepted, capture_counts.payloads);
    assert!(
        capture_counts.prefixes > 100_000,
        "{}",
        capture_counts.prefixes
    );
}

/// Hand-picked tails that end exactly at the NUL inside every kind of token the generated code
/// reads, shifted against the 8-byte scan chunks.
#[test]
fn generated_parser_special_tails() {
    let mut guarded = Guarded::new(8192);
    let heads: &[&str] = &[
        r#"{"@type":"logVerbosityLevel","verbosity_level":"#,
        r#"{"@type":"logTags","tags":["#,
        r#"{"@type":"logTags","tags":["a","#,
        r#"{"@type":"error","code":404,"message":"#,
        r#"{"@type":"updateOption","name":"version","value":{"@type":"optionValueString","value":"#,
        r#"{"@type":"ok","@extra":"#,
        r#"{"@type":"ok","@client_id":"#,
        r#"{"x":1,"@type":"#,
        r#"{"@type":"#,
        r#"{"#,
    ];
    let tails: &[&str] = &[
        "",
        "\"",
        "\"\\",
        "\"\\u",
        "\"\\u12",
        "\"\\ud83d",
        "\"\\ud83d\\",
        "\"\\ud83d\\u",
        "\"\\ud83d\\udc",
        "\"abcdefghijklmnopq",
        "-",
        "1",
        "12",
        "1.",
        "1e",
        "1e-",
        "t",
        "tr",
        "fals",
        "n",
        "nu",
        "nul",
        "null",
        "{",
        "[",
        "[1,",
        "{\"",
        "{\"a\"",
        "{\"a\":",
        "\"AAEC",
        "\"9223372036854775807",
        "2147483647",
    ];
    let mut cases = 0;
    for head in heads {
        for tail in tails {
            for lead in 0..9 {
                let mut doc = head.as_bytes().to_vec();
                doc.extend(std::iter::repeat_n(b' ', lead));
                doc.extend_from_slice(tail.as_bytes());
                let region = guarded.place(&doc);
                let cursor = Cursor::from_bytes_with_nul(region).expect("NUL");
                assert!(td::parse_received(cursor).is_err());
                cases += 1;
            }
        }
    }
    eprintln!("guard special tails: {cases} truncated documents");
}
