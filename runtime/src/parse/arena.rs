//! [`ParseValue`] for the views of arena mode ([`crate::arena`]): `&'a str`, `&'a [u8]`,
//! `&'a [T]` and [`Ref`], allocated in the cursor's arena. Each fails with
//! [`ErrorKind::NoArena`](crate::pointer::ErrorKind::NoArena) when the cursor has none.

use super::value::{ParseValue, parse_nullable_in};
use crate::arena::{DefaultRef, Ref};
use crate::element::Element;
use crate::pointer::{Cursor, Error};

/// A string: borrowed from the input, or decoded into the arena.
impl<'a> ParseValue<'a> for &'a str {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, _: u32) -> Result<(), Error> {
        *slot = c.read_str_in(c.arena()?)?;
        Ok(())
    }
}

/// `bytes`: base64, decoded into the arena.
impl<'a> ParseValue<'a> for &'a [u8] {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, _: u32) -> Result<(), Error> {
        *slot = c.read_bytes_in(c.arena()?)?;
        Ok(())
    }
}

/// A vector: elements built in place in an arena vector, which then becomes the slice (no
/// destructor runs: arena-mode values have none).
impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for &'a [T] {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        let arena = c.arena()?;
        c.begin_array(depth)?;
        let mut items = bumpalo::collections::Vec::new_in(arena);
        while c.next_element()? {
            items.push(T::default());
            if let Some(element) = items.last_mut() {
                parse_nullable_in(element, c, depth + 1)?;
            }
        }
        *slot = items.into_bump_slice();
        Ok(())
    }
}

/// A boxed field: the value parsed in a new place in the arena.
impl<'a, T: ParseValue<'a> + DefaultRef<'a>> ParseValue<'a> for Ref<'a, T> {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        let place = c.arena()?.alloc(T::default());
        T::parse_in(place, c, depth)?;
        *slot = Ref(place);
        Ok(())
    }
}
