//! Emits the pointer parsers: per constructor a key table and a `match` on the field index,
//! per class a `TypeTable` lookup (CRC32, exact name compare) and a `match` on its index. The loops, the expected-key fast path,
//! duplicates, skipping and the envelope live in `tlgen_runtime::parse`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::dispatch::{class_wrappers, index_match, object_wrappers};
use super::object::TopVariant;
use super::rust::{ident, rt};
use crate::model::{Class, Model, Struct};

fn lifetime_of(has: bool) -> TokenStream {
    if has { quote!(<'a>) } else { quote!() }
}

/// `ParseValue` for a type through `entry` (`parse_struct` or `parse_class`).
fn parse_value_impl(ty: &TokenStream, entry: TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        impl<'a> #rt::parse::ParseValue<'a> for #ty {
            #[inline]
            fn parse(c: &mut #rt::pointer::Cursor<'a>, depth: u32) -> ::core::result::Result<Self, #rt::pointer::Error> {
                #rt::parse::#entry(c, depth)
            }
        }
    }
}

pub fn struct_parser(s: &Struct) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = lifetime_of(s.lifetime);
    let ty = quote!(#name #lifetime);
    let keys = s
        .fields
        .iter()
        .map(|f| Literal::byte_string(format!("\"{}\":", f.tl_name).as_bytes()));
    // `index` always comes from `KEYS`, so the last field takes the wildcard arm.
    let last = s.fields.len().saturating_sub(1);
    let arms = s.fields.iter().enumerate().map(|(index, f)| {
        let field = ident(&f.rust_name);
        let pattern = if index == last {
            quote!(_)
        } else {
            quote!(#index)
        };
        quote!(#pattern => self.#field = #rt::parse::ParseValue::parse(c, depth)?,)
    });
    let body = match s.fields.as_slice() {
        [] => quote!(let _ = (index, c, depth);),
        [only] => {
            let field = ident(&only.rust_name);
            quote!(let _ = index; self.#field = #rt::parse::ParseValue::parse(c, depth)?;)
        }
        _ => quote!(match index { #(#arms)* }),
    };
    let value = parse_value_impl(&ty, quote!(parse_struct));
    quote! {
        #value
        impl<'a> #rt::parse::ParseFields<'a> for #ty {
            const KEYS: &'static [&'static [u8]] = &[#(#keys),*];
            fn parse_field(&mut self, index: usize, c: &mut #rt::pointer::Cursor<'a>, depth: u32) -> ::core::result::Result<(), #rt::pointer::Error> {
                #body
                ::core::result::Result::Ok(())
            }
        }
    }
}

/// `parse_variant`: the index of the name in the class's `TypeTable` (CRC32, then an exact
/// compare), then a `match` on it whose arms parse through `parse_as`.
fn dispatch(wrappers: Vec<TokenStream>) -> TokenStream {
    let rt = rt();
    let arms = wrappers
        .into_iter()
        .map(|wrap| quote!(#rt::parse::parse_as(c, depth, envelope, #wrap)))
        .collect();
    let body = index_match(
        arms,
        quote!(#rt::parse::parse_unknown_as(name, c, depth, envelope, Self::Unknown)),
    );
    quote! {
        fn parse_variant(
            name: ::std::borrow::Cow<'a, str>,
            c: &mut #rt::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut #rt::parse::Envelope<'a>>,
        ) -> ::core::result::Result<Self, #rt::pointer::Error> {
            #body
        }
    }
}

pub fn class_parser(class: &Class) -> TokenStream {
    let rt = rt();
    let name = ident(&class.rust_name);
    let parse_variant = dispatch(class_wrappers(class));
    let ty = quote!(#name<'a>);
    let value = parse_value_impl(&ty, quote!(parse_class));
    quote! {
        #value
        impl<'a> #rt::parse::ParseClass<'a> for #ty { #parse_variant }
    }
}

pub fn object_parser(model: &Model, variants: &[TopVariant]) -> TokenStream {
    let rt = rt();
    let parse_variant = dispatch(object_wrappers(model, variants));
    let ty = quote!(Object<'a>);
    let value = parse_value_impl(&ty, quote!(parse_class));
    quote! {
        #value
        impl<'a> #rt::parse::ParseClass<'a> for #ty { #parse_variant }

        /// Parses what `td_receive` returned (a NUL-terminated buffer) with the pointer parser.
        pub fn parse_received<'a>(cursor: #rt::pointer::Cursor<'a>) -> ::core::result::Result<Received<'a>, #rt::pointer::Error> {
            #rt::parse::parse_received(cursor)
        }
    }
}
