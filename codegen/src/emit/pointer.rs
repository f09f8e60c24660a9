//! Emits the pointer parsers: per constructor a key table and a `match` on the field index,
//! per class a CRC32 `match` with an exact name compare. The loops, the expected-key fast path,
//! duplicates, skipping and the envelope live in `tlgen_runtime::parse`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::object::{TopVariant, wrap_in_object};
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

/// `parse_variant`: CRC32 of the name, then an exact compare, for each constructor.
fn dispatch(arms: Vec<TokenStream>, unknown: TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        fn parse_variant(
            name: ::std::borrow::Cow<'a, str>,
            c: &mut #rt::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut #rt::parse::Envelope<'a>>,
        ) -> ::core::result::Result<Self, #rt::pointer::Error> {
            ::core::result::Result::Ok(match (#rt::parse::type_crc(&name), &*name) {
                #(#arms)*
                _ => #unknown,
            })
        }
    }
}

// (`tlgen_planted` is declared only in tlgen-runtime's `check-cfg`; this is its one use here.)
#[allow(unexpected_cfgs)]
fn arm(s: &Struct, value: TokenStream) -> TokenStream {
    let crc = Literal::u32_suffixed(s.name_crc);
    let tl = &s.tl_name;
    // PLANTED BUG "crc_no_compare" (docs/HARDENING.md): dispatch on the CRC32 alone, without
    // the exact name compare.
    #[cfg(tlgen_planted = "crc_no_compare")]
    return {
        let _ = tl;
        quote!((#crc, _) => #value,)
    };
    quote!((#crc, #tl) => #value,)
}

pub fn class_parser(model: &Model, class: &Class) -> TokenStream {
    let rt = rt();
    let name = ident(&class.rust_name);
    let arms = class
        .variants
        .iter()
        .map(|v| {
            let variant = ident(&v.name);
            let read = quote!(#rt::parse::parse_rest(c, depth, envelope)?);
            let value = if v.boxed {
                quote!(::std::boxed::Box::new(#read))
            } else {
                read
            };
            arm(&model.structs[v.id], quote!(Self::#variant(#value)))
        })
        .collect();
    let unknown = quote!(Self::Unknown(#rt::parse::parse_unknown(name, c, depth, envelope)?));
    let parse_variant = dispatch(arms, unknown);
    let ty = quote!(#name<'a>);
    let value = parse_value_impl(&ty, quote!(parse_class));
    quote! {
        #value
        impl<'a> #rt::parse::ParseClass<'a> for #ty { #parse_variant }
    }
}

pub fn object_parser(model: &Model, variants: &[TopVariant]) -> TokenStream {
    let rt = rt();
    let arms = model
        .structs
        .iter()
        .enumerate()
        .map(|(id, s)| {
            let value = wrap_in_object(
                model,
                variants,
                id,
                quote!(#rt::parse::parse_rest(c, depth, envelope)?),
            );
            arm(s, value)
        })
        .collect();
    let unknown = quote!(Object::Unknown(#rt::parse::parse_unknown(name, c, depth, envelope)?));
    let parse_variant = dispatch(arms, unknown);
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
