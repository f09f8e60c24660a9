//! Emits the serde reader: thin `Deserialize` impls (field names, a `match` on the field index)
//! whose logic lives in `tlgen_runtime::reader` (field loop, duplicates, skipping, `@type`
//! dispatch, envelope).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::dispatch::{Arm, class_arms, index_match, object_arms, object_locate};
use super::rust::{ident, rt};
use crate::model::{Class, Model, Struct};
use crate::plan::ObjectVariant;

/// The reader borrows for the input's lifetime: a type's `'a` is the deserializer's `'de`.
fn impl_generics(_lifetime: bool) -> TokenStream {
    quote!(<'de>)
}

fn de_lt(lifetime: bool) -> TokenStream {
    if lifetime { quote!(<'de>) } else { quote!() }
}

/// `Deserialize` and `ReadValue` for a class (or `Object`), both through `deserialize_class`.
fn class_entry_impls(ty: TokenStream) -> TokenStream {
    let rt = rt();
    let deserialize = deserialize_impl(&ty, true, quote!(deserialize_class));
    quote! {
        #deserialize
        impl<'de> #rt::reader::ReadValue<'de> for #ty {
            #[inline]
            fn read<D: #rt::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                #rt::reader::deserialize_class(d)
            }
        }
    }
}

/// `Deserialize` for a type, through `entry`.
fn deserialize_impl(ty: &TokenStream, lifetime: bool, entry: TokenStream) -> TokenStream {
    let rt = rt();
    let generics = impl_generics(lifetime);
    quote! {
        impl #generics #rt::serde::Deserialize<'de> for #ty {
            #[inline]
            fn deserialize<D: #rt::serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                #rt::reader::#entry(d)
            }
        }
    }
}

/// A constructor's `Deserialize`, and its `ReadValue`: the field names and a `match` on the
/// field index (the trait's default `read` reads the object; a constructor without fields
/// keeps every default).
pub fn struct_reader(s: &Struct) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = de_lt(s.lifetime);
    let ty = quote!(#name #lifetime);
    let generics = impl_generics(s.lifetime);
    let deserialize = deserialize_impl(&ty, s.lifetime, quote!(deserialize_struct));
    if s.fields.is_empty() {
        return quote! {
            #deserialize
            impl #generics #rt::reader::ReadValue<'de> for #ty {}
        };
    }
    let names = s.fields.iter().map(|f| &f.tl_name);
    let arms = s.fields.iter().enumerate().map(|(index, f)| {
        let field = ident(&f.rust_name);
        let index = Literal::usize_unsuffixed(index);
        quote!(#index => #rt::__private::reader::field(map, &mut self.#field),)
    });
    quote! {
        #deserialize
        impl #generics #rt::reader::ReadValue<'de> for #ty {
            const NAMES: &'static [&'static str] = &[#(#names),*];
            fn read_field<A: #rt::serde::de::MapAccess<'de>>(
                &mut self,
                index: usize,
                map: &mut A,
            ) -> ::core::result::Result<bool, A::Error> {
                match index {
                    #(#arms)*
                    _ => ::core::result::Result::Ok(false),
                }
            }
        }
    }
}

/// The dispatch `match` on `index`: one arm per entry of `arms`, unknown names last.
fn dispatch_match(index: TokenStream, arms: Vec<Arm>) -> TokenStream {
    let rt = rt();
    let arms = arms
        .into_iter()
        .map(|arm| match arm {
            Arm::Constructor {
                variant,
                boxed: false,
            } => {
                quote!(#rt::__private::reader::read_as(map, envelope, Self::#variant))
            }
            Arm::Constructor {
                variant,
                boxed: true,
            } => {
                quote!(#rt::__private::reader::read_boxed_as(map, envelope, Self::#variant))
            }
            Arm::Class { class, variant } => {
                quote!(#rt::__private::reader::read_class_as(local, name, map, envelope, #class::read_index, Self::#variant))
            }
        })
        .collect();
    index_match(
        index,
        arms,
        quote!(#rt::__private::reader::read_unknown_as(name, map, envelope, Self::Unknown)),
    )
}

/// The signature shared by `read_variant` and `read_index`, after the function's name.
fn dispatch_params(index: bool) -> TokenStream {
    let rt = rt();
    let index = index.then(|| quote!(index: ::core::option::Option<usize>,));
    quote! {
        <A: #rt::serde::de::MapAccess<'de>>(
            #index
            name: ::std::borrow::Cow<'de, str>,
            map: &mut A,
            envelope: ::core::option::Option<&mut #rt::reader::Envelope<'de>>,
        ) -> ::core::result::Result<Self, A::Error>
    }
}

pub fn class_reader(class: &Class) -> TokenStream {
    let rt = rt();
    let name = ident(&class.rust_name);
    let entries = class_entry_impls(quote!(#name<'de>));
    let variant_params = dispatch_params(false);
    let index_params = dispatch_params(true);
    let body = dispatch_match(quote!(index), class_arms(class));
    quote! {
        #entries
        impl<'de> #rt::reader::ReadClass<'de> for #name<'de> {
            fn read_variant #variant_params {
                Self::read_index(Self::TYPES.find(&name), name, map, envelope)
            }
        }
        impl<'de> #name<'de> {
            /// The reader's dispatch on the constructor's index in `TYPES` (`None`: not a
            /// constructor of this class).
            ///
            /// Never inlined, so that `Object`'s dispatch, which calls every class's, keeps a
            /// small stack frame.
            #[doc(hidden)]
            #[inline(never)]
            pub fn read_index #index_params {
                #body
            }
        }
    }
}

/// `read_received(text)`: the reader's entry point, not generic, so that the reader is
/// instantiated for serde_json once, in the generated crate (`Config::reader_entry_points`).
pub fn read_received() -> TokenStream {
    let rt = rt();
    quote! {
        /// Parses what `td_receive` returned (its text, without the NUL) with the serde
        /// reader: serde_json and tlgen's depth limit (`tlgen_runtime::reader::from_str`).
        /// Not generic: the reader is compiled once, here, not in the crate that calls it.
        #[allow(dead_code)]
        pub fn read_received(text: &str) -> ::core::result::Result<Received<'_>, #rt::reader::Error> {
            #rt::reader::from_str(text)
        }
    }
}

pub fn object_reader(model: &Model, variants: &[ObjectVariant]) -> TokenStream {
    let rt = rt();
    let entries = class_entry_impls(quote!(Object<'de>));
    let params = dispatch_params(false);
    let arms = object_arms(model, variants);
    let locate = object_locate(&arms);
    let body = dispatch_match(quote!(variant), arms);
    quote! {
        #entries
        impl<'de> #rt::reader::ReadClass<'de> for Object<'de> {
            fn read_variant #params {
                #locate
                #body
            }
        }
    }
}
