//! Allocation counts (a counting global allocator): the pointer parser allocates no more than
//! the reader on the same payload, nothing at all for escape-free strings, and a parse that
//! fails frees what it allocated.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tlgen_runtime::pointer::NulTerminated;
use tlgen_tests::{repo_root, td};

struct Counting;

thread_local! {
    /// Allocations made by this thread (the test harness allocates on other threads).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated and not yet freed by this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn bump() {
    ALLOCATIONS.with(|n| n.set(n.get() + 1));
}

fn live(delta: isize) {
    LIVE.with(|n| n.set(n.get() + delta));
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        live(layout.size() as isize);
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live(-(layout.size() as isize));
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        live(new_size as isize - layout.size() as isize);
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Held by the tests of documents: the spare arenas a thread passes on go to a pool the process
/// shares, and the tests of this file run on threads of one process.
fn spares_lock() -> std::sync::MutexGuard<'static, ()> {
    static SPARES: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SPARES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

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

/// Every document of the TDLib captures and the synthetic streams, one per line.
fn stream_documents() -> Vec<String> {
    let mut lines = Vec::new();
    for name in [
        "tdjson-1.8.65.jsonl",
        "tdjson-1.8.65-params.jsonl",
        "synthetic.jsonl",
        "synthetic-escapes.jsonl",
    ] {
        let text = std::fs::read_to_string(repo_root().join("corpus").join(name)).unwrap();
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(String::from),
        );
    }
    lines
}

/// Arena mode (`td_arena`): once the arena has grown to the largest document and the
/// per-thread string scratch has grown to the longest escaped string, parsing allocates
/// nothing from the global allocator, however many strings with escapes, vectors and class
/// values a document holds, `@extra` included (its text, borrowed from the input). Every
/// corpus file, three times: two warm-up passes (a `Bump` keeps only its newest, largest chunk
/// on `reset`, so a document that needed two chunks fits in one only on its next parse), then
/// the counted pass, where every document, accepted or rejected, must allocate nothing.
#[test]
fn arena_mode_allocates_nothing_per_document_after_warm_up() {
    use tlgen_tests::td_arena;
    let lines = stream_documents();
    let mut arena = tlgen_runtime::arena::Bump::new();
    let (mut accepted, mut container_extra) = (0, 0);
    for pass in 0..3 {
        for line in &lines {
            let buffer = NulTerminated::from(line.as_str());
            arena.reset();
            let (allocs, parsed) = count(|| {
                td_arena::parse_received(&arena, buffer.cursor())
                    .map(|r| r.extra.is_some_and(|e| e.get().starts_with(['[', '{'])))
            });
            if pass < 2 {
                continue;
            }
            accepted += usize::from(parsed.is_ok());
            container_extra += usize::from(matches!(parsed, Ok(true)));
            let start: String = line.chars().take(200).collect();
            assert_eq!(allocs, 0, "global allocations after warm-up: {start}…");
        }
    }
    println!(
        "arena mode: {} documents ({accepted} accepted, {container_extra} with an array or \
         object in `@extra`), none with a global allocation after warm-up; arena {} bytes",
        lines.len(),
        arena.allocated_bytes()
    );
    assert!(accepted > 2_000, "{accepted} documents accepted");
    // (the TDLib captures' `@extra` objects are in the count)
    assert!(
        container_extra > 10,
        "{container_extra} container `@extra` values"
    );
}

/// Arena mode's `parse_document` (`td_arena::ArenaDocument`, a document that owns its text and
/// arena) in a new arena (no spare one on the thread: `release_spare_arenas` before each): its
/// first chunk is sized from the text, so that most documents take one allocation of the
/// global allocator, and dropping the document frees everything (accepted or rejected) but the
/// arena it leaves to the thread, which `release_spare_arenas` frees. Every corpus document
/// after a warm-up pass (the per-thread scratch of escaped strings).
#[test]
fn arena_documents_take_one_allocation_for_most_documents_and_free_it() {
    use tlgen_runtime::arena::release_spare_arenas;
    use tlgen_tests::td_arena;
    let _spares = spares_lock();
    let lines = stream_documents();
    let mut histogram = std::collections::BTreeMap::<usize, usize>::new();
    let (mut accepted, mut text_bytes, mut arena_bytes) = (0, 0, 0);
    for pass in 0..2 {
        for line in &lines {
            release_spare_arenas();
            let before = LIVE.with(Cell::get);
            let (allocs, document) = count(|| td_arena::parse_document(line.as_bytes()));
            accepted += usize::from(pass == 1 && document.is_ok());
            if let (1, Ok(document)) = (pass, &document) {
                (text_bytes, arena_bytes) = (
                    text_bytes + line.len(),
                    arena_bytes + document.allocated_bytes(),
                );
            }
            drop(document);
            release_spare_arenas();
            if pass == 0 {
                continue;
            }
            let leaked = LIVE.with(Cell::get) - before;
            let start: String = line.chars().take(200).collect();
            assert_eq!(
                leaked, 0,
                "{leaked} bytes left by a dropped document: {start}…"
            );
            *histogram.entry(allocs).or_default() += 1;
        }
    }
    let one = histogram.get(&1).copied().unwrap_or(0);
    let total: usize = histogram.iter().map(|(n, docs)| n * docs).sum();
    println!(
        "arena documents: {} documents ({accepted} accepted), allocations per document \
         (count: documents) {histogram:?}, mean {:.3}; arena bytes ÷ text bytes {:.2}",
        lines.len(),
        total as f64 / lines.len() as f64,
        arena_bytes as f64 / text_bytes as f64
    );
    assert!(accepted > 2_000, "{accepted} documents accepted");
    assert!(
        one * 100 >= lines.len() * 95,
        "{one} of {} documents in one allocation",
        lines.len()
    );
}

