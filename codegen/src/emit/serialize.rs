//! Emits `Serialize` impls that write objects as TDLib does: `@type` first, fields in
//! declaration order, `int64` as strings, `bytes` as base64, absent objects omitted.

use proc_macro2::TokenStream;
use quote::quote;

use super::rust::{ident, rt};
use crate::model::{Class, Scalar, Shape, Struct};
use crate::plan::ObjectVariant;

/// How one field is written through `tlgen_runtime::ser::ObjectWriter` (`w`): `w.field(..)`,
/// or `w.optional(..)` / an `if let` when it may be absent. `value` is a reference to the
/// field's value (`&self.x`, or the binding of an `if let`).
fn write_field(key: &str, value: TokenStream, shape: &Shape) -> TokenStream {
    let rt = rt();
    match (shape, adapter(shape)) {
        (_, Some(adapter)) => quote!(w.field(#key, &#rt::ser::#adapter(#value));),
        (Shape::Optional(inner), None)
            if adapter(inner).is_none() && !matches!(**inner, Shape::Optional(_)) =>
        {
            quote!(w.optional(#key, #value);)
        }
        (Shape::Optional(inner), None) => {
            let write = write_field(key, quote!(value), inner);
            quote!(if let ::core::option::Option::Some(value) = #value { #write })
        }
        (_, None) => quote!(w.field(#key, #value);),
    }
}

/// The `tlgen_runtime::ser` adapter a value of this shape is written through, when its JSON
/// form differs from what its Rust type serializes to.
fn adapter(shape: &Shape) -> Option<TokenStream> {
    match shape {
        Shape::Scalar(Scalar::Int64) => Some(quote!(Int64Str)),
        Shape::Scalar(Scalar::Bytes) => Some(quote!(Base64)),
        Shape::Vector(inner) if **inner == Shape::Scalar(Scalar::Int64) => {
            Some(quote!(Int64StrSeq))
        }
        Shape::Vector(inner) if **inner == Shape::Scalar(Scalar::Bytes) => Some(quote!(Base64Seq)),
        _ => None,
    }
}

pub fn struct_serializer(s: &Struct) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = if s.lifetime { quote!(<'_>) } else { quote!() };
    let tl = &s.tl_name;
    let fields = s.fields.iter().map(|f| {
        let field = ident(&f.rust_name);
        write_field(&f.tl_name, quote!(&self.#field), &f.shape)
    });
    let writer = if s.fields.is_empty() {
        quote!(w)
    } else {
        quote!(mut w)
    };
    quote! {
        impl #rt::serde::Serialize for #name #lifetime {
            fn serialize<S: #rt::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                let #writer = #rt::ser::begin_object(s, #tl)?;
                #(#fields)*
                w.end()
            }
        }
    }
}

/// `Serialize` for an enum whose every variant holds something serializable.
fn enum_serializer(name: TokenStream, variants: Vec<TokenStream>) -> TokenStream {
    let rt = rt();
    quote! {
        impl #rt::serde::Serialize for #name<'_> {
            fn serialize<S: #rt::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                match self {
                    #(Self::#variants(v) => v.serialize(s),)*
                    Self::Unknown(v) => v.serialize(s),
                }
            }
        }
    }
}

pub fn class_serializer(class: &Class) -> TokenStream {
    let name = ident(&class.rust_name);
    let variants = class.variants.iter().map(|v| {
        let v = ident(&v.name);
        quote!(#v)
    });
    enum_serializer(quote!(#name), variants.collect())
}

pub fn object_serializer(variants: &[ObjectVariant]) -> TokenStream {
    let names = variants.iter().map(|v| {
        let v = ident(&v.name);
        quote!(#v)
    });
    enum_serializer(quote!(Object), names.collect())
}
