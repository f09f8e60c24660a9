//! A quick bench of the pointer parser (README.md beside this crate): the owned pointer parser,
//! arena mode (into one arena reset per document, and into a document that owns its arena:
//! `parse_document`), the owned parse made `'static` as the manager does, serde_json's
//! `IgnoredAny` walk and the serde_json reader on tdjson_stream, synthetic_stream and
//! large_stream, contenders alternated within each round, thread CPU time, medians of
//! per-round ratios. `--loop` runs one contender only, for callgrind.

use std::cell::RefCell;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::IgnoredAny;
use tlgen_runtime::arena::Bump;
use tlgen_runtime::pointer::Cursor;

/// `--features mimalloc`: mimalloc instead of the system allocator.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// td_api in `both` mode: the owned types, the pointer parser and the reader.
#[allow(clippy::all)]
mod td {
    include!(concat!(env!("OUT_DIR"), "/both/td_api.rs"));
}

/// td_api in arena mode.
#[allow(clippy::all)]
mod td_arena {
    include!(concat!(env!("OUT_DIR"), "/arena/td_api.rs"));
}

/// The documents of a stream, each with its NUL.
type Docs = [Vec<u8>];

/// How long each contender runs in a round (thread CPU time).
const BATCH_NS: u64 = 30_000_000;

thread_local! {
    static ARENA: RefCell<Bump> = RefCell::new(Bump::new());
}

/// A contender: reads every document once, returns how many it accepted.
type Pass = fn(&Docs) -> usize;

const CONTENDERS: [(&str, Pass); 6] = [
    ("pointer", pass_pointer),
    ("pointer_static", pass_static),
    ("pointer_arena", pass_arena),
    ("arena_document", pass_document),
    ("walk", pass_walk),
    ("serde_json", pass_serde),
];

fn cursor(d: &[u8]) -> Cursor<'_> {
    Cursor::from_bytes_with_nul(d).expect("load() ends every document with a NUL")
}

/// The text of a document, without its NUL.
fn text(d: &[u8]) -> &[u8] {
    &d[..d.len() - 1]
}

#[inline(never)]
fn pass_pointer(docs: &Docs) -> usize {
    docs.iter()
        .filter(|d| black_box(td::parse_received(cursor(d))).is_ok())
        .count()
}

/// The owned parse made `'static` (`IntoStatic`), as the manager hands answers and updates to
/// other threads.
#[inline(never)]
fn pass_static(docs: &Docs) -> usize {
    docs.iter()
        .filter(|d| {
            black_box(td::parse_received(cursor(d)).map(tlgen_runtime::IntoStatic::into_static))
                .is_ok()
        })
        .count()
}

#[inline(never)]
fn pass_arena(docs: &Docs) -> usize {
    ARENA.with_borrow_mut(|arena| {
        docs.iter()
            .filter(|d| {
                arena.reset();
                black_box(td_arena::parse_received(arena, cursor(d))).is_ok()
            })
            .count()
    })
}

#[inline(never)]
fn pass_document(docs: &Docs) -> usize {
    docs.iter()
        .filter(|d| black_box(td_arena::parse_document(text(d))).is_ok())
        .count()
}

#[inline(never)]
fn pass_walk(docs: &Docs) -> usize {
    docs.iter()
        .filter(|d| {
            let mut de = serde_json::Deserializer::from_slice(text(d));
            de.disable_recursion_limit();
            black_box(IgnoredAny::deserialize(&mut de).and_then(|_| de.end())).is_ok()
        })
        .count()
}

#[inline(never)]
fn pass_serde(docs: &Docs) -> usize {
    docs.iter()
        .filter(|d| black_box(tlgen_runtime::reader::from_slice::<td::Received>(text(d))).is_ok())
        .count()
}

fn thread_cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a pointer to a live `timespec`.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// Nanoseconds per document of `pass` over `docs`: whole passes for at least [`BATCH_NS`].
fn time(pass: Pass, docs: &Docs) -> f64 {
    let start = thread_cpu_ns();
    let mut passes = 0u64;
    loop {
        black_box(pass(docs));
        passes += 1;
        let spent = thread_cpu_ns() - start;
        if spent > BATCH_NS {
            return spent as f64 / (passes as f64 * docs.len() as f64);
        }
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The non-empty lines of a JSON-lines file, each followed by a NUL.
fn load(path: &Path) -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| [line.as_bytes(), b"\0"].concat())
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut corpus = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus"));
    let mut rounds = 9;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--corpus" => corpus = args.next().expect("--corpus DIR").into(),
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--rounds N")
            }
            "--loop" => {
                let (name, file, passes) = (args.next(), args.next(), args.next());
                let (Some(name), Some(file), Some(passes)) = (name, file, passes) else {
                    panic!("--loop CONTENDER FILE PASSES");
                };
                let pass = CONTENDERS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .unwrap_or_else(|| panic!("no contender {name}"))
                    .1;
                let docs = load(Path::new(&file));
                for _ in 0..passes.parse::<usize>().expect("PASSES is a number") {
                    black_box(pass(&docs));
                }
                return;
            }
            _ => panic!(
                "usage: quick-bench [--corpus DIR] [--rounds N] [--loop CONTENDER FILE PASSES]"
            ),
        }
    }
    let tdjson = load(&corpus.join("tdjson-1.8.65.jsonl"));
    let synthetic = load(&corpus.join("synthetic.jsonl"));
    let mut large = Vec::new();
    while large.iter().map(Vec::len).sum::<usize>() < 8 << 20 {
        large.extend(tdjson.iter().chain(&synthetic).cloned());
    }
    let streams = [
        ("tdjson_stream", &tdjson),
        ("synthetic_stream", &synthetic),
        ("large_stream", &large),
    ];
    for (stream, docs) in streams {
        for (name, pass) in CONTENDERS {
            assert_eq!(
                pass(docs),
                docs.len(),
                "{name} refused a document of {stream}"
            );
        }
    }
    println!(
        "stream             pointer ns  static ns  arena ns  document ns  walk ns  pointer÷walk  arena÷walk  document÷walk  serde_json÷pointer"
    );
    for (stream, docs) in streams {
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); CONTENDERS.len()];
        for round in 0..rounds {
            for k in 0..CONTENDERS.len() {
                // (the order rotates from round to round)
                let i = (k + round) % CONTENDERS.len();
                times[i].push(time(CONTENDERS[i].1, docs));
            }
        }
        // (columns by name: the contenders' order is free)
        let at = |name: &str| {
            CONTENDERS
                .iter()
                .position(|(n, _)| *n == name)
                .expect("a contender of this name")
        };
        let time = |name| median(times[at(name)].clone());
        let ratio = |a, b| {
            let (a, b) = (at(a), at(b));
            median((0..rounds).map(|r| times[a][r] / times[b][r]).collect())
        };
        println!(
            "{stream:18} {:10.1} {:10.1} {:9.1} {:12.1} {:8.1} {:13.3} {:11.3} {:14.3} {:19.2}",
            time("pointer"),
            time("pointer_static"),
            time("pointer_arena"),
            time("arena_document"),
            time("walk"),
            ratio("pointer", "walk"),
            ratio("pointer_arena", "walk"),
            ratio("arena_document", "walk"),
            ratio("serde_json", "pointer"),
        );
    }
}
