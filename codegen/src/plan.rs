//! The one decision layer: a parsed schema and the [`Config`]'s options become a [`Plan`], and
//! the emitters only render it.
//!
//! Decided here, in this order:
//! 1. the model (`tlgen-model`): Rust names, field shapes, boxing of recursion;
//! 2. the selection (`roots`, `functions`, `output_types`): what is generated at all;
//! 3. the user's attributes (`type_attribute`, `field_attribute`);
//! 4. `Object`'s variants and their names;
//! 5. boxing: every enum variant or none (`boxing`), then the user's paths (`unboxed`, then
//!    `boxed`);
//! 6. which items get a `Serialize` impl, which parsers (reader, pointer) and validator are
//!    emitted, the storage (owned, or arena mode's views) and whether requests are.
//!
//! Every option error (an unknown root, a path that matches nothing) is reported here, before any
//! code is written.

use tl_parser::Schema;

use crate::config::{Boxing, Config, FunctionMacro, Mode, Serializers};
use crate::error::Error;
use crate::model::{Model, StructId};
use crate::prune::{PruneError, prune, reachable_from_parameters};
use crate::{attributes, boxing};

/// Everything the emitters need, decided.
pub(crate) struct Plan {
    pub model: Model,
    /// The variants of `Object`, in schema order of first appearance.
    pub object: Vec<ObjectVariant>,
    /// Which structs and classes get a `Serialize` impl, and whether `Object` does.
    pub serialized: Serialized,
    /// Emit the serde reader (`Deserialize` impls).
    pub reader: bool,
    /// Emit the pointer parser.
    pub pointer: bool,
    /// The types are arena mode's views (`Mode::Arena`).
    pub arena: bool,
    /// Emit the request structs, `Function` impls, `Schema` and `*_for_each_function!` (not in
    /// arena mode: views need an arena to be built).
    pub requests: bool,
    /// The schema's file name (`td_api.tl`): names the `Schema` impl.
    pub schema_name: String,
    /// The name of the macro that lists the requests (`td_api_for_each_function`), if one is
    /// emitted (`Config::function_macro`).
    pub function_macro: Option<String>,
    /// Whether the reader's non-generic entry points are emitted (`read_received` and each
    /// request's `ReadResponse`: `Config::reader_entry_points`).
    pub reader_entry_points: bool,
    /// The first line of the file: generator version, schema, fingerprint, options.
    pub header: String,
}

/// One variant of `Object`: a class enum, or the struct of a single-constructor type.
pub(crate) struct ObjectVariant {
    pub name: String,
    pub kind: ObjectKind,
}

pub(crate) enum ObjectKind {
    Class(usize),
    Struct { id: StructId, boxed: bool },
}

/// Which structs and classes get a `Serialize` impl, and whether `Object` does.
pub(crate) struct Serialized {
    pub structs: Vec<bool>,
    pub classes: Vec<bool>,
    pub object: bool,
}

impl Plan {
    /// Plans the generation of `schema` (file name `schema_name`, shown as `shown` in
    /// diagnostics, with text `source`) under `config`.
    pub fn new(
        config: &Config,
        schema: &Schema,
        schema_name: &str,
        shown: &str,
        source: &str,
    ) -> Result<Plan, Error> {
        let options = config.options();
        let model = build_model(schema, shown, source)?;
        let mut model = prune(model, options.selection).map_err(|e| match e {
            PruneError::UnknownFunction(name) => {
                Error::option("functions", name, "not a function of the schema")
            }
            PruneError::UnknownRoot(name) => Error::option(
                "roots",
                name,
                "not a constructor, class or function of the schema",
            ),
        })?;
        attributes::apply(
            &mut model,
            options.type_attributes,
            options.field_attributes,
        )?;
        let mut object = object_variants(&model);
        let mut unboxed = 0;
        if options.boxing == Boxing::Variants {
            boxing::box_every_variant(&mut model, &mut object);
            if options.mode.arena() {
                boxing::unbox_class_fields(&mut model);
            } else {
                let mut paths = options.unboxed.to_vec();
                for file in options.unboxed_files {
                    paths.extend(boxing::read_list(&crate::generate::read(file)?));
                }
                unboxed = boxing::unbox(&mut model, &mut object, &paths)?;
            }
        }
        boxing::apply(&mut model, &mut object, options.boxed)?;
        let arena = options.mode.arena();
        if arena {
            model.use_arena_lifetimes();
        }
        let function_macro = match options.function_macro {
            FunctionMacro::Default => Some(default_function_macro(schema_name)),
            FunctionMacro::Named(name) if syn::parse_str::<syn::Ident>(name).is_ok() => {
                Some(name.clone())
            }
            FunctionMacro::Named(name) => {
                return Err(Error::option(
                    "function_macro",
                    name.as_str(),
                    "not a Rust identifier",
                ));
            }
            FunctionMacro::None => None,
        };
        let reader_entry_points = match options.reader_entry_points {
            None => options.mode == Mode::Reader,
            Some(true) if !options.mode.reader() => {
                return Err(Error::option(
                    "reader_entry_points",
                    "true",
                    format!("mode {} has no reader", options.mode.name()),
                ));
            }
            Some(yes) => yes,
        };
        let serialized = if arena {
            Serialized::none(&model)
        } else {
            Serialized::new(&model, options.serializers)
        };
        let header = format!(
            "// @generated by tlgen {} from {} (fnv1a64 {:016x}), mode {}{}{}{}. Do not edit.",
            env!("CARGO_PKG_VERSION"),
            schema_name,
            fnv1a64(source.as_bytes()),
            options.mode.name(),
            match options.serializers {
                Serializers::All => String::new(),
                other => format!(", serializers {}", other.name()),
            },
            match options.boxing {
                Boxing::Variants => String::new(),
                other => format!(", boxing {}", other.name()),
            },
            match unboxed {
                0 => String::new(),
                n => format!(", {n} variants unboxed"),
            },
        );
        Ok(Plan {
            model,
            object,
            serialized,
            reader: options.mode.reader(),
            pointer: options.mode.pointer(),
            arena,
            requests: !arena,
            schema_name: schema_name.to_owned(),
            function_macro,
            reader_entry_points,
            header,
        })
    }
}

