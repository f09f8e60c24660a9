//! The error type of the nom parsers: where parsing stopped and what was expected there.

use std::borrow::Cow;

use nom::error::{ErrorKind, ParseError};

use crate::diagnostics::Diagnostic;
use crate::position::LineIndex;

/// A syntax error at `input` (a suffix of the text being parsed).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SyntaxError<'a> {
    pub(crate) input: &'a str,
    /// What was expected, e.g. "`;`"; `None` for a plain nom failure (the caller names it).
    pub(crate) expected: Option<Cow<'static, str>>,
    /// A complete message overriding "expected ..., found ...".
    pub(crate) message: Option<String>,
    /// Characters to underline.
    pub(crate) len: usize,
}

pub(crate) type PResult<'a, O> = nom::IResult<&'a str, O, SyntaxError<'a>>;

impl<'a> SyntaxError<'a> {
    /// "expected {what}, found ..." at `input`.
    pub(crate) fn expected(input: &'a str, what: impl Into<Cow<'static, str>>) -> Self {
        SyntaxError {
            input,
            expected: Some(what.into()),
            message: None,
            len: 1,
        }
    }

    /// A free-form message at `input`, underlining `len` chars.
    pub(crate) fn message(input: &'a str, message: impl Into<String>, len: usize) -> Self {
        SyntaxError {
            input,
            expected: None,
            message: Some(message.into()),
            len,
        }
    }

    /// As a hard nom failure (no backtracking).
    pub(crate) fn fail<O>(self) -> PResult<'a, O> {
        Err(nom::Err::Failure(self))
    }

    /// The diagnostic, positioned with `index` (whose source `input` is a suffix of).
    pub(crate) fn to_diagnostic(&self, index: &LineIndex<'_>) -> Diagnostic {
        let span = index.span_of_rest(self.input);
        let message = match (&self.message, &self.expected) {
            (Some(message), _) => message.clone(),
            (None, Some(what)) => format!("expected {what}, found {}", found(self.input)),
            (None, None) => format!("unexpected {}", found(self.input)),
        };
        let len = match (&self.message, self.input.chars().next()) {
            (None, Some(c)) if c.is_alphanumeric() || c == '_' => token_len(self.input),
            _ => self.len,
        };
        Diagnostic::error(message, span, len)
    }
}

/// How the text at `input` is described in "found ...".
pub(crate) fn found(input: &str) -> String {
    match input.chars().next() {
        None => "end of input".to_owned(),
        Some('\n' | '\r') => "end of line".to_owned(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let token: String = input.chars().take(token_len(input).min(40)).collect();
            format!("`{token}`")
        }
        Some(c) if c.is_control() || c.is_whitespace() => format!("{:?}", c),
        Some(c) => format!("`{c}`"),
    }
}

fn token_len(input: &str) -> usize {
    input
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .count()
        .max(1)
}

impl<'a> ParseError<&'a str> for SyntaxError<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        SyntaxError {
            input,
            expected: None,
            message: None,
            len: 1,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}
