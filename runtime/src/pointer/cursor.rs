//! The [`Cursor`]: construction, the raw byte primitives every reader is built on, and the
//! structural tokens (objects, arrays, keys, literals, end of document, mark/rewind).
//!
//! # Invariant (what all `unsafe` in the pointer module relies on)
//!
//! `start <= pos <= end`, the bytes `start..=end` are readable and unchanged for `'a`, and the
//! byte at `end` is NUL. Every constructor also makes `end` the *first* NUL (so an interior NUL
//! ends the document), but memory safety relies only on `*end == 0`. Hence:
//! - reading `*pos` is always in bounds, and `*pos != 0` implies `pos < end`;
//! - moving `pos` one byte forward is allowed exactly when `*pos != 0` ("advance only after
//!   seeing a non-NUL byte"); the byte loops below never check a length, the NUL stops them;
//! - `pos..end` is a valid `&'a [u8]` ([`Cursor::rest`]), used for the wide string scan and for
//!   multi-byte compares (see `scan.rs` for why wide loads stay inside it).

use core::ffi::{CStr, c_char};
use core::marker::PhantomData;
use std::borrow::Cow;

use super::error::{Error, ErrorKind};
use crate::limits::MAX_DEPTH;

/// A zero-copy JSON tokenizer over a NUL-terminated buffer. See the [module docs](super) for the
/// protocol generated code follows.
pub struct Cursor<'a> {
    /// Next byte to read.
    pos: *const u8,
    /// Start of the buffer (offset 0 in errors).
    start: *const u8,
    /// The terminating NUL (the first NUL of the buffer).
    end: *const u8,
    /// True right after `{` / `[`: the next key/element has no `,` before it.
    first: bool,
    _buffer: PhantomData<&'a [u8]>,
}

// SAFETY: a Cursor is semantically a `&'a [u8]` plus an index and a flag: it only ever reads the
// shared, immutable buffer, so sending or sharing it across threads is as safe as for `&[u8]`.
unsafe impl Send for Cursor<'_> {}
// SAFETY: as above; `&Cursor` only allows reads.
unsafe impl Sync for Cursor<'_> {}

impl Clone for Cursor<'_> {
    fn clone(&self) -> Self {
        Cursor { ..*self }
    }
}

/// A saved cursor position (see [`Cursor::mark`] / [`Cursor::rewind`]).
#[derive(Clone, Copy, Debug)]
pub struct Mark<'a> {
    pos: *const u8,
    start: *const u8,
    end: *const u8,
    first: bool,
    _buffer: PhantomData<&'a [u8]>,
}

impl Mark<'_> {
    /// Byte offset of the saved position (for error reporting).
    pub fn offset(&self) -> usize {
        self.pos as usize - self.start as usize
    }
}

impl core::fmt::Debug for Cursor<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Cursor")
            .field("offset", &self.offset())
            .field("len", &(self.end as usize - self.start as usize))
            .finish()
    }
}

impl<'a> Cursor<'a> {
    // ---------------------------------------------------------------------------------------
    // Construction
    // ---------------------------------------------------------------------------------------

