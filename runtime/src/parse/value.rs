//! [`ParseValue`]: how the pointer parser reads each kind of value; the counterpart of
//! [`crate::reader::ReadValue`], with the same rules.

use std::borrow::Cow;

use super::object::parse_struct;
use crate::element::Element;
use crate::json_value::JsonValue;
use crate::pointer::{Cursor, Error};

/// A value the pointer parser reads at a field or element position (not `null`).
///
/// As [`ReadValue`](crate::reader::ReadValue): a generated constructor implements only
/// [`KEYS`](Self::KEYS) and [`parse_field`](Self::parse_field) and keeps the default
/// [`parse`](Self::parse), an object parsed field by field; every other value implements `parse`.
pub trait ParseValue<'a>: Sized + Default {
    /// A constructor's keys as TDLib writes them, `"name":`, in declaration order (at most 64).
    const KEYS: &'static [&'static [u8]] = &[];

    /// Parses the value at the cursor; `depth` is the nesting level the value would open.
    /// The default parses a constructor.
    #[inline]
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        parse_struct(c, depth)
    }

    /// Parses the (non-null) value of field `index` (of [`KEYS`](Self::KEYS)) at nesting
    /// `depth`. Only called with an index of `KEYS`.
    #[inline]
    fn parse_field(&mut self, index: usize, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        let _ = index;
        c.skip_value(depth)
    }
}

/// Reads a value where `null` means "absent" (the type's default).
#[inline]
pub fn parse_field_value<'a, T: ParseValue<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<T, Error> {
    if c.eat_null() {
        Ok(T::default())
    } else {
        T::parse(c, depth)
    }
}

/// Parses the (non-null) value at the cursor into `slot`: one arm of a generated
/// `parse_field`, a plain call with no `?` of its own (cheaper for rustc to check).
/// (`#[inline(always)]` was measured and not kept: docs/BENCHMARKS.md.)
#[inline]
pub fn parse_into<'a, T: ParseValue<'a>>(
    slot: &mut T,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    *slot = T::parse(c, depth)?;
    Ok(())
}

impl<'a> ParseValue<'a> for i32 {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_i32()
    }
}

impl<'a> ParseValue<'a> for i64 {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_i64()
    }
}

impl<'a> ParseValue<'a> for f64 {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_f64()
    }
}

impl<'a> ParseValue<'a> for bool {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_bool()
    }
}

impl<'a> ParseValue<'a> for Cow<'a, str> {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_str()
    }
}

/// `bytes`: base64, decoded.
impl<'a> ParseValue<'a> for Vec<u8> {
    #[inline]
    fn parse(c: &mut Cursor<'a>, _: u32) -> Result<Self, Error> {
        c.read_bytes()
    }
}

impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for Vec<T> {
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        c.begin_array(depth)?;
        let mut out = Vec::new();
        while c.next_element()? {
            if out.capacity() == 0 {
                // (`Vec` starts big elements, such as messages, at capacity 1 and doubles)
                out.reserve(4);
            }
            out.push(parse_field_value(c, depth + 1)?);
        }
        Ok(out)
    }
}

impl<'a, T: ParseValue<'a>> ParseValue<'a> for Option<T> {
    #[inline]
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        T::parse(c, depth).map(Some)
    }
}

impl<'a, T: ParseValue<'a>> ParseValue<'a> for Box<T> {
    #[inline]
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        T::parse(c, depth).map(Box::new)
    }
}

/// Any JSON value, classified as serde_json classifies it.
impl<'a> ParseValue<'a> for JsonValue<'a> {
    fn parse(c: &mut Cursor<'a>, depth: u32) -> Result<Self, Error> {
        match c.peek() {
            b'n' => {
                if c.eat_null() {
                    Ok(JsonValue::Null)
                } else {
                    c.skip_value(depth).map(|()| JsonValue::Null)
                }
            }
            b't' | b'f' => c.read_bool().map(JsonValue::Bool),
            b'"' => c.read_str().map(JsonValue::String),
            b'[' => {
                c.begin_array(depth)?;
                let mut items = Vec::new();
                while c.next_element()? {
                    items.push(JsonValue::parse(c, depth + 1)?);
                }
                Ok(JsonValue::Array(items))
            }
            b'{' => {
                c.begin_object(depth)?;
                let mut members = Vec::new();
                while let Some(key) = c.next_key()? {
                    members.push((key, JsonValue::parse(c, depth + 1)?));
                }
                Ok(JsonValue::Object(members))
            }
            _ => c.read_number().map(JsonValue::Number),
        }
    }
}
