//! The reads wider than a byte, done without knowing where the buffer ends (the terminating NUL
//! is the only sentinel): finding the end of a run of plain string content 16 bytes at a time,
//! and comparing the bytes at the cursor with a short pattern (keys, literals) a word at a time.
//!
//! # Why the wide loads here are sound
//!
//! The cursor knows only that a NUL ends its buffer, not where (see `cursor.rs`). The scanner
//! does *aligned* 16-byte loads: it loads the aligned block containing the cursor, and loads the
//! next block only when no byte from the cursor to the end of the current block was special —
//! in particular none was the NUL, so the NUL (and with it the next block's first byte) lies in
//! the next block or beyond. Hence every block loaded contains at least one byte of the buffer
//! at or before its NUL. (Its first load is the 16 bytes at the cursor instead, unaligned, when
//! they lie in the cursor's page: the rule of the short loads below; the aligned blocks then
//! start after them.)
//!
//! *Hardware*: an aligned 16-byte block never straddles a page (pages are 4 KiB or a multiple of
//! it on every target) nor an AArch64 MTE tag granule (16 bytes), so a load of a block that holds
//! one readable byte cannot fault. This is the over-read every libc's `strlen`/`memchr` does.
//!
//! *Rust's abstract machine*: reading bytes outside the buffer's allocation is undefined
//! behaviour for Rust code, even through `read_volatile` or `core::arch` load intrinsics (they
//! are ordinary Rust loads). So the load is an `asm!` block: the Reference allows an asm block to
//! access the memory an FFI function could ([asm.rules.mem-same-as-ffi]) and makes it a black
//! box known only by its interface ([asm.rules.black-box]), like a call to C's `strlen`. The
//! interface of [`load_block`] is "16 bytes; those that belong to the buffer (at or before its
//! NUL) equal memory, the others are unspecified" — behaviour Rust code could have (read the
//! buffer's bytes one by one, make up the rest), so the block adds nothing the abstract machine
//! lacks. Results never depend on the unspecified bytes: a scan stops at the first special byte
//! at or after the cursor, and the NUL, which is special, comes before any byte outside the
//! buffer (bytes of the block *before* the cursor are shifted out). The asm block is
//! `readonly, nostack, preserves_flags` and deliberately not `pure`: bytes past the NUL may
//! belong to other objects and change between two loads, which `pure` would rule out. Sanitizers
//! do not instrument asm, so they stay quiet, as they do for `strlen`.
//!
//! # Short compares and digit runs
//!
//! [`starts_with`] compares up to 8 bytes per load ([`starts_with_key`] likewise, with a key's
//! first and last words kept beside it, [`Key`]), and [`word_at`] gives the number lexer 8
//! bytes at once (unaligned 4- and 8-byte loads, again `asm!` blocks with the same interface),
//! but only when every byte loaded lies in the same 4 KiB page as the first one, which is a byte
//! of the buffer at or before the NUL (else they work byte by byte). A load inside a page that holds a readable byte cannot fault: on
//! x86_64 memory protection (page tables, protection keys) has page granularity and there is no
//! finer tagging. A result never depends on bytes past the NUL: if the NUL lies inside the
//! compared window, the word holding it differs from the pattern (whose bytes are checked to be
//! non-zero), so the compare fails whatever the bytes after it are; and the number lexer uses
//! only the digits before the first non-digit, which comes no later than the NUL.
//!
//! Elsewhere (targets other than x86_64 with SSE2, and Miri, which cannot run asm) the scan reads one byte
//! at a time and stops at the first special byte: no byte past the NUL is read at all.

/// `"`, `\` or a control byte (NUL included): ends a run of plain string content.
#[cfg(any(
    test,
    not(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))
))]
#[inline(always)]
fn is_special(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20
}

/// The length of the plain ASCII run at `p`: the number of bytes before the first one that is
/// `"`, `\`, a control byte (the NUL included) or non-ASCII (>= 0x80). The hot path: TDLib's
/// output is all ASCII.
///
/// # Safety
///
/// `p` must point into a buffer that is readable and unchanged while this runs, at or before
/// the buffer's terminating NUL (all bytes from `p` through that NUL are in the buffer).
#[inline(always)]
pub(super) unsafe fn plain_ascii_len(p: *const u8) -> usize {
    // SAFETY: forwarded.
    unsafe { imp::run_len::<true>(p) }
}

