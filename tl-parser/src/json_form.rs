//! Telegram's published JSON form of a schema:
//! `{"constructors":[{"id":"-1132882121","predicate":"boolFalse","params":[],"type":"Bool"}],
//! "methods":[{"id":"...","method":"auth.sendCode","params":[{"name":"x","type":"flags.0?Vector<long>"}],"type":"auth.SentCode"}]}`
//! (`id` is the signed decimal int32, as a string).
//!
//! Choices, so that `.tl → to_json → parse_json` loses as little as possible:
//! * Every definition is written, builtins included, with its id: the explicit one, else the
//!   inferred one (so schemas without `#id`s, like td_api.tl, still get ids).
//! * A builtin declaration also gets a `"builtin"` key holding its verbatim text (`"?"`,
//!   `"{t:Type} # [ t ]"`): an extension that readers of Telegram's form ignore. Its result
//!   type is written as Telegram writes `vector`'s: `"Vector t"`.
//! * [`parse_json`] sets `explicit_id = true` (the id is written in the JSON) and rebuilds
//!   `{X:Type}` type parameters from the `!X` references, in order of first use.
//!
//! What the form cannot carry: docs (descriptions, parameter docs, doc tags, class docs),
//! spans, whether the id was explicit, type parameters not referenced by `!X` (or whose kind
//! is not `Type`), and the interleaving of the two sections (all constructors come first).

use serde_json::{Map, Value};

use crate::decl::{full_name, parameter_type, trivia, ty};
use crate::diagnostics::Diagnostic;
use crate::model::{Category, Definition, Parameter, ParameterType, Schema, Span, Type, TypeParam};
use crate::position::LineIndex;
use crate::syntax_error::PResult;

/// The schema in Telegram's JSON form (one definition per line).
pub fn to_json(schema: &Schema) -> String {
    let mut out = String::from("{\"constructors\":[");
    write_entries(&mut out, schema, Category::Type);
    out.push_str("],\"methods\":[");
    write_entries(&mut out, schema, Category::Function);
    out.push_str("]}\n");
    out
}

fn json_string(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

fn write_entries(out: &mut String, schema: &Schema, category: Category) {
    let key = match category {
        Category::Type => "predicate",
        Category::Function => "method",
    };
    let mut first = true;
    for definition in schema.definitions.iter().filter(|d| d.category == category) {
        if !first {
            out.push(',');
        }
        first = false;
        // The id as a signed int32 (bit reinterpretation, as Telegram writes it).
        let id = i32::from_ne_bytes(definition.id.to_ne_bytes());
        out.push_str(&format!(
            "\n{{\"id\":\"{id}\",\"{key}\":{},\"params\":[",
            json_string(&definition.full_name())
        ));
        for (i, param) in definition.params.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&format!(
                "{{\"name\":{},\"type\":{}}}",
                json_string(&param.name),
                json_string(&param.ty.to_string())
            ));
        }
        let result = match (&definition.builtin, &definition.ty.generic_arg) {
            (Some(_), Some(arg)) => format!("{} {arg}", definition.ty.full_name()),
            _ => definition.ty.to_string(),
        };
        out.push_str(&format!("],\"type\":{}", json_string(&result)));
        if let Some(builtin) = &definition.builtin {
            out.push_str(&format!(",\"builtin\":{}", json_string(builtin)));
        }
        out.push('}');
    }
    if !first {
        out.push('\n');
    }
}

