//! [`ReadValue`], the trait of everything the reader reads at a field or element position, and
//! the one loop every constructor shares: [`read_rest`] reads an object's members by name
//! ([`ReadValue::NAMES`]) into the fields (`read_field`), with TDLib's rules: `null` means
//! "absent" ([`read_field_value`]), the first of duplicate keys wins, unknown keys are skipped,
//! and at the top level `@extra` / `@client_id` go to the [`Envelope`].
//!
//! Generated constructors implement [`ReadValue`] with their field names and a `match` on the
//! field index; the impls for scalars and containers are in `scalars`, classes in `class`.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, Visitor};

use super::depth::DepthGuard;
use super::untyped::{Key, Skip};
use crate::raw_json::RawJson;
use crate::seen::SeenFields;

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
    /// A seed that reads one field value of type `T`.
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

// ---- the field loop ---------------------------------------------------------------------------

/// Index of `key` among `names`: the `expected` one first (TDLib writes fields in declaration
/// order), then by length and exact compare from there on, wrapping around. Not generic: one
/// copy serves every constructor and deserializer.
#[inline]
fn find_name(names: &[&str], key: &str, expected: usize) -> Option<usize> {
    if names.get(expected) == Some(&key) {
        return Some(expected);
    }
    let (before, after) = names.split_at(expected.min(names.len()));
    match after.iter().position(|n| *n == key) {
        Some(i) => Some(before.len() + i),
        None => before.iter().position(|n| *n == key),
    }
}

/// Reads the value of one known field into `slot` (an arm of a generated `read_field`).
#[inline]
pub fn field<'de, A: MapAccess<'de>, T: ReadValue<'de>>(
    map: &mut A,
    slot: &mut T,
) -> Result<bool, A::Error> {
    *slot = map.next_value_seed(FieldValue::<T>::new())?;
    Ok(true)
}

/// The keys TDLib adds at the top level of what `td_receive` returns.
#[derive(Debug, Default)]
pub struct Envelope<'de> {
    /// `@extra`, written back as compact JSON (a serde backend cannot lend its text).
    pub extra: Option<Cow<'de, RawJson>>,
    /// `@client_id`; `None` when absent.
    pub client_id: Option<i32>,
    seen_client_id: bool,
}

impl<'de> Envelope<'de> {
    fn read<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "@extra" if self.extra.is_none() => {
                self.extra = Some(Cow::Owned(map.next_value::<Box<RawJson>>()?));
            }
            "@client_id" if !self.seen_client_id => {
                self.seen_client_id = true;
                self.client_id = map.next_value_seed(FieldValue::<Option<i32>>::new())?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Reads the remaining members of an object into `T`.
pub fn read_rest<'de, A: MapAccess<'de>, T: ReadValue<'de>>(
    map: &mut A,
    mut envelope: Option<&mut Envelope<'de>>,
) -> Result<T, A::Error> {
    let mut out = T::default();
    let mut seen = SeenFields::new();
    let mut expected = 0;
    while let Some(Key(key)) = map.next_key()? {
        let read = match find_name(T::NAMES, &key, expected) {
            Some(index) => {
                expected = index + 1;
                if seen.insert(index) {
                    out.read_field(index, map)?
                } else {
                    // A duplicate: the first occurrence wins.
                    map.next_value_seed(Skip)?;
                    true
                }
            }
            None => false,
        };
        if !read {
            skip_or_envelope(&key, map, envelope.as_deref_mut())?;
        }
    }
    Ok(out)
}

#[inline]
pub(super) fn skip_or_envelope<'de, A: MapAccess<'de>>(
    key: &str,
    map: &mut A,
    envelope: Option<&mut Envelope<'de>>,
) -> Result<(), A::Error> {
    if let Some(envelope) = envelope {
        if envelope.read(key, map)? {
            return Ok(());
        }
    }
    map.next_value_seed(Skip)
}

/// `Deserialize` for a constructor: an object whose keys are read by `T::read_field`.
#[inline]
pub fn deserialize_struct<'de, D: Deserializer<'de>, T: ReadValue<'de>>(
    d: D,
) -> Result<T, D::Error> {
    d.deserialize_map(StructVisitor(PhantomData))
}

struct StructVisitor<T>(PhantomData<T>);

impl<'de, T: ReadValue<'de>> Visitor<'de> for StructVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let _level = DepthGuard::enter()?;
        read_rest(&mut map, None)
    }
}
