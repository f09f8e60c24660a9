//! The emitters: each renders one concern of the [`Plan`] as tokens; [`generate`] assembles
//! them into one formatted file. Nothing here decides policy: names, boxing, which impls and
//! parsers exist are all read from the plan.

mod defaults;
mod dispatch;
mod function;
mod object;
mod pointer;
mod reader;
mod rust;
mod serialize;
mod types;

use proc_macro2::TokenStream;
use quote::quote;

use crate::plan::Plan;
use rust::Storage;

/// Definitions per part module. Each of `types`, `enums` and `functions` is split into parts
/// (`p00`, `p01`, ...) whose items it re-exports, so that rustc can spread the generated crate
/// over codegen units (one huge module leaves the second core idle in release builds).
const PART_SIZE: usize = 128;

/// `mod p00 { ... } pub use p00::*; ...` for groups of per-definition items.
fn parts(items: Vec<TokenStream>) -> TokenStream {
    let chunks: Vec<TokenStream> = items
        .chunks(PART_SIZE)
        .enumerate()
        .map(|(i, chunk)| {
            let name = quote::format_ident!("p{:02}", i);
            quote! {
                mod #name { #(#chunk)* }
                #[allow(unused_imports)]
                pub use #name::*;
            }
        })
        .collect();
    quote!(#(#chunks)*)
}

/// Generates the whole file as formatted Rust source.
pub fn generate(plan: &Plan) -> String {
    let model = &plan.model;
    let top = &plan.object;
    let with_reader = plan.reader;
    let with_pointer = plan.pointer;
    let serialized = &plan.serialized;
    let storage = if plan.arena {
        Storage::Arena
    } else {
        Storage::Owned
    };

    let types_items = parts(
        model
            .structs
            .iter()
            .enumerate()
            .map(|(id, s)| {
                let item = types::struct_item(model, s, storage);
                let ser = serialized.structs[id].then(|| serialize::struct_serializer(s));
                let reader = with_reader.then(|| reader::struct_reader(s));
                let pointer = with_pointer.then(|| pointer::struct_parser(model, s, storage));
                quote!(#item #ser #reader #pointer)
            })
            .collect(),
    );
    let enum_items = parts(
        model
            .classes
            .iter()
            .enumerate()
            .map(|(id, c)| {
                let item = types::class_item(model, c, storage);
                let ser = serialized.classes[id].then(|| serialize::class_serializer(c));
                let reader = with_reader.then(|| reader::class_reader(c));
                let pointer = with_pointer.then(|| pointer::class_parser(model, c, storage));
                quote!(#item #ser #reader #pointer)
            })
            .collect(),
    );
    let functions: &[_] = if plan.requests { &model.functions } else { &[] };
    let function_items = parts(
        functions
            .iter()
            .map(|f| {
                let item = types::struct_item(model, f, Storage::Owned);
                let ser = serialize::struct_serializer(f);
                let function = function::function_impl(model, f, plan.reader_entry_points);
                quote!(#item #ser #function)
            })
            .collect(),
    );
    let version = env!("CARGO_PKG_VERSION");
    let rt = rust::rt();
    let mut root_items: Vec<TokenStream> = vec![
        quote! {
            // This file and `tlgen-runtime` must come from the same tlgen version.
            const _: () = #rt::__private::check_version(#version);
        },
        object::object_item(model, top, storage),
    ];
    if serialized.object {
        root_items.push(serialize::object_serializer(top));
    }
    if with_reader {
        root_items.push(reader::object_reader(model, top));
    }
    if plan.reader_entry_points {
        root_items.push(reader::read_received());
    }
    if plan.requests {
        if let Some(name) = &plan.function_macro {
            root_items.push(function::for_each_function_macro(model, name));
        }
        root_items.push(function::schema_item(&plan.schema_name));
    }
    if plan.arena {
        root_items.push(defaults::default_ref_impls(model));
    }
    if with_pointer {
        root_items.push(pointer::object_parser(model, top, storage));
    }
    if with_reader && with_pointer {
        let validator = if serialized.object {
            quote!(validate)
        } else {
            quote!(validate_by_debug)
        };
        root_items.push(quote! {
            /// Parses one payload with both parsers and reports whether they agree, or the path
            /// of the first differing field.
            ///
            /// Generic only so that it is compiled where it is called: the validator
            /// instantiates the reader for `serde_json` and the serializer for `serde_json::Value`
            /// over every type, about a quarter of this crate's build time, which a program that
            /// never validates should not pay.
            #[allow(dead_code)]
            pub fn validate<P: ::core::convert::AsRef<[u8]> + ?Sized>(
                payload: &P,
            ) -> ::tlgen_runtime::validate::Verdict {
                let buffer =
                    ::tlgen_runtime::pointer::NulTerminated::from(payload.as_ref().to_vec());
                ::tlgen_runtime::validate::#validator::<Object<'_>>(&buffer)
            }
        });
    }

    let tokens = quote! {
        /// One struct per constructor.
        #[allow(dead_code)]
        pub mod types {
            #types_items
        }
        /// One enum per class (a result type with several constructors).
        #[allow(dead_code)]
        pub mod enums {
            #enum_items
        }
        /// One request struct per function.
        #[allow(dead_code)]
        pub mod functions {
            #function_items
        }
        #(#root_items)*
    };
    let file: syn::File = match syn::parse2(tokens) {
        Ok(file) => file,
        Err(e) => panic!("tlgen produced invalid Rust (a tlgen bug): {e}"),
    };
    let body = prettyplease::unparse(&file);
    format!("{}\n{body}", plan.header)
}
