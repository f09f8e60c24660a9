//! [`ParseValue`]: how the pointer parser reads each kind of value; the counterpart of
//! [`crate::reader::ReadValue`], with the same rules.

use std::borrow::Cow;

use super::field::{Field, Scalar};
use super::object::parse_struct_in;
use crate::element::Element;
use crate::json_value::JsonValue;
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
fn parse_nullable_in<'a, T: ParseValue<'a>>(
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

/// `parse_in` for a value read whole by `read` (scalars, strings, bytes), and the type's
/// [`Scalar`] kind when the field loop reads its fields itself, with the same `read`.
///
/// Otherwise inlined into the one reader per type that constructors' field rows call
/// (`parse::field`), so a stream of many constructors keeps a few hot readers in the
/// instruction cache.
macro_rules! parse_by_reading {
    ($($ty:ty => $read:ident $(, $scalar:ident)?);* $(;)?) => {$(
        impl<'a> ParseValue<'a> for $ty {
            $(const SCALAR: Scalar<Self> = Scalar::$scalar;)?

            #[inline]
            fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, _: u32) -> Result<(), Error> {
                *slot = c.$read()?;
                Ok(())
            }
        }
    )*};
}

parse_by_reading! {
    i32 => read_i32, I32;
    i64 => read_i64, I64;
    bool => read_bool, BOOL;
    Cow<'a, str> => read_str, STR;
    f64 => read_f64;
    // `bytes`: base64, decoded.
    Vec<u8> => read_bytes;
}

/// Elements are built in the vector's buffer: a default is pushed, then parsed in place.
impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for Vec<T> {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        c.begin_array(depth)?;
        while c.next_element()? {
            if slot.capacity() == 0 {
                // (`Vec` starts big elements, such as messages, at capacity 1 and doubles)
                slot.reserve(4);
            }
            slot.push(T::default());
            if let Some(element) = slot.last_mut() {
                parse_nullable_in(element, c, depth + 1)?;
            }
        }
        Ok(())
    }
}

impl<'a, T: ParseValue<'a>> ParseValue<'a> for Option<T> {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        T::parse_in(slot.insert(T::default()), c, depth)
    }
}

/// In the box that `Default` allocated.
impl<'a, T: ParseValue<'a>> ParseValue<'a> for Box<T> {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        T::parse_in(slot, c, depth)
    }
}

/// Any JSON value, classified as serde_json classifies it.
impl<'a> ParseValue<'a> for JsonValue<'a> {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        *slot = parse_json_value(c, depth)?;
        Ok(())
    }
}

fn parse_json_value<'a>(c: &mut Cursor<'a>, depth: u32) -> Result<JsonValue<'a>, Error> {
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
                items.push(parse_json_value(c, depth + 1)?);
            }
            Ok(JsonValue::Array(items))
        }
        b'{' => {
            c.begin_object(depth)?;
            let mut members = Vec::new();
            while let Some(key) = c.next_key()? {
                members.push((key, parse_json_value(c, depth + 1)?));
            }
            Ok(JsonValue::Object(members))
        }
        _ => c.read_number().map(JsonValue::Number),
    }
}
