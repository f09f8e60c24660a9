//! `tl-parser`: reads a TL schema (text `.tl` or Telegram's JSON form) into a small model
//! ([`Schema`], [`Definition`], [`Parameter`], [`Type`]) and checks it, with diagnostics that
//! name `file:line:col` and show the offending line.
//!
//! It knows nothing of Rust or of JSON payloads: that is the generator's business.
//!
//! ```
//! let schema = tl_parser::parse("ok = Ok;\n---functions---\nping = Ok;\n").unwrap();
//! assert!(tl_parser::check(&schema).is_empty());
//! assert_eq!(schema.summary().to_string(), "constructors 1, functions 1, classes 0, types 1");
//! ```

#![warn(missing_docs)]

mod check;
mod decl;
mod diagnostics;
mod display;
mod docs;
mod from_str;
mod grammar;
mod id;
mod json_form;
mod load;
pub mod model;
mod position;
mod summary;
mod syntax_error;

pub use check::check;
pub use diagnostics::{Diagnostic, Severity, render_all};
pub use id::{infer_id, normal_form};
pub use json_form::{parse_json, to_json};
pub use load::{LoadError, load, parse_as};
pub use model::*;
pub use position::advance;
pub use summary::Summary;

/// Parses a schema in TL text form. Syntax errors come back as diagnostics (all of them,
/// up to 100); semantic problems are left to [`check`].
pub fn parse(source: &str) -> Result<Schema, Vec<Diagnostic>> {
    grammar::parse_schema(source)
}
