//! `@type` dispatch, shared by both parsers' emitters: the `TypeTable` of a class (or of
//! `Object`), laid out here, and the `match` on the index it returns, whose arms each parse one
//! constructor through a runtime function (`parse_as` / `read_as`) and a wrapper (`Self::Variant`
//! or a closure that boxes and nests).
//!
//! The table layout is `tlgen_runtime::type_table`'s: the generator calls its `layout`, so the
//! table written here and the lookup that reads it cannot disagree.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::object::{TopKind, TopVariant};
use super::rust::{ident, rt};
use crate::model::{Class, Model};

/// The `TypeTable` expression for constructors `ids` (index `k` of the table is `ids[k]`).
fn type_table(model: &Model, ids: &[usize]) -> TokenStream {
    let rt = rt();
    let crcs: Vec<u32> = ids.iter().map(|&id| model.structs[id].name_crc).collect();
    let names = ids.iter().map(|&id| &model.structs[id].tl_name);
    let slots = tlgen_runtime::type_table::layout(&crcs)
        .expect("more than 65,535 constructors in one class: tlgen's TypeTable holds u16 slots");
    let crcs = crcs.iter().map(|&c| Literal::u32_unsuffixed(c));
    let slots = slots.iter().map(|&s| Literal::u16_unsuffixed(s));
    quote!(#rt::TypeTable::new(&[#(#slots),*], &[#(#crcs),*], &[#(#names),*]))
}

/// The `TYPES` constant of a class enum's inherent impl.
pub fn class_types_const(model: &Model, class: &Class) -> TokenStream {
    let rt = rt();
    let ids: Vec<usize> = class.variants.iter().map(|v| v.id).collect();
    let table = type_table(model, &ids);
    quote! {
        /// The `@type` names of this class, for dispatch (see `tlgen_runtime::type_table`).
        #[doc(hidden)]
        pub const TYPES: &'static #rt::TypeTable = &#table;
    }
}

/// The `TYPES` constant of `Object`'s inherent impl: every constructor, in model order.
pub fn object_types_const(model: &Model) -> TokenStream {
    let rt = rt();
    let ids: Vec<usize> = (0..model.structs.len()).collect();
    let table = type_table(model, &ids);
    quote! {
        /// Every `@type` name of the schema, for dispatch (see `tlgen_runtime::type_table`).
        #[doc(hidden)]
        pub const TYPES: &'static #rt::TypeTable = &#table;
    }
}

/// `match Self::TYPES.find(&name) { Some(k) => arms[k], .., _ => unknown }`.
pub fn index_match(arms: Vec<TokenStream>, unknown: TokenStream) -> TokenStream {
    let arms = arms.into_iter().enumerate().map(|(k, arm)| {
        let k = Literal::usize_unsuffixed(k);
        quote!(::core::option::Option::Some(#k) => #arm,)
    });
    quote! {
        match Self::TYPES.find(&name) {
            #(#arms)*
            _ => #unknown,
        }
    }
}

/// The wrappers of a class's constructors into the class enum, in variant order.
pub fn class_wrappers(class: &Class) -> Vec<TokenStream> {
    class
        .variants
        .iter()
        .map(|v| {
            let variant = ident(&v.name);
            if v.boxed {
                quote!(|v| Self::#variant(::std::boxed::Box::new(v)))
            } else {
                quote!(Self::#variant)
            }
        })
        .collect()
}

/// The wrappers of every constructor into `Object`, in model order.
pub fn object_wrappers(model: &Model, variants: &[TopVariant]) -> Vec<TokenStream> {
    (0..model.structs.len())
        .map(|id| object_wrapper(model, variants, id))
        .collect()
}

fn object_wrapper(model: &Model, variants: &[TopVariant], id: usize) -> TokenStream {
    for v in variants {
        let name = ident(&v.name);
        match v.kind {
            TopKind::Struct { id: sid, boxed } if sid == id => {
                return if boxed {
                    quote!(|v| Object::#name(::std::boxed::Box::new(v)))
                } else {
                    quote!(Object::#name)
                };
            }
            TopKind::Class(class)
                if model.structs[id].class.as_ref().map(|c| c.0) == Some(class) =>
            {
                let class = &model.classes[class];
                let class_name = ident(&class.rust_name);
                let Some(variant) = class.variants.iter().find(|x| x.id == id) else {
                    break;
                };
                let variant_name = ident(&variant.name);
                let value = if variant.boxed {
                    quote!(::std::boxed::Box::new(v))
                } else {
                    quote!(v)
                };
                return quote!(|v| Object::#name(enums::#class_name::#variant_name(#value)));
            }
            _ => {}
        }
    }
    quote!(compile_error!("constructor without a top-level variant"))
}
