//! Strings: reading (borrowed when escape-free, decoded otherwise), skipping, and `bytes`.
//!
//! Validation is serde_json's `parse_str`, which is what `&str`/`String`/`Cow<str>` values, map
//! keys, and the serde reader's value skipper (`deserialize_any` based) all go through:
//! - raw control bytes 0x00–0x1F are errors (the terminating NUL reads as "unexpected end");
//! - escapes are `\" \\ \/ \b \f \n \r \t \uXXXX` (hex in any case), nothing else;
//! - a `\u` escape that is an unpaired UTF-16 surrogate is an error: a high surrogate must be
//!   followed directly by `\u` + a low surrogate, and a lone low surrogate is an error;
//! - raw bytes >= 0x80 must be valid UTF-8.
//!
//! (serde_json's `IgnoredAny` checks less — neither UTF-8 nor surrogates — but the reader does
//! not use it, so neither do we.)

use std::borrow::Cow;
use std::cell::RefCell;

use super::cursor::Cursor;
use super::error::{Error, ErrorKind};

/// [`HEX`] of a byte that is not a hex digit.
const NOT_HEX: u8 = 0xff;

/// The value of each hex digit (any case), [`NOT_HEX`] for every other byte (NUL included).
#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation: a bad index fails the build"
)]
static HEX: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'a' as usize + i] = 10 + i as u8;
        table[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    table
};

thread_local! {
    /// Where escaped strings are decoded before their exact-size copy (see `parse_str_escaped`).
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Scratch capacity kept between strings; a longer string's buffer is released after use.
const SCRATCH_KEEP: usize = 1 << 20;

/// The code unit of the `\uXXXX` escape that starts the 8 bytes `word` (little-endian: the
/// first byte lowest), or `None` when its first six bytes are not `\`, `u` and four hex digits
/// (any case). Bytes 6 and 7 are ignored; a NUL anywhere in the six fails.
///
/// Branch-free over the four digits (SWAR): every byte is below 0x80 (checked first), so adding
/// or subtracting a constant below 0x80 per byte never carries into the next byte, and the top
/// bit of each byte of the sum tells a range check's answer.
#[inline(always)]
fn unicode_escape_at(word: u64) -> Option<u32> {
    const LOW: u32 = 0x0101_0101;
    const HIGH: u32 = 0x8080_8080;
    if word & 0xffff != u64::from(u16::from_le_bytes(*b"\\u")) {
        return None;
    }
    // the four digits, the first one in the lowest byte
    let digits = (word >> 16) as u32;
    if digits & HIGH != 0 {
        return None;
    }
    // top bit of each byte set when `byte >= lo` (`at_least`) or `byte <= hi` (`at_most`)
    let at_least = |x: u32, lo: u32| x.wrapping_add(LOW * (0x80 - lo)) & HIGH;
    let at_most = |x: u32, hi: u32| (LOW * (0x80 + hi)).wrapping_sub(x) & HIGH;
    let decimal = at_least(digits, 0x30) & at_most(digits, 0x39);
    // `| 0x20` maps `A`-`F` onto `a`-`f`, and no other byte onto them
    let lower = digits | (LOW * 0x20);
    let letter = at_least(lower, 0x61) & at_most(lower, 0x66);
    if decimal | letter != HIGH {
        return None;
    }
    // each digit's value: its low nibble, plus 9 for a letter (`a` = 0x61: 1 + 9)
    let nibbles = (digits & (LOW * 0x0f)) + (letter >> 7) * 9;
    // bytes [n0, n1, n2, n3] -> [_, n0 n1, _, n2 n3] (each nibble moved into the high half of
    // the byte above it; the two never overlap, and what `<< 12` pushes past bit 31 is lost)
    // -> n0 n1 n2 n3
    let pairs = nibbles | nibbles << 12;
    Some((pairs & 0xff00) | pairs >> 24)
}

/// The code point of the surrogate pair `high` (0xD800–0xDBFF), `low` (0xDC00–0xDFFF).
#[inline(always)]
fn combine_surrogates(high: u32, low: u32) -> u32 {
    let c = 0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00);
    // PLANTED BUG "surrogate_pair" (docs/HARDENING.md): the 0x10000 offset forgotten.
    #[cfg(tlgen_planted = "surrogate_pair")]
    let c = c - 0x1_0000;
    c
}

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
struct Utf8Appender<'s> {
    bytes: &'s mut Vec<u8>,
    /// The string's length so far; the bytes below it are initialised. The vector's own
    /// length stays where it was until a growth or [`finish`](Self::finish).
    len: usize,
}

