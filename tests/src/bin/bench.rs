//! `bench`: throughput, allocations and paired ratios of the generated pointer parser against
//! the generated serde reader on several backends, a `Value`-then-convert baseline and two
//! floors (`memchr`, an untyped skip-only walk), all producing `td::Received`.
//!
//! ```text
//! cargo build --release -p tlgen-tests --bin bench
//! target/release/bench                  # markdown report (about 3-5 minutes)
//! target/release/bench --quick          # < 1 minute: 7 rounds, 5 ms batches, 32 MiB large_stream
//! target/release/bench --json           # {"results":[{"payload":..,"contender":..,..}],..}
//! target/release/bench --svg docs/bench-chart.svg
//! target/release/bench --payload messages50 --rounds 31
//! target/release/bench --loop pointer messages50 20   # only parse, for `perf record`
//! target/release/bench --loop pointer synthetic_stream 20x   # 20 passes, for callgrind
//! target/release/bench --latency        # 20,000 objects/s, 5 s per contender, 60 Hz ticker
//! target/release/bench --latency --rate 50000 --seconds 10 --json
//! target/release/bench --threads        # pointer on large_stream, 1 and 2 threads
//! ```
//!
//! Payloads: `corpus/named/<name>.json` (one document each), `synthetic_stream` (the lines of
//! `corpus/synthetic.jsonl`), `tdjson_stream` (`corpus/tdjson-1.8.65.jsonl`),
//! `synthetic_repeated` (each synthetic line 16 times in a row: the same documents with each
//! constructor's code warm, to show what a stream's variety costs) and `large_stream` (the two
//! streams' lines repeated to ≥ 256 MiB; 32 MiB with `--quick`). Each document has its own
//! NUL-terminated buffer, built before timing. Before timing, every typed contender's result is
//! compared with the pointer parser's; documents a contender rejects are reported and excluded
//! (a single payload skips that contender; a stream drops the document for every contender).
//! Progress goes to stderr.

#[path = "../bench/mod.rs"]
mod bench;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bench::contenders::{self, DISPATCH, Kind, MAIN, OWNED, Scratch, WALKS};
use bench::measure::{self, Config};
use bench::payloads::{self, Doc, Payload};
use bench::report::{EscapeCheck, PayloadInfo, Run, Table};

/// How many times in a row `synthetic_repeated` has each synthetic line.
const REPEATS: usize = 16;

#[global_allocator]
static GLOBAL: bench::alloc::Counting = bench::alloc::Counting;

/// How long `--loop` runs: `5` is five seconds, `20x` twenty passes over the payload (a fixed
/// amount of work, for instruction and cache-miss counts: `valgrind --tool=callgrind`).
#[derive(Debug, Clone, Copy)]
enum Limit {
    Seconds(f64),
    Passes(u64),
}

impl std::str::FromStr for Limit {
    type Err = std::num::ParseFloatError;
    fn from_str(s: &str) -> Result<Limit, Self::Err> {
        match s.strip_suffix('x').map(str::parse::<u64>) {
            Some(Ok(n)) => Ok(Limit::Passes(n)),
            _ => s.parse().map(Limit::Seconds),
        }
    }
}

impl Limit {
    fn reached(self, start: Instant, passes: u64) -> bool {
        match self {
            Limit::Seconds(s) => start.elapsed().as_secs_f64() >= s,
            Limit::Passes(n) => passes >= n,
        }
    }
}

struct Args {
    quick: bool,
    json: bool,
    svg: Option<String>,
    only: Vec<String>,
    rounds: Option<usize>,
    batch_ms: Option<u64>,
    large_mib: Option<usize>,
    looping: Option<(String, String, Limit)>,
    per_doc: Option<(String, String)>,
    latency: bool,
    rate: f64,
    seconds: Option<f64>,
    threads: bool,
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: bench [--quick] [--json] [--svg FILE] [--payload NAME]... [--rounds N] \
         [--batch-ms N] [--large-mib N] | bench --loop CONTENDER PAYLOAD SECONDS|PASSESx | \
         bench --per-doc CONTENDER PAYLOAD | bench --latency [--quick] [--json] [--rate N] \
         [--seconds N] | bench --threads [--quick] [--json] [--large-mib N] [--rounds N]"
    );
    ExitCode::from(2)
}

