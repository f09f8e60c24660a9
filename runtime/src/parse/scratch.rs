//! Owned vectors of generated types (and of `Option`s) read through a per-thread scratch stack:
//! the elements of an array are built in place in scratch memory that earlier documents already
//! warmed, then moved, all at once, into one buffer of exactly their number, which becomes the
//! `Vec`.
//!
//! Against growing the vector's own buffer (first 4 elements, then twice as many through
//! `realloc`, [`GlobalBuffer`]) this makes one allocation per non-empty vector instead of one
//! per doubling, one copy at the end instead of one per doubling, and no unused capacity in
//! what the caller keeps; small exact buffers are also what the allocator's fast paths serve
//! best (a deep `getJsonValue` array of arrays allocates one element per level, not four).
//!
//! The scratch is a stack of levels, one per array being read on this thread: an element is
//! read in place at the top of its array's level, and the arrays nested in it open their levels
//! above it. Memory comes in chunks that never move while anything in them is in use: a level
//! that outgrows its chunk moves (only its own finished elements, which nothing points into) to
//! the next chunk, at least twice as large. After the outermost array of a parse is done, the
//! chunks beyond the first [`RETAINED_SCRATCH`] bytes are given back.
//!
//! Elements whose alignment exceeds the chunks' ([`CHUNK_ALIGN`]), and a thread whose local
//! storage is already being torn down, take the old path ([`GlobalBuffer`]).

use core::alloc::Layout;
use core::cell::UnsafeCell;
use core::ptr;

use super::elements::{
    ElementType, GlobalBuffer, Room, Storage, element_loop, grown_capacity, parse_elements,
    room_layout,
};
use crate::pointer::{Cursor, Error};

/// Alignment of every chunk; elements that need more do not use the scratch.
pub(super) const CHUNK_ALIGN: usize = 16;

/// Size of a thread's first chunk.
const FIRST_CHUNK: usize = if cfg!(test) { 64 } else { 4096 };

/// Bytes of scratch chunks a thread keeps once a parse's outermost vector is done (the first
/// chunks, up to this total); larger ones, grown for a huge array, are freed then.
pub const RETAINED_SCRATCH: usize = 1 << 20;

/// A block of scratch memory from the global allocator: `layout.size()` bytes at `start`,
/// aligned to [`CHUNK_ALIGN`].
struct Chunk {
    start: *mut u8,
    layout: Layout,
}

impl Chunk {
    fn size(&self) -> usize {
        self.layout.size()
    }

    fn end(&self) -> *mut u8 {
        self.start.wrapping_add(self.size())
    }

    /// Gives the chunk back.
    ///
    /// # Safety
    ///
    /// Nothing in it is in use.
    unsafe fn free(self) {
        // SAFETY: allocated with this layout ([`Level::grow`]), unused (caller).
        unsafe { std::alloc::dealloc(self.start, self.layout) };
    }
}

/// A thread's scratch stack.
struct Scratch {
    /// The chunks, in the order levels use them.
    chunks: Vec<Chunk>,
    /// The chunk that holds the top level (meaningful while `levels > 0`).
    current: usize,
    /// The first free byte of chunk `current` (null before the first chunk).
    top: *mut u8,
    /// How many levels are open.
    levels: usize,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for chunk in self.chunks.drain(..) {
            // SAFETY: the thread is done with its scratch.
            unsafe { chunk.free() };
        }
    }
}

thread_local! {
    static SCRATCH: UnsafeCell<Scratch> = const {
        UnsafeCell::new(Scratch { chunks: Vec::new(), current: 0, top: ptr::null_mut(), levels: 0 })
    };
}

/// One open level: where the scratch stood before it, restored when it closes (also on
/// unwinding, so that a panic never leaves a level open).
struct Level {
    scratch: *mut Scratch,
    current: usize,
    top: *mut u8,
}