impl<'s> Utf8Appender<'s> {
    #[inline(always)]
    fn new(out: &'s mut String) -> Self {
        // SAFETY: only the UTF-8 encodings of whole characters are appended (`push`), so the
        // string stays valid UTF-8.
        let bytes = unsafe { out.as_mut_vec() };
        Utf8Appender {
            len: bytes.len(),
            bytes,
        }
    }

    /// Appends `ch` with one 4-byte store into the spare capacity, grown when needed.
    #[inline(always)]
    fn push(&mut self, ch: char) {
        let (word, n) = utf8_word(ch);
        if self.bytes.capacity() - self.len < 4 {
            // (the length by value: a `&mut self` method would keep the appender in memory)
            grow(self.bytes, self.len);
        }
        // SAFETY: at least 4 bytes of capacity after `len` (checked above); the bytes below
        // `len` are initialised, and of the 4 stored, the first `n` are `ch` in UTF-8.
        unsafe { store_spare(self.bytes, self.len, word.to_le_bytes()) };
        self.len += n;
    }

    /// Gives the vector its new length.
    #[inline(always)]
    fn finish(self) {
        // SAFETY: the bytes below `len` are initialised (`push`), and `len` is within the
        // capacity (it only grows by what was stored into room checked for).
        unsafe { self.bytes.set_len(self.len) };
    }
}