fn parse_args() -> Option<Args> {
    let mut a = Args {
        quick: false,
        json: false,
        svg: None,
        only: Vec::new(),
        rounds: None,
        batch_ms: None,
        large_mib: None,
        looping: None,
        per_doc: None,
        latency: false,
        rate: 20_000.0,
        seconds: None,
        threads: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--quick" => a.quick = true,
            "--json" => a.json = true,
            "--svg" => a.svg = Some(it.next()?),
            "--payload" => a.only.push(it.next()?),
            "--rounds" => a.rounds = Some(it.next()?.parse().ok()?),
            "--batch-ms" => a.batch_ms = Some(it.next()?.parse().ok()?),
            "--large-mib" => a.large_mib = Some(it.next()?.parse().ok()?),
            "--latency" => a.latency = true,
            "--rate" => a.rate = it.next()?.parse().ok().filter(|r: &f64| *r > 0.0)?,
            "--seconds" => a.seconds = Some(it.next()?.parse().ok().filter(|s: &f64| *s > 0.0)?),
            "--threads" => a.threads = true,
            "--per-doc" => {
                let k = it.next()?;
                let p = it.next()?;
                a.per_doc = Some((k, p));
            }
            "--loop" => {
                let k = it.next()?;
                let p = it.next()?;
                let s = it.next()?.parse().ok()?;
                a.looping = Some((k, p, s));
            }
            _ => return None,
        }
    }
    Some(a)
}

/// The contender and payload named on the command line (`--loop`, `--per-doc`); `None` after
/// saying which name is unknown.
fn find_target<'p>(
    all: &[(&'p Payload, &[(Kind, String)])],
    kind: &str,
    payload: &str,
) -> Option<(Kind, &'p Payload)> {
    let Some(k) = all_kinds().into_iter().find(|k| k.name() == kind) else {
        eprintln!("unknown contender {kind}");
        return None;
    };
    let Some((p, _)) = all.iter().find(|(p, _)| p.name == payload) else {
        eprintln!("unknown payload {payload}");
        return None;
    };
    Some((k, p))
}

fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    format!("nproc {cpus}, {model}")
}

/// What the check found for one contender on one document.
struct Finding {
    kind: Kind,
    what: String,
    /// The contender refused the document (else it built a different result: a note only).
    refused: bool,
}

/// Checks every document of `p` with `kinds`: typed results must equal the pointer parser's.
/// Returns, per document, what did not.
fn check(p: &Payload, kinds: &[Kind]) -> Vec<Vec<Finding>> {
    let mut s = Scratch::default();
    p.docs
        .iter()
        .map(|d| {
            let want = Kind::Pointer.check(d, &mut s);
            kinds
                .iter()
                .filter_map(|&kind| {
                    let got = kind.check(d, &mut s);
                    let (what, refused) = match (&want, got) {
                        (_, Err(e)) => (short(&e), true),
                        (Ok(w), Ok(Some(g))) if w.as_ref() != Some(&g) => {
                            ("result differs from the pointer parser's".into(), false)
                        }
                        (Err(_), Ok(Some(_))) => {
                            ("accepted what the pointer parser rejects".into(), false)
                        }
                        _ => return None,
                    };
                    Some(Finding {
                        kind,
                        what,
                        refused,
                    })
                })
                .collect()
        })
        .collect()
}

fn short(e: &str) -> String {
    let mut s: String = e.chars().take(90).collect();
    if s.len() < e.len() {
        s.push('…');
    }
    s
}

fn all_kinds() -> Vec<Kind> {
    let mut v: Vec<Kind> = Vec::new();
    for k in MAIN.iter().chain(&OWNED).chain(&DISPATCH).chain(&WALKS) {
        if !v.contains(k) {
            v.push(*k);
        }
    }
    v
}

