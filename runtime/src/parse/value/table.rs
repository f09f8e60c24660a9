//! [`Field`]: one field of a constructor as the shared field loop reads it, a row of data (its
//! key, its offset in the constructor, the reader of its type) instead of generated code.
//!
//! A row is 40 bytes and carries its key's first and last eight bytes as words
//! ([`Key`](crate::pointer::Key)), so that the loop compares a key of up to 16 bytes with the
//! input without reading the key's own bytes from elsewhere in the binary: on a stream of
//! many constructors, each cold table cost one more cache miss per key.
//!
//! A constructor lists its fields in [`ParseValue::FIELDS`] with [`fields!`](crate::fields)
//! (generated code and hand-written impls alike); the loop (`super::fields`) finds a key's row and calls its reader
//! on the field's place. The reader is one function per field *type* (`i64`, `Cow<str>`,
//! `Vec<Message>`, ...), shared by every constructor that has a field of that type: one
//! indirect call per field whose few targets stay hot in the caches, where a per-constructor
//! `match` on the field index cost a call into each constructor's own code and a jump through
//! its own table (docs/BENCHMARKS.md, "Fields as data").
//!
//! Scalars and strings (`bool`, `i32`, `i64`, `Cow<str>`: most of TDLib's fields) are read by
//! the loop itself, without that call: a row also holds its type's [`Scalar`] kind, which only
//! the runtime's own impls of those types can give, so the loop writes a `bool` only into a
//! `bool`.

use core::marker::PhantomData;
use std::borrow::Cow;

use super::ParseValue;
use crate::pointer::{Cursor, Error, Key};

/// Reads the (non-null) value at the cursor into the field at `slot`, which holds its default:
/// [`ParseValue::parse_in`] of the field's type, behind a pointer without a type so that one
/// table type serves every constructor.
type ReadField<'a> = unsafe fn(slot: *mut u8, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error>;

/// One field of a constructor `S`: its key as TDLib writes it, where it lives in `S`, and how
/// to read it. Made by [`fields!`](crate::fields), which checks the field's type.
#[repr(transparent)]
pub struct Field<'a, S> {
    raw: RawField<'a>,
    /// Rows of one constructor cannot be listed in another's table.
    owner: PhantomData<fn(&mut S)>,
}

impl<'a, S> Field<'a, S> {
    /// The row of the field of `S` at byte `offset`, whose type is `T`. What
    /// [`fields!`](crate::fields) expands to, after checking the types.
    ///
    /// # Safety
    ///
    /// The field of `S` at `offset` has exactly type `T`, lifetimes included, and is aligned for
    /// `T` (so not an unaligned field of a `repr(packed)` struct).
    pub const unsafe fn new<T: ParseValue<'a>>(key: &'static [u8], offset: usize) -> Self {
        assert!(
            offset <= MAX_OFFSET as usize,
            "a field at an offset of 16 MiB or more"
        );
        Field {
            raw: RawField {
                key: Key::new(key),
                place: offset as u32 | (T::SCALAR.kind as u32) << KIND_SHIFT,
                read: read_field::<T>,
            },
            owner: PhantomData,
        }
    }
}

impl<S> core::fmt::Debug for Field<'_, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Field")
            .field("key", &String::from_utf8_lossy(self.raw.key.bytes()))
            .field("offset", &self.raw.offset())
            .finish_non_exhaustive()
    }
}

/// How the field loop reads a value of type `T` ([`ParseValue::SCALAR`]): itself, for the
/// scalars and strings that are most of TDLib's fields, or through the row's reader.
///
/// Only the runtime has values of this type other than [`CALL`](Self::CALL), each for the one
/// type the loop then writes (`Scalar<bool>` has the constant that says "read a `bool`"), so a
/// `ParseValue` impl of any other type can only say `CALL`, and the loop never writes a value
/// into a field of another type. Invariant in `T`, so a kind cannot move to a type with other
/// lifetimes.
///
/// A hand-written impl keeps the default; another type's kind does not fit:
///
/// ```
/// # use tlgen_runtime::parse::{ParseValue, Scalar};
/// #[derive(Default)]
/// struct Flag(u8);
/// impl<'a> ParseValue<'a> for Flag {
///     const SCALAR: Scalar<Self> = Scalar::CALL;
/// }
/// ```
///
/// ```compile_fail
/// # use tlgen_runtime::parse::{ParseValue, Scalar};
/// #[derive(Default)]
/// struct Flag(u8);
/// impl<'a> ParseValue<'a> for Flag {
///     const SCALAR: Scalar<Self> = <bool as ParseValue<'a>>::SCALAR;
/// }
/// ```
#[doc(hidden)]
pub struct Scalar<T> {
    kind: Kind,
    ty: PhantomData<fn(T) -> T>,
}

impl<T> Scalar<T> {
    /// Read through the row's reader ([`ParseValue::parse_in`]).
    pub const CALL: Scalar<T> = Scalar::of(Kind::Call);

