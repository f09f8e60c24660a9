//! `FromStr` for single model nodes: a [`Definition`] (category [`Category::Type`]), a
//! [`Type`] and a [`ParameterType`]. Errors are [`Diagnostic`]s positioned in the given text.

use std::str::FromStr;

use crate::decl::{declaration, parameter_type, trivia, ty};
use crate::diagnostics::Diagnostic;
use crate::model::{Category, Definition, ParameterType, Type};
use crate::position::LineIndex;
use crate::syntax_error::{PResult, SyntaxError};

/// Runs `parser` on all of `text` (surrounding whitespace allowed).
fn parse_all<'a, O>(
    text: &'a str,
    parser: impl FnOnce(&LineIndex<'_>, &'a str) -> PResult<'a, O>,
) -> Result<O, Diagnostic> {
    let index = LineIndex::new(text);
    let run = || -> PResult<'a, O> {
        let (i, ()) = trivia(text)?;
        let (i, out) = parser(&index, i)?;
        let (i, ()) = trivia(i)?;
        if i.is_empty() {
            Ok((i, out))
        } else {
            SyntaxError::expected(i, "end of input").fail()
        }
    };
    match run() {
        Ok((_, out)) => Ok(out),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e.to_diagnostic(&index)),
        Err(nom::Err::Incomplete(_)) => Err(Diagnostic::error(
            "incomplete input",
            index.span(text.len()),
            1,
        )),
    }
}

/// One declaration; the final `;` may be left out. The category is [`Category::Type`].
impl FromStr for Definition {
    type Err = Diagnostic;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim_end();
        let owned;
        let text = if trimmed.ends_with(';') {
            text
        } else {
            owned = format!("{trimmed};");
            &owned
        };
        parse_all(text, |index, i| declaration(index, i, Category::Type))
    }
}

/// One type: `int`, `Vector<long>`, `!X`, `%T`, `auth.SentCode`.
impl FromStr for Type {
    type Err = Diagnostic;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_all(text, |_, i| ty(i))
    }
}

/// One parameter type: `#`, `int`, `flags.0?Vector<long>`.
impl FromStr for ParameterType {
    type Err = Diagnostic;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_all(text, |_, i| parameter_type(i))
    }
}
