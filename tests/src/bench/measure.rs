//! Interleaved, paired measurement: every round times one batch of every contender (the order
//! rotates by one each round: A B C, B C A, ...), so slow drifts of a shared machine hit all
//! contenders alike; the ratio to the baseline is taken within each round, and the report gives
//! the median of those per-round ratios with their min and max.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
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

/// This thread's CPU time.
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant Linux knows.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

static WALL_NS: AtomicU64 = AtomicU64::new(0);
static CPU_NS: AtomicU64 = AtomicU64::new(0);

/// CPU time / wall time over every timed batch so far (1.0: never descheduled).
pub fn cpu_share() -> f64 {
    CPU_NS.load(Relaxed) as f64 / WALL_NS.load(Relaxed).max(1) as f64
}

/// CPU time of `passes` passes of `kind` over `p`.
pub fn time_passes(kind: Kind, p: &Payload, s: &mut Scratch, passes: u64) -> Duration {
    let wall = Instant::now();
    let start = thread_cpu();
    for _ in 0..passes {
        std::hint::black_box(kind.pass(&p.docs, s));
    }
    let cpu = thread_cpu() - start;
    WALL_NS.fetch_add(wall.elapsed().as_nanos() as u64, Relaxed);
    CPU_NS.fetch_add(cpu.as_nanos() as u64, Relaxed);
    cpu
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
    let counts: Vec<alloc::Counts> = kinds
        .iter()
        .map(|&k| alloc::counted(|| k.pass(&p.docs, &mut s)).1)
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
                allocs: counts[k].allocs as f64 / docs,
                alloc_bytes: counts[k].bytes as f64 / docs,
                ratio: stats(&ratios),
                passes: passes[k],
            }
        })
        .collect()
}
