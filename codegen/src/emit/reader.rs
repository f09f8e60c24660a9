//! Emits the serde reader: thin `Deserialize` impls (field names, a `match` on the field index)
//! whose logic lives in `tlgen_runtime::reader` (field loop, duplicates, skipping, `@type`
//! dispatch, envelope).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::dispatch::{class_wrappers, index_match, object_wrappers};
use super::object::TopVariant;
use super::rust::{ident, rt};
use crate::model::{Class, Model, Struct};

/// The reader borrows for the input's lifetime: a type's `'a` is the deserializer's `'de`.
fn impl_generics(_lifetime: bool) -> TokenStream {
    quote!(<'de>)
}

fn de_lt(lifetime: bool) -> TokenStream {
    if lifetime { quote!(<'de>) } else { quote!() }
}

/// `Deserialize` and `ReadValue` for a type, all through `entry`.
fn entry_impls(ty: TokenStream, lifetime: bool, entry: TokenStream) -> TokenStream {
    let rt = rt();
    let generics = impl_generics(lifetime);
    quote! {
        impl #generics #rt::serde::Deserialize<'de> for #ty {
            #[inline]
            fn deserialize<D: #rt::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                #rt::reader::#entry(d)
            }
        }
        impl #generics #rt::reader::ReadValue<'de> for #ty {
            #[inline]
            fn read<D: #rt::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                #rt::reader::#entry(d)
            }
        }
    }
}

pub fn struct_reader(s: &Struct) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = de_lt(s.lifetime);
    let ty = quote!(#name #lifetime);
    let generics = impl_generics(s.lifetime);
    let names = s.fields.iter().map(|f| &f.tl_name);
    let arms = s.fields.iter().enumerate().map(|(index, f)| {
        let field = ident(&f.rust_name);
        let bit = index as u32;
        let index = Literal::usize_unsuffixed(index);
        quote!(#index => #rt::reader::field(map, seen, #bit, &mut self.#field),)
    });
    let body = if s.fields.is_empty() {
        quote! { let _ = (index, seen, map); ::core::result::Result::Ok(false) }
    } else {
        quote! {
            match index {
                #(#arms)*
                _ => ::core::result::Result::Ok(false),
            }
        }
    };
    let entries = entry_impls(ty.clone(), s.lifetime, quote!(deserialize_struct));
    quote! {
        #entries
        impl #generics #rt::reader::ReadFields<'de> for #ty {
            const NAMES: &'static [&'static str] = &[#(#names),*];
            fn read_field<A: #rt::serde::de::MapAccess<'de>>(
                &mut self,
                index: usize,
                seen: &mut #rt::reader::Seen,
                map: &mut A,
            ) -> ::core::result::Result<bool, A::Error> {
                #body
            }
        }
    }
}

/// `read_variant`: the index of the name in the class's `TypeTable`, then a `match` on it whose
/// arms read through `read_as`.
fn dispatch(wrappers: Vec<TokenStream>) -> TokenStream {
    let rt = rt();
    let arms = wrappers
        .into_iter()
        .map(|wrap| quote!(#rt::reader::read_as(map, envelope, #wrap)))
        .collect();
    let body = index_match(
        arms,
        quote!(#rt::reader::read_unknown_as(name, map, envelope, Self::Unknown)),
    );
    quote! {
        fn read_variant<A: #rt::serde::de::MapAccess<'de>>(
            name: ::std::borrow::Cow<'de, str>,
            map: &mut A,
            envelope: ::core::option::Option<&mut #rt::reader::Envelope<'de>>,
        ) -> ::core::result::Result<Self, A::Error> {
            #body
        }
    }
}

pub fn class_reader(class: &Class) -> TokenStream {
    let rt = rt();
    let name = ident(&class.rust_name);
    let read_variant = dispatch(class_wrappers(class));
    let entries = entry_impls(quote!(#name<'de>), true, quote!(deserialize_class));
    quote! {
        #entries
        impl<'de> #rt::reader::ReadClass<'de> for #name<'de> { #read_variant }
    }
}

pub fn object_reader(model: &Model, variants: &[TopVariant]) -> TokenStream {
    let rt = rt();
    let read_variant = dispatch(object_wrappers(model, variants));
    let entries = entry_impls(quote!(Object<'de>), true, quote!(deserialize_class));
    quote! {
        #entries
        impl<'de> #rt::reader::ReadClass<'de> for Object<'de> { #read_variant }
    }
}