    const fn of(kind: Kind) -> Scalar<T> {
        Scalar {
            kind,
            ty: PhantomData,
        }
    }
}

impl Scalar<bool> {
    pub(crate) const BOOL: Scalar<bool> = Scalar::of(Kind::Bool);
}

impl Scalar<i32> {
    pub(crate) const I32: Scalar<i32> = Scalar::of(Kind::I32);
}

impl Scalar<i64> {
    pub(crate) const I64: Scalar<i64> = Scalar::of(Kind::I64);
}

impl<'a> Scalar<Cow<'a, str>> {
    pub(crate) const STR: Scalar<Cow<'a, str>> = Scalar::of(Kind::Str);
}

/// What a row's [`Scalar`] says, kept in the row's top byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
enum Kind {
    Call = 0,
    Bool = 1,
    I32 = 2,
    I64 = 3,
    Str = 4,
}

impl Kind {
    #[inline(always)]
    fn from_bits(bits: u32) -> Kind {
        match bits {
            1 => Kind::Bool,
            2 => Kind::I32,
            3 => Kind::I64,
            4 => Kind::Str,
            _ => Kind::Call,
        }
    }
}

/// Where a row's [`Kind`] starts in [`RawField::place`]; the offset is below it.
const KIND_SHIFT: u32 = 24;

/// The largest field offset a row holds (16 MiB - 1): a constructor bigger than that fails
/// the build ([`Field::new`]).
const MAX_OFFSET: u32 = (1 << KIND_SHIFT) - 1;

/// A [`Field`] without its constructor's type: what the one non-generic field loop takes.
/// 40 bytes: the key (28, its words and bytes), the offset and kind, the reader.
pub(super) struct RawField<'a> {
    key: Key,
    /// The field's offset in its constructor (the low 24 bits) and its [`Kind`] (the top 8).
    place: u32,
    read: ReadField<'a>,
}

