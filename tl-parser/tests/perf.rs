//! Parsing td_api.tl takes well under 50 ms in release builds
//! (run with `cargo test -p tl-parser --release --test perf`; ignored in debug builds).

mod common;

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "timing is only meaningful in release builds"
)]
fn td_api_parses_fast() {
    let source = common::schema_source("td_api.tl");
    tl_parser::parse(&source).expect("parses"); // warm up
    let runs = 10;
    let started = std::time::Instant::now();
    for _ in 0..runs {
        tl_parser::parse(&source).expect("parses");
    }
    let each = started.elapsed() / runs;
    eprintln!("td_api.tl: {each:?} per parse");
    assert!(each.as_millis() < 50, "{each:?}");
}
