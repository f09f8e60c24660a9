//! Arena mode: the types `tlgen --mode arena` generates hold views into the input buffer and
//! into a bump arena ([`Bump`], from `bumpalo`) instead of owning heap data, so that parsing a
//! document allocates nothing from the global allocator once the arena has grown to the size of
//! the documents (a `Bump::reset` between documents, or one arena per batch).
//!
//! The generated types keep the names, fields and shapes of the other modes; only the storage
//! differs:
//!
//! | TL | pointer / reader mode | arena mode |
//! |---|---|---|
//! | `string` | `Cow<'a, str>` | `&'a str` (borrowed, or decoded into the arena) |
//! | `bytes` | `Vec<u8>` | `&'a [u8]` (decoded into the arena) |
//! | `vector<T>` | `Vec<T>` | `&'a [T]` |
//! | a class's variant | `Box<T>` (or `T`) | `&'a T` |
//! | a boxed field (recursion, `Config::boxed`) | `Box<T>` | [`Ref<'a, T>`] |
//! | `Object` field | `Box<Object<'a>>` | `Ref<'a, Object<'a>>` |
//! | `@extra` of [`Received`] | `Cow<'a, RawJson>` | `&'a RawJson` (both the input's text, [`RawJson`](crate::RawJson)) |
//!
//! Why views and not an allocator parameter (`Vec<T, A>`): the allocator API is unstable, and
//! `bumpalo`'s own `Vec<'bump, T>`/`Box<'bump, T>` have no `Default` and a destructor each,
//! where views are `Copy`, need no destructor (dropping a parsed document is free, the arena is
//! reset as a whole), and read like the owned types (`&value.text[..]`, `for m in messages`).
//! The price: arena values cannot be built without an arena or outlive it, and there is no
//! `into_owned`. A program that keeps documents (past the next `td_receive`, or on another
//! thread) parses each into a [`Document`], which owns a copy of its text and an arena of its
//! own (the generated `parse_document`), or uses pointer mode.
//!
//! One lifetime `'a` covers both the input and the arena: the cursor carries the arena
//! ([`Cursor::with_arena`](crate::pointer::Cursor::with_arena)), and the generated
//! `parse_received(&arena, cursor)` sets it.

mod document;
mod spare;

use core::fmt;
use core::ops::Deref;
use std::borrow::Cow;

pub use bumpalo::Bump;
pub use document::{Document, DocumentRoot};
pub use spare::{
    SHARED_SPARE_BYTES, SPARE_ARENA_MAX_BYTES, SPARE_ARENAS_PER_THREAD, release_spare_arenas,
};

use crate::json_value::{JsonValue, Number};

/// What the arena-mode `parse_received` returns: the object, `@extra` (its text, borrowed from
/// the input), and `@client_id`. The same fields as [`crate::Received`], and it prints the same.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Received<'a, T> {
    /// The object, without the envelope's `@extra` and `@client_id`.
    pub object: T,
    /// The request's `@extra`, echoed (opaque JSON); `None` when absent.
    pub extra: Option<&'a crate::RawJson>,
    /// `@client_id`, present on every `td_receive` result of TDLib's client-id interface.
    pub client_id: Option<i32>,
}

/// An untyped JSON value of arena mode: strings borrowed from the input or decoded
/// into the arena, arrays and objects as slices in the arena. Prints like [`JsonValue`];
/// [`to_value`](Self::to_value) converts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum JsonView<'a> {
    #[default]
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, classified as serde_json classifies it.
    Number(Number),
    /// A string, borrowed from the input or decoded into the arena.
    String(&'a str),
    /// An array's elements, in the arena.
    Array(&'a [JsonView<'a>]),
    /// Members in input order; duplicate keys are kept as they came.
    Object(&'a [(&'a str, JsonView<'a>)]),
}

impl<'a> JsonView<'a> {
    /// The same value as a [`JsonValue`] (its vectors allocated, its strings borrowed); then
    /// [`JsonValue::into_owned`] for one that outlives the arena.
    pub fn to_value(&self) -> JsonValue<'a> {
        match *self {
            JsonView::Null => JsonValue::Null,
            JsonView::Bool(b) => JsonValue::Bool(b),
            JsonView::Number(n) => JsonValue::Number(n),
            JsonView::String(s) => JsonValue::String(Cow::Borrowed(s)),
            JsonView::Array(items) => JsonValue::Array(items.iter().map(Self::to_value).collect()),
            JsonView::Object(members) => JsonValue::Object(
                members
                    .iter()
                    .map(|(k, v)| (Cow::Borrowed(*k), v.to_value()))
                    .collect(),
            ),
        }
    }
}

/// A boxed field of an arena-mode type (one that closes a containment cycle, or that
/// `Config::boxed` names): a reference into the arena, with a [`Default`] (a constant of the
/// type) so that the pointer parser can fill it in place like every other field.
///
/// Reads like the `Box<T>` of the other modes (`Deref`, `Debug` of the value).
pub struct Ref<'a, T>(pub &'a T);

impl<T> Clone for Ref<'_, T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Ref<'_, T> {}

impl<T> Deref for Ref<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for Ref<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for Ref<'_, T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<'a, T: DefaultRef<'a>> Default for Ref<'a, T> {
    #[inline]
    fn default() -> Self {
        Ref(T::DEFAULT_REF)
    }
}

/// A type whose default exists as a constant, so that a reference to it needs no arena: what
/// [`Ref`]'s `Default` returns. Generated for the targets of boxed fields in arena mode
/// (`const DEFAULT_REF: &'a Self = &Self::DEFAULT;`).
pub trait DefaultRef<'a>: 'a {
    /// A reference to the type's default.
    const DEFAULT_REF: &'a Self;
}
