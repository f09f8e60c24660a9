//! Small helpers shared by the emitters: identifiers, paths, Rust types for shapes, docs.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::model::{Model, Scalar, Shape};

/// An identifier, raw (`r#type`) when the model escaped it so.
pub fn ident(name: &str) -> Ident {
    match name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => format_ident!("{}", name),
    }
}

/// The runtime crate's path.
pub fn rt() -> TokenStream {
    quote!(::tlgen_runtime)
}

/// `<'a>` when the item has a lifetime, nothing otherwise.
pub fn lt(has: bool) -> TokenStream {
    if has { quote!(<'a>) } else { quote!() }
}

/// Where the generated modules are, seen from the place the tokens go.
#[derive(Clone, Copy)]
pub enum Place {
    /// Inside a part (`types::p00`, `enums::p00`, `functions::p00`): see `emit::parts`.
    Module,
    /// At the include site, beside those modules.
    Root,
}

impl Place {
    /// The path prefix of the include site's items (`super::super::` in a part).
    pub fn prefix(self) -> TokenStream {
        match self {
            Place::Module => quote!(super::super::),
            Place::Root => quote!(),
        }
    }
}

/// The path of a struct from `place`.
pub fn struct_path(model: &Model, id: usize, place: Place) -> TokenStream {
    let s = &model.structs[id];
    let name = ident(&s.rust_name);
    let prefix = place.prefix();
    let lifetime = lt(s.lifetime);
    quote!(#prefix types::#name #lifetime)
}

/// The path of a class enum from `place`.
pub fn class_path(model: &Model, id: usize, place: Place) -> TokenStream {
    let name = ident(&model.classes[id].rust_name);
    let prefix = place.prefix();
    quote!(#prefix enums::#name<'a>)
}

/// How the generated types hold their data: owned (`Cow`, `Vec`, `Box`: the reader, pointer
/// and both modes) or as arena mode's views (`&'a str`, `&'a [T]`, `&'a T`, `Ref<'a, T>`:
/// `tlgen_runtime::arena`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    Owned,
    Arena,
}

/// The Rust type of a field shape.
pub fn shape_type(model: &Model, shape: &Shape, place: Place, storage: Storage) -> TokenStream {
    let arena = storage == Storage::Arena;
    match shape {
        Shape::Scalar(s) => match s {
            Scalar::Int32 => quote!(i32),
            Scalar::Int53 | Scalar::Int64 => quote!(i64),
            Scalar::Double => quote!(f64),
            Scalar::Bool => quote!(bool),
            Scalar::String if arena => quote!(&'a str),
            Scalar::String => quote!(::std::borrow::Cow<'a, str>),
            Scalar::Bytes if arena => quote!(&'a [u8]),
            Scalar::Bytes => quote!(::std::vec::Vec<u8>),
        },
        Shape::Struct { id, boxed } => boxed_field(storage, *boxed, struct_path(model, *id, place)),
        Shape::Class { id, boxed } => boxed_field(storage, *boxed, class_path(model, *id, place)),
        Shape::Optional(inner) => {
            let inner = shape_type(model, inner, place, storage);
            quote!(::core::option::Option<#inner>)
        }
        Shape::Vector(inner) => {
            let inner = shape_type(model, inner, place, storage);
            if arena {
                quote!(&'a [#inner])
            } else {
                quote!(::std::vec::Vec<#inner>)
            }
        }
        Shape::AnyObject => {
            let prefix = place.prefix();
            boxed_field(storage, true, quote!(#prefix Object<'a>))
        }
    }
}

/// The type of a field that holds `ty`, boxed or not: `Box<ty>`, or arena mode's `Ref<'a, ty>`.
pub fn boxed_field(storage: Storage, boxed: bool, ty: TokenStream) -> TokenStream {
    match (boxed, storage) {
        (false, _) => ty,
        (true, Storage::Owned) => quote!(::std::boxed::Box<#ty>),
        (true, Storage::Arena) => {
            let rt = rt();
            quote!(#rt::arena::Ref<'a, #ty>)
        }
    }
}

/// The payload of an enum variant that holds `ty`, boxed or not: `Box<ty>`, or arena mode's
/// `&'a ty`.
pub fn variant_payload(storage: Storage, boxed: bool, ty: TokenStream) -> TokenStream {
    match (boxed, storage) {
        (false, _) => ty,
        (true, Storage::Owned) => quote!(::std::boxed::Box<#ty>),
        (true, Storage::Arena) => quote!(&'a #ty),
    }
}

/// `#[doc = "..."]` lines for an optional doc text.
pub fn doc(text: Option<&str>) -> TokenStream {
    match text {
        Some(text) if !text.trim().is_empty() => {
            let text = format!(" {}", text.trim());
            quote!(#[doc = #text])
        }
        _ => quote!(),
    }
}

/// [`doc`] of `text`, or of `fallback` (the item's TL name) when the schema has no text for
/// the item: every public item the generator emits is documented, so that the code builds in
/// crates that deny `missing_docs` whatever the schema's comments.
pub fn doc_or(text: Option<&str>, fallback: impl FnOnce() -> String) -> TokenStream {
    match text {
        Some(text) if !text.trim().is_empty() => doc(Some(text)),
        _ => doc(Some(&fallback())),
    }
}
