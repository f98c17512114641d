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

/// `f` over `items` on `jobs` threads, the results in the items' order, `progress` told as
/// they come in. A campaign whose problems are pure functions of their case gives the same
/// report for every `jobs`: the caller sums the results in order, as one thread would.
pub fn map_in_order<T, R, F>(items: &[T], jobs: usize, progress: &mut dyn Progress, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let jobs = jobs.max(1);
    let pool = match jobs {
        1 => None,
        n => rayon::ThreadPoolBuilder::new().num_threads(n).build().ok(),
    };
    let mut out = Vec::with_capacity(items.len());
    // Slices of a few items a thread, so that progress moves while the threads work.
    for slice in items.chunks(jobs * 4) {
        match &pool {
            Some(pool) => {
                use rayon::prelude::*;
                let part: Vec<R> = pool.install(|| slice.par_iter().map(&f).collect());
                out.extend(part);
            }
            None => out.extend(slice.iter().map(&f)),
        }
        progress.update(out.len(), items.len());
    }
    out
}
