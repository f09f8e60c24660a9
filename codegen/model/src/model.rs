//! The Rust-facing model: every decision about the generated code, made once from the TL schema
//! and read by every emitter (types, reader, pointer, serializer, validator).
//!
//! Decisions made here:
//! - names: constructors become structs in `types`, classes (result types with several
//!   constructors) become enums in `enums`, functions become request structs in `functions`;
//!   namespaces are folded into the name (`auth.sentCode` → `AuthSentCode`);
//! - enum variants drop the class prefix (`Update::NewMessage`) unless that clashes;
//! - field shapes: scalars, `Vec`, `Option` for objects documented "may be null" (and for
//!   `flags.N?T`), and boxing of exactly the fields that close a containment cycle (recursion).
//!   Nothing is boxed for its size: a field added in a later schema version never moves a
//!   variant behind a `Box` (the generator's `Config::boxed` opts in by path);
//! - which types carry the lifetime `'a` (strings borrow from the input; class enums keep the
//!   name of an unknown `@type`);
//! - the CRC32 of every constructor name, for the pointer parser's `@type` dispatch.

use std::collections::{BTreeMap, HashMap, HashSet};

use tl_parser::{Category, Definition, ParameterType, Schema, Type};

use crate::names;

/// Index of a struct in [`Model::structs`].
pub type StructId = usize;
/// Index of a class in [`Model::classes`].
pub type ClassId = usize;

/// A TL scalar as the JSON wire sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `int32`, `int`: a JSON number.
    Int32,
    /// `int53`: an integer written as a JSON number.
    Int53,
    /// `int64`, `long`: an integer written as a decimal string.
    Int64,
    Double,
    Bool,
    String,
    /// `bytes` (and `int128`/`int256`): base64 text.
    Bytes,
}

/// What a field holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shape {
    Scalar(Scalar),
    Struct {
        id: StructId,
        boxed: bool,
    },
    Class {
        id: ClassId,
        boxed: bool,
    },
    /// A value that may be absent / null.
    Optional(Box<Shape>),
    Vector(Box<Shape>),
    /// A generic `!X` parameter or `Object`: any object.
    AnyObject,
}

#[derive(Debug, Clone)]
pub struct Field {
    pub tl_name: String,
    pub rust_name: String,
    pub shape: Shape,
    pub doc: Option<String>,
    /// Attributes the user asked for (`Config::field_attribute`), as Rust source.
    pub attributes: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Struct {
    pub tl_name: String,
    pub rust_name: String,
    pub id: u32,
    pub doc: Option<String>,
    pub fields: Vec<Field>,
    pub lifetime: bool,
    /// The class this constructor belongs to, with its variant name, if the class has several
    /// constructors.
    pub class: Option<(ClassId, String)>,
    /// For functions: the result.
    pub result: Option<Shape>,
    /// Attributes the user asked for (`Config::type_attribute`), as Rust source.
    pub attributes: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Class {
    pub tl_name: String,
    pub rust_name: String,
    pub doc: Option<String>,
    /// Constructors with their variant names, in schema order.
    pub variants: Vec<Variant>,
    /// Attributes the user asked for (`Config::type_attribute`), as Rust source.
    pub attributes: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub id: StructId,
    /// Whether the variant holds its struct in a `Box` (only when the user asks for it).
    pub boxed: bool,
}

/// Everything the emitters need.
#[derive(Debug, Clone)]
pub struct Model {
    pub structs: Vec<Struct>,
    pub classes: Vec<Class>,
    pub functions: Vec<Struct>,
}

/// A model error: the schema can be parsed but not turned into Rust.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelError {
    pub message: String,
    pub span: tl_parser::Span,
    /// How many characters from `span` the error is about (at least 1).
    pub len: usize,
}

impl Model {
    pub fn struct_by_tl_name(&self, name: &str) -> Option<&Struct> {
        self.structs.iter().find(|s| s.tl_name == name)
    }

    /// Distinct result types: classes plus constructors that are not in a class.
    pub fn type_count(&self) -> usize {
        self.classes.len() + self.structs.iter().filter(|s| s.class.is_none()).count()
    }

