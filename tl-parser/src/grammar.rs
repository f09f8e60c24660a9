//! The text form of a TL schema: section markers, comments, doc comments and declarations,
//! read into a [`Schema`], with syntax errors positioned at the offending character.

use crate::decl::declaration;
use crate::diagnostics::Diagnostic;
use crate::docs::DocCollector;
use crate::model::{Category, Schema};
use crate::position::LineIndex;
use crate::syntax_error::SyntaxError;

/// Parsing stops after this many syntax errors.
const MAX_ERRORS: usize = 100;

/// Parses a whole schema. On syntax errors, every error found (declarations are skipped up to
/// their `;` to resynchronise) is returned instead.
pub(crate) fn parse_schema(source: &str) -> Result<Schema, Vec<Diagnostic>> {
    let index = LineIndex::new(source);
    let mut docs = DocCollector::default();
    let mut schema = Schema::default();
    let mut errors = Vec::new();
    let mut category = Category::Type;
    let mut rest = source.strip_prefix('\u{feff}').unwrap_or(source);
    while errors.len() < MAX_ERRORS {
        rest = rest.trim_start();
        let offset = source.len().saturating_sub(rest.len());
        if rest.is_empty() {
            break;
        } else if let Some(comment) = rest.strip_prefix("//") {
            let (line, after) = comment.split_once('\n').unwrap_or((comment, ""));
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.starts_with('@') {
                docs.tag_line(line, offset + 2, &index);
            } else if let Some(text) = line.strip_prefix('-') {
                docs.continuation_line(text, offset + 3, &index);
            }
            rest = after;
        } else if let Some(comment) = rest.strip_prefix("/*") {
            match comment.split_once("*/") {
                Some((_, after)) => rest = after,
                None => {
                    let error = SyntaxError::message(rest, "unterminated block comment `/*`", 2);
                    errors.push(error.to_diagnostic(&index));
                    break;
                }
            }
        } else if rest.starts_with("---") {
            match section(rest) {
                Ok((after, new_category)) => {
                    category = new_category;
                    rest = after;
                }
                Err(error) => {
                    errors.push(error.to_diagnostic(&index));
                    rest = rest.split_once('\n').map_or("", |(_, after)| after);
                }
            }
        } else {
            match declaration(&index, rest, category) {
                Ok((after, mut definition)) => {
                    docs.attach(&mut definition);
                    schema.definitions.push(definition);
                    rest = after;
                }
                Err(nom::Err::Error(error) | nom::Err::Failure(error)) => {
                    errors.push(error.to_diagnostic(&index));
                    rest = resynchronise(error.input);
                }
                Err(nom::Err::Incomplete(_)) => break,
            }
        }
    }
    schema.classes = docs.classes;
    if errors.is_empty() {
        Ok(schema)
    } else {
        Err(errors)
    }
}

/// The text after the next `;` (or nothing).
fn resynchronise(at: &str) -> &str {
    at.split_once(';').map_or("", |(_, after)| after)
}

/// `---types---`, `---functions---`, also with spaces: `--- functions ---`.
fn section(input: &str) -> Result<(&str, Category), SyntaxError<'_>> {
    let i = input.get(3..).unwrap_or("");
    let i = i.trim_start_matches([' ', '\t']);
    let word_len = i
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(i.len());
    let (word, after) = i.split_at(word_len);
    let category = match word {
        "types" => Category::Type,
        "functions" => Category::Function,
        _ => {
            return Err(SyntaxError::expected(
                i,
                "`types` or `functions` in a section marker",
            ));
        }
    };
    let after = after.trim_start_matches([' ', '\t']);
    match after.strip_prefix("---") {
        Some(after) => Ok((after, category)),
        None => Err(SyntaxError::expected(
            after,
            "`---` closing the section marker",
        )),
    }
}
