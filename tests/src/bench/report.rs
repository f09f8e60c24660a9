//! The bench's results and their renderings: a markdown report and the `--json` document.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::contenders::{Kind, TdlibRsFindings, UNTYPED_WALK};
use super::measure::{Cell, Config};

/// What is known about a payload after loading and checking it.
pub struct PayloadInfo {
    pub name: &'static str,
    pub source: String,
    pub docs: usize,
    pub bytes: usize,
    pub max_depth: usize,
    pub notes: Vec<String>,
    pub fallback: bool,
}

/// One table: contenders measured together on one payload.
pub struct Table {
    pub payload: &'static str,
    pub cells: Vec<Cell>,
    /// Contenders not measured on this payload, and why.
    pub skipped: Vec<(Kind, String)>,
}

/// The escape check: allocations of the pointer parser (and the serde_json reader) on a payload
/// and on the same payload with every escape replaced by plain letters.
pub struct EscapeCheck {
    pub payload: &'static str,
    /// JSON strings in the payload (keys included).
    pub strings: usize,
    pub escaped_strings: usize,
    pub pointer: u64,
    /// Of `pointer`, how many were `realloc`s (a decode buffer growing).
    pub pointer_reallocs: u64,
    pub pointer_no_escapes: u64,
    pub reader: u64,
    pub reader_no_escapes: u64,
}

