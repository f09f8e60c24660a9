//! [`ParseValue`] for every value that is not a constructor: scalars and strings (read by the
//! cursor, and by the field loop itself where a row says so), `bytes`, vectors (elements built
//! in place), `Option`, `Box` and untyped [`JsonValue`].

use core::ptr;
use std::borrow::Cow;

use super::elements::{ElementType, Room};
use super::scratch::parse_elements_exact;
use super::value::{DefaultImage, ImagePromise, ParseValue, Scalar, parse_nullable_in};
use crate::element::Element;
use crate::json_value::JsonValue;
use crate::pointer::{Cursor, Error};

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

/// Elements with a [`DEFAULT_IMAGE`](ParseValue::DEFAULT_IMAGE) (generated constructors and
/// classes) are built in the thread's scratch and moved into a buffer of exactly their number
/// (`parse_elements_exact`, one loop for every element type); the others (scalars, strings,
/// nested vectors) are built in the vector's buffer by a loop of their own type: a default is
/// pushed, then parsed in place.
impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for Vec<T> {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        // (a `const` condition: the path a type does not take is not compiled for it)
        if const { T::DEFAULT_IMAGE.is_some() && size_of::<T>() != 0 } {
            if slot.capacity() != 0 {
                return append_elements(slot, c, depth);
            }
            let mut room = Room {
                items: ptr::NonNull::<T>::dangling().as_ptr().cast::<u8>(),
                len: 0,
                capacity: 0,
            };
            // SAFETY: `T` has an image and a non-zero size; the room is empty, its address
            // aligned and dangling.
            let result = unsafe {
                parse_elements_exact(c, depth, const { &ElementType::of::<T>() }, &mut room)
            };
            // SAFETY: the room is a buffer of the global allocator for `capacity` `T`s (or a
            // dangling one when `capacity` is 0), holding `len` valid `T`s whatever the
            // result (`parse_elements_exact`): a vector's parts, its buffer ours alone. The
            // slot had no buffer (capacity 0, hence no elements): overwriting it without a
            // drop loses nothing, and keeps `Vec<T>`'s drop glue out of this function.
            unsafe {
                ptr::write(
                    slot,
                    Vec::from_raw_parts(room.items.cast::<T>(), room.len, room.capacity),
                )
            };
            return result;
        }
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

/// The elements of an array read into a vector that already has a buffer: appended (the field
/// loop reads each key once, into an empty vector; only a hand-written caller of `parse_in`
/// gets here). Out of line and cold: the common case, a vector without a buffer, stays a few
/// instructions per element type.
#[cold]
#[inline(never)]
fn append_elements<'a, T: ParseValue<'a> + Element>(
    slot: &mut Vec<T>,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    let mut read = Vec::new();
    let result = Vec::<T>::parse_in(&mut read, c, depth);
    slot.extend(read);
    result
}

/// Its default image is `None`, which owns nothing: vectors of `Option`s (TDLib's "may be
/// null" vectors, such as a `messages` object's) are read as those of generated types are.
impl<'a, T: ParseValue<'a>> ParseValue<'a> for Option<T> {
    const DEFAULT_IMAGE: Option<DefaultImage<'a, Self>> = Some(DefaultImage {
        value: &None,
        // SAFETY: `None` is a constant that owns nothing and holds no interior mutability:
        // every bitwise copy of it is a valid, independent `None`.
        promise: unsafe { ImagePromise::new() },
    });

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
        b'n' => c.read_null(depth).map(|()| JsonValue::Null),
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
