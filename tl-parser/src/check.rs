//! The semantic check pass: unknown types, duplicate names, CRC32 name collisions, bad flag
//! references, duplicate parameters, undocumented doc tags and classes without constructors.

use std::collections::{HashMap, HashSet};

use crate::diagnostics::Diagnostic;
use crate::docs::documented_param;
use crate::model::{Category, Definition, Parameter, ParameterType, Schema, Span, Type};
use crate::position::advance;

/// Type names every schema may use without declaring them.
const PRIMITIVES: &[&str] = &[
    "int", "long", "double", "string", "bytes", "int32", "int53", "int64", "int128", "int256",
    "Int", "Long", "Double", "String", "Bytes", "Int32", "Int53", "Int64", "Int128", "Int256",
    "Bool", "vector", "Vector",
];

/// Checks a parsed schema. Errors: unknown type references, duplicate definition names
/// (within a category), CRC32 collisions of definition names, duplicate parameter names,
/// flags naming no earlier `#` parameter or a bit above 31. Warnings: `//@class` docs of
/// types without constructors, doc tags documenting no parameter.
pub fn check(schema: &Schema) -> Vec<Diagnostic> {
    let known = KnownTypes::new(schema);
    let mut out = Vec::new();
    duplicate_definitions(schema, &mut out);
    crc_collisions(schema, &mut out);
    for definition in &schema.definitions {
        known.check_definition(definition, &mut out);
        parameters(definition, &mut out);
        doc_tags(definition, &mut out);
    }
    classes_without_constructors(schema, &mut out);
    out.sort_by_key(|d| d.span.offset);
    out
}

/// `line:col` for notes.
fn at(span: Span) -> String {
    format!("{}:{}", span.line, span.column)
}

/// Every name a parameter type may use.
struct KnownTypes {
    names: HashSet<String>,
}

impl KnownTypes {
    fn new(schema: &Schema) -> Self {
        let mut names: HashSet<String> = PRIMITIVES.iter().map(|s| (*s).to_owned()).collect();
        for definition in &schema.definitions {
            if definition.category == Category::Type {
                names.insert(definition.ty.full_name());
                names.insert(definition.full_name());
            }
        }
        KnownTypes { names }
    }

    fn check_definition(&self, definition: &Definition, out: &mut Vec<Diagnostic>) {
        let generics: HashSet<&str> = definition
            .type_params
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        for param in &definition.params {
            if let ParameterType::Normal { ty, .. } = &param.ty {
                self.check_type(ty, param.type_span(), &generics, out);
            }
        }
        if definition.category == Category::Function {
            let span = definition.span;
            let ty = &definition.ty;
            if !self.is_known(ty, &generics) {
                let message = format!(
                    "unknown result type `{}` of `{}`",
                    ty.full_name(),
                    definition.full_name()
                );
                out.push(Diagnostic::error(
                    message,
                    span,
                    definition.full_name().len(),
                ));
            }
        }
    }

    fn is_known(&self, ty: &Type, generics: &HashSet<&str>) -> bool {
        let name = ty.full_name();
        generics.contains(name.as_str()) || (!ty.generic_ref && self.names.contains(&name))
    }

    /// Checks `ty`, written at `span`, and its generic argument.
    fn check_type(
        &self,
        ty: &Type,
        span: Span,
        generics: &HashSet<&str>,
        out: &mut Vec<Diagnostic>,
    ) {
        let percent = ty.bare && ty.name.starts_with(|c: char| c.is_ascii_uppercase());
        let prefix = usize::from(ty.generic_ref || percent);
        let name = ty.full_name();
        let name_span = advance(span, prefix);
        if !self.is_known(ty, generics) {
            let message = if ty.generic_ref {
                format!("`!{name}` names no type parameter `{{{name}:Type}}`")
            } else {
                format!("unknown type `{name}`")
            };
            out.push(Diagnostic::error(message, name_span, name.len()));
        }
        if let Some(arg) = &ty.generic_arg {
            self.check_type(arg, advance(name_span, name.len() + 1), generics, out);
        }
    }
}

