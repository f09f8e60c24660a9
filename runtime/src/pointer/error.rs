//! The pointer parser's error: a byte offset plus a one-byte [`ErrorKind`].
//!
//! Errors are returned on hot paths (every token read returns `Result<_, Error>`), so the type is
//! kept to 16 bytes with no heap allocation: the message is derived from the kind when displayed.

use core::fmt;

use crate::base64::Base64Error;
use crate::limits::depth_limit;

/// A parse error: where (byte offset from the start of the buffer) and what.
///
/// `Display` prints `at byte 57: expected ',' or '}' after object field`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    offset: usize,
    kind: ErrorKind,
}

/// What went wrong. Each variant's `Display` is the text after `at byte N: `.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The terminating NUL was reached in the middle of a value (the document is truncated).
    UnexpectedEnd,
    /// A value was expected (`{`, `[`, `"`, a number, `true`, `false` or `null`).
    ExpectedValue,
    /// `{` was expected.
    ExpectedObject,
    /// `[` was expected.
    ExpectedArray,
    /// An object key (a string) was expected, after `{` or `,`.
    ExpectedKey,
    /// `:` was expected after an object key.
    ExpectedColon,
    /// `,` or `}` was expected after an object field.
    ExpectedCommaOrObjectEnd,
    /// `,` or `]` was expected after an array element.
    ExpectedCommaOrArrayEnd,
    /// Something starting like `true`, `false` or `null` that is not exactly that.
    InvalidLiteral,
    /// A number that breaks the JSON grammar (leading zero, missing digits, ...).
    InvalidNumber,
    /// A number whose magnitude does not fit an `f64` (serde_json's "number out of range").
    NumberOutOfRange,
    /// A raw control character (0x01–0x1F) inside a string.
    ControlCharacterInString,
    /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
    InvalidEscape,
    /// A `\uXXXX` escape that is an unpaired UTF-16 surrogate.
    LoneSurrogate,
    /// Raw bytes inside a string that are not valid UTF-8.
    InvalidUtf8,
    /// A string was expected.
    ExpectedString,
    /// `true` or `false` was expected.
    ExpectedBool,
    /// A number was expected.
    ExpectedNumber,
    /// An integer (a JSON number, or a string holding a decimal integer) was expected.
    ExpectedInteger,
    /// An integer was expected but the number has a fraction or exponent, or is `-0` (all of
    /// which serde_json hands to visitors as `f64`).
    FloatForInteger,
    /// A string was given for an integer but is not a canonical decimal integer.
    InvalidIntegerString,
    /// The integer does not fit `i32`.
    I32OutOfRange,
    /// The integer does not fit `i64`.
    I64OutOfRange,
    /// A bytes field was not valid padded standard base64.
    InvalidBase64(Base64Error),
    /// More than [`depth_limit`](crate::limits::depth_limit) nested objects/arrays.
    DepthLimitExceeded,
    /// Something other than whitespace follows the top-level value.
    TrailingCharacters,
    /// The buffer given to `Cursor::from_bytes_with_nul` does not end with a NUL byte.
    MissingNul,
    /// An object of an abstract class has no `"@type"` key (reported by generated code).
    MissingType,
    /// The `"@type"` value names no constructor of the expected class (reported by generated
    /// code).
    UnknownType,
    /// A value of arena mode (generated with `Mode::Arena`) was parsed by a cursor without an
    /// arena ([`Cursor::with_arena`](super::Cursor::with_arena)).
    NoArena,
    /// An array whose elements would take more than `isize::MAX` bytes (a vector of
    /// constructors or classes, whose memory the parser sizes itself).
    ArrayTooLarge,
}

impl Error {
    /// An error of `kind` at byte `offset` from the start of the buffer.
    pub const fn new(offset: usize, kind: ErrorKind) -> Error {
        Error { offset, kind }
    }

    /// Byte offset from the start of the buffer where the error was detected.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// What went wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

impl std::error::Error for Error {}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ErrorKind::UnexpectedEnd => "unexpected end of input (NUL)",
            ErrorKind::ExpectedValue => "expected a JSON value",
            ErrorKind::ExpectedObject => "expected '{'",
            ErrorKind::ExpectedArray => "expected '['",
            ErrorKind::ExpectedKey => "expected '\"' starting an object key",
            ErrorKind::ExpectedColon => "expected ':' after object key",
            ErrorKind::ExpectedCommaOrObjectEnd => "expected ',' or '}' after object field",
            ErrorKind::ExpectedCommaOrArrayEnd => "expected ',' or ']' after array element",
            ErrorKind::InvalidLiteral => "invalid literal (expected true, false or null)",
            ErrorKind::InvalidNumber => "invalid number",
            ErrorKind::NumberOutOfRange => "number out of range",
            ErrorKind::ControlCharacterInString => "control character (0x00-0x1F) in string",
            ErrorKind::InvalidEscape => "invalid escape sequence in string",
            ErrorKind::LoneSurrogate => "lone UTF-16 surrogate in \\u escape",
            ErrorKind::InvalidUtf8 => "invalid UTF-8 in string",
            ErrorKind::ExpectedString => "expected a string",
            ErrorKind::ExpectedBool => "expected true or false",
            ErrorKind::ExpectedNumber => "expected a number",
            ErrorKind::ExpectedInteger => "expected an integer (number or decimal string)",
            ErrorKind::FloatForInteger => {
                "expected an integer, found a floating-point number (fraction, exponent, -0 or \
                 beyond u64)"
            }
            ErrorKind::InvalidIntegerString => {
                "expected an integer, found a string that is not a canonical decimal integer"
            }
            ErrorKind::I32OutOfRange => "integer out of range for i32",
            ErrorKind::I64OutOfRange => "integer out of range for i64",
            ErrorKind::InvalidBase64(e) => return write!(f, "invalid base64: {e}"),
            ErrorKind::DepthLimitExceeded => {
                return write!(f, "maximum nesting depth {} exceeded", depth_limit());
            }
            ErrorKind::TrailingCharacters => "trailing characters after the top-level value",
            ErrorKind::MissingNul => "buffer does not end with a NUL byte",
            ErrorKind::MissingType => "missing \"@type\" key",
            ErrorKind::UnknownType => "unknown \"@type\" value",
            ErrorKind::NoArena => "an arena-mode value parsed by a cursor without an arena",
            ErrorKind::ArrayTooLarge => "array too large: its elements exceed isize::MAX bytes",
        };
        f.write_str(text)
    }
}
