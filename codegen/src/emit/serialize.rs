//! Emits `Serialize` impls that write objects as TDLib does: `@type` first, fields in
//! declaration order, `int64` as strings, `bytes` as base64, absent objects omitted.

use proc_macro2::TokenStream;
use quote::quote;

use super::object::TopVariant;
use super::rust::{ident, lt, rt};
use crate::model::{Class, Scalar, Shape, Struct};

/// How one field is written: `map.serialize_entry(key, value)?`, or skipped when absent.
fn write_field(key: &str, access: TokenStream, shape: &Shape) -> TokenStream {
    let rt = rt();
    match shape {
        Shape::Optional(inner) => {
            let write = write_field(key, quote!(value), inner);
            quote!(if let ::core::option::Option::Some(value) = &#access { #write })
        }
        Shape::Scalar(Scalar::Int64) => {
            quote!(map.serialize_entry(#key, &#rt::ser::Int64Str(&#access))?;)
        }
        Shape::Scalar(Scalar::Bytes) => {
            quote!(map.serialize_entry(#key, &#rt::ser::Base64(&#access))?;)
        }
        Shape::Vector(inner) if **inner == Shape::Scalar(Scalar::Int64) => {
            quote!(map.serialize_entry(#key, &#rt::ser::Int64StrSeq(&#access))?;)
        }
        Shape::Vector(inner) if **inner == Shape::Scalar(Scalar::Bytes) => {
            quote!(map.serialize_entry(#key, &#rt::ser::Base64Seq(&#access))?;)
        }
        _ => quote!(map.serialize_entry(#key, &#access)?;),
    }
}

pub fn struct_serializer(s: &Struct) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = if s.lifetime { quote!(<'_>) } else { quote!() };
    let tl = &s.tl_name;
    let fields = s.fields.iter().map(|f| {
        let field = ident(&f.rust_name);
        write_field(&f.tl_name, quote!(self.#field), &f.shape)
    });
    let _ = lt;
    quote! {
        impl #rt::serde::Serialize for #name #lifetime {
            fn serialize<S: #rt::serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                use #rt::serde::ser::SerializeMap;
                let mut map = s.serialize_map(::core::option::Option::None)?;
                map.serialize_entry("@type", #tl)?;
                #(#fields)*
                map.end()
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

pub fn object_serializer(variants: &[TopVariant]) -> TokenStream {
    let names = variants.iter().map(|v| {
        let v = ident(&v.name);
        quote!(#v)
    });
    enum_serializer(quote!(Object), names.collect())
}
