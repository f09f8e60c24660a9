//! A buffer whose last readable byte is followed by an inaccessible (`PROT_NONE`) page, for the
//! guard-page tests: a document placed with [`Guarded::place`] ends with its NUL right before the
//! guard page, so any read past the NUL faults. Shared by `runtime/tests/pointer_guard_page.rs`
//! (the tokenizer) and `tests/tests/hardening_guard.rs` (generated parsers, by `#[path]`).

/// A read-write mapping whose last page is `PROT_NONE`.
pub struct Guarded {
    base: *mut u8,
    /// Bytes before the guard page.
    usable: usize,
    total: usize,
}

impl Guarded {
    pub fn new(max_len: usize) -> Guarded {
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
        let usable = max_len.div_ceil(page).max(1) * page;
        let total = usable + page;
        // SAFETY: an anonymous private mapping of `total` bytes; the result is checked.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED, "mmap");
        let base = base.cast::<u8>();
        // SAFETY: `base + usable` is page-aligned and the last page lies inside the mapping.
        let rc = unsafe { libc::mprotect(base.add(usable).cast(), page, libc::PROT_NONE) };
        assert_eq!(rc, 0, "mprotect");
        Guarded {
            base,
            usable,
            total,
        }
    }

    /// Copies `doc` and a NUL so that the NUL is the last byte before the guard page; returns
    /// that region (NUL included).
    pub fn place(&mut self, doc: &[u8]) -> &[u8] {
        let len = doc.len() + 1;
        assert!(len <= self.usable);
        // SAFETY: `usable - len .. usable` lies in the read-write part of the mapping, which
        // `&mut self` owns exclusively while the returned slice lives.
        unsafe {
            let start = self.base.add(self.usable - len);
            std::ptr::copy_nonoverlapping(doc.as_ptr(), start, doc.len());
            *start.add(doc.len()) = 0;
            std::slice::from_raw_parts(start, len)
        }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the mapping created in `new`.
        unsafe { libc::munmap(self.base.cast(), self.total) };
    }
}
