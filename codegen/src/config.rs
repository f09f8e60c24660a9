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
//! returns the schema's diagnostics as the error. [`Config::generate`] does the same in memory.
//! This module holds the options; `generate` runs them (`impl Config` there).

use std::path::{Path, PathBuf};

use crate::attributes::Rule;
use crate::prune::Selection;

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
    /// The pointer parser into types that hold views (`&'a str`, `&'a [T]`, `&'a T`) into the
    /// input and a bump arena instead of owned data: no allocation of the global allocator per
    /// document (`tlgen_runtime::arena`). No serializers and no request types in this mode.
    Arena,
}

impl Mode {
    /// Whether the serde reader is emitted (`Reader` and `Both`).
    pub fn reader(self) -> bool {
        matches!(self, Mode::Reader | Mode::Both)
    }
    /// Whether the pointer parser is emitted (`Pointer`, `Both` and `Arena`).
    pub fn pointer(self) -> bool {
        matches!(self, Mode::Pointer | Mode::Both | Mode::Arena)
    }
    /// Whether the types are arena mode's views.
    pub fn arena(self) -> bool {
        self == Mode::Arena
    }
    const NAMES: &[(&str, Mode)] = &[
        ("reader", Mode::Reader),
        ("pointer", Mode::Pointer),
        ("both", Mode::Both),
        ("arena", Mode::Arena),
    ];
    /// The mode as the CLI's `--mode` spells it: `"reader"`, `"pointer"`, `"both"` or `"arena"`.
    pub fn name(self) -> &'static str {
        name_of(self, Self::NAMES)
    }
}

/// `"reader"`, `"pointer"`, `"both"` or `"arena"` (the CLI's `--mode`).
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
    /// The setting as the CLI's `--serializers` spells it: `"all"` or `"requests"`.
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

/// Which enum variants hold their constructor in a `Box`. Either way the shape of a variant
/// depends only on this setting, [`Config::boxed`] and [`Config::unboxed`], never on a type's
/// size, so a later schema version that makes a type larger does not move it behind a `Box`.
/// Fields that close a containment cycle (recursion: `RichText`, `PageBlock`, ...) are boxed
/// under both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Boxing {
    /// Every variant of every class enum and of `Object`: `Update::NewMessage(Box<..>)`. Enums
    /// stay small (td_api's `Object` is 32 bytes) and parsing a class value costs one allocation
    /// (none for a constructor without fields: a `Box` of a zero-sized struct). Keep the small
    /// ones inline with a frozen list ([`Config::unboxed_file`], `tlgen freeze-boxing`): the
    /// layout and speed of size-based boxing, with shapes that never move.
    #[default]
    Variants,
    /// Only what recursion needs: `Update::NewMessage(UpdateNewMessage)`. No allocation per
    /// class value, but every enum is as large as its largest variant, inline (td_api's
    /// `Object` is 23,712 bytes, `Message` 11,808).
    Recursion,
}

impl Boxing {
    const NAMES: &[(&str, Boxing)] = &[
        ("variants", Boxing::Variants),
        ("recursion", Boxing::Recursion),
    ];
    /// The setting as the CLI's `--boxing` spells it: `"variants"` or `"recursion"`.
    pub fn name(self) -> &'static str {
        name_of(self, Self::NAMES)
    }
}

/// `"variants"` or `"recursion"` (the CLI's `--boxing`).
impl std::str::FromStr for Boxing {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        from_name(s, "boxing", Self::NAMES)
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
    boxed: Vec<String>,
    boxing: Boxing,
    unboxed: Vec<String>,
    unboxed_files: Vec<PathBuf>,
    function_macro: FunctionMacro,
    reader_entry_points: Option<bool>,
}

/// The name of the macro that lists the request structs ([`Config::function_macro`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum FunctionMacro {
    /// `<schema stem>_for_each_function`.
    #[default]
    Default,
    Named(String),
    None,
}

/// The options as the planner reads them.
pub(crate) struct Options<'a> {
    pub mode: Mode,
    pub serializers: Serializers,
    pub selection: &'a Selection,
    pub type_attributes: &'a [Rule],
    pub field_attributes: &'a [Rule],
    pub boxed: &'a [String],
    pub boxing: Boxing,
    pub unboxed: &'a [String],
    pub unboxed_files: &'a [PathBuf],
    pub out_dir: Option<&'a Path>,
    pub emit_rerun: bool,
    pub function_macro: &'a FunctionMacro,
    pub reader_entry_points: Option<bool>,
}

impl Config {
    /// Every option at its default (`cargo:rerun-if-changed` on, unlike `Config::default()`).
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
    /// constructors of a kept class parse as `Unknown`. What is kept: a root constructor (and its
    /// class enum as a container), every constructor of a root class or of a class a kept field
    /// names, a root function's request, parameter and result types, and transitively every
    /// type a kept field refers to.
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

    /// Which enum variants are boxed (default: [`Boxing::Variants`], every one).
    pub fn boxing(&mut self, boxing: Boxing) -> &mut Self {
        self.boxing = boxing;
        self
    }

