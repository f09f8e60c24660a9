//! The pointer parser's object layer: what generated pointer parsers call, on top of the
//! [`crate::pointer::Cursor`] tokenizer. It mirrors [`crate::reader`] rule for rule
//! (null = absent, first duplicate wins, unknown keys skipped, `@type` dispatch with a fast path
//! for `@type` first and a look-ahead otherwise, the `@extra` / `@client_id` envelope, one depth
//! count for every `{` and `[`), so that both parsers accept the same documents and build equal
//! values.
//!
//! Field dispatch is data-driven: each generated constructor lists its fields in declaration
//! order as rows of data ([`Field`]: the key as TDLib writes it, `"name":`, the field's offset,
//! the reader of its type); one non-generic loop for every constructor (behind
//! [`parse_fields`]) first tries the key that should come next (TDLib writes fields in schema
//! order), otherwise finds the key by length and exact compare, and reads the field: a scalar
//! or a string itself, anything else by calling the row's reader. Values are built in place
//! ([`ParseValue::parse_in`]): a constructor is parsed inside its parent's field, its vector's
//! buffer or its box, not moved there afterwards. Class
//! dispatch goes through each class's [`TypeTable`](crate::type_table::TypeTable) (CRC-32C of the
//! `@type` name, then an exact compare) to a row per constructor, read by code shared by every
//! class ([`OwnedClass`]; in arena mode [`RefClass`], for a class whose variants are all
//! references, else a generated `match` on the index). The per-object entry points are compiled
//! in the generated crate ([`entry`]).

mod arena;
pub(crate) mod class;
mod elements;
pub mod entry;
mod owned_class;
mod ref_class;
mod scalars;
mod scratch;
mod value;

pub use class::{
    ClassIndexParser, ParseClass, parse_class, parse_received, parse_received_in, parse_unknown,
};
pub use owned_class::{
    MadeSlot, OwnedClass, OwnedVariant, SLOT_MAX, alloc_made, in_slot, slot_fits, take_made,
    with_made_slot,
};
pub use ref_class::{Made, RefClass, RefVariant};
pub use scratch::RETAINED_SCRATCH;
pub use value::{
    DefaultImage, Envelope, ErasedFields, Field, ImagePromise, ParseValue, SameType, Scalar,
    assert_field_type, copy_image, image_of, parse_field_value, parse_fields, parse_fields_erased,
    parse_rest, parse_struct_in,
};

use crate::pointer::{Cursor, Error};
pub use crate::type_crc::type_crc;

/// Parses a whole NUL-terminated document as `T` (the top-level value is depth 1) and checks
/// that nothing but whitespace follows.
pub fn from_cursor<'a, T: ParseValue<'a>>(mut cursor: Cursor<'a>) -> Result<T, Error> {
    let value = parse_field_value(&mut cursor, 1)?;
    cursor.finish()?;
    Ok(value)
}
