//! [`RawJson`]: one JSON value kept as its text, how `@extra` comes back from `td_receive`.
//!
//! TDLib echoes a request's `@extra` verbatim and never looks inside it, so neither do the
//! parsers: the pointer parser validates the value (the same checks as a skipped value:
//! grammar, escapes, UTF-8, the depth limit) and hands out the slice of the input it occupies,
//! without allocating, whatever its shape. `&RawJson` is to `str` what serde_json's `RawValue`
//! is: an unsized wrapper, borrowed (`&'a RawJson`, arena mode and the pointer parser) or owned
//! (`Box<RawJson>`), usually held as a `Cow<'a, RawJson>` ([`crate::Received::extra`]).
//!
//! The serde reader, whose backend may be any serde JSON deserializer, cannot borrow the text:
//! it reads the value and writes it back as compact JSON (`{"a":[1,2]}` for `{ "a" : [1, 2] }`).
//! So two `RawJson` compare equal when they hold the same JSON value (the texts are parsed when
//! they differ), not only the same bytes; numbers compare as serde_json classifies them.

use core::fmt;
use std::borrow::{Cow, ToOwned};

use serde::de::DeserializeSeed;

use crate::json_value::JsonValue;
use crate::owned::IntoStatic;
use crate::reader::AnyValue;

/// The text of one valid JSON value, without surrounding whitespace. See the
/// [module documentation](self).
#[repr(transparent)]
pub struct RawJson(str);

impl RawJson {
    /// `text` as a `RawJson`, after checking that it is one JSON value (surrounding
    /// whitespace is dropped).
    pub fn from_json(text: &str) -> Result<&RawJson, serde_json::Error> {
        let text = text.trim_matches([' ', '\t', '\n', '\r']);
        parse(text)?;
        Ok(RawJson::from_validated(text))
    }

    /// `value` written as compact JSON.
    pub fn from_value(value: &JsonValue<'_>) -> Result<Box<RawJson>, serde_json::Error> {
        serde_json::to_string(value).map(RawJson::from_validated_string)
    }

    /// A `RawJson` of text the caller has validated as one JSON value without surrounding
    /// whitespace (the pointer parser, after skipping it).
    pub(crate) fn from_validated(text: &str) -> &RawJson {
        // SAFETY: `RawJson` is a `repr(transparent)` wrapper of `str`: the same layout and
        // metadata, so the pointer cast keeps the length and the lifetime of the borrow.
        unsafe { &*(text as *const str as *const RawJson) }
    }

    /// [`from_validated`](Self::from_validated) for an owned text.
    pub(crate) fn from_validated_string(text: String) -> Box<RawJson> {
        let raw = Box::into_raw(text.into_boxed_str());
        // SAFETY: as in `from_validated`; the allocation, made for a `str` of this length, has
        // the layout of the `RawJson` and is handed from one box to the other.
        unsafe { Box::from_raw(raw as *mut RawJson) }
    }

    /// The JSON text, as TDLib wrote it (pointer parser) or compact (reader).
    pub fn get(&self) -> &str {
        &self.0
    }

    /// The value as a [`JsonValue`] (strings without escapes borrowed from the text).
    pub fn to_value(&self) -> Result<JsonValue<'_>, serde_json::Error> {
        parse(self.get())
    }

    /// The value when it is an integer in `u64`'s range (`42`, not `42.0` or `"42"`).
    pub fn as_u64(&self) -> Option<u64> {
        self.get().parse().ok()
    }

    /// The value when it is an integer in `i64`'s range.
    pub fn as_i64(&self) -> Option<i64> {
        self.get().parse().ok()
    }

    /// The value when it is a string, unescaped.
    pub fn as_str(&self) -> Option<Cow<'_, str>> {
        if !self.get().starts_with('"') {
            return None;
        }
        match self.to_value() {
            Ok(JsonValue::String(text)) => Some(text),
            _ => None,
        }
    }
}

