//! [`Received`]: what `td_receive` returns, whichever parser read it (the pointer parser's
//! `parse::parse_received`, the reader's `Deserialize` impl).

use std::borrow::Cow;

use crate::raw_json::RawJson;

/// What `td_receive` returns: an object plus TDLib's top-level `@extra` and `@client_id`.
#[derive(Debug, Clone, PartialEq)]
pub struct Received<'a, T> {
    /// The object, without the envelope's `@extra` and `@client_id`.
    pub object: T,
    /// The request's `@extra`, echoed (opaque JSON, kept as its text: [`RawJson`]); `None`
    /// when absent. Borrowed from the input by the pointer parser, compact JSON written by
    /// the reader.
    pub extra: Option<Cow<'a, RawJson>>,
    /// `@client_id`, present on every `td_receive` result of TDLib's client-id interface.
    pub client_id: Option<i32>,
}
