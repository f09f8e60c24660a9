//! [`JsonValue`]: an untyped JSON value that borrows its strings from the input.
//!
//! Used where the schema says nothing about a value's shape: `@extra` on a TDLib response
//! (opaque JSON echoed from the request), and, in the reader, the fields buffered while looking
//! for an `@type` that is not the first key. Numbers keep serde_json's classification
//! (non-negative integer → `U64`, negative integer → `I64`, anything else → `F64`), so both parsers
//! produce equal values.

use std::borrow::Cow;

/// A JSON number, classified as serde_json classifies it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer that fits `u64` (zero and positive).
    U64(u64),
    /// A negative integer that fits `i64`.
    I64(i64),
    /// Any other number: a fraction, an exponent, `-0`, an integer beyond 64 bits.
    F64(f64),
}

/// An untyped JSON value borrowing its strings (escape-free ones) from the input.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum JsonValue<'a> {
    #[default]
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, classified as serde_json classifies it.
    Number(Number),
    /// A string, borrowed from the input when it has no escapes.
    String(Cow<'a, str>),
    /// An array's elements, in input order.
    Array(Vec<JsonValue<'a>>),
    /// Members in input order; duplicate keys are kept as they came.
    Object(Vec<(Cow<'a, str>, JsonValue<'a>)>),
}

impl JsonValue<'_> {
    /// A copy that owns all its strings.
    pub fn into_owned(self) -> JsonValue<'static> {
        match self {
            JsonValue::Null => JsonValue::Null,
            JsonValue::Bool(b) => JsonValue::Bool(b),
            JsonValue::Number(n) => JsonValue::Number(n),
            JsonValue::String(s) => JsonValue::String(Cow::Owned(s.into_owned())),
            JsonValue::Array(items) => {
                JsonValue::Array(items.into_iter().map(JsonValue::into_owned).collect())
            }
            JsonValue::Object(members) => JsonValue::Object(
                members
                    .into_iter()
                    .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                    .collect(),
            ),
        }
    }
}

impl serde::Serialize for JsonValue<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            JsonValue::Null => s.serialize_unit(),
            JsonValue::Bool(b) => s.serialize_bool(*b),
            JsonValue::Number(Number::U64(n)) => s.serialize_u64(*n),
            JsonValue::Number(Number::I64(n)) => s.serialize_i64(*n),
            JsonValue::Number(Number::F64(n)) => s.serialize_f64(*n),
            JsonValue::String(text) => s.serialize_str(text),
            JsonValue::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            JsonValue::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key.as_ref(), value)?;
                }
                map.end()
            }
        }
    }
}
