//! The `build.rs` API, in the style of `prost-build`:
//!
//! ```no_run
//! // build.rs, in `fn main()`:
//! tlgen::Config::new()
//!     .mode(tlgen::Mode::Both)
//!     .compile("../shared/schema/td_api.tl")
//!     .unwrap_or_else(|e| panic!("{e}"));
//! // src/lib.rs: include!(concat!(env!("OUT_DIR"), "/td_api.rs"));
//! ```
//!
//! `compile` prints `cargo:rerun-if-changed` for the schema, writes `<schema stem>.rs` into
//! `OUT_DIR` (or the directory given by [`Config::out_dir`]) only when its content changed, and
//! returns the schema's diagnostics as the error.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::attributes::{self, Rule};
use crate::emit::{self, Header};
use crate::model::Model;
use crate::prune::{Selection, prune};

/// Which parsers to emit beside the types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The serde reader (`Deserialize` impls).
    #[default]
    Reader,
    /// The zero-copy pointer parser.
    Pointer,
    /// Both, plus the validator that compares them.
    Both,
}

impl Mode {
    pub fn reader(self) -> bool {
        matches!(self, Mode::Reader | Mode::Both)
    }
    pub fn pointer(self) -> bool {
        matches!(self, Mode::Pointer | Mode::Both)
    }
    const NAMES: &[(&str, Mode)] = &[
        ("reader", Mode::Reader),
        ("pointer", Mode::Pointer),
        ("both", Mode::Both),
    ];
    pub fn name(self) -> &'static str {
        name_of(self, Self::NAMES)
    }
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        from_name(s, "mode", Self::NAMES)
    }
}

/// Which types get a `Serialize` impl (TDLib's JSON, `@type` first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Serializers {
    /// Every type, request and `Object`: received values can be written back as TDLib's JSON.
    #[default]
    All,
    /// Only what requests carry: the function structs and the types reachable from their
    /// parameters (everything, if a parameter has the type `Object`). For a program that
    /// receives objects and sends requests; it builds faster (the pruned crate of
    /// docs/COMPILE_COST.md in 0.92 of the time in `both` mode, 0.95 in `pointer`). The
    /// validator then names differences from `Debug` output instead of JSON.
    Requests,
}

impl Serializers {
    const NAMES: &[(&str, Serializers)] = &[
        ("all", Serializers::All),
        ("requests", Serializers::Requests),
    ];
    pub fn name(self) -> &'static str {
        name_of(self, Self::NAMES)
    }
}

impl std::str::FromStr for Serializers {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        from_name(s, "serializers", Self::NAMES)
    }
}

/// The name of `value` in `names` (every variant is listed).
fn name_of<T: Copy + PartialEq>(value: T, names: &[(&'static str, T)]) -> &'static str {
    names
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(name, _)| name)
}

/// The variant named `s`, or an error listing the names: "unknown mode `x` (expected reader,
/// pointer or both)".
fn from_name<T: Copy>(s: &str, what: &str, names: &[(&str, T)]) -> Result<T, String> {
    if let Some((_, value)) = names.iter().find(|(name, _)| *name == s) {
        return Ok(*value);
    }
    let listed: Vec<&str> = names.iter().map(|(name, _)| *name).collect();
    let expected = match listed.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Err(format!("unknown {what} `{s}` (expected {expected})"))
}

/// Generator settings. Build with [`Config::new`] and chain options.
#[derive(Debug, Clone, Default)]
pub struct Config {
    mode: Mode,
    serializers: Serializers,
    out_dir: Option<PathBuf>,
    emit_rerun: bool,
    selection: Selection,
    type_attributes: Vec<Rule>,
    field_attributes: Vec<Rule>,
}

/// What one generation produced.
#[derive(Debug, Clone)]
pub struct Generated {
    pub code: String,
    pub summary: GenerationSummary,
}

/// Counts for the one-line summary the CLI prints.
#[derive(Debug, Clone)]
pub struct GenerationSummary {
    pub types: usize,
    pub constructors: usize,
    pub classes: usize,
    pub functions: usize,
    pub lines: usize,
    pub elapsed: Duration,
}

impl fmt::Display for GenerationSummary {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "types {}, constructors {}, classes {}, functions {}, lines {}, {:.2} s",
            self.types,
            self.constructors,
            self.classes,
            self.functions,
            self.lines,
            self.elapsed.as_secs_f64()
        )
    }
}

/// A schema that cannot be generated: its rendered diagnostics.
#[derive(Debug, Clone)]
pub struct Error {
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl Config {
    pub fn new() -> Self {
        Config {
            emit_rerun: true,
            ..Config::default()
        }
    }

    /// Which parsers to emit (default: [`Mode::Reader`]).
    pub fn mode(&mut self, mode: Mode) -> &mut Self {
        self.mode = mode;
        self
    }

    /// Which types get a `Serialize` impl (default: [`Serializers::All`]).
    pub fn serializers(&mut self, serializers: Serializers) -> &mut Self {
        self.serializers = serializers;
        self
    }

    /// Where `compile` writes (default: the `OUT_DIR` environment variable).
    pub fn out_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// Emit only what these constructors, classes or functions (TL names) need; other
    /// constructors of a kept class parse as `Unknown`. See [`crate::prune`].
    pub fn roots<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, roots: I) -> &mut Self {
        self.selection
            .roots
            .extend(roots.into_iter().map(Into::into));
        self
    }

