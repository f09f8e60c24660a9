//! The serde reader's shared machinery. Generated `Deserialize` impls are thin: a `match` on
//! field names or `@type` names that calls into this module.
//!
//! Use [`from_str`] / [`from_slice`] to parse with serde_json and this crate's depth limit
//! ([`crate::limits::MAX_DEPTH`], which admits TDLib's own 202-level output). Calling
//! `serde_json::from_str` directly also works, but then serde_json's own recursion limit (128)
//! applies first.

mod depth;
mod json_tree;
mod object;
mod value;

pub use depth::DepthGuard;
pub use json_tree::JsonValueDeserializer;
pub use object::{
    ClassIndexReader, Envelope, ReadClass, deserialize_class, deserialize_struct, field, read_as,
    read_boxed_as, read_class_as, read_rest, read_unknown, read_unknown_as,
};
pub use value::{
    AnyValue, CowStrVisitor, FieldValue, Key, ReadValue, Skip, parse_canonical_int,
    read_field_value,
};

/// Parses `T` from JSON text with serde_json, nesting limited by this crate, not serde_json.
pub fn from_str<'de, T: serde::Deserialize<'de>>(text: &'de str) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Like [`from_str`] from bytes (validates UTF-8 of every string, as serde_json does).
pub fn from_slice<'de, T: serde::Deserialize<'de>>(bytes: &'de [u8]) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}