/// Reads Telegram's JSON form (see the module docs for what it cannot carry).
pub fn parse_json(source: &str) -> Result<Schema, Vec<Diagnostic>> {
    let index = LineIndex::new(source);
    let root: Value = match serde_json::from_str(source) {
        Ok(root) => root,
        Err(e) => {
            let span = span_at(&index, source, e.line(), e.column());
            return Err(vec![Diagnostic::error(
                format!("invalid JSON: {e}"),
                span,
                1,
            )]);
        }
    };
    let mut reader = Reader {
        source,
        cursor: 0,
        index: &index,
        errors: Vec::new(),
    };
    let Some(root) = root.as_object() else {
        let span = index.span(0);
        return Err(vec![Diagnostic::error(
            "expected a JSON object with `constructors` and `methods`",
            span,
            1,
        )]);
    };
    let mut schema = Schema::default();
    for (key, category) in [
        ("constructors", Category::Type),
        ("methods", Category::Function),
    ] {
        match root.get(key) {
            None => {}
            Some(Value::Array(entries)) => {
                for (i, entry) in entries.iter().enumerate() {
                    let path = format!("{key}[{i}]");
                    if let Some(definition) = reader.definition(&path, entry, category) {
                        schema.definitions.push(definition);
                    }
                }
            }
            Some(_) => reader.error(format!("`{key}` must be an array"), None),
        }
    }
    if reader.errors.is_empty() {
        Ok(schema)
    } else {
        Err(reader.errors)
    }
}

/// The span of 1-based `line`, `column` (as serde_json reports them; column 0 = line start).
fn span_at(index: &LineIndex<'_>, source: &str, line: usize, column: usize) -> Span {
    let line_start: usize = source
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line_text = source.get(line_start..).unwrap_or("");
    let in_line: usize = line_text
        .chars()
        .take(column.saturating_sub(1))
        .map(char::len_utf8)
        .sum();
    index.span(line_start + in_line)
}

struct Reader<'s, 'i> {
    source: &'s str,
    /// Where the last name was found.
    cursor: usize,
    index: &'i LineIndex<'s>,
    errors: Vec<Diagnostic>,
}

impl Reader<'_, '_> {
    /// Best-effort position of a name: where its JSON string next occurs (entries are read in
    /// source order, so the search starts at the previous hit), else where it first occurs.
    fn span_of(&mut self, name: Option<&str>) -> Span {
        let Some(needle) = name.map(json_string) else {
            return self.index.span(0);
        };
        let after_cursor = self
            .source
            .get(self.cursor..)
            .and_then(|rest| rest.find(&needle))
            .map(|at| self.cursor + at);
        let offset = after_cursor
            .or_else(|| self.source.find(&needle))
            .unwrap_or(0);
        self.cursor = offset;
        self.index.span(offset)
    }

    fn error(&mut self, message: String, name: Option<&str>) {
        let span = self.span_of(name);
        let len = name.map_or(1, |n| json_string(n).chars().count());
        self.errors.push(Diagnostic::error(message, span, len));
    }

