//! The element loop of vectors whose element type has a default image
//! ([`ParseValue::DEFAULT_IMAGE`]: generated constructors and classes), shared by both
//! storages: owned `Vec<T>` (room from the global allocator, [`grow_global`]) and arena mode's
//! `&'a [T]` (room from the cursor's arena, `parse::arena`). One non-generic loop serves the
//! vectors of every such type, where a loop per element type (179 of them for td_api) was code
//! that a stream of many types ran cold; what stays per type is [`read_element`], the element's
//! own `parse_in` behind a pointer.

use core::alloc::Layout;

use super::value::{ParseValue, copy_image, image_of};
use crate::pointer::{Cursor, Error, ErrorKind};

/// The elements read so far: `len` valid values of the element type, one after the other at
/// `items`, in room for `capacity` of them.
pub(super) struct Room {
    pub items: *mut u8,
    pub len: usize,
    pub capacity: usize,
}

/// An element type without its type: its layout, its default image and its reader.
#[derive(Clone, Copy)]
pub(super) struct ElementType<'a> {
    pub layout: Layout,
    pub image: *const u8,
    pub read: ReadElement<'a>,
}

impl<'a> ElementType<'a> {
    /// `T`'s; its image is null when `T` has none (callers test `T::DEFAULT_IMAGE` in a
    /// `const` condition first: [`image_of`]).
    #[inline(always)]
    pub fn of<T: ParseValue<'a>>() -> Self {
        ElementType {
            layout: Layout::new::<T>(),
            image: const { image_of::<T>() },
            read: read_element::<T>,
        }
    }
}

/// [`read_element`] of some type.
pub(super) type ReadElement<'a> = unsafe fn(*mut u8, &mut Cursor<'a>, u32) -> Result<(), Error>;

/// Moves a [`Room`] of elements of a layout to a larger one (at least one free place), or
/// fails with the cursor's error.
pub(super) type Grow<'a> = unsafe fn(&mut Room, Layout, &mut Cursor<'a>) -> Result<(), Error>;

/// Reads the (non-null) element at the cursor into `slot`, which holds a `T`:
/// [`ParseValue::parse_in`] behind a pointer without a type.
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

/// The array at the cursor (at nesting `depth`), its elements appended to `room`: each first a
/// copy of the type's image, then read unless it is `null`. `grow` makes room when it is full.
/// Whatever the result, `room` then holds `len` valid elements (an element whose read failed
/// holds whatever its reader left, a valid value).
///
/// # Safety
///
/// `ty` is [`ElementType::of`] a type `T` that has a default image, `room` holds `len` valid
/// `T`s at `items` in room for `capacity`, and `grow` keeps that true of it.
#[inline(never)]
pub(super) unsafe fn parse_elements<'a>(
    c: &mut Cursor<'a>,
    depth: u32,
    ty: ElementType<'a>,
    room: &mut Room,
    grow: Grow<'a>,
) -> Result<(), Error> {
    c.begin_array(depth)?;
    let size = ty.layout.size();
    while c.next_element()? {
        if room.len == room.capacity {
            // SAFETY: caller.
            unsafe { grow(room, ty.layout, c) }?;
        }
        // SAFETY: `len < capacity` (`grow` made room): the element's place is inside the room.
        let place = unsafe { room.items.add(room.len * size) };
        // SAFETY: `image` has `size` readable bytes (caller), the place as many writable
        // ones, apart (the image is a constant).
        unsafe { copy_image(ty.image, place, size) };
        room.len += 1;
        if !c.eat_null() {
            // SAFETY: `place` holds a valid `T` (a copy of its image, caller), ours alone.
            unsafe { (ty.read)(place, c, depth + 1) }?;
        }
    }
    Ok(())
}

/// The capacity a full room of `capacity` elements grows to: `first` for an empty one, then
/// twice as many.
#[inline]
pub(super) fn grown_capacity(capacity: usize, first: usize) -> usize {
    match capacity {
        0 => first,
        capacity => capacity.saturating_mul(2),
    }
}

/// The layout of `count` elements of `layout` (an [`ErrorKind::ArrayTooLarge`] at the cursor
/// if it does not fit in `isize`).
#[inline]
pub(super) fn room_layout(layout: Layout, count: usize, c: &Cursor<'_>) -> Result<Layout, Error> {
    layout
        .size()
        .checked_mul(count)
        .and_then(|bytes| Layout::from_size_align(bytes, layout.align()).ok())
        .ok_or_else(|| c.error(ErrorKind::ArrayTooLarge))
}

/// [`Grow`] for an owned `Vec<T>`: the room is a vector's buffer from the global allocator
/// (as `Vec::from_raw_parts` takes it back), 4 elements first (where `Vec` starts big
/// elements, such as messages, at 1), then twice as many, through `realloc`.
///
/// # Safety
///
/// `room` holds a buffer that the global allocator gave for `capacity` elements of `layout`
/// (none when `capacity` is 0), whose size is not zero.
pub(super) unsafe fn grow_global(
    room: &mut Room,
    layout: Layout,
    c: &mut Cursor<'_>,
) -> Result<(), Error> {
    let wanted = grown_capacity(room.capacity, 4);
    let new = room_layout(layout, wanted, c)?;
    let items = if room.capacity == 0 {
        // SAFETY: `new` has a non-zero size (`layout`'s is not zero, caller).
        unsafe { std::alloc::alloc(new) }
    } else {
        // SAFETY: the buffer was allocated with `capacity` elements of `layout` (caller),
        // which fitted (`room_layout` of it succeeded before); the new size is larger and
        // fits in `isize` (`room_layout`).
        unsafe {
            let old =
                Layout::from_size_align_unchecked(layout.size() * room.capacity, layout.align());
            std::alloc::realloc(room.items, old, new.size())
        }
    };
    if items.is_null() {
        std::alloc::handle_alloc_error(new);
    }
    (room.items, room.capacity) = (items, wanted);
    Ok(())
}