/// Whether the bytes at `p` start with `pattern`. A pattern containing NUL never matches.
///
/// # Safety
///
/// As for [`plain_ascii_len`].
#[inline(always)]
pub(super) unsafe fn starts_with(p: *const u8, pattern: &[u8]) -> bool {
    // SAFETY: forwarded.
    unsafe { imp::starts_with(p, pattern) }
}

/// A key pattern (`"name":`, no NUL) with its first and last eight bytes kept as words, for
/// [`starts_with_key`]: a key of up to 16 bytes (most of td_api's) is then compared without
/// reading the pattern's own bytes, which live elsewhere in the binary (a cache miss per key
/// when a stream brings a constructor whose table is cold).
///
/// Packed to 4-byte alignment (28 bytes) so that a field row ([`crate::parse::Field`]) that
/// holds one, its field's offset and its reader takes 40 bytes.
#[derive(Clone, Copy)]
#[repr(C, packed(4))]
pub(crate) struct Key {
    /// Bytes `0..8` of the key (for a shorter key, its bytes, zero above).
    head: u64,
    /// Bytes `len - 8..len` (for a shorter key, `head`).
    tail: u64,
    /// The key's bytes, `len` of them: a `&'static [u8]` taken apart.
    ptr: *const u8,
    len: u32,
}

// SAFETY: `ptr` and `len` are a `&'static [u8]` taken apart: shared, immutable data that lives
// forever, which `&'static [u8]` itself may share and send between threads.
unsafe impl Sync for Key {}
// SAFETY: as above.
unsafe impl Send for Key {}

impl Key {
    /// The key `bytes`, which must look like `"name":` ([`is_key_pattern`]). Panics (a build
    /// error in a constant, which is where field rows build their keys) if they do not, contain
    /// NUL or are 4 GiB long.
    pub(crate) const fn new(bytes: &'static [u8]) -> Key {
        assert!(is_key_pattern(bytes), "a key must look like \"name\":");
        Key::any(bytes)
    }

    /// The key `bytes` without the check of their shape (for tests of the compare, with
    /// patterns of every length). Panics if they contain NUL or are 4 GiB long.
    #[allow(
        clippy::indexing_slicing,
        reason = "constant evaluation of in-bounds indices"
    )]
    const fn any(bytes: &'static [u8]) -> Key {
        let len = bytes.len();
        assert!(len <= u32::MAX as usize, "a key of 4 GiB or more");
        let mut i = 0;
        while i < len {
            assert!(bytes[i] != 0, "a key contains NUL");
            i += 1;
        }
        let (head, tail) = if len >= 8 {
            (le_word(bytes, 0, 8), le_word(bytes, len - 8, 8))
        } else {
            (le_word(bytes, 0, len), le_word(bytes, 0, len))
        };
        Key {
            head,
            tail,
            ptr: bytes.as_ptr(),
            len: len as u32,
        }
    }

    /// The key's bytes.
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &'static [u8] {
        let (ptr, len) = (self.ptr, self.len);
        // SAFETY: `ptr` and `len` come from a `&'static [u8]` (`new`).
        unsafe { core::slice::from_raw_parts(ptr, len as usize) }
    }
}

/// The `len <= 8` bytes of `bytes` from `at`, little-endian (the first byte lowest).
#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation of in-bounds indices (`Key::new`)"
)]
const fn le_word(bytes: &[u8], at: usize, len: usize) -> u64 {
    let mut word = 0u64;
    let mut i = 0;
    while i < len {
        word |= (bytes[at + i] as u64) << (8 * i);
        i += 1;
    }
    word
}

/// Whether `pattern` has the shape of a key pattern, `"name":`: at least three bytes, `"`
/// first, `":` last (what the expected-key fast path consumes must end with the colon).
#[inline(always)]
pub(super) const fn is_key_pattern(pattern: &[u8]) -> bool {
    matches!(pattern, [b'"', .., b'"', b':'])
}

