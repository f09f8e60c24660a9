//! `bench --threads`: one contender over large_stream on 1 and on 2 threads. The documents are
//! split into one contiguous slice per thread (independent documents, each thread with its own
//! scratch state); the time is the wall time from the threads' start to the last one's end.
//! Rounds alternate 1 and 2 threads; the speedup is taken within each round.

use std::time::{Duration, Instant};

use super::contenders::{Kind, Scratch};
use super::measure::{self, stats};
use super::payloads::Payload;

/// One thread count.
#[derive(Clone, Debug)]
pub struct Row {
    pub threads: usize,
    /// Documents per second: (median, min, max) over rounds.
    pub docs_s: (f64, f64, f64),
    pub mb_s: f64,
    /// Per-round docs/s ÷ the 1-thread docs/s of the same round: (median, min, max).
    pub speedup: (f64, f64, f64),
    /// CPU time of all threads ÷ wall time (2.0: both threads always on a core), median.
    pub parallelism: f64,
}

/// (wall, summed thread CPU) of `passes` passes of `kind` over `p` on `threads` threads.
fn once(kind: Kind, p: &Payload, threads: usize, passes: u64) -> (Duration, Duration) {
    let chunk = p.docs.len().div_ceil(threads);
    let start = Instant::now();
    let cpu: Duration = std::thread::scope(|s| {
        let handles: Vec<_> = p
            .docs
            .chunks(chunk)
            .map(|docs| {
                s.spawn(move || {
                    let mut scratch = Scratch::default();
                    let c0 = measure::thread_cpu();
                    for _ in 0..passes {
                        std::hint::black_box(kind.pass(docs, &mut scratch));
                    }
                    measure::thread_cpu() - c0
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("parsing thread"))
            .sum()
    });
    (start.elapsed(), cpu)
}

/// Measures `kind` on `p` with 1 and 2 threads, `rounds` rounds, each timing at least
/// `min_wall` of one-thread work.
pub fn run(kind: Kind, p: &Payload, rounds: usize, min_wall: Duration) -> Vec<Row> {
    let counts = [1usize, 2];
    // Warm-up and calibration on one thread.
    let (one, _) = once(kind, p, 1, 1);
    let passes = ((min_wall.as_secs_f64() / one.as_secs_f64()).ceil() as u64).max(1);
    let docs = (p.docs.len() as u64 * passes) as f64;
    let mut rate = vec![Vec::new(); counts.len()];
    let mut par = vec![Vec::new(); counts.len()];
    for round in 0..rounds {
        for j in 0..counts.len() {
            let i = (j + round) % counts.len();
            let (wall, cpu) = once(kind, p, counts[i], passes);
            rate[i].push(docs / wall.as_secs_f64());
            par[i].push(cpu.as_secs_f64() / wall.as_secs_f64());
        }
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &threads)| {
            let speedups: Vec<f64> = (0..rounds).map(|r| rate[i][r] / rate[0][r]).collect();
            let docs_s = stats(&rate[i]);
            Row {
                threads,
                docs_s,
                mb_s: docs_s.0 * p.bytes_per_doc() / 1e6,
                speedup: stats(&speedups),
                parallelism: stats(&par[i]).0,
            }
        })
        .collect()
}

/// The markdown table.
pub fn markdown(rows: &[Row], kind: Kind, p: &Payload, rounds: usize, machine: &str) -> String {
    let mut o = format!(
        "## Thread scaling\n\n- machine: {machine}\n- {} on {} ({} documents, {} bytes), split \
         into one contiguous slice per thread; wall time; {rounds} rounds, 1 and 2 threads \
         alternating\n\n| threads | docs/s: median (min–max) | MB/s | speedup: median (min–max) \
         | CPU ÷ wall |\n|---:|---:|---:|---:|---:|\n",
        kind.name(),
        p.name,
        p.docs.len(),
        p.bytes()
    );
    for r in rows {
        o.push_str(&format!(
            "| {} | {:.0} ({:.0}–{:.0}) | {:.0} | {:.2} ({:.2}–{:.2}) | {:.2} |\n",
            r.threads,
            r.docs_s.0,
            r.docs_s.1,
            r.docs_s.2,
            r.mb_s,
            r.speedup.0,
            r.speedup.1,
            r.speedup.2,
            r.parallelism
        ));
    }
    o
}

/// The `--json` document.
pub fn json(
    rows: &[Row],
    kind: Kind,
    p: &Payload,
    rounds: usize,
    machine: &str,
) -> serde_json::Value {
    serde_json::json!({
        "machine": machine,
        "contender": kind.name(),
        "payload": p.name,
        "documents": p.docs.len(),
        "bytes": p.bytes(),
        "rounds": rounds,
        "rows": rows.iter().map(|r| serde_json::json!({
            "threads": r.threads,
            "docs_per_s": {"median": r.docs_s.0, "min": r.docs_s.1, "max": r.docs_s.2},
            "mb_s": r.mb_s,
            "speedup": {"median": r.speedup.0, "min": r.speedup.1, "max": r.speedup.2},
            "cpu_over_wall": r.parallelism,
        })).collect::<Vec<_>>(),
    })
}