    /// Boxes what `paths` name, beyond what [`Config::boxing`] boxes. As prost-build's `boxed`;
    /// paths are TL names:
    /// - `"Update.updateNewMessage"`: that variant of a class enum;
    /// - `"Object.user"`: the variant of `Object` of a type with one constructor;
    /// - `"Update.*"`, `"Object.*"`: every such variant;
    /// - `"message.content"`: a field that holds an object (`Option<T>` becomes
    ///   `Option<Box<T>>`).
    ///
    /// A path that matches nothing generated fails generation.
    pub fn boxed<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, paths: I) -> &mut Self {
        self.boxed.extend(paths.into_iter().map(Into::into));
        self
    }

    /// Keeps the variants `paths` name inline (no `Box`) under [`Boxing::Variants`]: a list
    /// frozen once by [`crate::small_variants`] (`tlgen freeze-boxing`), usually through
    /// [`Config::unboxed_file`]. Paths are `"<Class>.<constructor>"` (`"Update.updateUserStatus"`),
    /// `"Object.<constructor>"` or `"<Class>.*"`. [`Config::boxed`] wins over this.
    ///
    /// A path that names no generated variant is skipped, not an error: a frozen list names
    /// constructors that a later schema drops or that [`Config::roots`] prunes away. A path of
    /// another form (a field, no dot) fails generation. Arena mode ignores the list: its
    /// variants are references into the arena (`&'a T`), which cost no allocation.
    pub fn unboxed<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, paths: I) -> &mut Self {
        self.unboxed.extend(paths.into_iter().map(Into::into));
        self
    }

    /// [`Config::unboxed`] with the paths of the file `path`, one per line (blank lines and
    /// lines starting with `#` are skipped), as `tlgen freeze-boxing` writes it. Read when
    /// code is generated; [`Config::compile`] prints `cargo:rerun-if-changed` for it.
    ///
    /// ```text
    /// tlgen freeze-boxing --schema td_api.tl --out td_api.unboxed   # once, then commit it
    /// ```
    pub fn unboxed_file(&mut self, path: impl Into<PathBuf>) -> &mut Self {
        self.unboxed_files.push(path.into());
        self
    }

    /// The name of the macro that calls `m!(Name)` for every request struct of `functions`
    /// (default: `<schema stem>_for_each_function`, `td_api_for_each_function` for
    /// td_api.tl); `None` emits no such macro. It is `#[macro_export]`ed, so at the root of
    /// its crate whatever module includes the code: two modules with requests of one schema in
    /// one crate (a pruned and a full one, or one per mode) need another name for one of them,
    /// else rustc reports the name defined twice (E0428). Arena mode emits no requests, so no
    /// macro. A name that is not a Rust identifier fails generation.
    ///
    /// ```no_run
    /// tlgen::Config::new()
    ///     .mode(tlgen::Mode::Pointer)
    ///     .roots(["Update", "getMe"])
    ///     .function_macro(Some("small_api_for_each_function"))
    ///     .compile("../shared/schema/td_api.tl")?;
    /// # Ok::<(), tlgen::Error>(())
    /// ```
    pub fn function_macro(&mut self, name: Option<&str>) -> &mut Self {
        self.function_macro = match name {
            Some(name) => FunctionMacro::Named(name.to_owned()),
            None => FunctionMacro::None,
        };
        self
    }

    /// Whether to emit the serde reader's entry points, compiled here: `read_received(text)`
    /// for what `td_receive` returns, and for every request an impl of
    /// `tlgen_runtime::function::ReadResponse` (what `function::read_response::<F>` calls).
    /// They are not generic, so the reader is instantiated for `serde_json` once, in the
    /// generated crate, instead of in every crate that reads (and again at each build of that
    /// crate: at every edit in release, 200 s for the full td_api's `Received` on 2 cores, 94 s
    /// for the answers of 40 requests; README). Default: yes in [`Mode::Reader`], no in
    /// [`Mode::Both`], where the pointer parser reads and the reader mostly serves tests; they
    /// cost the generated crate their instantiation whether they are called or not (full
    /// td_api: 36-39 → 62-68 s debug, 46 → 218 s release). `true` in a mode without the
    /// reader fails generation.
    ///
    /// ```no_run
    /// tlgen::Config::new()
    ///     .mode(tlgen::Mode::Both)
    ///     .reader_entry_points(true)
    ///     .compile("../shared/schema/td_api.tl")?;
    /// # Ok::<(), tlgen::Error>(())
    /// ```
    pub fn reader_entry_points(&mut self, yes: bool) -> &mut Self {
        self.reader_entry_points = Some(yes);
        self
    }

    /// Whether `compile` prints `cargo:rerun-if-changed` (default: yes).
    pub fn emit_rerun_if_changed(&mut self, yes: bool) -> &mut Self {
        self.emit_rerun = yes;
        self
    }

    pub(crate) fn options(&self) -> Options<'_> {
        Options {
            mode: self.mode,
            serializers: self.serializers,
            selection: &self.selection,
            type_attributes: &self.type_attributes,
            field_attributes: &self.field_attributes,
            boxed: &self.boxed,
            boxing: self.boxing,
            unboxed: &self.unboxed,
            unboxed_files: &self.unboxed_files,
            out_dir: self.out_dir.as_deref(),
            emit_rerun: self.emit_rerun,
            function_macro: &self.function_macro,
            reader_entry_points: self.reader_entry_points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Boxing, Mode, Serializers};

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
        for &(name, boxing) in Boxing::NAMES {
            assert_eq!((boxing.name(), name.parse::<Boxing>()), (name, Ok(boxing)));
        }
        assert_eq!(
            "x".parse::<Mode>(),
            Err("unknown mode `x` (expected reader, pointer, both or arena)".into())
        );
        assert_eq!(
            "x".parse::<Serializers>(),
            Err("unknown serializers `x` (expected all or requests)".into())
        );
    }
}
