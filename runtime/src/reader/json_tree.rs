//! A serde `Deserializer` over a buffered [`JsonValue`], used to replay the members that came
//! before a late `@type`. It hands values to visitors exactly as serde_json would have
//! (`visit_u64` / `visit_i64` / `visit_f64`, borrowed strings as `visit_borrowed_str`), so a
//! replayed field reads the same as a live one.

use std::borrow::Cow;
use std::marker::PhantomData;

use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;

use crate::json_value::{JsonValue, Number};

/// Deserializes one buffered value; `E` is the live deserializer's error type.
pub struct JsonValueDeserializer<'de, E> {
    value: JsonValue<'de>,
    error: PhantomData<E>,
}

impl<'de, E> JsonValueDeserializer<'de, E> {
    /// A deserializer that replays `value`.
    pub fn new(value: JsonValue<'de>) -> Self {
        JsonValueDeserializer {
            value,
            error: PhantomData,
        }
    }
}

impl<'de, E: Error> Deserializer<'de> for JsonValueDeserializer<'de, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            JsonValue::Null => visitor.visit_unit(),
            JsonValue::Bool(b) => visitor.visit_bool(b),
            JsonValue::Number(Number::U64(n)) => visitor.visit_u64(n),
            JsonValue::Number(Number::I64(n)) => visitor.visit_i64(n),
            JsonValue::Number(Number::F64(n)) => visitor.visit_f64(n),
            JsonValue::String(Cow::Borrowed(s)) => visitor.visit_borrowed_str(s),
            JsonValue::String(Cow::Owned(s)) => visitor.visit_string(s),
            JsonValue::Array(items) => visitor.visit_seq(Items {
                items: items.into_iter(),
                error: PhantomData,
            }),
            JsonValue::Object(members) => visitor.visit_map(Members {
                members: members.into_iter(),
                value: None,
                error: PhantomData,
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        match self.value {
            JsonValue::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct Items<'de, E> {
    items: std::vec::IntoIter<JsonValue<'de>>,
    error: PhantomData<E>,
}

impl<'de, E: Error> SeqAccess<'de> for Items<'de, E> {
    type Error = E;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, E> {
        match self.items.next() {
            Some(value) => seed
                .deserialize(JsonValueDeserializer::new(value))
                .map(Some),
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Members<'de, E> {
    members: std::vec::IntoIter<(Cow<'de, str>, JsonValue<'de>)>,
    value: Option<JsonValue<'de>>,
    error: PhantomData<E>,
}

impl<'de, E: Error> MapAccess<'de> for Members<'de, E> {
    type Error = E;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, E> {
        match self.members.next() {
            Some((key, value)) => {
                self.value = Some(value);
                match key {
                    Cow::Borrowed(key) => seed
                        .deserialize(BorrowedStrDeserializer::<E>::new(key))
                        .map(Some),
                    Cow::Owned(key) => seed
                        .deserialize(StringDeserializer::<E>::new(key))
                        .map(Some),
                }
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, E> {
        let value = self.value.take().unwrap_or_default();
        seed.deserialize(JsonValueDeserializer::new(value))
    }
}