    /// A cursor over `bytes[..nul]`; `bytes[nul]` must be the first NUL of `bytes`.
    ///
    /// Memory safety needs only `bytes[nul] == 0` (checked, O(1)): every forward move happens
    /// after seeing a non-NUL byte, so the cursor can never pass `end`. "First NUL" (checked in
    /// debug builds) is what makes an interior NUL end the document.
    pub(super) fn from_parts(bytes: &'a [u8], nul: usize) -> Cursor<'a> {
        assert!(
            bytes.get(nul) == Some(&0),
            "from_parts: bytes[nul] is not NUL"
        );
        debug_assert!(!bytes[..nul].contains(&0), "from_parts: not the first NUL");
        let start = bytes.as_ptr();
        Cursor {
            pos: start,
            start,
            // `nul < bytes.len()`, so this stays inside the slice: `wrapping_add` is exact.
            end: start.wrapping_add(nul),
            first: false,
            _buffer: PhantomData,
        }
    }

    /// A cursor over a C string (no interior NUL by construction; its length is known).
    pub fn from_cstr(s: &'a CStr) -> Cursor<'a> {
        let bytes = s.to_bytes_with_nul();
        Cursor::from_parts(bytes, bytes.len() - 1)
    }

    /// A cursor over `bytes`, which must end with a NUL byte (else [`ErrorKind::MissingNul`]).
    /// An interior NUL ends the document early: parsing then fails as truncated.
    pub fn from_bytes_with_nul(bytes: &'a [u8]) -> Result<Cursor<'a>, Error> {
        if bytes.last() != Some(&0) {
            return Err(Error::new(bytes.len(), ErrorKind::MissingNul));
        }
        let nul = memchr::memchr(0, bytes).expect("the last byte is NUL");
        Ok(Cursor::from_parts(bytes, nul))
    }

    /// A cursor over the NUL-terminated string at `ptr`, e.g. the result of TDLib's
    /// `td_receive` / `td_execute`. Computes its length once (`strlen`).
    ///
    /// # Safety
    ///
    /// `ptr` must be non-null and point to a NUL-terminated byte string that stays readable and
    /// unmodified for all of `'a` (the same contract as [`CStr::from_ptr`]). For TDLib this
    /// means: `'a` must end before the next `td_receive`/`td_execute`/`td_json_client_*` call
    /// on the same thread, since that call reuses the buffer.
    pub unsafe fn from_ptr(ptr: *const c_char) -> Cursor<'a> {
        // SAFETY: forwarded to our caller (same contract as `CStr::from_ptr`).
        let s: &'a CStr = unsafe { CStr::from_ptr(ptr) };
        Cursor::from_cstr(s)
    }

    // ---------------------------------------------------------------------------------------
    // Raw primitives (the only places that dereference `pos`)
    // ---------------------------------------------------------------------------------------

    /// The byte at the cursor (0 at the end). Does not skip whitespace.
    #[inline(always)]
    pub(super) fn byte(&self) -> u8 {
        // SAFETY: invariant `pos <= end`, and `start..=end` is readable for 'a.
        unsafe { *self.pos }
    }

    /// Moves past the current byte.
    ///
    /// # Safety
    /// The current byte must not be NUL (`self.byte() != 0`), i.e. `pos < end`.
    #[inline(always)]
    pub(super) unsafe fn bump(&mut self) {
        debug_assert!(self.byte() != 0);
        // SAFETY: `pos < end` (caller), so `pos + 1 <= end` stays in the buffer.
        self.pos = unsafe { self.pos.add(1) };
    }

    /// Consumes `b` if it is the current byte. `b` must not be NUL.
    #[inline(always)]
    pub(super) fn eat(&mut self, b: u8) -> bool {
        debug_assert!(b != 0);
        if self.byte() == b && b != 0 {
            // SAFETY: the current byte is `b`, which is not NUL.
            unsafe { self.bump() };
            true
        } else {
            false
        }
    }

    /// The bytes from the cursor up to (not including) the terminating NUL.
    #[inline(always)]
    pub(super) fn rest(&self) -> &'a [u8] {
        let len = self.end as usize - self.pos as usize;
        // SAFETY: invariant: `pos..end` lies inside the buffer, which is readable, initialised
        // and unchanged for 'a.
        unsafe { core::slice::from_raw_parts(self.pos, len) }
    }

    /// The bytes from the start of the buffer up to (not including) the cursor.
    #[inline]
    pub(super) fn consumed(&self) -> &'a [u8] {
        let len = self.pos as usize - self.start as usize;
        // SAFETY: invariant: `start..pos` lies inside the buffer, readable and unchanged for 'a.
        unsafe { core::slice::from_raw_parts(self.start, len) }
    }

    /// Moves forward by `n` bytes, at most up to the NUL.
    #[inline(always)]
    pub(super) fn consume(&mut self, n: usize) {
        let n = n.min(self.end as usize - self.pos as usize);
        // SAFETY: `n <= end - pos`, so the result stays within `pos..=end`.
        self.pos = unsafe { self.pos.add(n) };
    }

    /// Skips JSON whitespace (space, `\t`, `\n`, `\r`).
    #[inline(always)]
    pub(super) fn skip_ws(&mut self) {
        while matches!(self.byte(), b' ' | b'\t' | b'\n' | b'\r') {
            // SAFETY: the current byte is whitespace, not NUL.
            unsafe { self.bump() };
        }
    }

