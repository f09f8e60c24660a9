//! `updates`: a typed TDLib client, offline. Starts a client on the library that
//! `bash scripts/install-tdlib.sh` installed (`$TLGEN_TDJSON` overrides), sends the offline
//! methods (the `test*` calls, `getCurrentState`, `getOption`) every `--interval-ms` for
//! `--seconds`, prints every object TDLib sends (answers and updates) with its size and the time
//! the pointer parser took, then closes the instance (`close` works before
//! `setTdlibParameters`) and prints a summary line. Never calls `setTdlibParameters`, so TDLib
//! never touches the network.
//!
//! ```text
//! # from the workspace root
//! cargo run --release --example updates -- --seconds 3 [--interval-ms 100] [--quiet]
//! ```
//!
//! Requests go through the typed [`Client`] (`send` adds `@extra`); answers are read from
//! TDLib's buffer directly (`Client::tdjson().receive`) so that the parse alone is timed.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use tlgen_runtime::client::Client;
use tlgen_runtime::pointer::Cursor;
use tlgen_tests::td::{self, functions, types};

const SCHEMA_VERSION: &str = "1.8.65";
const CLOSE_TIMEOUT: Duration = Duration::from_secs(30);

struct Args {
    seconds: f64,
    interval: Duration,
    quiet: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seconds: 3.0,
        interval: Duration::from_millis(100),
        quiet: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--seconds" => {
                args.seconds = value("--seconds")?
                    .parse()
                    .map_err(|e| format!("--seconds: {e}"))?;
            }
            "--interval-ms" => {
                let ms: u64 = value("--interval-ms")?
                    .parse()
                    .map_err(|e| format!("--interval-ms: {e}"))?;
                args.interval = Duration::from_millis(ms.max(1));
            }
            "--quiet" => args.quiet = true,
            "-h" | "--help" => {
                return Err("usage: updates [--seconds N] [--interval-ms MS] [--quiet]".into());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if !(args.seconds.is_finite() && args.seconds >= 0.0) {
        return Err("--seconds must be a non-negative number".into());
    }
    Ok(args)
}

/// One round of offline requests.
fn send_round(client: &mut Client<td::Schema>, round: u64) {
    client.send(&functions::TestCallEmpty {});
    client.send(&functions::TestCallString {
        x: format!("round {round}: héllo 👋 \"quoted\"").into(),
    });
    client.send(&functions::TestCallBytes {
        x: round.to_le_bytes().to_vec(),
    });
    client.send(&functions::TestCallVectorInt {
        x: vec![round as i32, -1, i32::MAX],
    });
    client.send(&functions::TestCallVectorIntObject {
        x: vec![types::TestInt { value: 1 }, types::TestInt { value: 2 }],
    });
    client.send(&functions::TestCallVectorString {
        x: vec!["a".into(), "é👍".into()],
    });
    client.send(&functions::TestCallVectorStringObject {
        x: vec![types::TestString {
            value: "object".into(),
        }],
    });
    client.send(&functions::TestSquareInt {
        x: (round % 46340) as i32,
    });
    client.send(&functions::TestReturnError {
        error: types::Error {
            code: 406,
            message: "expected".into(),
        },
    });
    client.send(&functions::GetCurrentState {});
    client.send(&functions::GetOption {
        name: "version".into(),
    });
}

#[derive(Default)]
struct Stats {
    parse: Vec<Duration>,
    types: BTreeMap<String, usize>,
    errors: usize,
}

/// Receives one object (waiting up to `timeout`), times its parse, prints it. Returns whether
/// it was this client's `authorizationStateClosed`.
fn receive_one(
    client: &mut Client<td::Schema>,
    timeout: Duration,
    started: Instant,
    stats: &mut Stats,
    out: &mut impl Write,
    quiet: bool,
) -> bool {
    let client_id = client.client_id();
    let Some(answer) = client.tdjson().receive(timeout.as_secs_f64()) else {
        return false;
    };
    let size = answer.to_bytes().len();
    let t = Instant::now();
    let received = td::parse_received(Cursor::from_cstr(answer));
    let parse = t.elapsed();
    stats.parse.push(parse);
    let received = match received {
        Ok(received) => received,
        Err(e) => {
            stats.errors += 1;
            let _ = writeln!(out, "parse error: {e}");
            return false;
        }
    };
    let name = received.object.type_name();
    *stats.types.entry(name.to_owned()).or_default() += 1;
    let mut closed = false;
    let mut detail = String::new();
    if let td::Object::Update(td::enums::Update::AuthorizationState(update)) = &received.object {
        let state = update.authorization_state.type_name();
        closed = state == "authorizationStateClosed" && received.client_id == Some(client_id);
        detail = format!(" {state}");
    }
    if let Some(extra) = &received.extra {
        detail.push_str(&format!(
            " @extra={}",
            serde_json::to_string(extra).unwrap()
        ));
    }
    if !quiet {
        let _ = writeln!(
            out,
            "{:>8.3} s  {name:<32} {size:>6} B  parse {:>7.2} us{detail}",
            started.elapsed().as_secs_f64(),
            parse.as_secs_f64() * 1e6,
        );
    }
    closed
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("updates: {e}");
            return ExitCode::from(2);
        }
    };
    let mut client = match Client::<td::Schema>::start(SCHEMA_VERSION) {
        Ok(client) => client,
        Err(e) => {
            eprintln!("updates: {e}");
            return ExitCode::FAILURE;
        }
    };
    let version = client.tdlib_version().unwrap_or_default();
    println!(
        "TDLib {version} from {}, client {}; offline methods every {:?} for {} s",
        client.library().display(),
        client.client_id(),
        args.interval,
        args.seconds
    );
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut stats = Stats::default();
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(args.seconds);
    let mut next_round = started;
    let mut round = 0;
    loop {
        let now = Instant::now();
        if now >= deadline {
            break;
        }
        if now >= next_round {
            send_round(&mut client, round);
            round += 1;
            next_round += args.interval;
        }
        let wait = next_round
            .min(deadline)
            .saturating_duration_since(Instant::now());
        receive_one(&mut client, wait, started, &mut stats, &mut out, args.quiet);
    }
    // Close: everything still coming, up to this instance's authorizationStateClosed.
    client.send(&functions::Close {});
    let close_deadline = Instant::now() + CLOSE_TIMEOUT;
    let mut closed = false;
    while !closed && Instant::now() < close_deadline {
        let left = close_deadline.saturating_duration_since(Instant::now());
        closed = receive_one(&mut client, left, started, &mut stats, &mut out, args.quiet);
    }
    let elapsed = started.elapsed();
    let _ = out.flush();
    drop(out);
    if !closed {
        eprintln!("updates: no authorizationStateClosed within {CLOSE_TIMEOUT:?}");
    }
    let mut parse = stats.parse.clone();
    parse.sort();
    let median = parse.get(parse.len() / 2).copied().unwrap_or_default();
    println!(
        "received {} objects ({} types) in {:.1} s, parse median {:.2} us",
        stats.parse.len(),
        stats.types.len(),
        elapsed.as_secs_f64(),
        median.as_secs_f64() * 1e6
    );
    if stats.errors > 0 || !closed {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
