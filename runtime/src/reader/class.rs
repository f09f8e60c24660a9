//! Reading classes: [`ReadClass`], implemented by generated code for each class enum and for
//! `Object` (a `match` on the `@type` name), and what it calls: `@type` dispatch with a fast
//! path for `@type` first and a buffered path for `@type` later, the arms that read a
//! constructor into its variant ([`read_as`], [`read_boxed_as`], [`read_class_as`],
//! [`read_unknown_as`]), and `Deserialize` for [`Received`] (the `@extra` / `@client_id`
//! envelope).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, Visitor};

use super::depth::DepthGuard;
use super::json_tree::JsonValueDeserializer;
use super::untyped::{AnyValue, CowStrVisitor, Key};
use super::value::{Envelope, ReadValue, read_rest, skip_or_envelope};
use crate::json_value::JsonValue;
use crate::received::Received;
use crate::unknown::UnknownObject;

/// One arm of a generated `read_index`: the rest of constructor `T`'s object, wrapped by
/// `wrap` into the class. As the pointer parser's `parse_as` (`parse_entry_points!`): the
/// constructor's value lives in this frame, not in the dispatch's, and `wrap`
/// (`Self::Variant`) is a generic parameter, inlined here.
#[inline(never)]
pub fn read_as<'de, A: MapAccess<'de>, T: ReadValue<'de>, O, W: FnOnce(T) -> O>(
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
    wrap: W,
) -> Result<O, A::Error> {
    read_rest(map, envelope).map(wrap)
}

/// [`read_as`] for a variant that holds its constructor boxed.
#[inline(never)]
pub fn read_boxed_as<'de, A: MapAccess<'de>, T: ReadValue<'de>, O, W: FnOnce(Box<T>) -> O>(
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
    wrap: W,
) -> Result<O, A::Error> {
    read_rest(map, envelope).map(|value| wrap(Box::new(value)))
}

/// One arm of `Object`'s dispatch for a class (see the pointer parser's `parse_class_as`): the
/// class's `read_index`, wrapped into `Object`, out of line.
#[inline(never)]
pub fn read_class_as<'de, A: MapAccess<'de>, C, O, W: FnOnce(C) -> O>(
    local: Option<usize>,
    name: Cow<'de, str>,
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
    read_index: ClassIndexReader<'de, A, C>,
    wrap: W,
) -> Result<O, A::Error> {
    read_index(local, name, map, envelope).map(wrap)
}

/// A generated class's `read_index`, for map access `A`.
pub type ClassIndexReader<'de, A, C> = fn(
    Option<usize>,
    Cow<'de, str>,
    &mut A,
    Option<&mut Envelope<'de>>,
) -> Result<C, <A as MapAccess<'de>>::Error>;

/// The `Unknown` arm of a generated `read_variant` (see [`read_as`]).
pub fn read_unknown_as<'de, A: MapAccess<'de>, O, W: FnOnce(UnknownObject<'de>) -> O>(
    name: Cow<'de, str>,
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
    wrap: W,
) -> Result<O, A::Error> {
    read_unknown(name, map, envelope).map(wrap)
}

/// Skips the remaining members of an object of unknown type, keeping its name.
pub fn read_unknown<'de, A: MapAccess<'de>>(
    name: Cow<'de, str>,
    map: &mut A,
    mut envelope: Option<&mut Envelope<'de>>,
) -> Result<UnknownObject<'de>, A::Error> {
    while let Some(Key(key)) = map.next_key()? {
        skip_or_envelope(&key, map, envelope.as_deref_mut())?;
    }
    Ok(UnknownObject { type_name: name })
}

/// A class (several constructors) or the top-level `Object`: chooses the constructor by
/// `@type`. Implemented by generated code.
pub trait ReadClass<'de>: Sized {
    /// Reads the rest of an object whose `@type` is `name` (unknown names give `Unknown`).
    fn read_variant<A: MapAccess<'de>>(
        name: Cow<'de, str>,
        map: &mut A,
        envelope: Option<&mut Envelope<'de>>,
    ) -> Result<Self, A::Error>;
}

/// `Deserialize` for a class.
#[inline]
pub fn deserialize_class<'de, D: Deserializer<'de>, T: ReadClass<'de>>(
    d: D,
) -> Result<T, D::Error> {
    d.deserialize_map(ClassVisitor(PhantomData))
}

struct ClassVisitor<T>(PhantomData<T>);

impl<'de, T: ReadClass<'de>> Visitor<'de> for ClassVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object with \"@type\"")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let _level = DepthGuard::enter()?;
        read_tagged(&mut map, None)
    }
}

struct TypeName;

impl<'de> DeserializeSeed<'de> for TypeName {
    type Value = Cow<'de, str>;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(CowStrVisitor)
    }
}

fn read_tagged<'de, A: MapAccess<'de>, T: ReadClass<'de>>(
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
) -> Result<T, A::Error> {
    let first = match map.next_key::<Key<'de>>()? {
        None => return Err(A::Error::missing_field("@type")),
        Some(Key(key)) => key,
    };
    if first == "@type" {
        let name = map.next_value_seed(TypeName)?;
        return T::read_variant(name, map, envelope);
    }
    // Slow path: `@type` is not first. Buffer the members before it, then replay them.
    let mut buffered = vec![(first, map.next_value_seed(AnyValue)?)];
    let name = loop {
        match map.next_key::<Key<'de>>()? {
            None => return Err(A::Error::missing_field("@type")),
            Some(Key(key)) if key == "@type" => break map.next_value_seed(TypeName)?,
            Some(Key(key)) => {
                let value = map.next_value_seed(AnyValue)?;
                buffered.push((key, value));
            }
        }
    };
    let mut replay = Replay {
        buffered: buffered.into_iter(),
        value: None,
        inner: map,
    };
    T::read_variant(name, &mut replay, envelope)
}

/// Members buffered before `@type`, followed by the rest of the live map.
struct Replay<'m, 'de, A> {
    buffered: std::vec::IntoIter<(Cow<'de, str>, JsonValue<'de>)>,
    value: Option<JsonValue<'de>>,
    inner: &'m mut A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Replay<'_, 'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.buffered.next() {
            Some((key, value)) => {
                self.value = Some(value);
                match key {
                    Cow::Borrowed(key) => seed
                        .deserialize(BorrowedStrDeserializer::<A::Error>::new(key))
                        .map(Some),
                    Cow::Owned(key) => seed
                        .deserialize(StringDeserializer::<A::Error>::new(key))
                        .map(Some),
                }
            }
            None => self.inner.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(JsonValueDeserializer::<A::Error>::new(value)),
            None => self.inner.next_value_seed(seed),
        }
    }
}

impl<'de, T: ReadClass<'de>> serde::Deserialize<'de> for Received<'de, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ReceivedVisitor(PhantomData))
    }
}

struct ReceivedVisitor<T>(PhantomData<T>);

impl<'de, T: ReadClass<'de>> Visitor<'de> for ReceivedVisitor<T> {
    type Value = Received<'de, T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a TDLib object with \"@type\"")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let _level = DepthGuard::enter()?;
        let mut envelope = Envelope::default();
        let object = read_tagged(&mut map, Some(&mut envelope))?;
        Ok(Received {
            object,
            extra: envelope.extra,
            client_id: envelope.client_id,
        })
    }
}
