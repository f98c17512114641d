//! Progress of long campaigns (crosscheck, learning, matches): the loops report how far they
//! are through this trait; how it is shown (a bar, plain lines, nothing) is the caller's
//! business, so the library holds no terminal code.

/// Told after each finished unit of work: `done` of `total` (`total` may be an upper bound, as
/// for learning, which can converge early).
pub trait Progress {
    fn update(&mut self, done: usize, total: usize);
}

/// Shows nothing: what the plain library functions use.
pub struct NoProgress;

impl Progress for NoProgress {
    fn update(&mut self, _done: usize, _total: usize) {}
}

/// Any `FnMut(done, total)` is a progress sink (handy in tests).
impl<F: FnMut(usize, usize)> Progress for F {
    fn update(&mut self, done: usize, total: usize) {
        self(done, total)
    }
}
