//! The manager with the real libtdjson, offline (test methods, `getOption`, `setAlarm`; never
//! `setTdlibParameters`): many clients, async calls with every answer checked, blocking calls
//! from two threads at once, `Duration::MAX`, update streams of owned values and of documents,
//! closing a client with a request pending, and dropping the manager with clients open.
//!
//! One process has one receive loop: the scenarios run in order in one test, one manager at a
//! time (a second one is refused while the first lives).

use std::time::Duration;

use tlgen_runtime::function::CallError;
use tlgen_runtime::manager::Manager;
use tlgen_runtime::tdjson::{INSTALL_COMMAND, TdJsonError};
use tlgen_runtime::validate::Verdict;
use tlgen_tests::calls::run_calls;
use tlgen_tests::td::{self, functions};
use tlgen_tests::td_arena;

const VERSION: &str = "1.8.65";
const TIMEOUT: Duration = Duration::from_secs(30);

fn start() -> Option<Manager<td::Schema>> {
    match Manager::<td::Schema>::start(VERSION) {
        Ok(manager) => Some(manager),
        Err(e @ TdJsonError::NotFound { .. }) => {
            let line = format!("skipped: libtdjson not found (run {INSTALL_COMMAND})");
            assert!(
                std::env::var("TLGEN_REQUIRE_TDJSON").is_err(),
                "TLGEN_REQUIRE_TDJSON=1: {line}; {e}"
            );
            println!("{line}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn manager_routes_many_clients() {
    let Some(manager) = start() else {
        return;
    };
    assert!(
        matches!(
            Manager::<td::Schema>::start(VERSION),
            Err(TdJsonError::ManagerRunning)
        ),
        "a second manager while the first lives"
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();

    // Async calls across three clients, 64 in flight: every answer typed and checked.
    let clients: Vec<_> = (0..3).map(|_| manager.create_client()).collect();
    let summary = runtime.block_on(run_calls(&manager, &clients, 600, 64));
    println!(
        "manager: {} of {} answered, {} wrong, {} lost; p50 {} us, p99 {} us",
        summary.answered,
        summary.calls,
        summary.wrong,
        summary.lost,
        summary.percentile(0.5),
        summary.percentile(0.99)
    );
    assert_eq!(
        (summary.answered, summary.wrong, summary.lost),
        (600, 0, 0),
        "{:?}",
        summary.wrong_examples
    );

    // Blocking calls from two threads at once, each on its own client.
    std::thread::scope(|scope| {
        for client in &clients[..2] {
            scope.spawn(move || {
                for x in 0..200 {
                    let square = client.call(&functions::TestSquareInt { x }, TIMEOUT);
                    assert_eq!(
                        square.map(|r| r.value),
                        Ok(x * x),
                        "client {}",
                        client.client_id()
                    );
                }
            });
        }
    });

    // Update streams: owned values, and arena-mode documents, on two new clients. A request
    // makes TDLib create each instance, which then sends its first updates (`updateOption`,
    // `updateAuthorizationState`). Each is an update of its own client; each document holds
    // its text and a parse that the reader agrees with.
    let owned_client = manager.create_client();
    let document_client = manager.create_client();
    let mut owned = owned_client.updates();
    let mut documents = document_client.update_documents::<td_arena::ArenaRoot>();
    assert!(
        document_client
            .update_documents::<td_arena::ArenaRoot>()
            .next_blocking(Duration::ZERO)
            .is_none(),
        "a second stream of the same client is empty"
    );
    for client in [&owned_client, &document_client] {
        let square = client.call(&functions::TestSquareInt { x: 3 }, TIMEOUT);
        assert_eq!(square.map(|r| r.value), Ok(9));
    }
    for _ in 0..3 {
        let update = owned.next_blocking(TIMEOUT).expect("an update");
        let update = update.expect("it parses");
        assert!(matches!(update.object, td::Object::Update(_)), "{update:?}");
        assert_eq!(update.client_id, Some(owned_client.client_id()));
        let document = documents.next_blocking(TIMEOUT).expect("an update");
        let document = document.expect("it parses");
        let received = document.get();
        assert!(
            matches!(received.object, td_arena::Object::Update(_)),
            "{received:?}"
        );
        assert_eq!(received.client_id, Some(document_client.client_id()));
        let verdict = tlgen_tests::validate_arena(document.text());
        assert!(matches!(verdict, Verdict::Agree), "{verdict:?}");
    }
    drop((owned, documents));

    // "Wait for ever".
    let square = clients[2].call(&functions::TestSquareInt { x: 7 }, Duration::MAX);
    assert_eq!(square.map(|r| r.value), Ok(49));

    // Closing with a request pending: `setAlarm` answers after 300 s; the close completes it
    // with an error (TDLib's or ours), never leaves it hanging, and later requests fail at once.
    let pending = clients[0].send(&functions::SetAlarm { seconds: 300.0 });
    runtime.block_on(async {
        tokio::time::timeout(TIMEOUT, clients[0].close())
            .await
            .expect("closed within the timeout");
        let answer = tokio::time::timeout(TIMEOUT, pending)
            .await
            .expect("the pending request completed");
        assert!(
            matches!(answer, Err(CallError::Closed | CallError::Td(_))),
            "{answer:?}"
        );
        let after = clients[0].send(&functions::TestSquareInt { x: 2 }).await;
        assert_eq!(after, Err(CallError::Closed));
    });
    assert!(clients[0].is_closed());

    // Dropping the manager closes the open clients and completes what is pending.
    let pending = clients[1].send(&functions::SetAlarm { seconds: 300.0 });
    drop(manager);
    assert!(clients[1].is_closed() && clients[2].is_closed());
    let answer = runtime.block_on(pending);
    assert!(
        matches!(answer, Err(CallError::Closed | CallError::Td(_))),
        "{answer:?}"
    );

    // A new manager after the first: the receive loop is free again.
    let manager = start().expect("a second manager after the first was dropped");
    let client = manager.create_client();
    let square = client.call(&functions::TestSquareInt { x: 5 }, TIMEOUT);
    assert_eq!(square.map(|r| r.value), Ok(25));
}