/// `parse_document` in a loop that parses and drops documents on one thread, as a receive loop
/// does: each reuses the arena of the one dropped before it (kept by the thread, reset), so
/// that once the arena has grown to the stream's documents none takes an allocation, except
/// those whose arena is larger than the thread keeps (`SPARE_ARENA_MAX_BYTES`), which take
/// theirs and free it; what the thread keeps is at most `SPARE_ARENAS_PER_THREAD` arenas of at
/// most that size, and `release_spare_arenas` frees it.
#[test]
fn arena_documents_parsed_and_dropped_in_a_loop_take_no_allocation_once_warm() {
    use tlgen_runtime::arena::{
        SPARE_ARENA_MAX_BYTES, SPARE_ARENAS_PER_THREAD, release_spare_arenas,
    };
    use tlgen_tests::td_arena;
    let _spares = spares_lock();
    let lines = stream_documents();
    // (allocations, arena over the size a thread keeps) of each counted document; allocated
    // before the count starts
    let mut counted = Vec::with_capacity(lines.len());
    let (mut start, mut kept_most) = (0, 0);
    // pass 0 warms up the thread's other state (the scratch of escaped strings), pass 1 its
    // spare arenas, pass 2 is counted
    for pass in 0..3 {
        if pass == 1 {
            release_spare_arenas();
            start = LIVE.with(Cell::get);
        }
        for line in &lines {
            let (allocs, document) = count(|| td_arena::parse_document(line.as_bytes()));
            let large = document
                .as_ref()
                .is_ok_and(|d| d.allocated_bytes() > SPARE_ARENA_MAX_BYTES);
            drop(document);
            if pass == 0 {
                continue;
            }
            kept_most = kept_most.max(LIVE.with(Cell::get) - start);
            if pass == 2 {
                counted.push((allocs, large));
            }
        }
    }
    release_spare_arenas();
    assert_eq!(LIVE.with(Cell::get), start, "bytes left after the release");
    let mut histogram = std::collections::BTreeMap::<(usize, bool), usize>::new();
    for key in counted {
        *histogram.entry(key).or_default() += 1;
    }
    let none = histogram.get(&(0, false)).copied().unwrap_or(0);
    println!(
        "arena documents in a parse-and-drop loop: {} documents, (allocations, arena over \
         {SPARE_ARENA_MAX_BYTES} bytes): documents {histogram:?}; at most {kept_most} bytes \
         kept by the thread",
        lines.len(),
    );
    assert!(
        none * 100 >= lines.len() * 99,
        "{none} of {} documents without an allocation",
        lines.len()
    );
    // and those that allocate are the ones too large to keep
    assert!(
        histogram
            .keys()
            .all(|&(allocs, large)| allocs == 0 || large),
        "{histogram:?}"
    );
    // (the spare arenas, and the vector that lists them)
    let bound = SPARE_ARENAS_PER_THREAD * SPARE_ARENA_MAX_BYTES + 4096;
    assert!(kept_most as usize <= bound, "{kept_most} bytes kept");
}

