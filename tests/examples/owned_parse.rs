//! `owned_parse`: what crossing threads costs. The manager parses every answer in its receive
//! loop, in place in TDLib's buffer (borrowed, zero-copy), and, since the value then goes to
//! another thread, makes it owned (`into_static`). This times, on the same NUL-terminated
//! buffers:
//!
//! - `strlen`: measuring the buffer (`CStr::from_ptr`), which the manager does once per object
//!   to read `@extra` / `@client_id` from its tail;
//! - `borrowed`: the pointer parser's parse, as a handler closure in the loop (or the blocking
//!   `Client`) sees it;
//! - `owned`: the same parse followed by `into_static`, as the async path hands it over.
//!
//! Inputs: every object of the TDLib 1.8.65 captures (`corpus/tdjson-1.8.65*.jsonl`, parsed as
//! `Object`), and the answer of `testCallVectorStringObject` with 1000 strings (parsed as its
//! result type, as `send(..).await` does). Offline; no TDLib needed.
//!
//! ```text
//! cargo run --release -p tlgen-tests --example owned_parse -- --rounds 2000
//! ```

use std::ffi::CStr;
use std::time::Instant;

use tlgen_runtime::IntoStatic;
use tlgen_runtime::function::parse_response;
use tlgen_runtime::parse::parse_received;
use tlgen_runtime::pointer::Cursor;
use tlgen_tests::td::{self, functions};

/// The median of `rounds` timings of `f` over all of `docs`, in µs per pass.
fn median_us(rounds: usize, docs: &[Vec<u8>], mut f: impl FnMut(&[u8]) -> usize) -> (f64, usize) {
    let mut times = Vec::with_capacity(rounds);
    let mut check = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        for doc in docs {
            check += std::hint::black_box(f(std::hint::black_box(doc)));
        }
        times.push(started.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], check)
}

fn cursor(doc: &[u8]) -> Cursor<'_> {
    Cursor::from_bytes_with_nul(doc).expect("NUL-terminated")
}

fn corpus() -> Vec<Vec<u8>> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/");
    let mut docs = Vec::new();
    for file in ["tdjson-1.8.65.jsonl", "tdjson-1.8.65-params.jsonl"] {
        let text = std::fs::read(format!("{root}{file}")).expect("corpus file");
        for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let mut doc = line.to_vec();
            doc.push(0);
            docs.push(doc);
        }
    }
    docs
}

fn vector_answer() -> Vec<u8> {
    let mut json = String::from(r#"{"@type":"testVectorStringObject","value":["#);
    for i in 0..1000 {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&format!(
            r#"{{"@type":"testString","value":"string number {i} of the vector"}}"#
        ));
    }
    json.push_str(r#"],"@extra":17,"@client_id":1}"#);
    let mut doc = json.into_bytes();
    doc.push(0);
    doc
}

fn main() {
    let mut rounds = 2000;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next().and_then(|v| v.parse().ok())) {
            ("--rounds", Some(n)) => rounds = n,
            _ => {
                eprintln!("usage: owned_parse [--rounds N]");
                std::process::exit(2);
            }
        }
    }
    let strlen = |doc: &[u8]| {
        // SAFETY: every document ends with a NUL (pushed above).
        unsafe { CStr::from_ptr(doc.as_ptr().cast()) }
            .to_bytes()
            .len()
    };

    let objects = corpus();
    let bytes: usize = objects.iter().map(Vec::len).sum();
    let object_borrowed = |doc: &[u8]| {
        let received = parse_received::<td::Object<'_>>(cursor(doc)).expect("a corpus object");
        std::hint::black_box(&received);
        1
    };
    let object_owned = |doc: &[u8]| {
        let received = parse_received::<td::Object<'_>>(cursor(doc)).expect("a corpus object");
        std::hint::black_box(received.object.into_static());
        1
    };
    report(
        &format!("{} corpus objects, {bytes} B", objects.len()),
        rounds,
        &objects,
        strlen,
        object_borrowed,
        object_owned,
    );

    let vector = vec![vector_answer()];
    let vector_borrowed = |doc: &[u8]| {
        let r = parse_response::<functions::TestCallVectorStringObject>(cursor(doc));
        std::hint::black_box(&r.expect("the vector")).value.len()
    };
    let vector_owned = |doc: &[u8]| {
        let r = parse_response::<functions::TestCallVectorStringObject>(cursor(doc));
        std::hint::black_box(r.expect("the vector").into_static())
            .value
            .len()
    };
    report(
        &format!("testVectorStringObject x1000, {} B", vector[0].len()),
        rounds,
        &vector,
        strlen,
        vector_borrowed,
        vector_owned,
    );
}

fn report(
    what: &str,
    rounds: usize,
    docs: &[Vec<u8>],
    strlen: impl FnMut(&[u8]) -> usize,
    borrowed: impl FnMut(&[u8]) -> usize,
    owned: impl FnMut(&[u8]) -> usize,
) {
    let (s, _) = median_us(rounds, docs, strlen);
    let (b, nb) = median_us(rounds, docs, borrowed);
    let (o, no) = median_us(rounds, docs, owned);
    assert_eq!(nb, no, "both parses saw the same values");
    println!(
        "{what}: strlen {s:.2} us, borrowed {b:.2} us, owned {o:.2} us (+{:.0} %), median of {rounds} passes",
        (o / b - 1.0) * 100.0
    );
}