    /// An error of `kind` at the current position.
    #[cold]
    #[inline(never)]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(self.offset(), kind)
    }

    /// An error at the current position: [`ErrorKind::UnexpectedEnd`] if the cursor is at the
    /// NUL, else `kind`.
    #[cold]
    #[inline(never)]
    pub(super) fn error_or_end(&self, kind: ErrorKind) -> Error {
        if self.byte() == 0 {
            self.error(ErrorKind::UnexpectedEnd)
        } else {
            self.error(kind)
        }
    }

    // ---------------------------------------------------------------------------------------
    // Position
    // ---------------------------------------------------------------------------------------

    /// Byte offset of the cursor from the start of the buffer.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos as usize - self.start as usize
    }

    /// Saves the current position (including the "first key/element" state).
    #[inline]
    pub fn mark(&self) -> Mark<'a> {
        Mark {
            pos: self.pos,
            start: self.start,
            end: self.end,
            first: self.first,
            _buffer: PhantomData,
        }
    }

    /// Returns to a saved position. A mark carries its buffer with it, so even a mark taken
    /// from another cursor of the same lifetime is memory-safe (the cursor then continues in
    /// that cursor's buffer).
    #[inline]
    pub fn rewind(&mut self, mark: Mark<'a>) {
        self.pos = mark.pos;
        self.start = mark.start;
        self.end = mark.end;
        self.first = mark.first;
    }

    /// Skips whitespace and returns the next byte without consuming it (0 at the end of the
    /// document). Lets generated code dispatch on the kind of the next value.
    #[inline]
    pub fn peek(&mut self) -> u8 {
        self.skip_ws();
        self.byte()
    }

    // ---------------------------------------------------------------------------------------
    // Objects
    // ---------------------------------------------------------------------------------------

    /// Skips whitespace and consumes `{`, entering an object at nesting `depth` (the root value
    /// is depth 1; a field's value is one deeper than its object). Errors if `depth` exceeds
    /// [`MAX_DEPTH`].
    #[inline]
    pub fn begin_object(&mut self, depth: u32) -> Result<(), Error> {
        self.skip_ws();
        if self.byte() != b'{' {
            return Err(self.error_or_end(ErrorKind::ExpectedObject));
        }
        if depth > MAX_DEPTH {
            return Err(self.error(ErrorKind::DepthLimitExceeded));
        }
        // SAFETY: the current byte is `{`.
        unsafe { self.bump() };
        self.first = true;
        Ok(())
    }

    /// Advances to the next key of the current object: handles whitespace, `,` and the closing
    /// `}`. Returns `None` after consuming `}`, else the key (borrowed if it has no escapes,
    /// decoded otherwise; validated like serde_json's `&str`) with its `:` consumed, the cursor
    /// before the value.
    #[inline]
    pub fn next_key(&mut self) -> Result<Option<Cow<'a, str>>, Error> {
        self.skip_ws();
        if self.first {
            self.first = false;
            if self.eat(b'}') {
                return Ok(None);
            }
        } else if !self.eat(b',') {
            if self.eat(b'}') {
                return Ok(None);
            }
            return Err(self.error_or_end(ErrorKind::ExpectedCommaOrObjectEnd));
        } else {
            self.skip_ws();
        }
        if !self.eat(b'"') {
            return Err(self.error_or_end(ErrorKind::ExpectedKey));
        }
        let key = self.parse_str_body()?;
        self.skip_ws();
        if !self.eat(b':') {
            return Err(self.error_or_end(ErrorKind::ExpectedColon));
        }
        Ok(Some(key))
    }

    /// Fast path for the expected next key: if the next bytes are exactly `,` (unless this is
    /// the first key of the object) followed by `pattern`, consumes them and returns `true`;
    /// otherwise consumes nothing and returns `false` (then fall back to [`next_key`]).
    ///
    /// `pattern` is the quoted key plus colon as TDLib writes it, e.g. `b"\"message\":"`: no
    /// whitespace, no escapes. Never reads past the NUL (the compare is bounded by the bytes
    /// before it).
    ///
    /// [`next_key`]: Self::next_key
    #[inline]
    pub fn eat_key<const N: usize>(&mut self, pattern: &[u8; N]) -> bool {
        debug_assert!(
            N >= 3 && pattern[0] == b'"' && pattern[N - 2] == b'"' && pattern[N - 1] == b':',
            "eat_key pattern must look like \"name\":"
        );
        let rest = self.rest();
        let skip = if self.first {
            0
        } else if rest.first() == Some(&b',') {
            1
        } else {
            return false;
        };
        // A fixed-size window compares as a few wide loads (no `memcmp` call).
        match rest.get(skip..).and_then(<[u8]>::first_chunk::<N>) {
            Some(window) if window == pattern => {
                self.consume(skip + N);
                self.first = false;
                true
            }
            _ => false,
        }
    }

    /// [`eat_key`](Self::eat_key) for a pattern whose length is known only at run time (the
    /// generated per-type key tables). Same contract; the compare is bounded by the bytes
    /// before the NUL, none of which is NUL, so a pattern containing NUL never matches.
    #[inline]
    pub fn eat_key_bytes(&mut self, pattern: &[u8]) -> bool {
        let rest = self.rest();
        let skip = if self.first {
            0
        } else if rest.first() == Some(&b',') {
            1
        } else {
            return false;
        };
        match rest.get(skip..skip + pattern.len()) {
            Some(bytes) if bytes == pattern => {
                self.consume(skip + pattern.len());
                self.first = false;
                true
            }
            _ => false,
        }
    }

    /// Looks ahead for the `"@type"` of the object the cursor is in, without moving.
    ///
    /// Call it right after [`begin_object`](Self::begin_object)`(depth)`, before any key was
    /// read. Scans the object's keys (skipping values) up to the first `"@type"` key and returns
    /// its string value (first occurrence wins), or `None` if the object has none. The cursor
    /// is left where it was; keys and values scanned are validated as usual (errors are
    /// returned), the rest of the object is not examined once `"@type"` is found.
    pub fn find_type_tag(&mut self, depth: u32) -> Result<Option<Cow<'a, str>>, Error> {
        let mark = self.mark();
        let found = self.scan_for_type_tag(depth);
        self.rewind(mark);
        found
    }

    fn scan_for_type_tag(&mut self, depth: u32) -> Result<Option<Cow<'a, str>>, Error> {
        while let Some(key) = self.next_key()? {
            if key == "@type" {
                return self.read_str().map(Some);
            }
            self.skip_value(depth + 1)?;
        }
        Ok(None)
    }

    // ---------------------------------------------------------------------------------------
    // Arrays
    // ---------------------------------------------------------------------------------------

    /// Skips whitespace and consumes `[`, entering an array at nesting `depth` (see
    /// [`begin_object`](Self::begin_object)).
    #[inline]
    pub fn begin_array(&mut self, depth: u32) -> Result<(), Error> {
        self.skip_ws();
        if self.byte() != b'[' {
            return Err(self.error_or_end(ErrorKind::ExpectedArray));
        }
        if depth > MAX_DEPTH {
            return Err(self.error(ErrorKind::DepthLimitExceeded));
        }
        // SAFETY: the current byte is `[`.
        unsafe { self.bump() };
        self.first = true;
        Ok(())
    }

    /// Advances to the next element of the current array: `true` if an element follows (the
    /// cursor is before it), `false` after consuming the closing `]`.
    #[inline]
    pub fn next_element(&mut self) -> Result<bool, Error> {
        self.skip_ws();
        if self.first {
            self.first = false;
            return Ok(!self.eat(b']'));
        }
        if self.eat(b',') {
            return Ok(true);
        }
        if self.eat(b']') {
            return Ok(false);
        }
        Err(self.error_or_end(ErrorKind::ExpectedCommaOrArrayEnd))
    }

    // ---------------------------------------------------------------------------------------
    // Literals and the end of the document
    // ---------------------------------------------------------------------------------------

    /// Skips whitespace and consumes `null` if it is next. Generated code treats `null` as
    /// "field absent" for every field type: `if c.eat_null() { default } else { c.read_x()? }`.
    #[inline]
    pub fn eat_null(&mut self) -> bool {
        self.skip_ws();
        if self.rest().starts_with(b"null") {
            self.consume(4);
            true
        } else {
            false
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        self.skip_ws();
        let rest = self.rest();
        if rest.starts_with(b"true") {
            self.consume(4);
            Ok(true)
        } else if rest.starts_with(b"false") {
            self.consume(5);
            Ok(false)
        } else {
            Err(self.error_or_end(ErrorKind::ExpectedBool))
        }
    }

    /// Consumes `literal` (`true`, `false` or `null`) starting at the cursor, for `skip_value`.
    #[inline]
    pub(super) fn skip_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        if self.rest().starts_with(literal) {
            self.consume(literal.len());
            Ok(())
        } else {
            // Point at the first byte that differs, like serde_json.
            let same = self
                .rest()
                .iter()
                .zip(literal)
                .take_while(|(a, b)| a == b)
                .count();
            self.consume(same);
            Err(self.error_or_end(ErrorKind::InvalidLiteral))
        }
    }

    /// Checks that only whitespace follows up to the NUL. Call after the top-level value.
    #[inline]
    pub fn finish(&mut self) -> Result<(), Error> {
        self.skip_ws();
        if self.byte() != 0 {
            return Err(self.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }
}
