//! The pipeline behind [`Config`]'s entry points: read the schema (TL text or Telegram's JSON
//! form), parse and check it (`tl-parser`), resolve it with the options into a [`Plan`], render
//! it (`emit`), and for [`Config::compile`] write it into `OUT_DIR`.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::emit;
use crate::error::Error;
use crate::model::Model;
use crate::plan::{self, Plan};

impl Config {
    /// Generates code for the schema file `schema` and writes `<stem>.rs` into the output
    /// directory (only if its content changed). Returns the path written.
    pub fn compile(&self, schema: impl AsRef<Path>) -> Result<PathBuf, Error> {
        let schema = schema.as_ref();
        let options = self.options();
        if options.emit_rerun {
            println!("cargo:rerun-if-changed={}", schema.display());
            for file in options.unboxed_files {
                println!("cargo:rerun-if-changed={}", file.display());
            }
        }
        let code = self.generate_file(schema)?;
        let out_dir = match options.out_dir {
            Some(dir) => dir.to_owned(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(Error::NoOutDir)?,
        };
        let stem = schema
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("schema");
        let path = out_dir.join(format!("{stem}.rs"));
        write_if_changed(&path, &code)?;
        Ok(path)
    }

    /// Generates code for the schema file `schema` (`.json`: Telegram's JSON form; anything
    /// else: TL text) and returns it without writing anything.
    pub fn generate_file(&self, schema: impl AsRef<Path>) -> Result<String, Error> {
        let schema = schema.as_ref();
        let source = read(schema)?;
        self.generate_named(file_name(schema), &schema.display().to_string(), &source)
    }

    /// Generates code for the schema text `schema`, in memory. `name` is the schema's file name
    /// (`"td_api.tl"`): diagnostics name it, and it names the generated
    /// `td_api_for_each_function!` macro; a name ending in `.json` reads Telegram's JSON form.
    ///
    /// ```
    /// let code = tlgen::Config::new()
    ///     .generate("mini.tl", "ok = Ok;\n---functions---\nping = Ok;\n")
    ///     .unwrap();
    /// assert!(code.contains("pub struct Ping"));
    /// ```
    pub fn generate(&self, name: &str, schema: &str) -> Result<String, Error> {
        self.generate_named(name, name, schema)
    }

    /// Checks that [`Config::generate_file`] would succeed on the schema file `schema` with
    /// these options, without rendering any code: the schema's diagnostics, the Rust model's
    /// (a type TL resolves but Rust cannot), options naming what the schema lacks. The `tlgen
    /// check` command runs it.
    ///
    /// ```no_run
    /// tlgen::Config::new().check_file("../shared/schema/td_api.tl").unwrap();
    /// ```
    pub fn check_file(&self, schema: impl AsRef<Path>) -> Result<(), Error> {
        let schema = schema.as_ref();
        let source = read(schema)?;
        let shown = schema.display().to_string();
        let parsed = parse_checked(file_name(schema), &shown, &source)?;
        Plan::new(self, &parsed, file_name(schema), &shown, &source).map(drop)
    }

    /// `name` goes into the code, `shown` into diagnostics (the path as the user gave it).
    fn generate_named(&self, name: &str, shown: &str, source: &str) -> Result<String, Error> {
        let parsed = parse_checked(name, shown, source)?;
        let plan = Plan::new(self, &parsed, name, shown, source)?;
        Ok(emit::generate(&plan))
    }
}

/// The whole model of the schema file `schema` (no selection, no options).
pub(crate) fn load_model(schema: &Path) -> Result<Model, Error> {
    let source = read(schema)?;
    let shown = schema.display().to_string();
    let parsed = parse_checked(file_name(schema), &shown, &source)?;
    plan::build_model(&parsed, &shown, &source)
}

/// Parses `source` (TL text, or Telegram's JSON form for a `name` ending in `.json`) and fails
/// on any error diagnostic of the checks.
fn parse_checked(name: &str, shown: &str, source: &str) -> Result<tl_parser::Schema, Error> {
    let parsed = tl_parser::parse_as(Path::new(name), source)
        .map_err(|diagnostics| Error::schema(diagnostics, shown, source))?;
    let errors: Vec<_> = tl_parser::check(&parsed)
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(Error::schema(errors, shown, source))
    }
}

/// The text of the file at `path`.
pub(crate) fn read(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })
}

/// The schema's file name (it names the generated `*_for_each_function!` macro).
fn file_name(schema: &Path) -> &str {
    schema
        .file_name()
        .and_then(|s| s.to_str())
        .unwrap_or("schema.tl")
}

fn write_if_changed(path: &Path, content: &str) -> Result<(), Error> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == content) {
        return Ok(());
    }
    std::fs::write(path, content).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })
}
