//! `document_pipeline`: what documents cost when they cross threads. An application that reads
//! TDLib on one thread and handles objects on others parses each answer into an
//! [`arena::Document`](tlgen_runtime::arena::Document) (`parse_document`: the text copied into
//! an arena of its own) and sends it on. This times, over the same corpus lines:
//!
//! - `one thread`: parse a document, read its object, drop it, on one thread (a receive loop
//!   that handles what it parses);
//! - `pipeline`: the main thread parses and sends each document on a bounded channel to a worker
//!   thread, which reads its object and drops it (a receive loop and a handler thread);
//! - `pipeline, owned`: the same with pointer mode's owned types, as the manager hands updates
//!   over: `parse_received` on the NUL-terminated line, `into_static` (a copy of every string
//!   borrowed from the buffer), sent, read and dropped (the `Received<'static>`).
//!
//! It reports the median wall time per document of `--rounds` rounds (the two alternate within a
//! round) and, from an untimed pass of each, the global allocations per document once warm.
//! Offline; no TDLib needed.
//!
//! ```text
//! cargo run --release -p tlgen-tests --example document_pipeline -- --rounds 15
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tlgen_runtime::IntoStatic;
use tlgen_runtime::pointer::Cursor;
use tlgen_tests::{td, td_arena};

/// Counts allocations while [`COUNTING`] is set (an untimed pass).
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call goes unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Relaxed) {
            ALLOCATIONS.fetch_add(1, Relaxed);
        }
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Relaxed) {
            ALLOCATIONS.fetch_add(1, Relaxed);
        }
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A way to run passes over the lines (each line ends with a NUL, which `parse_document` is
/// given without): `one_thread`, `pipeline` or `pipeline_owned`.
type Run = fn(&[Vec<u8>], usize) -> usize;

/// How many documents the channel holds (the receive loop waits when the worker is behind).
const CHANNEL_BOUND: usize = 64;

/// The corpus lines (TDLib captures and the synthetic corpus), each ending with a NUL instead
/// of its newline, as `td_receive` hands them over.
fn corpus() -> Vec<Vec<u8>> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/");
    let mut lines = Vec::new();
    for file in [
        "tdjson-1.8.65.jsonl",
        "tdjson-1.8.65-params.jsonl",
        "synthetic.jsonl",
    ] {
        let text = std::fs::read(format!("{root}{file}")).expect("corpus file");
        lines.extend(
            text.split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(|l| [l, b"\0"].concat()),
        );
    }
    lines
}

/// Reads what a handler would: the object's variant.
fn handle(document: &td_arena::ArenaDocument) -> usize {
    let received = document.get();
    black_box(received);
    core::mem::size_of_val(received)
}

/// `passes` passes over `lines`, each parsed, handled and dropped on this thread.
/// A line without its NUL (what `CStr::to_bytes` gives).
fn text(line: &[u8]) -> &[u8] {
    &line[..line.len() - 1]
}

fn one_thread(lines: &[Vec<u8>], passes: usize) -> usize {
    let mut check = 0;
    for _ in 0..passes {
        for line in lines {
            let document = td_arena::parse_document(text(black_box(line))).expect("a corpus line");
            check += handle(&document);
        }
    }
    check
}

/// `passes` passes over `lines`, each parsed here and handled and dropped by a worker thread.
fn pipeline(lines: &[Vec<u8>], passes: usize) -> usize {
    let (send, receive) = mpsc::sync_channel::<td_arena::ArenaDocument>(CHANNEL_BOUND);
    let worker = std::thread::spawn(move || receive.iter().map(|d| handle(&d)).sum::<usize>());
    for _ in 0..passes {
        for line in lines {
            let document = td_arena::parse_document(text(black_box(line))).expect("a corpus line");
            send.send(document).expect("the worker runs");
        }
    }
    drop(send);
    worker.join().expect("the worker ends")
}

/// `pipeline` with pointer mode's owned types, made `'static` to cross threads.
fn pipeline_owned(lines: &[Vec<u8>], passes: usize) -> usize {
    let (send, receive) = mpsc::sync_channel::<td::Received<'static>>(CHANNEL_BOUND);
    let worker = std::thread::spawn(move || {
        receive
            .iter()
            .map(|r| size_of_val(black_box(&r.object)))
            .sum::<usize>()
    });
    for _ in 0..passes {
        for line in lines {
            let cursor = Cursor::from_bytes_with_nul(black_box(line)).expect("NUL-terminated");
            let received = td::parse_received(cursor).expect("a corpus line");
            send.send(received.into_static()).expect("the worker runs");
        }
    }
    drop(send);
    worker.join().expect("the worker ends")
}

/// Allocations per document of `run` over `lines`, counted in a pass after a warm-up pass.
fn allocations_per_document(lines: &[Vec<u8>], run: Run) -> f64 {
    run(lines, 1);
    ALLOCATIONS.store(0, Relaxed);
    COUNTING.store(true, Relaxed);
    run(lines, 2);
    COUNTING.store(false, Relaxed);
    ALLOCATIONS.load(Relaxed) as f64 / (2 * lines.len()) as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut rounds = 15;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next().and_then(|v| v.parse().ok())) {
            ("--rounds", Some(n)) if n > 0 => rounds = n,
            _ => {
                eprintln!("usage: document_pipeline [--rounds N]");
                std::process::exit(2);
            }
        }
    }
    let lines = corpus();
    let bytes: usize = lines.iter().map(Vec::len).sum();
    // Passes per round: at least ~50 ms of work each.
    let started = Instant::now();
    one_thread(&lines, 1);
    let once = started.elapsed().max(Duration::from_micros(1));
    let passes = (Duration::from_millis(50).as_secs_f64() / once.as_secs_f64()).ceil() as usize;
    let documents = (passes * lines.len()) as f64;

    let runs: [(&str, Run); 3] = [
        ("one thread", one_thread),
        ("pipeline", pipeline),
        ("pipeline, owned", pipeline_owned),
    ];
    let mut times = vec![Vec::new(); runs.len()];
    // per round: pipeline ÷ one thread, owned pipeline ÷ pipeline
    let mut ratios = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let mut round = Vec::new();
        for (i, (_, run)) in runs.iter().enumerate() {
            let started = Instant::now();
            black_box(run(&lines, passes));
            let ns = started.elapsed().as_secs_f64() * 1e9 / documents;
            times[i].push(ns);
            round.push(ns);
        }
        ratios.0.push(round[1] / round[0]);
        ratios.1.push(round[2] / round[1]);
    }
    println!(
        "{} lines, {bytes} B; {rounds} rounds of {passes} passes; channel of {CHANNEL_BOUND}\n",
        lines.len()
    );
    println!("| run | ns per document: median (min-max) | allocations per document, warm |");
    println!("|---|---:|---:|");
    for ((name, run), times) in runs.iter().zip(times) {
        let (min, max) = (
            times.iter().copied().fold(f64::INFINITY, f64::min),
            times.iter().copied().fold(0.0, f64::max),
        );
        println!(
            "| {name} | {:.0} ({min:.0}-{max:.0}) | {:.3} |",
            median(times),
            allocations_per_document(&lines, *run),
        );
    }
    println!(
        "\nmedians of per-round ratios: pipeline / one thread {:.2}, owned pipeline / \
         pipeline {:.2}",
        median(ratios.0),
        median(ratios.1)
    );
}
