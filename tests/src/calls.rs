//! A mix of offline TDLib calls spread over several clients of one [`Manager`], every typed
//! answer checked against what was sent: the `clients` example and `tests/manager.rs` run it.
//!
//! The mix, by call number `i`: `testCallString` (the string comes back), `testCallVectorStringObject`
//! (the vector comes back), `testSquareInt` (the square), `getOption("version")` (TDLib's
//! version), `testReturnError` (the error comes back as `CallError::Td`). None needs the network.

use std::time::{Duration, Instant};

use futures::StreamExt as _;
use tlgen_runtime::function::CallError;
use tlgen_runtime::manager::{ManagedClient, Manager};

use crate::td::{self, enums, functions, types};

/// What one run of [`run_calls`] saw.
#[derive(Debug, Default, Clone)]
pub struct CallSummary {
    pub clients: usize,
    pub calls: usize,
    /// Calls whose future resolved with an answer of TDLib (right or wrong).
    pub answered: usize,
    /// Answers that differ from what the call sent.
    pub wrong: usize,
    /// Calls that ended without an answer (`Closed`, `Timeout`).
    pub lost: usize,
    /// Time from send to the resolved answer, per call, sorted (µs).
    pub latencies_us: Vec<u64>,
    /// The first few wrong answers, described.
    pub wrong_examples: Vec<String>,
}

impl CallSummary {
    /// The `q` quantile (0..=1) of the latencies, in µs.
    pub fn percentile(&self, q: f64) -> u64 {
        if self.latencies_us.is_empty() {
            return 0;
        }
        let index = ((self.latencies_us.len() - 1) as f64 * q).round() as usize;
        self.latencies_us[index.min(self.latencies_us.len() - 1)]
    }
}

/// The outcome of one call: `Ok(true)` right, `Ok(false)` wrong (with a description), `Err`
/// lost.
type Outcome = Result<Result<(), String>, CallError>;

/// Call `i` on `client`, its answer checked.
async fn one_call(client: &ManagedClient<td::Schema>, i: usize, version: &str) -> Outcome {
    let check = |ok: bool, what: String| if ok { Ok(()) } else { Err(what) };
    Ok(match i % 5 {
        0 => {
            let x = format!("call {i} on {} \u{e9}\u{1f600}", client.client_id());
            let r = client
                .send(&functions::TestCallString {
                    x: x.clone().into(),
                })
                .await?;
            check(
                r.value == x,
                format!("testCallString {x:?} -> {:?}", r.value),
            )
        }
        1 => {
            let x: Vec<types::TestString<'static>> = (0..i % 4)
                .map(|k| types::TestString {
                    value: format!("{i}.{k}").into(),
                })
                .collect();
            let r = client
                .send(&functions::TestCallVectorStringObject { x: x.clone() })
                .await?;
            check(
                r.value == x,
                format!("testCallVectorStringObject {x:?} -> {r:?}"),
            )
        }
        2 => {
            let x = (i % 40_000) as i32;
            let r = client.send(&functions::TestSquareInt { x }).await?;
            check(
                r.value == x.wrapping_mul(x),
                format!("testSquareInt {x} -> {}", r.value),
            )
        }
        3 => {
            let r = client
                .send(&functions::GetOption {
                    name: "version".into(),
                })
                .await?;
            let ok = matches!(&r, enums::OptionValue::String(s) if s.value == version);
            check(ok, format!("getOption(version) -> {r:?}"))
        }
        _ => {
            let error = types::Error {
                code: 400 + (i % 100) as i32,
                message: format!("error {i}").into(),
            };
            match client
                .send(&functions::TestReturnError {
                    error: error.clone(),
                })
                .await
            {
                Err(CallError::Td(e)) => check(
                    e.code == error.code && e.message == error.message,
                    format!("testReturnError {error:?} -> {e:?}"),
                ),
                Ok(r) => Err(format!("testReturnError {error:?} -> Ok({r:?})")),
                Err(e) => return Err(e),
            }
        }
    })
}

/// Fires `calls` calls spread over `clients` (call `i` on client `i % clients.len()`), at
/// most `in_flight` at once, and checks every answer.
pub async fn run_calls(
    manager: &Manager<td::Schema>,
    clients: &[ManagedClient<td::Schema>],
    calls: usize,
    in_flight: usize,
) -> CallSummary {
    let version = manager.tdlib_version().to_owned();
    let version = version.as_str();
    let outcomes: Vec<(Outcome, u64)> = futures::stream::iter(0..calls)
        .map(|i| async move {
            let started = Instant::now();
            let outcome = one_call(&clients[i % clients.len()], i, version).await;
            (outcome, started.elapsed().as_micros() as u64)
        })
        .buffer_unordered(in_flight.max(1))
        .collect()
        .await;
    let mut summary = CallSummary {
        clients: clients.len(),
        calls,
        ..CallSummary::default()
    };
    for (outcome, us) in outcomes {
        match outcome {
            Ok(Ok(())) => summary.answered += 1,
            Ok(Err(what)) => {
                summary.answered += 1;
                summary.wrong += 1;
                if summary.wrong_examples.len() < 5 {
                    summary.wrong_examples.push(what);
                }
            }
            Err(_) => summary.lost += 1,
        }
        summary.latencies_us.push(us);
    }
    summary.latencies_us.sort_unstable();
    summary
}

/// How long a whole run may take before the caller gives up (never reached offline).
pub const RUN_TIMEOUT: Duration = Duration::from_secs(120);
