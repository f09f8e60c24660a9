//! The [`Cursor`]: construction, the raw byte primitives every reader is built on, the safe
//! core API the token readers use, and the structural tokens (objects, arrays, keys, literals,
//! end of document, mark/rewind).
//!
//! # Invariant (what all `unsafe` on the input buffer relies on)
//!
//! The cursor does not know where its buffer ends, only that a NUL ends it: the buffer is the
//! bytes from `start` through the first NUL at or after `start`, all readable and unchanged for
//! `'a`, and `start <= pos <= that NUL` (no byte in `start..pos` is NUL). Hence:
//! - reading `*pos` is always in bounds;
//! - moving `pos` one byte forward is allowed exactly when `*pos != 0` ("advance only after
//!   seeing a non-NUL byte"); the byte loops never check a length, the NUL stops them;
//! - more generally, `pos + n` is in the buffer (at or before the NUL) whenever the `n` bytes
//!   from `pos` were seen and none was NUL: a successful compare ([`Cursor::starts_with`])
//!   saw its pattern's bytes, none NUL; a run scanned by [`Cursor::plain_run`] holds no NUL;
//!   the digits counted by `scan::swar_digits` and the six bytes of an escape recognised by
//!   `scan::unicode_escape_at` are none of them NUL; [`Cursor::run`] and [`Cursor::advance`]
//!   (private) take such a count;
//! - reads wider than a byte happen only in `scan.rs`, which explains why they are sound
//!   without a length: the string scan's aligned 16-byte loads (an aligned block holding one
//!   byte of the buffer cannot fault) and the compares' word loads confined to the page of the
//!   first byte compared, all done in `asm!` blocks, which Rust treats like a call to C's
//!   `strlen` (whose over-reads are the same). Bytes loaded from past the NUL never influence a
//!   result. Without the asm (other targets, Miri) everything is read byte by byte, stopping at
//!   the NUL.
//!
//! This file and `scan.rs` are the only ones that rely on the invariant, and the only ones with
//! `unsafe` on the input. The token readers (`string.rs`, `number.rs`, `skip.rs`) have no
//! `unsafe` at all: they look at and consume input only through the safe core below (`byte`,
//! `bump`, `eat`, `eat_pattern`, `word`, `take_plain_run`, `eat_plain_ascii_run`,
//! `take_digits`, `eat_unicode_escape`, `consumed`, `mark`/`rewind`), none of which can move
//! the cursor past the NUL whatever its caller does. (`append.rs` has `unsafe` of another kind:
//! stores into a `String`'s spare capacity, see there.)
//!
//! No length is ever computed: `from_ptr` and `from_cstr` do not call `strlen`, and
//! `from_bytes_with_nul` only checks that the slice's last byte is NUL (an interior NUL then
//! simply ends the document early).

use core::ffi::{CStr, c_char};

use bumpalo::Bump;
use core::marker::PhantomData;
use std::borrow::Cow;

