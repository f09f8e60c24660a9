//! `@extra` for the reader: any value, written back as compact JSON as the backend visits it
//! ([`read_raw_json`]), into one buffer; no tree of the value is built. Depth-limited like every
//! untyped value ([`DepthGuard`]).

use std::fmt;

use serde::Serialize;
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};

use super::depth::DepthGuard;
use super::untyped::Key;
use crate::raw_json::RawJson;

/// Reads one value of any kind and returns it as compact JSON text (numbers written as
/// serde_json writes them, strings escaped as serde_json escapes them): `Box<RawJson>`'s
/// `Deserialize`, which the reader's `@extra` goes through.
pub(crate) fn read_raw_json<'de, D: Deserializer<'de>>(d: D) -> Result<Box<RawJson>, D::Error> {
    let mut text = Vec::new();
    WriteJson(&mut text).deserialize(d)?;
    let text = String::from_utf8(text).map_err(D::Error::custom)?;
    Ok(RawJson::from_validated_string(text))
}

/// Writes the value it visits, as compact JSON, at the end of its buffer.
struct WriteJson<'b>(&'b mut Vec<u8>);

impl WriteJson<'_> {
    /// A scalar or string, written by serde_json's serializer.
    fn scalar<T: Serialize + ?Sized, E: Error>(self, value: &T) -> Result<(), E> {
        value
            .serialize(&mut serde_json::Serializer::new(&mut *self.0))
            .map_err(E::custom)
    }
}

impl<'de> DeserializeSeed<'de> for WriteJson<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for WriteJson<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: Error>(self) -> Result<(), E> {
        self.0.extend_from_slice(b"null");
        Ok(())
    }
    fn visit_none<E: Error>(self) -> Result<(), E> {
        self.visit_unit()
    }
    fn visit_bool<E: Error>(self, v: bool) -> Result<(), E> {
        self.scalar(&v)
    }
    fn visit_u64<E: Error>(self, v: u64) -> Result<(), E> {
        self.scalar(&v)
    }
    fn visit_i64<E: Error>(self, v: i64) -> Result<(), E> {
        self.scalar(&v)
    }
    fn visit_f64<E: Error>(self, v: f64) -> Result<(), E> {
        self.scalar(&v)
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<(), E> {
        self.scalar(v)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let _level = DepthGuard::enter()?;
        self.0.push(b'[');
        let mut first = true;
        loop {
            let at = self.0.len();
            if !first {
                self.0.push(b',');
            }
            if seq.next_element_seed(WriteJson(&mut *self.0))?.is_none() {
                self.0.truncate(at);
                break;
            }
            first = false;
        }
        self.0.push(b']');
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let _level = DepthGuard::enter()?;
        self.0.push(b'{');
        let mut first = true;
        while let Some(key) = map.next_key::<Key<'de>>()? {
            if !first {
                self.0.push(b',');
            }
            first = false;
            WriteJson(&mut *self.0).scalar::<str, A::Error>(&key.0)?;
            self.0.push(b':');
            map.next_value_seed(WriteJson(&mut *self.0))?;
        }
        self.0.push(b'}');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(text: &str) -> String {
        let mut de = serde_json::Deserializer::from_str(text);
        de.disable_recursion_limit();
        let raw = read_raw_json(&mut de).unwrap();
        de.end().unwrap();
        raw.get().to_owned()
    }

    #[test]
    fn writes_what_serde_json_writes() {
        for text in [
            "null",
            "true",
            "0",
            "-7",
            "1.50",
            "1e5",
            "-0",
            "12345678901234567890",
            "123456789012345678901234567890",
            r#""esc \" \\ \/ \b\f\n\r\t \u0001 \u00e9 \ud83d\udc4d""#,
            "[]",
            "{}",
            r#" [ 1 , "two" , null , { "a" : [ ] , "a" : { } } , [ [ ] ] , -1.5e-3 ] "#,
        ] {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            let expected = serde_json::to_string(&value).unwrap();
            // (`serde_json::Value` keeps one of two equal keys: compare with it only then)
            if !text.contains("\"a\" : [ ] , \"a\"") {
                assert_eq!(compact(text), expected, "{text}");
            }
            assert_eq!(
                serde_json::from_str::<serde_json::Value>(&compact(text)).unwrap(),
                value,
                "{text}"
            );
        }
        assert_eq!(
            compact(r#"{ "a" : [ ] , "a" : { } }"#),
            r#"{"a":[],"a":{}}"#
        );
    }

    #[test]
    fn deep_values_are_refused_at_the_depth_limit() {
        let depth = crate::limits::depth_limit() as usize;
        let ok = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert_eq!(compact(&ok), ok);
        let deep = format!("{}{}", "[".repeat(depth + 1), "]".repeat(depth + 1));
        let mut de = serde_json::Deserializer::from_str(&deep);
        de.disable_recursion_limit();
        let error = read_raw_json(&mut de).unwrap_err();
        assert!(error.to_string().contains("depth"), "{error}");
    }
}
