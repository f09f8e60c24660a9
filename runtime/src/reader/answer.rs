//! Answers to requests read with the reader: what every generated
//! [`ReadResponse`](crate::function::ReadResponse) impl runs, instantiated once per request
//! type in the generated crate.

use std::borrow::Cow;

use crate::function::{CallError, Function, TdError};

/// Reads the answer to `F`: TDLib's `error` object as [`CallError::Td`], anything else as
/// `F::Result`; malformed JSON as [`CallError::Read`].
pub fn read_response<'a, F: Function + ?Sized>(text: &'a str) -> Result<F::Result<'a>, CallError>
where
    F::Result<'a>: serde::Deserialize<'a>,
{
    let read = |e: super::Error| CallError::Read(e.to_string());
    let tag: TypeTag<'_> = super::from_str(text).map_err(read)?;
    if tag.ty.as_deref() == Some("error") {
        let error: ErrorObject = super::from_str(text).map_err(read)?;
        return Err(CallError::Td(TdError {
            code: error.code.unwrap_or_default(),
            message: error.message.unwrap_or_default(),
        }));
    }
    super::from_str(text).map_err(read)
}

/// The `@type` of an answer, every other key skipped.
#[derive(serde::Deserialize)]
struct TypeTag<'a> {
    #[serde(rename = "@type", borrow)]
    ty: Option<Cow<'a, str>>,
}

/// TDLib's `error` object, as the reader sees it (`null` is the default).
#[derive(serde::Deserialize)]
struct ErrorObject {
    code: Option<i32>,
    message: Option<String>,
}
