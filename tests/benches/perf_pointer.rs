//! End-to-end throughput of the generated pointer parser against the generated serde reader
//! (serde_json) on TDLib payloads, one thread; a benchmark (it prints, asserts nothing about
//! time):
//!
//! ```text
//! cargo bench -p tlgen-tests --bench perf_pointer
//! ```
//!
//! Inputs (each used when present): `corpus/tdjson-1.8.65.jsonl` (every line, parsed one after
//! another), `corpus/named/messages50.json` (one 50-message page), `corpus/synthetic.jsonl`,
//! `corpus/synthetic-escapes.jsonl`.
//! The variants are interleaved round by round (each round times a batch of every variant), and
//! the report gives per-variant median MB/s and the median over rounds of the per-round ratio
//! to serde_json, which is what survives the machine's noise.
//!
//! `PERF_ROUNDS` (default 31) and `PERF_BATCH_MS` (default 20) tune the run; `PERF_ONLY=name`
//! runs one input; `PERF_LOOP=variant` with `PERF_SECONDS` (or a fixed `PERF_PASSES`) just runs
//! one variant in a loop (for `perf record`, or `valgrind --tool=callgrind`: instructions per
//! pass are the inclusive cost of the variant's function, e.g. `perf_pointer::pointer`, divided
//! by the passes).

use std::hint::black_box;
use std::time::{Duration, Instant};

use tlgen_runtime::pointer::{Cursor, NulTerminated};
use tlgen_tests::{repo_root, td};

struct Input {
    name: String,
    /// The documents as serde_json gets them.
    docs: Vec<String>,
    /// The same documents, NUL-terminated (the pointer parser's input, as from `td_receive`).
    bufs: Vec<NulTerminated>,
    bytes: usize,
}

fn load(name: &str, path: &str, jsonl: bool) -> Option<Input> {
    let text = std::fs::read_to_string(repo_root().join(path)).ok()?;
    let docs: Vec<String> = if jsonl {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    } else {
        vec![text.trim_end().to_string()]
    };
    // only what TDLib itself could have written: both parsers must accept it
    let docs: Vec<String> = docs
        .into_iter()
        .filter(|d| tlgen_runtime::reader::from_slice::<td::Received>(d.as_bytes()).is_ok())
        .collect();
    if docs.is_empty() {
        return None;
    }
    let bufs = docs
        .iter()
        .map(|d| NulTerminated::from(d.as_str()))
        .collect();
    let bytes = docs.iter().map(String::len).sum();
    Some(Input {
        name: name.to_string(),
        docs,
        bufs,
        bytes,
    })
}

fn inputs() -> Vec<Input> {
    let only = std::env::var("PERF_ONLY").ok();
    [
        ("tdjson-1.8.65", "corpus/tdjson-1.8.65.jsonl", true),
        ("messages50", "corpus/named/messages50.json", false),
        ("synthetic", "corpus/synthetic.jsonl", true),
        ("synthetic-escapes", "corpus/synthetic-escapes.jsonl", true),
    ]
    .into_iter()
    .filter(|(name, ..)| only.as_deref().is_none_or(|o| o == *name))
    .filter_map(|(name, path, jsonl)| load(name, path, jsonl))
    .collect()
}

type Run = fn(&Input);

fn serde_reader(input: &Input) {
    for doc in &input.docs {
        let r = tlgen_runtime::reader::from_slice::<td::Received>(black_box(doc.as_bytes()));
        black_box(r.unwrap());
    }
}

fn pointer(input: &Input) {
    for buf in &input.bufs {
        black_box(td::parse_received(black_box(buf).cursor()).unwrap());
    }
}

fn pointer_from_ptr(input: &Input) {
    for buf in &input.bufs {
        let p = black_box(buf.as_bytes_with_nul().as_ptr());
        // SAFETY: `buf` is NUL-terminated and outlives the cursor.
        let c = unsafe { Cursor::from_ptr(p.cast()) };
        black_box(td::parse_received(c).unwrap());
    }
}

fn skip_only(input: &Input) {
    for buf in &input.bufs {
        let mut c = black_box(buf).cursor();
        c.skip_value(1).unwrap();
        c.finish().unwrap();
    }
}

fn serde_ignored(input: &Input) {
    for doc in &input.docs {
        let r = serde_json::from_slice::<serde::de::IgnoredAny>(black_box(doc.as_bytes()));
        black_box(r.unwrap());
    }
}

const VARIANTS: &[(&str, Run)] = &[
    ("serde reader (from_slice)", serde_reader),
    ("pointer (cursor)", pointer),
    ("pointer (from_ptr)", pointer_from_ptr),
    ("pointer skip_value", skip_only),
    ("serde_json IgnoredAny", serde_ignored),
];

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Seconds per pass of `run` over `input`, timed over `iters` passes.
fn time(run: Run, input: &Input, iters: usize) -> f64 {
    let start = Instant::now();
    for _ in 0..iters {
        run(input);
    }
    start.elapsed().as_secs_f64() / iters as f64
}

fn main() {
    if let Ok(variant) = std::env::var("PERF_LOOP") {
        let (_, run) = VARIANTS
            .iter()
            .find(|(n, _)| n.starts_with(variant.as_str()))
            .expect("PERF_LOOP names a variant");
        let seconds: f64 = env_or("PERF_SECONDS", 5.0);
        let fixed: usize = env_or("PERF_PASSES", 0);
        for input in inputs() {
            let end = Instant::now() + Duration::from_secs_f64(seconds);
            let mut passes = 0usize;
            while if fixed > 0 {
                passes < fixed
            } else {
                Instant::now() < end
            } {
                run(&input);
                passes += 1;
            }
            println!("{}: {passes} passes", input.name);
        }
        return;
    }
    let rounds: usize = env_or("PERF_ROUNDS", 31);
    let batch = env_or("PERF_BATCH_MS", 20.0) / 1e3;
    for input in inputs() {
        println!(
            "\n{}: {} documents, {} bytes",
            input.name,
            input.docs.len(),
            input.bytes
        );
        // warm up, and size each variant's batch to about `batch` seconds
        let iters: Vec<usize> = VARIANTS
            .iter()
            .map(|(_, run)| {
                let once = time(*run, &input, 3);
                ((batch / once) as usize).max(1)
            })
            .collect();
        let mut secs = vec![Vec::new(); VARIANTS.len()];
        for round in 0..rounds {
            // rotate the order so no variant always runs first
            for k in 0..VARIANTS.len() {
                let i = (k + round) % VARIANTS.len();
                secs[i].push(time(VARIANTS[i].1, &input, iters[i]));
            }
        }
        println!("{:<28} {:>9} {:>14}", "variant", "MB/s", "x serde reader");
        for (i, (name, _)) in VARIANTS.iter().enumerate() {
            let mut ratios: Vec<f64> = secs[0].iter().zip(&secs[i]).map(|(s, v)| s / v).collect();
            let mut mbs: Vec<f64> = secs[i]
                .iter()
                .map(|s| input.bytes as f64 / s / 1e6)
                .collect();
            println!(
                "{name:<28} {:>9.0} {:>14.2}",
                median(&mut mbs),
                median(&mut ratios)
            );
        }
    }
}
