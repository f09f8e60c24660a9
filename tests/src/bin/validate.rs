//! `validate [--arena] FILE.jsonl...`: parses every line with both generated parsers (with
//! `--arena`: arena mode's parser against the reader) and prints
//! `N payloads: A agree, R both rejected, D disagree`, then the first disagreements with the
//! path of the first differing field. Exits 1 if any payload disagrees, 2 only when a file
//! cannot be read. Lines are bytes: one with invalid UTF-8, NUL bytes or megabytes of text is a
//! payload like any other (both parsers reject it, or agree on it).

use std::process::ExitCode;

use tlgen_tests::Report;

fn main() -> ExitCode {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    let arena = files.first().is_some_and(|a| a == "--arena");
    if arena {
        files.remove(0);
    }
    if files.is_empty() {
        eprintln!("usage: validate [--arena] FILE.jsonl...");
        return ExitCode::from(2);
    }
    let mut report = if arena {
        Report::arena()
    } else {
        Report::default()
    };
    for file in &files {
        match std::fs::read(file) {
            Ok(bytes) => report.add_lines(file, &bytes),
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    println!("{report}");
    for (file, line, verdict) in report.disagreements.iter().take(10) {
        println!("  {file}:{line}: {verdict}");
    }
    if report.disagreements.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
