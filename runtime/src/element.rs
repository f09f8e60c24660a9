//! [`Element`]: marks the types that can be elements of a TL `vector<T>`.
//!
//! Everything but `u8` is: a `Vec<u8>` is TL `bytes` (base64 text), not a vector of numbers.
//! Both parsers bound their `Vec<T>` impls by this marker; generated types implement it with
//! a one-line impl each.

use std::borrow::Cow;

use crate::json_value::JsonValue;

/// A type that may be an element of a TL vector.
pub trait Element {}

impl Element for i32 {}
impl Element for i64 {}
impl Element for f64 {}
impl Element for bool {}
impl Element for Cow<'_, str> {}
impl Element for Vec<u8> {}
impl Element for JsonValue<'_> {}
impl<T: Element> Element for Vec<T> {}
impl<T> Element for Option<T> {}
impl<T> Element for Box<T> {}
// Arena mode's views (`crate::arena`): `&[u8]` is `bytes`, as `Vec<u8>` is.
impl Element for &str {}
impl Element for &[u8] {}
impl<T: Element> Element for &[T] {}
impl<T> Element for crate::arena::Ref<'_, T> {}
