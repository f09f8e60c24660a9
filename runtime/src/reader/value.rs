//! [`ReadValue`]: how the reader reads each kind of field value, with TDLib's rules.
//!
//! - integers from a JSON number or a canonical decimal string (`"-12"`, never `"012"`,
//!   `"+1"`, `"-0"`), range-checked;
//! - `f64` from any JSON number (correctly rounded when the backend is);
//! - strings borrowed when the backend can lend them (no escapes), decoded otherwise;
//! - `bytes` from standard base64 with padding;
//! - `null` anywhere means "absent": the field keeps its default ([`read_field_value`]).
//!
//! Generated constructors implement [`ReadValue`] with their field names and a `match` on the
//! field index; generated classes with a one-line `read`.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};

use super::depth::DepthGuard;
use super::object::deserialize_struct;
use crate::element::Element;
use crate::json_value::{JsonValue, Number};

/// A value the reader can read at a field or element position (the value is not `null`).
///
/// A generated constructor implements only [`NAMES`](Self::NAMES) and
/// [`read_field`](Self::read_field), and keeps the default [`read`](Self::read): a JSON object
/// read field by field ([`read_rest`](crate::reader::read_rest)). Every other value
/// (integers, strings, vectors, classes) implements `read` and has no fields. One trait with
/// defaults instead of two saves rustc two impls and two function bodies per constructor, one
/// per parser (docs/COMPILE_COST.md).
pub trait ReadValue<'de>: Sized + Default {
    /// A constructor's field names as TDLib writes them, in declaration order.
    const NAMES: &'static [&'static str] = &[];

    /// Reads the value at the deserializer's position. The default reads a constructor.
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize_struct(d)
    }

    /// Reads the value of field `index` (of [`NAMES`](Self::NAMES)) into `self` and returns
    /// `true`, or returns `false` (value not consumed) for an index out of range.
    #[inline]
    fn read_field<A: MapAccess<'de>>(
        &mut self,
        index: usize,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        let _ = (index, map);
        Ok(false)
    }
}

/// Reads a field value where `null` means "absent" (the type's default), as TDLib does.
pub struct FieldValue<T>(PhantomData<T>);

impl<T> FieldValue<T> {
    #[inline]
    pub fn new() -> Self {
        FieldValue(PhantomData)
    }
}

impl<T> Default for FieldValue<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'de, T: ReadValue<'de>> DeserializeSeed<'de> for FieldValue<T> {
    type Value = T;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_option(NullOr(PhantomData))
    }
}

struct NullOr<T>(PhantomData<T>);

impl<'de, T: ReadValue<'de>> Visitor<'de> for NullOr<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value or null")
    }
    #[inline]
    fn visit_none<E: Error>(self) -> Result<T, E> {
        Ok(T::default())
    }
    #[inline]
    fn visit_unit<E: Error>(self) -> Result<T, E> {
        Ok(T::default())
    }
    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::read(d)
    }
}

/// Reads one field value (null → default). Shared by all generated field matches.
#[inline]
pub fn read_field_value<'de, D: Deserializer<'de>, T: ReadValue<'de>>(d: D) -> Result<T, D::Error> {
    FieldValue::<T>::new().deserialize(d)
}

// ---- integers -------------------------------------------------------------------------------

struct IntVisitor<T>(PhantomData<T>);

/// Parses a canonical decimal integer as TDLib's `to_integer_safe` accepts it.
pub fn parse_canonical_int(text: &str) -> Option<i128> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let negative = digits.len() != text.len();
    if digits.is_empty() || digits.len() > 20 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return None;
    }
    if negative && digits == "0" {
        return None;
    }
    let magnitude: i128 = digits.parse().ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

macro_rules! int_visitor {
    ($t:ty, $name:literal) => {
        impl<'de> Visitor<'de> for IntVisitor<$t> {
            type Value = $t;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(concat!(
                    "an integer (",
                    $name,
                    ") as a number or a decimal string"
                ))
            }
            #[inline]
            fn visit_u64<E: Error>(self, v: u64) -> Result<$t, E> {
                <$t>::try_from(v)
                    .map_err(|_| E::custom(concat!("integer out of range for ", $name)))
            }
            #[inline]
            fn visit_i64<E: Error>(self, v: i64) -> Result<$t, E> {
                <$t>::try_from(v)
                    .map_err(|_| E::custom(concat!("integer out of range for ", $name)))
            }
            fn visit_str<E: Error>(self, v: &str) -> Result<$t, E> {
                let wide = parse_canonical_int(v)
                    .ok_or_else(|| E::custom(concat!("invalid decimal string for ", $name)))?;
                <$t>::try_from(wide)
                    .map_err(|_| E::custom(concat!("integer out of range for ", $name)))
            }
        }

        impl<'de> ReadValue<'de> for $t {
            #[inline]
            fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_any(IntVisitor::<$t>(PhantomData))
            }
        }
    };
}

int_visitor!(i32, "int32");
int_visitor!(i64, "int64");

// ---- f64, bool --------------------------------------------------------------------------------

struct F64Visitor;

