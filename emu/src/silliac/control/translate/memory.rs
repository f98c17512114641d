//! Pages for translated code: mapped writable, filled, then made executable and no longer
//! writable before any of it runs (never both at once), and unmapped with their cache.

use std::ptr::NonNull;

/// Bytes mapped for one cache's code. Virtual: only the pages written are ever backed.
pub(super) const CODE_BYTES: usize = 4 << 20;

/// One mapping of code pages and how much of it is used.
pub(super) struct CodePages {
    base: NonNull<u8>,
    used: usize,
}

// SAFETY: the mapping is owned by this value alone (no other pointer to it is handed out but
// the entry points of code in it, which only the owning cache calls); moving it to another
// thread moves that ownership.
unsafe impl Send for CodePages {}
// SAFETY: a shared reference reads only how much is used; writing and running need the
// owning cache borrowed mutably.
unsafe impl Sync for CodePages {}

impl CodePages {
    /// A fresh mapping, or `None` if the host refuses one (the blocks are then interpreted).
    pub(super) fn new() -> Option<CodePages> {
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing touches
        // no memory of the process; the result is checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                CODE_BYTES,
                libc::PROT_READ | libc::PROT_EXEC,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return None;
        }
        Some(CodePages {
            base: NonNull::new(p.cast())?,
            used: 0,
        })
    }

    /// Where the next `add` puts its code.
    pub(super) fn next(&self) -> usize {
        self.base.as_ptr() as usize + self.used.next_multiple_of(16)
    }

    /// Bytes still free.
    pub(super) fn free(&self) -> usize {
        CODE_BYTES - self.used
    }

    /// Copy `code` in after what is there and return where it starts; `None` if it does not
    /// fit or the host will not change the pages' protection.
    pub(super) fn add(&mut self, code: &[u8]) -> Option<*const u8> {
        // Each block's code at a multiple of 16 bytes, so that its constant is aligned.
        self.used = self.used.next_multiple_of(16).min(CODE_BYTES);
        if code.len() > self.free() {
            return None;
        }
        let page = 4096;
        let first = self.used / page * page;
        let end = (self.used + code.len()).div_ceil(page) * page;
        // SAFETY: [first, end) lies inside the mapping (end <= CODE_BYTES, a multiple of the
        // page size); no code in those pages runs while they are writable, as the cache is
        // borrowed mutably here and only it calls into them.
        unsafe {
            let pages = self.base.as_ptr().add(first).cast();
            if libc::mprotect(pages, end - first, libc::PROT_READ | libc::PROT_WRITE) != 0 {
                return None;
            }
            let at = self.base.as_ptr().add(self.used);
            std::ptr::copy_nonoverlapping(code.as_ptr(), at, code.len());
            if libc::mprotect(pages, end - first, libc::PROT_READ | libc::PROT_EXEC) != 0 {
                return None;
            }
            self.used += code.len();
            Some(at)
        }
    }
}

impl Drop for CodePages {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once; no code in it runs after its cache
        // is gone.
        unsafe {
            libc::munmap(self.base.as_ptr().cast(), CODE_BYTES);
        }
    }
}
