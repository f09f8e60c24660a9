//! Skipping a whole JSON value, validated exactly as the serde reader's skipper validates it
//! (serde_json's `deserialize_any`, i.e. what `serde_json::Value` accepts): full grammar, keys and
//! strings validated like read strings (escapes, surrogate pairs, UTF-8), numbers by grammar and,
//! when serde_json would make them `f64`, for overflow (`1e400` is an error).
//!
//! Iterative: nesting is tracked in a fixed bit stack (one bit per open container), so even
//! 100,000 nested `[` cost no stack and fail cleanly at [`MAX_DEPTH`].

use super::cursor::Cursor;
use super::error::{Error, ErrorKind};
use crate::limits::{MAX_DEPTH, depth_limit};
use crate::raw_json::RawJson;

/// Words of the open-container bit stack: enough for `MAX_DEPTH + 1` levels (a caller passing
/// depth 0 gets one level more than depth 1).
const STACK_WORDS: usize = (MAX_DEPTH as usize + 1).div_ceil(64);

impl<'a> Cursor<'a> {
    /// Skips one value (after whitespace) whose nesting depth, if it is an object or array, is
    /// `depth` (so inside an object at depth `d`, skip a field's value with `d + 1`). Errors if
    /// any container inside it would exceed [`MAX_DEPTH`].
    #[inline(never)]
    pub fn skip_value(&mut self, depth: u32) -> Result<(), Error> {
        // Fast path, kept small: a string (e.g. the `"@type"` of a single-constructor object).
        self.skip_ws();
        if self.eat(b'"') {
            return self.skip_str_body();
        }
        self.skip_any(depth)
    }

    /// Skips one value as [`skip_value`](Self::skip_value) does (the same checks, the same
    /// depth) and returns its text, borrowed from the buffer: how `@extra` is read.
    pub fn raw_value(&mut self, depth: u32) -> Result<&'a RawJson, Error> {
        self.skip_ws();
        let start = self.offset();
        self.skip_value(depth)?;
        let text = self.consumed().get(start..).unwrap_or_default();
        // (always valid: strings were checked for UTF-8, everything else is ASCII grammar)
        let text =
            core::str::from_utf8(text).map_err(|_| Error::new(start, ErrorKind::InvalidUtf8))?;
        Ok(RawJson::from_validated(text))
    }

    /// [`skip_value`](Self::skip_value) for every value (whitespace skipped or not).
    #[inline(never)]
    #[allow(
        clippy::indexing_slicing,
        reason = "`open` stays below the depth limit <= MAX_DEPTH (checked on every push), within the stack words"
    )]
    fn skip_any(&mut self, depth: u32) -> Result<(), Error> {
        // Bit `i` is set when the i-th open container (outermost first) is an object.
        let mut objects = [0u64; STACK_WORDS];
        let mut open = 0usize;
        // (read once: the limit is a process-wide atomic)
        let limit = depth_limit() as usize;
        'value: loop {
            self.skip_ws();
            match self.byte() {
                c @ (b'{' | b'[') => {
                    if depth as usize + open > limit {
                        return Err(self.error(ErrorKind::DepthLimitExceeded));
                    }
                    self.bump();
                    let is_object = c == b'{';
                    let (word, bit) = (open / 64, open % 64);
                    objects[word] = objects[word] & !(1 << bit) | u64::from(is_object) << bit;
                    open += 1;
                    self.skip_ws();
                    if is_object {
                        if !self.eat(b'}') {
                            self.skip_key()?;
                            continue 'value;
                        }
                    } else if !self.eat(b']') {
                        continue 'value;
                    }
                    open -= 1; // empty container: it is a complete value
                }
                b'"' => {
                    self.bump();
                    self.skip_str_body()?;
                }
                b't' => self.skip_literal(b"true")?,
                b'f' => self.skip_literal(b"false")?,
                b'n' => self.skip_literal(b"null")?,
                b'-' | b'0'..=b'9' => self.skip_number()?,
                _ => return Err(self.error_or_end(ErrorKind::ExpectedValue)),
            }
            // A value is complete: close containers until one continues with `,`.
            while open > 0 {
                let is_object = objects[(open - 1) / 64] >> ((open - 1) % 64) & 1 == 1;
                self.skip_ws();
                if self.eat(b',') {
                    if is_object {
                        self.skip_ws();
                        self.skip_key()?;
                    }
                    continue 'value;
                }
                if self.eat(if is_object { b'}' } else { b']' }) {
                    open -= 1;
                    continue;
                }
                return Err(self.error_or_end(if is_object {
                    ErrorKind::ExpectedCommaOrObjectEnd
                } else {
                    ErrorKind::ExpectedCommaOrArrayEnd
                }));
            }
            return Ok(());
        }
    }

    /// Skips `"key"` and the `:` after it (whitespace before the key already skipped).
    fn skip_key(&mut self) -> Result<(), Error> {
        if !self.eat(b'"') {
            return Err(self.error_or_end(ErrorKind::ExpectedKey));
        }
        self.skip_str_body()?;
        self.skip_ws();
        if !self.eat(b':') {
            return Err(self.error_or_end(ErrorKind::ExpectedColon));
        }
        Ok(())
    }
}
