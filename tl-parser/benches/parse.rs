//! How long the parser takes over the shared schemas, td_api.tl first: a benchmark, not a test
//! (it prints, asserts nothing about time). Run with `cargo bench -p tl-parser --bench parse`.
//! Each schema is parsed once to warm up, then `ROUNDS` times, each timed alone; the median
//! and the range are printed.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Timed parses of each schema.
const ROUNDS: usize = 21;

fn main() {
    for name in common::SCHEMAS {
        let source = common::schema_source(name);
        tl_parser::parse(&source).expect("the shared schemas parse"); // warm up
        let mut times: Vec<Duration> = (0..ROUNDS)
            .map(|_| {
                let started = Instant::now();
                black_box(tl_parser::parse(black_box(&source)).expect("parses"));
                started.elapsed()
            })
            .collect();
        times.sort();
        let (min, median, max) = (times[0], times[ROUNDS / 2], times[ROUNDS - 1]);
        println!(
            "{name:16} {:5} KiB  median {median:>10.2?} per parse  (min {min:.2?}, max {max:.2?})",
            source.len() / 1024
        );
    }
}
