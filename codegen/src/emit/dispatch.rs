//! `@type` dispatch, shared by both parsers' emitters: the `TypeTable` of a class (or of
//! `Object`), laid out here, and the `match` on the index it returns.
//!
//! A class's `read_index` (and, in arena mode for a class that holds constructors inline, its
//! `parse_index`) has one arm per constructor, each a call of an entry point (the runtime's
//! `read_as` / `read_boxed_as`; `parse_as` / `parse_ref_as`, expanded into the generated crate
//! from the runtime's `parse_entry_points!`) with the variant's
//! constructor (`Self::Variant`) as a function item. `Object`'s table finds the constructor,
//! then `Object::ROUTE` names its top-level variant and its index in its class, so `Object`'s
//! `match` has one arm per type (not per constructor) and a constructor's parser is
//! instantiated once, in its class. Small arms and no closures keep these large functions cheap
//! to type-check and borrow-check (docs/COMPILE_COST.md).
//!
//! The table layout is `tlgen_runtime::type_table`'s: the generator calls its `layout`, so the
//! table written here and the lookup that reads it cannot disagree.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::rust::{ident, rt};
use crate::model::{Class, Model};
use crate::plan::{ObjectKind, ObjectVariant};

/// The `TypeTable` expression for constructors `ids` (index `k` of the table is `ids[k]`).
fn type_table(model: &Model, ids: &[usize]) -> TokenStream {
    let rt = rt();
    let names: Vec<&str> = ids
        .iter()
        .map(|&id| model.structs[id].tl_name.as_str())
        .collect();
    let (slots, all) = tlgen_runtime::type_table::layout(&names).expect(
        "Plan::new checked the limits: at most 65,535 constructors, names of at most 65,535 bytes",
    );
    let slots = slots.iter().map(|&(crc, start, len, entry)| {
        let crc = Literal::u32_unsuffixed(crc);
        let start = Literal::u32_unsuffixed(start);
        let len = Literal::u16_unsuffixed(len);
        let entry = Literal::u16_unsuffixed(entry);
        quote!((#crc, #start, #len, #entry))
    });
    quote!(#rt::TypeTable::new(&[#(#slots),*], #all))
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

/// The `TYPES` and `ROUTE` constants of `Object`'s inherent impl: every constructor, in model
/// order, and for each its top-level variant and its index in that variant's class.
pub fn object_types_const(model: &Model, variants: &[ObjectVariant]) -> TokenStream {
    let rt = rt();
    let ids: Vec<usize> = (0..model.structs.len()).collect();
    let table = type_table(model, &ids);
    let route = ids.iter().map(|&id| {
        let (variant, local) = route(model, variants, id);
        let variant = Literal::u16_unsuffixed(variant);
        let local = Literal::u16_unsuffixed(local);
        quote!((#variant, #local))
    });
    quote! {
        /// Every `@type` name of the schema, for dispatch (see `tlgen_runtime::type_table`).
        #[doc(hidden)]
        pub const TYPES: &'static #rt::TypeTable = &#table;
        /// For each entry of `TYPES`: its top-level variant, and its index in that variant's
        /// class (0 for a type with one constructor).
        #[doc(hidden)]
        pub const ROUTE: &'static [(u16, u16)] = &[#(#route),*];
    }
}

/// The top-level variant of constructor `id` and its index in that variant's class.
pub fn route(model: &Model, variants: &[ObjectVariant], id: usize) -> (u16, u16) {
    let class_of = model.structs[id].class.as_ref().map(|c| c.0);
    variants
        .iter()
        .enumerate()
        .find_map(|(v, variant)| match variant.kind {
            ObjectKind::Struct { id: sid, .. } if sid == id => Some((v, 0)),
            ObjectKind::Class(class) if class_of == Some(class) => model.classes[class]
                .variants
                .iter()
                .position(|x| x.id == id)
                .map(|local| (v, local)),
            _ => None,
        })
        .and_then(|(v, local)| Some((u16::try_from(v).ok()?, u16::try_from(local).ok()?)))
        .expect("every constructor has a top-level variant, and there are fewer than 65,536")
}

/// How one dispatch arm builds its value.
pub enum Arm {
    /// Parse constructor `T` and wrap it with `Self::#0`, boxed or not.
    Constructor { variant: TokenStream, boxed: bool },
    /// Delegate to class `#class`'s index dispatch with the constructor's index in the class
    /// (`local`, from `ROUTE`), then wrap with `Self::#variant`; both passed to the entry point
    /// `parse_class_as` / the runtime's `read_class_as`.
    Class {
        class: TokenStream,
        variant: TokenStream,
    },
}

/// `match index { Some(k) => arms[k], .., _ => unknown }`.
pub fn index_match(
    index: TokenStream,
    arms: Vec<TokenStream>,
    unknown: TokenStream,
) -> TokenStream {
    let arms = arms.into_iter().enumerate().map(|(k, arm)| {
        let k = Literal::usize_unsuffixed(k);
        quote!(::core::option::Option::Some(#k) => #arm,)
    });
    quote! {
        match #index {
            #(#arms)*
            _ => #unknown,
        }
    }
}

/// The arms of a class's index dispatch, in variant order.
pub fn class_arms(class: &Class) -> Vec<Arm> {
    class
        .variants
        .iter()
        .map(|v| {
            let variant = ident(&v.name);
            Arm::Constructor {
                variant: quote!(#variant),
                boxed: v.boxed,
            }
        })
        .collect()
}

/// The arms of `Object`'s dispatch, one per top-level variant, in order.
pub fn object_arms(model: &Model, variants: &[ObjectVariant]) -> Vec<Arm> {
    variants
        .iter()
        .map(|v| {
            let variant = ident(&v.name);
            match v.kind {
                ObjectKind::Struct { boxed, .. } => Arm::Constructor {
                    variant: quote!(#variant),
                    boxed,
                },
                ObjectKind::Class(class) => {
                    let class = ident(&model.classes[class].rust_name);
                    Arm::Class {
                        class: quote!(enums::#class),
                        variant: quote!(#variant),
                    }
                }
            }
        })
        .collect()
}

/// The start of `Object`'s dispatch (whose arms are `arms`): `variant` (the top-level variant's
/// number) and `local` (the constructor's index in its class), both `None` for a name the schema
/// does not have. `local` is bound as `_` when no arm is a class (a schema without classes),
/// so that the generated code has no unused variable.
pub fn object_locate(arms: &[Arm]) -> TokenStream {
    let any_class = arms.iter().any(|arm| matches!(arm, Arm::Class { .. }));
    let local = if any_class { quote!(local) } else { quote!(_) };
    quote! {
        let (variant, #local) = match Self::TYPES.find(&name).and_then(|k| Self::ROUTE.get(k)) {
            ::core::option::Option::Some(&(variant, local)) => (
                ::core::option::Option::Some(usize::from(variant)),
                ::core::option::Option::Some(usize::from(local)),
            ),
            ::core::option::Option::None => (::core::option::Option::None, ::core::option::Option::None),
        };
    }
}
