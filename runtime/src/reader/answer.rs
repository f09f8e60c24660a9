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
    // TDLib writes `@type` first: then its name decides without a pass over the document.
    let is_error = match leading_type(text) {
        Some(name) => name == "error",
        None => {
            let tag: TypeTag<'_> = super::from_str(text).map_err(read)?;
            tag.ty.as_deref() == Some("error")
        }
    };
    if is_error {
        let error: ErrorObject = super::from_str(text).map_err(read)?;
        return Err(CallError::Td(TdError {
            code: error.code.unwrap_or_default(),
            message: error.message.unwrap_or_default(),
        }));
    }
    super::from_str(text).map_err(read)
}

/// The `@type` of the object `text` holds when it is its first key and both are written
/// without escapes (TDLib's way); `None` otherwise, when only a read of the whole document can
/// tell. Looks at the first bytes only: what follows the name is left to the reader, which
/// rejects malformed text either way.
fn leading_type(text: &str) -> Option<&str> {
    const TDLIB_START: &[u8] = b"{\"@type\":\"";
    let bytes = text.as_bytes();
    let rest = match bytes.strip_prefix(TDLIB_START) {
        Some(rest) => rest,
        None => {
            let mut rest = bytes;
            for expected in [&b"{"[..], b"\"@type\"", b":", b"\""] {
                let space = rest.iter().take_while(|b| b" \t\n\r".contains(b)).count();
                rest = rest.get(space..)?.strip_prefix(expected)?;
            }
            rest
        }
    };
    let len = rest.iter().position(|&b| b == b'"' || b == b'\\')?;
    let start = bytes.len() - rest.len();
    // (ASCII bytes around it: `start` and `start + len` are character boundaries)
    (rest.get(len) == Some(&b'"')).then(|| text.get(start..start + len))?
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

#[cfg(test)]
mod tests {
    use super::leading_type;

    #[test]
    fn the_leading_type_is_read_only_when_plain_and_first() {
        assert_eq!(leading_type(r#"{"@type":"error","code":1}"#), Some("error"));
        assert_eq!(leading_type(" \n{ \"@type\" :\t\"ok\"}"), Some("ok"));
        assert_eq!(leading_type(r#"{"@type":"","x":1}"#), Some(""));
        // Not first, escaped, not a string, not an object, cut short: the whole document decides.
        assert_eq!(leading_type(r#"{"code":1,"@type":"error"}"#), None);
        assert_eq!(leading_type(r#"{"@type":"\u0065rror"}"#), None);
        assert_eq!(leading_type(r#"{"@typ\u0065":"error"}"#), None);
        assert_eq!(leading_type(r#"{"@type":null}"#), None);
        assert_eq!(leading_type(r#"["@type","error"]"#), None);
        assert_eq!(leading_type(r#"{"@type":"err"#), None);
        assert_eq!(leading_type(""), None);
    }
}