use super::error::{Error, ErrorKind};
use super::scan::{
    self, Key, plain_ascii_len, plain_len, short_plain_len, swar_digits, unicode_escape_at,
};
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
    /// Where arena-mode values allocate (`crate::arena`): set by [`Cursor::with_arena`].
    /// Also why a cursor is neither `Send` nor `Sync`: a `Bump` is for one thread.
    arena: Option<&'a Bump>,
    _buffer: PhantomData<&'a [u8]>,
}

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
            arena: None,
            _buffer: PhantomData,
        }
    }

    /// This cursor, with `arena` as the place where the values of arena mode (`&'a str` with
    /// escapes, `&'a [T]`, [`Ref`](crate::arena::Ref), the variants of arena-mode classes)
    /// are allocated. Values of the other modes never allocate there.
    #[inline]
    pub fn with_arena(mut self, arena: &'a Bump) -> Cursor<'a> {
        self.arena = Some(arena);
        self
    }

    /// The arena set by [`with_arena`](Self::with_arena), if any.
    #[inline]
    pub(crate) fn arena_if_any(&self) -> Option<&'a Bump> {
        self.arena
    }

    /// The arena set by [`with_arena`](Self::with_arena), or the error arena-mode values
    /// report without one ([`ErrorKind::NoArena`]).
    #[inline]
    pub fn arena(&self) -> Result<&'a Bump, Error> {
        match self.arena {
            Some(arena) => Ok(arena),
            None => Err(self.error(ErrorKind::NoArena)),
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
    // Raw primitives, private to this file: moving `pos` by a count and viewing the bytes it
    // passes. Each `unsafe fn` states which bytes must be non-NUL.
    // ---------------------------------------------------------------------------------------

    /// Moves forward by `n` bytes.
    ///
    /// # Safety
    /// None of the `n` bytes at the cursor may be NUL.
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the `n` bytes from `pos` precede the NUL (caller): `pos + n` is at or before
        // it.
        self.pos = unsafe { self.pos.add(n) };
    }

    /// The `len` bytes at the cursor.
    ///
    /// # Safety
    /// None of the `len` bytes at the cursor may be NUL (e.g. they were scanned).
    #[inline(always)]
    unsafe fn run(&self, len: usize) -> &'a [u8] {
        // SAFETY: the `len` bytes from `pos` precede the NUL (caller), so they lie in the
        // buffer, which is readable and unchanged for 'a.
        unsafe { core::slice::from_raw_parts(self.pos, len) }
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

    /// The run of plain string content at the cursor (no `"`, `\` or control byte, so no NUL
    /// either): its length, and whether it is all ASCII. The `len` bytes may be passed to
    /// [`run`](Self::run) and [`advance`](Self::advance).
    #[inline(always)]
    fn plain_run(&self) -> (usize, bool) {
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

    // ---------------------------------------------------------------------------------------
    // The safe core: all that the token readers (`string.rs`, `number.rs`, `skip.rs`) use to
    // look at and consume input. None of these can move the cursor past the NUL, whatever
    // their arguments, so those files have no `unsafe` and no part in the invariant.
    // ---------------------------------------------------------------------------------------

    /// The byte at the cursor (0 at the end). Does not skip whitespace.
    #[inline(always)]
    pub(super) fn byte(&self) -> u8 {
        // SAFETY: invariant: `pos` is at or before the NUL, inside the buffer.
        unsafe { *self.pos }
    }

    /// Moves past the current byte; at the NUL it does nothing (the end stays the end, and a
    /// debug build panics: callers consume only a byte they have matched). After a match on the
    /// current byte (`match self.byte() { b'"' => self.bump(), .. }`) the compiler knows the
    /// byte and drops the check.
    #[inline(always)]
    pub(super) fn bump(&mut self) {
        debug_assert!(self.byte() != 0, "bump at the end of the buffer");
        if self.byte() != 0 {
            // SAFETY: the current byte is not NUL.
            unsafe { self.advance(1) };
        }
    }

    /// Consumes `b` if it is the current byte (never the NUL: `eat(0)` is `false`).
    #[inline(always)]
    pub(super) fn eat(&mut self, b: u8) -> bool {
        debug_assert!(b != 0);
        if self.byte() == b && b != 0 {
            // SAFETY: the current byte is `b`, which is not NUL.
            unsafe { self.advance(1) };
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

    /// Consumes `pattern` if the bytes at the cursor start with it (no whitespace skipped).
    #[inline(always)]
    pub(super) fn eat_pattern(&mut self, pattern: &[u8]) -> bool {
        if self.starts_with(pattern) {
            // SAFETY: the bytes at the cursor matched `pattern`, none of them NUL.
            unsafe { self.advance(pattern.len()) };
            true
        } else {
            false
        }
    }

    /// The 8 bytes at the cursor (the current byte lowest) when they can be loaded at once, else
    /// `None`. Bytes after the NUL are unspecified (see `scan.rs`): use only bytes before the
    /// first one that stops the caller, which must stop at NUL. Consumes nothing.
    #[inline(always)]
    pub(super) fn word(&self) -> Option<u64> {
        // SAFETY: invariant: `pos` is at or before the NUL of a readable, unchanging buffer.
        unsafe { scan::word_at(self.pos) }
    }

    /// Consumes the run of plain string content (no `"`, `\` or control byte) at the cursor
    /// and returns it, checked to be valid UTF-8 (an error points at the first invalid byte,
    /// the cursor left there). Stops at the `"`, `\`, control byte or NUL that ends the run.
    #[inline(always)]
    pub(super) fn take_plain_run(&mut self) -> Result<&'a str, Error> {
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

    /// Consumes the run of plain string content at the cursor when it is all ASCII and returns
    /// `true`; consumes nothing and returns `false` when a byte >= 0x80 ends it (the caller then
    /// validates it with [`take_plain_run`](Self::take_plain_run)).
    #[inline(always)]
    pub(super) fn eat_plain_ascii_run(&mut self) -> bool {
        // SAFETY: invariant: `pos` is at or before the NUL of a readable, unchanging buffer.
        let len = unsafe { plain_ascii_len(self.pos) };
        // SAFETY: the `len` bytes from `pos` are not special, so not NUL: `pos + len` is at or
        // before the NUL, inside the buffer.
        if unsafe { *self.pos.add(len) } >= 0x80 {
            return false;
        }
        // SAFETY: as above.
        unsafe { self.advance(len) };
        true
    }

    /// The string at the cursor when it is written as TDLib writes an `@type` name: `"`, ASCII
    /// content without escapes or control bytes, `"`; consumed and returned. `None`, nothing
    /// consumed, for any other form (whitespace first, an escape, a byte >= 0x80, not a string),
    /// which the general string reader then reads or rejects. One scan and no `Cow`: the
    /// `@type` of every object is read (or skipped) this way.
    #[inline(always)]
    pub(crate) fn eat_plain_ascii_str(&mut self) -> Option<&'a str> {
        if self.byte() != b'"' {
            return None;
        }
        // SAFETY: the current byte is `"`, not NUL, so `pos + 1` is at or before the NUL of a
        // readable, unchanging buffer (invariant).
        let start = unsafe { self.pos.add(1) };
        // SAFETY: as just said of `start`.
        let len = unsafe { plain_ascii_len(start) };
        // SAFETY: the `len` bytes from `start` are not special, so not NUL: `start + len` is
        // at or before the NUL, inside the buffer.
        if unsafe { *start.add(len) } != b'"' {
            return None;
        }
        // SAFETY: the `len` bytes from `start` precede the NUL (above): they lie in the buffer,
        // readable and unchanged for 'a.
        let run = unsafe { core::slice::from_raw_parts(start, len) };
        // SAFETY: the `len + 2` bytes from `pos` are `"`, the run and `"`: none is NUL.
        unsafe { self.advance(len + 2) };
        // SAFETY: `plain_ascii_len` stops at any byte >= 0x80: the run is ASCII.
        Some(unsafe { core::str::from_utf8_unchecked(run) })
    }

    /// Consumes the run of ASCII digits at the cursor (possibly empty), appending them to
    /// `value`: returns `value * 10^count + digits` modulo 2^64 (exact while the total stays
    /// below 2^64) and `count`. Eight digits at a time where [`word`](Self::word) allows it.
    #[inline(always)]
    pub(super) fn take_digits(&mut self, mut value: u64) -> (u64, usize) {
        /// `10^k` for `k` in `0..=8`.
        const POW10_U64: [u64; 9] = [
            1,
            10,
            100,
            1_000,
            10_000,
            100_000,
            1_000_000,
            10_000_000,
            100_000_000,
        ];
        let mut count = 0;
        while let Some(w) = self.word() {
            let (k, chunk) = swar_digits(w);
            if k > 0 {
                #[allow(clippy::indexing_slicing, reason = "k <= 8 (swar_digits)")]
                let scale = POW10_U64[k];
                value = value.wrapping_mul(scale).wrapping_add(chunk);
                count += k;
                // SAFETY: the `k` bytes at the cursor are digits (`swar_digits` counts only
                // those, and the NUL is none), so none is NUL.
                unsafe { self.advance(k) };
            }
            if k < 8 {
                return (value, count);
            }
        }
        // near the end of a page: one byte at a time
        while let c @ b'0'..=b'9' = self.byte() {
            self.bump();
            value = value.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            count += 1;
        }
        (value, count)
    }

    /// If the six bytes at the cursor are a `\uXXXX` escape (hex digits in any case) and can be
    /// read as one word ([`word`](Self::word)), consumes them and returns the code unit;
    /// otherwise consumes nothing and returns `None` (also for an escape near the end of a page,
    /// which the caller's byte-by-byte path reads).
    #[inline(always)]
    pub(super) fn eat_unicode_escape(&mut self) -> Option<u32> {
        let unit = unicode_escape_at(self.word()?)?;
        // SAFETY: the six bytes at the cursor are `\`, `u` and four hex digits
        // (`unicode_escape_at` said so), none of them NUL.
        unsafe { self.advance(6) };
        Some(unit)
    }

    /// If a run of 1 to 7 plain ASCII bytes is at the cursor ([`short_plain_len`]: fewer than
    /// 8 bytes before a `"`, `\`, control or non-ASCII byte) and can be read as one word,
    /// consumes it and returns the word ([`word`](Self::word), the run in its low bytes) and
    /// the run's length; otherwise consumes nothing and returns `None`.
    #[inline(always)]
    pub(super) fn eat_short_plain_ascii(&mut self) -> Option<(u64, usize)> {
        let word = self.word()?;
        let len = short_plain_len(word);
        if len == 0 || len == 8 {
            return None;
        }
        // SAFETY: the `len` bytes at the cursor are plain ASCII (`short_plain_len`), so none
        // of them is the NUL.
        unsafe { self.advance(len) };
        Some((word, len))
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
            unsafe { self.advance(1) };
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
        unsafe { self.advance(1) };
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
    /// (`parse::value::fields::next_field`) reads every out-of-order key with it, and LLVM did not
    /// inline `next_key` there (1.3 % more instructions on messages50 through the call).
    #[inline(always)]
    pub(crate) fn next_key_inlined(&mut self) -> Result<Option<Cow<'a, str>>, Error> {
        if !self.begin_key()? {
            return Ok(None);
        }
        let key = self.parse_str_body()?;
        self.end_key()?;
        Ok(Some(key))
    }

    /// [`next_key`](Self::next_key) for arena mode: a key with escapes is decoded into `arena`.
    pub fn next_key_in(&mut self, arena: &'a Bump) -> Result<Option<&'a str>, Error> {
        if !self.begin_key()? {
            return Ok(None);
        }
        let key = self.parse_str_body_in(arena)?;
        self.end_key()?;
        Ok(Some(key))
    }

    /// The part of [`next_key`](Self::next_key) before the key's text: `,` (unless first) and
    /// the opening quote consumed (`true`), or the object's `}` (`false`).
    #[inline(always)]
    fn begin_key(&mut self) -> Result<bool, Error> {
        self.skip_ws();
        if self.first {
            self.first = false;
            if self.eat(b'}') {
                return Ok(false);
            }
        } else if !self.eat(b',') {
            if self.eat(b'}') {
                return Ok(false);
            }
            return Err(self.error_or_end(ErrorKind::ExpectedCommaOrObjectEnd));
        } else {
            self.skip_ws();
        }
        if !self.eat(b'"') {
            return Err(self.error_or_end(ErrorKind::ExpectedKey));
        }
        Ok(true)
    }

    /// The part of [`next_key`](Self::next_key) after the key's text: the `:`.
    #[inline(always)]
    fn end_key(&mut self) -> Result<(), Error> {
        self.skip_ws();
        if !self.eat(b':') {
            return Err(self.error_or_end(ErrorKind::ExpectedColon));
        }
        Ok(())
    }

    /// Fast path for the expected next key: if the next bytes are exactly `,` (unless this is
    /// the first key of the object) followed by `pattern`, consumes them and returns `true`;
    /// otherwise consumes nothing and returns `false` (then fall back to [`next_key`]).
    ///
    /// `pattern` is the quoted key plus colon as TDLib writes it, e.g. `b"\"message\":"`: no
    /// whitespace, no escapes. Never moves past the NUL (a match means the input bytes equal the
    /// pattern's, none of which is NUL).
    ///
    /// # Panics
    ///
    /// If `pattern` does not have the shape `"name":` (at least three bytes, `"` first, `":`
    /// last), in release builds too. For a literal pattern, which is how this is called, the
    /// check is decided at compile time and costs nothing.
    ///
    /// [`next_key`]: Self::next_key
    #[inline]
    pub fn eat_key<const N: usize>(&mut self, pattern: &[u8; N]) -> bool {
        assert!(
            scan::is_key_pattern(pattern),
            "eat_key pattern must look like \"name\":"
        );
        self.eat_key_pattern(pattern)
    }

    /// [`eat_key`](Self::eat_key) for a pattern whose length is known only at run time. Same
    /// contract and the same check of the pattern's shape (three byte compares per call); a
    /// pattern containing NUL never matches. (The field loop compares the keys of its rows,
    /// checked once when the row is built, with `eat_field_key`.)
    ///
    /// # Panics
    ///
    /// If `pattern` does not have the shape `"name":`, as [`eat_key`](Self::eat_key).
    #[inline]
    pub fn eat_key_bytes(&mut self, pattern: &[u8]) -> bool {
        assert!(
            scan::is_key_pattern(pattern),
            "eat_key_bytes pattern must look like \"name\":"
        );
        self.eat_key_pattern(pattern)
    }

    /// [`eat_key_bytes`](Self::eat_key_bytes) for a [`Key`] (a field row's key, whose shape
    /// [`Key::new`] checked when the row was built), compared by its words
    /// ([`scan::starts_with_key`]).
    #[inline(always)]
    pub(crate) fn eat_field_key(&mut self, key: &Key) -> bool {
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

    /// The match and consume of [`eat_key_bytes`](Self::eat_key_bytes), the pattern's shape
    /// checked by the caller.
    #[inline(always)]
    fn eat_key_pattern(&mut self, pattern: &[u8]) -> bool {
        let Some(skip) = self.key_lead() else {
            return false;
        };
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
        if depth > depth_limit() {
            return Err(self.error(ErrorKind::DepthLimitExceeded));
        }
        // SAFETY: the current byte is `[`.
        unsafe { self.advance(1) };
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
        self.byte() == b'n' && self.eat_pattern(b"null")
    }

    /// Reads a `null` that [`Self::eat_null`] did not take: `null`, or else the error of
    /// skipping whatever starts with `n` (`nul`, `nan`, ...) at its offset.
    #[inline]
    pub(crate) fn read_null(&mut self, depth: u32) -> Result<(), Error> {
        if self.eat_null() {
            Ok(())
        } else {
            self.skip_value(depth)
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool, Error> {
        self.skip_ws();
        if self.eat_pattern(b"true") {
            Ok(true)
        } else if self.eat_pattern(b"false") {
            Ok(false)
        } else {
            Err(self.error_or_end(ErrorKind::ExpectedBool))
        }
    }

    /// Consumes `literal` (`true`, `false` or `null`) starting at the cursor, for `skip_value`.
    #[inline]
    pub(super) fn skip_literal(&mut self, literal: &[u8]) -> Result<(), Error> {
        if self.eat_pattern(literal) {
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
