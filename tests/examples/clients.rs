//! `clients`: many TDLib clients, async calls, one receive loop, offline. Starts a
//! [`Manager`] on the installed libtdjson, creates `--clients` clients, fires `--calls` async
//! calls spread over them with at most `--in-flight` at once (`testCallString`,
//! `testCallVectorStringObject`, `testSquareInt`, `getOption`, `testReturnError`), checks
//! every typed answer against what was sent, counts the updates each client's stream yields
//! (owned values, or arena-mode documents with `--documents`), and prints one summary line. Dropping the manager closes every client. Never calls
//! `setTdlibParameters`, so TDLib never touches the network.
//!
//! ```text
//! cargo run --release -p tlgen-tests --example clients -- --clients 4 --calls 2000
//! clients 4: 2000 of 2000 calls answered, 0 wrong, 0 lost; p50 N us, p99 N us; updates N
//! cargo run --release -p tlgen-tests --example clients -- --clients 4 --documents
//! clients 4: ...; updates N (documents)
//! ```

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use futures::StreamExt as _;
use tlgen_runtime::manager::Manager;
use tlgen_tests::calls::{RUN_TIMEOUT, run_calls};
use tlgen_tests::{td, td_arena};

struct Args {
    clients: usize,
    calls: usize,
    in_flight: usize,
    /// Updates as arena-mode documents (`update_documents`) instead of owned values.
    documents: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        clients: 4,
        calls: 2000,
        in_flight: 256,
        documents: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            it.next()
                .ok_or_else(|| format!("{name} needs a value"))?
                .parse()
                .map_err(|e| format!("{name}: {e}"))
        };
        match arg.as_str() {
            "--clients" => args.clients = number("--clients")?.max(1),
            "--calls" => args.calls = number("--calls")?,
            "--in-flight" => args.in_flight = number("--in-flight")?.max(1),
            "--documents" => args.documents = true,
            _ => {
                return Err(
                    "usage: clients [--clients N] [--calls N] [--in-flight N] [--documents]"
                        .to_string(),
                );
            }
        }
    }
    Ok(args)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let manager = match Manager::<td::Schema>::start("1.8.65") {
        Ok(manager) => manager,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let clients: Vec<_> = (0..args.clients).map(|_| manager.create_client()).collect();
    let updates = Arc::new(AtomicUsize::new(0));
    let counters: Vec<_> = clients
        .iter()
        .map(|client| {
            let updates = updates.clone();
            let count = move |parsed: bool| {
                if parsed {
                    updates.fetch_add(1, Ordering::Relaxed);
                }
            };
            if args.documents {
                let mut stream = client.update_documents::<td_arena::ArenaRoot>();
                tokio::spawn(async move {
                    while let Some(document) = stream.next().await {
                        count(document.is_ok());
                    }
                })
            } else {
                let mut stream = client.updates();
                tokio::spawn(async move {
                    while let Some(update) = stream.next().await {
                        count(update.is_ok());
                    }
                })
            }
        })
        .collect();
    let run = run_calls(&manager, &clients, args.calls, args.in_flight);
    let Ok(summary) = tokio::time::timeout(RUN_TIMEOUT, run).await else {
        eprintln!("the calls did not finish within {RUN_TIMEOUT:?}");
        return ExitCode::FAILURE;
    };
    // Closing every client ends its update stream.
    for client in &clients {
        client.close().await;
    }
    for counter in counters {
        let _ = counter.await;
    }
    drop(manager);
    println!(
        "clients {}: {} of {} calls answered, {} wrong, {} lost; p50 {} us, p99 {} us; updates {}{}",
        summary.clients,
        summary.answered,
        summary.calls,
        summary.wrong,
        summary.lost,
        summary.percentile(0.5),
        summary.percentile(0.99),
        updates.load(Ordering::Relaxed),
        if args.documents { " (documents)" } else { "" }
    );
    for what in &summary.wrong_examples {
        eprintln!("  wrong: {what}");
    }
    if summary.wrong == 0 && summary.lost == 0 && summary.answered == summary.calls {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
