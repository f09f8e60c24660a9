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

use super::append::{EscapedText, Utf8Appender, push_run};
use super::cursor::Cursor;
use super::error::{Error, ErrorKind};
use super::scan::hex_digit;

thread_local! {
    /// Where escaped strings are decoded before their exact-size copy (see `parse_str_escaped`).
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Scratch capacity kept between strings; a longer string's buffer is released after use.
const SCRATCH_KEEP: usize = 1 << 20;

/// The code point of the surrogate pair `high` (0xD800–0xDBFF), `low` (0xDC00–0xDFFF).
#[inline(always)]
fn combine_surrogates(high: u32, low: u32) -> u32 {
    0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00)
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

    /// [`read_bytes`](Self::read_bytes) into `arena` (arena mode): the text borrowed or
    /// decoded into the arena, its bytes decoded into the arena.
    pub fn read_bytes_in(&mut self, arena: &'a bumpalo::Bump) -> Result<&'a [u8], Error> {
        self.skip_ws();
        let at = self.offset();
        let text = self.read_str_in(arena)?;
        let mut out = bumpalo::collections::Vec::with_capacity_in(text.len() / 4 * 3, arena);
        crate::base64::decode_with(text.as_bytes(), |bytes| out.extend_from_slice(bytes))
            .map_err(|e| Error::new(at, ErrorKind::InvalidBase64(e)))?;
        Ok(out.into_bump_slice())
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

    /// The slow path of [`parse_str_body`](Self::parse_str_body): the cursor is at a `\`, a
    /// control byte or the NUL, after the valid run of plain content `prefix`.
    ///
    /// Decodes into a per-thread scratch buffer, then copies the result into a `String` of
    /// exactly its length: one allocation per escaped string, however long, and no
    /// over-allocated capacity kept in the parsed value (what serde_json does with its scratch).
    #[inline(never)]
    fn parse_str_escaped(&mut self, prefix: &str) -> Result<String, Error> {
        self.decode_escaped(prefix, |text| String::from(text))
    }

    /// Reads a string value into `arena` (arena mode): escape-free strings are borrowed from
    /// the buffer, strings with escapes are decoded and copied into the arena (no allocation
    /// of the global allocator once the per-thread scratch buffer has grown).
    #[inline]
    pub fn read_str_in(&mut self, arena: &'a bumpalo::Bump) -> Result<&'a str, Error> {
        self.skip_ws();
        if !self.eat(b'"') {
            return Err(self.error_or_end(ErrorKind::ExpectedString));
        }
        self.parse_str_body_in(arena)
    }

    /// The rest of a string (after its opening quote) into `arena`: see
    /// [`read_str_in`](Self::read_str_in).
    #[inline]
    pub(crate) fn parse_str_body_in(&mut self, arena: &'a bumpalo::Bump) -> Result<&'a str, Error> {
        let run = self.take_plain_run()?;
        if self.eat(b'"') {
            return Ok(run);
        }
        self.parse_str_escaped_in(run, arena)
    }

    /// The slow path of [`read_str_in`](Self::read_str_in).
    #[inline(never)]
    fn parse_str_escaped_in(
        &mut self,
        prefix: &str,
        arena: &'a bumpalo::Bump,
    ) -> Result<&'a str, Error> {
        self.decode_escaped(prefix, |text| &*arena.alloc_str(text))
    }

    /// Decodes the rest of an escaped string (after its plain `prefix`) into the per-thread
    /// scratch buffer and hands the text to `finish`, which copies it where it belongs.
    #[inline(always)]
    fn decode_escaped<R>(
        &mut self,
        prefix: &str,
        finish: impl FnOnce(&str) -> R,
    ) -> Result<R, Error> {
        let mut finish = Some(finish);
        let scratch = SCRATCH.try_with(|scratch| {
            // (decoding never re-enters itself, so the borrow always succeeds; if it did not,
            // the fallback below would still be correct)
            let Ok(mut buf) = scratch.try_borrow_mut() else {
                return None;
            };
            buf.clear();
            buf.push_str(prefix);
            let finish = finish.take()?;
            let result = self
                .decode_str_rest(&mut buf)
                .map(|()| finish(buf.as_str()));
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
        self.decode_str_rest(&mut out)?;
        match finish {
            Some(finish) => Ok(finish(&out)),
            // (unreachable: `finish` is taken only on the path that returned above)
            None => Err(self.error(ErrorKind::UnexpectedEnd)),
        }
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
                    self.bump();
                    return Ok(());
                }
                b'\\' => {
                    if self.unicode_escapes(out) {
                        continue;
                    }
                    self.bump();
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

    /// Fast path for text that TDLib escaped, at a `\`: how TDLib writes every non-ASCII
    /// character (`\uXXXX`), with the short runs of plain ASCII between them (the spaces and
    /// punctuation of a sentence). Decodes each such escape, copies each run of fewer than 8
    /// plain ASCII bytes into `out` with one 8-byte store
    /// ([`eat_short_plain_ascii`](Self::eat_short_plain_ascii)), and stops before anything
    /// else: another escape, a longer run (which the general path scans 16 bytes at a time),
    /// non-ASCII bytes (validated there), the closing quote, an error, or bytes near the end of
    /// a page. Returns whether it consumed anything; if not, the general path decodes the
    /// escape or reports the error, from the same `\`.
    ///
    /// The runs are what keeps a sentence in this loop: leaving it for every space and coming
    /// back cost more than the space's escapes (docs/BENCHMARKS.md, "Escaped text").
    ///
    /// The string's length lives in a local for the loop ([`Utf8Appender`]), and the cursor is
    /// the local copy [`decode_str_rest`](Self::decode_str_rest) made: through `&mut` both
    /// were stored and reloaded for every escape.
    #[inline(always)]
    fn unicode_escapes(&mut self, out: &mut String) -> bool {
        let mut append = Utf8Appender::new(out);
        let consumed = self.unicode_escapes_into(&mut append);
        append.finish();
        consumed
    }

    /// The loop of [`unicode_escapes`](Self::unicode_escapes), handing what it consumes to
    /// `text`: the decoding appender, or `()` when the string is skipped.
    #[inline(always)]
    fn unicode_escapes_into(&mut self, text: &mut impl EscapedText) -> bool {
        let start = self.offset();
        loop {
            if let Some(ch) = self.eat_unicode_char() {
                text.push(ch);
                continue;
            }
            let Some((word, len)) = self.eat_short_plain_ascii() else {
                break;
            };
            text.push_ascii(word, len);
        }
        self.offset() != start
    }

    /// Consumes the `\uXXXX` escape at the cursor (on its `\`) and returns its character when
    /// it is not a surrogate, or the surrogate pair there and its character; consumes nothing
    /// and returns `None` for anything else (another escape, a lone or broken surrogate, bytes
    /// near the end of a page), which the general paths handle.
    #[inline(always)]
    fn eat_unicode_char(&mut self) -> Option<char> {
        let before = self.mark();
        let unit = self.eat_unicode_escape()?;
        if let Some(ch) = char::from_u32(unit) {
            return Some(ch);
        }
        let pair = self.eat_low_surrogate(unit);
        if pair.is_none() {
            self.rewind(before);
        }
        pair
    }

    /// After the escape of the code unit `high`: the character of the surrogate pair whose low
    /// half is the escape at the cursor, which is consumed; `None` if `high` is not a high
    /// surrogate or the next six bytes are not the escape of a low one (the caller rewinds).
    #[inline(always)]
    fn eat_low_surrogate(&mut self, high: u32) -> Option<char> {
        if !(0xD800..=0xDBFF).contains(&high) {
            return None;
        }
        let low = self.eat_unicode_escape()?;
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
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                self.bump();
                out.push(self.decode_unicode_escape()?);
                return Ok(());
            }
            _ => return Err(self.error_or_end(ErrorKind::InvalidEscape)),
        };
        self.bump();
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
            let d = hex_digit(self.byte());
            if d > 0xf {
                return Err(self.error_or_end(ErrorKind::InvalidEscape));
            }
            self.bump();
            n = n << 4 | d as u16;
        }
        Ok(n)
    }

    /// Skips the rest of a string whose opening `"` was consumed, validating it exactly like
    /// [`parse_str_body`](Self::parse_str_body) but producing nothing.
    #[inline]
    pub(super) fn skip_str_body(&mut self) -> Result<(), Error> {
        // Fast path: plain ASCII up to the closing quote.
        if self.eat_plain_ascii_run() && self.eat(b'"') {
            return Ok(());
        }
        self.skip_str_rest()
    }

    /// The general path of [`skip_str_body`](Self::skip_str_body), from any point inside the
    /// string.
    #[inline(never)]
    fn skip_str_rest(&mut self) -> Result<(), Error> {
        // on a local copy, as `decode_str_rest` does
        let mut c = self.clone();
        let result = c.skip_str_rest_here();
        *self = c;
        result
    }

    /// [`skip_str_rest`](Self::skip_str_rest) on the cursor itself.
    #[inline(always)]
    fn skip_str_rest_here(&mut self) -> Result<(), Error> {
        loop {
            // Checking each run between escapes on its own is the same as checking the decoded
            // string: runs are cut at ASCII bytes, which never split a UTF-8 sequence, and
            // escapes decode to whole characters.
            self.take_plain_run()?;
            match self.byte() {
                b'"' => {
                    self.bump();
                    return Ok(());
                }
                b'\\' => {
                    // TDLib's escaped text, as `decode_str_rest_here` reads it, without output
                    if self.unicode_escapes_into(&mut ()) {
                        continue;
                    }
                    self.bump();
                    match self.byte() {
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => self.bump(),
                        b'u' => {
                            self.bump();
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
    use super::super::scan::unicode_escape_at;

    /// `skip_value` accepts the string that starts `json` (after spaces) and stops before its
    /// NUL, as `read_str` did.
    fn assert_skips_to_end(json: &str) {
        let mut c = Cursor::from_bytes_with_nul(json.as_bytes()).unwrap();
        c.skip_value(1).unwrap();
        assert_eq!(c.offset(), json.len() - 1, "skip {json:?}");
    }

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
                    assert_skips_to_end(&json);
                }
            }
        }
    }

    #[test]
    fn plain_ascii_strings_are_eaten_and_every_other_form_is_left_to_read_str() {
        // (text, whether the fast path takes it): where it does, it agrees with `read_str`
        // and consumes as much; where it does not, it consumes nothing. Names of every length
        // across the 16-byte first load, at every offset in a 64-byte window of a page, so
        // some first loads cross into the next page (and take the aligned blocks instead).
        let mut forms: Vec<(String, bool)> = (0..40)
            .map(|len| {
                (
                    format!("\"{}\"", &"updateNewMessageXYZ_0123456789abcdefghij"[..len]),
                    true,
                )
            })
            .collect();
        for (text, plain) in [
            (r#" "ok""#, false),
            (r#""a\"b""#, false),
            (r#""a\nb""#, false),
            ("\"é\"", false),
            ("\"a\u{1}b\"", false),
            (r#""unterminated"#, false),
            ("1", false),
            ("null", false),
            (r#""""#, true),
        ] {
            forms.push((text.to_owned(), plain));
        }
        let mut buf = vec![b' '; 3 * 4096];
        let page = buf.as_ptr() as usize % 4096;
        let base = (4096 - page) % 4096 + 4096 - 64;
        for (text, plain) in &forms {
            for at in base..base + 64 {
                let end = at + text.len();
                buf[at..end].copy_from_slice(text.as_bytes());
                buf[end] = 0;
                let mut fast = Cursor::from_bytes_with_nul(&buf[at..=end]).unwrap();
                let mut general = Cursor::from_bytes_with_nul(&buf[at..=end]).unwrap();
                match fast.eat_plain_ascii_str() {
                    Some(name) => {
                        assert!(plain, "{text:?}");
                        assert_eq!(general.read_str().unwrap(), name, "{text:?}");
                        assert_eq!(fast.offset(), general.offset(), "{text:?}");
                    }
                    None => {
                        assert!(!plain, "{text:?}");
                        assert_eq!(fast.offset(), 0, "{text:?}");
                    }
                }
                buf[at..=end].fill(b' ');
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
                assert_skips_to_end(&json);
            }
        }
    }

    /// A byte-at-a-time decode by `char::to_digit`, what [`unicode_escape_at`] must agree with.
    fn bytewise(word: u64) -> Option<u32> {
        let bytes = word.to_le_bytes();
        if bytes[0] != b'\\' || bytes[1] != b'u' {
            return None;
        }
        bytes[2..6]
            .iter()
            .try_fold(0u32, |n, &b| char::from(b).to_digit(16).map(|d| n << 4 | d))
    }

    fn word(bytes: [u8; 8]) -> u64 {
        u64::from_le_bytes(bytes)
    }

    #[test]
    fn every_byte_in_every_digit_position() {
        for position in 2..6 {
            for b in 0..=255u8 {
                for tail in [[0u8, 0], [b'x', 0xff]] {
                    let mut bytes = [b'\\', b'u', b'0', b'9', b'a', b'F', tail[0], tail[1]];
                    bytes[position] = b;
                    let w = word(bytes);
                    assert_eq!(unicode_escape_at(w), bytewise(w), "{bytes:02x?}");
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
            assert_eq!(unicode_escape_at(w), bytewise(w), "{bytes:02x?}");
        }
    }
}
