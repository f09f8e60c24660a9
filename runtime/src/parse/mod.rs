//! The pointer parser's object layer: what generated pointer parsers call, on top of the
//! [`Cursor`](crate::pointer::Cursor) tokenizer. It mirrors [`crate::reader`] rule for rule
//! (null = absent, first duplicate wins, unknown keys skipped, `@type` dispatch with a fast path
//! for `@type` first and a look-ahead otherwise, the `@extra` / `@client_id` envelope, one depth
//! count for every `{` and `[`), so that both parsers accept the same documents and build equal
//! values.
//!
//! Field dispatch is data-driven: each generated constructor lists its keys as TDLib writes
//! them (`"name":`) in declaration order; [`parse_rest`] first tries the key that should come
//! next (TDLib writes fields in schema order), and otherwise finds the key by length and exact
//! compare. Class dispatch is generated: CRC32 of the `@type` name, `match` on constants, then an
//! exact compare.

mod object;
mod value;

pub use object::{
    Envelope, ParseClass, ParseFields, parse_class, parse_received, parse_rest, parse_struct,
    parse_unknown,
};
pub use value::{ParseValue, parse_field_value};

use crate::pointer::{Cursor, Error};

/// Parses a whole NUL-terminated document as `T` (the top-level value is depth 1) and checks
/// that nothing but whitespace follows.
pub fn from_cursor<'a, T: ParseValue<'a>>(mut cursor: Cursor<'a>) -> Result<T, Error> {
    let value = parse_field_value(&mut cursor, 1)?;
    cursor.finish()?;
    Ok(value)
}

/// The CRC32 of an `@type` name, as the generator computed it for each constructor.
#[inline]
pub fn type_crc(name: &str) -> u32 {
    crc32fast::hash(name.as_bytes())
}