/// Whether the bytes at `p` start with `key` ([`starts_with`] with the key's words).
///
/// # Safety
///
/// As for [`plain_ascii_len`].
#[inline(always)]
pub(super) unsafe fn starts_with_key(p: *const u8, key: &Key) -> bool {
    // SAFETY: forwarded.
    unsafe { imp::starts_with_key(p, key) }
}

/// The 8 bytes at `p` (little-endian: the byte at `p` is the lowest), when they can be loaded
/// at once; `None` otherwise (then read byte by byte). Bytes past the buffer's NUL are
/// unspecified: callers look only at the bytes before the first one that stops them, and the
/// NUL stops every caller.
///
/// # Safety
///
/// As for [`plain_ascii_len`].
#[inline(always)]
pub(super) unsafe fn word_at(p: *const u8) -> Option<u64> {
    // SAFETY: forwarded.
    unsafe { imp::word_at(p) }
}

/// `0x01` in every byte of a word (SWAR).
const ONES: u64 = u64::MAX / 255;
/// The top bit of every byte of a word.
const HIGHS: u64 = ONES << 7;

/// The top bit set in each byte of `w` that is zero; a borrow may also flag a byte *above* a
/// zero one, never below, so the lowest flagged byte is exact, and the result is 0 exactly
/// when no byte is zero.
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    w.wrapping_sub(ONES) & !w & HIGHS
}

/// The number of ASCII digits at the start of `w` (8 bytes, the first in the lowest byte) and
/// their value. Part of the cursor's invariant: the count covers digits only, so it ends at
/// the NUL at the latest ([`Cursor::take_digits`](super::Cursor) advances by it).
#[inline(always)]
pub(super) fn swar_digits(w: u64) -> (usize, u64) {
    // digit bytes become their values 0..=9; every other byte becomes >= 10
    let d = w ^ (ONES * u64::from(b'0'));
    // high bit set in each byte >= 10 (adding 0x76 carries into the next byte only out of a
    // byte that is itself >= 0x8a, so the lowest flagged byte is exact)
    let non_digit = (d.wrapping_add(ONES * 0x76) | d) & HIGHS;
    let k = (non_digit.trailing_zeros() / 8) as usize;
    if k == 0 {
        return (0, 0);
    }
    // the `k` digits moved to the top (the first digit is the most significant), zeros below
    let v = d << (8 * (8 - k));
    // pairs, then quads, then all eight (each step merges adjacent lanes)
    let v = (v.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    let v = (v.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    let v = v.wrapping_mul(10_000 << 32 | 1) >> 32;
    (k, v)
}

/// [`unicode_escape_at`]'s digit values: each hex digit's (any case), and for every other byte
/// a value whose high half is set, so that shifted by 0, 4, 8 or 12 bits it still sets bits
/// above the code unit's 16.
#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation: a bad index fails the build"
)]
static HEX_DIGIT: [u32; 256] = {
    let mut table = [0xffff_0000; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u32;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'a' as usize + i] = 10 + i as u32;
        table[b'A' as usize + i] = 10 + i as u32;
        i += 1;
    }
    table
};

/// The value of the hex digit `b` (any case), or a value above 0xF when `b` is none.
#[inline(always)]
pub(super) fn hex_digit(b: u8) -> u32 {
    #[allow(clippy::indexing_slicing, reason = "a u8 indexes a 256-entry table")]
    HEX_DIGIT[usize::from(b)]
}

/// The code unit of the `\uXXXX` escape that starts the 8 bytes `word` (little-endian: the
/// first byte lowest), or `None` when its first six bytes are not `\`, `u` and four hex digits
/// (any case). Bytes 6 and 7 are ignored. Part of the cursor's invariant: `Some` means none of
/// the six bytes is NUL ([`Cursor::eat_unicode_escape`](super::Cursor) advances by six).
///
/// Each digit's value is a load from a 1 KiB table ([`HEX_DIGIT`], three of its lines hot on
/// text), and one compare checks all four: fewer instructions than computing the values and
/// the range checks from the word's bytes (docs/BENCHMARKS.md, "Escaped text").
#[inline(always)]
pub(super) fn unicode_escape_at(word: u64) -> Option<u32> {
    if word & 0xffff != u64::from(u16::from_le_bytes(*b"\\u")) {
        return None;
    }
    let digit = |i: u32| hex_digit((word >> (16 + 8 * i)) as u8);
    let unit = digit(0) << 12 | digit(1) << 8 | digit(2) << 4 | digit(3);
    (unit <= 0xffff).then_some(unit)
}