/// Checks `p`. A document some contender refuses is dropped from a stream for every
/// contender; on a single payload that contender is skipped. Differing results are noted.
fn prepare(p: &mut Payload, stream: bool) -> Vec<(Kind, String)> {
    let kinds: Vec<Kind> = all_kinds().into_iter().filter(|k| k.checked()).collect();
    let verdicts = check(p, &kinds);
    let mut dropped = Vec::new();
    let mut differs: Vec<String> = Vec::new();
    let mut skipped: Vec<(Kind, String)> = Vec::new();
    let mut keep = Vec::new();
    for (i, (d, findings)) in std::mem::take(&mut p.docs)
        .into_iter()
        .zip(verdicts)
        .enumerate()
    {
        let place = if stream {
            format!(
                "line {} (depth {})",
                i + 1,
                tlgen_tests::json_depth(d.text())
            )
        } else {
            format!("depth {}", tlgen_tests::json_depth(d.text()))
        };
        for f in findings.iter().filter(|f| !f.refused) {
            differs.push(format!("{}: {} at {place}", f.kind.name(), f.what));
        }
        let refused: Vec<&Finding> = findings.iter().filter(|f| f.refused).collect();
        if refused.is_empty() || !stream {
            keep.push(d);
            for f in refused {
                skipped.push((f.kind, format!("refused ({place}): {}", f.what)));
            }
        } else {
            let who: Vec<String> = refused
                .iter()
                .map(|f| format!("{} ({})", f.kind.name(), f.what))
                .collect();
            dropped.push(format!("{place} refused by {}", who.join(", ")));
        }
    }
    p.docs = keep;
    if !dropped.is_empty() {
        p.notes.push(format!(
            "{} documents excluded for every contender: {}",
            dropped.len(),
            dropped.join("; ")
        ));
    }
    if !differs.is_empty() {
        p.notes.push(format!(
            "measured, but the result differs from the pointer parser's: {}",
            differs.join("; ")
        ));
    }
    for (k, e) in &skipped {
        p.notes.push(format!("{} skipped: {e}", k.name()));
    }
    skipped
}

fn info(p: &Payload) -> PayloadInfo {
    PayloadInfo {
        name: p.name,
        source: p.source.clone(),
        docs: p.docs.len(),
        bytes: p.bytes(),
        max_depth: p
            .docs
            .iter()
            .map(|d| tlgen_tests::json_depth(d.text()))
            .max()
            .unwrap_or(0),
        notes: p.notes.clone(),
        fallback: p.fallback,
    }
}

fn measure_table(p: &Payload, kinds: &[Kind], skipped: &[(Kind, String)], cfg: Config) -> Table {
    let run: Vec<Kind> = kinds
        .iter()
        .copied()
        .filter(|k| !skipped.iter().any(|(s, _)| s == k))
        .collect();
    eprintln!(
        "  {} ({} docs, {} bytes): {}",
        p.name,
        p.docs.len(),
        p.bytes(),
        run.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
    );
    Table {
        payload: p.name,
        cells: if run.first() == Some(&Kind::Pointer) && !p.docs.is_empty() {
            measure::measure(p, &run, cfg)
        } else {
            Vec::new()
        },
        skipped: kinds
            .iter()
            .filter_map(|k| skipped.iter().find(|(s, _)| s == k).cloned())
            .collect(),
    }
}

fn escape_check(p: &Payload) -> Option<EscapeCheck> {
    let doc = p.docs.first()?;
    let plain = Doc::new(&payloads::deescape(doc.text()));
    let (strings, escaped_strings) = payloads::count_strings(doc.text());
    let count = |d: &Doc, k: Kind| {
        let mut s = Scratch::default();
        k.pass(std::slice::from_ref(d), &mut s); // warm-up (lazy statics, scratch)
        let (ok, c) = bench::alloc::counted(|| k.pass(std::slice::from_ref(d), &mut s));
        (ok == 1).then_some(c)
    };
    let pointer = count(doc, Kind::Pointer)?;
    Some(EscapeCheck {
        payload: p.name,
        strings,
        escaped_strings,
        pointer: pointer.allocs,
        pointer_reallocs: pointer.reallocs,
        pointer_no_escapes: count(&plain, Kind::Pointer)?.allocs,
        reader: count(doc, Kind::SerdeJson)?.allocs,
        reader_no_escapes: count(&plain, Kind::SerdeJson)?.allocs,
    })
}

