//! Differential fuzzing of the generated parsers (`td::validate`: the serde reader against the
//! pointer parser; `tlgen_tests::validate_arena`: the same reader against arena mode's parser,
//! a third one; `tlgen_tests::validate_document`: arena mode's documents, which own their
//! arenas and reuse the thread's spare ones, against arena mode's parser), from fixed seeds and
//! in bounded time. Every case goes to the three pairs.
//!
//! Every case is one document; the verdict must be `Agree` or `BothRejected`. Anything else
//! (only one parser rejected, or both accepted with different values) fails the test, and the
//! payload is printed and saved under `$CARGO_TARGET_TMPDIR/hardening_fuzz/`.
//!
//! - Half the cases are **valid**: a corpus payload (every `corpus/*.jsonl` line and
//!   `corpus/named/*.json` file present at run time that both parsers accept), rewritten in ways
//!   that keep it valid — whitespace between tokens, members reordered (so `@type` is often not
//!   first), characters of strings and keys escaped (`\u00XX`, `\/`, surrogate pairs), unknown
//!   keys (derived from real keys: truncated or extended) and duplicate keys appended with
//!   arbitrary JSON values, fields set to `null`, `@extra` and `@client_id` added or replaced.
//!   These must give `Agree`.
//! - Half are **broken** (or at least suspicious): the same documents byte-mutated, truncated,
//!   spliced (two payloads), with escapes broken, numbers replaced by values at and past the
//!   limits (`2147483648`, `9223372036854775808`, `-0`, `1e400`, leading zeros, `+1`, ...) as
//!   numbers and as strings, invalid UTF-8, NUL inside strings (raw and `\u0000`), lone
//!   surrogates, duplicate keys *before* the real one (first wins), `@type` of the wrong class,
//!   of a name forged to have the CRC32 of a real constructor, or not a string, values of the
//!   wrong kind. These must give `BothRejected` or `Agree`.
//! - Fixed cases: every limit number in integer, `int53`, `int64` and `double` fields, as a
//!   number and as a string; nesting to 100,000 levels in every position (on a thread with a
//!   2 MiB stack: both must reject cleanly); arrays of 1,000,000 elements; the depth limit
//!   itself (256 accepted, 257 rejected by both, with the limit named in both messages).
//!
//! `TLGEN_FUZZ_CASES=N` runs N random cases instead of 100,000; `TLGEN_FUZZ_SEED=S` changes the
//! seed.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

use tlgen_runtime::pointer::ErrorKind;
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{repo_root, td};

mod broken;
mod corpus;
mod fixed;
mod forge;
mod rng;
mod tree;
mod valid;
mod values;

use broken::*;
use corpus::*;
use forge::*;
use rng::*;
use tree::*;
use valid::*;
use values::*;

const DEFAULT_CASES: u64 = 100_000;
const DEFAULT_SEED: u64 = 0x7d1b_2024_0006_f00d;

// ---------------------------------------------------------------------------------------------
// Running cases

#[derive(Default)]
struct Tally {
    valid_agree: u64,
    broken_rejected: u64,
    broken_accepted: u64,
    failures: Vec<(String, Verdict, Vec<u8>)>,
}

/// One pair of parsers: what it adds to a case's label, and its validator.
type Pair = (&'static str, fn(&[u8]) -> Verdict);

/// Every case goes to each: the reader against the pointer parser, and against the third
/// parser, arena mode; and arena mode's documents (their arenas reused from case to case)
/// against arena mode.
const PAIRS: [Pair; 3] = [
    ("", tlgen_tests::validate),
    (" (arena)", tlgen_tests::validate_arena),
    (" (document)", tlgen_tests::validate_document),
];

impl Tally {
    fn check(&mut self, label: &str, payload: &[u8], must_accept: bool) {
        for (pair, validate) in PAIRS {
            self.check_with(&format!("{label}{pair}"), payload, must_accept, validate);
        }
    }

    fn check_with(
        &mut self,
        label: &str,
        payload: &[u8],
        must_accept: bool,
        validate: fn(&[u8]) -> Verdict,
    ) {
        let verdict = validate(payload);
        match (&verdict, must_accept) {
            (Verdict::Agree, true) => self.valid_agree += 1,
            (Verdict::Agree, false) => self.broken_accepted += 1,
            (Verdict::BothRejected { .. }, false) => self.broken_rejected += 1,
            _ => {
                if self.failures.len() < 50 {
                    self.failures
                        .push((label.to_string(), verdict, payload.to_vec()));
                }
            }
        }
    }

    /// Prints and saves the failures, then fails the test if there are any.
    fn finish(&self, what: &str) {
        if self.failures.is_empty() {
            return;
        }
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hardening_fuzz");
        let _ = std::fs::create_dir_all(&dir);
        for (label, verdict, payload) in &self.failures {
            let file = dir.join(format!("{}.json", label.replace([' ', '/'], "_")));
            let _ = std::fs::write(&file, payload);
            eprintln!(
                "FAILURE {label}: {verdict}\n  payload ({} bytes, saved to {}): {}",
                payload.len(),
                file.display(),
                show(payload)
            );
        }
        panic!(
            "{what}: {} cases where the parsers disagree",
            self.failures.len()
        );
    }
}

fn show(payload: &[u8]) -> String {
    let text = String::from_utf8_lossy(payload);
    let shown: String = text.chars().take(600).collect();
    format!(
        "{shown:?}{}",
        if text.chars().count() > 600 {
            "..."
        } else {
            ""
        }
    )
}

#[test]
fn differential_fuzz() {
    let started = Instant::now();
    let cases: u64 = std::env::var("TLGEN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    let seed: u64 = std::env::var("TLGEN_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SEED);
    let sources = corpus();
    let valid: Vec<usize> = (0..sources.len()).filter(|&i| sources[i].valid).collect();
    let with_tree: Vec<usize> = (0..sources.len())
        .filter(|&i| sources[i].tree.is_some())
        .collect();
    assert!(!valid.is_empty() && !with_tree.is_empty(), "empty corpus");
    let type_names = type_names(&sources);
    let forged: Vec<String> = type_names.iter().map(|n| forge_crc(n)).collect();
    let ctx = Context {
        sources,
        valid,
        with_tree,
        type_names,
        forged,
        field_names: schema_field_names(),
    };
    eprintln!(
        "fuzz: {} corpus payloads ({} accepted by both), {} @type names (and as many forged \
         CRC32 collisions), {} schema field names, seed {seed:#x}, {cases} cases; setup {:.1?}",
        ctx.sources.len(),
        ctx.valid.len(),
        ctx.type_names.len(),
        ctx.field_names.len(),
        started.elapsed()
    );
    let mut tally = Tally::default();
    let mut bytes = 0u64;
    for case in 0..cases {
        let mut rng = Rng::new(seed ^ case.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let valid = case % 2 == 0;
        let payload = if valid {
            valid_case(&ctx, &mut rng)
        } else {
            broken_case(&ctx, &mut rng)
        };
        bytes += payload.len() as u64;
        let label = format!("seed-{seed:x}-case-{case}");
        tally.check(&label, &payload, valid);
    }
    eprintln!(
        "fuzz: {cases} cases ({bytes} bytes) in {:.1?}, each through the three pairs of parsers: \
         valid agree {}, broken both-rejected {}, broken both-accepted-equal {}, failures {}",
        started.elapsed(),
        tally.valid_agree,
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("differential fuzz");
}
