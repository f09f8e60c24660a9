//! The [`Cursor`]: construction, the raw byte primitives every reader is built on, and the
//! structural tokens (objects, arrays, keys, literals, end of document, mark/rewind).
//!
//! # Invariant (what all `unsafe` in the pointer module relies on)
//!
//! The cursor does not know where its buffer ends, only that a NUL ends it: the buffer is the
//! bytes from `start` through the first NUL at or after `start`, all readable and unchanged for
//! `'a`, and `start <= pos <= that NUL` (no byte in `start..pos` is NUL). Hence:
//! - reading `*pos` is always in bounds;
//! - moving `pos` one byte forward is allowed exactly when `*pos != 0` ("advance only after
//!   seeing a non-NUL byte"); the byte loops below never check a length, the NUL stops them;
//! - more generally, `pos + n` is in the buffer (at or before the NUL) whenever the `n` bytes
//!   from `pos` were seen and none was NUL: a successful compare ([`Cursor::starts_with`])
//!   saw its pattern's bytes, none NUL, and a run scanned by [`Cursor::plain_run`] holds no
//!   NUL; [`Cursor::run`] and [`Cursor::advance`] take such a count;
//! - reads wider than a byte happen only in `scan.rs`, which explains why they are sound
//!   without a length: the string scan's aligned 16-byte loads (an aligned block holding one
//!   byte of the buffer cannot fault) and the compares' word loads confined to the page of the
//!   first byte compared, all done in `asm!` blocks, which Rust treats like a call to C's
//!   `strlen` (whose over-reads are the same). Bytes loaded from past the NUL never influence a
//!   result. Without the asm (other targets, Miri) everything is read byte by byte, stopping at
//!   the NUL.
//!
//! No length is ever computed: `from_ptr` and `from_cstr` do not call `strlen`, and
//! `from_bytes_with_nul` only checks that the slice's last byte is NUL (an interior NUL then
//! simply ends the document early).

use core::ffi::{CStr, c_char};
use core::marker::PhantomData;
use std::borrow::Cow;

use super::error::{Error, ErrorKind};
use super::scan::{self, Key, plain_ascii_len, plain_len};
use crate::limits::depth_limit;

/// A zero-copy JSON tokenizer over a NUL-terminated buffer. See the [module docs](super) for the
/// protocol generated code follows.
pub struct Cursor<'a> {
    /// Next byte to read.
    pos: *const u8,
    /// Start of the buffer (offset 0 in errors).
    start: *const u8,
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
            .finish()
    }
}

impl<'a> Cursor<'a> {
    // ---------------------------------------------------------------------------------------
    // Construction
    // ---------------------------------------------------------------------------------------

