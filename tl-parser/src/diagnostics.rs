//! Diagnostics (errors and warnings with a position) and their rustc-style rendering.

use std::fmt;

use crate::model::Span;
use crate::position::line_text;

/// How bad a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The schema is invalid.
    Error,
    /// Likely not what was meant, but usable (e.g. a doc tag that documents no parameter).
    Warning,
}

/// A problem found in a schema, at a position in its source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Whether it is an error or a warning.
    pub severity: Severity,
    /// What is wrong, e.g. "unknown type `Foo`" or "expected `;`, found `b`".
    pub message: String,
    /// Where: the first character to underline.
    pub span: Span,
    /// How many characters to underline (at least one is shown).
    pub len: usize,
    /// Extra lines shown as `= note: ...`.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span` underlining `len` characters.
    pub fn error(message: impl Into<String>, span: Span, len: usize) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            len,
            notes: Vec::new(),
        }
    }

    /// A warning at `span` underlining `len` characters.
    pub fn warning(message: impl Into<String>, span: Span, len: usize) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message, span, len)
        }
    }

    /// Adds a `= note: ...` line.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Whether the severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders rustc-style, showing the line of `source` (the text the span refers to):
    ///
    /// ```text
    /// error: unknown type `Foo`
    ///  --> schema/x.tl:12:7
    ///    |
    /// 12 | bar a:Foo = Bar;
    ///    |       ^^^
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        let Span { line, column, .. } = self.span;
        let mut out = format!("{self}\n --> {file}:{line}:{column}\n");
        let number = line.to_string();
        let gutter = " ".repeat(number.len() + 1);
        if let Some(text) = line_text(source, line) {
            let text: String = text
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let before = usize::try_from(column).unwrap_or(1).saturating_sub(1);
            let available = text.chars().count().saturating_sub(before);
            let len = self.len.min(available).max(1);
            out.push_str(&format!("{gutter}|\n{number} | {text}\n"));
            out.push_str(&format!(
                "{gutter}| {}{}\n",
                " ".repeat(before),
                "^".repeat(len)
            ));
        }
        for note in &self.notes {
            out.push_str(&format!("{gutter}= note: {note}\n"));
        }
        out
    }
}

/// `error: message` (one line, no position).
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{level}: {}", self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Renders every diagnostic, separated by blank lines.
pub fn render_all(diagnostics: &[Diagnostic], file: &str, source: &str) -> String {
    diagnostics
        .iter()
        .map(|d| d.render(file, source))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let source = "\n".repeat(11) + "bar a:Foo = Bar;\n";
        let span = Span {
            offset: 17,
            line: 12,
            column: 7,
        };
        let d = Diagnostic::error("unknown type `Foo`", span, 3);
        assert_eq!(
            d.render("schema/x.tl", &source),
            "error: unknown type `Foo`\n --> schema/x.tl:12:7\n   |\n12 | bar a:Foo = Bar;\n   |       ^^^\n"
        );
    }

    #[test]
    fn survives_positions_outside_the_source() {
        let span = Span {
            offset: 99,
            line: 40,
            column: 80,
        };
        let d = Diagnostic::warning("w", span, 0).with_note("n");
        assert_eq!(
            d.render("f", "x"),
            "warning: w\n --> f:40:80\n   = note: n\n"
        );
        let span = Span {
            offset: 0,
            line: 1,
            column: 80,
        };
        let rendered = Diagnostic::error("e", span, 5).render("f", "ab");
        assert!(
            rendered.ends_with(&format!("| {}^\n", " ".repeat(79))),
            "{rendered}"
        );
    }
}
