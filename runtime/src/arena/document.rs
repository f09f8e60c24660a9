//! [`Document`]: an arena-mode document that owns its memory, so that it can be kept past the
//! next `td_receive`, stored, and sent to another thread (`'static`, `Send`, `Sync`).
//!
//! Arena mode's values borrow the input buffer and the caller's [`Bump`]; a program that keeps
//! a document had to copy what it keeps. A `Document` holds both instead: [`Document::parse`]
//! copies the text into an arena of its own and parses into that arena, so that the whole
//! document is one or a few allocations (the arena's chunks), and dropping it frees them without
//! visiting its values (views have no destructor), or keeps the arena, reset, for the next
//! documents parsed: the dropping thread's, or any thread's through a pool the process shares
//! (bounded: [`super::release_spare_arenas`]).
//! Its object is lent for the borrow of the document ([`Document::get`]).
//!
//! Generated arena-mode modules implement [`DocumentRoot`] for their `ArenaRoot` and name the
//! type `ArenaDocument`, with `parse_document(text)`.

use core::alloc::Layout;
use core::fmt;
use core::mem::{ManuallyDrop, MaybeUninit};

use super::{Bump, Received, spare};
use crate::pointer::{Cursor, Error, ErrorKind};

/// What [`Document`] needs of an arena-mode module: its `Object<'a>`, its `parse_received`,
/// and the proof that `Object` is covariant in its lifetime. Generated for the module's
/// `ArenaRoot`:
///
/// ```text
/// impl tlgen_runtime::arena::DocumentRoot for ArenaRoot {
///     type Object<'a> = Object<'a>;
///     fn parse_received<'a>(arena: &'a Bump, cursor: Cursor<'a>) -> Result<Received<'a>, Error> {
///         parse_received(arena, cursor)
///     }
///     fn shorten<'long: 'short, 'short>(r: &'short Received<'long>) -> &'short Received<'short> {
///         r
///     }
/// }
/// ```
pub trait DocumentRoot: 'static {
    /// The module's `Object<'a>`: views into the input and the arena.
    type Object<'a>: 'a;

    /// Parses a NUL-terminated document into `arena` (the module's `parse_received`).
    fn parse_received<'a>(
        arena: &'a Bump,
        cursor: Cursor<'a>,
    ) -> Result<Received<'a, Self::Object<'a>>, Error>;

    /// The same reference with a shorter lifetime. Its body is the reference itself (`r`), which
    /// compiles only when `Object` is covariant in its lifetime: what lets [`Document::get`]
    /// lend the object for the borrow of the document, in safe code.
    fn shorten<'long: 'short, 'short>(
        received: &'short Received<'long, Self::Object<'long>>,
    ) -> &'short Received<'short, Self::Object<'short>>;
}

/// An arena-mode document that owns its text and its arena: `'static`, and `Send`/`Sync` when
/// the module's objects are (the generated ones are). Made by [`parse`](Self::parse) (the
/// generated `parse_document`); read through [`get`](Self::get).
///
/// Costs: one copy of the text, and the arena's chunks (one allocation for most documents: the
/// first chunk is sized from the text, see [`parse`](Self::parse)); dropping visits no value,
/// and keeps the arena for the next documents parsed, so that a loop that parses and drops
/// documents takes nothing from the global allocator per document once warm, whether it drops
/// them itself or hands them to other threads which drop them (at most 4 arenas of at most
/// 64 KiB kept per thread, and 1 MiB of them in a pool the process shares:
/// [`release_spare_arenas`](super::release_spare_arenas)).
pub struct Document<R: DocumentRoot> {
    /// The parse and its text, whose views point into `arena`, under a lifetime that stands
    /// for "as long as `arena`": never handed out as `'static` ([`get`](Self::get) shortens it
    /// to the borrow of `self`). Always initialised; dropped (in `drop`) before the arena is
    /// reset or freed. In a `MaybeUninit` so that Rust's aliasing rules do not treat its
    /// references as live for as long as a function that took the document by value runs,
    /// after it has dropped the document (yoke's `KindaSortaDangling`; Miri finds a document
    /// dropped by a function that took it by value otherwise: docs/HARDENING.md, F6).
    parsed: MaybeUninit<Parsed<'static, R::Object<'static>>>,
    /// Owns the memory of the text and of every value of the parse. Its chunks are heap memory
    /// of their own: moving the `Bump` (and so the `Document`) moves none of it.
    arena: Bump,
}

/// What a [`Document`] lends: its parse, and the text it was parsed from (in the arena,
/// without its NUL).
struct Parsed<'a, O> {
    received: Received<'a, O>,
    text: &'a [u8],
}

/// The first chunk of a document's arena for `len` bytes of text: the text and its NUL, and as
/// much again (at most 1 MiB more) for the values, which take less than their text in all but
/// 35 of the 2,792 corpus documents (`tests/tests/allocations.rs`); a document that needs more
/// gets further chunks from `Bump` (each twice the last).
#[inline]
fn first_chunk(len: usize) -> usize {
    len.saturating_add(len.min(1 << 20)).saturating_add(256)
}