    /// Whether a shape needs the lifetime `'a`.
    pub fn shape_lifetime(&self, shape: &Shape) -> bool {
        self.shape_lifetime_in(shape, false)
    }

    /// [`shape_lifetime`](Self::shape_lifetime) for owned storage (`arena` false), or for
    /// the views of arena mode, where `bytes`, vectors and boxes borrow (from the arena) too.
    fn shape_lifetime_in(&self, shape: &Shape, arena: bool) -> bool {
        match shape {
            Shape::Scalar(Scalar::String) => true,
            Shape::Scalar(Scalar::Bytes) => arena,
            Shape::Scalar(_) => false,
            Shape::Struct { id, boxed } => (arena && *boxed) || self.structs[*id].lifetime,
            Shape::Class { .. } | Shape::AnyObject => true,
            Shape::Vector(_) if arena => true,
            Shape::Optional(inner) | Shape::Vector(inner) => self.shape_lifetime_in(inner, arena),
        }
    }

    /// Recomputes which types carry `'a` for the views of arena mode (`tlgen --mode arena`):
    /// a type with a vector, `bytes` or a boxed field borrows from the arena.
    pub fn use_arena_lifetimes(&mut self) {
        compute_lifetimes(self, true);
    }

    /// Builds the model. Errors name the definition that cannot be represented.
    pub fn build(schema: &Schema) -> Result<Model, Vec<ModelError>> {
        Builder::new(schema).build()
    }
}

struct Builder<'s> {
    schema: &'s Schema,
    /// Constructor (non-builtin, types section) definitions in order.
    constructors: Vec<&'s Definition>,
    /// TL constructor full name → struct id.
    by_ctor: HashMap<String, StructId>,
    /// TL result type full name → constructor ids.
    by_type: BTreeMap<String, Vec<StructId>>,
    /// Result type full name → class id (only types with several constructors).
    class_of_type: HashMap<String, ClassId>,
    /// Names (constructor and result type) of builtins that are fixed-size integers, declared
    /// as arrays of `int` (`int512 16*[ int ] = Int512;`): read as `bytes`, like `int128`.
    fixed_size_ints: HashSet<String>,
    /// Builtin constructor name → its type (`object ? = Object`, `int ? = Int`): a
    /// reference to the constructor (`o:object`) reads as its type.
    builtin_types: HashMap<String, Type>,
    errors: Vec<ModelError>,
}

