//! The schema model: what a TL schema says, with no knowledge of Rust or JSON.
//!
//! Every node implements `Display` printing valid TL that parses back to an equal node
//! (docs and spans aside), and `FromStr` parsing one node from TL text.

/// A position in the schema source. `line` and `column` are 1-based; `column` counts chars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset from the start of the source.
    pub offset: usize,
    /// The 1-based line.
    pub line: u32,
    /// The 1-based column, in chars.
    pub column: u32,
}

/// Whether a definition is a constructor (`---types---`) or a function (`---functions---`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// A constructor, declared under `---types---` (where a schema starts).
    Type,
    /// A function, declared under `---functions---`.
    Function,
}

/// A whole parsed schema.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Schema {
    /// Every definition, builtins included, in source order.
    pub definitions: Vec<Definition>,
    /// Documentation of abstract classes (`//@class Name @description ...`), in source order.
    pub classes: Vec<ClassDoc>,
}

/// `//@class Name @description Text`.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDoc {
    /// The class name: the first word after `@class`.
    pub name: String,
    /// The `@description` text; empty when there is none.
    pub description: String,
    /// Where the comment's `//` starts.
    pub span: Span,
}

/// One TL declaration: `ns.name#id {X:Type} a:int b:flags.0?string = ns.Result;`.
#[derive(Debug, Clone, PartialEq)]
pub struct Definition {
    /// `["auth"]` for `auth.sentCode`; empty when there is no namespace.
    pub namespace: Vec<String>,
    /// The name without namespace: `sentCode`.
    pub name: String,
    /// The explicit `#id`, or the id TL infers: CRC32 of the normalised declaration.
    pub id: u32,
    /// Whether `#id` was written in the source.
    pub explicit_id: bool,
    /// Generic type parameters `{X:Type}`.
    pub type_params: Vec<TypeParam>,
    /// The parameters, in source order.
    pub params: Vec<Parameter>,
    /// The result type, right of `=`.
    pub ty: Type,
    /// Constructor or function, by the section the definition is in.
    pub category: Category,
    /// For builtin declarations (`double ? = Double;`, `vector {t:Type} # [ t ] = Vector t;`,
    /// `int128 4*[ int ] = Int128;`): the text between the name and `=`, kept verbatim.
    /// `None` for ordinary definitions.
    pub builtin: Option<String>,
    /// `//@description` text.
    pub description: Option<String>,
    /// Every doc tag of the comment block above the definition, in source order, with `//-`
    /// continuations merged (`description` included). The check pass warns about tags that
    /// document no parameter. Empty when the schema has no doc comments.
    pub doc_tags: Vec<DocTag>,
    /// Where the definition's name starts.
    pub span: Span,
}

/// One `//@name text` doc tag (td_api.tl style).
#[derive(Debug, Clone, PartialEq)]
pub struct DocTag {
    /// The tag name: `description`, `param_description`, or a parameter name.
    pub name: String,
    /// The text, `//-` continuation lines appended with a space.
    pub text: String,
    /// Where the `@` of the tag is.
    pub span: Span,
}

/// `{X:Type}`.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeParam {
    /// The parameter's name: `X`.
    pub name: String,
    /// Its type: `Type` in `{X:Type}`.
    pub ty: Type,
}

/// One parameter (field) of a definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Parameter {
    /// The name, left of `:`.
    pub name: String,
    /// The type, or [`ParameterType::Flags`] for `flags:#`.
    pub ty: ParameterType,
    /// The `//@name` doc text (`//@param_description` for a field named `description`).
    pub doc: Option<String>,
    /// Whether the doc says "may be null" (case-insensitive).
    pub may_be_null: bool,
    /// Where the parameter's name starts (its type follows right after `name:` and the
    /// optional `flags.N?`). `Span::default()` when the parameter did not come from text.
    pub span: Span,
}

impl Parameter {
    /// Where the parameter's type is written: after `name:` and the flag (`mode.0?`), on the
    /// parameter's line.
    pub fn type_span(&self) -> Span {
        let flag_len = match &self.ty {
            ParameterType::Normal {
                flag: Some(flag), ..
            } => flag.to_string().len() + 1,
            _ => 0,
        };
        crate::position::advance(self.span, self.name.len() + 1 + flag_len)
    }
}

/// The type of a parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum ParameterType {
    /// `flags:#`: a bit set that other parameters refer to.
    Flags,
    /// `T` or `flags.3?T`.
    Normal {
        /// `T`: the type, after the `?` when there is a flag.
        ty: Type,
        /// `flags.3`: the bit saying whether the parameter is present; `None` when it always is.
        flag: Option<Flag>,
    },
}

/// `flags.3` in `flags.3?T`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// The name of the flags parameter holding the bit: `flags`.
    pub name: String,
    /// The bit index: `3`.
    pub index: u32,
}

/// A type reference: `int`, `Vector<long>`, `vector<message>`, `!X`, `auth.SentCode`, `%T`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Type {
    /// `["auth"]` for `auth.SentCode`; empty when there is no namespace.
    pub namespace: Vec<String>,
    /// The name without namespace, prefix or argument: `SentCode`, `Vector`, `X` for `!X`.
    pub name: String,
    /// Bare types start lowercase (or with `%`); boxed types start uppercase.
    pub bare: bool,
    /// `!X`: a reference to a generic type parameter.
    pub generic_ref: bool,
    /// `T` in `Vector<T>` / `vector<T>` / `Vector t`.
    pub generic_arg: Option<Box<Type>>,
}

/// Result type names of declarations that are TL builtins even without builtin text
/// (`int32 = Int32;`, `boolFalse = Bool;`).
pub const BUILTIN_RESULT_TYPES: &[&str] = &[
    "Int", "Long", "Double", "String", "Bytes", "Int32", "Int53", "Int64", "Int128", "Int256",
    "Bool",
];

impl Definition {
    /// `ns.name` or `name`.
    pub fn full_name(&self) -> String {
        join_name(&self.namespace, &self.name)
    }

    /// A builtin declaration: one with builtin text (`double ? = Double;`), or a constructor
    /// without parameters whose result type is a TL primitive (`int32 = Int32;`,
    /// `boolFalse = Bool;`). `ok = Ok;`, `true#3fedd339 = True;` and functions such as
    /// `auth.resetAuthorizations = Bool;` are not builtins.
    pub fn is_builtin(&self) -> bool {
        self.builtin.is_some()
            || (self.category == Category::Type
                && self.params.is_empty()
                && self.type_params.is_empty()
                && self.ty.namespace.is_empty()
                && self.ty.generic_arg.is_none()
                && BUILTIN_RESULT_TYPES.contains(&self.ty.name.as_str()))
    }
}

impl Type {
    /// `ns.Name` or `Name`, without generic argument.
    pub fn full_name(&self) -> String {
        join_name(&self.namespace, &self.name)
    }
}

fn join_name(namespace: &[String], name: &str) -> String {
    let mut out = String::new();
    for part in namespace {
        out.push_str(part);
        out.push('.');
    }
    out.push_str(name);
    out
}
