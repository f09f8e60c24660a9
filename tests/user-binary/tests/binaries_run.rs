//! The user's binaries do what their `main`s assert: each parses, matches, builds values and
//! (in `both`) lists the requests of two modules of one schema, and exits 0.

use std::process::Command;

fn run(path: &str) -> String {
    let output = Command::new(path)
        .output()
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        output.status.success(),
        "{path}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn every_mode_binary_runs() {
    assert_eq!(run(env!("CARGO_BIN_EXE_reader")), "updateUserStatus\n");
    assert_eq!(run(env!("CARGO_BIN_EXE_pointer")), "updateUserStatus\n");
    assert_eq!(run(env!("CARGO_BIN_EXE_both")), "Agree\n");
    assert_eq!(
        run(env!("CARGO_BIN_EXE_arena")),
        "updateNewMessage\nupdateNewMessage\n"
    );
}
