//! Typed requests: the [`Function`] trait every generated request struct implements (its TL
//! name and the type its answer is read as), the [`Schema`] trait of the generated schema as a
//! whole, and the transport-independent pieces of a call:
//!
//! - [`write_request`]: the request as TDLib JSON (the generated `Serialize` impl through
//!   `serde_json::to_writer`), optionally with `"@extra":N` appended, NUL-terminated;
//! - [`response_tail`]: `@extra` / `@client_id` of an answer, read from its last bytes without
//!   parsing it (TDLib appends them after all fields, `@extra` first);
//! - [`parse_response`]: an answer read with the pointer parser as `F::Result`, or as
//!   [`TdError`] when TDLib answered `{"@type":"error",...}`; [`read_response`], the same with
//!   the serde reader, through the request's [`ReadResponse`] impl (compiled in the generated
//!   crate).
//!
//! The traits name no parser: a crate generated in any mode has them, and the answer is read
//! with whichever parser it has (`parse_response` needs the pointer parser's `ParseValue` on
//! the result, `read_response` the generated `ReadResponse`).
//!
//! The TDLib client built on these is `crate::client` (feature `tdjson`).

use std::borrow::Cow;
use std::fmt;
use std::io::Write as _;

use crate::owned::IntoStatic;
use crate::parse::ParseValue;
use crate::pointer::{Cursor, Error as PointerError};

/// A request of the schema: `functions::F` of the generated code.
///
/// `Result<'a>` is what a successful answer parses as, borrowing from the answer's buffer
/// (`'a`); `.into_static()` (or the generated `.into_owned()`) detaches it. Generated in every
/// mode; the result type implements the parsers of the mode (`ParseValue` for the pointer
/// parser, `Deserialize` for the reader).
pub trait Function: serde::Serialize {
    /// The TL name, as in `@type`.
    const TL_NAME: &'static str;
    /// The answer's type: a class enum (`enums::C<'a>`), a constructor (`types::S<'a>`), ...
    type Result<'a>: IntoStatic<Static = Self::Result<'static>> + fmt::Debug + Clone + PartialEq;
}

/// A generated schema as a type (the generated `Schema` marker), for code generic over its
/// top-level `Object`.
pub trait Schema: 'static {
    /// The schema file's name, e.g. `td_api.tl`.
    const NAME: &'static str;
    /// The generated `Object<'a>`: any constructor of the schema (`ParseClass` in pointer
    /// and both mode, `Deserialize` in reader and both mode).
    type Object<'a>: IntoStatic<Static = Self::Object<'static>> + fmt::Debug + Clone + PartialEq;
    /// An owned object seen as a borrowed one (the generated types are covariant; generic code
    /// cannot see that).
    fn shorten<'a>(object: Self::Object<'static>) -> Self::Object<'a>;
    /// The object's `@type`.
    fn type_name<'o>(object: &'o Self::Object<'_>) -> &'o str;
}

/// TDLib's `error` object: what a failed request answers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TdError {
    /// TDLib's error code (400 bad request, 406 "do not show", 429 flood, 500 internal, ...).
    pub code: i32,
    /// TDLib's message.
    pub message: String,
}

impl fmt::Display for TdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TDLib error {}: {}", self.code, self.message)
    }
}

impl std::error::Error for TdError {}

/// Why a call did not produce its typed result.
#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// TDLib answered with an `error` object.
    Td(TdError),
    /// The answer is not JSON of the expected type (the pointer parser's error).
    Parse(PointerError),
    /// The answer is not JSON of the expected type (the serde reader's message).
    Read(String),
    /// The request could not be written as JSON (serde_json's message).
    Serialize(String),
    /// No answer within the timeout.
    Timeout,
    /// The client closed (or its manager was dropped) before the answer came.
    Closed,
}