/// The number of plain ASCII bytes at the start of the 8 bytes `word` (little-endian: the
/// first byte lowest), 0 to 8: bytes before the first `"`, `\`, control byte (the NUL
/// included) or non-ASCII byte, as [`plain_ascii_len`] counts them. Part of the cursor's
/// invariant: the count ends at the NUL at the latest, so the cursor may advance by it.
///
/// Each test below flags a byte by its top bit; a borrow can flag a byte *above* one that
/// really matched, never below, so the lowest flagged byte is exact.
#[inline(always)]
pub(super) fn short_plain_len(word: u64) -> usize {
    let control = word.wrapping_sub(ONES * 0x20) & !word;
    let quote = zero_bytes(word ^ (ONES * u64::from(b'"')));
    let backslash = zero_bytes(word ^ (ONES * u64::from(b'\\')));
    // `word`'s own top bits flag the non-ASCII bytes
    let special = (control | quote | backslash | word) & HIGHS;
    (special.trailing_zeros() / 8) as usize
}

/// Byte-by-byte [`starts_with`]: stops at the first difference or NUL, so it never reads past
/// the NUL.
///
/// # Safety
///
/// As for [`plain_ascii_len`].
#[inline(always)]
unsafe fn starts_with_bytewise(p: *const u8, pattern: &[u8]) -> bool {
    for (i, &expected) in pattern.iter().enumerate() {
        // SAFETY: the `i` bytes before this one matched pattern bytes and were not NUL, so
        // `p + i` is at or before the NUL (caller).
        let b = unsafe { *p.add(i) };
        if b != expected || b == 0 {
            return false;
        }
    }
    true
}