/// `parse_document` on one thread, the documents dropped on another (a receive loop that hands
/// them to a worker over a channel): the worker keeps a few of their arenas and passes the rest
/// to the process's shared pool, from which the parsing thread, which never drops a document,
/// takes them. Once warm (two passes), almost no document takes an allocation on the parsing
/// thread (without the pool every one would: its thread keeps nothing), and the worker's
/// allocations are few (the pool's list growing).
#[test]
fn arena_documents_dropped_on_a_worker_thread_come_back_to_the_parsing_thread() {
    use tlgen_runtime::arena::release_spare_arenas;
    use tlgen_tests::td_arena;
    let _spares = spares_lock();
    release_spare_arenas();
    let lines = stream_documents();
    let (send, receive) = std::sync::mpsc::sync_channel::<td_arena::ArenaDocument>(16);
    let worker = std::thread::spawn(move || {
        let (allocations, dropped) = count(|| receive.iter().map(drop).count());
        release_spare_arenas();
        (allocations, dropped)
    });
    let mut counted = Vec::with_capacity(lines.len());
    for pass in 0..3 {
        for line in &lines {
            let (allocations, document) = count(|| td_arena::parse_document(line.as_bytes()));
            let Ok(document) = document else {
                continue;
            };
            let large = document.allocated_bytes() > tlgen_runtime::arena::SPARE_ARENA_MAX_BYTES;
            if pass == 2 && !large {
                counted.push(allocations);
            }
            send.send(document).expect("the worker runs");
        }
    }
    drop(send);
    let (worker_allocations, dropped) = worker.join().expect("the worker ends");
    release_spare_arenas();
    let without = counted.iter().filter(|&&n| n == 0).count();
    println!(
        "arena documents parsed on one thread, dropped on another: {} of {} counted documents \
         without an allocation (parsing thread), {worker_allocations} allocations by the \
         worker for {dropped} documents dropped",
        without,
        counted.len()
    );
    assert!(counted.len() > 2_000, "{} documents", counted.len());
    assert!(
        without * 100 >= counted.len() * 95,
        "{without} of {} documents without an allocation",
        counted.len()
    );
    assert!(
        worker_allocations * 100 <= dropped,
        "{worker_allocations} allocations for {dropped} documents"
    );
}

/// Every prefix of documents whose constructors allocate (escaped strings, vectors grown past
/// their first room, boxed variants, inline ones) is an error somewhere inside them: the pointer parser frees all it
/// allocated, whichever entry point (a constructor parsed from its default image in a box or
/// in the dispatch's frame, or from `Default`) the error went through.
#[test]
fn a_failed_parse_frees_what_it_allocated() {
    let documents = [
        r#"{"@type":"formattedText","text":"caf\u00e9","entities":[{"@type":"textEntity","offset":0,"length":1,"type":{"@type":"textEntityTypeTextUrl","url":"\/x"}},{"@type":"textEntity","offset":1,"length":1,"type":{"@type":"textEntityTypeTextUrl","url":"\/y"}},null,{"@type":"textEntity","offset":2,"length":1,"type":{"@type":"textEntityTypeTextUrl","url":"\/z"}},{"@type":"textEntity","offset":3,"length":1,"type":{"@type":"textEntityTypeTextUrl","url":"\/w"}}]}"#,
        r#"{"@type":"messageSenders","total_count":5,"senders":[{"@type":"messageSenderUser","user_id":1},{"@type":"messageSenderChat","chat_id":2},{"@type":"messageSenderUser","user_id":3},{"@type":"messageSenderUser","user_id":4},{"@type":"messageSenderChat","chat_id":5}]}"#,
        r#"{"@type":"updateNewMessage","message":{"@type":"message","id":1,"sender_id":{"@type":"messageSenderUser","user_id":2},"content":{"@type":"messageText","text":{"@type":"formattedText","text":"\u00e9","entities":[]}},"date":3}}"#,
        r#"{"@type":"updateOption","name":"x\ny","value":{"@type":"optionValueString","value":"\u00e9"},"@extra":[{"a":"\u00e9"}]}"#,
    ];
    // (warm-up: the first errors of a thread set up state that stays, such as the
    // thread-local scratch buffer of escaped strings)
    for document in documents {
        for end in 0..=document.len() {
            let _ = td::parse_received(NulTerminated::from(&document[..end]).cursor());
        }
    }
    for document in documents {
        let full = NulTerminated::from(document);
        assert!(td::parse_received(full.cursor()).is_ok(), "{document}");
        for end in 0..document.len() {
            let prefix = NulTerminated::from(&document[..end]);
            let before = LIVE.with(Cell::get);
            let result = td::parse_received(prefix.cursor());
            assert!(result.is_err(), "{}", &document[..end]);
            drop(result);
            let leaked = LIVE.with(Cell::get) - before;
            assert_eq!(leaked, 0, "{leaked} bytes left after {}", &document[..end]);
        }
    }
}

/// `IntoStatic` (what the manager does to every answer and update it hands to another thread)
/// allocates only for what the value borrows: a value that already owns everything (one made
/// `'static` once) is made `'static` again without any allocation, boxed variants (reused in
/// place), vectors (collected in place), `@extra` and JSON values included. Every corpus
/// document.
#[test]
fn a_value_that_owns_everything_is_made_static_without_allocating() {
    use tlgen_runtime::IntoStatic;
    let mut checked = 0;
    for (index, line) in stream_documents().iter().enumerate() {
        let buffer = NulTerminated::from(line.as_str());
        let Ok(parsed) = td::parse_received(buffer.cursor()) else {
            continue; // (the corpus holds documents the parsers reject, on purpose)
        };
        let owned = parsed.into_static();
        let copy = owned.clone();
        let (allocations, again) = count(|| copy.into_static());
        assert_eq!(
            allocations,
            0,
            "document {}: a value that owns everything made 'static again",
            index + 1
        );
        assert_eq!(again, owned, "document {}", index + 1);
        checked += 1;
    }
    assert!(checked > 2_000, "{checked} documents");
}
