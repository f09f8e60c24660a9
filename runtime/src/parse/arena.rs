//! [`ParseValue`] for the views of arena mode ([`crate::arena`]): `&'a str`, `&'a [u8]`,
//! `&'a [T]`, [`Ref`] and [`JsonView`], allocated in the cursor's arena. Each fails with
//! [`ErrorKind::NoArena`](crate::pointer::ErrorKind::NoArena) when the cursor has none.

use core::alloc::Layout;

use super::elements::{ElementType, Room, Storage, grown_capacity, parse_elements, room_layout};
use super::value::{ParseValue, parse_nullable_in};
use crate::arena::{DefaultRef, JsonView, Ref};
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

/// A vector: elements built in place in arena memory, which then becomes the slice (no
/// destructor runs: arena-mode values have none). Elements with a
/// [`DEFAULT_IMAGE`](ParseValue::DEFAULT_IMAGE) (generated constructors and classes) go through
/// `parse_elements`, one loop for every element type; the others (scalars, strings, nested
/// vectors) through an arena vector of their own type.
impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for &'a [T] {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        let arena = c.arena()?;
        // (a `const` condition: the path a type does not take is not compiled for it)
        if const { T::DEFAULT_IMAGE.is_some() } {
            let ty = const { &ElementType::of::<T>() };
            let mut room = Room {
                // (an aligned, dangling address until the first element: a valid empty slice)
                items: core::ptr::without_provenance_mut(ty.layout.align()),
                len: 0,
                capacity: 0,
            };
            // SAFETY: `ty` is `T`'s, which has an image; the room is empty, and the arena
            // moves it to new arena memory (none for a zero-sized `T`).
            unsafe { parse_elements(c, depth, ty, &mut room, &ArenaRooms) }?;
            // SAFETY: the room holds `len` valid `T`s, one after the other, in the arena,
            // which lives for 'a and never hands out that memory again.
            *slot = unsafe { core::slice::from_raw_parts(room.items.cast::<T>(), room.len) };
            return Ok(());
        }
        c.begin_array(depth)?;
        let mut items = bumpalo::collections::Vec::new_in(arena);
        while c.next_element()? {
            reserve_first(&mut items);
            items.push(T::default());
            if let Some(element) = items.last_mut() {
                parse_nullable_in(element, c, depth + 1)?;
            }
        }
        *slot = items.into_bump_slice();
        Ok(())
    }
}

/// The [`Storage`] of arena mode: a room moves to new arena memory, as large as std's vectors'
/// first room ([`first_capacity`]), then twice as large each time.
struct ArenaRooms;

impl<'a> Storage<'a> for ArenaRooms {
    unsafe fn grow(
        &self,
        room: &mut Room,
        layout: Layout,
        c: &mut Cursor<'a>,
    ) -> Result<(), Error> {
        let wanted = grown_capacity(room.capacity, first_capacity(layout.size()));
        let new = room_layout(layout, wanted, c)?;
        let grown = c.arena()?.alloc_layout(new).as_ptr();
        // (most arrays fit in their first room: no call to `memcpy` for nothing)
        if room.len > 0 {
            // SAFETY: the `len` elements of the old room (caller) move to the new one, which
            // is larger and does not overlap it (a new arena allocation).
            unsafe { core::ptr::copy_nonoverlapping(room.items, grown, room.len * layout.size()) };
        }
        (room.items, room.capacity) = (grown, wanted);
        Ok(())
    }
}

/// How many elements of `size` bytes an array's first room holds: what std's vectors take at
/// their first push (and [`reserve_first`]).
#[inline(always)]
fn first_capacity(size: usize) -> usize {
    match size {
        1 => 8,
        ..=1024 => 4,
        _ => 1,
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

/// Any JSON value (`@extra`), its arrays and objects in the arena; numbers classified as
/// [`JsonValue`](crate::JsonValue)'s are.
impl<'a> ParseValue<'a> for JsonView<'a> {
    #[inline]
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        *slot = parse_json_view(c, depth)?;
        Ok(())
    }
}

/// Gives an empty arena vector room for its first elements at once: bumpalo's vectors grow
/// 1, 2, 4, ... (a copy into new arena space each time), where std's start at 4 (8 for bytes,
/// 1 above 1 KiB), which is what this reserves.
#[inline(always)]
fn reserve_first<T>(items: &mut bumpalo::collections::Vec<'_, T>) {
    if items.capacity() == 0 {
        let size = core::mem::size_of::<T>();
        items.reserve(first_capacity(size));
    }
}

fn parse_json_view<'a>(c: &mut Cursor<'a>, depth: u32) -> Result<JsonView<'a>, Error> {
    let arena = c.arena()?;
    match c.peek() {
        b'n' => c.read_null(depth).map(|()| JsonView::Null),
        b't' | b'f' => c.read_bool().map(JsonView::Bool),
        b'"' => c.read_str_in(arena).map(JsonView::String),
        b'[' => {
            c.begin_array(depth)?;
            let mut items = bumpalo::collections::Vec::new_in(arena);
            while c.next_element()? {
                reserve_first(&mut items);
                items.push(parse_json_view(c, depth + 1)?);
            }
            Ok(JsonView::Array(items.into_bump_slice()))
        }
        b'{' => {
            c.begin_object(depth)?;
            let mut members = bumpalo::collections::Vec::new_in(arena);
            while let Some(key) = c.next_key_in(arena)? {
                reserve_first(&mut members);
                members.push((key, parse_json_view(c, depth + 1)?));
            }
            Ok(JsonView::Object(members.into_bump_slice()))
        }
        _ => c.read_number().map(JsonView::Number),
    }
}