impl<'de> Visitor<'de> for F64Visitor {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number")
    }
    #[inline]
    fn visit_f64<E: Error>(self, v: f64) -> Result<f64, E> {
        Ok(v)
    }
    #[inline]
    fn visit_u64<E: Error>(self, v: u64) -> Result<f64, E> {
        Ok(v as f64)
    }
    #[inline]
    fn visit_i64<E: Error>(self, v: i64) -> Result<f64, E> {
        Ok(v as f64)
    }
}

impl<'de> ReadValue<'de> for f64 {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_f64(F64Visitor)
    }
}

struct BoolVisitor;

impl<'de> Visitor<'de> for BoolVisitor {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("true or false")
    }
    #[inline]
    fn visit_bool<E: Error>(self, v: bool) -> Result<bool, E> {
        Ok(v)
    }
}

impl<'de> ReadValue<'de> for bool {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_bool(BoolVisitor)
    }
}

// ---- strings, bytes ---------------------------------------------------------------------------

/// Visits a string, borrowing it when the backend lends it.
pub struct CowStrVisitor;

impl<'de> Visitor<'de> for CowStrVisitor {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    #[inline]
    fn visit_borrowed_str<E: Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(v))
    }
    #[inline]
    fn visit_str<E: Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v.to_owned()))
    }
    #[inline]
    fn visit_string<E: Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v))
    }
}

impl<'de> ReadValue<'de> for Cow<'de, str> {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(CowStrVisitor)
    }
}

struct Base64Visitor;

impl<'de> Visitor<'de> for Base64Visitor {
    type Value = Vec<u8>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a base64 string")
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<Vec<u8>, E> {
        crate::base64::decode(v.as_bytes()).map_err(E::custom)
    }
}

/// `bytes`: standard base64 with padding, decoded.
impl<'de> ReadValue<'de> for Vec<u8> {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(Base64Visitor)
    }
}

// ---- containers -------------------------------------------------------------------------------

struct SeqVisitor<T>(PhantomData<T>);

impl<'de, T: ReadValue<'de> + Element> Visitor<'de> for SeqVisitor<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let _level = DepthGuard::enter()?;
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element_seed(FieldValue::<T>::new())? {
            out.push(item);
        }
        Ok(out)
    }
}

impl<'de, T: ReadValue<'de> + Element> ReadValue<'de> for Vec<T> {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(SeqVisitor(PhantomData))
    }
}

/// A nullable value that is present.
impl<'de, T: ReadValue<'de>> ReadValue<'de> for Option<T> {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::read(d).map(Some)
    }
}

impl<'de, T: ReadValue<'de>> ReadValue<'de> for Box<T> {
    #[inline]
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::read(d).map(Box::new)
    }
}

// ---- untyped values ---------------------------------------------------------------------------

/// Reads any JSON value into a [`JsonValue`], depth-limited.
pub struct JsonValueVisitor;

impl<'de> Visitor<'de> for JsonValueVisitor {
    type Value = JsonValue<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: Error>(self) -> Result<Self::Value, E> {
        Ok(JsonValue::Null)
    }
    fn visit_none<E: Error>(self) -> Result<Self::Value, E> {
        Ok(JsonValue::Null)
    }
    fn visit_bool<E: Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(JsonValue::Bool(v))
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(JsonValue::Number(Number::U64(v)))
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(JsonValue::Number(if v >= 0 {
            Number::U64(v as u64)
        } else {
            Number::I64(v)
        }))
    }
    fn visit_f64<E: Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(JsonValue::Number(Number::F64(v)))
    }
    fn visit_borrowed_str<E: Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(JsonValue::String(Cow::Borrowed(v)))
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(JsonValue::String(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(JsonValue::String(Cow::Owned(v)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let _level = DepthGuard::enter()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(AnyValue)? {
            items.push(item);
        }
        Ok(JsonValue::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let _level = DepthGuard::enter()?;
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<Key<'de>>()? {
            members.push((key.0, map.next_value_seed(AnyValue)?));
        }
        Ok(JsonValue::Object(members))
    }
}

/// Seed reading any value as a [`JsonValue`].
pub struct AnyValue;

impl<'de> DeserializeSeed<'de> for AnyValue {
    type Value = JsonValue<'de>;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(JsonValueVisitor)
    }
}

impl<'de> ReadValue<'de> for JsonValue<'de> {
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(JsonValueVisitor)
    }
}

/// An object key, borrowed when the backend lends it.
pub struct Key<'de>(pub Cow<'de, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(CowStrVisitor).map(Key)
    }
}

/// Skips any value, validating it, depth-limited (serde's `IgnoredAny` is not: a deep unknown
/// value would overflow the stack once the backend's own limit is off).
pub struct Skip;

struct SkipVisitor;

impl<'de> Visitor<'de> for SkipVisitor {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_none<E: Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let _level = DepthGuard::enter()?;
        while seq.next_element_seed(Skip)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let _level = DepthGuard::enter()?;
        while map.next_key_seed(Skip)?.is_some() {
            map.next_value_seed(Skip)?;
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Skip {
    type Value = ();
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(SkipVisitor)
    }
}
