//! Rough throughput of the pointer tokenizer against serde_json on a TDLib-shaped page, without
//! generated code (the generated parsers' benchmarks are in tests/: `bench`, `perf_pointer`,
//! `parsers`). Run with `cargo bench -p tlgen-runtime --bench pointer_perf`; with
//! `-- --skip-loop`, a longer skip-only loop instead, for profiling (`perf record`).

#[path = "../tests/pointer_support/mod.rs"]
mod pointer_support;

use std::hint::black_box;
use std::time::Instant;

use pointer_support::{generated_style, sample_documents};
use serde::de::IgnoredAny;
use tlgen_runtime::pointer::NulTerminated;

fn page() -> String {
    let docs = sample_documents();
    let mut page = String::from(r#"{"@type":"messages","total_count":50,"messages":["#);
    for i in 0..50 {
        if i > 0 {
            page.push(',');
        }
        page.push_str(&docs[i % 3]);
    }
    page.push_str("]}");
    page
}

fn measure(name: &str, bytes: usize, mut f: impl FnMut()) {
    for _ in 0..50 {
        f();
    }
    let rounds = 2_000;
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    let secs = start.elapsed().as_secs_f64();
    let mb_s = (bytes * rounds) as f64 / secs / 1e6;
    println!("{name:<40} {mb_s:8.0} MB/s");
}

fn main() {
    if std::env::args().any(|arg| arg == "--skip-loop") {
        skip_only_loop();
    } else {
        throughput();
    }
}

fn throughput() {
    let page = page();
    let buf = NulTerminated::from(page.as_str());
    let n = page.len();
    println!("page: {n} bytes");
    measure("serde_json IgnoredAny", n, || {
        black_box(serde_json::from_slice::<IgnoredAny>(black_box(page.as_bytes())).unwrap());
    });
    measure("serde_json Value", n, || {
        black_box(serde_json::from_slice::<serde_json::Value>(black_box(page.as_bytes())).unwrap());
    });
    measure("pointer skip_value", n, || {
        let mut c = black_box(&buf).cursor();
        c.skip_value(1).unwrap();
        c.finish().unwrap();
    });
    measure("pointer generated-style walk", n, || {
        let mut c = black_box(&buf).cursor();
        black_box(generated_style(&mut c, 1).unwrap());
        c.finish().unwrap();
    });
}

/// A longer skip-only loop, for profiling (`perf record`).
fn skip_only_loop() {
    let page = page();
    let buf = NulTerminated::from(page.as_str());
    measure("pointer skip_value (profile)", page.len(), || {
        for _ in 0..20 {
            let mut c = black_box(&buf).cursor();
            c.skip_value(1).unwrap();
        }
    });
}
