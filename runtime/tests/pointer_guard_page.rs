//! Guard-page test: documents are placed so that their terminating NUL is the last byte before a
//! `PROT_NONE` page, and then tokenized every way the API allows. A read past the NUL faults
//! (SIGSEGV kills the test binary, so the test fails).
//!
//! Cases: every prefix of every sample document (the NUL lands at every position inside every
//! kind of token), and every window `doc[start..end]` with `end - start <= WINDOW`, on which
//! each reader is started directly at the first byte (every token kind cut at every length).
//!
//! How we know the test catches over-reads: with the planted bug `overread` applied
//! (`scripts/planted-bugs/overread.patch`: the string scan's first 16-byte load done at the
//! cursor, unaligned, instead of on the aligned block containing it, so that near the end of a
//! page it crosses into the next one), this test dies with SIGSEGV, in debug and in release
//! builds; with the real code it passes. (Before the cursor stopped knowing its length, the same
//! was checked with a view of the buffer 8 bytes too long; PERF_NOTES.md records it for a
//! byte-at-a-time vs 8-at-a-time walker.)
//!
//! ```text
//! bash scripts/planted-bugs.sh overread     # in a scratch copy; or by hand, then revert:
//! git apply scripts/planted-bugs/overread.patch
//! cargo test -p tlgen-runtime --test pointer_guard_page
//! git apply -R scripts/planted-bugs/overread.patch
//! ```

#![cfg(unix)]

mod guarded;
mod pointer_support;

use std::ffi::CStr;

use guarded::Guarded;
use pointer_support::{generated_style, sample_documents, walk};
use tlgen_runtime::pointer::Cursor;

/// Runs every reader from the start of `region` (a NUL-terminated document), ignoring results:
/// only faults matter here.
fn every_reader(region: &[u8]) {
    let fresh = || Cursor::from_bytes_with_nul(region).expect("ends with NUL");
    let _ = fresh().skip_value(1);
    let _ = fresh().read_str();
    let _ = fresh().read_bytes();
    let _ = fresh().read_i32();
    let _ = fresh().read_i64();
    let _ = fresh().read_f64();
    let _ = fresh().read_number();
    let _ = fresh().read_bool();
    let _ = fresh().eat_null();
    let _ = fresh().finish();
    let mut c = fresh();
    let _ = c.peek();
    let _ = c.eat_key(b"\"a_key_longer_than_most_windows_here_____\":");
    let _ = c.eat_key(b"\"@type\":");
    let _ = c.next_key();
    let mut c = fresh();
    if c.begin_object(1).is_ok() {
        let _ = c.eat_key(b"\"@type\":");
        let _ = c.find_type_tag(1);
        let _ = c.next_key();
        let _ = c.eat_key(b"\"a_key_longer_than_most_windows_here_____\":");
        let _ = c.eat_object_end();
    }
    let mut c = fresh();
    if c.begin_array(1).is_ok() {
        while let Ok(true) = c.next_element() {
            if c.skip_value(2).is_err() {
                break;
            }
        }
    }
    let _ = walk(&mut fresh(), 1);
    let _ = generated_style(&mut fresh(), 1);
}

const WINDOW: usize = 48;

#[test]
fn nothing_reads_past_the_nul() {
    let docs = sample_documents();
    let longest = docs.iter().map(String::len).max().unwrap();
    let mut guarded = Guarded::new(longest + 1);
    let (mut prefixes, mut windows) = (0, 0);
    for doc in &docs {
        // (a trailing newline would make the last proper prefix valid)
        let bytes = doc.trim_end().as_bytes();
        for len in 0..=bytes.len() {
            let region = guarded.place(&bytes[..len]);
            // through each entry point: slice, C string, raw pointer (none computes a length)
            let mut c = Cursor::from_bytes_with_nul(region).unwrap();
            let skipped = c.skip_value(1).and_then(|()| c.finish());
            assert_eq!(skipped.is_ok(), len == bytes.len(), "{len}");
            let cstr = CStr::from_bytes_with_nul(region).unwrap();
            let mut c = Cursor::from_cstr(cstr);
            let walked = walk(&mut c, 1).and_then(|_| c.finish());
            assert_eq!(walked.is_ok(), len == bytes.len(), "{len}");
            // SAFETY: `region` is NUL-terminated and outlives the cursor.
            let mut c = unsafe { Cursor::from_ptr(region.as_ptr().cast()) };
            let _ = generated_style(&mut c, 1).and_then(|_| c.finish());
            every_reader(region);
            prefixes += 1;
        }
        for start in 0..bytes.len() {
            for end in start..=(start + WINDOW).min(bytes.len()) {
                every_reader(guarded.place(&bytes[start..end]));
                windows += 1;
            }
        }
    }
    eprintln!("guard page: {prefixes} prefixes, {windows} windows");
    assert!(
        prefixes > 3_000 && windows > 100_000,
        "{prefixes} {windows}"
    );
}

#[test]
fn special_tails() {
    let mut guarded = Guarded::new(4096);
    let tails: &[&[u8]] = &[
        b"\"",
        b"\"\\",
        b"\"\\u",
        b"\"\\u12",
        b"\"\\ud83d",
        b"\"\\ud83d\\",
        b"\"\\ud83d\\u",
        b"\"\\ud83d\\udc",
        b"\"abcdefghijklmnopqrstuvwxyz",
        b"\"\xc3",
        b"\"\xf0\x9f\x98",
        b"-",
        b"1.",
        b"1e",
        b"1e-",
        b"123456789012345678901234567890",
        b"tru",
        b"fals",
        b"nul",
        b"{\"",
        b"{\"a\"",
        b"{\"a\":",
        b"[",
        b"[1,",
        b"\"AAEC",
    ];
    for tail in tails {
        for lead in 0..9 {
            // shift the token against the 8-byte scan chunks
            let mut doc = vec![b' '; lead];
            doc.extend_from_slice(tail);
            every_reader(guarded.place(&doc));
        }
    }
}