/// Appends `run`, plain content between escapes (often a space or a punctuation mark), to `out`:
/// a run of at most 8 bytes with one 8-byte store into the spare capacity, when there is room
/// for 8 and `word` holds the 8 bytes from the run's start (`Cursor::word` there); anything else
/// through `push_str`, a call of `memcpy`.
#[inline(always)]
fn push_run(out: &mut String, run: &str, word: Option<u64>) {
    // PLANTED BUG "short_run_len" (docs/HARDENING.md): a 9-byte run also taken by the 8-byte
    // store, its last byte left to whatever the spare capacity held.
    #[cfg(tlgen_planted = "short_run_len")]
    const SHORT: usize = 9;
    #[cfg(not(tlgen_planted = "short_run_len"))]
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

/// The rare path of [`Utf8Appender::push`]: room for 4 more bytes after the first `len`, which
/// are initialised.
#[cold]
#[inline(never)]
fn grow(bytes: &mut Vec<u8>, len: usize) {
    // SAFETY: the bytes below `len` are initialised (`push`), and `len` is within the capacity
    // (it only grows by what was stored into room checked for).
    unsafe { bytes.set_len(len) };
    bytes.reserve(4);
}

impl<'a> Cursor<'a> {
    /// Reads a string value. Escape-free strings are borrowed from the buffer; strings with
    /// escapes are decoded into an owned `String`.
    #[inline]
    pub fn read_str(&mut self) -> Result<Cow<'a, str>, Error> {
        self.skip_ws();
        if !self.eat(b'"') {
            return Err(self.error_or_end(ErrorKind::ExpectedString));
        }
        self.parse_str_body()
    }

    /// Reads a `bytes` value: a string, unescaped, then decoded as padded standard base64
    /// ([`crate::base64::decode`]).
    pub fn read_bytes(&mut self) -> Result<Vec<u8>, Error> {
        self.skip_ws();
        let at = self.offset();
        let text = self.read_str()?;
        crate::base64::decode(text.as_bytes())
            .map_err(|e| Error::new(at, ErrorKind::InvalidBase64(e)))
    }

    /// Parses the rest of a string whose opening `"` was consumed.
    #[inline]
    pub(super) fn parse_str_body(&mut self) -> Result<Cow<'a, str>, Error> {
        let run = self.take_plain_run()?;
        if self.eat(b'"') {
            return Ok(Cow::Borrowed(run));
        }
        self.parse_str_escaped(run).map(Cow::Owned)
    }

    /// Consumes the run of plain string content (no `"`, `\` or control byte) at the cursor
    /// and returns it, checked to be valid UTF-8 (an error points at the first invalid byte).
    #[inline(always)]
    fn take_plain_run(&mut self) -> Result<&'a str, Error> {
        let (len, ascii) = self.plain_run();
        // SAFETY: the bytes of a plain run are not NUL (`plain_run`).
        let run = unsafe { self.run(len) };
        if !ascii {
            if let Err(e) = core::str::from_utf8(run) {
                // SAFETY: `valid_up_to() <= len`: those bytes are not NUL.
                unsafe { self.advance(e.valid_up_to()) };
                return Err(self.error(ErrorKind::InvalidUtf8));
            }
        }
        // SAFETY: as above.
        unsafe { self.advance(len) };
        // SAFETY: `run` is all ASCII (`plain_run` said so), or was just validated.
        Ok(unsafe { core::str::from_utf8_unchecked(run) })
    }

    /// The slow path of [`parse_str_body`](Self::parse_str_body): the cursor is at a `\`, a
    /// control byte or the NUL, after the valid run of plain content `prefix`.
    ///
    /// Decodes into a per-thread scratch buffer, then copies the result into a `String` of
    /// exactly its length: one allocation per escaped string, however long, and no
    /// over-allocated capacity kept in the parsed value (what serde_json does with its scratch).
    #[inline(never)]
    fn parse_str_escaped(&mut self, prefix: &str) -> Result<String, Error> {
        let scratch = SCRATCH.try_with(|scratch| {
            // (decoding never re-enters itself, so the borrow always succeeds; if it did not,
            // the fallback below would still be correct)
            let Ok(mut buf) = scratch.try_borrow_mut() else {
                return None;
            };
            buf.clear();
            buf.push_str(prefix);
            let result = self
                .decode_str_rest(&mut buf)
                .map(|()| String::from(buf.as_str()));
            if buf.capacity() > SCRATCH_KEEP {
                *buf = String::new();
            }
            Some(result)
        });
        if let Ok(Some(result)) = scratch {
            return result;
        }
        let mut out = String::with_capacity(prefix.len() + 32);
        out.push_str(prefix);
        self.decode_str_rest(&mut out).map(|()| out)
    }

    /// Decodes the rest of a string (escapes and plain runs) into `out`, through its closing
    /// quote.
    #[inline(always)]
    fn decode_str_rest(&mut self, out: &mut String) -> Result<(), Error> {
        // on a local copy, which stays in registers (`self` would be stored and reloaded around
        // every copy of a plain run, a call)
        let mut c = self.clone();
        let result = c.decode_str_rest_here(out);
        *self = c;
        result
    }

    /// [`decode_str_rest`](Self::decode_str_rest) on the cursor itself.
    #[inline(always)]
    fn decode_str_rest_here(&mut self, out: &mut String) -> Result<(), Error> {
        loop {
            match self.byte() {
                b'"' => {
                    // SAFETY: the current byte is `"`.
                    unsafe { self.bump() };
                    return Ok(());
                }
                b'\\' => {
                    if self.unicode_escapes(out) {
                        continue;
                    }
                    // SAFETY: the current byte is `\`.
                    unsafe { self.bump() };
                    self.decode_escape(out)?;
                }
                0 => return Err(self.error(ErrorKind::UnexpectedEnd)),
                0x01..=0x1f => return Err(self.error(ErrorKind::ControlCharacterInString)),
                // the start of a run of plain content (not empty)
                _ => {
                    let word = self.word();
                    push_run(out, self.take_plain_run()?, word);
                }
            }
        }
    }

    /// Fast path for a run of `\uXXXX` escapes at the cursor (on a `\`), how TDLib writes every
    /// non-ASCII character: decodes each ([`unicode_escape`](Self::unicode_escape)) into
    /// `out`, and stops before the first bytes that are not one. Returns whether it consumed
    /// anything; if not, the general path decodes the escape or reports the error, from the
    /// same `\`.
    ///
    /// The string's length lives in a local for the loop ([`Utf8Appender`]), and the cursor is
    /// the local copy [`decode_str_rest`](Self::decode_str_rest) made: through `&mut` both
    /// were stored and reloaded for every escape.
    #[inline(always)]
    fn unicode_escapes(&mut self, out: &mut String) -> bool {
        let start = self.offset();
        let mut append = Utf8Appender::new(out);
        while let Some((ch, n)) = self.unicode_escape() {
            append.push(ch);
            // SAFETY: the `n` bytes at the cursor are one escape or a pair, none of them NUL.
            unsafe { self.advance(n) };
        }
        append.finish();
        self.offset() != start
    }

    /// The character of the `\uXXXX` escape at the cursor (on its `\`) when it is not a
    /// surrogate, or of the surrogate pair there, with the length of its text (6 or 12);
    /// `None` for anything else (another escape, a lone or broken surrogate, bytes near the end
    /// of a page), which the general paths handle. Consumes nothing.
    #[inline(always)]
    fn unicode_escape(&self) -> Option<(char, usize)> {
        let n = unicode_escape_at(self.word()?)?;
        match char::from_u32(n) {
            Some(ch) => Some((ch, 6)),
            None => self.surrogate_pair(n).map(|ch| (ch, 12)),
        }
    }

    /// The character of the surrogate pair at the cursor, whose first escape (six bytes, `\u`
    /// and four hex digits) is the code unit `high`; `None` if `high` is not a high surrogate or
    /// the next six bytes are not the escape of a low one.
    #[inline(always)]
    fn surrogate_pair(&self, high: u32) -> Option<char> {
        if !(0xD800..=0xDBFF).contains(&high) {
            return None;
        }
        // SAFETY: the six bytes at the cursor are `\`, `u` and four hex digits, none of them NUL.
        let low = unsafe { self.word_after(6) }.and_then(unicode_escape_at)?;
        if !(0xDC00..=0xDFFF).contains(&low) {
            return None;
        }
        char::from_u32(combine_surrogates(high, low))
    }

    /// Decodes one escape after its `\` into `out`.
    #[inline(always)]
    fn decode_escape(&mut self, out: &mut String) -> Result<(), Error> {
        let c = self.byte();
        let simple = match c {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            // PLANTED BUG "escape_b" (docs/HARDENING.md): `\b` decodes as form feed.
            #[cfg(tlgen_planted = "escape_b")]
            b'b' => 0x0c,
            #[cfg(not(tlgen_planted = "escape_b"))]
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                // SAFETY: the current byte is `u`.
                unsafe { self.bump() };
                out.push(self.decode_unicode_escape()?);
                return Ok(());
            }
            _ => return Err(self.error_or_end(ErrorKind::InvalidEscape)),
        };
        // SAFETY: `c` is one of the escape letters above, not NUL.
        unsafe { self.bump() };
        out.push(char::from(simple));
        Ok(())
    }

    /// After `\u`: the code point, combining a surrogate pair; lone surrogates are errors.
    fn decode_unicode_escape(&mut self) -> Result<char, Error> {
        let n = self.hex4()?;
        match n {
            0xDC00..=0xDFFF => Err(self.error(ErrorKind::LoneSurrogate)),
            0xD800..=0xDBFF => {
                if !(self.eat(b'\\') && self.eat(b'u')) {
                    return Err(self.error_or_end(ErrorKind::LoneSurrogate));
                }
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err(self.error(ErrorKind::LoneSurrogate));
                }
                let c = combine_surrogates(u32::from(n), u32::from(low));
                char::from_u32(c).ok_or_else(|| self.error(ErrorKind::InvalidEscape))
            }
            _ => char::from_u32(u32::from(n)).ok_or_else(|| self.error(ErrorKind::InvalidEscape)),
        }
    }

    /// Four hex digits (any case) of a `\u` escape.
    #[inline(always)]
    fn hex4(&mut self) -> Result<u16, Error> {
        let mut n = 0u16;
        for _ in 0..4 {
            #[allow(clippy::indexing_slicing, reason = "a u8 indexes a 256-entry table")]
            let d = HEX[usize::from(self.byte())];
            if d == NOT_HEX {
                return Err(self.error_or_end(ErrorKind::InvalidEscape));
            }
            // SAFETY: the current byte is a hex digit, not NUL.
            unsafe { self.bump() };
            n = n << 4 | u16::from(d);
        }
        Ok(n)
    }

    /// Skips the rest of a string whose opening `"` was consumed, validating it exactly like
    /// [`parse_str_body`](Self::parse_str_body) but producing nothing.
    #[inline]
    pub(super) fn skip_str_body(&mut self) -> Result<(), Error> {
        // Fast path: plain ASCII up to the closing quote.
        let (len, ascii) = self.plain_run();
        if ascii {
            // SAFETY: the bytes of a plain run are not NUL (`plain_run`).
            unsafe { self.advance(len) };
            if self.eat(b'"') {
                return Ok(());
            }
        }
        self.skip_str_rest()
    }

    /// The general path of [`skip_str_body`](Self::skip_str_body), from any point inside the
    /// string.
    #[inline(never)]
    fn skip_str_rest(&mut self) -> Result<(), Error> {
        loop {
            // Checking each run between escapes on its own is the same as checking the decoded
            // string: runs are cut at ASCII bytes, which never split a UTF-8 sequence, and
            // escapes decode to whole characters.
            self.take_plain_run()?;
            match self.byte() {
                b'"' => {
                    // SAFETY: the current byte is `"`.
                    unsafe { self.bump() };
                    return Ok(());
                }
                b'\\' => {
                    if let Some((_, len)) = self.unicode_escape() {
                        // SAFETY: the `len` bytes at the cursor are one escape or a pair, none
                        // of them NUL.
                        unsafe { self.advance(len) };
                        continue;
                    }
                    // SAFETY: the current byte is `\`.
                    unsafe { self.bump() };
                    match self.byte() {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                            // SAFETY: the current byte is an escape letter, not NUL.
                            unsafe { self.bump() };
                        }
                        b'u' => {
                            // SAFETY: the current byte is `u`.
                            unsafe { self.bump() };
                            self.decode_unicode_escape()?;
                        }
                        _ => return Err(self.error_or_end(ErrorKind::InvalidEscape)),
                    }
                }
                0 => return Err(self.error(ErrorKind::UnexpectedEnd)),
                _ => return Err(self.error(ErrorKind::ControlCharacterInString)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Cursor;
    use super::{HEX, NOT_HEX, Utf8Appender, unicode_escape_at, utf8_word};

    #[test]
    fn plain_runs_of_every_length_between_escapes() {
        // runs of 0 to 20 bytes (ASCII, then with a two-byte character) between escapes, at
        // every offset within 16 bytes of the buffer's start: the short-run store and
        // `push_str` both, and words cut short by nothing but the run's end
        for len in 0..=20 {
            for run in [
                "abcdefghijklmnopqrstuvwxyz"[..len].to_string(),
                "é".repeat(len / 2),
            ] {
                for pad in 0..16 {
                    let json = format!("{}\"\\u0430{run}\\n{run}\\u0431{run}\"\0", " ".repeat(pad));
                    let mut c = Cursor::from_bytes_with_nul(json.as_bytes()).unwrap();
                    let text = c.read_str().unwrap();
                    assert_eq!(text, format!("а{run}\n{run}б{run}"), "{json:?}");
                    assert_eq!(c.offset(), json.len() - 1);
                }
            }
        }
    }

    #[test]
    fn runs_of_escapes_of_every_width_in_every_order() {
        // every sequence of up to four escapes of one-, two-, three- and four-byte characters
        // (surrogate pairs included), so every order of widths, each run twice with a plain
        // byte between, at every offset within 16 bytes of the buffer's start
        let chars = ['A', '\u{80}', 'é', 'ж', '\u{7ff}', '\u{800}', '€', '😀'];
        let escape = |ch: char| {
            let mut units = [0u16; 2];
            ch.encode_utf16(&mut units)
                .iter()
                .map(|u| format!("\\u{u:04x}"))
                .collect::<String>()
        };
        // all sequences of length 0 to 4, one length after the other
        let mut sequences: Vec<Vec<char>> = vec![vec![]];
        let mut shorter = sequences.clone();
        for _ in 0..4 {
            shorter = shorter
                .iter()
                .flat_map(|s| chars.iter().map(|&ch| [s.as_slice(), &[ch]].concat()))
                .collect();
            sequences.extend_from_slice(&shorter);
        }
        for sequence in &sequences {
            let text: String = sequence.iter().collect();
            let escaped: String = sequence.iter().map(|&ch| escape(ch)).collect();
            for pad in 0..16 {
                let json = format!("{}\"{escaped}x{escaped}\"\0", " ".repeat(pad));
                let mut c = Cursor::from_bytes_with_nul(json.as_bytes()).unwrap();
                assert_eq!(c.read_str().unwrap(), format!("{text}x{text}"), "{json:?}");
                assert_eq!(c.offset(), json.len() - 1);
            }
        }
    }

    /// The byte-at-a-time decode through [`HEX`] that [`unicode_escape_at`] replaces.
    fn by_table(word: u64) -> Option<u32> {
        let bytes = word.to_le_bytes();
        if bytes[0] != b'\\' || bytes[1] != b'u' {
            return None;
        }
        bytes[2..6].iter().try_fold(0u32, |n, &b| {
            let d = HEX[usize::from(b)];
            (d != NOT_HEX).then(|| n << 4 | u32::from(d))
        })
    }

    fn word(bytes: [u8; 8]) -> u64 {
        u64::from_le_bytes(bytes)
    }

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
    fn every_byte_in_every_digit_position() {
        for position in 2..6 {
            for b in 0..=255u8 {
                for tail in [[0u8, 0], [b'x', 0xff]] {
                    let mut bytes = [b'\\', b'u', b'0', b'9', b'a', b'F', tail[0], tail[1]];
                    bytes[position] = b;
                    let w = word(bytes);
                    assert_eq!(unicode_escape_at(w), by_table(w), "{bytes:02x?}");
                }
            }
        }
    }

    #[test]
    fn every_code_unit_in_both_cases() {
        for n in 0..=0xffffu32 {
            for upper in [false, true] {
                let hex = if upper {
                    format!("{n:04X}")
                } else {
                    format!("{n:04x}")
                };
                let mut bytes = [0u8; 8];
                bytes[..6].copy_from_slice(format!("\\u{hex}").as_bytes());
                assert_eq!(unicode_escape_at(word(bytes)), Some(n), "{hex}");
            }
        }
    }

    #[test]
    fn random_words_agree_with_the_table() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let alphabet = b"0123456789abcdefABCDEFgG/:@`\x00\x7f\x80\xff \\u";
        for _ in 0..200_000 {
            let mut bytes = [b'\\', b'u', 0, 0, 0, 0, 0, 0];
            for b in &mut bytes[2..] {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = alphabet[(state % alphabet.len() as u64) as usize];
            }
            if state & 0x3f == 0 {
                bytes[(state >> 8) as usize % 2] ^= 1;
            }
            let w = word(bytes);
            assert_eq!(unicode_escape_at(w), by_table(w), "{bytes:02x?}");
        }
    }
}
