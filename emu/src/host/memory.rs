//! Pages for translated code, mapped twice from one anonymous memory file: once writable,
//! where code is copied in, and once executable, where it runs; no page is both, and adding
//! code changes no protection (an `mprotect` per block made the kernel flush the other
//! threads' address translations: a tenth of the exhibition's time went there). Unmapped with
//! their cache.

use std::ptr::NonNull;

/// Bytes mapped for one cache's code. Virtual: only the pages written are ever backed.
pub(crate) const CODE_BYTES: usize = 4 << 20;

/// The two views of one cache's code, and how much of it is used.
pub(crate) struct CodePages {
    write: NonNull<u8>,
    run: NonNull<u8>,
    used: usize,
}

// SAFETY: the mappings are owned by this value alone (no other pointer to them is handed out
// but addresses of code in the executable view, which only the owning cache runs); moving it
// to another thread moves that ownership.
unsafe impl Send for CodePages {}
// SAFETY: a shared reference reads only how much is used and where the views are; writing
// and running need the owning cache borrowed mutably.
unsafe impl Sync for CodePages {}

impl CodePages {
    /// Fresh views, or `None` if the host refuses them (the blocks are then interpreted).
    pub(crate) fn new() -> Option<CodePages> {
        // SAFETY: a memory file of the process's own, sized and mapped at addresses of the
        // kernel's choosing, touching no memory of the process; every result is checked and
        // the descriptor closed (the mappings keep the file).
        unsafe {
            let fd = libc::memfd_create(c"firstmoves-code".as_ptr(), libc::MFD_CLOEXEC);
            if fd < 0 {
                return None;
            }
            let map = |prot| {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    CODE_BYTES,
                    prot,
                    libc::MAP_SHARED,
                    fd,
                    0,
                );
                (p != libc::MAP_FAILED).then_some(p)
            };
            let sized = libc::ftruncate(fd, CODE_BYTES as libc::off_t) == 0;
            let write = if sized {
                map(libc::PROT_READ | libc::PROT_WRITE)
            } else {
                None
            };
            let run = write.and_then(|_| map(libc::PROT_READ | libc::PROT_EXEC));
            libc::close(fd);
            match (write, run) {
                (Some(w), Some(r)) => Some(CodePages {
                    write: NonNull::new(w.cast())?,
                    run: NonNull::new(r.cast())?,
                    used: 0,
                }),
                (Some(w), None) => {
                    libc::munmap(w, CODE_BYTES);
                    None
                }
                _ => None,
            }
        }
    }

    /// Where the next `add` puts its code (in the executable view).
    pub(crate) fn next(&self) -> usize {
        self.run.as_ptr() as usize + self.used.next_multiple_of(16)
    }

    /// Bytes still free.
    pub(crate) fn free(&self) -> usize {
        CODE_BYTES - self.used
    }

    /// Copy `code` in after what is there and return where it runs; `None` if it does not
    /// fit.
    pub(crate) fn add(&mut self, code: &[u8]) -> Option<*const u8> {
        // Each block's code at a multiple of 16 bytes, so that its constant is aligned.
        self.used = self.used.next_multiple_of(16).min(CODE_BYTES);
        if code.len() > self.free() {
            return None;
        }
        // SAFETY: [used, used + len) lies inside both views; no code runs there yet, and the
        // cache is borrowed mutably here, so none runs while it is written.
        unsafe {
            let at = self.write.as_ptr().add(self.used);
            std::ptr::copy_nonoverlapping(code.as_ptr(), at, code.len());
            let run = self.run.as_ptr().add(self.used);
            self.used += code.len();
            Some(run)
        }
    }
}

impl Drop for CodePages {
    fn drop(&mut self) {
        // SAFETY: the two mappings made in `new`, unmapped once; no code in them runs after
        // their cache is gone.
        unsafe {
            libc::munmap(self.write.as_ptr().cast(), CODE_BYTES);
            libc::munmap(self.run.as_ptr().cast(), CODE_BYTES);
        }
    }
}