/// One JSON value, as the reader reads untyped values (depth-limited), then the end of `text`.
fn parse(text: &str) -> Result<JsonValue<'_>, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = AnyValue.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

impl PartialEq for RawJson {
    /// The same JSON value: the same text, or texts that parse to equal [`JsonValue`]s.
    fn eq(&self, other: &RawJson) -> bool {
        self.get() == other.get()
            || matches!((self.to_value(), other.to_value()), (Ok(a), Ok(b)) if a == b)
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJson").field(&self.get()).finish()
    }
}

impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

impl ToOwned for RawJson {
    type Owned = Box<RawJson>;
    fn to_owned(&self) -> Box<RawJson> {
        RawJson::from_validated_string(self.get().to_owned())
    }
}

impl Clone for Box<RawJson> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

impl serde::Serialize for RawJson {
    /// The value the text holds (parsed, then serialized), so any serializer can write it.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error;
        self.to_value().map_err(S::Error::custom)?.serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Box<RawJson> {
    /// Any value, written back as compact JSON.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::reader::read_raw_json(d)
    }
}

impl IntoStatic for Cow<'_, RawJson> {
    type Static = Cow<'static, RawJson>;
    fn into_static(self) -> Cow<'static, RawJson> {
        Cow::Owned(self.into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_value::Number;

    #[test]
    fn accessors_read_the_text() {
        let raw = |t| RawJson::from_json(t).unwrap();
        assert_eq!(raw(" 42 ").get(), "42");
        assert_eq!(raw("42").as_u64(), Some(42));
        assert_eq!(raw("-7").as_i64(), Some(-7));
        assert_eq!(raw("-7").as_u64(), None);
        assert_eq!(raw("1e5").as_u64(), None);
        assert_eq!(raw("\"42\"").as_u64(), None);
        assert_eq!(raw(r#""a\nb""#).as_str().as_deref(), Some("a\nb"));
        assert_eq!(raw("[1]").as_str(), None);
        assert_eq!(
            raw(r#"{"a":[1,-2,3.5]}"#).to_value().unwrap(),
            JsonValue::Object(vec![(
                "a".into(),
                JsonValue::Array(vec![
                    JsonValue::Number(Number::U64(1)),
                    JsonValue::Number(Number::I64(-2)),
                    JsonValue::Number(Number::F64(3.5)),
                ])
            )])
        );
    }

    #[test]
    fn invalid_text_is_refused() {
        for bad in ["", "[", "1 2", "{\"a\"}", "\"\\ud800\"", "01", "nul"] {
            assert!(RawJson::from_json(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn equal_values_are_equal_whatever_their_spelling() {
        let raw = |t| RawJson::from_json(t).unwrap();
        assert_eq!(raw(r#"{ "a" : [1, 2] }"#), raw(r#"{"a":[1,2]}"#));
        assert_eq!(raw(r#""\u0041""#), raw(r#""A""#));
        assert_ne!(raw("[1,2]"), raw("[2,1]"));
        assert_ne!(raw("1"), raw("1.0"));
        let value = raw(r#"{ "k" : "\u00e9" }"#).to_value().unwrap();
        let compact = RawJson::from_value(&value).unwrap();
        assert_eq!(compact.get(), r#"{"k":"é"}"#);
        assert_eq!(&*compact, raw(r#"{ "k" : "\u00e9" }"#));
    }

    #[test]
    fn serializes_and_deserializes_as_its_value() {
        let raw = RawJson::from_json(r#" [1, {"b": null}] "#).unwrap();
        assert_eq!(serde_json::to_string(raw).unwrap(), r#"[1,{"b":null}]"#);
        let back: Box<RawJson> = serde_json::from_str(r#"[ 1 , { "b" : null } ]"#).unwrap();
        assert_eq!(back.get(), r#"[1,{"b":null}]"#);
        let cow: Cow<'static, RawJson> = Cow::Borrowed(raw).into_static();
        assert!(matches!(cow, Cow::Owned(_)));
        assert_eq!(&*cow, raw);
    }
}
