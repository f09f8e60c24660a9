//! Divan benches of the `bench` binary's contenders on `messages50`
//! (`corpus/named/messages50.json`, falling back to the largest line of
//! `corpus/tdjson-1.8.65.jsonl` while it is missing):
//!
//! ```text
//! cargo bench -p tlgen-tests --bench parsers
//! ```
//!
//! The binary (`src/bin/bench.rs`) is the main tool: it interleaves the contenders, pairs the
//! ratios, checks every result against the pointer parser and counts allocations. This runs the
//! same per-document work under divan's harness, for quick A/B checks of one contender.

#[allow(dead_code)]
#[path = "../src/bench/mod.rs"]
mod bench;

use std::sync::OnceLock;

use bench::contenders::{Kind, MAIN, Scratch};
use bench::payloads::{self, Payload};

fn main() {
    divan::main();
}

/// The payload, loaded once.
fn messages50() -> &'static Payload {
    static P: OnceLock<Payload> = OnceLock::new();
    P.get_or_init(|| {
        let root = tlgen_tests::repo_root();
        let lines =
            payloads::read_lines(&root.join("corpus/tdjson-1.8.65.jsonl")).unwrap_or_default();
        payloads::load_named(&root, "messages50", &lines)
    })
}

/// One full read of messages50 by each contender (see `bench::contenders::Kind`).
#[divan::bench(args = [
    "pointer",
    "serde_json",
    "sonic_rs",
    "simd_json",
    "value_then_convert",
    "tdlib_rs",
    "memchr",
    "untyped_walk",
    "untyped_walk_serde",
])]
fn parse(bencher: divan::Bencher, contender: &str) {
    let kind: Kind = MAIN
        .into_iter()
        .find(|k| k.name() == contender)
        .expect("a contender of MAIN");
    let p = messages50();
    let mut scratch = Scratch::default();
    bencher
        .counter(divan::counter::BytesCount::new(p.bytes()))
        .bench_local(|| kind.pass(&p.docs, &mut scratch));
}
