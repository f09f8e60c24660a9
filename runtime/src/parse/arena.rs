//! [`ParseValue`] for the views of arena mode ([`crate::arena`]): `&'a str`, `&'a [u8]`,
//! `&'a [T]`, [`Ref`] and [`JsonView`], allocated in the cursor's arena. Each fails with
//! [`ErrorKind::NoArena`](crate::pointer::ErrorKind::NoArena) when the cursor has none.

use super::value::{ParseValue, parse_nullable_in};
use crate::arena::{DefaultRef, JsonView, Ref};
use crate::element::Element;
use core::alloc::Layout;

use crate::pointer::{Cursor, Error, ErrorKind};

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
/// [`parse_slice_in`], one loop for every element type; the others (scalars, strings, nested
/// vectors) through an arena vector of their own type.
impl<'a, T: ParseValue<'a> + Element> ParseValue<'a> for &'a [T] {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        if let Some(image) = T::DEFAULT_IMAGE {
            // SAFETY: `image` is a `T` whose copies are valid `T`s (`DefaultImage`), the
            // layout is `T`'s and `read_element::<T>` reads a `T`.
            let (items, len) = unsafe {
                parse_slice_in(
                    c,
                    depth,
                    Layout::new::<T>(),
                    image.as_ptr(),
                    read_element::<T>,
                )
            }?;
            // SAFETY: `items` holds `len` valid `T`s, one after the other, in the arena, which
            // lives for 'a and never hands out that memory again (`parse_slice_in`).
            *slot = unsafe { core::slice::from_raw_parts(items.cast::<T>(), len) };
            return Ok(());
        }
        let arena = c.arena()?;
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

/// Reads the (non-null) element at the cursor into `slot`, which holds a `T`:
/// [`ParseValue::parse_in`] behind a pointer without a type, for [`parse_slice_in`].
///
/// # Safety
///
/// `slot` points to a live `T`, not otherwise borrowed while this runs.
unsafe fn read_element<'a, T: ParseValue<'a>>(
    slot: *mut u8,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    // SAFETY: caller.
    T::parse_in(unsafe { &mut *slot.cast::<T>() }, c, depth)
}

/// [`read_element`] of some type.
type ReadElement<'a> = unsafe fn(*mut u8, &mut Cursor<'a>, u32) -> Result<(), Error>;

/// The array at the cursor (at nesting `depth`) into arena memory, as elements of `layout`,
/// each first a copy of `image`, then read by `read` unless it is `null`: the elements' address
/// and count. The room grows as std's vectors do (4 elements first, 8 for bytes, 1 above 1 KiB,
/// then twice as many), each growth a copy into new arena memory.
///
/// Not generic: one loop for the vectors of every constructor and class, where a loop per
/// element type was code that a stream of many types runs cold.
///
/// # Safety
///
/// `image` points to `layout.size()` bytes that are a valid value of a type `T` of `layout`
/// whose copies are valid values too, and `read` reads a `T` ([`read_element::<T>`]).
#[inline(never)]
unsafe fn parse_slice_in<'a>(
    c: &mut Cursor<'a>,
    depth: u32,
    layout: Layout,
    image: *const u8,
    read: ReadElement<'a>,
) -> Result<(*const u8, usize), Error> {
    let arena = c.arena()?;
    c.begin_array(depth)?;
    let size = layout.size();
    // (an aligned, dangling address until the first element: a valid empty slice)
    let mut items = core::ptr::without_provenance_mut::<u8>(layout.align());
    let (mut len, mut capacity) = (0, 0);
    while c.next_element()? {
        if len == capacity {
            let wanted = match capacity {
                0 => first_capacity(size),
                _ => capacity * 2,
            };
            let Some(room) = size
                .checked_mul(wanted)
                .and_then(|bytes| Layout::from_size_align(bytes, layout.align()).ok())
            else {
                return Err(c.error(ErrorKind::ArrayTooLarge));
            };
            let grown = arena.alloc_layout(room).as_ptr();
            // SAFETY: the first `len` elements of the old room move to the new one, which is
            // larger and does not overlap it (a new arena allocation).
            unsafe { core::ptr::copy_nonoverlapping(items, grown, len * size) };
            (items, capacity) = (grown, wanted);
        }
        // SAFETY: `len < capacity`: the element's place is inside the room.
        let place = unsafe { items.add(len * size) };
        // SAFETY: `image` has `size` readable bytes (caller), the place as many writable
        // ones, apart (the image is a constant).
        unsafe { super::value::copy_image(image, place, size) };
        len += 1;
        if !c.eat_null() {
            // SAFETY: `place` holds a valid `T` (the copy of its image, caller), ours alone.
            unsafe { read(place, c, depth + 1) }?;
        }
    }
    Ok((items, len))
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
