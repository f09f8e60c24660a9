//! [`constructor_impls!`](crate::constructor_impls): the impls every generated constructor
//! struct has besides its fields, written once here instead of once per type in the generated
//! file, so that a reader of `td_api.rs` sees the struct, its `DEFAULT` and its parsers:
//!
//! - [`IntoStatic`](crate::IntoStatic), field by field, and `into_owned()`, a copy that owns
//!   all its data;
//! - [`Element`](crate::Element) (a vector of it reads `null` elements as defaults);
//! - `TL_NAME`, the constructor's name as in `@type`.
//!
//! Generated code calls it through `tlgen_runtime::__private::constructor_impls!`, one line
//! per type: `constructor_impls!(Photo, "photo", borrows { id, data, sizes });` for a type
//! `Photo<'a>` (the fields `IntoStatic` converts), or `constructor_impls!(Ok, "ok");` for a
//! type that borrows nothing (its `into_static` is the value itself). The arguments are written
//! as expressions so that the generated file formats them as code.

/// The impls every generated constructor struct shares (see the module `constructor`).
#[doc(hidden)]
#[macro_export]
macro_rules! constructor_impls {
    ($name:ident, $tl:literal, borrows { $($field:ident),* $(,)? }) => {
        impl<'a> $crate::IntoStatic for $name<'a> {
            type Static = $name<'static>;
            #[inline]
            fn into_static(self) -> $name<'static> {
                $name { $($field: $crate::IntoStatic::into_static(self.$field),)* }
            }
        }
        impl<'a> $crate::Element for $name<'a> {}
        impl<'a> $name<'a> {
            /// A copy that owns all its data, independent of the input buffer.
            #[inline]
            pub fn into_owned(self) -> $name<'static> {
                $crate::IntoStatic::into_static(self)
            }
            /// The TL name, as in `@type`.
            pub const TL_NAME: &'static str = $tl;
        }
    };
    ($name:ident, $tl:literal, views) => {
        impl<'a> $crate::Element for $name<'a> {}
        impl<'a> $name<'a> {
            /// The TL name, as in `@type`.
            pub const TL_NAME: &'static str = $tl;
        }
    };
    ($name:ident, $tl:literal) => {
        /// It borrows nothing: the value itself.
        impl $crate::IntoStatic for $name {
            type Static = $name;
            #[inline]
            fn into_static(self) -> $name {
                self
            }
        }
        impl $crate::Element for $name {}
        impl $name {
            /// A copy that owns all its data (it borrows nothing: the value itself).
            #[inline]
            pub fn into_owned(self) -> $name {
                self
            }
            /// The TL name, as in `@type`.
            pub const TL_NAME: &'static str = $tl;
        }
    };
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use crate::IntoStatic;

    #[derive(Debug, Default, PartialEq)]
    struct Named<'a> {
        id: i64,
        r#type: Cow<'a, str>,
    }
    crate::constructor_impls!(Named, "named", borrows { id, r#type });

    #[derive(Debug, Default, PartialEq)]
    struct Empty {}
    crate::constructor_impls!(Empty, "empty");

    #[test]
    fn owned_copies_every_field_and_names_the_type() {
        let text = String::from("kind");
        let borrowed = Named {
            id: 7,
            r#type: Cow::Borrowed(&text),
        };
        let owned: Named<'static> = borrowed.into_owned();
        drop(text);
        assert_eq!(
            owned,
            Named {
                id: 7,
                r#type: Cow::Owned("kind".into())
            }
        );
        assert!(matches!(owned.r#type, Cow::Owned(_)));
        assert_eq!(Named::TL_NAME, "named");
        assert_eq!(Empty {}.into_static(), Empty {});
        assert_eq!(Empty {}.into_owned(), Empty {});
        assert_eq!(Empty::TL_NAME, "empty");
    }
}