/// `text` and a NUL after it, in `arena`: one copy (`alloc_slice_fill_copy` then a copy writes
/// the bytes twice, 46 instructions more per tdjson_stream document; bumpalo's
/// `Vec::extend_from_slice` copies byte by byte, 215 more: docs/BENCHMARKS.md). `None` when
/// `text` leaves no room for a NUL (`isize::MAX` bytes).
fn copy_with_nul<'a>(arena: &'a Bump, text: &[u8]) -> Option<&'a [u8]> {
    let len = text.len();
    let layout = Layout::array::<u8>(len.checked_add(1)?).ok()?;
    let place = arena.alloc_layout(layout);
    // SAFETY: `place` is `len + 1` fresh bytes of the arena (`layout`), writable, aligned for
    // `u8` and used by nothing else; `text` is another allocation. Every byte is written before
    // the slice is made, which borrows them for the arena's borrow `'a`.
    Some(unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr(), place.as_ptr(), len);
        place.as_ptr().add(len).write(0);
        core::slice::from_raw_parts(place.as_ptr(), len + 1)
    })
}

impl<R: DocumentRoot> Document<R> {
    /// Copies `text` (a document without its NUL, as `td_receive`'s `CStr::to_bytes` gives it)
    /// into an arena (a spare one, of this thread or from the shared pool, whose chunk has room
    /// for twice the text, else a new one) and parses it there with the pointer parser. An
    /// interior NUL ends the document early (parsing then fails as truncated), as with
    /// [`Cursor::from_bytes_with_nul`]; errors carry the byte offset in `text`, and give the
    /// arena back.
    pub fn parse(text: &[u8]) -> Result<Self, Error> {
        let arena = spare::take(first_chunk(text.len()));
        let parsed = Self::parse_in(&arena, text).map(|parsed| {
            // SAFETY: `Parsed<'a, Object<'a>>` and `Parsed<'static, Object<'static>>` differ
            // only in lifetimes, so they have one layout; the value is read once (the original
            // is in a `ManuallyDrop`, never dropped). Its views point into `arena`'s chunks (or
            // at constants), which do not move with the `Bump` and stay allocated until `drop`
            // has dropped the parse first; the `'static` is never exposed (`get` and `text`
            // shorten it to the borrow of the document), and `arena` is neither allocated from
            // nor reset while the parse exists.
            unsafe {
                core::ptr::from_ref::<Parsed<'_, R::Object<'_>>>(&parsed)
                    .cast::<Parsed<'static, R::Object<'static>>>()
                    .read()
            }
        });
        match parsed {
            Ok(parsed) => Ok(Document {
                parsed: MaybeUninit::new(parsed),
                arena,
            }),
            Err(error) => {
                spare::give_back(arena);
                Err(error)
            }
        }
    }

    /// The copy of `text` (without its NUL) and its parse, in `arena`, in a `ManuallyDrop`:
    /// to be read once under another lifetime.
    fn parse_in<'a>(
        arena: &'a Bump,
        text: &[u8],
    ) -> Result<ManuallyDrop<Parsed<'a, R::Object<'a>>>, Error> {
        let copy =
            copy_with_nul(arena, text).ok_or(Error::new(text.len(), ErrorKind::MissingNul))?;
        let cursor = Cursor::from_bytes_with_nul(copy)?;
        let received = R::parse_received(arena, cursor)?;
        Ok(ManuallyDrop::new(Parsed {
            received,
            text: copy.split_at(text.len()).0,
        }))
    }

    /// The parse, under the lifetime of the borrow of `self`'s arena (shortened by the
    /// callers).
    #[inline]
    fn parsed(&self) -> &Parsed<'static, R::Object<'static>> {
        // SAFETY: `parsed` is initialised by `parse` and dropped only by `drop`.
        unsafe { self.parsed.assume_init_ref() }
    }

    /// The parsed document: its object, `@extra` and `@client_id`, for the borrow of `self`.
    #[inline]
    pub fn get(&self) -> &Received<'_, R::Object<'_>> {
        R::shorten(&self.parsed().received)
    }

    /// The text it was parsed from (without the NUL).
    #[inline]
    pub fn text(&self) -> &[u8] {
        self.parsed().text
    }

    /// The bytes its arena holds from the global allocator (the text, the values, and what
    /// its chunks leave unused).
    pub fn allocated_bytes(&self) -> usize {
        self.arena.allocated_bytes()
    }
}

impl<R: DocumentRoot> Drop for Document<R> {
    /// Drops the object, then gives the arena back (kept, reset, for the next documents parsed,
    /// or freed: see [`release_spare_arenas`](super::release_spare_arenas)).
    fn drop(&mut self) {
        // SAFETY: `parsed` is initialised (by `parse`), dropped once, here, and not read after
        // (the fields' own drop, after this, skips a `MaybeUninit`); it is dropped while
        // `arena` still holds every chunk its views point into.
        unsafe { self.parsed.assume_init_drop() };
        spare::give_back(core::mem::replace(&mut self.arena, Bump::new()));
    }
}

// SAFETY: through `&Document` only `&Received` (`Sync` by the bound) and the text are reached,
// and the arena is only read (`allocated_bytes` walks its chunk list). `Bump` is not `Sync`
// because allocating or resetting through `&Bump` writes its cells; a `Document` does neither
// between `parse` and `drop` (which has `&mut self`), so reads from several threads cannot
// race. (`Send` is derived: `Bump` is `Send`, and the views move with the arena they point
// into.)
unsafe impl<R: DocumentRoot> Sync for Document<R> where R::Object<'static>: Sync {}

impl<R: DocumentRoot> fmt::Debug for Document<R>
where
    for<'a> R::Object<'a>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

/// Two documents are equal when what [`get`](Document::get) gives is (object, `@extra` as a
/// JSON value, `@client_id`), whatever the white space and escapes of their texts.
impl<R: DocumentRoot> PartialEq for Document<R>
where
    for<'a> R::Object<'a>: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}
