//! [`Error`]: why generation failed, as a value a build script can match on and a message a
//! person can act on (schema problems are rendered rustc-style, `file:line:col` and the line).

use std::fmt;
use std::path::PathBuf;

use tl_parser::Diagnostic;

/// Why [`Config::compile`](crate::Config::compile) or
/// [`Config::generate`](crate::Config::generate) failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The schema could not be read, or the output could not be written.
    Io {
        /// The file that could not be read or written.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The schema has errors: syntax, checks (an unknown type, a duplicate constructor), or a
    /// construct that cannot become Rust (two constructors with one Rust name). Every error
    /// diagnostic is kept; `rendered` shows them rustc-style with the schema's name and lines.
    Schema {
        /// The error diagnostics (warnings are not kept).
        diagnostics: Vec<Diagnostic>,
        /// `diagnostics` rendered rustc-style: what `Display` prints.
        rendered: String,
    },
    /// An option names something the generated schema does not have, or is malformed:
    /// `roots`, `functions`, `type_attribute`, `field_attribute` or `boxed`.
    Option {
        /// The [`Config`](crate::Config) method: `"roots"`, `"boxed"`, ...
        option: &'static str,
        /// The value given to it (a TL name, a path, an attribute).
        value: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The schema is beyond a limit of the generated dispatch tables: at most 65,535
    /// constructors, and names of at most 65,535 bytes (their indexes and lengths are `u16`).
    Limit {
        /// Which limit, and by how much: "70000-byte constructor name `aaa…`".
        problem: String,
    },
    /// [`Config::compile`](crate::Config::compile) was called outside a build script without
    /// [`Config::out_dir`](crate::Config::out_dir).
    NoOutDir,
}

impl Error {
    /// An [`Error::Option`].
    pub(crate) fn option(
        option: &'static str,
        value: impl Into<String>,
        problem: impl Into<String>,
    ) -> Self {
        Error::Option {
            option,
            value: value.into(),
            problem: problem.into(),
        }
    }

    /// An [`Error::Schema`] from the error diagnostics of a schema named `file` with text
    /// `source`.
    pub(crate) fn schema(diagnostics: Vec<Diagnostic>, file: &str, source: &str) -> Self {
        let rendered = tl_parser::render_all(&diagnostics, file, source);
        Error::Schema {
            diagnostics,
            rendered,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Schema { rendered, .. } => f.write_str(rendered.trim_end()),
            Error::Option {
                option,
                value,
                problem,
            } => write!(f, "Config::{option}(`{value}`): {problem}"),
            Error::Limit { problem } => write!(
                f,
                "the schema is beyond what tlgen's dispatch tables hold: {problem}"
            ),
            Error::NoOutDir => f.write_str(
                "OUT_DIR is not set: call compile() from build.rs or set Config::out_dir",
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            Error::Schema { diagnostics, .. } => diagnostics
                .first()
                .map(|d| d as &(dyn std::error::Error + 'static)),
            Error::Option { .. } | Error::Limit { .. } | Error::NoOutDir => None,
        }
    }
}
