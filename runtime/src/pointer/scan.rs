//! Finding the end of a run of plain string content eight bytes at a time (SWAR on `u64`).
//!
//! # Why the wide loads here are sound
//!
//! Every [`Cursor`](super::Cursor) knows where its terminating NUL is: each entry point gets the
//! length for free or computes it once (a `&CStr` carries it; `from_bytes_with_nul` and
//! [`NulTerminated`](super::NulTerminated) hold a slice; `from_ptr` goes through
//! `CStr::from_ptr`, i.e. the C library's `strlen`). So the scanner receives an ordinary
//! in-bounds `&[u8]` — the bytes between the cursor and the NUL — and only does eight-byte loads
//! of whole chunks *inside* that slice; the last `len % 8` bytes are read one at a time. No load
//! ever touches a byte past the NUL, in hardware terms (no page can be crossed) and in the terms
//! of Rust's abstract machine (no out-of-allocation read, no UB, nothing for Miri or a sanitizer
//! to object to). The alternative — aligned loads that may read past the NUL inside its page —
//! never faults but is an out-of-bounds read in Rust's model even via intrinsics or
//! `read_volatile`; we avoid it at the cost of one length computation per buffer and a
//! byte-at-a-time tail of at most 7 bytes at the very end of a document.
//!
//! This module has no `unsafe` at all; the single-byte token paths of the cursor rely on the NUL
//! sentinel instead (see `cursor.rs`).

/// `0x0101_0101_0101_0101`: one in every byte.
const ONES: u64 = u64::MAX / 255;
/// `0x8080_8080_8080_8080`: the high bit of every byte.
const HIGHS: u64 = ONES << 7;

/// High bit set in each byte of `w` that is `"`, `\` or below 0x20 — exact for the lowest such
/// byte (borrows only propagate upwards from a byte that is itself flagged), which is all the
/// callers use.
#[inline(always)]
fn special_mask(w: u64) -> u64 {
    let control = w.wrapping_sub(ONES * 0x20) & !w;
    let q = w ^ (ONES * u64::from(b'"'));
    let quote = q.wrapping_sub(ONES) & !q;
    let b = w ^ (ONES * u64::from(b'\\'));
    let backslash = b.wrapping_sub(ONES) & !b;
    (control | quote | backslash) & HIGHS
}

#[inline(always)]
fn is_special(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// The index of the first byte of `s` that matches `stop` (a byte predicate) whose word-wise
/// form is `mask` (high bit set in each matching byte, exact for the lowest one), or `s.len()`.
#[inline(always)]
fn first_match(s: &[u8], mask: impl Fn(u64) -> u64, stop: impl Fn(u8) -> bool) -> usize {
    // Most runs are short or empty (`""`, consecutive escapes): test the first byte before
    // setting up the wide loop.
    match s.first() {
        Some(&b) if !stop(b) => {}
        _ => return 0,
    }
    let mut chunks = s.chunks_exact(8);
    let mut index = 0;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().expect("chunks_exact yields 8 bytes"));
        let m = mask(w);
        if m != 0 {
            return index + (m.trailing_zeros() / 8) as usize;
        }
        index += 8;
    }
    index
        + chunks
            .remainder()
            .iter()
            .position(|&b| stop(b))
            .unwrap_or(chunks.remainder().len())
}

/// The length of the plain ASCII run at the start of `s`: the index of the first byte that is
/// `"`, `\`, a control byte (< 0x20) or non-ASCII (>= 0x80), or `s.len()` (the caller's NUL then
/// follows). The hot path: TDLib's output is all ASCII.
#[inline]
pub(super) fn plain_ascii_len(s: &[u8]) -> usize {
    first_match(
        s,
        |w| special_mask(w) | (w & HIGHS),
        |b| is_special(b) || b >= 0x80,
    )
}

/// The length of the plain run at the start of `s`, non-ASCII bytes included: the index of the
/// first `"`, `\` or control byte, or `s.len()`.
#[inline]
pub(super) fn plain_len(s: &[u8]) -> usize {
    first_match(s, special_mask, is_special)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(s: &[u8]) {
        let ascii = s
            .iter()
            .position(|&b| is_special(b) || b >= 0x80)
            .unwrap_or(s.len());
        assert_eq!(plain_ascii_len(s), ascii, "{s:?}");
        let plain = s.iter().position(|&b| is_special(b)).unwrap_or(s.len());
        assert_eq!(plain_len(s), plain, "{s:?}");
    }

    #[test]
    fn agrees_with_bytewise_scan() {
        let alphabet = [
            b'a', b'"', b'\\', 0x1f, 0x00, 0x20, 0x7f, 0x80, 0xff, b'!', b'#',
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 40) as usize;
            let mut s = Vec::with_capacity(len);
            let mut x = state;
            for _ in 0..len {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // mostly plain bytes so that the special byte lands at every position
                let pick = (x >> 33) as usize % (alphabet.len() * 4);
                s.push(if pick < alphabet.len() {
                    alphabet[pick]
                } else {
                    b'a' + (pick % 26) as u8
                });
            }
            check(&s);
        }
    }

    #[test]
    fn every_position_of_every_special_byte() {
        for special in [b'"', b'\\', 0x00, 0x01, 0x1f, 0x80, 0xc3, 0xff] {
            for len in 0..24 {
                for pos in 0..len {
                    for filler in [b'x', 0xc3, 0x7f, 0x20] {
                        let mut s = vec![filler; len];
                        s[pos] = special;
                        check(&s);
                    }
                }
            }
        }
    }
}
