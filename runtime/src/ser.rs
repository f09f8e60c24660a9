//! Writing generated objects back as TDLib JSON: `@type` first, fields in declaration order,
//! `int64` as decimal strings, `bytes` as padded standard base64, null objects omitted.
//! Generated `Serialize` impls wrap field values in these adapters where the JSON form differs
//! from the Rust type's natural one.

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};

/// An `int64` written as a decimal string, as TDLib writes it.
pub struct Int64Str<'a>(pub &'a i64);

impl Serialize for Int64Str<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self.0)
    }
}

/// `vector<int64>`: an array of decimal strings.
pub struct Int64StrSeq<'a>(pub &'a [i64]);

impl Serialize for Int64StrSeq<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for value in self.0 {
            seq.serialize_element(&Int64Str(value))?;
        }
        seq.end()
    }
}

/// `bytes`: standard base64 with padding.
pub struct Base64<'a>(pub &'a [u8]);

impl Serialize for Base64<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::base64::encode(self.0))
    }
}

/// `vector<bytes>`.
pub struct Base64Seq<'a>(pub &'a [Vec<u8>]);

impl Serialize for Base64Seq<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for value in self.0 {
            seq.serialize_element(&Base64(value))?;
        }
        seq.end()
    }
}

/// An optional value (flags) written through an adapter when present.
pub struct OptInt64Str<'a>(pub &'a Option<i64>);

impl Serialize for OptInt64Str<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(v) => Int64Str(v).serialize(s),
            None => s.serialize_none(),
        }
    }
}

/// An optional `bytes` value.
pub struct OptBase64<'a>(pub &'a Option<Vec<u8>>);

impl Serialize for OptBase64<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(v) => Base64(v).serialize(s),
            None => s.serialize_none(),
        }
    }
}

/// Writes one object's members for a generated `Serialize` impl: `@type` first
/// ([`begin_object`]), then one call per field, then [`ObjectWriter::end`]. The first error is
/// kept and later fields are not written, so the generated code is a straight sequence of calls
/// with no `?` per field, which type-checks and borrow-checks cheaply.
pub struct ObjectWriter<M: SerializeMap> {
    map: M,
    error: Option<M::Error>,
}

/// Starts an object: `{"@type":type_name`.
#[inline]
pub fn begin_object<S: Serializer>(
    s: S,
    type_name: &'static str,
) -> Result<ObjectWriter<S::SerializeMap>, S::Error> {
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("@type", type_name)?;
    Ok(ObjectWriter { map, error: None })
}

impl<M: SerializeMap> ObjectWriter<M> {
    /// Writes `key: value` (unless an earlier field failed).
    #[inline]
    pub fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) {
        if self.error.is_none() {
            if let Err(e) = self.map.serialize_entry(key, value) {
                self.error = Some(e);
            }
        }
    }

    /// Writes `key: value` when `value` is present; an absent value is omitted, as TDLib does.
    #[inline]
    pub fn optional<T: Serialize>(&mut self, key: &'static str, value: &Option<T>) {
        if let Some(value) = value {
            self.field(key, value);
        }
    }

    /// Closes the object, or returns the first error.
    #[inline]
    pub fn end(self) -> Result<M::Ok, M::Error> {
        match self.error {
            Some(e) => Err(e),
            None => self.map.end(),
        }
    }
}