impl<'a> RawField<'a> {
    /// The rows of `S`'s table, without their owner's type.
    #[inline(always)]
    pub(super) const fn erase<'f, S>(fields: &'f [Field<'a, S>]) -> &'f [RawField<'a>] {
        let len = fields.len();
        // SAFETY: `Field` is a `repr(transparent)` wrapper of a `RawField` (its other member is
        // a zero-sized `PhantomData`), so the slices have the same layout, length and lifetime.
        unsafe { core::slice::from_raw_parts(fields.as_ptr().cast::<RawField<'a>>(), len) }
    }

    /// The key as it appears in JSON, quotes and colon included: `"name":`.
    #[inline(always)]
    pub(super) fn key(&self) -> &'static [u8] {
        self.key.bytes()
    }

    /// The key, for [`Cursor::eat_field_key`].
    #[inline(always)]
    pub(super) fn key_words(&self) -> &Key {
        &self.key
    }

    /// The field's offset in its constructor.
    #[inline(always)]
    fn offset(&self) -> usize {
        (self.place & MAX_OFFSET) as usize
    }

    /// How the loop reads the field.
    #[inline(always)]
    fn kind(&self) -> Kind {
        Kind::from_bits(self.place >> KIND_SHIFT)
    }

    /// Reads the (non-null) value at the cursor into this field of the constructor at `owner`,
    /// at nesting `depth`: a scalar or a string by the loop itself (one call fewer per field,
    /// and the cursor kept in registers), anything else through the row's reader.
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
        let slot = unsafe { owner.add(self.offset()) };
        // Each arm's kind was given by `T::SCALAR` of the field's type `T` (`Field::new`), and
        // only `Scalar<bool>` has `BOOL`, and so on: the field has the type each arm writes.
        // The arms read as `parse_in` of that type does (`parse_by_reading!`).
        match self.kind() {
            Kind::Bool => {
                let value = c.read_bool()?;
                // SAFETY: the field is a `bool` (above), live and ours (caller).
                unsafe { *slot.cast::<bool>() = value };
            }
            // (one inlined copy of the integer read for both)
            kind @ (Kind::I32 | Kind::I64) => {
                let wide = kind == Kind::I64;
                let value = c.read_int_of_width(wide)?;
                if wide {
                    // SAFETY: the field is an `i64` (above), live and ours (caller).
                    unsafe { *slot.cast::<i64>() = value };
                } else {
                    // SAFETY: the field is an `i32` (above), live and ours (caller); `value`
                    // is in its range (`read_int_of_width`).
                    unsafe { *slot.cast::<i32>() = value as i32 };
                }
            }
            Kind::Str => {
                let value = c.read_str()?;
                // SAFETY: the field is a `Cow<'a, str>` (above, `Scalar` is invariant), live
                // and ours (caller).
                unsafe { *slot.cast::<Cow<'a, str>>() = value };
            }
            // SAFETY: `slot` is a field of the type `read` was made for (`Field::new`), live
            // and not otherwise borrowed (caller).
            Kind::Call => unsafe { (self.read)(slot, c, depth) }?,
        }
        Ok(())
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

/// Holds only when `Self` is `T`: the type check of [`fields!`](crate::fields).
#[doc(hidden)]
pub trait SameType<T> {}
impl<T> SameType<T> for T {}

/// Compiles only when the type `U` of the referenced field is exactly `T`, lifetimes included.
/// `U` is inferred from the argument alone, so no coercion (`&mut Box<T>` to `&mut T`, ...) can
/// make a wrong type pass, and the reference is `&mut`, invariant in `U`, so neither can
/// subtyping (a `Cow<'static, str>` field given as `Cow<'a, str>`, which would let the parser
/// store data borrowed for `'a` where `'static` is promised).
#[doc(hidden)]
#[inline(always)]
pub fn assert_field_type<T, U: SameType<T>>(_: &mut U) {}

/// A constructor's [`ParseValue::FIELDS`](crate::parse::ParseValue::FIELDS) table:
///
/// ```ignore
/// const FIELDS: &'a [Field<'a, Self>] = tlgen_runtime::fields!(Self {
///     id: i64 = b"\"id\":",
///     text: Cow<'a, str> = b"\"text\":",
/// });
/// ```
///
/// It is what generated code writes, and what a hand-written `ParseValue` should use. It checks
/// at compile time that each field has exactly the type given (one closure per table, never
/// called), and a row's type names its owner, so a table that compiles is sound:
///
/// ```compile_fail
/// # use tlgen_runtime::parse::{Field, ParseValue};
/// #[derive(Default)]
/// struct S { n: Box<i32> }
/// impl<'a> ParseValue<'a> for S {
///     const FIELDS: &'a [Field<'a, Self>] = tlgen_runtime::fields!(Self { n: i32 = b"\"n\":" });
/// }
/// ```
///
/// ```compile_fail
/// # use std::{borrow::Cow, marker::PhantomData};
/// # use tlgen_runtime::parse::{Field, ParseValue};
/// #[derive(Default)]
/// struct S<'a> { s: Cow<'static, str>, buffer: PhantomData<&'a ()> }
/// impl<'a> ParseValue<'a> for S<'a> {
///     const FIELDS: &'a [Field<'a, Self>] =
///         tlgen_runtime::fields!(Self { s: Cow<'a, str> = b"\"s\":" });
/// }
/// ```
///
/// ```compile_fail
/// # use tlgen_runtime::parse::{Field, ParseValue};
/// #[derive(Default)]
/// struct A { n: i32 }
/// #[derive(Default)]
/// struct B { s: String, n: i32 }
/// impl<'a> ParseValue<'a> for B {
///     const FIELDS: &'a [Field<'a, Self>] = tlgen_runtime::fields!(A { n: i32 = b"\"n\":" });
/// }
/// ```
///
/// The `unsafe` it expands to is the runtime's, not the caller's: a crate with
/// `#![forbid(unsafe_code)]` can use it (and include generated code). Nor does it lend its
/// `unsafe` to the caller's key expressions:
///
/// ```compile_fail,E0133
/// # use tlgen_runtime::parse::{Field, ParseValue};
/// const unsafe fn key() -> &'static [u8] {
///     b"\"n\":"
/// }
/// #[derive(Default)]
/// struct S { n: i32 }
/// impl<'a> ParseValue<'a> for S {
///     const FIELDS: &'a [Field<'a, Self>] = tlgen_runtime::fields!(Self { n: i32 = key() });
/// }
/// ```
#[macro_export]
macro_rules! fields {
    ($owner:ty { $($name:ident : $ty:ty = $key:expr),* $(,)? }) => {{
        let _ = |owner: &mut $owner| {
            $($crate::parse::assert_field_type::<$ty, _>(&mut owner.$name);)*
        };
        &[$({
            // (the key is evaluated out of the `unsafe` block: a caller's expression gets no
            // `unsafe` from the macro)
            let key: &'static [u8] = $key;
            let offset = ::core::mem::offset_of!($owner, $name);
            // SAFETY: the closure above compiles only if `$name` is a field of `$owner` of
            // exactly type `$ty` that can be borrowed (so aligned: a reference to an
            // unaligned packed field is an error), and `offset_of!` gives that field's offset
            // (a field of `$owner` itself: `offset_of!` never goes through `Deref`).
            #[allow(clippy::macro_metavars_in_unsafe)]
            let field = unsafe { $crate::parse::Field::<$owner>::new::<$ty>(key, offset) };
            field
        }),*]
    }};
}

#[cfg(test)]
mod tests {
    use super::{Kind, RawField};

    #[test]
    fn kinds_survive_the_row() {
        for kind in [Kind::Call, Kind::Bool, Kind::I32, Kind::I64, Kind::Str] {
            assert_eq!(Kind::from_bits(kind as u32), kind);
        }
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_row_is_40_bytes() {
        assert_eq!(size_of::<RawField<'_>>(), 40);
    }
}
