//! [`Element`]: marks the types that can be elements of a TL `vector<T>`; and how both parsers
//! grow the vector they parse an array into ([`make_room`], [`trim`]).
//!
//! Everything but `u8` is an element: a `Vec<u8>` is TL `bytes` (base64 text), not a vector of
//! numbers. Both parsers bound their `Vec<T>` impls by this marker; generated types implement it
//! with a one-line impl each.

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

/// Elements of at least this many bytes make a vector grow four times over instead of twice
/// ([`make_room`]). td_api's `message` is about 900 bytes.
pub const BIG_ELEMENT: usize = 256;

/// Makes room in a vector that is being parsed and is full (`len == capacity`).
///
/// Neither parser knows an array's length before its end (serde_json gives no size hint), so
/// the buffer grows as elements come, and each growth may copy every element parsed so far.
/// Small elements grow as `Vec::push` would (double, four at first). Elements of
/// [`BIG_ELEMENT`] bytes or more grow four times over: for 50 messages that copies 20 of them
/// instead of 60 (4 → 16 → 64 rather than 4 → 8 → 16 → 32 → 64); [`trim`] then gives back a
/// capacity more than twice the length, so no more is left unused than with doubling.
#[inline(never)]
pub(crate) fn make_room<T>(v: &mut Vec<T>) {
    let cap = v.capacity();
    let factor = if size_of::<T>() >= BIG_ELEMENT { 3 } else { 1 };
    v.reserve_exact(cap.saturating_mul(factor).max(4));
}

/// After the last element: shrinks a vector of big elements that [`make_room`] left more
/// than half empty to its length (with most allocators, in place).
#[inline]
pub(crate) fn trim<T>(v: &mut Vec<T>) {
    if size_of::<T>() >= BIG_ELEMENT && v.len() < v.capacity() / 2 {
        v.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::{BIG_ELEMENT, make_room, trim};

    /// The capacities a vector of `T` goes through while `n` elements are pushed with
    /// [`make_room`], and its capacity after [`trim`].
    fn growth<T>(n: usize, make: impl Fn() -> T) -> (Vec<usize>, usize) {
        let mut v = Vec::<T>::new();
        let mut capacities = Vec::new();
        for _ in 0..n {
            if v.len() == v.capacity() {
                make_room(&mut v);
                capacities.push(v.capacity());
            }
            v.push(make());
        }
        trim(&mut v);
        assert_eq!(v.len(), n);
        (capacities, v.capacity())
    }

    fn big() -> [u8; BIG_ELEMENT] {
        [0; BIG_ELEMENT]
    }

    fn just_below() -> [u8; BIG_ELEMENT - 1] {
        [0; BIG_ELEMENT - 1]
    }

    #[test]
    fn big_elements_grow_four_times_over() {
        assert_eq!(growth(50, big), (vec![4, 16, 64], 64));
        assert_eq!(growth(4, big), (vec![4], 4));
        assert_eq!(growth(5, big), (vec![4, 16], 5)); // trimmed
        assert_eq!(growth(0, big), (vec![], 0));
    }

    #[test]
    fn small_elements_double() {
        assert_eq!(growth(50, || 0u64), (vec![4, 8, 16, 32, 64], 64));
        assert_eq!(growth(17, just_below), (vec![4, 8, 16, 32], 32));
    }

    #[test]
    fn trim_leaves_at_most_half_of_a_big_vector_unused() {
        for n in 1..300 {
            let (_, capacity) = growth(n, big);
            assert!(capacity >= n && capacity <= 2 * n.max(2), "{n}: {capacity}");
        }
        // more than half used: kept as it is
        assert_eq!(growth(33, big).1, 64);
        // less than half: shrunk to the length
        assert_eq!(growth(17, big).1, 17);
    }
}