/// `<stem>_for_each_function` for the schema file `schema_name` (`td_api.tl` →
/// `td_api_for_each_function`): the stem lowercased, other characters than ASCII letters and
/// digits made `_`, and `schema_` before a stem that starts with a digit (`1.8.65.tl` →
/// `schema_1_for_each_function`), so that any file name makes an identifier.
fn default_function_macro(schema_name: &str) -> String {
    let stem: String = schema_name
        .split('.')
        .next()
        .unwrap_or(schema_name)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if stem.starts_with(|c: char| c.is_ascii_digit()) {
        format!("schema_{stem}_for_each_function")
    } else {
        format!("{stem}_for_each_function")
    }
}

/// The whole schema's model (before any selection), within the generator's limits.
pub(crate) fn build_model(schema: &Schema, shown: &str, source: &str) -> Result<Model, Error> {
    let model = Model::build(schema).map_err(|errors| {
        let diagnostics = errors
            .into_iter()
            .map(|e| tl_parser::Diagnostic::error(e.message, e.span, e.len))
            .collect();
        Error::schema(diagnostics, shown, source)
    })?;
    check_limits(&model)?;
    Ok(model)
}

/// The variants of `Object`, in schema order of first appearance: one per class, one per
/// constructor without a class. Names clashing with an earlier one or with `Unknown` get a
/// number.
fn object_variants(model: &Model) -> Vec<ObjectVariant> {
    let mut out: Vec<ObjectVariant> = Vec::new();
    let mut class_done = vec![false; model.classes.len()];
    for (id, s) in model.structs.iter().enumerate() {
        let (name, kind) = match &s.class {
            Some((class, _)) => {
                if std::mem::replace(&mut class_done[*class], true) {
                    continue;
                }
                (
                    model.classes[*class].rust_name.clone(),
                    ObjectKind::Class(*class),
                )
            }
            None => (s.rust_name.clone(), ObjectKind::Struct { id, boxed: false }),
        };
        let name = if out.iter().any(|v| v.name == name) || name == "Unknown" {
            format!("{name}{}", out.len())
        } else {
            name
        };
        out.push(ObjectVariant { name, kind });
    }
    out
}

impl Serialized {
    /// No `Serialize` impl at all (arena mode).
    fn none(model: &Model) -> Self {
        Serialized {
            structs: vec![false; model.structs.len()],
            classes: vec![false; model.classes.len()],
            object: false,
        }
    }

    fn new(model: &Model, serializers: Serializers) -> Self {
        if serializers == Serializers::Requests {
            let reached = reachable_from_parameters(model);
            if !reached.any_object {
                return Serialized {
                    structs: reached.structs,
                    classes: reached.classes,
                    object: false,
                };
            }
        }
        Serialized {
            structs: vec![true; model.structs.len()],
            classes: vec![true; model.classes.len()],
            object: true,
        }
    }
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

/// The limits of the generated `TypeTable`s and dispatch indexes (`u16` indexes and lengths),
/// checked here so that emitting never meets a schema beyond them.
fn check_limits(model: &Model) -> Result<(), Error> {
    const MAX: usize = u16::MAX as usize;
    if model.structs.len() > MAX {
        return Err(Error::Limit {
            problem: format!("{} constructors (at most {MAX})", model.structs.len()),
        });
    }
    if let Some(s) = model.structs.iter().find(|s| s.tl_name.len() > MAX) {
        let start: String = s.tl_name.chars().take(40).collect();
        return Err(Error::Limit {
            problem: format!(
                "a constructor name of {} bytes, `{start}…` (at most {MAX})",
                s.tl_name.len()
            ),
        });
    }
    Ok(())
}
