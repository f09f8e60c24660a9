//! The serde reader's shared machinery. Generated `Deserialize` impls are thin: a `match` on
//! field names or `@type` names that calls into this module.
//!
//! Layers, each importing only those before it: `depth` (the nesting limit), `untyped`
//! (values without a type: skip, any value, keys), `value` (the [`ReadValue`] trait and the
//! field loop every constructor shares), then `scalars` (its impls for everything that is not
//! a constructor) and `class` ([`ReadClass`]: `@type` dispatch and the envelope); `answer`
//! reads the answer to a request (TDLib's `error` or the request's result).
//!
//! Use [`from_str`] / [`from_slice`] to parse with serde_json and this crate's depth limit
//! ([`crate::limits::MAX_DEPTH`], which admits TDLib's own 202-level output). Calling
//! `serde_json::from_str` directly also works, but then serde_json's own recursion limit (128)
//! applies first.

pub(crate) mod answer;
pub(crate) mod class;
mod depth;
mod json_tree;
mod raw_text;
mod scalars;
mod untyped;
pub(crate) mod value;

pub use class::{ClassIndexReader, ReadClass, deserialize_class, read_unknown};
pub use depth::DepthGuard;
pub use json_tree::JsonValueDeserializer;
pub(crate) use raw_text::read_raw_json;
pub use scalars::parse_canonical_int;
pub use untyped::{AnyValue, CowStrVisitor, JsonValueVisitor, Key, Skip};
pub use value::{Envelope, FieldValue, ReadValue, deserialize_struct, read_field_value, read_rest};

/// What the reader's entry points return on bad input: serde_json's error (a message with
/// line and column).
pub type Error = serde_json::Error;

/// Parses `T` from JSON text with serde_json, nesting limited by this crate, not serde_json.
pub fn from_str<'de, T: serde::Deserialize<'de>>(text: &'de str) -> Result<T, Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Like [`from_str`] from bytes (validates UTF-8 of every string, as serde_json does).
pub fn from_slice<'de, T: serde::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}