/// Whether a builtin's text declares a fixed-size array of 32-bit integers: `4*[ int ]`
/// (telegram_api.tl), `8*[ int32 ]` (TON's schemas).
fn is_int_array(builtin: &str) -> bool {
    let text: String = builtin.split_whitespace().collect();
    let count = text
        .strip_suffix("*[int]")
        .or_else(|| text.strip_suffix("*[int32]"));
    count.is_some_and(|count| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
}

impl<'s> Builder<'s> {
    fn new(schema: &'s Schema) -> Self {
        let constructors: Vec<&Definition> = schema
            .definitions
            .iter()
            .filter(|d| d.category == Category::Type && !d.is_builtin())
            .collect();
        let mut by_ctor = HashMap::new();
        let mut by_type: BTreeMap<String, Vec<StructId>> = BTreeMap::new();
        for (i, d) in constructors.iter().enumerate() {
            by_ctor.insert(d.full_name(), i);
            by_type.entry(d.ty.full_name()).or_default().push(i);
        }
        let fixed_size_ints = schema
            .definitions
            .iter()
            .filter(|d| d.builtin.as_deref().is_some_and(is_int_array))
            .flat_map(|d| [d.full_name(), d.ty.full_name()])
            .collect();
        let builtin_types = schema
            .definitions
            .iter()
            .filter(|d| d.category == Category::Type && d.is_builtin() && d.type_params.is_empty())
            .filter(|d| d.full_name() != d.ty.full_name())
            .map(|d| (d.full_name(), d.ty.clone()))
            .collect();
        Builder {
            schema,
            constructors,
            by_ctor,
            by_type,
            class_of_type: HashMap::new(),
            fixed_size_ints,
            builtin_types,
            errors: Vec::new(),
        }
    }

    fn error(&mut self, span: tl_parser::Span, len: usize, message: String) {
        self.errors.push(ModelError {
            message,
            span,
            len: len.max(1),
        });
    }

    fn build(mut self) -> Result<Model, Vec<ModelError>> {
        // Classes, in order of first appearance in the schema.
        let mut classes = Vec::new();
        let mut seen_types = Vec::new();
        for d in &self.constructors {
            let ty = d.ty.full_name();
            if !seen_types.contains(&ty) {
                seen_types.push(ty);
            }
        }
        for ty in seen_types {
            let members = &self.by_type[&ty];
            if members.len() > 1 {
                self.class_of_type.insert(ty.clone(), classes.len());
                let doc = self
                    .schema
                    .classes
                    .iter()
                    .find(|c| c.name == ty)
                    .map(|c| c.description.clone());
                classes.push(Class {
                    rust_name: names::type_name(&ty),
                    tl_name: ty.clone(),
                    doc,
                    variants: Vec::new(),
                    attributes: Vec::new(),
                });
            }
        }

        let mut structs: Vec<Struct> = Vec::new();
        for d in self.constructors.clone() {
            let s = self.make_struct(d, None);
            structs.push(s);
        }
        let functions: Vec<Struct> = self
            .schema
            .definitions
            .iter()
            .filter(|d| d.category == Category::Function)
            .map(|d| {
                let result = self.resolve(&d.ty, false, d, d.span);
                self.make_struct(d, result)
            })
            .collect();

        // Variants.
        for (id, s) in structs.iter_mut().enumerate() {
            let ty = self.constructors[id].ty.full_name();
            if let Some(&class) = self.class_of_type.get(&ty) {
                let stripped = names::stripped_variant(&classes[class].tl_name, &s.tl_name);
                classes[class].variants.push(Variant {
                    name: stripped.unwrap_or_default(),
                    id,
                    boxed: false,
                });
            }
        }
        for class in &mut classes {
            let mut counts: HashMap<String, usize> = HashMap::new();
            for v in &class.variants {
                *counts.entry(v.name.clone()).or_default() += 1;
            }
            for v in &mut class.variants {
                if v.name.is_empty()
                    || v.name == "Unknown"
                    || v.name == "Self"
                    || counts[&v.name] > 1
                {
                    v.name = names::upper_camel(&structs[v.id].tl_name);
                }
            }
        }
        for (cid, class) in classes.iter().enumerate() {
            for v in &class.variants {
                structs[v.id].class = Some((cid, v.name.clone()));
            }
        }

        let mut model = Model {
            structs,
            classes,
            functions,
        };
        break_cycles(&mut model);
        compute_lifetimes(&mut model, false);
        check_names(&model, &self.constructors, &mut self.errors);
        if self.errors.is_empty() {
            Ok(model)
        } else {
            Err(self.errors)
        }
    }

    fn make_struct(&mut self, d: &Definition, result: Option<Shape>) -> Struct {
        let mut fields = Vec::new();
        for p in &d.params {
            let (ty, flag) = match &p.ty {
                // `name:#`: TL's natural number, a field like any other. TON's schemas send
                // such values (`count:#`, `mode:#`), bit sets included: a field `flags.N?T`
                // has its own slot besides (an `Option`, or a `bool` for `true`).
                ParameterType::Flags => {
                    fields.push(Field {
                        tl_name: p.name.clone(),
                        rust_name: names::field_name(&p.name),
                        shape: Shape::Scalar(Scalar::Int32),
                        doc: p.doc.clone(),
                        attributes: Vec::new(),
                    });
                    continue;
                }
                ParameterType::Normal { ty, flag } => (ty, flag),
            };
            // `flags.N?true`: a bit, read as a bool.
            let shape = if flag.is_some() && ty.name == "true" {
                Some(Shape::Scalar(Scalar::Bool))
            } else {
                self.resolve(
                    ty,
                    p.may_be_null,
                    d,
                    // The JSON form has no positions: the definition's (none) then.
                    if p.span == tl_parser::Span::default() {
                        d.span
                    } else {
                        p.type_span()
                    },
                )
                .map(|shape| {
                    if flag.is_some() && !matches!(shape, Shape::Optional(_)) {
                        Shape::Optional(Box::new(shape))
                    } else {
                        shape
                    }
                })
            };
            if let Some(shape) = shape {
                fields.push(Field {
                    tl_name: p.name.clone(),
                    rust_name: names::field_name(&p.name),
                    shape,
                    doc: p.doc.clone(),
                    attributes: Vec::new(),
                });
            }
        }
        let tl_name = d.full_name();
        Struct {
            rust_name: names::type_name(&tl_name),
            tl_name,
            id: d.id,
            doc: d.description.clone(),
            fields,
            lifetime: false,
            class: None,
            result,
            attributes: Vec::new(),
        }
    }

    /// Resolves a TL type reference to a shape. `nullable`: the doc says "may be null" (applies
    /// to the object itself, or to the elements of a vector of objects).
    /// `span`: where the reference is written (its errors point there).
    fn resolve(
        &mut self,
        ty: &Type,
        nullable: bool,
        at: &Definition,
        span: tl_parser::Span,
    ) -> Option<Shape> {
        if ty.name.eq_ignore_ascii_case("vector") && ty.namespace.is_empty() {
            let Some(arg) = &ty.generic_arg else {
                let message = format!(
                    "`{}`: `{}` without its element type (`vector<T>`)",
                    at.full_name(),
                    ty.name
                );
                self.error(span, ty.name.len(), message);
                return None;
            };
            // `vector<T>`: `T` starts after `vector<` (as the checks count it).
            let arg_span = tl_parser::advance(span, ty.name.len() + 1);
            let inner = self.resolve(arg, nullable, at, arg_span)?;
            return Some(Shape::Vector(Box::new(inner)));
        }
        if ty.generic_ref || at.type_params.iter().any(|p| p.name == ty.name) {
            return Some(Shape::AnyObject);
        }
        let scalar = match ty.name.as_str() {
            "int" | "int32" | "Int" | "Int32" => Some(Scalar::Int32),
            "int53" | "Int53" => Some(Scalar::Int53),
            "long" | "int64" | "Long" | "Int64" => Some(Scalar::Int64),
            "double" | "Double" => Some(Scalar::Double),
            "string" | "String" => Some(Scalar::String),
            "bytes" | "Bytes" | "int128" | "Int128" | "int256" | "Int256" => Some(Scalar::Bytes),
            // TON's builtins for secrets, written as a string and as base64 in its JSON.
            "secureString" | "SecureString" => Some(Scalar::String),
            "secureBytes" | "SecureBytes" => Some(Scalar::Bytes),
            "Bool" | "bool" => Some(Scalar::Bool),
            name if self.fixed_size_ints.contains(name) => Some(Scalar::Bytes),
            _ => None,
        };
        if ty.namespace.is_empty() {
            if let Some(s) = scalar {
                return Some(Shape::Scalar(s));
            }
            if ty.name == "Object" || ty.name == "Function" {
                return Some(Shape::AnyObject);
            }
        }
        let full = ty.full_name();
        if let Some(builtin) = self
            .builtin_types
            .get(&full)
            .filter(|builtin| !self.builtin_types.contains_key(&builtin.full_name()))
        {
            // A builtin named by its constructor (`o:object`, `x:int`): read as its type.
            let builtin = Type {
                generic_arg: ty.generic_arg.clone(),
                ..builtin.clone()
            };
            return self.resolve(&builtin, nullable, at, span);
        }
        let object = if let Some(&class) = self.class_of_type.get(&full) {
            Shape::Class {
                id: class,
                boxed: false,
            }
        } else if let Some(&id) = self.by_ctor.get(&full) {
            // A bare reference by constructor name (`message`); if that constructor's type has
            // several constructors, TL means exactly that constructor.
            Shape::Struct { id, boxed: false }
        } else if let Some(ids) = self.by_type.get(&full) {
            Shape::Struct {
                id: ids[0],
                boxed: false,
            }
        } else {
            self.error(
                span,
                full.len(),
                format!("`{}` refers to unknown type `{full}`", at.full_name()),
            );
            return None;
        };
        Some(if nullable {
            Shape::Optional(Box::new(object))
        } else {
            object
        })
    }
}

/// Nodes of the containment graph: structs first, then classes.
fn node_of(shape: &Shape, model: &Model) -> Option<usize> {
    match shape {
        Shape::Struct { id, .. } => Some(*id),
        Shape::Class { id, .. } => Some(model.structs.len() + id),
        Shape::Optional(inner) => node_of(inner, model),
        // A vector's elements live on the heap: no containment.
        Shape::Vector(_) | Shape::Scalar(_) | Shape::AnyObject => None,
    }
}

fn set_boxed(shape: &mut Shape) {
    match shape {
        Shape::Struct { boxed, .. } | Shape::Class { boxed, .. } => *boxed = true,
        Shape::Optional(inner) => set_boxed(inner),
        _ => {}
    }
}

/// Boxes every field that lies on a containment cycle (strongly connected component), so that
/// recursive types (`RichText`, `PageBlock`, `JsonValue`, ...) have a finite size.
fn break_cycles(model: &mut Model) {
    let n = model.structs.len() + model.classes.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in model.structs.iter().enumerate() {
        for f in &s.fields {
            if let Some(to) = node_of(&f.shape, model) {
                edges[i].push(to);
            }
        }
    }
    for (c, class) in model.classes.iter().enumerate() {
        for v in &class.variants {
            edges[model.structs.len() + c].push(v.id);
        }
    }
    let component = crate::graph::strongly_connected(&edges);
    let structs = model.structs.len();
    for i in 0..structs {
        for f in 0..model.structs[i].fields.len() {
            let target = node_of(&model.structs[i].fields[f].shape, model);
            if let Some(to) = target {
                if component[to] == component[i] {
                    set_boxed(&mut model.structs[i].fields[f].shape);
                }
            }
        }
    }
}

fn compute_lifetimes(model: &mut Model, arena: bool) {
    loop {
        let mut changed = false;
        for i in 0..model.structs.len() {
            if model.structs[i].lifetime {
                continue;
            }
            let needs = model.structs[i]
                .fields
                .iter()
                .any(|f| model.shape_lifetime_in(&f.shape, arena));
            if needs {
                model.structs[i].lifetime = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for i in 0..model.functions.len() {
        let needs = model.functions[i]
            .fields
            .iter()
            .any(|f| model.shape_lifetime_in(&f.shape, arena));
        model.functions[i].lifetime = needs;
    }
}

/// Rust names must be unique within each generated module, and field names within a struct.
fn check_names(model: &Model, ctors: &[&Definition], errors: &mut Vec<ModelError>) {
    let mut types: HashMap<&str, &str> = HashMap::new();
    for (i, s) in model.structs.iter().enumerate() {
        if let Some(other) = types.insert(&s.rust_name, &s.tl_name) {
            errors.push(ModelError {
                message: format!(
                    "constructors `{other}` and `{}` both become the Rust type `{}`",
                    s.tl_name, s.rust_name
                ),
                span: ctors[i].span,
                len: 1,
            });
        }
        check_fields(s, ctors[i].span, errors);
    }
    let mut class_names: HashMap<&str, &str> = HashMap::new();
    for c in &model.classes {
        if let Some(other) = class_names.insert(&c.rust_name, &c.tl_name) {
            errors.push(ModelError {
                message: format!(
                    "classes `{other}` and `{}` both become the Rust enum `{}`",
                    c.tl_name, c.rust_name
                ),
                span: tl_parser::Span::default(),
                len: 1,
            });
        }
    }
    let mut fn_names: HashMap<&str, &str> = HashMap::new();
    for f in &model.functions {
        if let Some(other) = fn_names.insert(&f.rust_name, &f.tl_name) {
            errors.push(ModelError {
                message: format!(
                    "functions `{other}` and `{}` both become the Rust type `{}`",
                    f.tl_name, f.rust_name
                ),
                span: tl_parser::Span::default(),
                len: 1,
            });
        }
    }
}

fn check_fields(s: &Struct, span: tl_parser::Span, errors: &mut Vec<ModelError>) {
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for f in &s.fields {
        if let Some(other) = seen.insert(&f.rust_name, &f.tl_name) {
            errors.push(ModelError {
                message: format!(
                    "fields `{other}` and `{}` of `{}` both become `{}`",
                    f.tl_name, s.tl_name, f.rust_name
                ),
                span,
                len: 1,
            });
        }
    }
}
