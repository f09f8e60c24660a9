//! Arbitrary bytes as one `td_receive` payload: the serde reader and the pointer parser
//! (td_api.tl, generated in `both` mode) must agree — both accept with equal values, or both
//! reject. Any other verdict panics, which libFuzzer reports as a crash with the input saved.
//!
//! The pointer parser also runs on an exactly sized heap copy (payload + NUL, no spare
//! capacity), so that under AddressSanitizer any read past the NUL is a heap-buffer-overflow.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tlgen_runtime::pointer::Cursor;

fuzz_target!(|data: &[u8]| {
    let verdict = tlgen_td_api::validate(data);
    assert!(
        verdict.is_agreement(),
        "the parsers disagree: {verdict}\npayload: {:?}",
        String::from_utf8_lossy(data)
    );

    let mut exact = Vec::with_capacity(data.len() + 1);
    exact.extend_from_slice(data);
    exact.push(0);
    let exact: Box<[u8]> = exact.into_boxed_slice();
    if let Ok(cursor) = Cursor::from_bytes_with_nul(&exact) {
        let _ = tlgen_td_api::parse_received(cursor);
    }
});