impl CallError {
    /// TDLib's error, if TDLib answered with one.
    pub fn td(&self) -> Option<&TdError> {
        match self {
            CallError::Td(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Td(e) => e.fmt(f),
            CallError::Parse(e) => write!(f, "cannot parse TDLib's answer: {e}"),
            CallError::Read(e) => write!(f, "cannot read TDLib's answer: {e}"),
            CallError::Serialize(e) => write!(f, "cannot write the request: {e}"),
            CallError::Timeout => f.write_str("no answer from TDLib within the timeout"),
            CallError::Closed => f.write_str("the client closed before TDLib answered"),
        }
    }
}

impl std::error::Error for CallError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CallError::Td(e) => Some(e),
            CallError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<TdError> for CallError {
    fn from(e: TdError) -> Self {
        CallError::Td(e)
    }
}

impl From<PointerError> for CallError {
    fn from(e: PointerError) -> Self {
        CallError::Parse(e)
    }
}

/// Writes `request` into `buf` (cleared first) as TDLib JSON, then `,"@extra":N` before the
/// final `}` when `extra` is given, then a NUL: `buf` is ready for
/// `CStr::from_bytes_with_nul` (serde_json escapes a NUL in a string as `\u0000`, so there is
/// no interior NUL).
pub fn write_request<F: serde::Serialize + ?Sized>(
    buf: &mut Vec<u8>,
    request: &F,
    extra: Option<u64>,
) -> Result<(), CallError> {
    buf.clear();
    serde_json::to_writer(&mut *buf, request).map_err(|e| CallError::Serialize(e.to_string()))?;
    if let Some(extra) = extra {
        // A generated request is an object with `@type`: "{...}" with at least one member.
        if buf.len() < 3 || buf.last() != Some(&b'}') {
            return Err(CallError::Serialize(
                "the request is not a JSON object with members".into(),
            ));
        }
        buf.pop();
        // Writing into a Vec cannot fail.
        let _ = write!(buf, ",\"@extra\":{extra}}}");
    }
    buf.push(0);
    Ok(())
}

/// `@extra` and `@client_id` of an answer, as far as [`response_tail`] can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ResponseTail {
    /// `@extra`, when it is an unsigned integer (what [`write_request`] adds).
    pub extra: Option<u64>,
    /// `@client_id`.
    pub client_id: Option<i32>,
}

/// Reads `,"@extra":N` and `,"@client_id":M` from the end of an answer (`bytes` without the
/// NUL), without parsing the rest: TDLib writes the object, then these two keys (only at the
/// top level, `@extra` first), then the final `}`.
///
/// This cannot be fooled by text inside the object: the `"` of `,"@extra":` follows a `,`, so it
/// is not an escaped quote inside a string, and the keys belong to the outermost object because
/// only digits and these keys come between them and the last `}`. An `@extra` that is not an
/// unsigned integer (e.g. a string from someone else's request) reads as `None`.
pub fn response_tail(bytes: &[u8]) -> ResponseTail {
    let mut tail = ResponseTail::default();
    let Some(mut rest) = bytes.strip_suffix(b"}") else {
        return tail;
    };
    if let Some((before, id)) = trailing_number(rest, b",\"@client_id\":") {
        tail.client_id = i32::try_from(id).ok();
        rest = before;
    }
    if let Some((_, extra)) = trailing_number(rest, b",\"@extra\":") {
        tail.extra = Some(extra);
    }
    tail
}

/// `(before, N)` when `bytes` ends with `key` followed by the canonical decimal `N`.
fn trailing_number<'b>(bytes: &'b [u8], key: &[u8]) -> Option<(&'b [u8], u64)> {
    let digits = bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 20 {
        return None;
    }
    let (head, number) = bytes.split_at(bytes.len() - digits);
    if number.len() > 1 && number.first() == Some(&b'0') {
        return None;
    }
    let before = head.strip_suffix(key)?;
    let value = std::str::from_utf8(number).ok()?.parse().ok()?;
    Some((before, value))
}

/// The `@type` of the object at the cursor, without moving it (`None`: not an object with a
/// string `@type`).
fn peek_type<'a>(c: &mut Cursor<'a>) -> Option<Cow<'a, str>> {
    let mark = c.mark();
    let name = (|| {
        c.begin_object(1).ok()?;
        if c.eat_key(b"\"@type\":") {
            c.read_str().ok()
        } else {
            c.find_type_tag(1).ok().flatten()
        }
    })();
    c.rewind(mark);
    name
}

