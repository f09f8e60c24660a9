//! The top level: `Object` (any constructor, grouped by its result type) and `Received` (what
//! `td_receive` returns: an object plus `@extra` and `@client_id`).

use proc_macro2::TokenStream;
use quote::quote;

use super::defaults::class_default;
use super::dispatch::object_types_const;
use super::rust::{Place, Storage, class_path, ident, rt, struct_path, variant_payload};
use super::types::{from_impl, variant_source};
use crate::model::Model;
use crate::plan::{ObjectKind, ObjectVariant};

pub fn object_item(model: &Model, variants: &[ObjectVariant], storage: Storage) -> TokenStream {
    let rt = rt();
    let decls = variants.iter().map(|v| {
        let name = ident(&v.name);
        let (ty, doc) = match v.kind {
            ObjectKind::Class(id) => (
                class_path(model, id, Place::Root),
                format!(
                    " A `{}`: any of its constructors (`enums::{}`).",
                    model.classes[id].tl_name, model.classes[id].rust_name
                ),
            ),
            ObjectKind::Struct { id, boxed } => (
                variant_payload(storage, boxed, struct_path(model, id, Place::Root)),
                format!(
                    " `{}`, the only constructor of its result type (`types::{}`).",
                    model.structs[id].tl_name, model.structs[id].rust_name
                ),
            ),
        };
        quote!(#[doc = #doc] #name(#ty),)
    });
    let conversions = variants.iter().map(|v| {
        let name = ident(&v.name);
        quote!(Self::#name(v) => Object::#name(#rt::IntoStatic::into_static(v)),)
    });
    let type_names = variants.iter().map(|v| {
        let name = ident(&v.name);
        match v.kind {
            ObjectKind::Class(_) => quote!(Self::#name(v) => v.type_name(),),
            ObjectKind::Struct { id, .. } => {
                let tl = &model.structs[id].tl_name;
                quote!(Self::#name(_) => #tl,)
            }
        }
    });
    let froms = variants.iter().map(|v| {
        let name = ident(&v.name);
        match v.kind {
            ObjectKind::Class(id) => {
                let class = &model.classes[id];
                let path = class_path(model, id, Place::Root);
                let members = class.variants.iter().map(|member| {
                    let (source, _) = variant_source(
                        storage,
                        member.boxed,
                        struct_path(model, member.id, Place::Root),
                    );
                    let body = quote!(Self::#name(::core::convert::From::from(v)));
                    from_impl(source, quote!(Object<'a>), body)
                });
                let whole = from_impl(path, quote!(Object<'a>), quote!(Self::#name(v)));
                quote!(#whole #(#members)*)
            }
            ObjectKind::Struct { id, boxed } => {
                let (source, value) =
                    variant_source(storage, boxed, struct_path(model, id, Place::Root));
                from_impl(source, quote!(Object<'a>), quote!(Self::#name(#value)))
            }
        }
    });
    let types_const = object_types_const(model, variants);
    let received = match storage {
        Storage::Owned => quote!(#rt::Received<'a, Object<'a>>),
        Storage::Arena => quote!(#rt::arena::Received<'a, Object<'a>>),
    };
    let (default, owned, into_owned) = match storage {
        // (a constant, for `Ref<'a, Object<'a>>`'s default)
        Storage::Arena => (class_default(&quote!(Object)), quote!(), quote!()),
        Storage::Owned => (
            quote! {
                impl Default for Object<'_> {
                    fn default() -> Self { Self::Unknown(::core::default::Default::default()) }
                }
            },
            quote! {
                impl<'a> #rt::IntoStatic for Object<'a> {
                    type Static = Object<'static>;
                    fn into_static(self) -> Object<'static> {
                        match self {
                            #(#conversions)*
                            Self::Unknown(v) => Object::Unknown(#rt::IntoStatic::into_static(v)),
                        }
                    }
                }
            },
            quote! {
                /// A copy that owns all its data, independent of the input buffer.
                pub fn into_owned(self) -> Object<'static> { #rt::IntoStatic::into_static(self) }
            },
        ),
    };
    quote! {
        /// Any object of the schema, grouped by result type: `Object::Update(Update::NewMessage(..))`.
        #[derive(Debug, Clone, PartialEq)]
        #[allow(dead_code, clippy::large_enum_variant)]
        pub enum Object<'a> {
            #(#decls)*
            /// An `@type` this schema does not know.
            Unknown(#rt::UnknownObject<'a>),
        }

        #default

        #owned

        impl #rt::Element for Object<'_> {}

        #(#froms)*

        #[allow(dead_code)]
        impl<'a> Object<'a> {
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

        /// What `td_receive` returns: the object, `@extra` and `@client_id`.
        #[allow(dead_code)]
        pub type Received<'a> = #received;
    }
}
