//! `bench --latency`: a steady stream of documents replayed at a fixed rate on one thread, as a
//! receive loop would see them, while a 60 Hz ticker thread (a UI frame clock, say) records how
//! late each tick fires.
//!
//! Document `i` is due at `start + i / rate`. The parsing thread waits for that instant (it
//! sleeps while the wait is over 200 µs, then spins with `yield_now`), parses the document and
//! records the wall time of the parse (`parse`) and the time from the due instant to the end of
//! the parse (`response`: the parse plus any backlog, when the parser falls behind the rate).
//! The ticker sleeps until each tick's due instant and records how late it woke up. The `idle`
//! row runs the same loops without parsing: the machine's own lateness, for reference.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::contenders::{Kind, Scratch};
use super::payloads::Doc;

/// 60 Hz.
const TICK: Duration = Duration::from_nanos(16_666_667);

/// p50, p99 and max of a set of durations, in µs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Percentiles {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    fn of(mut ns: Vec<u64>) -> Percentiles {
        if ns.is_empty() {
            return Percentiles::default();
        }
        ns.sort_unstable();
        let at = |q: f64| ns[((ns.len() as f64 * q).ceil() as usize).clamp(1, ns.len()) - 1];
        Percentiles {
            p50: at(0.5) as f64 / 1e3,
            p99: at(0.99) as f64 / 1e3,
            max: *ns.last().unwrap_or(&0) as f64 / 1e3,
        }
    }
}

/// One contender's run (`kind: None` is the idle reference).
#[derive(Clone, Debug)]
pub struct Row {
    pub kind: Option<Kind>,
    pub objects: usize,
    pub accepted: usize,
    pub seconds: f64,
    pub parse: Percentiles,
    pub response: Percentiles,
    pub ticks: usize,
    pub tick_late: Percentiles,
    /// CPU time of the parsing thread spent parsing ÷ wall time of the run.
    pub busy: f64,
}

impl Row {
    pub fn name(&self) -> &'static str {
        self.kind.map_or("idle", Kind::name)
    }
}

/// Waits until `due`: sleeps while more than 200 µs remain, then spins (yielding).
fn wait_until(due: Instant) {
    loop {
        let now = Instant::now();
        if now >= due {
            return;
        }
        let left = due - now;
        if left > Duration::from_micros(200) {
            std::thread::sleep(left - Duration::from_micros(100));
        } else {
            std::thread::yield_now();
        }
    }
}

/// Replays `docs` (cycling) at `rate` documents per second for `seconds`, parsing each with
/// `kind` (nothing for `None`), with the ticker running beside it.
pub fn run(kind: Option<Kind>, docs: &[&Doc], rate: f64, seconds: f64) -> Row {
    let objects = ((rate * seconds) as usize).max(1);
    let interval = 1.0 / rate;
    let mut scratch = Scratch::default();
    // Warm-up: every document once, untimed (lazy statics, scratch buffers, code).
    if let Some(k) = kind {
        for d in docs {
            std::hint::black_box(k.pass(std::slice::from_ref(*d), &mut scratch));
        }
    }
    let stop = AtomicBool::new(false);
    let start = Instant::now() + Duration::from_millis(20);
    let mut parse = Vec::with_capacity(objects);
    let mut response = Vec::with_capacity(objects);
    let mut accepted = 0;
    let mut busy = Duration::ZERO;
    let late = std::thread::scope(|s| {
        let ticker = s.spawn(|| {
            let mut late = Vec::new();
            let mut k = 1u32;
            while !stop.load(Ordering::Relaxed) {
                let due = start + TICK * k;
                let now = Instant::now();
                if due > now {
                    std::thread::sleep(due - now);
                }
                late.push(due.elapsed().as_nanos() as u64);
                k += 1;
            }
            late
        });
        for i in 0..objects {
            let due = start + Duration::from_secs_f64(i as f64 * interval);
            wait_until(due);
            let t0 = Instant::now();
            if let Some(k) = kind {
                accepted += k.pass(std::slice::from_ref(docs[i % docs.len()]), &mut scratch);
            }
            let t1 = Instant::now();
            busy += t1 - t0;
            parse.push((t1 - t0).as_nanos() as u64);
            response.push((t1 - due).as_nanos() as u64);
        }
        stop.store(true, Ordering::Relaxed);
        ticker.join().expect("ticker thread")
    });
    let wall = start.elapsed().as_secs_f64();
    Row {
        kind,
        objects,
        accepted,
        seconds: wall,
        parse: Percentiles::of(parse),
        response: Percentiles::of(response),
        ticks: late.len(),
        tick_late: Percentiles::of(late),
        busy: busy.as_secs_f64() / wall,
    }
}

fn us(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The markdown table.
pub fn markdown(rows: &[Row], rate: f64, source: &str, machine: &str) -> String {
    let mut o = format!(
        "## Latency\n\n- machine: {machine}\n- stream: {source}, replayed at {rate:.0} objects/s \
         on one thread; a 60 Hz ticker on another thread\n- parse: wall time of one parse; \
         response: from the object's due instant to the end of its parse; tick late: how late \
         each tick woke up. All in µs. busy: share of the run's wall time spent parsing.\n\n\
         | contender | objects | accepted | parse p50 | parse p99 | parse max | response p50 | \
         response p99 | response max | busy | ticks | tick late p50 | tick late p99 | tick late max |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for r in rows {
        o.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1}% | {} | {} | {} | {} |\n",
            r.name(),
            r.objects,
            r.accepted,
            us(r.parse.p50),
            us(r.parse.p99),
            us(r.parse.max),
            us(r.response.p50),
            us(r.response.p99),
            us(r.response.max),
            r.busy * 100.0,
            r.ticks,
            us(r.tick_late.p50),
            us(r.tick_late.p99),
            us(r.tick_late.max),
        ));
    }
    o
}

/// The `--json` document.
pub fn json(rows: &[Row], rate: f64, source: &str, machine: &str) -> serde_json::Value {
    let p = |p: &Percentiles| serde_json::json!({"p50": p.p50, "p99": p.p99, "max": p.max});
    serde_json::json!({
        "machine": machine,
        "stream": source,
        "rate_per_s": rate,
        "units": "µs",
        "rows": rows.iter().map(|r| serde_json::json!({
            "contender": r.name(),
            "objects": r.objects,
            "accepted": r.accepted,
            "seconds": r.seconds,
            "parse": p(&r.parse),
            "response": p(&r.response),
            "busy": r.busy,
            "ticks": r.ticks,
            "tick_late": p(&r.tick_late),
        })).collect::<Vec<_>>(),
    })
}
