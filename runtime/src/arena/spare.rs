//! Spare arenas: the arenas of dropped [`Document`](super::Document)s, kept for the next
//! documents parsed, so that a program which parses and drops documents takes nothing from the
//! global allocator per document once warm, whether one thread parses and drops them (a receive
//! loop that handles what it parses) or one thread parses and others drop them (a receive loop
//! that hands documents to worker threads).
//!
//! Each thread keeps the arenas it drops, up to [`SPARE_ARENAS_PER_THREAD`]. When it drops one
//! more, it moves those it keeps to a pool the whole process shares, which holds arenas of at
//! most [`SHARED_SPARE_BYTES`] in all; a thread that parses and has none left takes its next
//! few from that pool (one lock for several documents on either side). An arena is kept only
//! when its one chunk, after reset, is at most [`SPARE_ARENA_MAX_BYTES`]. So the process holds
//! at most `SHARED_SPARE_BYTES + SPARE_ARENAS_PER_THREAD × SPARE_ARENA_MAX_BYTES × threads` for
//! later documents (1 MiB shared and 256 KiB a thread), and nothing once every thread that
//! dropped documents has run [`release_spare_arenas`] or ended.

use core::cell::RefCell;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::Bump;

/// How many spare arenas a thread keeps for itself (one more dropped moves them to the shared
/// pool).
pub const SPARE_ARENAS_PER_THREAD: usize = 4;

/// How many bytes of chunk the spare arenas of the process's shared pool hold at most (an arena
/// that would pass it is freed).
pub const SHARED_SPARE_BYTES: usize = 1024 * 1024;

/// The largest arena kept, in bytes of its chunk (a larger one is freed).
pub const SPARE_ARENA_MAX_BYTES: usize = 64 * 1024;

std::thread_local! {
    /// This thread's spare arenas, each reset (one chunk, empty); the last dropped at the end.
    static SPARE: RefCell<Vec<Bump>> = const { RefCell::new(Vec::new()) };
}

/// Spare arenas that threads passed on, for any thread to take.
static SHARED: Mutex<Pool> = Mutex::new(Pool {
    arenas: Vec::new(),
    bytes: 0,
});

/// How many arenas [`SHARED`] holds, as last written under its lock: a thread with no spare
/// arena reads it before it takes the lock, so that an empty pool costs no lock.
static SHARED_LEN: AtomicUsize = AtomicUsize::new(0);

/// The shared pool's arenas, and the sum of their chunks' bytes.
struct Pool {
    arenas: Vec<Bump>,
    bytes: usize,
}

/// The shared pool (a panic elsewhere while it was held left a valid pool).
fn shared() -> MutexGuard<'static, Pool> {
    SHARED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An empty arena with room for `first_chunk` bytes in its current chunk: the last of this
/// thread's spare ones that is large enough (taking a few from the shared pool when the thread
/// has none), else a new one. When none is large enough, the last spare one is freed if the new
/// one can be kept in its place (so that spare arenas follow the size of the documents), and
/// stays when the new one is too large to be kept.
pub(super) fn take(first_chunk: usize) -> Bump {
    let spare = SPARE
        .try_with(|spare| {
            let mut spare = spare.try_borrow_mut().ok()?;
            if spare.is_empty() && SHARED_LEN.load(Ordering::Relaxed) != 0 {
                take_shared(&mut spare);
            }
            if let Some(fit) = spare
                .iter()
                .rposition(|a| a.chunk_capacity() >= first_chunk)
            {
                return Some(spare.swap_remove(fit));
            }
            if first_chunk <= SPARE_ARENA_MAX_BYTES {
                drop(spare.pop());
            }
            None
        })
        .ok()
        .flatten();
    spare.unwrap_or_else(|| Bump::with_capacity(first_chunk))
}

/// Keeps `arena` (reset) among this thread's spare ones, after moving those to the shared pool
/// when the thread keeps [`SPARE_ARENAS_PER_THREAD`] already (freeing the ones the pool has no
/// room for). Frees it when it is larger than [`SPARE_ARENA_MAX_BYTES`], or when the thread's
/// storage is gone (a document dropped by a thread-local destructor).
pub(super) fn give_back(mut arena: Bump) {
    arena.reset();
    if arena.allocated_bytes() > SPARE_ARENA_MAX_BYTES {
        return;
    }
    // (an arena that cannot be kept is dropped here, after the borrow ends)
    let _freed = SPARE
        .try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return Some(arena);
            };
            if spare.len() >= SPARE_ARENAS_PER_THREAD {
                pass_on(&mut spare);
            }
            spare.push(arena);
            None
        })
        .ok()
        .flatten();
}

/// Moves this thread's spare arenas to the shared pool; those it has no room for are freed
/// (under its lock: a full pool is the rare case, and the arenas are few).
#[cold]
fn pass_on(spare: &mut Vec<Bump>) {
    let mut shared = shared();
    for arena in spare.drain(..) {
        let bytes = arena.allocated_bytes();
        if shared.bytes + bytes <= SHARED_SPARE_BYTES {
            shared.bytes += bytes;
            shared.arenas.push(arena);
        }
    }
    SHARED_LEN.store(shared.arenas.len(), Ordering::Relaxed);
}

/// Moves up to [`SPARE_ARENAS_PER_THREAD`] arenas of the shared pool to this thread's (empty)
/// spare ones.
#[cold]
fn take_shared(spare: &mut Vec<Bump>) {
    let mut shared = shared();
    while spare.len() < SPARE_ARENAS_PER_THREAD {
        let Some(arena) = shared.arenas.pop() else {
            break;
        };
        shared.bytes -= arena.allocated_bytes();
        spare.push(arena);
    }
    SHARED_LEN.store(shared.arenas.len(), Ordering::Relaxed);
}

/// Frees this thread's spare arenas and those of the shared pool (the memory of documents
/// dropped, kept for the next ones parsed): for a program that stops parsing but lives on.
/// Other threads keep their own until they run it too, or end.
pub fn release_spare_arenas() {
    let freed = SPARE
        .try_with(|spare| spare.try_borrow_mut().map(|mut s| core::mem::take(&mut *s)))
        .ok()
        .and_then(Result::ok);
    drop(freed);
    let shared = {
        let mut shared = shared();
        SHARED_LEN.store(0, Ordering::Relaxed);
        shared.bytes = 0;
        core::mem::take(&mut shared.arenas)
    };
    drop(shared);
}