    fn string<'v>(
        &mut self,
        object: &'v Map<String, Value>,
        key: &str,
        path: &str,
    ) -> Option<&'v str> {
        let value = object.get(key).and_then(Value::as_str);
        if value.is_none() {
            self.error(format!("{path}: missing string `{key}`"), None);
        }
        value
    }

    fn definition(&mut self, path: &str, entry: &Value, category: Category) -> Option<Definition> {
        let Some(entry) = entry.as_object() else {
            self.error(format!("{path}: expected an object"), None);
            return None;
        };
        let name_key = match category {
            Category::Type => "predicate",
            Category::Function => "method",
        };
        let full = self.string(entry, name_key, path)?;
        let Some((namespace, name)) = parse_whole(full, full_name) else {
            self.error(format!("{path}: invalid name `{full}`"), Some(full));
            return None;
        };
        let id = self.id(entry, path, full)?;
        let result_text = self.string(entry, "type", path)?;
        let Some(result) = parse_whole(result_text, result_type) else {
            self.error(format!("{path}: invalid type `{result_text}`"), Some(full));
            return None;
        };
        let builtin = match entry.get("builtin") {
            None => None,
            Some(Value::String(text)) if is_builtin_text(text) => Some(text.clone()),
            Some(_) => {
                let message =
                    format!("{path}: `builtin` must be builtin declaration text such as `?`");
                self.error(message, Some(full));
                return None;
            }
        };
        let params = self.params(entry, path, full)?;
        let mut type_params = Vec::new();
        for param in &params {
            if let ParameterType::Normal { ty, .. } = &param.ty {
                collect_generic_refs(ty, &mut type_params);
            }
        }
        Some(Definition {
            namespace,
            name,
            id,
            explicit_id: true,
            type_params,
            params,
            ty: result,
            category,
            builtin,
            description: None,
            doc_tags: Vec::new(),
            span: self.span_of(Some(full)),
        })
    }

    fn id(&mut self, entry: &Map<String, Value>, path: &str, name: &str) -> Option<u32> {
        let number = match entry.get("id") {
            Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
            Some(Value::Number(n)) => n.as_i64(),
            _ => None,
        };
        let id = number.and_then(|n| {
            i32::try_from(n)
                .map(|n| u32::from_ne_bytes(n.to_ne_bytes()))
                .ok()
                .or_else(|| u32::try_from(n).ok())
        });
        if id.is_none() {
            self.error(
                format!("{path}: `id` must be a 32-bit integer (a decimal string)"),
                Some(name),
            );
        }
        id
    }

    fn params(
        &mut self,
        entry: &Map<String, Value>,
        path: &str,
        name: &str,
    ) -> Option<Vec<Parameter>> {
        let Some(list) = entry.get("params").and_then(Value::as_array) else {
            self.error(format!("{path}: missing array `params`"), Some(name));
            return None;
        };
        let mut params = Vec::new();
        for (i, param) in list.iter().enumerate() {
            let path = format!("{path}.params[{i}]");
            let Some(param) = param.as_object() else {
                self.error(format!("{path}: expected an object"), Some(name));
                return None;
            };
            let param_name = self.string(param, "name", &path)?;
            let type_text = self.string(param, "type", &path)?;
            let valid_name = parse_whole(param_name, crate::decl::ident).is_some();
            let Some(ty) = parse_whole(type_text, parameter_type).filter(|_| valid_name) else {
                let message = format!("{path}: invalid parameter `{param_name}:{type_text}`");
                self.error(message, Some(name));
                return None;
            };
            params.push(Parameter {
                name: param_name.to_owned(),
                ty,
                doc: None,
                may_be_null: false,
                span: Span::default(),
            });
        }
        Some(params)
    }
}

/// Whether `text` reads back as builtin text: `x TEXT = X;` parses with `builtin == TEXT`.
fn is_builtin_text(text: &str) -> bool {
    format!("x {text} = X;")
        .parse::<Definition>()
        .is_ok_and(|d| d.builtin.as_deref() == Some(text))
}

/// A result type: `T`, `Vector<T>`, or Telegram's `Vector t`.
fn result_type(input: &str) -> PResult<'_, Type> {
    let (i, mut result) = ty(input)?;
    let (rest, ()) = trivia(i)?;
    if result.generic_arg.is_none() && !rest.is_empty() && rest.len() < i.len() {
        let (rest, arg) = ty(rest)?;
        result.generic_arg = Some(Box::new(arg));
        return Ok((rest, result));
    }
    Ok((i, result))
}

/// Runs `parser` on all of `text`.
fn parse_whole<'a, O>(text: &'a str, parser: impl Fn(&'a str) -> PResult<'a, O>) -> Option<O> {
    match parser(text) {
        Ok(("", out)) => Some(out),
        _ => None,
    }
}

/// `{X:Type}` for every `!X` in `ty`, in order, without repeats.
fn collect_generic_refs(ty: &Type, out: &mut Vec<TypeParam>) {
    if ty.generic_ref && !out.iter().any(|p| p.name == ty.name) {
        out.push(TypeParam {
            name: ty.name.clone(),
            ty: Type {
                namespace: Vec::new(),
                name: "Type".to_owned(),
                bare: false,
                generic_ref: false,
                generic_arg: None,
            },
        });
    }
    if let Some(arg) = &ty.generic_arg {
        collect_generic_refs(arg, out);
    }
}