/// Everything one run measured.
pub struct Run {
    pub machine: String,
    pub command: String,
    pub quick: bool,
    pub large_mib: usize,
    pub cfg: Config,
    pub seconds: f64,
    /// CPU time / wall time of the timed batches (below 1: the machine was shared).
    pub cpu_share: f64,
    pub payloads: Vec<PayloadInfo>,
    pub main: Vec<Table>,
    pub owned: Vec<Table>,
    pub dispatch: Vec<Table>,
    pub walks: Vec<Table>,
    pub escapes: Vec<EscapeCheck>,
    /// Per payload (large_stream left out: it repeats the streams): documents, and what
    /// tdlib-rs's receive path made of them.
    pub tdlib_rs: Vec<(&'static str, usize, TdlibRsFindings)>,
}

/// One target of the issue, evaluated.
pub struct Verdict {
    pub target: String,
    pub payload: &'static str,
    pub measured: String,
    pub met: Option<bool>,
}

fn cell(t: &Table, k: Kind) -> Option<&Cell> {
    t.cells.iter().find(|c| c.kind == k)
}

/// The targets on messages50 and large_stream.
pub fn verdicts(run: &Run) -> Vec<Verdict> {
    let mut out = Vec::new();
    for payload in ["messages50", "large_stream"] {
        let Some(t) = run.main.iter().find(|t| t.payload == payload) else {
            continue;
        };
        let speed = [
            (Kind::SerdeJson, 3.0),
            (Kind::SonicRs, 2.5),
            (Kind::SimdJson, 2.5),
            (Kind::ValueThenConvert, 8.0),
        ];
        for (k, want) in speed {
            let (target, measured, met) = match cell(t, k) {
                Some(c) => (
                    format!("pointer ≥ {want}× {}", k.name()),
                    format!("{:.2}× ({:.2}–{:.2})", c.ratio.0, c.ratio.1, c.ratio.2),
                    Some(c.ratio.0 >= want),
                ),
                None => (
                    format!("pointer ≥ {want}× {}", k.name()),
                    "not measured".into(),
                    None,
                ),
            };
            out.push(Verdict {
                target,
                payload,
                measured,
                met,
            });
        }
        if let Some(c) = cell(t, Kind::UntypedWalk) {
            out.push(Verdict {
                target: format!(
                    "pointer ≥ 60% of the skip-only walk ({})",
                    UNTYPED_WALK.name()
                ),
                payload,
                measured: format!(
                    "{:.0}% ({:.0}–{:.0}%)",
                    c.ratio.0 * 100.0,
                    c.ratio.1 * 100.0,
                    c.ratio.2 * 100.0
                ),
                met: Some(c.ratio.0 >= 0.6),
            });
        }
        if let (Some(p), Some(r)) = (cell(t, Kind::Pointer), cell(t, Kind::SerdeJson)) {
            out.push(Verdict {
                target: "allocations: pointer ≤ reader (serde_json)".into(),
                payload,
                measured: format!(
                    "{:.1} vs {:.1} per payload ({:.0} vs {:.0} B)",
                    p.allocs, r.allocs, p.alloc_bytes, r.alloc_bytes
                ),
                met: Some(p.allocs <= r.allocs),
            });
        }
    }
    for e in &run.escapes {
        let extra = e.pointer.saturating_sub(e.pointer_no_escapes);
        out.push(Verdict {
            target: "pointer: escapes cost ≤ 1 allocation per escaped string".into(),
            payload: e.payload,
            measured: format!(
                "{} allocs ({} reallocs); {} with escapes removed: {} extra for {} escaped of {} strings",
                e.pointer, e.pointer_reallocs, e.pointer_no_escapes, extra, e.escaped_strings, e.strings
            ),
            met: Some(extra as usize <= e.escaped_strings),
        });
    }
    out
}

fn ratio(c: &Cell) -> String {
    format!("{:.2} ({:.2}–{:.2})", c.ratio.0, c.ratio.1, c.ratio.2)
}

fn num(x: f64) -> String {
    if x >= 100.0 || x == 0.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn table(out: &mut String, tables: &[Table], baseline: &str) {
    let _ = writeln!(
        out,
        "| payload | contender | MB/s | ns/payload | allocs | alloc bytes | time ÷ {baseline}: median (min–max) |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|");
    for t in tables {
        for c in &t.cells {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                t.payload,
                c.kind.name(),
                num(c.mb_s),
                num(c.ns),
                num(c.allocs),
                num(c.alloc_bytes),
                ratio(c)
            );
        }
        for (k, why) in &t.skipped {
            let _ = writeln!(
                out,
                "| {} | {} | skipped: {why} | | | | |",
                t.payload,
                k.name()
            );
        }
    }
}

/// The markdown report.
pub fn markdown(run: &Run) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "## Run\n");
    let _ = writeln!(o, "- machine: {}", run.machine);
    let _ = writeln!(o, "- command: `{}`", run.command);
    let _ = writeln!(
        o,
        "- mode: {}; {} rounds, batches of ≥ {} ms of thread CPU time per contender, contenders interleaved (order rotated each round); large_stream {} MiB; total {:.0} s wall",
        if run.quick { "--quick" } else { "full" },
        run.cfg.rounds,
        run.cfg.batch.as_millis(),
        run.large_mib,
        run.seconds
    );
    let _ = writeln!(
        o,
        "- timing: thread CPU time (`CLOCK_THREAD_CPUTIME_ID`), so time slices given to other processes are not counted; CPU share of the timed batches (CPU ÷ wall): {:.0}%{}",
        run.cpu_share * 100.0,
        if run.cpu_share < 0.9 {
            " — the machine was shared: caches were too, expect noise"
        } else {
            ""
        }
    );
    if run.payloads.iter().any(|p| p.fallback) {
        let _ = writeln!(
            o,
            "- **WARNING: some named payloads were missing; stand-ins were measured (see Payloads)**"
        );
    }
    let _ = writeln!(o, "\n## Payloads\n");
    let _ = writeln!(
        o,
        "| payload | source | documents | JSON bytes | bytes/doc | max depth | notes |"
    );
    let _ = writeln!(o, "|---|---|---:|---:|---:|---:|---|");
    for p in &run.payloads {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {:.0} | {} | {} |",
            p.name,
            p.source,
            p.docs,
            p.bytes,
            p.bytes as f64 / p.docs.max(1) as f64,
            p.max_depth,
            p.notes.join("; ")
        );
    }
    let _ = writeln!(
        o,
        "\n## Results\n\nns/payload, allocs and alloc bytes are per document (for streams: the mean over the \
         stream's documents). The last column is the contender's time divided by the pointer \
         parser's time in the same round: above 1 the pointer parser is that many times faster. \
         `untyped_walk` is `{}`.\n",
        UNTYPED_WALK.name()
    );
    table(&mut o, &run.main, "pointer");
    let _ = writeln!(o, "\n### MB/s\n");
    let kinds: Vec<Kind> = super::contenders::MAIN.to_vec();
    let _ = write!(o, "| payload |");
    for k in &kinds {
        let _ = write!(o, " {} |", k.name());
    }
    let _ = write!(o, "\n|---|");
    for _ in &kinds {
        let _ = write!(o, "---:|");
    }
    let _ = writeln!(o);
    for t in &run.main {
        let _ = write!(o, "| {} |", t.payload);
        for k in &kinds {
            match cell(t, *k) {
                Some(c) => {
                    let _ = write!(o, " {} |", num(c.mb_s));
                }
                None => {
                    let _ = write!(o, " – |");
                }
            }
        }
        let _ = writeln!(o);
    }
    if !run.tdlib_rs.is_empty() {
        let _ = writeln!(
            o,
            "\n### What tdlib_rs parses\n\n`tdlib_rs` is tdlib-rs 1.4.0's receive path over the types \
             tdlib-rs-gen 1.4.0 generates from the same td_api.tl (crate `tests/tdlib-rs-peer`): \
             the buffer copied into a `String`, `serde_json::from_str::<Value>`, then \
             `serde_json::from_value::<enums::Update>` for updates and `from_value::<enums::Class>` \
             (what its request functions do with an answer) for any other object; `ok` is not \
             converted. Its types are not `td::Received`, so its results are not compared with \
             the pointer parser's, and a document it refuses stays in the stream for every \
             contender and in its own timing (a receive loop pays for it).\n"
        );
        let _ = writeln!(
            o,
            "| payload | documents | as Update | as another class | `ok` | refused | refused, by @type: count, first error |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---|");
        for (payload, docs, f) in &run.tdlib_rs {
            let refused: usize = f.refused.iter().map(|r| r.1).sum();
            let why: Vec<String> = f
                .refused
                .iter()
                .map(|(t, n, e)| format!("`{t}` ×{n}: {}", short_error(e).replace('|', "\\|")))
                .collect();
            let _ = writeln!(
                o,
                "| {payload} | {docs} | {} | {} | {} | {refused} | {} |",
                f.updates,
                f.answers,
                f.ok,
                why.join("; ")
            );
        }
    }
    let _ = writeln!(o, "\n## Targets (messages50, large_stream)\n");
    let _ = writeln!(o, "| target | payload | measured | met |");
    let _ = writeln!(o, "|---|---|---|---|");
    for v in verdicts(run) {
        let met = match v.met {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "n/a",
        };
        let _ = writeln!(
            o,
            "| {} | {} | {} | {met} |",
            v.target, v.payload, v.measured
        );
    }
    if !run.escapes.is_empty() {
        let _ = writeln!(
            o,
            "\n## Allocations and escapes\n\nAllocations for one parse of the payload, and of the same \
             payload with every string escape replaced by plain letters (same shape, escape-free \
             strings). The difference is what escaped strings cost.\n"
        );
        let _ = writeln!(
            o,
            "| payload | strings | with escapes | pointer (reallocs) | pointer, no escapes | reader (serde_json) | reader, no escapes |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|");
        for e in &run.escapes {
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} ({}) | {} | {} | {} |",
                e.payload,
                e.strings,
                e.escaped_strings,
                e.pointer,
                e.pointer_reallocs,
                e.pointer_no_escapes,
                e.reader,
                e.reader_no_escapes
            );
        }
    }
    let sections = [
        (
            "Borrowed vs owned results",
            "`pointer + into_owned` parses borrowed, then `IntoStatic::into_static` copies every \
             borrowed string (what a caller that keeps the object past the next `td_receive` \
             pays). Parsing straight into `td::Received<'static>` needs a deserializer that \
             never borrows; the one measured is `value_then_convert` (owned `Value`, then \
             convert). serde_json's `from_reader` would be another, left out: one more full \
             instantiation of the generated reader made this binary's build too slow. Ratios \
             are against the borrowed pointer parse.",
            &run.owned,
        ),
        (
            "Dispatch only (`@type`) vs full parse",
            "`pointer @type only` is `Cursor::from_bytes_with_nul` + `begin_object` + \
             `eat_key(\"@type\")` + `read_str` and stops there (the rest is not validated). \
             `sonic_rs get(@type)` is sonic-rs's lazy lookup of the same key. Ratios are against \
             the full pointer parse: below 1 is cheaper.",
            &run.dispatch,
        ),
        (
            "Skip-only walk candidates",
            "Untyped walks over the same documents, against the pointer parser. The fastest \
             validating one is reported as `untyped_walk`; `simd_json to_tape` includes the copy \
             of the input into a reused buffer.",
            &run.walks,
        ),
    ];
    for (title, text, tables) in sections {
        if tables.is_empty() {
            continue;
        }
        let _ = writeln!(o, "\n## {title}\n\n{text}\n");
        table(&mut o, tables, "pointer");
    }
    o
}

