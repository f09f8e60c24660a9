//! [`Field`]: one field of a constructor as the shared field loop reads it, a row of data (its
//! key, its offset in the constructor, the reader of its type) instead of generated code.
//!
//! A constructor lists its fields in [`ParseValue::FIELDS`] (generated code with
//! [`Field::new`], hand-written impls with [`field!`](crate::field)); the loop ([`super::object`]) finds a key's row and calls its reader
//! on the field's place. The reader is one function per field *type* (`i64`, `Cow<str>`,
//! `Vec<Message>`, ...), shared by every constructor that has a field of that type: one
//! indirect call per field whose few targets stay hot in the caches, where a per-constructor
//! `match` on the field index cost a call into each constructor's own code and a jump through
//! its own table (docs/BENCHMARKS.md, "Fields as data").

use core::marker::PhantomData;

use super::value::ParseValue;
use crate::pointer::{Cursor, Error};

/// Reads the (non-null) value at the cursor into the field at `slot`, which holds its default:
/// [`ParseValue::parse_in`] of the field's type, behind a pointer without a type so that one
/// table type serves every constructor.
type ReadField<'a> = unsafe fn(slot: *mut u8, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error>;

/// One field of a constructor `S`: its key as TDLib writes it, where it lives in `S`, and how
/// to read it. Made by [`Field::new`] (generated code) or [`field!`](crate::field), which
/// checks the field's type.
#[repr(transparent)]
pub struct Field<'a, S> {
    raw: RawField<'a>,
    /// Rows of one constructor cannot be listed in another's table.
    owner: PhantomData<fn(&mut S)>,
}

impl<'a, S> Field<'a, S> {
    /// The row of the field of `S` at byte `offset`, whose type is `T`. What generated code
    /// calls: tlgen writes the struct and its table from the same model, and a type check per
    /// row (what [`field!`](crate::field) does, a closure each) made the generated crate's
    /// debug build 1.2 times as long (docs/COMPILE_COST.md, item 10).
    ///
    /// # Safety
    ///
    /// The field of `S` at `offset` has exactly type `T`.
    pub const unsafe fn new<T: ParseValue<'a>>(key: &'static [u8], offset: usize) -> Self {
        Field {
            raw: RawField {
                key,
                offset,
                read: read_field::<T>,
            },
            owner: PhantomData,
        }
    }

    /// [`new`](Self::new) with the type taken from the field: `field_type` names the field,
    /// `|owner: &S| type_of(&owner.name)`. What [`field!`](crate::field) calls.
    ///
    /// # Safety
    ///
    /// `offset` is the offset of the field that `field_type` reads.
    #[doc(hidden)]
    pub const unsafe fn with_type_of<T: ParseValue<'a>, F: FnOnce(&S) -> PhantomData<T>>(
        key: &'static [u8],
        offset: usize,
        field_type: F,
    ) -> Self {
        // (never called: it exists for its type)
        core::mem::forget(field_type);
        // SAFETY: `T` is the type of the field at `offset` (caller, and `field_type`'s type).
        unsafe { Self::new::<T>(key, offset) }
    }

    /// The key as it appears in JSON, quotes and colon included: `"name":`.
    #[inline]
    pub fn key(&self) -> &'static [u8] {
        self.raw.key
    }
}

impl<S> core::fmt::Debug for Field<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Field")
            .field("key", &String::from_utf8_lossy(self.raw.key))
            .field("offset", &self.raw.offset)
            .finish_non_exhaustive()
    }
}

/// A [`Field`] without its constructor's type: what the one non-generic field loop takes.
pub(super) struct RawField<'a> {
    key: &'static [u8],
    offset: usize,
    read: ReadField<'a>,
}

impl<'a> RawField<'a> {
    /// The rows of `S`'s table, without their owner's type.
    #[inline(always)]
    pub(super) fn erase<'f, S>(fields: &'f [Field<'a, S>]) -> &'f [RawField<'a>] {
        let len = fields.len();
        // SAFETY: `Field` is a `repr(transparent)` wrapper of a `RawField` (its other member is
        // a zero-sized `PhantomData`), so the slices have the same layout, length and lifetime.
        unsafe { core::slice::from_raw_parts(fields.as_ptr().cast::<RawField<'a>>(), len) }
    }

    /// [`Field::key`].
    #[inline(always)]
    pub(super) fn key(&self) -> &'static [u8] {
        self.key
    }

    /// Reads the (non-null) value at the cursor into this field of the constructor at `owner`,
    /// at nesting `depth`.
    ///
    /// # Safety
    ///
    /// `owner` points to a live value of the type `S` whose table this row comes from
    /// ([`erase`](Self::erase)), valid for writes and not otherwise borrowed while this runs.
    #[inline(always)]
    pub(super) unsafe fn read(
        &self,
        owner: *mut u8,
        c: &mut Cursor<'a>,
        depth: u32,
    ) -> Result<(), Error> {
        // SAFETY: `offset` is the offset of a field of `S` (`Field::new`), so the result stays
        // inside the value `owner` points to.
        let slot = unsafe { owner.add(self.offset) };
        // SAFETY: `slot` is a field of the type `read` was made for (`Field::new`), live and
        // not otherwise borrowed (caller).
        unsafe { (self.read)(slot, c, depth) }
    }
}

/// [`ReadField`] for fields of type `T`: one copy per type, shared by every constructor.
///
/// # Safety
///
/// `slot` points to a live `T`, not otherwise borrowed while this runs.
unsafe fn read_field<'a, T: ParseValue<'a>>(
    slot: *mut u8,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    // SAFETY: caller.
    let slot = unsafe { &mut *slot.cast::<T>() };
    T::parse_in(slot, c, depth)
}

/// The type of the value `_` points to, for [`field!`](crate::field). `T` is inferred from the
/// argument alone and `PhantomData` has no coercions, so the type is exactly the field's (never
/// a `Deref` target of it).
#[doc(hidden)]
#[inline(always)]
pub const fn type_of<T>(_: &T) -> PhantomData<T> {
    PhantomData
}

/// One row of a constructor's [`ParseValue::FIELDS`](crate::parse::ParseValue::FIELDS):
/// `field!(Self, name, b"\"name\":")` in `impl<'a> ParseValue<'a> for ...`, for impls written
/// by hand (generated code calls [`Field::new`], see there).
///
/// The field's type is taken from the field itself, and a row's type names its owner, so a row
/// cannot be listed in another constructor's table:
///
/// ```compile_fail
/// # use tlgen_runtime::parse::{Field, ParseValue};
/// #[derive(Default)]
/// struct A { n: i32 }
/// #[derive(Default)]
/// struct B { s: String, n: i32 }
/// impl<'a> ParseValue<'a> for B {
///     const FIELDS: &'a [Field<'a, Self>] = &[tlgen_runtime::field!(A, n, b"\"n\":")];
/// }
/// ```
#[macro_export]
macro_rules! field {
    ($owner:ty, $name:ident, $key:expr) => {
        // SAFETY: `offset_of!` and the closure name the same field of `$owner` (`offset_of!`
        // only fields of `$owner` itself, so the closure cannot reach one through `Deref`).
        unsafe {
            $crate::parse::Field::<$owner>::with_type_of(
                $key,
                ::core::mem::offset_of!($owner, $name),
                |owner: &$owner| $crate::parse::type_of(&owner.$name),
            )
        }
    };
}
