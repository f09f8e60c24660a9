//! Appending decoded string content to a `String` with one fixed-size store into its spare
//! capacity (the escaped-string path of `string.rs`): a character of 1 to 4 bytes with one 4-byte
//! store ([`Utf8Appender`]), a short plain run with one 8-byte store ([`push_run`]).
//!
//! The `unsafe` here is about the `String`'s allocation, not the input buffer: each store lies
//! within the capacity (checked first), and the length grows only over bytes that were written
//! and are whole UTF-8 characters. Nothing here reads the input; the cursor (`cursor.rs`) hands
//! over the text as a `&str` and the 8 bytes after a run's start as a `u64`.

/// The UTF-8 encoding of `ch` in the low bytes of a `u32` (the first byte lowest), and its
/// length, 1 to 4.
#[inline(always)]
fn utf8_word(ch: char) -> (u32, usize) {
    let n = u32::from(ch);
    // a continuation byte: six bits of `n`, from bit `shift` up
    let cont = |shift: u32| 0x80 | (n >> shift & 0x3f);
    if n < 0x80 {
        (n, 1)
    } else if n < 0x800 {
        (0xc0 | n >> 6 | cont(0) << 8, 2)
    } else if n < 0x1_0000 {
        (0xe0 | n >> 12 | cont(6) << 8 | cont(0) << 16, 3)
    } else {
        (
            0xf0 | n >> 18 | cont(12) << 8 | cont(6) << 16 | cont(0) << 24,
            4,
        )
    }
}

/// Appends characters to a `String`, each with one 4-byte store into its spare capacity
/// (`String::push` encodes through a buffer and a copy of variable length). The length is kept
/// in a local (a register in a loop) and written back by [`finish`](Self::finish): through the
/// `&mut String` it was stored and reloaded for every character. (Measured: the pointer and
/// capacity in locals too, or a `&mut self` growth, and the appender is spilled to the stack,
/// 3 % more instructions in the escaped-string path.)
pub(super) struct Utf8Appender<'s> {
    bytes: &'s mut Vec<u8>,
    /// The string's length so far; the bytes below it are initialised. The vector's own
    /// length stays where it was until a growth or [`finish`](Self::finish).
    len: usize,
}

impl<'s> Utf8Appender<'s> {
    #[inline(always)]
    pub(super) fn new(out: &'s mut String) -> Self {
        // SAFETY: only the UTF-8 encodings of whole characters are appended (`push`), so the
        // string stays valid UTF-8.
        let bytes = unsafe { out.as_mut_vec() };
        Utf8Appender {
            len: bytes.len(),
            bytes,
        }
    }

    /// Gives the vector its new length.
    #[inline(always)]
    pub(super) fn finish(self) {
        // SAFETY: the bytes below `len` are initialised (`push`), and `len` is within the
        // capacity (it only grows by what was stored into room checked for).
        unsafe { self.bytes.set_len(self.len) };
    }
}

/// Where the escaped-text loop (`Cursor::unicode_escapes_into`, string.rs) puts the text it
/// consumes: a string being decoded ([`Utf8Appender`]), or nowhere (`()`: a string being
/// skipped, validated alone).
pub(super) trait EscapedText {
    /// A character, decoded from its escape (or surrogate pair of escapes).
    fn push(&mut self, ch: char);
    /// A run of `len` (1 to 7) plain ASCII bytes, the low bytes of `word`.
    fn push_ascii(&mut self, word: u64, len: usize);
}

impl EscapedText for Utf8Appender<'_> {
    /// Appends `ch` with one 4-byte store into the spare capacity, grown when needed.
    #[inline(always)]
    fn push(&mut self, ch: char) {
        let (word, n) = utf8_word(ch);
        if self.bytes.capacity() - self.len < 4 {
            // (the length by value: a `&mut self` method would keep the appender in memory)
            grow(self.bytes, self.len, 4);
        }
        // SAFETY: at least 4 bytes of capacity after `len` (checked above); the bytes below
        // `len` are initialised, and of the 4 stored, the first `n` are `ch` in UTF-8.
        unsafe { store_spare(self.bytes, self.len, word.to_le_bytes()) };
        self.len += n;
    }

    /// Appends the first `len` bytes of `word` (at most 8, little-endian: the first byte
    /// lowest), which must be ASCII, with one 8-byte store into the spare capacity.
    #[inline(always)]
    fn push_ascii(&mut self, word: u64, len: usize) {
        debug_assert!(word.to_le_bytes().get(..len).is_some_and(<[u8]>::is_ascii));
        if self.bytes.capacity() - self.len < 8 {
            grow(self.bytes, self.len, 8);
        }
        // SAFETY: at least 8 bytes of capacity after `len` (checked above); the bytes below
        // `len` are initialised, and of the 8 stored only the first `len`, ASCII (caller),
        // join the string.
        unsafe { store_spare(self.bytes, self.len, word.to_le_bytes()) };
        self.len += len.min(8);
    }
}

impl EscapedText for () {
    #[inline(always)]
    fn push(&mut self, _: char) {}

    #[inline(always)]
    fn push_ascii(&mut self, _: u64, _: usize) {}
}