/// The length of the plain run at `p`, non-ASCII bytes included: the number of bytes before the
/// first `"`, `\` or control byte (the NUL included).
///
/// # Safety
///
/// As for [`plain_ascii_len`].
#[inline(always)]
pub(super) unsafe fn plain_len(p: *const u8) -> usize {
    // SAFETY: forwarded.
    unsafe { imp::run_len::<false>(p) }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
mod imp {
    use core::arch::asm;
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };

    /// The 16 bytes of the aligned block at `block`; those that belong to the buffer (at or
    /// before its NUL) are its bytes, the others are unspecified.
    ///
    /// # Safety
    ///
    /// `block` must be 16-byte aligned, and the block must contain at least one byte of a
    /// buffer that is readable, at or before the buffer's terminating NUL.
    #[inline(always)]
    pub(super) unsafe fn load_block(block: *const u8) -> __m128i {
        debug_assert!(block as usize % 16 == 0);
        let v: __m128i;
        // SAFETY: the block is aligned and holds a readable byte of the buffer (caller), so it
        // lies in a mapped page and the load cannot fault; as an asm block it may read what an
        // FFI function may (module docs), and callers ignore the bytes outside the buffer.
        unsafe {
            asm!(
                "movdqa {v}, xmmword ptr [{p}]",
                p = in(reg) block,
                v = out(xmm_reg) v,
                options(readonly, nostack, preserves_flags),
            );
        }
        v
    }

    /// The granule of memory protection the short loads stay within: the smallest page size
    /// (x86_64 pages are 4 KiB, 2 MiB or 1 GiB, all multiples of it).
    const PAGE: usize = 4096;

    /// The 8 bytes at `p` (little-endian); those that belong to the buffer (at or before its
    /// NUL) are its bytes, the others are unspecified.
    ///
    /// # Safety
    ///
    /// `p .. p + 8` must lie inside one 4 KiB page that holds at least one byte of a buffer that
    /// is readable, at or before the buffer's terminating NUL.
    #[inline(always)]
    unsafe fn load_u64(p: *const u8) -> u64 {
        let v: u64;
        // SAFETY: the 8 bytes lie in a page that holds a readable byte (caller), so the load
        // cannot fault; as an asm block it may read what an FFI function may (module docs).
        unsafe {
            asm!(
                "mov {v}, qword ptr [{p}]",
                p = in(reg) p,
                v = out(reg) v,
                options(readonly, nostack, preserves_flags),
            );
        }
        v
    }

    /// The 4 bytes at `p`, as [`load_u64`].
    ///
    /// # Safety
    ///
    /// As for [`load_u64`], for `p .. p + 4`.
    #[inline(always)]
    unsafe fn load_u32(p: *const u8) -> u32 {
        let v: u32;
        // SAFETY: as for `load_u64`.
        unsafe {
            asm!(
                "mov {v:e}, dword ptr [{p}]",
                p = in(reg) p,
                v = out(reg) v,
                options(readonly, nostack, preserves_flags),
            );
        }
        v
    }

    /// Whether any byte of `w` is zero (exact).
    #[inline(always)]
    fn has_zero_u64(w: u64) -> bool {
        super::zero_bytes(w) != 0
    }

    /// Whether any byte of `w` is zero (exact).
    #[inline(always)]
    fn has_zero_u32(w: u32) -> bool {
        const ONES: u32 = u32::MAX / 255;
        w.wrapping_sub(ONES) & !w & (ONES << 7) != 0
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn word_at(p: *const u8) -> Option<u64> {
        if p as usize % PAGE > PAGE - 8 {
            return None;
        }
        // SAFETY: `p .. p + 8` lies in the page of `p`, a byte of the buffer at or before its
        // NUL (caller).
        Some(unsafe { load_u64(p) })
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn starts_with_key(p: *const u8, key: &super::Key) -> bool {
        let (n, head, tail) = (key.len as usize, key.head, key.tail);
        if n == 0 || p as usize % PAGE + n.max(8) > PAGE {
            // SAFETY: forwarded.
            return unsafe { starts_with(p, key.bytes()) };
        }
        // the bytes of a word that a key shorter than 8 bytes covers
        let mask = u64::MAX >> (64 - 8 * n.min(8));
        // From here every load reads bytes of `p .. p + max(n, 8)`, in the page of `p` (a byte
        // of the buffer at or before the NUL, caller): the loads cannot fault. The key has no
        // NUL (`Key::new`), so a match means no input byte compared was the NUL; bytes past
        // the key are masked off.
        // SAFETY: `p .. p + 8` and `p + n - 8 .. p + n` (for `n >= 8`) are in that window.
        let (first, last) = unsafe { (load_u64(p), load_u64(p.add(n.saturating_sub(8)))) };
        if ((first ^ head) | (last ^ tail)) & mask != 0 {
            return false;
        }
        // keys over 16 bytes: the words between, from the key's bytes (not by calling
        // `starts_with`, which would compare the two end words again and check every pattern
        // word for NUL, excluded here by `Key::new`: tried, 2-3 % more instructions in all)
        let bytes = key.bytes().as_ptr();
        let mut i = 8;
        while i + 8 < n {
            // SAFETY: `i + 8 < n`: the 8 key bytes from `i` are in bounds; and `p + i .. p + i +
            // 8` is inside `p .. p + n`, in the page of `p`.
            let (word, input) = unsafe {
                (
                    bytes.add(i).cast::<u64>().read_unaligned(),
                    load_u64(p.add(i)),
                )
            };
            if input != word {
                return false;
            }
            i += 8;
        }
        true
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn starts_with(p: *const u8, pattern: &[u8]) -> bool {
        let n = pattern.len();
        if n < 4 || p as usize % PAGE + n > PAGE {
            // SAFETY: forwarded.
            return unsafe { super::starts_with_bytewise(p, pattern) };
        }
        // From here every load reads bytes of `p .. p + n`, which lie in the page of `p`, a
        // byte of the buffer at or before the NUL (caller): the loads cannot fault. Pattern
        // words are read in bounds; a pattern word with a zero byte fails the compare (so a
        // match means no input byte compared was the NUL: see the module docs).
        let word = |i: usize| {
            // SAFETY: `i + 8 <= n` at every call below.
            unsafe { pattern.as_ptr().add(i).cast::<u64>().read_unaligned() }
        };
        if n < 8 {
            // two overlapping 4-byte words cover the `4..=7` bytes
            // SAFETY: `n >= 4`, so `0..4` and `n - 4..n` are in bounds.
            let (a, b) = unsafe {
                (
                    pattern.as_ptr().cast::<u32>().read_unaligned(),
                    pattern.as_ptr().add(n - 4).cast::<u32>().read_unaligned(),
                )
            };
            // SAFETY: `p .. p + n` is in the page of `p` (above).
            let (x, y) = unsafe { (load_u32(p), load_u32(p.add(n - 4))) };
            return x == a && y == b && !has_zero_u32(a) && !has_zero_u32(b);
        }
        let mut i = 0;
        while i + 8 < n {
            let a = word(i);
            // SAFETY: `p + i .. p + i + 8` is inside `p .. p + n`, in the page of `p`.
            if unsafe { load_u64(p.add(i)) } != a || has_zero_u64(a) {
                return false;
            }
            i += 8;
        }
        // the last 8 bytes (overlapping the previous word unless `n` is a multiple of 8)
        let a = word(n - 8);
        // SAFETY: `p + n - 8 .. p + n` is in the page of `p`.
        unsafe { load_u64(p.add(n - 8)) == a && !has_zero_u64(a) }
    }

    /// Bit `i` set when byte `i` of `v` ends a plain run: `"`, `\`, a control byte, or (if
    /// `ASCII`) a byte >= 0x80.
    #[inline(always)]
    fn special<const ASCII: bool>(v: __m128i) -> u32 {
        // SAFETY: these intrinsics need only SSE2, which this module is compiled for (cfg).
        unsafe {
            let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
            let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
            let low = if ASCII {
                // signed: 0x00..=0x1f, and 0x80..=0xff (negative), are below 0x20
                _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))
            } else {
                // unsigned v <= 0x1f, i.e. max(v, 0x1f) == 0x1f
                let limit = _mm_set1_epi8(0x1f);
                _mm_cmpeq_epi8(_mm_max_epu8(v, limit), limit)
            };
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), low)) as u32
        }
    }

    /// The 16 bytes at `p`, as [`load_u64`].
    ///
    /// # Safety
    ///
    /// As for [`load_u64`], for `p .. p + 16`.
    #[inline(always)]
    unsafe fn load_16(p: *const u8) -> __m128i {
        let v: __m128i;
        // SAFETY: as for `load_u64`.
        unsafe {
            asm!(
                "movdqu {v}, xmmword ptr [{p}]",
                p = in(reg) p,
                v = out(xmm_reg) v,
                options(readonly, nostack, preserves_flags),
            );
        }
        v
    }

    /// The first 16 bytes from `p` in one load when they lie in the page of `p` (most runs,
    /// `@type` names and short values, end there: one load and no shift, where the block
    /// containing `p` holds only its first `16 - p % 16` bytes and 3 of 4 names took a second
    /// block), then aligned blocks ([`run_len_aligned`]).
    ///
    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn run_len<const ASCII: bool>(p: *const u8) -> usize {
        if p as usize % PAGE > PAGE - 16 {
            // SAFETY: forwarded.
            return unsafe { run_len_aligned::<ASCII>(p) };
        }
        // SAFETY: `p .. p + 16` lies in the page of `p`, a byte of the buffer at or before its
        // NUL (caller); a result never depends on bytes past the NUL, which is special and so
        // comes first.
        let first = special::<ASCII>(unsafe { load_16(p) });
        if first != 0 {
            return first.trailing_zeros() as usize;
        }
        // SAFETY: none of the 16 bytes from `p` was special, so none was the NUL: `p + 16` is a
        // byte of the buffer at or before its NUL.
        16 + unsafe { run_len_aligned::<ASCII>(p.add(16)) }
    }

    /// [`run_len`] by aligned blocks only, from the one containing `p`.
    ///
    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    unsafe fn run_len_aligned<const ASCII: bool>(p: *const u8) -> usize {
        let offset = p as usize % 16;
        let mut block = p.wrapping_sub(offset);
        // SAFETY: `block` is the aligned block containing `p`, a byte of the buffer at or
        // before its NUL (caller).
        let first = special::<ASCII>(unsafe { load_block(block) }) >> offset;
        if first != 0 {
            return first.trailing_zeros() as usize;
        }
        loop {
            block = block.wrapping_add(16);
            // SAFETY: no byte from `p` to the end of the previous block was special, so none
            // was the NUL: the NUL is at or after `block`, and `block`'s first byte is a byte
            // of the buffer at or before the NUL.
            let m = special::<ASCII>(unsafe { load_block(block) });
            if m != 0 {
                return block as usize - p as usize + m.trailing_zeros() as usize;
            }
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))))]
mod imp {
    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn run_len<const ASCII: bool>(p: *const u8) -> usize {
        let mut n = 0;
        loop {
            // SAFETY: the bytes `p .. p + n` were not special, so none was the NUL: `p + n` is
            // at or before the NUL, inside the buffer (caller).
            let b = unsafe { *p.add(n) };
            if super::is_special(b) || (ASCII && b >= 0x80) {
                return n;
            }
            n += 1;
        }
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn starts_with(p: *const u8, pattern: &[u8]) -> bool {
        // SAFETY: forwarded.
        unsafe { super::starts_with_bytewise(p, pattern) }
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`].
    #[inline(always)]
    pub(super) unsafe fn starts_with_key(p: *const u8, key: &super::Key) -> bool {
        // SAFETY: forwarded.
        unsafe { super::starts_with_bytewise(p, key.bytes()) }
    }

    /// # Safety
    ///
    /// As for [`super::plain_ascii_len`] (nothing is read).
    #[inline(always)]
    pub(super) unsafe fn word_at(_: *const u8) -> Option<u64> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks both scans at `s[0]` against a byte-at-a-time scan, with `s` copied to every
    /// offset of an aligned block (a NUL appended).
    fn check(s: &[u8]) {
        let stop = s.iter().position(|&b| b == 0).unwrap_or(s.len());
        let ascii = s[..stop]
            .iter()
            .position(|&b| is_special(b) || b >= 0x80)
            .unwrap_or(stop);
        let plain = s[..stop]
            .iter()
            .position(|&b| is_special(b))
            .unwrap_or(stop);
        for lead in 0..16 {
            // u128 storage: 16-byte aligned
            let mut storage = vec![0u128; (lead + s.len() + 1).div_ceil(16) + 1];
            // SAFETY: plain bytes viewed as bytes; the length is within the allocation.
            let buf = unsafe {
                core::slice::from_raw_parts_mut(
                    storage.as_mut_ptr().cast::<u8>(),
                    storage.len() * 16,
                )
            };
            buf.fill(b'x');
            buf[lead..lead + s.len()].copy_from_slice(s);
            buf[lead + s.len()] = 0;
            let p = buf[lead..].as_ptr();
            // SAFETY: `buf[lead..]` holds `s` and then a NUL.
            unsafe {
                assert_eq!(plain_ascii_len(p), ascii, "{s:?} at {lead}");
                assert_eq!(plain_len(p), plain, "{s:?} at {lead}");
            }
        }
    }

    #[test]
    fn agrees_with_bytewise_scan() {
        let alphabet = [
            b'a', b'"', b'\\', 0x1f, 0x00, 0x20, 0x7f, 0x80, 0xff, b'!', b'#',
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..5_000 {
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

    /// `starts_with` and `starts_with_key` against the byte-at-a-time compare: every pattern
    /// length up to 40, the input equal to the pattern, differing at every position, or ending
    /// (NUL) at every position; patterns with a NUL never match.
    #[test]
    fn starts_with_agrees_with_bytewise_compare() {
        let reference = |input: &[u8], pattern: &[u8]| {
            let doc = &input[..input.iter().position(|&b| b == 0).unwrap()];
            !pattern.contains(&0) && doc.starts_with(pattern)
        };
        let mut storage = vec![0u8; 4096 * 2];
        for n in 0..40usize {
            let pattern: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            let mut cases: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
            let mut exact = pattern.clone();
            exact.extend_from_slice(b"tail\0");
            exact.push(0);
            cases.push((exact.clone(), pattern.clone()));
            for k in 0..n {
                let mut differ = exact.clone();
                differ[k] = b'#';
                cases.push((differ, pattern.clone()));
                let mut ends = exact.clone();
                ends[k] = 0;
                cases.push((ends, pattern.clone()));
                let mut with_nul = pattern.clone();
                with_nul[k] = 0;
                cases.push((exact.clone(), with_nul.clone()));
                let mut both = exact.clone();
                both[k] = 0;
                cases.push((both, with_nul));
            }
            for (input, pattern) in &cases {
                // at every offset in a block, and ending right at a page boundary
                let page_end = 4096 - input.len();
                for at in (0..16).chain(page_end - 16..=page_end) {
                    storage.fill(b'z');
                    storage[at..at + input.len()].copy_from_slice(input);
                    // SAFETY: `storage[at..]` holds `input`, which contains a NUL.
                    let got = unsafe { starts_with(storage[at..].as_ptr(), pattern) };
                    assert_eq!(
                        got,
                        reference(input, pattern),
                        "{input:?} {pattern:?} at {at}"
                    );
                    if !pattern.contains(&0) {
                        let key = Key::any(Vec::leak(pattern.clone()));
                        // SAFETY: as above.
                        let got = unsafe { starts_with_key(storage[at..].as_ptr(), &key) };
                        assert_eq!(
                            got,
                            reference(input, pattern),
                            "key {input:?} {pattern:?} at {at}"
                        );
                    }
                }
            }
        }
    }

    /// [`short_plain_len`] against a byte-at-a-time count, for every byte value at every
    /// position of a word of plain bytes, and for pairs of such bytes (a borrow out of a low
    /// byte must not hide or invent the first special one).
    #[test]
    fn short_plain_len_counts_like_a_bytewise_scan() {
        let bytewise = |w: [u8; 8]| {
            w.iter()
                .position(|&b| is_special(b) || b >= 0x80)
                .unwrap_or(8)
        };
        let check = |w: [u8; 8]| {
            assert_eq!(
                short_plain_len(u64::from_le_bytes(w)),
                bytewise(w),
                "{w:02x?}"
            );
        };
        let fillers = [b'a', b' ', b'!', b'#', b'0', b'[', b']', 0x7f, 0x21, 0x5d];
        for filler in fillers {
            let plain = [filler; 8];
            assert_eq!(short_plain_len(u64::from_le_bytes(plain)), 8);
            for pos in 0..8 {
                for b in 0..=255u8 {
                    let mut w = plain;
                    w[pos] = b;
                    check(w);
                    for later in pos + 1..8 {
                        for c in [0x00, 0x01, 0x1f, 0x20, b'"', b'\\', 0x7f, 0x80, 0xff] {
                            let mut w2 = w;
                            w2[later] = c;
                            check(w2);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_position_of_every_special_byte() {
        for special in [b'"', b'\\', 0x00, 0x01, 0x1f, 0x80, 0xc3, 0xff] {
            for len in 0..40 {
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

#[cfg(test)]
mod key_tests {
    use super::Key;

    #[test]
    fn key_words_hold_the_first_and_last_eight_bytes() {
        let key = Key::new(b"\"sender_id\":");
        let (head, tail) = (key.head, key.tail);
        assert_eq!(head, u64::from_le_bytes(*b"\"sender_"));
        assert_eq!(tail, u64::from_le_bytes(*b"der_id\":"));
        let short = Key::new(b"\"id\":");
        let (head, tail) = (short.head, short.tail);
        assert_eq!(
            head,
            u64::from(u32::from_le_bytes(*b"\"id\"")) | u64::from(b':') << 32
        );
        assert_eq!(tail, head);
        assert_eq!(short.bytes(), b"\"id\":");
    }

    #[test]
    #[should_panic(expected = "a key contains NUL")]
    fn a_key_with_nul_is_refused() {
        let _ = Key::new(b"\"a\0\":");
    }

    #[test]
    fn a_key_of_another_shape_is_refused() {
        for bad in [
            &b""[..],
            b"\"",
            b"\":",
            b"\"a\"",
            b"a\":",
            b"\"a:",
            b"\"a\" :",
        ] {
            let refused = std::panic::catch_unwind(|| Key::new(bad)).is_err();
            assert!(refused, "{:?}", String::from_utf8_lossy(bad));
        }
        assert_eq!(Key::new(b"\"\":").bytes(), b"\"\":");
    }
}