impl Level {
    /// Opens a level on `scratch` and returns it with an empty room at its top for elements of
    /// `layout` (capacity 0 when the chunk has no room left, or there is none yet).
    ///
    /// # Safety
    ///
    /// `scratch` is this thread's (from [`SCRATCH`]), and levels open on it close in the reverse
    /// order (each lives in one call of [`parse_elements_exact`]).
    unsafe fn open(scratch: *mut Scratch, layout: Layout) -> (Level, Room) {
        // SAFETY: this thread's scratch (caller); no reference to it outlives this block.
        let s = unsafe { &mut *scratch };
        if s.levels == 0 {
            // (the first level of a parse starts at the bottom)
            s.current = 0;
            s.top = s.chunks.first().map_or(ptr::null_mut(), |c| c.start);
        }
        s.levels += 1;
        let level = Level {
            scratch,
            current: s.current,
            top: s.top,
        };
        let mut room = Room {
            items: ptr::without_provenance_mut(layout.align()),
            len: 0,
            capacity: 0,
        };
        if let Some(chunk) = s.chunks.get(s.current) {
            let offset = s.top.align_offset(layout.align());
            let free = (chunk.end() as usize).saturating_sub(s.top as usize);
            if offset < free {
                room.items = s.top.wrapping_add(offset);
                room.capacity = (free - offset) / layout.size();
            }
        }
        (level, room)
    }
}

/// A level is the storage of its room: the top of the scratch.
impl<'a> Storage<'a> for Level {
    /// Marks the scratch as used up to `end`, where the levels of the arrays inside the element
    /// about to be read begin.
    #[inline(always)]
    fn reading_up_to(&self, end: *mut u8) {
        // SAFETY: this thread's scratch ([`Level::open`]); a plain store.
        unsafe { (*self.scratch).top = end };
    }

    /// Moves the room (this level's elements, the top of the scratch: the levels opened above
    /// it are closed) to the next chunk, one with room for twice as many elements at least,
    /// allocating that chunk if needed. (Its elements' size is not zero and their alignment at
    /// most [`CHUNK_ALIGN`]: [`parse_elements_exact`].)
    unsafe fn grow(
        &self,
        room: &mut Room,
        layout: Layout,
        c: &mut Cursor<'a>,
    ) -> Result<(), Error> {
        // SAFETY: this thread's scratch; no reference to it outlives this block.
        let s = unsafe { &mut *self.scratch };
        let wanted = room_layout(layout, grown_capacity(room.len, 4), c)?;
        let next = if s.chunks.is_empty() {
            0
        } else {
            s.current + 1
        };
        let (start, size) = match s.chunks.get(next) {
            Some(chunk) if chunk.size() >= wanted.size() => (chunk.start, chunk.size()),
            _ => {
                let grown =
                    (s.chunks.get(s.current)).map_or(0, |chunk| chunk.size().saturating_mul(2));
                let size = wanted.size().max(grown).max(FIRST_CHUNK);
                let layout = Layout::from_size_align(size, CHUNK_ALIGN)
                    .map_err(|_| c.error(crate::pointer::ErrorKind::ArrayTooLarge))?;
                // SAFETY: `size` is not zero.
                let start = unsafe { allocate(layout) };
                let chunk = Chunk { start, layout };
                if let Some(old) = s.chunks.get_mut(next) {
                    // SAFETY: chunks after the current one hold no level (the levels above
                    // this one are closed, caller); this one is too small.
                    unsafe { core::mem::replace(old, chunk).free() };
                } else {
                    s.chunks.push(chunk);
                }
                (start, size)
            }
        };
        // SAFETY: the room's `len` elements are `len * size` bytes at `items` (caller), the
        // chunk at `start` at least `wanted` bytes, more than that, and another allocation.
        unsafe { ptr::copy_nonoverlapping(room.items, start, room.len * layout.size()) };
        room.items = start;
        room.capacity = size / layout.size();
        s.current = next;
        Ok(())
    }
}

impl Drop for Level {
    fn drop(&mut self) {
        // SAFETY: this thread's scratch; no reference to it outlives this block.
        let s = unsafe { &mut *self.scratch };
        s.current = self.current;
        s.top = self.top;
        s.levels -= 1;
        if s.levels == 0 {
            let mut kept = 0usize;
            let keep = s
                .chunks
                .iter()
                .take_while(|chunk| {
                    kept = kept.saturating_add(chunk.size());
                    kept <= RETAINED_SCRATCH
                })
                .count();
            for chunk in s.chunks.drain(keep..) {
                // SAFETY: no level is open.
                unsafe { chunk.free() };
            }
        }
    }
}