/// Appends `run`, plain content between escapes (often a space or a punctuation mark), to `out`:
/// a run of at most 8 bytes with one 8-byte store into the spare capacity, when there is room
/// for 8 and `word` holds the 8 bytes from the run's start (`Cursor::word` there); anything else
/// through `push_str`, a call of `memcpy`.
#[inline(always)]
pub(super) fn push_run(out: &mut String, run: &str, word: Option<u64>) {
    const SHORT: usize = 8;
    if let Some(word) = word {
        if run.len() <= SHORT && out.capacity() - out.len() >= SHORT {
            // SAFETY: only `run`'s bytes become part of the string (the first `run.len()` of
            // `word`, read from where `run` starts), so it stays valid UTF-8.
            let bytes = unsafe { out.as_mut_vec() };
            let len = bytes.len();
            // SAFETY: room for 8 bytes after `len` (checked above); of the 8 stored, the first
            // `run.len()` are `run`'s, and only those join the string.
            unsafe {
                store_spare(bytes, len, word.to_le_bytes());
                bytes.set_len(len + run.len());
            }
            return;
        }
    }
    out.push_str(run);
}

/// Stores `data` at byte `at` of `bytes`' allocation, unaligned, without changing its length:
/// the one write of both appends ([`Utf8Appender::push`], [`push_run`]), which then give the
/// vector the length of what they meant to add.
///
/// # Safety
/// `at + N` is within `bytes`' capacity, and the bytes below `at` are initialised (so that a
/// later `set_len` up to `at + N` covers only initialised bytes).
#[inline(always)]
unsafe fn store_spare<const N: usize>(bytes: &mut Vec<u8>, at: usize, data: [u8; N]) {
    // SAFETY: `at .. at + N` lies inside the allocation (caller); spare capacity need not be
    // initialised to be written.
    unsafe {
        bytes
            .as_mut_ptr()
            .add(at)
            .cast::<[u8; N]>()
            .write_unaligned(data)
    };
}

/// The rare path of [`Utf8Appender`]'s appends: room for `additional` more bytes after the
/// first `len`, which are initialised.
#[cold]
#[inline(never)]
fn grow(bytes: &mut Vec<u8>, len: usize, additional: usize) {
    // SAFETY: the bytes below `len` are initialised (`push`), and `len` is within the capacity
    // (it only grows by what was stored into room checked for).
    unsafe { bytes.set_len(len) };
    bytes.reserve(additional);
}

#[cfg(test)]
mod tests {
    use super::{EscapedText, Utf8Appender, push_run, utf8_word};

    #[test]
    fn utf8_word_is_the_utf8_encoding_of_every_char() {
        for ch in (0..=0x10_ffffu32).filter_map(char::from_u32) {
            let (word, len) = utf8_word(ch);
            let mut expected = [0u8; 4];
            let want = ch.encode_utf8(&mut expected).as_bytes();
            assert_eq!(&word.to_le_bytes()[..len], want, "{:x}", u32::from(ch));
            assert!(word.to_le_bytes()[len..].iter().all(|&b| b == 0));
        }
    }

    #[test]
    fn appender_appends_like_string_push() {
        let chars = "aé€😀\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}";
        // one appender for many characters (growing as it goes), and one per character
        let mut ours = String::new();
        let mut one_by_one = String::new();
        let mut std = String::new();
        let mut append = Utf8Appender::new(&mut ours);
        for ch in chars.chars().cycle().take(1000) {
            append.push(ch);
            let mut single = Utf8Appender::new(&mut one_by_one);
            single.push(ch);
            single.finish();
            std.push(ch);
            assert_eq!(one_by_one, std);
        }
        append.finish();
        assert_eq!(ours, std);
    }

    #[test]
    fn appender_appends_ascii_words_like_push_str() {
        // runs of 0 to 8 bytes of a word (the rest of it garbage that must not join), between
        // characters, into strings that start without room, so that both appends grow them
        let word = u64::from_le_bytes(*b"abcdefgh");
        let mut ours = String::new();
        let mut std = String::new();
        let mut append = Utf8Appender::new(&mut ours);
        for round in 0..200 {
            let len = round % 9;
            append.push_ascii(word, len);
            std.push_str(&"abcdefgh"[..len]);
            append.push('ж');
            std.push('ж');
        }
        append.finish();
        assert_eq!(ours, std);
    }

    #[test]
    fn push_run_appends_like_push_str() {
        // runs of 0 to 12 bytes, with and without the word, into strings with and without room
        let text = "abcdefghijkl";
        for len in 0..=text.len() {
            let run = &text[..len];
            let mut padded = [b'#'; 16];
            padded[..len].copy_from_slice(run.as_bytes());
            let word = u64::from_le_bytes(padded[..8].try_into().unwrap());
            for capacity in [0, 3, 8, 64] {
                for word in [Some(word), None] {
                    let mut out = String::with_capacity(capacity);
                    out.push('x');
                    push_run(&mut out, run, word);
                    assert_eq!(out, format!("x{run}"), "{run:?} {capacity} {word:?}");
                }
            }
        }
    }
}