/// Reads TDLib's `error` object at the cursor (the first `code` and `message` win, unknown keys
/// such as `@extra` are skipped, `null` is the default).
fn parse_error(c: &mut Cursor<'_>) -> Result<TdError, PointerError> {
    c.begin_object(1)?;
    let mut error = TdError::default();
    let (mut code, mut message) = (false, false);
    while let Some(key) = c.next_key()? {
        match &*key {
            "code" if !code => {
                code = true;
                if !c.eat_null() {
                    error.code = c.read_i32()?;
                }
            }
            "message" if !message => {
                message = true;
                if !c.eat_null() {
                    error.message = c.read_str()?.into_owned();
                }
            }
            _ => c.skip_value(2)?,
        }
    }
    c.finish()?;
    Ok(error)
}

/// Reads an answer (the whole NUL-terminated document) as `R`, or as [`TdError`] when its
/// `@type` is `error`. `@extra` and `@client_id` are skipped like any unknown key.
pub fn parse_answer<'a, R: ParseValue<'a>>(mut c: Cursor<'a>) -> Result<R, CallError> {
    if peek_type(&mut c).is_some_and(|name| name == "error") {
        return Err(CallError::Td(parse_error(&mut c)?));
    }
    Ok(crate::parse::from_cursor(c)?)
}

/// Reads the answer to `F` with the pointer parser: its `F::Result`, or TDLib's error.
#[inline]
pub fn parse_response<'a, F: Function + ?Sized>(c: Cursor<'a>) -> Result<F::Result<'a>, CallError>
where
    F::Result<'a>: ParseValue<'a>,
{
    parse_answer(c)
}

/// A request whose answer the serde reader reads with code compiled in the generated crate:
/// generated for every request when the crate has the reader's entry points
/// (`tlgen::Config::reader_entry_points`, on by default in `reader` mode). The reader is
/// generic over serde's `Deserializer`, so a crate that reads `F::Result` itself instantiates
/// that type's reader, and the readers of every type it holds, at each of its own builds; these
/// impls are not generic, so the calling crate only calls them.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no reader entry point compiled in its generated crate",
    note = "generate that crate with `tlgen::Config::reader_entry_points(true)` (the default in reader mode)"
)]
pub trait ReadResponse: Function {
    /// Reads the answer to this request (one JSON document): its `Result`, or TDLib's error
    /// as [`CallError::Td`]; malformed JSON is [`CallError::Read`]. The depth limit is
    /// tlgen's ([`crate::limits`]).
    fn read_response(text: &str) -> Result<Self::Result<'_>, CallError>;
}