    /// A cursor at `start`.
    ///
    /// # Safety
    ///
    /// `start` must point to a NUL-terminated byte string that stays readable and unmodified
    /// for all of `'a` (the cursor's invariant).
    #[inline]
    unsafe fn at(start: *const u8) -> Cursor<'a> {
        Cursor {
            pos: start,
            start,
            first: false,
            _buffer: PhantomData,
        }
    }

    /// A cursor over `bytes`, whose last byte must be NUL (checked, O(1)). Memory safety needs
    /// nothing more: the cursor stops at the first NUL, which is at the latest that last byte.
    pub(super) fn from_slice_with_nul(bytes: &'a [u8]) -> Cursor<'a> {
        assert!(bytes.last() == Some(&0), "the buffer does not end with NUL");
        // SAFETY: `bytes` is borrowed for 'a (readable, unchanged) and ends with a NUL.
        unsafe { Cursor::at(bytes.as_ptr()) }
    }

    /// A cursor over a C string. Does not compute its length (no `strlen`; `CStr`'s length
    /// is not promised to be O(1) either): the cursor walks up to the NUL.
    pub fn from_cstr(s: &'a CStr) -> Cursor<'a> {
        // SAFETY: a `&'a CStr` points to a NUL-terminated string, readable and unchanged for 'a.
        unsafe { Cursor::at(s.as_ptr().cast()) }
    }

    /// A cursor over `bytes`, which must end with a NUL byte (else [`ErrorKind::MissingNul`]).
    /// An interior NUL ends the document early: parsing then fails as truncated. O(1): the
    /// bytes are not scanned.
    pub fn from_bytes_with_nul(bytes: &'a [u8]) -> Result<Cursor<'a>, Error> {
        if bytes.last() != Some(&0) {
            return Err(Error::new(bytes.len(), ErrorKind::MissingNul));
        }
        Ok(Cursor::from_slice_with_nul(bytes))
    }

    /// A cursor over the NUL-terminated string at `ptr`, e.g. the result of TDLib's
    /// `td_receive` / `td_execute`. O(1): no `strlen`, the cursor walks up to the NUL.
    ///
    /// # Safety
    ///
    /// `ptr` must be non-null and point to a NUL-terminated byte string that stays readable and
    /// unmodified for all of `'a` (the same contract as [`CStr::from_ptr`]). For TDLib this
    /// means: `'a` must end before the next `td_receive`/`td_execute`/`td_json_client_*` call
    /// on the same thread, since that call reuses the buffer.
    pub unsafe fn from_ptr(ptr: *const c_char) -> Cursor<'a> {
        // SAFETY: forwarded to our caller (the cursor's invariant).
        unsafe { Cursor::at(ptr.cast()) }
    }

    // ---------------------------------------------------------------------------------------
    // Raw primitives (the only places that dereference `pos`)
    // ---------------------------------------------------------------------------------------

    /// The byte at the cursor (0 at the end). Does not skip whitespace.
    #[inline(always)]
    pub(super) fn byte(&self) -> u8 {
        // SAFETY: invariant: `pos` is at or before the NUL, inside the buffer.
        unsafe { *self.pos }
    }

    /// The byte after the current one, or 0 if the current byte is the NUL.
    #[cfg_attr(not(tlgen_planted = "leading_zeros"), allow(dead_code))] // (planted bug only)
    #[inline(always)]
    pub(super) fn next_byte(&self) -> u8 {
        if self.byte() == 0 {
            return 0;
        }
        // SAFETY: the current byte is not NUL, so `pos + 1` is at or before the NUL.
        unsafe { *self.pos.add(1) }
    }

    /// Moves past the current byte.
    ///
    /// # Safety
    /// The current byte must not be NUL (`self.byte() != 0`).
    #[inline(always)]
    pub(super) unsafe fn bump(&mut self) {
        debug_assert!(self.byte() != 0);
        // SAFETY: the current byte is not NUL (caller), so `pos + 1` is at or before the NUL.
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

    /// Whether the bytes at the cursor start with `pattern`; a pattern containing NUL never
    /// matches. Compares a word at a time where `scan.rs` allows it, else byte by byte,
    /// stopping at the first difference or NUL.
    #[inline(always)]
    pub(super) fn starts_with(&self, pattern: &[u8]) -> bool {
        // SAFETY: no bytes skipped.
        unsafe { self.starts_with_at(0, pattern) }
    }

    /// Whether the bytes from `skip` bytes after the cursor start with `pattern` (as
    /// [`starts_with`](Self::starts_with)).
    ///
    /// # Safety
    /// None of the `skip` bytes at the cursor may be NUL.
    #[inline(always)]
    unsafe fn starts_with_at(&self, skip: usize, pattern: &[u8]) -> bool {
        // SAFETY: the `skip` bytes at the cursor are not NUL (caller), so `pos + skip` is at or
        // before the NUL of the cursor's buffer (invariant).
        unsafe { scan::starts_with(self.pos.add(skip), pattern) }
    }

    /// The 8 bytes at the cursor (the current byte lowest) when they can be loaded at once, else
    /// `None`. Bytes after the NUL are unspecified (see `scan.rs`): use only bytes before the
    /// first one that stops the caller, which must stop at NUL.
    #[inline(always)]
    pub(super) fn word(&self) -> Option<u64> {
        // SAFETY: invariant: `pos` is at or before the NUL of a readable, unchanging buffer.
        unsafe { scan::word_at(self.pos) }
    }

    /// [`word`](Self::word) at `skip` bytes past the cursor.
    ///
    /// # Safety
    /// None of the `skip` bytes at the cursor may be NUL.
    #[inline(always)]
    pub(super) unsafe fn word_after(&self, skip: usize) -> Option<u64> {
        // SAFETY: the `skip` bytes at the cursor are not NUL (caller), so `pos + skip` is at or
        // before the NUL of the cursor's readable, unchanging buffer (invariant).
        unsafe { scan::word_at(self.pos.add(skip)) }
    }

    /// The `len` bytes at the cursor.
    ///
    /// # Safety
    /// None of the `len` bytes at the cursor may be NUL (e.g. they were scanned).
    #[inline(always)]
    pub(super) unsafe fn run(&self, len: usize) -> &'a [u8] {
        // SAFETY: the `len` bytes from `pos` precede the NUL (caller), so they lie in the
        // buffer, which is readable and unchanged for 'a.
        unsafe { core::slice::from_raw_parts(self.pos, len) }
    }

    /// Moves forward by `n` bytes.
    ///
    /// # Safety
    /// None of the `n` bytes at the cursor may be NUL.
    #[inline(always)]
    pub(super) unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the `n` bytes from `pos` precede the NUL (caller): `pos + n` is at or before
        // it.
        self.pos = unsafe { self.pos.add(n) };
    }

    /// The run of plain string content at the cursor (no `"`, `\` or control byte, so no NUL
    /// either): its length, and whether it is all ASCII (else the caller must validate it as
    /// UTF-8). The `len` bytes may be passed to [`run`](Self::run) and
    /// [`advance`](Self::advance).
    #[inline(always)]
    pub(super) fn plain_run(&self) -> (usize, bool) {
        // SAFETY: invariant: `pos` is at or before the NUL of a readable, unchanging buffer.
        let len = unsafe { plain_ascii_len(self.pos) };
        // SAFETY: the `len` bytes from `pos` are not special, so not NUL: `pos + len` is at or
        // before the NUL, and so is every position up to the next special byte.
        unsafe {
            let after = self.pos.add(len);
            if *after >= 0x80 {
                (len + plain_len(after), false)
            } else {
                (len, true)
            }
        }
    }

    /// The bytes from the start of the buffer up to (not including) the cursor.
    #[inline]
    pub(super) fn consumed(&self) -> &'a [u8] {
        let len = self.pos as usize - self.start as usize;
        // SAFETY: invariant: `start..pos` lies inside the buffer, readable and unchanged for 'a.
        unsafe { core::slice::from_raw_parts(self.start, len) }
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
    /// [`MAX_DEPTH`](crate::limits::MAX_DEPTH).
    #[inline]
    pub fn begin_object(&mut self, depth: u32) -> Result<(), Error> {
        self.skip_ws();
        if self.byte() != b'{' {
            return Err(self.error_or_end(ErrorKind::ExpectedObject));
        }
        if depth > depth_limit() {
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
        self.next_key_inlined()
    }

    /// [`next_key`](Self::next_key), always inlined: the field loop's general path
    /// (`parse::object::next_field`) reads every out-of-order key with it, and LLVM did not
    /// inline `next_key` there (1.3 % more instructions on messages50 through the call).
    #[inline(always)]
    pub(crate) fn next_key_inlined(&mut self) -> Result<Option<Cow<'a, str>>, Error> {
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
        // PLANTED BUG "missing_quote" (docs/HARDENING.md): the key's opening quote is optional.
        #[cfg(tlgen_planted = "missing_quote")]
        let _ = self.eat(b'"');
        #[cfg(not(tlgen_planted = "missing_quote"))]
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
    /// whitespace, no escapes. Never moves past the NUL (a match means the input bytes equal the
    /// pattern's, none of which is NUL).
    ///
    /// [`next_key`]: Self::next_key
    #[inline]
    #[allow(
        clippy::indexing_slicing,
        reason = "debug assertion on the pattern, a constant"
    )]
    pub fn eat_key<const N: usize>(&mut self, pattern: &[u8; N]) -> bool {
        debug_assert!(
            N >= 3 && pattern[0] == b'"' && pattern[N - 2] == b'"' && pattern[N - 1] == b':',
            "eat_key pattern must look like \"name\":"
        );
        self.eat_key_bytes(pattern)
    }

    /// [`eat_key_bytes`](Self::eat_key_bytes) for a [`Key`] (a field row's key), compared by
    /// its words ([`scan::starts_with_key`]).
    #[inline(always)]
    pub(crate) fn eat_field_key(&mut self, key: &Key) -> bool {
        // (the planted bug "eat_key_len" lives in `eat_key_bytes`: the field loop meets it here)
        #[cfg(tlgen_planted = "eat_key_len")]
        return self.eat_key_bytes(key.bytes());
        let Some(skip) = self.key_lead() else {
            return false;
        };
        // SAFETY: `skip` is 0, or 1 after seeing `,` (not NUL).
        if !unsafe { scan::starts_with_key(self.pos.add(skip), key) } {
            return false;
        }
        // SAFETY: the `skip` bytes are not NUL and the key's bytes matched, none NUL.
        unsafe { self.consume_key(skip + key.bytes().len()) };
        true
    }

    /// [`eat_key`](Self::eat_key) for a pattern whose length is known only at run time. Same
    /// contract; a pattern containing NUL never matches. (The field loop compares the keys of
    /// its rows with `eat_field_key`.)
    #[inline]
    pub fn eat_key_bytes(&mut self, pattern: &[u8]) -> bool {
        let Some(skip) = self.key_lead() else {
            return false;
        };
        // PLANTED BUG "eat_key_len" (docs/HARDENING.md): the compare stops one byte short (the
        // `:` is not checked), the consume does not.
        #[cfg(tlgen_planted = "eat_key_len")]
        if let Some(n) = pattern.len().checked_sub(1) {
            // SAFETY: `skip` is 0, or 1 after seeing `,`.
            let matched = unsafe { self.starts_with_at(skip, &pattern[..n]) };
            if matched {
                // SAFETY: the `skip + n` bytes at the cursor matched non-NUL bytes.
                unsafe { self.consume_key(skip + n) };
                // (the unchecked last byte is consumed too, but never the NUL)
                if self.byte() != 0 {
                    // SAFETY: the current byte is not NUL.
                    unsafe { self.bump() };
                }
            }
            return matched;
        }
        // SAFETY: `skip` is 0, or 1 after seeing `,` (not NUL).
        if !unsafe { self.starts_with_at(skip, pattern) } {
            return false;
        }
        // SAFETY: the `skip` bytes are not NUL and the pattern's bytes matched, none NUL.
        unsafe { self.consume_key(skip + pattern.len()) };
        true
    }

    /// The bytes before a member's key at the cursor: 0 right after `{`, 1 for the `,` of a
    /// later member; `None` when no member starts here (no whitespace is skipped).
    #[inline(always)]
    fn key_lead(&self) -> Option<usize> {
        if self.first {
            Some(0)
        } else if self.byte() == b',' {
            Some(1)
        } else {
            None
        }
    }

    /// Consumes a member's lead and key, `len` bytes matched by the caller.
    ///
    /// # Safety
    /// None of the `len` bytes at the cursor may be NUL.
    #[inline(always)]
    unsafe fn consume_key(&mut self, len: usize) {
        // SAFETY: caller.
        unsafe { self.advance(len) };
        self.first = false;
    }

    /// Consumes `}` if it is the next byte (no whitespace is skipped), ending the current
    /// object: a shortcut for the `None` of [`next_key`](Self::next_key) when the document has
    /// no whitespace. Returns `false` (consuming nothing) otherwise.
    #[inline]
    pub fn eat_object_end(&mut self) -> bool {
        if self.eat(b'}') {
            self.first = false;
            true
        } else {
            false
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
        // PLANTED BUG "depth_off_by_one" (docs/HARDENING.md): arrays get one level more.
        #[cfg(tlgen_planted = "depth_off_by_one")]
        let depth = depth.saturating_sub(1);
        if depth > depth_limit() {
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
        // (the first byte alone rules out almost every value)
        self.byte() == b'n' && self.eat_literal(b"null")
    }

    /// Consumes `literal` if the bytes at the cursor start with it (no whitespace skipped).
    #[inline(always)]
    fn eat_literal(&mut self, literal: &[u8]) -> bool {
        if self.starts_with(literal) {
            // SAFETY: the bytes at the cursor matched `literal`, none of them NUL.
            unsafe { self.advance(literal.len()) };
            true
        } else {
            false
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        self.skip_ws();
        if self.eat_literal(b"true") {
            Ok(true)
        } else if self.eat_literal(b"false") {
            Ok(false)
        } else {
            Err(self.error_or_end(ErrorKind::ExpectedBool))
        }
    }

    /// Consumes `literal` (`true`, `false` or `null`) starting at the cursor, for `skip_value`.
    #[inline]
    pub(super) fn skip_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        if self.eat_literal(literal) {
            return Ok(());
        }
        // Point at the first byte that differs, like serde_json.
        for &b in literal {
            if !self.eat(b) {
                break;
            }
        }
        Err(self.error_or_end(ErrorKind::InvalidLiteral))
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
