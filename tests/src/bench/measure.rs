//! Interleaved, paired measurement: every round times one batch of every contender (the order
//! rotates by one each round: A B C, B C A, ...), so slow drifts of a shared machine hit all
//! contenders alike; the ratio to the baseline is taken within each round, and the report gives
//! the median of those per-round ratios with their min and max.

use std::time::{Duration, Instant};

use super::alloc;
use super::contenders::{Kind, Scratch};
use super::payloads::Payload;

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub rounds: usize,
    /// Minimum duration of one timed batch.
    pub batch: Duration,
}

/// One contender on one payload.
#[derive(Clone, Debug)]
pub struct Cell {
    pub kind: Kind,
    /// Median over rounds of ns per document.
    pub ns: f64,
    pub ns_min: f64,
    pub ns_max: f64,
    /// JSON megabytes (10^6 B) per second at the median.
    pub mb_s: f64,
    /// Allocations and allocated bytes per document (one untimed pass).
    pub allocs: f64,
    pub alloc_bytes: f64,
    /// Per-round `ns / baseline ns`: (median, min, max). Above 1: slower than the baseline.
    pub ratio: (f64, f64, f64),
    /// Passes over the payload per batch.
    pub passes: u64,
}

/// Median, min and max of `v` (non-empty).
pub fn stats(v: &[f64]) -> (f64, f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    (median, s[0], s[n - 1])
}

fn time_passes(kind: Kind, p: &Payload, s: &mut Scratch, passes: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..passes {
        std::hint::black_box(kind.pass(&p.docs, s));
    }
    start.elapsed()
}

/// Measures `kinds` on `p`; `kinds[0]` is the baseline of the ratios.
pub fn measure(p: &Payload, kinds: &[Kind], cfg: Config) -> Vec<Cell> {
    let mut s = Scratch::default();
    let docs = p.docs.len().max(1) as f64;
    // Calibrate: passes per batch so that one batch lasts at least `cfg.batch`.
    let mut passes = Vec::new();
    for &k in kinds {
        time_passes(k, p, &mut s, 1); // warm-up
        let mut n = 1u64;
        let per_pass = loop {
            let t = time_passes(k, p, &mut s, n);
            if t >= cfg.batch / 8 || n >= 1 << 30 {
                break t.as_secs_f64() / n as f64;
            }
            n *= 4;
        };
        passes.push(((cfg.batch.as_secs_f64() / per_pass).ceil() as u64).max(1));
    }
    // Allocations: one untimed pass each, counting on.
    let counts: Vec<(u64, u64)> = kinds
        .iter()
        .map(|&k| {
            let (_, a, b) = alloc::counted(|| k.pass(&p.docs, &mut s));
            (a, b)
        })
        .collect();
    // Rounds.
    let n = kinds.len();
    let mut ns = vec![Vec::with_capacity(cfg.rounds); n];
    for round in 0..cfg.rounds {
        for i in 0..n {
            let k = (i + round) % n;
            let t = time_passes(kinds[k], p, &mut s, passes[k]);
            ns[k].push(t.as_nanos() as f64 / (passes[k] as f64 * docs));
        }
    }
    let bytes_per_doc = p.bytes_per_doc();
    (0..n)
        .map(|k| {
            let ratios: Vec<f64> = (0..cfg.rounds).map(|r| ns[k][r] / ns[0][r]).collect();
            let (median, min, max) = stats(&ns[k]);
            Cell {
                kind: kinds[k],
                ns: median,
                ns_min: min,
                ns_max: max,
                mb_s: bytes_per_doc / median * 1e3,
                allocs: counts[k].0 as f64 / docs,
                alloc_bytes: counts[k].1 as f64 / docs,
                ratio: stats(&ratios),
                passes: passes[k],
            }
        })
        .collect()
}
