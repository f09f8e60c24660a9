//! Reading a schema file, choosing the form by extension (`.json` = JSON form, else text).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, render_all};
use crate::model::Schema;

/// Why [`load`] failed.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (or is not UTF-8).
    Io {
        /// The file.
        path: PathBuf,
        /// Why reading failed.
        error: std::io::Error,
    },
    /// The file has syntax errors.
    Parse {
        /// The file.
        path: PathBuf,
        /// The syntax errors.
        diagnostics: Vec<Diagnostic>,
        /// The diagnostics rendered rustc-style, naming the path.
        rendered: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            LoadError::Parse { rendered, .. } => f.write_str(rendered.trim_end()),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Io { error, .. } => Some(error),
            LoadError::Parse { .. } => None,
        }
    }
}

/// Parses `source`, the text of a schema file named `name`: Telegram's JSON form when the name
/// ends in `.json`, TL text otherwise (what [`load`] does after reading the file).
pub fn parse_as(name: &Path, source: &str) -> Result<Schema, Vec<Diagnostic>> {
    if name
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        crate::parse_json(source)
    } else {
        crate::parse(source)
    }
}

/// Reads and parses the schema at `path`: `.json` files in Telegram's JSON form, anything else
/// as TL text. Returns the schema and the source text (for rendering check diagnostics).
pub fn load(path: &Path) -> Result<(Schema, String), LoadError> {
    let source = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
        path: path.to_owned(),
        error,
    })?;
    match parse_as(path, &source) {
        Ok(schema) => Ok((schema, source)),
        Err(diagnostics) => {
            let rendered = render_all(&diagnostics, &path.display().to_string(), &source);
            Err(LoadError::Parse {
                path: path.to_owned(),
                diagnostics,
                rendered,
            })
        }
    }
}
