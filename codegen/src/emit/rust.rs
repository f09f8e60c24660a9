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

/// The Rust type of a field shape.
pub fn shape_type(model: &Model, shape: &Shape, place: Place) -> TokenStream {
    match shape {
        Shape::Scalar(s) => match s {
            Scalar::Int32 => quote!(i32),
            Scalar::Int53 | Scalar::Int64 => quote!(i64),
            Scalar::Double => quote!(f64),
            Scalar::Bool => quote!(bool),
            Scalar::String => quote!(::std::borrow::Cow<'a, str>),
            Scalar::Bytes => quote!(::std::vec::Vec<u8>),
        },
        Shape::Struct { id, boxed } => boxed_if(*boxed, struct_path(model, *id, place)),
        Shape::Class { id, boxed } => boxed_if(*boxed, class_path(model, *id, place)),
        Shape::Optional(inner) => {
            let inner = shape_type(model, inner, place);
            quote!(::core::option::Option<#inner>)
        }
        Shape::Vector(inner) => {
            let inner = shape_type(model, inner, place);
            quote!(::std::vec::Vec<#inner>)
        }
        Shape::AnyObject => {
            let prefix = place.prefix();
            quote!(::std::boxed::Box<#prefix Object<'a>>)
        }
    }
}

pub fn boxed_if(boxed: bool, ty: TokenStream) -> TokenStream {
    if boxed {
        quote!(::std::boxed::Box<#ty>)
    } else {
        ty
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