/// CPU ns of one read of `d` by `k`: the fastest of 5 batches of ≥ 100 µs.
fn doc_ns(k: Kind, d: &Doc, s: &mut Scratch) -> f64 {
    let one = Payload {
        name: "doc",
        source: String::new(),
        docs: vec![Doc::new(d.text())],
        notes: Vec::new(),
        fallback: false,
    };
    let mut n = 1u64;
    while measure::time_passes(k, &one, s, n) < Duration::from_micros(100) {
        n *= 2;
    }
    (0..5)
        .map(|_| measure::time_passes(k, &one, s, n).as_nanos() as f64 / n as f64)
        .fold(f64::INFINITY, f64::min)
}

/// `--per-doc`: where a contender spends its time on a stream, by `@type` and by document,
/// next to serde_json's `IgnoredAny` walk over the same documents (`untyped_walk_serde`, #35's
/// target).
fn per_doc(k: Kind, p: &Payload) {
    let mut s = Scratch::default();
    let mut rows: Vec<(usize, String, usize, f64, f64)> = p
        .docs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let name = contenders::pointer_type_only(d)
                .map(|t| t.into_owned())
                .unwrap_or_else(|_| "?".into());
            let ns = doc_ns(k, d, &mut s);
            let walk = doc_ns(Kind::UntypedWalkSerde, d, &mut s);
            (i + 1, name, d.text().len(), ns, walk)
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.3).sum();
    let mut by_type: std::collections::BTreeMap<&str, (usize, usize, f64, f64)> =
        std::collections::BTreeMap::new();
    for r in &rows {
        let e = by_type.entry(&r.1).or_default();
        e.0 += 1;
        e.1 += r.2;
        e.2 += r.3;
        e.3 += r.4;
    }
    let mut types: Vec<_> = by_type.into_iter().collect();
    types.sort_by(|a, b| b.1.2.total_cmp(&a.1.2));
    println!(
        "{} on {} ({} docs, {:.0} µs in all): by @type, most time first; \"walk\" is serde_json's \
         `IgnoredAny` (untyped_walk_serde)\n",
        k.name(),
        p.name,
        rows.len(),
        total / 1e3
    );
    println!("| @type | docs | bytes | share of time | MB/s | walk MB/s | time ÷ walk |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (t, (n, bytes, ns, walk)) in types.iter().take(25) {
        println!(
            "| {t} | {n} | {bytes} | {:.1}% | {:.0} | {:.0} | {:.2} |",
            ns / total * 100.0,
            *bytes as f64 / ns * 1e3,
            *bytes as f64 / walk * 1e3,
            ns / walk
        );
    }
    rows.sort_by(|a, b| (b.3 / b.2 as f64).total_cmp(&(a.3 / a.2 as f64)));
    println!("\nslowest documents per byte:\n");
    println!("| line | @type | bytes | ns | MB/s | time ÷ walk |");
    println!("|---:|---|---:|---:|---:|---:|");
    for (line, t, bytes, ns, walk) in rows.iter().take(15) {
        println!(
            "| {line} | {t} | {bytes} | {ns:.0} | {:.0} | {:.2} |",
            *bytes as f64 / ns * 1e3,
            ns / walk
        );
    }
}

