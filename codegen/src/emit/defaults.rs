//! Emits the defaults of the data types as constants: a struct whose every field has a
//! constant default gets `const DEFAULT` and a `Default` impl that returns it, instead of
//! `#[derive(Default)]`; a class's default is its `Unknown` variant with an empty name.
//!
//! Why: the pointer parser builds each object in a slot that holds its default (a new box, a
//! vector's new element, an `Option` being filled). Derived, the default is one store per field
//! written out in every entry point that makes one; a constant is one image that the compiler
//! copies. A field that has no constant default (a box: `Box::default()` allocates) keeps the
//! derive for its struct, as do the structs that hold such a struct by value.

use proc_macro2::TokenStream;
use quote::quote;

use super::rust::{Place, Storage, class_path, ident, rt, struct_path};
use crate::model::{Model, Scalar, Shape, Struct};

/// `const DEFAULT` and the `Default` impl that returns it, for a struct whose fields all have
/// constant defaults; `None` (derive `Default` instead) otherwise. `generics` is the impl's
/// (`<'a>` or nothing), `ty` the type with its lifetime.
pub fn struct_default(
    model: &Model,
    s: &Struct,
    generics: &TokenStream,
    ty: &TokenStream,
    storage: Storage,
) -> Option<TokenStream> {
    let values = s
        .fields
        .iter()
        .map(|f| {
            let field = ident(&f.rust_name);
            let value = shape_default(model, &f.shape, storage)?;
            Some(quote!(#field: #value,))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(default_impls(
        generics,
        ty,
        " The default (every field empty, zero or absent), as a constant.",
        quote!(Self { #(#values)* }),
    ))
}

/// A class's `DEFAULT` and `Default` impl: `Unknown` with an empty name.
pub fn class_default(name: &TokenStream) -> TokenStream {
    let rt = rt();
    default_impls(
        &quote!(<'a>),
        &quote!(#name<'a>),
        " The default: [`Unknown`](Self::Unknown) with an empty name.",
        quote!(Self::Unknown(#rt::UnknownObject::DEFAULT)),
    )
}

/// `impl ty { const DEFAULT: Self = value; }` and `impl Default for ty`, returning it.
fn default_impls(
    generics: &TokenStream,
    ty: &TokenStream,
    doc: &str,
    value: TokenStream,
) -> TokenStream {
    quote! {
        impl #generics #ty {
            #[doc = #doc]
            pub const DEFAULT: Self = #value;
        }

        impl #generics Default for #ty {
            #[inline]
            fn default() -> Self { Self::DEFAULT }
        }
    }
}

/// The constant default of a field of `shape`, the value `Default::default()` gives, or `None`
/// when it is not a constant ([`has_constant_default`] decides; in arena mode every field has
/// one: a box is a `Ref` to its type's constant default, `tlgen_runtime::arena::DefaultRef`).
fn shape_default(model: &Model, shape: &Shape, storage: Storage) -> Option<TokenStream> {
    let arena = storage == Storage::Arena;
    if !arena && !has_constant_default(model, shape) {
        return None;
    }
    let rt = rt();
    // (owned boxes and `Object` fields have no constant default: they stopped above)
    let default_of = |boxed: bool, path: TokenStream| {
        if boxed {
            quote!(#rt::arena::Ref(&<#path>::DEFAULT))
        } else {
            quote!(<#path>::DEFAULT)
        }
    };
    Some(match shape {
        Shape::Scalar(Scalar::Int32 | Scalar::Int53 | Scalar::Int64) => quote!(0),
        Shape::Scalar(Scalar::Double) => quote!(0.0),
        Shape::Scalar(Scalar::Bool) => quote!(false),
        Shape::Scalar(Scalar::String) if arena => quote!(""),
        // `Cow::default()` is an empty owned string (no allocation).
        Shape::Scalar(Scalar::String) => {
            quote!(::std::borrow::Cow::Owned(::std::string::String::new()))
        }
        Shape::Scalar(Scalar::Bytes) | Shape::Vector(_) if arena => quote!(&[]),
        Shape::Scalar(Scalar::Bytes) | Shape::Vector(_) => quote!(::std::vec::Vec::new()),
        Shape::Optional(_) => quote!(::core::option::Option::None),
        Shape::Struct { id, boxed } => default_of(*boxed, struct_path(model, *id, Place::Module)),
        Shape::Class { id, boxed } => default_of(*boxed, class_path(model, *id, Place::Module)),
        Shape::AnyObject => {
            let prefix = Place::Module.prefix();
            default_of(true, quote!(#prefix Object))
        }
    })
}

/// Arena mode: `DefaultRef` for every type a boxed field holds (what `Ref`'s `Default` needs),
/// at the include site.
pub fn default_ref_impls(model: &Model) -> TokenStream {
    fn collect(shape: &Shape, structs: &mut [bool], classes: &mut [bool], object: &mut bool) {
        match shape {
            Shape::Struct { id, boxed: true } => structs[*id] = true,
            Shape::Class { id, boxed: true } => classes[*id] = true,
            Shape::AnyObject => *object = true,
            Shape::Optional(inner) | Shape::Vector(inner) => {
                collect(inner, structs, classes, object)
            }
            Shape::Scalar(_) | Shape::Struct { .. } | Shape::Class { .. } => {}
        }
    }
    let mut structs = vec![false; model.structs.len()];
    let mut classes = vec![false; model.classes.len()];
    let mut object = false;
    for f in model.structs.iter().flat_map(|s| &s.fields) {
        collect(&f.shape, &mut structs, &mut classes, &mut object);
    }
    let struct_types = (0..structs.len())
        .filter(|&id| structs[id])
        .map(|id| struct_path(model, id, Place::Root));
    let class_types = (0..classes.len())
        .filter(|&id| classes[id])
        .map(|id| class_path(model, id, Place::Root));
    let object_type = object.then(|| quote!(Object<'a>));
    let types = struct_types.chain(class_types).chain(object_type);
    let rt = rt();
    quote! {
        #(
            impl<'a> #rt::arena::DefaultRef<'a> for #types {
                const DEFAULT_REF: &'a Self = &Self::DEFAULT;
            }
        )*
    }
}

/// Whether `s` gets a `const DEFAULT` in owned storage ([`struct_default`]; in arena storage
/// every struct does): every field has a constant default.
pub fn struct_has_constant_default(model: &Model, s: &Struct) -> bool {
    s.fields
        .iter()
        .all(|f| has_constant_default(model, &f.shape))
}

/// Whether a field of `shape` has a constant default, without writing it: not a box
/// (`Box::default()` allocates), not an untyped object, and for a struct held by value, every
/// field of it. Terminates: a struct held by value is never on a containment cycle (those
/// fields are boxed).
fn has_constant_default(model: &Model, shape: &Shape) -> bool {
    match shape {
        Shape::Struct { id, boxed: false } => {
            struct_has_constant_default(model, &model.structs[*id])
        }
        Shape::Struct { boxed: true, .. } | Shape::Class { boxed: true, .. } | Shape::AnyObject => {
            false
        }
        _ => true,
    }
}
