//! The element loop of vectors whose element type has a default image
//! ([`ParseValue::DEFAULT_IMAGE`]: generated constructors and classes, `Option`s), one for each
//! [`Storage`] of their elements: a level of the thread's scratch for owned `Vec<T>`
//! (`parse::scratch`), the cursor's arena for arena mode's `&'a [T]` (`parse::arena`), and the
//! vector's own buffer from the global allocator ([`GlobalBuffer`]) where the scratch cannot
//! serve. The loop does not depend on the element type: one copy per storage serves the vectors
//! of every such type, where a loop per element type (179 of them for td_api) was code that a
//! stream of many types ran cold; what stays per type is [`read_element`], the element's own
//! `parse_in` behind a pointer.

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
    /// `const` condition first: [`image_of`]). A constant: callers pass `const { &... }`, one
    /// pointer to a row in the binary, where a value built on each call took four words of
    /// the caller's frame, at every nesting level of arrays.
    pub const fn of<T: ParseValue<'a>>() -> Self {
        ElementType {
            layout: Layout::new::<T>(),
            image: const { image_of::<T>() },
            read: read_element::<T>,
        }
    }
}

/// [`read_element`] of some type.
pub(super) type ReadElement<'a> = unsafe fn(*mut u8, &mut Cursor<'a>, u32) -> Result<(), Error>;

/// Where the elements of a [`Room`] live, and how the room grows.
pub(super) trait Storage<'a> {
    /// Moves `room` (its `len` elements of `layout`) to a larger one, with at least one free
    /// place, or fails with the cursor's error.
    ///
    /// # Safety
    ///
    /// `room` is one of this storage's, holding `len` valid elements of `layout`, whose size is
    /// not zero unless the storage takes zero-sized elements (the arena's).
    unsafe fn grow(&self, room: &mut Room, layout: Layout, c: &mut Cursor<'a>)
    -> Result<(), Error>;

    /// The element about to be read ends at `end` (where the scratch's levels of the arrays
    /// inside it begin).
    #[inline(always)]
    fn reading_up_to(&self, end: *mut u8) {
        let _ = end;
    }
}

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
/// copy of the type's image, then read unless it is `null`. The storage grows the room when it
/// is full. Whatever the result, `room` then holds `len` valid elements (an element whose read
/// failed holds whatever its reader left, a valid value).
///
/// # Safety
///
/// `ty` is [`ElementType::of`] a type `T` that has a default image (and a non-zero size unless
/// the storage takes zero-sized elements), and `room` is one of `storage`'s, holding `len`
/// valid `T`s at `items` in room for `capacity`.
#[inline(never)]
pub(super) unsafe fn parse_elements<'a, S: Storage<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
    ty: &ElementType<'a>,
    room: &mut Room,
    storage: &S,
) -> Result<(), Error> {
    // SAFETY: caller.
    unsafe { element_loop(c, depth, ty, room, storage) }
}

/// The body of [`parse_elements`], inlined into the scratch's reader of owned vectors
/// (`parse_elements_exact`): one frame less on the stack of every nesting level of arrays.
///
/// # Safety
///
/// As for [`parse_elements`].
#[inline(always)]
pub(super) unsafe fn element_loop<'a, S: Storage<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
    ty: &ElementType<'a>,
    room: &mut Room,
    storage: &S,
) -> Result<(), Error> {
    c.begin_array(depth)?;
    let size = ty.layout.size();
    while c.next_element()? {
        if room.len == room.capacity {
            // SAFETY: caller.
            unsafe { storage.grow(room, ty.layout, c) }?;
        }
        // SAFETY: `len < capacity` (`grow` made room): the element's place is inside the room.
        let place = unsafe { room.items.add(room.len * size) };
        // SAFETY: `image` has `size` readable bytes (caller), the place as many writable
        // ones, apart (the image is a constant).
        unsafe { copy_image(ty.image, place, size) };
        room.len += 1;
        storage.reading_up_to(place.wrapping_add(size));
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

/// The storage of an owned `Vec<T>` read in its own buffer from the global allocator (as
/// `Vec::from_raw_parts` takes it back): 4 elements first (where `Vec` starts big elements,
/// such as messages, at 1), then twice as many, through `realloc`. Rooms of this storage hold
/// a buffer that the global allocator gave for `capacity` elements (none when it is 0).
pub(super) struct GlobalBuffer;

impl<'a> Storage<'a> for GlobalBuffer {
    unsafe fn grow(
        &self,
        room: &mut Room,
        layout: Layout,
        c: &mut Cursor<'a>,
    ) -> Result<(), Error> {
        let wanted = grown_capacity(room.capacity, 4);
        let new = room_layout(layout, wanted, c)?;
        let items = if room.capacity == 0 {
            // SAFETY: `new` has a non-zero size (this storage's one user, `scratch`'s fallback,
            // reads elements of a non-zero size).
            unsafe { std::alloc::alloc(new) }
        } else {
            // SAFETY: the buffer was allocated with `capacity` elements of `layout` (a room
            // of this storage), which fitted (`room_layout` of it succeeded before); the new
            // size is larger and fits in `isize` (`room_layout`).
            unsafe {
                let old = Layout::from_size_align_unchecked(
                    layout.size() * room.capacity,
                    layout.align(),
                );
                std::alloc::realloc(room.items, old, new.size())
            }
        };
        if items.is_null() {
            std::alloc::handle_alloc_error(new);
        }
        (room.items, room.capacity) = (items, wanted);
        Ok(())
    }
}
