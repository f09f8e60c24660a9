//! Emits the pointer parsers: per constructor a table of its fields (key, offset, reader),
//! per class (and `Object`) a table of its constructors, read by code shared by every class
//! (owned mode: `owned_class!`; arena mode, for a class whose variants are all `&'a T`:
//! `ref_class!`), a `match` left only to pick the variant. Arena mode's classes
//! with inline variants (`Boxing::Recursion`) keep a `TypeTable` lookup and a `match` of arms
//! on its index (`emit::dispatch`). The loops, the expected-key fast path, duplicates, skipping
//! and the envelope live in `tlgen_runtime::parse`; its per-object entry points are expanded
//! into the generated file's private `parse_entry` module, so that calls to them are direct
//! (`tlgen_runtime::parse::entry` says why).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::dispatch::{Arm, class_arms, index_match, object_arms, object_locate, route};
use super::rust::{Place, Storage, class_path, ident, rt, shape_type, struct_path};
use crate::model::{Class, Model, Struct};
use crate::plan::{ObjectKind, ObjectVariant};

fn lifetime_of(has: bool) -> TokenStream {
    if has { quote!(<'a>) } else { quote!() }
}

/// The private module the runtime's per-object entry points are expanded into, at the include
/// site.
const ENTRY: &str = "parse_entry";

/// The path of the entry point `name` from `place`.
fn entry(place: Place, name: &str) -> TokenStream {
    let prefix = place.prefix();
    let module = ident(ENTRY);
    let name = ident(name);
    quote!(#prefix #module::#name)
}

/// `ParseValue` for a class (or `Object`), through `parse_class_in`; `has_constant`: whether
/// its default is a constant (`DEFAULT`), which vectors of it copy.
fn class_parse_value_impl(ty: &TokenStream, has_constant: bool) -> TokenStream {
    let rt = rt();
    let image = default_image(has_constant);
    quote! {
        impl<'a> #rt::parse::ParseValue<'a> for #ty {
            #image
            #[inline]
            fn parse_in(slot: &mut Self, c: &mut #rt::pointer::Cursor<'a>, depth: u32) -> ::core::result::Result<(), #rt::pointer::Error> {
                #rt::__private::parse::parse_class_in(slot, c, depth)
            }
        }
    }
}

/// `ParseValue::DEFAULT_IMAGE`, the type's constant default (`emit::defaults`), which the
/// runtime copies in code shared by every constructor (`parse_entry_points!`: `parse_as`,
/// `parse_boxed_as`, `parse_ref_as`; vectors) instead of code of each type's own.
/// `has_constant` is whether the type has one (every type of arena mode does).
fn default_image(has_constant: bool) -> Option<TokenStream> {
    let rt = rt();
    has_constant.then(|| quote!(#rt::default_image!('a);))
}

/// A constructor's `ParseValue`: its fields as rows of data (`tlgen_runtime::fields!`: key,
/// offset, the reader of the field's type), which the runtime's one field loop reads; the
/// trait's default `parse_in` parses the object. A constructor without fields keeps every
/// default.
pub fn struct_parser(model: &Model, s: &Struct, storage: Storage) -> TokenStream {
    let rt = rt();
    let name = ident(&s.rust_name);
    let lifetime = lifetime_of(s.lifetime);
    let ty = quote!(#name #lifetime);
    let image = default_image(
        storage == Storage::Arena || super::defaults::struct_has_constant_default(model, s),
    );
    if s.fields.is_empty() {
        return quote!(impl<'a> #rt::parse::ParseValue<'a> for #ty { #image });
    }
    let rows = s.fields.iter().map(|f| {
        let field = ident(&f.rust_name);
        let key = Literal::byte_string(format!("\"{}\":", f.tl_name).as_bytes());
        let ty = shape_type(model, &f.shape, Place::Module, storage);
        quote!(#field: #ty = #key)
    });
    // `fields!` checks each type against the field's and holds the `unsafe`: the generated
    // code has none of its own (it compiles in a crate with `#![forbid(unsafe_code)]`).
    quote! {
        impl<'a> #rt::parse::ParseValue<'a> for #ty {
            const FIELDS: &'a [#rt::parse::Field<'a, Self>] = #rt::fields!(Self { #(#rows),* });
            #image
        }
    }
}

/// Arena mode's dispatch `match` on `index` (at `place`), for a class or `Object` that holds
/// constructors inline: one arm per entry of `arms`, unknown names last.
fn dispatch_match(index: TokenStream, arms: Vec<Arm>, place: Place) -> TokenStream {
    let rt = rt();
    let parse_as = entry(place, "parse_as");
    let parse_ref_as = entry(place, "parse_ref_as");
    let parse_class_as = entry(place, "parse_class_as");
    let arms = arms
        .into_iter()
        .map(|arm| match arm {
            Arm::Constructor {
                variant,
                boxed: false,
            } => {
                quote!(#parse_as(c, depth, envelope, Self::#variant))
            }
            Arm::Constructor {
                variant,
                boxed: true,
            } => {
                quote!(#parse_ref_as(c, depth, envelope, Self::#variant))
            }
            Arm::Class { class, variant } => {
                quote!(#parse_class_as(local, name, c, depth, envelope, #class::parse_index, Self::#variant))
            }
        })
        .collect();
    index_match(
        index,
        arms,
        quote!(#rt::__private::parse::parse_unknown_as(name, c, depth, envelope, Self::Unknown)),
    )
}

/// The signature shared by `parse_variant` and `parse_index`, after the function's name.
fn dispatch_params(index: bool) -> TokenStream {
    let rt = rt();
    let index = index.then(|| quote!(index: ::core::option::Option<usize>,));
    quote! {
        (
            #index
            name: ::std::borrow::Cow<'a, str>,
            c: &mut #rt::pointer::Cursor<'a>,
            depth: u32,
            envelope: ::core::option::Option<&mut #rt::parse::Envelope<'a>>,
        ) -> ::core::result::Result<Self, #rt::pointer::Error>
    }
}

/// Whether arena mode reads `class` as data (`ref_class!`): all its variants are `&'a T`.
fn class_is_ref(class: &Class) -> bool {
    class.variants.iter().all(|v| v.boxed)
}

/// Whether arena mode reads `Object` as data (`ref_class!`): every class is read so, and every
/// other variant is a `&'a T`.
fn object_is_ref(model: &Model, variants: &[ObjectVariant]) -> bool {
    variants.iter().all(|v| match v.kind {
        ObjectKind::Struct { boxed, .. } => boxed,
        ObjectKind::Class(class) => class_is_ref(&model.classes[class]),
    })
}

pub fn class_parser(model: &Model, class: &Class, storage: Storage) -> TokenStream {
    let rt = rt();
    let name = ident(&class.rust_name);
    let ty = quote!(#name<'a>);
    let (value, body) = if storage == Storage::Owned {
        owned_class_parts(model, class, &ty)
    } else if class_is_ref(class) {
        ref_class_parts(model, class, &ty)
    } else {
        let value = class_parse_value_impl(&ty, true);
        let body = dispatch_match(quote!(index), class_arms(class), Place::Module);
        (value, body)
    };
    let variant_params = dispatch_params(false);
    let index_params = dispatch_params(true);
    quote! {
        #value
        impl<'a> #rt::parse::ParseClass<'a> for #ty {
            fn parse_variant #variant_params {
                Self::parse_index(Self::TYPES.find(&name), name, c, depth, envelope)
            }
        }
        impl<'a> #ty {
            /// The pointer parser's dispatch on the constructor's index in `TYPES` (`None`:
            /// not a constructor of this class).
            ///
            /// Never inlined, so that `Object`'s dispatch, which calls every class's, keeps a
            /// small stack frame. Not `pub`, so that calls to it are direct.
            #[inline(never)]
            pub(crate) fn parse_index #index_params {
                #body
            }
        }
    }
}

/// An owned class read as data: its `ParseValue` (its default image, and `parse_in` through
/// the entry point `parse_owned_class_in`) and `tlgen_runtime::owned_class!` (a row per
/// constructor, read by code shared by every class, and a `match` from the row's index to the
/// variant), and the body of its `parse_index`.
fn owned_class_parts(model: &Model, class: &Class, ty: &TokenStream) -> (TokenStream, TokenStream) {
    let rt = rt();
    let (mut inline, mut boxed) = (Vec::new(), Vec::new());
    for (k, v) in class.variants.iter().enumerate() {
        let k = Literal::usize_unsuffixed(k);
        let variant = ident(&v.name);
        let constructor = struct_path(model, v.id, Place::Module);
        let row = quote!(#k => #variant: #constructor);
        if v.boxed {
            boxed.push(row)
        } else {
            inline.push(row)
        }
    }
    let len = Literal::usize_unsuffixed(class.variants.len());
    let parse_owned_class_in = entry(Place::Module, "parse_owned_class_in");
    let parse_owned_index = entry(Place::Module, "parse_owned_index");
    (
        quote! {
            impl<'a> #rt::parse::ParseValue<'a> for #ty {
                #rt::default_image!('a);
                #[inline]
                fn parse_in(slot: &mut Self, c: &mut #rt::pointer::Cursor<'a>, depth: u32) -> ::core::result::Result<(), #rt::pointer::Error> {
                    #parse_owned_class_in(slot, c, depth)
                }
            }
            #rt::owned_class!('a, #ty, #len { #(#inline),* ; #(#boxed),* });
        },
        quote!(#parse_owned_index(index, name, c, depth, envelope)),
    )
}

/// `Object`'s rows for `owned_class!` / `ref_class!`, one per constructor (`index =>
/// Variant: path`), by what holds it: a variant of `Object` inline or boxed, or a class (`index
/// => Variant: Class [index in the class]`).
struct ObjectRows {
    inline: Vec<TokenStream>,
    boxed: Vec<TokenStream>,
    classes: Vec<TokenStream>,
}

fn object_rows(model: &Model, variants: &[ObjectVariant]) -> ObjectRows {
    let mut rows = ObjectRows {
        inline: Vec::new(),
        boxed: Vec::new(),
        classes: Vec::new(),
    };
    for id in 0..model.structs.len() {
        let k = Literal::usize_unsuffixed(id);
        let (variant, local) = route(model, variants, id);
        let top = &variants[usize::from(variant)];
        let name = ident(&top.name);
        match top.kind {
            ObjectKind::Struct { boxed, .. } => {
                let constructor = struct_path(model, id, Place::Root);
                let list = if boxed {
                    &mut rows.boxed
                } else {
                    &mut rows.inline
                };
                list.push(quote!(#k => #name: #constructor));
            }
            ObjectKind::Class(class) => {
                let local = Literal::u16_unsuffixed(local);
                let path = class_path(model, class, Place::Root);
                rows.classes.push(quote!(#k => #name: #path [#local]));
            }
        }
    }
    rows
}

/// `Object`'s owned pointer parser: a row per constructor (`tlgen_runtime::owned_class!`; a
/// class's constructor takes its class's row), read by the code shared by every class.
fn owned_object_parser(model: &Model, variants: &[ObjectVariant]) -> TokenStream {
    let rt = rt();
    let ty = quote!(Object<'a>);
    let params = dispatch_params(false);
    let parse_owned_index = entry(Place::Root, "parse_owned_index");
    let ObjectRows {
        inline,
        boxed,
        classes,
    } = object_rows(model, variants);
    let len = Literal::usize_unsuffixed(model.structs.len());
    // (owned `Object`'s default is not a constant: `emit::object`)
    let value = class_parse_value_impl(&ty, false);
    quote! {
        #value
        #rt::owned_class!('a, #ty, #len { #(#inline),* ; #(#boxed),* ; #(#classes),* });
        impl<'a> #rt::parse::ParseClass<'a> for #ty {
            fn parse_variant #params {
                #parse_owned_index(Self::TYPES.find(&name), name, c, depth, envelope)
            }
        }
    }
}

/// `ParseValue` for an arena-mode class (or `Object`) read as data: its default image, and
/// `parse_in` through the entry point `parse_ref_class_in` (from `place`).
fn ref_parse_value_impl(ty: &TokenStream, place: Place) -> TokenStream {
    let rt = rt();
    let parse_ref_class_in = entry(place, "parse_ref_class_in");
    quote! {
        impl<'a> #rt::parse::ParseValue<'a> for #ty {
            #rt::default_image!('a);
            #[inline]
            fn parse_in(slot: &mut Self, c: &mut #rt::pointer::Cursor<'a>, depth: u32) -> ::core::result::Result<(), #rt::pointer::Error> {
                #parse_ref_class_in(slot, c, depth)
            }
        }
    }
}

/// An arena-mode class whose variants are all `&'a T`, read as data: its `ParseValue` and
/// `tlgen_runtime::ref_class!` (a row per constructor, read by code shared by every class, and
/// a `match` from the row's index to the variant), and the body of its `parse_index`.
fn ref_class_parts(model: &Model, class: &Class, ty: &TokenStream) -> (TokenStream, TokenStream) {
    let rt = rt();
    let rows = class.variants.iter().enumerate().map(|(k, v)| {
        let k = Literal::usize_unsuffixed(k);
        let variant = ident(&v.name);
        let constructor = struct_path(model, v.id, Place::Module);
        quote!(#k => #variant: #constructor)
    });
    let value = ref_parse_value_impl(ty, Place::Module);
    let parse_ref_index = entry(Place::Module, "parse_ref_index");
    let len = Literal::usize_unsuffixed(class.variants.len());
    (
        quote! {
            #value
            #rt::ref_class!('a, #ty, #len { #(#rows),* });
        },
        quote!(#parse_ref_index(index, name, c, depth, envelope)),
    )
}

/// `Object`'s pointer parser in arena mode when [`object_is_ref`]: a row per constructor
/// (`tlgen_runtime::ref_class!`; a class's constructor takes its class's row), read by the code
/// shared by every class.
fn ref_object_parser(model: &Model, variants: &[ObjectVariant]) -> TokenStream {
    let rt = rt();
    let ty = quote!(Object<'a>);
    let params = dispatch_params(false);
    let parse_ref_index = entry(Place::Root, "parse_ref_index");
    // (every struct variant is boxed: `object_is_ref`)
    let ObjectRows {
        boxed: refs,
        classes,
        ..
    } = object_rows(model, variants);
    let len = Literal::usize_unsuffixed(model.structs.len());
    let value = ref_parse_value_impl(&ty, Place::Root);
    quote! {
        #value
        #rt::ref_class!('a, #ty, #len { #(#refs),* ; #(#classes),* });
        impl<'a> #rt::parse::ParseClass<'a> for #ty {
            fn parse_variant #params {
                #parse_ref_index(Self::TYPES.find(&name), name, c, depth, envelope)
            }
        }
    }
}

pub fn object_parser(model: &Model, variants: &[ObjectVariant], storage: Storage) -> TokenStream {
    let rt = rt();
    let ty = quote!(Object<'a>);
    let params = dispatch_params(false);
    let dispatch = if storage == Storage::Owned {
        owned_object_parser(model, variants)
    } else if object_is_ref(model, variants) {
        ref_object_parser(model, variants)
    } else {
        let value = class_parse_value_impl(&ty, true);
        let arms = object_arms(model, variants);
        let locate = object_locate(&arms);
        let body = dispatch_match(quote!(variant), arms, Place::Root);
        quote! {
            #value
            impl<'a> #rt::parse::ParseClass<'a> for #ty {
                fn parse_variant #params {
                    #locate
                    #body
                }
            }
        }
    };
    let module = ident(ENTRY);
    let received = match storage {
        Storage::Owned => quote! {
            /// Parses what `td_receive` returned (a NUL-terminated buffer) with the pointer parser.
            #[allow(dead_code)]
            pub fn parse_received<'a>(cursor: #rt::pointer::Cursor<'a>) -> ::core::result::Result<Received<'a>, #rt::pointer::Error> {
                #rt::parse::parse_received(cursor)
            }
        },
        Storage::Arena => quote! {
            /// Parses what `td_receive` returned (a NUL-terminated buffer) with the pointer
            /// parser, into `arena`: strings with escapes, vectors and objects are allocated
            /// there, nothing from the global allocator once the arena has grown (reset it
            /// between documents, or keep one per batch).
            #[allow(dead_code)]
            pub fn parse_received<'a>(arena: &'a #rt::arena::Bump, cursor: #rt::pointer::Cursor<'a>) -> ::core::result::Result<Received<'a>, #rt::pointer::Error> {
                #rt::parse::parse_received_in(arena, cursor)
            }

            /// This module's root for [`ArenaDocument`] (`tlgen_runtime::arena::DocumentRoot`).
            #[allow(dead_code)]
            pub enum ArenaRoot {}

            impl #rt::arena::DocumentRoot for ArenaRoot {
                type Object<'a> = Object<'a>;

                #[inline]
                fn parse_received<'a>(arena: &'a #rt::arena::Bump, cursor: #rt::pointer::Cursor<'a>) -> ::core::result::Result<Received<'a>, #rt::pointer::Error> {
                    parse_received(arena, cursor)
                }

                #[inline]
                fn shorten<'long: 'short, 'short>(received: &'short Received<'long>) -> &'short Received<'short> {
                    received
                }
            }

            /// A document that owns its text and its arena: `'static`, `Send` and `Sync`, kept as
            /// long as wanted. Read it with `get()`.
            #[allow(dead_code)]
            pub type ArenaDocument = #rt::arena::Document<ArenaRoot>;

            /// Copies `text` (without its NUL, as `CStr::to_bytes` gives it) into an arena of
            /// its own and parses it there: a document that outlives `td_receive`'s buffer and
            /// can go to another thread, in one allocation for most documents, or none when the
            /// arena of a dropped document is spare (`arena::release_spare_arenas`).
            #[allow(dead_code)]
            pub fn parse_document(text: &[u8]) -> ::core::result::Result<ArenaDocument, #rt::pointer::Error> {
                ArenaDocument::parse(text)
            }
        },
    };
    quote! {
        /// The pointer parser's per-object entry points, private functions of this crate so
        /// that calls to them are direct (`tlgen_runtime::parse::entry`).
        mod #module {
            #rt::__private::parse_entry_points!();
        }
        #dispatch

        #received
    }
}
