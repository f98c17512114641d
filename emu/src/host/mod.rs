//! What the translators of both machines share: a hand encoder of the few x86-64 instructions
//! they emit, and the pages translated code is written to and run from. Each machine's
//! translator (`silliac::control::translate`, `ibm7090::cpu::translate`) builds its blocks'
//! code from its own order table on these.
//!
//! Only on x86-64 Linux; elsewhere `CodePages::new` gives none and every block is interpreted.

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
pub(crate) mod memory;
pub(crate) mod x86;

/// Fresh code pages with a translator's shared code at their start (its entry and exits,
/// assembled by `shared` for the address it is given): the pages, and the addresses of the
/// entry and of the two exits whose offsets `shared` returns. `None` if the host refuses the
/// pages (every block is then interpreted).
pub(crate) fn pages_with(
    shared: impl FnOnce(usize) -> (Vec<u8>, usize, usize),
) -> Option<(memory::CodePages, usize, usize, usize)> {
    let mut pages = memory::CodePages::new()?;
    let (code, leave, leave_clean) = shared(pages.next());
    let at = pages.add(&code)? as usize;
    Some((pages, at, at + leave, at + leave_clean))
}

/// Whether this host runs translated code at all.
pub(crate) const TRANSLATES: bool = cfg!(all(target_arch = "x86_64", target_os = "linux"));

/// No executable pages on other hosts: every block is interpreted.
#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
pub(crate) mod memory {
    pub(crate) struct CodePages;
    impl CodePages {
        pub(crate) fn new() -> Option<CodePages> {
            None
        }
        pub(crate) fn next(&self) -> usize {
            0
        }
        pub(crate) fn free(&self) -> usize {
            0
        }
        pub(crate) fn add(&mut self, _: &[u8]) -> Option<*const u8> {
            None
        }
    }
}