/// The array at the cursor (at nesting `depth`) of elements of `ty`, read through the scratch
/// and moved into a buffer of the global allocator for exactly its elements: `room`, empty on
/// entry, ends as that buffer (`capacity == len`; still empty, with no buffer, for an empty
/// array). Whatever the result, the room then holds `len` valid elements (one whose read failed
/// holds whatever its reader left, a valid value), to become a `Vec`.
///
/// # Safety
///
/// `ty` is [`ElementType::of`] a type `T` that has a default image and a non-zero size, and
/// `room` is empty with an aligned, dangling `items`.
#[inline(never)]
pub(super) unsafe fn parse_elements_exact<'a>(
    c: &mut Cursor<'a>,
    depth: u32,
    ty: &ElementType<'a>,
    room: &mut Room,
) -> Result<(), Error> {
    let scratch = match SCRATCH.try_with(UnsafeCell::get) {
        Ok(scratch) if ty.layout.align() <= CHUNK_ALIGN => scratch,
        // SAFETY: caller (`ty`, an empty room: a vector's buffer of none).
        _ => return unsafe { parse_elements(c, depth, ty, room, &GlobalBuffer) },
    };
    // SAFETY: this thread's scratch; the level closes at the end of this call.
    let (level, mut scratch_room) = unsafe { Level::open(scratch, ty.layout) };
    // SAFETY: caller (`ty`: a non-zero size, an alignment up to `CHUNK_ALIGN`, checked above);
    // the room is the level's, empty.
    let result = unsafe { element_loop(c, depth, ty, &mut scratch_room, &level) };
    if scratch_room.len > 0 {
        // SAFETY: the elements, valid whatever the result (`parse_elements`), fitted in one
        // chunk; the level is still open.
        unsafe { move_out(&scratch_room, ty.layout, room) };
    }
    drop(level);
    result
}

/// Moves the `len` elements of `layout` of `from` to a new buffer of the global allocator for
/// exactly as many, which `to` becomes.
///
/// # Safety
///
/// `from` holds `len` (at least 1) valid elements of `layout` (a non-zero size) in one chunk
/// of the scratch, which is not reused while this runs.
#[inline(never)]
unsafe fn move_out(from: &Room, layout: Layout, to: &mut Room) {
    let bytes = from.len * layout.size();
    // SAFETY: the elements fitted in one chunk: `bytes` fits in `isize` and is not zero; the
    // alignment is the elements'.
    let layout = unsafe { Layout::from_size_align_unchecked(bytes, layout.align()) };
    // SAFETY: a non-zero size.
    let items = unsafe { allocate(layout) };
    // SAFETY: `bytes` bytes of elements in the scratch and a new buffer of as many: the
    // elements move (their scratch copies are forgotten when the level closes).
    unsafe { ptr::copy_nonoverlapping(from.items, items, bytes) };
    *to = Room {
        items,
        len: from.len,
        capacity: from.len,
    };
}

/// A new allocation of `layout` from the global allocator; a failure aborts, as `Vec`'s do.
///
/// # Safety
///
/// `layout` has a non-zero size.
pub(super) unsafe fn allocate(layout: Layout) -> *mut u8 {
    // SAFETY: caller.
    let memory = unsafe { std::alloc::alloc(layout) };
    if memory.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    memory
}

#[cfg(test)]
mod tests {
    //! Through a hand-written recursive constructor shaped like generated code, with chunks of
    //! 64 bytes (`FIRST_CHUNK` under `cfg(test)`), so that levels outgrow their chunks at every
    //! size: values, exact capacities, errors and the state left behind.

    use std::borrow::Cow;
    use std::fmt::Write;

    use super::{RETAINED_SCRATCH, SCRATCH};
    use crate::parse::{Field, ParseValue, from_cursor};
    use crate::pointer::{Error, NulTerminated};

