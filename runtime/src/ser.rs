//! Writing generated objects back as TDLib JSON: `@type` first, fields in declaration order,
//! `int64` as decimal strings, `bytes` as padded standard base64, null objects omitted.
//! Generated `Serialize` impls wrap field values in these adapters where the JSON form differs
//! from the Rust type's natural one.

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

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