    /// Emit every type TDLib can send (reachable from a function result), and requests only
    /// for the functions named by [`Config::functions`] or [`Config::roots`].
    pub fn output_types(&mut self, yes: bool) -> &mut Self {
        self.selection.output_types = yes;
        self
    }

    /// Emit requests only for these functions (TL names).
    pub fn functions<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, names: I) -> &mut Self {
        self.selection
            .functions
            .get_or_insert_with(Vec::new)
            .extend(names.into_iter().map(Into::into));
        self
    }

    /// Adds `attribute` (Rust source, e.g. `#[derive(Hash)]`) to the generated struct or enum
    /// of the constructor, class or function named `path` (a TL name), or to every one of them
    /// for `path` `"."`. As prost-build's `type_attribute`. A path that matches nothing
    /// generated (a typo, or pruned away) fails generation.
    pub fn type_attribute(
        &mut self,
        path: impl Into<String>,
        attribute: impl Into<String>,
    ) -> &mut Self {
        self.type_attributes.push(Rule {
            path: path.into(),
            attribute: attribute.into(),
        });
        self
    }

    /// Adds `attribute` to the field `path` (`<constructor or function>.<field>`, TL names:
    /// `user.first_name`; the field is what follows the last dot), or to every field for `"."`.
    /// As prost-build's `field_attribute`.
    pub fn field_attribute(
        &mut self,
        path: impl Into<String>,
        attribute: impl Into<String>,
    ) -> &mut Self {
        self.field_attributes.push(Rule {
            path: path.into(),
            attribute: attribute.into(),
        });
        self
    }

    /// Whether `compile` prints `cargo:rerun-if-changed` (default: yes).
    pub fn emit_rerun_if_changed(&mut self, yes: bool) -> &mut Self {
        self.emit_rerun = yes;
        self
    }

    /// Generates code for `schema` and writes `<stem>.rs` into the output directory. Returns
    /// the path written.
    pub fn compile(&self, schema: impl AsRef<Path>) -> Result<PathBuf, Error> {
        let schema = schema.as_ref();
        if self.emit_rerun {
            println!("cargo:rerun-if-changed={}", schema.display());
        }
        let generated = self.generate(schema)?;
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| Error {
                    message:
                        "OUT_DIR is not set: call compile() from build.rs or set Config::out_dir"
                            .into(),
                })?,
        };
        let stem = schema
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("schema");
        let path = out_dir.join(format!("{stem}.rs"));
        write_if_changed(&path, &generated.code)?;
        Ok(path)
    }

    /// Generates code for the schema at `schema` without writing it.
    pub fn generate(&self, schema: &Path) -> Result<Generated, Error> {
        let started = Instant::now();
        let (parsed, source) = tl_parser::load(schema).map_err(|e| Error {
            message: e.to_string(),
        })?;
        let display = schema.display().to_string();
        let diagnostics = tl_parser::check(&parsed);
        let errors: Vec<String> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.render(&display, &source))
            .collect();
        if !errors.is_empty() {
            return Err(Error {
                message: errors.join("\n"),
            });
        }
        let model = Model::build(&parsed).map_err(|errors| Error {
            message: errors
                .iter()
                .map(|e| {
                    format!(
                        "error: {}\n --> {}:{}:{}",
                        e.message, display, e.span.line, e.span.column
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"),
        })?;
        let mut model = prune(model, &self.selection).map_err(|message| Error { message })?;
        attributes::apply(&mut model, &self.type_attributes, &self.field_attributes)
            .map_err(|message| Error { message })?;
        let name = schema
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("schema");
        let code = emit::generate(
            &model,
            &Header {
                schema_name: name,
                schema_hash: &format!("{:016x}", fnv1a64(source.as_bytes())),
                mode: self.mode,
                serializers: self.serializers,
            },
        );
        Ok(Generated {
            summary: GenerationSummary {
                types: model.type_count(),
                constructors: model.structs.len(),
                classes: model.classes.len(),
                functions: model.functions.len(),
                lines: code.lines().count(),
                elapsed: started.elapsed(),
            },
            code,
        })
    }
}

fn write_if_changed(path: &Path, content: &str) -> Result<(), Error> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == content) {
        return Ok(());
    }
    std::fs::write(path, content).map_err(|e| Error {
        message: format!("cannot write {}: {e}", path.display()),
    })
}

/// FNV-1a, 64 bits: a content fingerprint for the header (not security).
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::{Mode, Serializers};

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for &(name, mode) in Mode::NAMES {
            assert_eq!((mode.name(), name.parse::<Mode>()), (name, Ok(mode)));
        }
        for &(name, serializers) in Serializers::NAMES {
            assert_eq!(
                (serializers.name(), name.parse::<Serializers>()),
                (name, Ok(serializers))
            );
        }
        assert_eq!(
            "x".parse::<Mode>(),
            Err("unknown mode `x` (expected reader, pointer or both)".into())
        );
        assert_eq!(
            "x".parse::<Serializers>(),
            Err("unknown serializers `x` (expected all or requests)".into())
        );
    }
}
