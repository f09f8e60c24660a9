//! Emits the data types: one struct per constructor (`types`), one enum per class (`enums`),
//! one request struct per function (`functions`), with `Default` and `into_owned()`.

use proc_macro2::TokenStream;
use quote::quote;

use super::defaults::{class_default, struct_default};
use super::dispatch::class_types_const;
use super::rust::{
    Place, Storage, doc, doc_or, ident, lt, rt, shape_type, struct_path, variant_payload,
};
use crate::model::{Class, Model, Struct};

/// The struct of a constructor or function.
pub fn struct_item(model: &Model, s: &Struct, storage: Storage) -> TokenStream {
    let name = ident(&s.rust_name);
    let lifetime = lt(s.lifetime);
    let tl_doc = format!(" `{}`", s.tl_name);
    let tl_name = &s.tl_name;
    let description = doc(s.doc.as_deref());
    let fields = s.fields.iter().map(|f| {
        let field = ident(&f.rust_name);
        let ty = shape_type(model, &f.shape, Place::Module, storage);
        let field_doc = doc_or(f.doc.as_deref(), || format!("`{}`", f.tl_name));
        let attributes = user_attributes(&f.attributes);
        quote!(#field_doc #attributes pub #field: #ty,)
    });
    let rt = rt();
    let impls = match (s.lifetime, storage) {
        // (arena mode's views cannot be made to own their data: no `into_owned`)
        (true, Storage::Arena) => quote!(#name, #tl_name, views),
        (true, Storage::Owned) => {
            let fields = s.fields.iter().map(|f| ident(&f.rust_name));
            quote!(#name, #tl_name, borrows { #(#fields),* })
        }
        (false, _) => quote!(#name, #tl_name),
    };
    let impl_lt = if s.lifetime { quote!(<'a>) } else { quote!() };
    let default = struct_default(model, s, &impl_lt, &quote!(#name #lifetime), storage);
    let attributes = user_attributes(&s.attributes);
    let derive_default = if default.is_none() {
        quote!(, Default)
    } else {
        quote!()
    };
    quote! {
        #description
        #[doc = ""]
        #[doc = #tl_doc]
        #[derive(Debug, Clone, PartialEq #derive_default)]
        #attributes
        pub struct #name #lifetime { #(#fields)* }

        #default

        #rt::__private::constructor_impls!(#impls);
    }
}

/// The enum of a class.
pub fn class_item(model: &Model, class: &Class, storage: Storage) -> TokenStream {
    let name = ident(&class.rust_name);
    let description = doc_or(class.doc.as_deref(), || {
        format!("The class `{}`.", class.tl_name)
    });
    let rt = rt();
    let variants = class.variants.iter().map(|v| {
        let variant = ident(&v.name);
        let payload = variant_payload(storage, v.boxed, struct_path(model, v.id, Place::Module));
        let constructor = &model.structs[v.id];
        let variant_doc = doc_or(constructor.doc.as_deref(), || {
            format!("`{}`", constructor.tl_name)
        });
        quote!(#variant_doc #variant(#payload),)
    });
    let conversions = class.variants.iter().map(|v| {
        let variant = ident(&v.name);
        quote!(Self::#variant(v) => #name::#variant(#rt::IntoStatic::into_static(v)),)
    });
    let type_names = class.variants.iter().map(|v| {
        let variant = ident(&v.name);
        let tl = &model.structs[v.id].tl_name;
        quote!(Self::#variant(_) => #tl,)
    });
    let froms = class.variants.iter().map(|v| {
        let variant = ident(&v.name);
        let (source, value) =
            variant_source(storage, v.boxed, struct_path(model, v.id, Place::Module));
        from_impl(source, quote!(#name<'a>), quote!(Self::#variant(#value)))
    });
    let types_const = class_types_const(model, class);
    let default = class_default(&quote!(#name));
    let attributes = user_attributes(&class.attributes);
    // Unboxed variants (`Boxing::Recursion`) differ in size; that is the user's choice.
    let large = class
        .variants
        .iter()
        .any(|v| !v.boxed)
        .then(|| quote!(#[allow(clippy::large_enum_variant)]));
    // A variant that keeps its full name (`UserType::UserTypeUnknown`, beside `Unknown`).
    let full_names = class
        .variants
        .iter()
        .any(|v| v.name.starts_with(&class.rust_name))
        .then(|| quote!(#[allow(clippy::enum_variant_names)]));
    let (owned, into_owned) = match storage {
        Storage::Arena => (quote!(), quote!()),
        Storage::Owned => (
            quote! {
                impl<'a> #rt::IntoStatic for #name<'a> {
                    type Static = #name<'static>;
                    fn into_static(self) -> #name<'static> {
                        match self {
                            #(#conversions)*
                            Self::Unknown(v) => #name::Unknown(#rt::IntoStatic::into_static(v)),
                        }
                    }
                }
            },
            quote! {
                /// A copy that owns all its data, independent of the input buffer.
                #[inline]
                pub fn into_owned(self) -> #name<'static> { #rt::IntoStatic::into_static(self) }
            },
        ),
    };
    quote! {
        #description
        #large
        #full_names
        #[derive(Debug, Clone, PartialEq)]
        #attributes
        pub enum #name<'a> {
            #(#variants)*
            /// An `@type` this schema does not know for this class (a newer TDLib, or pruned).
            Unknown(#rt::UnknownObject<'a>),
        }

        #default

        #owned

        impl #rt::Element for #name<'_> {}

        #(#froms)*

        impl<'a> #name<'a> {
            #types_const

            #into_owned

            /// The `@type` name of this object.
            pub fn type_name(&self) -> &str {
                match self {
                    #(#type_names)*
                    Self::Unknown(v) => &v.type_name,
                }
            }
        }
    }
}

/// `impl From<source> for target` whose body is `body`, an expression of the value `v`
/// (`Self::File(v)`): `let u: enums::Update = types::UpdateFile { .. }.into();`. `'a` is the
/// target's lifetime.
pub fn from_impl(source: TokenStream, target: TokenStream, body: TokenStream) -> TokenStream {
    quote! {
        impl<'a> ::core::convert::From<#source> for #target {
            #[inline]
            fn from(v: #source) -> Self { #body }
        }
    }
}

/// What converts into a variant that holds `ty` (`From`), and the variant's value of it, `v`:
/// `ty` and `Box::new(v)`, or in arena mode `&'a ty` and `v`; unboxed, `ty` and `v`.
pub fn variant_source(
    storage: Storage,
    boxed: bool,
    ty: TokenStream,
) -> (TokenStream, TokenStream) {
    match (boxed, storage) {
        (true, Storage::Owned) => (ty, quote!(::std::boxed::Box::new(v))),
        (true, Storage::Arena) => (quote!(&'a #ty), quote!(v)),
        (false, _) => (ty, quote!(v)),
    }
}

/// The attributes the user added to an item (`Config::type_attribute`, `field_attribute`),
/// checked as attribute syntax when they were applied to the model.
fn user_attributes(attributes: &[String]) -> TokenStream {
    attributes
        .iter()
        .filter_map(|a| a.parse::<TokenStream>().ok())
        .collect()
}
