//! The pipeline behind [`Config`]'s entry points: read the schema (TL text or Telegram's JSON
//! form), parse and check it (`tl-parser`), resolve it with the options into a [`Plan`], render
//! it (`emit`), and for [`Config::compile`] write it into `OUT_DIR`.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::emit;
use crate::error::Error;
use crate::plan::Plan;

impl Config {
    /// Generates code for the schema file `schema` and writes `<stem>.rs` into the output
    /// directory (only if its content changed). Returns the path written.
    pub fn compile(&self, schema: impl AsRef<Path>) -> Result<PathBuf, Error> {
        let schema = schema.as_ref();
        let options = self.options();
        if options.emit_rerun {
            println!("cargo:rerun-if-changed={}", schema.display());
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
        let source = std::fs::read_to_string(schema).map_err(|source| Error::Io {
            path: schema.to_owned(),
            source,
        })?;
        let name = schema
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("schema.tl");
        self.generate_named(name, &schema.display().to_string(), &source)
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

    /// `name` goes into the code, `shown` into diagnostics (the path as the user gave it).
    fn generate_named(&self, name: &str, shown: &str, source: &str) -> Result<String, Error> {
        let parsed = tl_parser::parse_as(Path::new(name), source)
            .map_err(|diagnostics| Error::schema(diagnostics, shown, source))?;
        let errors: Vec<_> = tl_parser::check(&parsed)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
        if !errors.is_empty() {
            return Err(Error::schema(errors, shown, source));
        }
        let plan = Plan::new(self, &parsed, name, shown, source)?;
        Ok(emit::generate(&plan))
    }
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