    #[derive(Debug, Default, Clone, PartialEq)]
    struct Node<'a> {
        id: i32,
        name: Cow<'a, str>,
        children: Vec<Node<'a>>,
    }

    impl Node<'_> {
        const DEFAULT: Self = Node {
            id: 0,
            name: Cow::Borrowed(""),
            children: Vec::new(),
        };
    }

    impl crate::Element for Node<'_> {}

    impl<'a> ParseValue<'a> for Node<'a> {
        const FIELDS: &'a [Field<'a, Self>] = crate::fields!(Self {
            id: i32 = b"\"id\":",
            name: Cow<'a, str> = b"\"name\":",
            children: Vec<Node<'a>> = b"\"children\":",
        });
        crate::default_image!('a);
    }

    /// A tree: `fanout(depth)` children at each level, the last of them `depth` levels deep.
    fn tree(depth: u32, fanout: &dyn Fn(u32) -> u32, next: &mut i32) -> Node<'static> {
        *next += 1;
        let id = *next;
        let mut children = Vec::new();
        if depth > 0 {
            let count = fanout(depth);
            for i in 0..count {
                children.push(if i + 1 == count {
                    tree(depth - 1, fanout, next)
                } else {
                    tree(0, fanout, next)
                });
            }
        }
        Node {
            id,
            name: Cow::Owned(format!("n{id}")),
            children,
        }
    }

    fn json(node: &Node<'_>, out: &mut String) {
        let _ = write!(
            out,
            r#"{{"id":{},"name":"{}","children":["#,
            node.id, node.name
        );
        for (i, child) in node.children.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json(child, out);
        }
        out.push_str("]}");
    }

    /// `text` parsed, as an owned value (or the error).
    fn parse(text: &str) -> Result<Node<'static>, Error> {
        let buffer = NulTerminated::from(text);
        from_cursor::<Node<'_>>(buffer.cursor()).map(owned)
    }

    fn owned(node: Node<'_>) -> Node<'static> {
        Node {
            id: node.id,
            name: Cow::Owned(node.name.into_owned()),
            children: node.children.into_iter().map(owned).collect(),
        }
    }

    /// Every vector of the tree has exactly its length as capacity.
    fn exact(node: &Node<'_>) -> bool {
        node.children.capacity() == node.children.len() && node.children.iter().all(exact)
    }

    fn open_levels() -> usize {
        // SAFETY: this thread's scratch, read while no parse runs on it.
        SCRATCH.with(|s| unsafe { (*s.get()).levels })
    }

    fn kept_bytes() -> usize {
        // SAFETY: as above.
        SCRATCH.with(|s| unsafe { (*s.get()).chunks.iter().map(|c| c.size()).sum() })
    }

    #[test]
    fn nested_arrays_of_every_size_read_exactly() {
        for (depth, fanout) in [
            (0u32, &(|_| 0u32) as &dyn Fn(u32) -> u32),
            (1, &|_| 1),
            (40, &|_| 1),
            (30, &|d| d % 7),
            (12, &|d| 3 * d),
            (3, &|_| 300),
        ] {
            let expected = tree(depth, fanout, &mut 0);
            let mut text = String::new();
            json(&expected, &mut text);
            let buffer = NulTerminated::from(text.as_str());
            let parsed = from_cursor::<Node<'_>>(buffer.cursor()).expect("a valid tree");
            assert_eq!(parsed, expected, "depth {depth}");
            assert!(
                exact(&parsed),
                "depth {depth}: a vector kept spare capacity"
            );
            assert_eq!(open_levels(), 0);
        }
    }

    /// `Vec::parse_in` on a vector that already holds elements (a hand-written caller: the
    /// field loop reads a key once) appends the array's, through its cold path; an empty one
    /// with spare capacity too.
    #[test]
    fn a_vector_that_has_elements_gets_the_arrays_appended() {
        let node = |id| Node {
            id,
            ..Node::default()
        };
        let buffer = NulTerminated::from(r#"[{"id":2},null,{"id":3}]"#);
        let mut nodes = vec![node(1)];
        let result = Vec::<Node<'_>>::parse_in(&mut nodes, &mut buffer.cursor(), 1);
        assert!(result.is_ok());
        assert_eq!(nodes, [node(1), node(2), Node::default(), node(3)]);
        let mut spare = Vec::with_capacity(8);
        let result = Vec::<Node<'_>>::parse_in(&mut spare, &mut buffer.cursor(), 1);
        assert!(result.is_ok());
        assert_eq!(spare, [node(2), Node::default(), node(3)]);
        assert_eq!(open_levels(), 0);
    }

    #[test]
    fn null_elements_keep_the_default_and_empty_arrays_allocate_nothing() {
        let parsed = parse(r#"{"id":1,"children":[null,{"id":2,"children":[]},null]}"#).unwrap();
        let expected = Node {
            id: 1,
            children: vec![
                Node::default(),
                Node {
                    id: 2,
                    ..Node::default()
                },
                Node::default(),
            ],
            ..Node::default()
        };
        assert_eq!(parsed, expected);
        assert_eq!(parsed.children[1].children.capacity(), 0);
    }

    #[test]
    fn an_error_deep_inside_fails_at_its_offset_and_closes_every_level() {
        let expected = tree(20, &|d| d % 4 + 1, &mut 0);
        let mut text = String::new();
        json(&expected, &mut text);
        let brackets: Vec<usize> = text.match_indices('[').map(|(at, _)| at + 1).collect();
        for cut in [
            brackets[3],
            brackets[brackets.len() / 2],
            brackets[brackets.len() - 1],
        ] {
            let mut bad = text.clone();
            bad.insert(cut, '?');
            let error = parse(&bad).expect_err("a stray byte");
            assert_eq!(error.offset(), cut, "{error}");
            assert_eq!(open_levels(), 0);
            // and the scratch still serves a good document
            assert_eq!(parse(&text).unwrap(), expected);
        }
    }

    #[test]
    fn a_huge_array_does_not_stay_in_the_scratch() {
        let expected = tree(1, &|_| 40_000, &mut 0);
        let mut text = String::new();
        json(&expected, &mut text);
        assert_eq!(parse(&text).unwrap(), expected);
        assert!(
            kept_bytes() <= RETAINED_SCRATCH,
            "{} bytes kept",
            kept_bytes()
        );
        assert!(kept_bytes() > 0);
    }

    /// An element aligned past the chunks' 16 bytes.
    #[derive(Debug, Default, Clone, PartialEq)]
    #[repr(align(32))]
    struct Wide {
        id: i32,
    }

    impl Wide {
        const DEFAULT: Self = Wide { id: 0 };
    }

    impl crate::Element for Wide {}

    impl<'a> ParseValue<'a> for Wide {
        const FIELDS: &'a [Field<'a, Self>] = crate::fields!(Self {
            id: i32 = b"\"id\":"
        });
        crate::default_image!('a);
    }

    #[test]
    fn elements_aligned_past_the_chunks_grow_their_own_buffer() {
        let text = format!(
            "[{}]",
            (0..9)
                .map(|id| format!(r#"{{"id":{id}}}"#))
                .collect::<Vec<_>>()
                .join(",")
        );
        let buffer = NulTerminated::from(text.as_str());
        let parsed = from_cursor::<Vec<Wide>>(buffer.cursor()).unwrap();
        assert_eq!(parsed, (0..9).map(|id| Wide { id }).collect::<Vec<_>>());
        // (4, then 8, then 16: the vector's own buffer, through `realloc`)
        assert_eq!(parsed.capacity(), 16);
        assert_eq!(parsed.as_ptr().align_offset(32), 0);
        assert_eq!(open_levels(), 0);
    }

    #[test]
    fn threads_have_scratches_of_their_own() {
        let expected = tree(25, &|d| d % 5 + 1, &mut 0);
        let mut text = String::new();
        json(&expected, &mut text);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..50 {
                        assert_eq!(parse(&text).unwrap(), expected);
                    }
                });
            }
        });
    }
}
