//! [`ReadValue`] for every value that is not a constructor, with TDLib's rules:
//!
//! - integers from a JSON number or a canonical decimal string (`"-12"`, never `"012"`,
//!   `"+1"`, `"-0"`), range-checked;
//! - `f64` from any JSON number (correctly rounded when the backend is);
//! - strings borrowed when the backend can lend them (no escapes), decoded otherwise;
//! - `bytes` from standard base64 with padding;
//! - vectors, `Option` (a nullable value that is present), `Box`, and untyped [`JsonValue`].

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserializer, Error, SeqAccess, Visitor};

use super::depth::DepthGuard;
use super::untyped::{CowStrVisitor, JsonValueVisitor};
use super::value::{FieldValue, ReadValue};
use crate::element::Element;
use crate::json_value::JsonValue;

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

impl<'de> ReadValue<'de> for JsonValue<'de> {
    fn read<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(JsonValueVisitor)
    }
}