fn cell_json(payload: &str, c: &Cell) -> Value {
    json!({
        "payload": payload,
        "contender": c.kind.name(),
        "mb_s": c.mb_s,
        "ns_per_payload": c.ns,
        "ns_per_payload_min": c.ns_min,
        "ns_per_payload_max": c.ns_max,
        "allocs": c.allocs,
        "alloc_bytes": c.alloc_bytes,
        "ratio_to_pointer": {"median": c.ratio.0, "min": c.ratio.1, "max": c.ratio.2},
        "passes_per_batch": c.passes,
    })
}

fn tables_json(tables: &[Table]) -> Value {
    Value::Array(
        tables
            .iter()
            .flat_map(|t| t.cells.iter().map(|c| cell_json(t.payload, c)))
            .collect(),
    )
}

/// The `--json` document: `results` holds the main contenders; the rest is context.
pub fn json(run: &Run) -> Value {
    json!({
        "machine": run.machine,
        "command": run.command,
        "quick": run.quick,
        "rounds": run.cfg.rounds,
        "batch_ms": run.cfg.batch.as_millis() as u64,
        "large_stream_mib": run.large_mib,
        "cpu_share": run.cpu_share,
        "timing": "thread CPU time (CLOCK_THREAD_CPUTIME_ID)",
        "untyped_walk": UNTYPED_WALK.name(),
        "payloads": run.payloads.iter().map(|p| json!({
            "payload": p.name,
            "source": p.source,
            "documents": p.docs,
            "bytes": p.bytes,
            "max_depth": p.max_depth,
            "notes": p.notes,
            "fallback": p.fallback,
        })).collect::<Vec<_>>(),
        "results": tables_json(&run.main),
        "skipped": run.main.iter().flat_map(|t| t.skipped.iter().map(|(k, why)| json!({
            "payload": t.payload, "contender": k.name(), "why": why,
        }))).collect::<Vec<_>>(),
        "owned": tables_json(&run.owned),
        "dispatch": tables_json(&run.dispatch),
        "walks": tables_json(&run.walks),
        "escapes": run.escapes.iter().map(|e| json!({
            "payload": e.payload,
            "strings": e.strings,
            "escaped_strings": e.escaped_strings,
            "pointer_allocs": e.pointer,
            "pointer_reallocs": e.pointer_reallocs,
            "pointer_allocs_no_escapes": e.pointer_no_escapes,
            "reader_allocs": e.reader,
            "reader_allocs_no_escapes": e.reader_no_escapes,
        })).collect::<Vec<_>>(),
        "tdlib_rs": run.tdlib_rs.iter().map(|(payload, docs, f)| json!({
            "payload": payload,
            "documents": docs,
            "as_update": f.updates,
            "as_other_class": f.answers,
            "ok": f.ok,
            "refused": f.refused.iter().map(|(t, n, e)| json!({
                "type": t, "count": n, "first_error": e,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "targets": verdicts(run).iter().map(|v| json!({
            "target": v.target, "payload": v.payload, "measured": v.measured, "met": v.met,
        })).collect::<Vec<_>>(),
    })
}

/// An error message cut to its first clause: serde's "unknown variant `x`, expected one of
/// ..." lists every variant of the enum (hundreds for `Update`). `--json` keeps it whole.
fn short_error(e: &str) -> &str {
    let cut = e.find(", expected one of").unwrap_or(e.len());
    let cut = cut.min(e.char_indices().nth(160).map_or(e.len(), |(i, _)| i));
    e.get(..cut).unwrap_or(e)
}
