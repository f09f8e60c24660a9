//! [`ParseValue`], the trait of everything the pointer parser reads at a field or element
//! position (the counterpart of [`crate::reader::ReadValue`], with the same rules), with what
//! belongs to it: its table type [`Field`] (`table`: a constructor's fields as rows of data)
//! and the field loop that reads a constructor through that table (`fields`). The impls for
//! scalars and containers are in `parse::scalars`, classes in `parse::class`.

mod fields;
mod image;
mod table;

pub(in crate::parse) use fields::skip_or_envelope;
pub use fields::{Envelope, parse_fields, parse_fields_erased, parse_rest, parse_struct_in};
pub use image::{DefaultImage, ErasedFields, ImagePromise, copy_image, image_of};
pub use table::{Field, SameType, Scalar, assert_field_type};

use crate::pointer::{Cursor, Error};

/// A value the pointer parser reads at a field or element position (not `null`).
///
/// Values are built in place: [`parse_in`](Self::parse_in) fills a slot that holds the
/// type's default (a field not yet seen, a new element of a vector, a new box), so a
/// constructor is never moved up through the `Result`s of its parents. A generated constructor
/// implements only [`FIELDS`](Self::FIELDS) and keeps the default `parse_in`, an object parsed
/// field by field; every other value (scalars, strings, vectors, classes) implements
/// `parse_in`. [`parse`](Self::parse) is derived from it.
pub trait ParseValue<'a>: Sized + Default + 'a {
    /// A constructor's fields (a table made by [`fields!`](crate::fields)) in
    /// declaration order, which is TDLib's order.
    const FIELDS: &'a [Field<'a, Self>] = &[];

    /// Whether the field loop reads a field of this type itself (the runtime's scalars and
    /// strings) or calls [`parse_in`](Self::parse_in); only the runtime's own impls have
    /// another value than [`Scalar::CALL`] to give.
    #[doc(hidden)]
    const SCALAR: Scalar<Self> = Scalar::CALL;

    /// The type's default as an image in read-only memory, for the pointer parser's entry
    /// points and vectors to copy (a copy of run-time length in code shared by every
    /// constructor, instead of the per-type stores of `Default::default()`); `None` (the
    /// default) builds the value with `Default`. Generated constructors whose default is a
    /// constant, classes and arena mode's `Object` give it with
    /// [`default_image!`](crate::default_image).
    #[doc(hidden)]
    const DEFAULT_IMAGE: Option<DefaultImage<'a, Self>> = None;

    /// Parses the (non-null) value at the cursor into `slot`, which holds `Self::default()`;
    /// `depth` is the nesting level the value would open. The default parses a constructor:
    /// `{`, then its fields through the shared field loop. On error the slot's content is
    /// unspecified (the whole parse fails).
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        parse_struct_in(slot, c, depth)
    }

    /// Parses the (non-null) value at the cursor as a new value.
    #[inline]
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        let mut value = Self::default();
        Self::parse_in(&mut value, c, depth)?;
        Ok(value)
    }
}

/// Reads a value where `null` means "absent" (the type's default).
#[inline]
pub fn parse_field_value<'a, T: ParseValue<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<T, Error> {
    let mut value = T::default();
    parse_nullable_in(&mut value, c, depth)?;
    Ok(value)
}

/// [`parse_field_value`] into a slot holding `T::default()`: `null` leaves it as it is.
#[inline]
pub(in crate::parse) fn parse_nullable_in<'a, T: ParseValue<'a>>(
    slot: &mut T,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    if c.eat_null() {
        Ok(())
    } else {
        T::parse_in(slot, c, depth)
    }
}
