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

/// `map_in_order` for results wanted as they come (a match's games, written as they finish):
/// `sink` sees each result in the items' order as soon as it and every earlier one are in, and
/// may stop the run with an error. One thread runs the items one by one; more run a slice of
/// `jobs` items at a time.
pub fn each_in_order<T, R, E, F>(
    items: &[T],
    jobs: usize,
    progress: &mut dyn Progress,
    f: F,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
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
    let mut done = 0;
    // One item a thread per slice: a match's games are long, so sink and progress should not
    // wait for many.
    for slice in items.chunks(if pool.is_some() { jobs } else { 1 }) {
        let part: Vec<R> = match &pool {
            Some(pool) => {
                use rayon::prelude::*;
                pool.install(|| slice.par_iter().map(&f).collect())
            }
            None => slice.iter().map(&f).collect(),
        };
        for r in part {
            sink(r)?;
            done += 1;
        }
        progress.update(done, items.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_in_order_keeps_the_order_for_any_jobs() {
        let items: Vec<u64> = (0..23).collect();
        for jobs in [1, 2, 5] {
            let mut seen = Vec::new();
            let mut last = (0, 0);
            each_in_order(
                &items,
                jobs,
                &mut |d: usize, t: usize| last = (d, t),
                |x| x * x,
                |r| {
                    seen.push(r);
                    Ok::<(), ()>(())
                },
            )
            .unwrap();
            assert_eq!(seen, items.iter().map(|x| x * x).collect::<Vec<_>>());
            assert_eq!(last, (23, 23));
        }
        let mut n = 0;
        let stopped = each_in_order(
            &items,
            2,
            &mut NoProgress,
            |x| *x,
            |r| {
                n += 1;
                if r == 3 {
                    Err(r)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!((stopped, n), (Err(3), 4));
    }
}