fn duplicate_definitions(schema: &Schema, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<(Category, String), Span> = HashMap::new();
    for definition in &schema.definitions {
        let name = definition.full_name();
        let key = (definition.category, name.clone());
        if let Some(first) = seen.get(&key) {
            let kind = match definition.category {
                Category::Type => "constructor",
                Category::Function => "function",
            };
            let message = format!("duplicate {kind} `{name}`");
            let note = format!("first defined at {}", at(*first));
            out.push(Diagnostic::error(message, definition.span, name.len()).with_note(note));
        } else {
            seen.insert(key, definition.span);
        }
    }
}

/// Parsers dispatch on the CRC32 of names, so two different names with one CRC32 are errors.
fn crc_collisions(schema: &Schema, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<u32, (String, Span)> = HashMap::new();
    for definition in &schema.definitions {
        let name = definition.full_name();
        let crc = crc32fast::hash(name.as_bytes());
        match seen.get(&crc) {
            Some((other, first)) if *other != name => {
                let message = format!("CRC32 of `{name}` ({crc:#010x}) collides with `{other}`");
                let note = format!("`{other}` is defined at {}", at(*first));
                out.push(Diagnostic::error(message, definition.span, name.len()).with_note(note));
            }
            Some(_) => {}
            None => {
                seen.insert(crc, (name, definition.span));
            }
        }
    }
}

/// Duplicate parameter names and flag references.
fn parameters(definition: &Definition, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, &Parameter> = HashMap::new();
    for (position, param) in definition.params.iter().enumerate() {
        if let Some(first) = seen.get(param.name.as_str()) {
            let message = format!(
                "duplicate parameter `{}` in `{}`",
                param.name,
                definition.full_name()
            );
            let note = format!("first declared at {}", at(first.span));
            out.push(Diagnostic::error(message, param.span, param.name.len()).with_note(note));
        } else {
            seen.insert(&param.name, param);
        }
        let ParameterType::Normal {
            flag: Some(flag), ..
        } = &param.ty
        else {
            continue;
        };
        let span = advance(param.span, param.name.len() + 1);
        let field = definition.params.iter().position(|p| p.name == flag.name);
        let problem = match field.and_then(|i| definition.params.get(i).map(|p| (i, p))) {
            None => Some(format!("flag field `{}` is not declared", flag.name)),
            Some((_, p)) if p.ty != ParameterType::Flags => Some(format!(
                "`{}` is not a flag field (`{}:#`)",
                flag.name, flag.name
            )),
            Some((i, _)) if i > position => Some(format!(
                "flag field `{}` is declared after `{}`",
                flag.name, param.name
            )),
            Some(_) => None,
        };
        if let Some(message) = problem {
            out.push(Diagnostic::error(message, span, flag.name.len()));
        }
        if flag.index > 31 {
            let message = format!("flag bit index {} is out of range 0..=31", flag.index);
            let index_span = advance(span, flag.name.len() + 1);
            out.push(Diagnostic::error(
                message,
                index_span,
                flag.index.to_string().len(),
            ));
        }
    }
}

/// Doc tags naming no parameter (warnings).
fn doc_tags(definition: &Definition, out: &mut Vec<Diagnostic>) {
    for tag in &definition.doc_tags {
        if tag.name == "description" {
            continue;
        }
        let field = documented_param(&tag.name);
        if !definition.params.iter().any(|p| p.name == field) {
            let message = format!(
                "doc tag `@{}` documents no parameter of `{}`",
                tag.name,
                definition.full_name()
            );
            out.push(Diagnostic::warning(message, tag.span, tag.name.len() + 1));
        }
    }
}

/// `//@class` docs naming a type with no constructor (warnings).
fn classes_without_constructors(schema: &Schema, out: &mut Vec<Diagnostic>) {
    let types: HashSet<String> = schema
        .definitions
        .iter()
        .filter(|d| d.category == Category::Type)
        .map(|d| d.ty.full_name())
        .collect();
    for class in &schema.classes {
        if !types.contains(&class.name) {
            let message = format!("class `{}` has no constructors", class.name);
            out.push(Diagnostic::warning(
                message,
                class.span,
                "//@class ".len() + class.name.len(),
            ));
        }
    }
}
