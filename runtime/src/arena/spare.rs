//! Spare arenas: the arenas of dropped [`Document`](super::Document)s, kept by the thread that
//! dropped them for the next documents it parses, so that a thread which parses and drops
//! documents (a receive loop) takes nothing from the global allocator per document once warm.
//!
//! Limits: a thread keeps at most [`SPARE_ARENAS_PER_THREAD`] arenas, each reset to its one
//! largest chunk and kept only when that chunk is at most [`SPARE_ARENA_MAX_BYTES`]; so a thread
//! holds at most their product (256 KiB) for later documents, and nothing once
//! [`release_spare_arenas`] runs or the thread ends. A document dropped on another thread than
//! the one that parsed it leaves its arena to the dropping thread (a consumer that never parses
//! keeps its few arenas until it ends or releases them).

use core::cell::RefCell;

use super::Bump;

/// How many spare arenas a thread keeps (more dropped documents free their arenas).
pub const SPARE_ARENAS_PER_THREAD: usize = 4;

/// The largest arena a thread keeps, in bytes of its chunk (a larger one is freed).
pub const SPARE_ARENA_MAX_BYTES: usize = 64 * 1024;

std::thread_local! {
    /// This thread's spare arenas, each reset (one chunk, empty); the last dropped at the end.
    static SPARE: RefCell<Vec<Bump>> = const { RefCell::new(Vec::new()) };
}

/// An empty arena with room for `first_chunk` bytes in its current chunk: this thread's last
/// spare one when it is large enough, else a new one. A spare one too small is freed when the
/// new one can be kept in its place (so that spare arenas follow the size of the documents),
/// and stays when the new one is too large to be kept.
pub(super) fn take(first_chunk: usize) -> Bump {
    let spare = SPARE
        .try_with(|spare| {
            let mut spare = spare.try_borrow_mut().ok()?;
            let fits = spare.last()?.chunk_capacity() >= first_chunk;
            if fits || first_chunk <= SPARE_ARENA_MAX_BYTES {
                spare.pop().filter(|_| fits)
            } else {
                None
            }
        })
        .ok()
        .flatten();
    spare.unwrap_or_else(|| Bump::with_capacity(first_chunk))
}

/// Keeps `arena` (reset) for this thread's next document, or frees it: when it is larger than
/// [`SPARE_ARENA_MAX_BYTES`], when the thread keeps [`SPARE_ARENAS_PER_THREAD`] already, or
/// when the thread's storage is gone (a document dropped by a thread-local destructor).
pub(super) fn give_back(mut arena: Bump) {
    arena.reset();
    if arena.allocated_bytes() > SPARE_ARENA_MAX_BYTES {
        return;
    }
    // (an arena that cannot be kept is dropped here, after the borrow ends)
    let _freed = SPARE
        .try_with(|spare| match spare.try_borrow_mut() {
            Ok(mut spare) if spare.len() < SPARE_ARENAS_PER_THREAD => {
                spare.push(arena);
                None
            }
            _ => Some(arena),
        })
        .ok()
        .flatten();
}

/// Frees this thread's spare arenas (the memory of documents it dropped, kept for the next
/// ones it parses): for a thread that stops parsing but lives on.
pub fn release_spare_arenas() {
    let freed = SPARE
        .try_with(|spare| spare.try_borrow_mut().map(|mut s| core::mem::take(&mut *s)))
        .ok()
        .and_then(Result::ok);
    drop(freed);
}
