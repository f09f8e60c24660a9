//! Values read without a type: any JSON value into a [`JsonValue`] ([`AnyValue`]), an object
//! key ([`Key`]), a string borrowed when the backend lends it ([`CowStrVisitor`]), and a
//! value skipped ([`Skip`]). All depth-limited ([`DepthGuard`]).

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error, SeqAccess, Visitor};

use super::depth::DepthGuard;
use crate::json_value::{JsonValue, Number};

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