/// Reads the answer to `F` (one JSON document) with the serde reader: its `F::Result`, or
/// TDLib's error. For crates generated with a reader; `F::read_response`, compiled in the
/// generated crate ([`ReadResponse`]).
#[inline]
pub fn read_response<F: ReadResponse + ?Sized>(text: &str) -> Result<F::Result<'_>, CallError> {
    F::read_response(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_value::{JsonValue, Number};
    use crate::pointer::NulTerminated;

    struct Square {
        x: i32,
    }

    impl serde::Serialize for Square {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("@type", "testSquareInt")?;
            map.serialize_entry("x", &self.x)?;
            map.end()
        }
    }

    impl Function for Square {
        const TL_NAME: &'static str = "testSquareInt";
        type Result<'a> = JsonValue<'a>;
    }

    #[test]
    fn writes_requests_with_and_without_extra() {
        let mut buf = Vec::new();
        write_request(&mut buf, &Square { x: 12 }, Some(7)).unwrap();
        assert_eq!(
            buf,
            b"{\"@type\":\"testSquareInt\",\"x\":12,\"@extra\":7}\0"
        );
        write_request(&mut buf, &Square { x: -1 }, None).unwrap();
        assert_eq!(buf, b"{\"@type\":\"testSquareInt\",\"x\":-1}\0");
        write_request(&mut buf, &"x\0y", None).unwrap();
        assert!(std::ffi::CStr::from_bytes_with_nul(&buf).is_ok());
        assert!(matches!(
            write_request(&mut buf, &5, Some(1)),
            Err(CallError::Serialize(_))
        ));
    }

    #[test]
    fn reads_the_tail() {
        let t = |s: &str| response_tail(s.as_bytes());
        assert_eq!(
            t(r#"{"@type":"ok","@extra":12,"@client_id":3}"#),
            ResponseTail {
                extra: Some(12),
                client_id: Some(3)
            }
        );
        assert_eq!(
            t(r#"{"@type":"ok","@extra":18446744073709551615}"#).extra,
            Some(u64::MAX)
        );
        assert_eq!(
            t(r#"{"@type":"ok","@client_id":1}"#),
            ResponseTail {
                extra: None,
                client_id: Some(1)
            }
        );
        assert_eq!(
            t(r#"{"@type":"ok","@extra":"x","@client_id":1}"#).extra,
            None
        );
        assert_eq!(t(r#"{"@type":"ok","@extra":012}"#).extra, None);
        // Not the top level: a nested object's last key, then the outer `}`.
        assert_eq!(t(r#"{"a":{"@extra":5}}"#), ResponseTail::default());
        // Inside a string the quote is escaped.
        assert_eq!(t(r#"{"s":"\",\"@extra\":5}"#).extra, None);
        assert_eq!(t(""), ResponseTail::default());
        assert_eq!(t(r#"{"@type":"ok","x@extra":5}"#).extra, None);
    }

    /// `Square` for the reader: its result implements `Deserialize` instead of `ParseValue`.
    struct SquareRead;

    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    struct TestInt {
        value: i32,
    }

    impl IntoStatic for TestInt {
        type Static = TestInt;
        fn into_static(self) -> TestInt {
            self
        }
    }

    impl serde::Serialize for SquareRead {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Square { x: 12 }.serialize(s)
        }
    }

    impl Function for SquareRead {
        const TL_NAME: &'static str = "testSquareInt";
        type Result<'a> = TestInt;
    }

    impl ReadResponse for SquareRead {
        fn read_response(text: &str) -> Result<TestInt, CallError> {
            crate::reader::answer::read_response::<Self>(text)
        }
    }

    #[test]
    fn reads_answers_and_errors_with_the_reader() {
        let value =
            read_response::<SquareRead>(r#"{"@type":"testInt","value":144,"@extra":1}"#).unwrap();
        assert_eq!(value, TestInt { value: 144 });
        assert_eq!(
            read_response::<SquareRead>(r#"{"code":406,"@type":"error","message":"no \"way\""}"#),
            Err(CallError::Td(TdError {
                code: 406,
                message: "no \"way\"".into()
            }))
        );
        // An escaped name is the same name: the whole document is read for it.
        assert_eq!(
            read_response::<SquareRead>(r#"{"@type":"\u0065rror","code":5}"#),
            Err(CallError::Td(TdError {
                code: 5,
                message: String::new()
            }))
        );
        assert!(matches!(
            read_response::<SquareRead>(r#"{"@type":"error","code":"x"}"#),
            Err(CallError::Read(_))
        ));
        assert!(matches!(
            read_response::<SquareRead>(r#"{"@type":"ok"} x"#),
            Err(CallError::Read(_))
        ));
    }

    #[test]
    fn parses_answers_and_errors() {
        let doc =
            NulTerminated::from(r#"{"@type":"testInt","value":144,"@extra":1,"@client_id":2}"#);
        let value = parse_response::<Square>(doc.cursor()).unwrap();
        let JsonValue::Object(members) = value else {
            panic!("{value:?}")
        };
        assert_eq!(members[1].1, JsonValue::Number(Number::U64(144)));

        let doc = NulTerminated::from(
            r#"{"@type":"error","code":406,"message":"no \"way\"","@extra":1}"#,
        );
        assert_eq!(
            parse_response::<Square>(doc.cursor()),
            Err(CallError::Td(TdError {
                code: 406,
                message: "no \"way\"".into()
            }))
        );
        // `@type` not first, duplicates: the first wins.
        let doc = NulTerminated::from(r#"{"code":1,"@type":"error","code":2,"message":null}"#);
        assert_eq!(
            parse_response::<Square>(doc.cursor()),
            Err(CallError::Td(TdError {
                code: 1,
                message: String::new()
            }))
        );
        let doc = NulTerminated::from(r#"{"@type":"error","code":"x"}"#);
        assert!(matches!(
            parse_response::<Square>(doc.cursor()),
            Err(CallError::Parse(_))
        ));
        let doc = NulTerminated::from(r#"{"@type":"ok"} x"#);
        assert!(matches!(
            parse_response::<Square>(doc.cursor()),
            Err(CallError::Parse(_))
        ));
    }
}
