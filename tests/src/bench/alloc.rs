//! A counting global allocator for the `bench` binary.
//!
//! Counting is off by default, so timed batches pay one relaxed load and a predictable branch per
//! allocation; the bench switches it on for a separate, untimed pass per contender and payload.
//! Every `alloc`, `alloc_zeroed` and `realloc` counts as one allocation; the bytes are the sizes
//! requested (for `realloc` the new size). The bench is single-threaded, so the process-wide
//! counters are the counts of the code under test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// The allocator: [`System`] plus counters.
pub struct Counting;

static ENABLED: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
static REALLOCS: AtomicU64 = AtomicU64::new(0);

#[inline]
fn count(size: usize) {
    if ENABLED.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size as u64, Relaxed);
    }
}

/// What [`counted`] saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    /// `alloc` + `alloc_zeroed` + `realloc` calls.
    pub allocs: u64,
    /// Of those, `realloc` calls (a growing buffer).
    pub reallocs: u64,
    /// Bytes requested (for `realloc`, the new size).
    pub bytes: u64,
}

// SAFETY: every call is forwarded unchanged to the system allocator; we only count.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        if ENABLED.load(Relaxed) {
            REALLOCS.fetch_add(1, Relaxed);
        }
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The allocations made while `f` ran.
pub fn counted<R>(f: impl FnOnce() -> R) -> (R, Counts) {
    let read = || Counts {
        allocs: ALLOCS.load(Relaxed),
        reallocs: REALLOCS.load(Relaxed),
        bytes: BYTES.load(Relaxed),
    };
    let before = read();
    ENABLED.store(true, Relaxed);
    let r = f();
    ENABLED.store(false, Relaxed);
    let after = read();
    (
        r,
        Counts {
            allocs: after.allocs - before.allocs,
            reallocs: after.reallocs - before.reallocs,
            bytes: after.bytes - before.bytes,
        },
    )
}
