//! Allocation counts (a counting global allocator): the pointer parser allocates no more than
//! the reader on the same payload, and nothing at all for escape-free strings.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tlgen_runtime::pointer::NulTerminated;
use tlgen_tests::{repo_root, td};

struct Counting;

thread_local! {
    /// Allocations made by this thread (the test harness allocates on other threads).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn bump() {
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn count<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

#[test]
fn escape_free_strings_cost_no_allocation_beyond_the_variant_box() {
    let buffer = NulTerminated::from(
        r#"{"@type":"error","code":400,"message":"Failed to parse JSON object as TDLib request","@client_id":3}"#,
    );
    let (allocs, parsed) = count(|| td::parse_received(buffer.cursor()));
    let parsed = parsed.unwrap();
    let td::Object::Error(error) = &parsed.object else {
        panic!("expected error, got {:?}", parsed.object)
    };
    assert!(matches!(error.message, std::borrow::Cow::Borrowed(_)));
    // What holding an `error` in `Object` costs by itself: one `Box` under the default boxing
    // policy (`Boxing::Variants`), nothing under `Boxing::Recursion`.
    let (variant, _) = count(|| td::Object::from(td::types::Error::default()));
    assert!(variant <= 1);
    assert_eq!(
        allocs, variant,
        "pointer parser allocated for an escape-free payload beyond the variant's box"
    );
}

#[test]
fn pointer_allocates_no_more_than_reader_on_the_corpus() {
    let text = std::fs::read_to_string(repo_root().join("corpus/tdjson-1.8.65.jsonl")).unwrap();
    let (mut pointer_total, mut reader_total, mut payloads) = (0, 0, 0);
    for (index, line) in text.lines().enumerate() {
        let buffer = NulTerminated::from(line);
        let (pointer, p) = count(|| td::parse_received(buffer.cursor()).map(drop));
        let (reader, r) = count(|| tlgen_runtime::reader::from_str::<td::Received>(line).map(drop));
        assert!(p.is_ok() && r.is_ok(), "line {}", index + 1);
        assert!(
            pointer <= reader,
            "line {}: pointer {pointer} allocations, reader {reader}",
            index + 1
        );
        pointer_total += pointer;
        reader_total += reader;
        payloads += 1;
    }
    println!(
        "allocations over {payloads} TDLib payloads: pointer {pointer_total}, reader {reader_total}"
    );
}