fn main() -> ExitCode {
    let Some(args) = parse_args() else {
        return usage();
    };
    let started = Instant::now();
    let root = tlgen_tests::repo_root();
    let Some(td_lines) = payloads::read_lines(&root.join("corpus/tdjson-1.8.65.jsonl")) else {
        eprintln!(
            "cannot read corpus/tdjson-1.8.65.jsonl under {}",
            root.display()
        );
        return ExitCode::FAILURE;
    };
    let synthetic = payloads::read_lines(&root.join("corpus/synthetic.jsonl"));
    let large_mib = args.large_mib.unwrap_or(if args.quick { 32 } else { 256 });
    let cfg = Config {
        rounds: args.rounds.unwrap_or(if args.quick { 7 } else { 15 }),
        batch: Duration::from_millis(args.batch_ms.unwrap_or(if args.quick { 5 } else { 10 })),
    };
    let wanted = |name: &str| args.only.is_empty() || args.only.iter().any(|o| o == name);
    // (the derived payloads are built only when a run or `--loop` needs them)
    let needed = |name: &str| {
        if args.latency {
            false
        } else if args.threads {
            name == "large_stream"
        } else {
            wanted(name) || args.looping.as_ref().is_some_and(|l| l.1 == name)
        }
    };

    // Payloads, checked.
    eprintln!("loading and checking payloads...");
    let mut singles: Vec<(Payload, Vec<(Kind, String)>)> = Vec::new();
    for name in payloads::NAMED {
        let mut p = payloads::load_named(&root, name, &td_lines);
        let skipped = prepare(&mut p, false);
        singles.push((p, skipped));
    }
    let mut streams: Vec<Payload> = Vec::new();
    match &synthetic {
        Some(lines) => streams.push(payloads::stream(
            "synthetic_stream",
            "corpus/synthetic.jsonl",
            lines,
        )),
        None => eprintln!("corpus/synthetic.jsonl missing: no synthetic_stream"),
    }
    streams.push(payloads::stream(
        "tdjson_stream",
        "corpus/tdjson-1.8.65.jsonl",
        &td_lines,
    ));
    for p in &mut streams {
        prepare(p, true);
    }
    let large = if needed("large_stream") {
        let sources: Vec<&Doc> = streams.iter().flat_map(|p| p.docs.iter()).collect();
        let names: Vec<&str> = streams.iter().map(|p| p.name).collect();
        let mut p = payloads::large_stream(
            &sources,
            large_mib << 20,
            format!("{} repeated to ≥ {large_mib} MiB", names.join(" + ")),
        );
        if args.quick {
            p.notes
                .push(format!("--quick: {large_mib} MiB instead of 256 MiB"));
        }
        Some(p)
    } else {
        None
    };
    let repeated = streams
        .iter()
        .find(|p| p.name == "synthetic_stream")
        .filter(|_| needed("synthetic_repeated"))
        .map(|p| payloads::repeated("synthetic_repeated", p, REPEATS));
    let mut all: Vec<(&Payload, &[(Kind, String)])> = singles
        .iter()
        .map(|(p, s)| (p, s.as_slice()))
        .chain(streams.iter().map(|p| (p, &[][..])))
        .collect();
    if let Some(p) = &repeated {
        all.push((p, &[]));
    }
    if let Some(p) = &large {
        all.push((p, &[]));
    }

    if let Some((kind, payload, limit)) = &args.looping {
        let Some((k, p)) = find_target(&all, kind, payload) else {
            return ExitCode::from(2);
        };
        let mut s = Scratch::default();
        let (start, mut passes) = (Instant::now(), 0u64);
        while !limit.reached(start, passes) {
            std::hint::black_box(k.pass(&p.docs, &mut s));
            passes += 1;
        }
        let ns = start.elapsed().as_nanos() as f64 / (passes as f64 * p.docs.len() as f64);
        eprintln!(
            "{} on {}: {passes} passes, {ns:.0} ns/payload, {:.0} MB/s",
            k.name(),
            p.name,
            p.bytes_per_doc() / ns * 1e3
        );
        return ExitCode::SUCCESS;
    }

    if args.latency {
        let seconds = args.seconds.unwrap_or(if args.quick { 1.0 } else { 5.0 });
        let docs: Vec<&Doc> = streams.iter().flat_map(|p| p.docs.iter()).collect();
        let source = format!(
            "{} ({} documents, in order, cycling)",
            streams
                .iter()
                .map(|p| p.source.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
            docs.len()
        );
        let kinds = [
            None,
            Some(Kind::Pointer),
            Some(Kind::PointerArena),
            Some(Kind::ArenaDocument),
            Some(Kind::SerdeJson),
            Some(Kind::ValueThenConvert),
            Some(Kind::TdlibRs),
        ];
        let mut rows = Vec::new();
        for k in kinds {
            eprintln!(
                "latency: {} ({seconds} s at {} objects/s)",
                k.map_or("idle", Kind::name),
                args.rate
            );
            rows.push(bench::latency::run(k, &docs, args.rate, seconds));
        }
        if args.json {
            println!(
                "{:#}",
                bench::latency::json(&rows, args.rate, &source, &machine())
            );
        } else {
            print!(
                "{}",
                bench::latency::markdown(&rows, args.rate, &source, &machine())
            );
        }
        return ExitCode::SUCCESS;
    }

    if args.threads {
        let Some(p) = &large else {
            return ExitCode::FAILURE;
        };
        let rounds = args.rounds.unwrap_or(if args.quick { 3 } else { 7 });
        let min_wall = Duration::from_secs_f64(args.seconds.unwrap_or(1.0));
        // arena mode too: each thread has its own arena (in its `Scratch`); and documents that
        // own their arenas (each thread reuses the arenas it drops: `arena::release_spare_arenas`)
        let kinds = [Kind::Pointer, Kind::PointerArena, Kind::ArenaDocument];
        let mut reports = Vec::new();
        for kind in kinds {
            eprintln!("threads: {} on {}, {rounds} rounds", kind.name(), p.name);
            let rows = bench::threads::run(kind, p, rounds, min_wall);
            if args.json {
                reports.push(bench::threads::json(&rows, kind, p, rounds, &machine()));
            } else {
                print!(
                    "{}",
                    bench::threads::markdown(&rows, kind, p, rounds, &machine())
                );
            }
        }
        if args.json {
            println!("{:#}", serde_json::Value::Array(reports));
        }
        return ExitCode::SUCCESS;
    }

    if let Some((kind, payload)) = &args.per_doc {
        let Some((k, p)) = find_target(&all, kind, payload) else {
            return ExitCode::from(2);
        };
        per_doc(k, p);
        return ExitCode::SUCCESS;
    }

    let mut run = Run {
        machine: machine(),
        command: std::iter::once("target/release/bench".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        quick: args.quick,
        large_mib,
        cfg,
        seconds: 0.0,
        cpu_share: 0.0,
        payloads: all.iter().map(|(p, _)| info(p)).collect(),
        main: Vec::new(),
        owned: Vec::new(),
        dispatch: Vec::new(),
        walks: Vec::new(),
        escapes: Vec::new(),
        tdlib_rs: all
            .iter()
            .filter(|(p, _)| wanted(p.name) && p.name != "large_stream")
            .map(|(p, _)| (p.name, p.docs.len(), contenders::tdlib_rs_findings(&p.docs)))
            .collect(),
    };
    run.payloads.retain(|p| wanted(p.name));

    eprintln!(
        "main contenders ({} rounds, batches ≥ {:?}):",
        cfg.rounds, cfg.batch
    );
    for (p, skipped) in all.iter().filter(|(p, _)| wanted(p.name)) {
        run.main.push(measure_table(p, &MAIN, skipped, cfg));
    }
    let sections: [(&str, &[Kind], &[&str]); 3] = [
        (
            "owned",
            &OWNED,
            &["updateNewMessage", "messages50", "tdjson_stream"],
        ),
        (
            "dispatch",
            &DISPATCH,
            &["updateUserStatus", "messages50", "tdjson_stream"],
        ),
        (
            "walks",
            &WALKS,
            &["messages50", "tdjson_stream", "synthetic_stream"],
        ),
    ];
    for (section, kinds, names) in sections {
        eprintln!("{section}:");
        for (p, skipped) in all
            .iter()
            .filter(|(p, _)| names.contains(&p.name) && wanted(p.name))
        {
            let t = measure_table(p, kinds, skipped, cfg);
            match section {
                "owned" => run.owned.push(t),
                "dispatch" => run.dispatch.push(t),
                _ => run.walks.push(t),
            }
        }
    }
    for (p, _) in all
        .iter()
        .filter(|(p, _)| {
            ["updateNewMessage", "messages50", "updateOption_escapes"].contains(&p.name)
        })
        .filter(|(p, _)| wanted(p.name))
    {
        run.escapes.extend(escape_check(p));
    }
    run.seconds = started.elapsed().as_secs_f64();
    run.cpu_share = measure::cpu_share();

    if let Some(path) = &args.svg {
        if let Err(e) = std::fs::write(path, bench::svg::chart(&run)) {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
        eprintln!("wrote {path}");
    }
    if args.json {
        println!("{:#}", bench::report::json(&run));
    } else {
        print!("{}", bench::report::markdown(&run));
    }
    let _ = contenders::UNTYPED_WALK;
    ExitCode::SUCCESS
}
