//! Emits what makes requests typed, in every mode (the answer is read with whichever parser the
//! crate has: `tlgen_runtime::function::parse_response` or `read_response`):
//!
//! - per function, `impl tlgen_runtime::function::Function for functions::F` with its TL name
//!   and its result type (`type Result<'a>`), mapped from the function's result shape: a class
//!   becomes `enums::C<'a>`, a constructor `types::S<'a>` (or `types::S` without a lifetime),
//!   a scalar its Rust scalar, a vector a `Vec`, a generic `!X` / `Object` result the top-level
//!   `Object<'a>` (boxed); with the reader's entry points (`Config::reader_entry_points`),
//!   `impl tlgen_runtime::function::ReadResponse` too: the answer's reader compiled here;
//! - once, at the root, `Schema`: a marker type implementing `tlgen_runtime::function::Schema`,
//!   which names the generated top-level `Object<'a>` for generic code such as the TDLib client
//!   (`tlgen_runtime::client::Client<Schema>`).

use proc_macro2::TokenStream;
use quote::quote;

use super::rust::{Place, Storage, ident, rt, shape_type};
use crate::model::{Model, Shape, Struct};

/// `impl Function for functions::F` (goes inside a `functions` part module), and with
/// `read_entry` its `ReadResponse`: the reader of its answer, not generic, so compiled here
/// (not `#[inline]`, which would compile it again in the crate that calls it).
pub fn function_impl(model: &Model, f: &Struct, read_entry: bool) -> TokenStream {
    let rt = rt();
    let name = ident(&f.rust_name);
    let tl = &f.tl_name;
    // The GAT's parameter is `'a` (what `shape_type` writes); the request's own lifetime must
    // therefore have another name.
    let (generics, ty) = if f.lifetime {
        (quote!(<'f>), quote!(#name<'f>))
    } else {
        (quote!(), quote!(#name))
    };
    let result = result_type(model, f.result.as_ref());
    let read = read_entry.then(|| {
        quote! {
            impl #generics #rt::function::ReadResponse for #ty {
                fn read_response(text: &str) -> ::core::result::Result<Self::Result<'_>, #rt::function::CallError> {
                    #rt::__private::reader::read_response::<Self>(text)
                }
            }
        }
    });
    quote! {
        impl #generics #rt::function::Function for #ty {
            const TL_NAME: &'static str = #tl;
            type Result<'a> = #result;
        }
        #read
    }
}

/// The Rust type a function's answer is read as: what a field of the result's shape would be.
/// (`Model::build` resolves every function's result or reports an error, so `None` cannot
/// reach the emitters; `Object` is what any answer parses as.)
fn result_type(model: &Model, shape: Option<&Shape>) -> TokenStream {
    shape_type(
        model,
        shape.unwrap_or(&Shape::AnyObject),
        Place::Module,
        Storage::Owned,
    )
}

/// The root `Schema` marker and its `tlgen_runtime::function::Schema` impl.
pub fn schema_item(schema_name: &str) -> TokenStream {
    let rt = rt();
    quote! {
        /// The schema as a type, for generic code over the generated `Object` (the TDLib client:
        /// `tlgen_runtime::client::Client<Schema>`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        #[allow(dead_code)]
        pub struct Schema;

        impl #rt::function::Schema for Schema {
            const NAME: &'static str = #schema_name;
            type Object<'a> = Object<'a>;
            #[inline]
            fn shorten<'a>(object: Object<'static>) -> Object<'a> { object }
            #[inline]
            fn type_name<'o>(object: &'o Object<'_>) -> &'o str { object.type_name() }
        }
    }
}

/// `<name>!(m)` (`td_api_for_each_function!` by default): calls `m!(Name)` for every request
/// struct of `functions`, for code that must cover every request: a test that each serializes,
/// a dispatcher, a registry. Exported at the crate root, hence the schema's name in the
/// default (`Config::function_macro` chooses another).
pub fn for_each_function_macro(model: &Model, name: &str) -> TokenStream {
    let name = ident(name);
    let functions = model.functions.iter().map(|f| ident(&f.rust_name));
    let doc = format!(
        " Calls `$m!(Name)` for each of the {} request structs in `functions`.",
        model.functions.len()
    );
    quote! {
        #[doc = #doc]
        #[macro_export]
        macro_rules! #name {
            ($m:ident) => { #($m!(#functions);)* };
        }
    }
}
