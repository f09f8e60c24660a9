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
//! dispatch goes through each class's [`TypeTable`](crate::type_table::TypeTable) (CRC32 of the
//! `@type` name, then an exact compare) and a generated `match` on the index. The per-object
//! entry points are compiled in the generated crate ([`entry`]).

mod arena;
pub(crate) mod class;
mod elements;
pub mod entry;
mod scalars;
mod value;

pub use class::{
    ClassIndexParser, ParseClass, parse_class, parse_received, parse_received_in, parse_unknown,
};
pub use value::{
    DefaultImage, Envelope, ErasedFields, Field, ImagePromise, ParseValue, SameType, Scalar,
    assert_field_type, copy_image, image_of, parse_field_value, parse_fields, parse_fields_erased,
    parse_rest, parse_struct_in,
};

use crate::pointer::{Cursor, Error};

/// Parses a whole NUL-terminated document as `T` (the top-level value is depth 1) and checks
/// that nothing but whitespace follows.
pub fn from_cursor<'a, T: ParseValue<'a>>(mut cursor: Cursor<'a>) -> Result<T, Error> {
    let value = parse_field_value(&mut cursor, 1)?;
    cursor.finish()?;
    Ok(value)
}

/// The CRC32 of an `@type` name, as the generator computed it for each constructor (CRC-32/ISO-HDLC,
/// the zlib CRC that `crc32fast::hash` computes).
///
/// Hand-written (slicing by 8, tables built at compile time) rather than `crc32fast::hash`:
/// names are 5 to 60 bytes, where crc32fast's run-time dispatch and its long-input SIMD set-up
/// cost more than the bytes themselves.
#[inline]
#[allow(
    clippy::indexing_slicing,
    clippy::expect_used,
    reason = "indices are bytes (< 256) into 256-entry tables; the chunks are exactly 8 bytes"
)]
pub fn type_crc(name: &str) -> u32 {
    let t = &CRC_TABLES;
    let mut crc = !0u32;
    let mut chunks = name.as_bytes().chunks_exact(8);
    for chunk in &mut chunks {
        let (lo, hi) = chunk.split_at(4);
        let lo = u32::from_le_bytes(lo.try_into().expect("4 bytes")) ^ crc;
        let hi = u32::from_le_bytes(hi.try_into().expect("4 bytes"));
        let byte = |w: u32, i: u32| (w >> (8 * i) & 0xff) as usize;
        crc = t[7][byte(lo, 0)]
            ^ t[6][byte(lo, 1)]
            ^ t[5][byte(lo, 2)]
            ^ t[4][byte(lo, 3)]
            ^ t[3][byte(hi, 0)]
            ^ t[2][byte(hi, 1)]
            ^ t[1][byte(hi, 2)]
            ^ t[0][byte(hi, 3)];
    }
    for &b in chunks.remainder() {
        crc = t[0][((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// Slicing-by-8 tables of the reflected CRC-32 polynomial `0xEDB88320`: `[0]` is the classic
/// byte table, `[k]` advances a byte's contribution by `k` more zero bytes.
#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation: a bad index fails the build"
)]
static CRC_TABLES: [[u32; 256]; 8] = {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut i = 0;
    while i < 256 {
        let mut k = 1;
        while k < 8 {
            t[k][i] = (t[k - 1][i] >> 8) ^ t[0][(t[k - 1][i] & 0xff) as usize];
            k += 1;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    #[test]
    fn type_crc_is_crc32fast() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        for len in 0..100 {
            for _ in 0..50 {
                let name: String = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        char::from(b' ' + (state % 95) as u8)
                    })
                    .collect();
                assert_eq!(
                    super::type_crc(&name),
                    crc32fast::hash(name.as_bytes()),
                    "{name:?}"
                );
            }
        }
        assert_eq!(super::type_crc("messageText"), 4293368815);
    }
}
