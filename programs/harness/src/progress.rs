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
    let order: Vec<usize> = (0..items.len()).collect();
    map_handed_out(items, &order, jobs, progress, f)
}

/// `map_in_order` with each item's expected cost known beforehand: the items are handed out
/// costliest first (ties in the items' order), so that no thread is left running a long item
/// alone at the end while the others have run out; the results still come in the items' order.
/// A campaign of uneven problems handed out in their own order can lose a tenth of two
/// threads' time to its last long one.
pub fn map_costliest_first<T, R, F>(
    items: &[T],
    cost: &[u64],
    jobs: usize,
    progress: &mut dyn Progress,
    f: F,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    assert_eq!(items.len(), cost.len(), "a cost for each item");
    map_handed_out(items, &costliest_first(cost), jobs, progress, f)
}

/// A campaign of twins: `native` over every item, then `emulated` over every item handed out
/// costliest first by what `cost` reads from its native result (the native search's count
/// foretells the emulated run's length), `progress` told as the emulated runs finish. Both
/// lists in the items' order. On several threads there is no wait between the two: a thread
/// takes the next native while any is left, else the costliest emulated run whose native is
/// done, so that one long native search (Turochamp's deepest, half of all the natives' time)
/// does not leave the other threads idle until it ends.
pub fn twins_costliest_first<T, N, E>(
    items: &[T],
    jobs: usize,
    progress: &mut dyn Progress,
    native: impl Fn(&T) -> N + Sync,
    cost: impl Fn(&N) -> u64 + Sync,
    emulated: impl Fn(&T) -> E + Sync,
) -> (Vec<N>, Vec<E>)
where
    T: Sync,
    N: Send,
    E: Send,
{
    let Some(pool) = pool_of(jobs) else {
        let natives = map_in_order(items, 1, &mut NoProgress, native);
        let cost: Vec<u64> = natives.iter().map(cost).collect();
        let emulated = map_costliest_first(items, &cost, 1, progress, emulated);
        return (natives, emulated);
    };
    let mut natives: Vec<Option<N>> = (0..items.len()).map(|_| None).collect();
    let mut runs: Vec<Option<E>> = (0..items.len()).map(|_| None).collect();
    let mut done = 0;
    twins_spread(items, &pool, &native, &cost, &emulated, |twin| match twin {
        Twin::Native(i, n) => natives[i] = Some(n),
        Twin::Emulated(i, e) => {
            runs[i] = Some(e);
            done += 1;
            progress.update(done, items.len());
        }
    });
    let all = "every item ran: a worker that panics takes the run with it";
    (
        natives.into_iter().map(|n| n.expect(all)).collect(),
        runs.into_iter().map(|e| e.expect(all)).collect(),
    )
}

/// A piece of work of `twins_spread` (an item's index), or its result.
enum Twin<N, E> {
    Native(usize, N),
    Emulated(usize, E),
}

/// What the threads of `twins_spread` share: the next native to run, the emulated runs whose
/// natives are done (costliest on top, ties by the lower index), how many are handed out, and
/// whether a thread panicked (the others then stop waiting).
struct TwinQueue {
    next_native: usize,
    ready: std::collections::BinaryHeap<(u64, std::cmp::Reverse<usize>)>,
    emulated_out: usize,
    failed: bool,
}

/// Sets `failed` and wakes the waiting threads if its thread unwinds.
struct FailOnPanic<'a>(&'a (std::sync::Mutex<TwinQueue>, std::sync::Condvar));

impl Drop for FailOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            if let Ok(mut q) = self.0 .0.lock() {
                q.failed = true;
            }
            self.0 .1.notify_all();
        }
    }
}

/// The threads of `pool` over both halves of every twin (`twins_costliest_first`), each
/// result handed with its index to `take` on the calling thread as it arrives.
fn twins_spread<T, N, E>(
    items: &[T],
    pool: &rayon::ThreadPool,
    native: &(impl Fn(&T) -> N + Sync),
    cost: &(impl Fn(&N) -> u64 + Sync),
    emulated: &(impl Fn(&T) -> E + Sync),
    mut take: impl FnMut(Twin<N, E>),
) where
    T: Sync,
    N: Send,
    E: Send,
{
    use std::sync::{Condvar, Mutex};
    let shared = (
        Mutex::new(TwinQueue {
            next_native: 0,
            ready: std::collections::BinaryHeap::new(),
            emulated_out: 0,
            failed: false,
        }),
        Condvar::new(),
    );
    // The next piece of work, or None when every emulated run is handed out (or a thread
    // panicked).
    let next = |shared: &(Mutex<TwinQueue>, Condvar)| -> Option<Twin<(), ()>> {
        let mut q = shared.0.lock().ok()?;
        loop {
            if q.failed || q.emulated_out == items.len() {
                return None;
            }
            if q.next_native < items.len() {
                q.next_native += 1;
                return Some(Twin::Native(q.next_native - 1, ()));
            }
            if let Some((_, std::cmp::Reverse(i))) = q.ready.pop() {
                q.emulated_out += 1;
                return Some(Twin::Emulated(i, ()));
            }
            // Every native handed out, none of the running ones done yet.
            q = shared.1.wait(q).ok()?;
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|s| {
        for _ in 0..pool.current_num_threads() {
            let (tx, shared, next) = (tx.clone(), &shared, &next);
            s.spawn(move |_| {
                let _guard = FailOnPanic(shared);
                while let Some(work) = next(shared) {
                    let twin = match work {
                        Twin::Native(i, ()) => {
                            let n = native(&items[i]);
                            let c = cost(&n);
                            if let Ok(mut q) = shared.0.lock() {
                                q.ready.push((c, std::cmp::Reverse(i)));
                            }
                            shared.1.notify_all();
                            Twin::Native(i, n)
                        }
                        Twin::Emulated(i, ()) => Twin::Emulated(i, emulated(&items[i])),
                    };
                    if tx.send(twin).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for twin in rx {
            take(twin);
        }
    });
}

/// The indices of `cost`, costliest first, ties in index order.
fn costliest_first(cost: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cost.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cost[i]));
    order
}

/// `f` over `items` handed out to `jobs` threads in `order` (a permutation of the indices),
/// the results in the items' order.
fn map_handed_out<T, R, F>(
    items: &[T],
    order: &[usize],
    jobs: usize,
    progress: &mut dyn Progress,
    f: F,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let Some(pool) = pool_of(jobs) else {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(f(item));
            progress.update(out.len(), items.len());
        }
        return out;
    };
    let mut slots: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let mut done = 0;
    spread(items, order, &pool, &f, |i, r| {
        slots[i] = Some(r);
        done += 1;
        progress.update(done, items.len());
        true
    });
    slots
        .into_iter()
        .map(|r| r.expect("every item ran: a worker that panics takes the run with it"))
        .collect()
}

/// `map_in_order` for results wanted as they come (a match's games, written as they finish):
/// `sink` sees each result in the items' order as soon as it and every earlier one are in, and
/// may stop the run with an error (items already running finish, and are dropped).
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
    let Some(pool) = pool_of(jobs) else {
        for (done, item) in items.iter().enumerate() {
            sink(f(item))?;
            progress.update(done + 1, items.len());
        }
        return Ok(());
    };
    // Results that came before an earlier one, held until it is in.
    let mut waiting: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let mut done = 0;
    let mut failed = None;
    let order: Vec<usize> = (0..items.len()).collect();
    spread(items, &order, &pool, &f, |i, r| {
        waiting[i] = Some(r);
        while let Some(r) = waiting.get_mut(done).and_then(Option::take) {
            if let Err(e) = sink(r) {
                failed = Some(e);
                return false;
            }
            done += 1;
            progress.update(done, items.len());
        }
        true
    });
    failed.map_or(Ok(()), Err)
}

/// A pool of `jobs` threads; `None` for one job (the caller's thread runs everything).
fn pool_of(jobs: usize) -> Option<rayon::ThreadPool> {
    match jobs.max(1) {
        1 => None,
        n => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .stack_size(crate::THREAD_STACK)
            .build()
            .ok(),
    }
}

/// Run `f` over `items` on every thread of `pool`, each thread taking the next item in `order`
/// nobody has taken yet, and hand each result with its index to `take` on the calling thread
/// as it arrives. No thread waits for a slower one until the list runs out (fixed slices of
/// items made each slice wait for its slowest item). `take` returning false stops the handing
/// out.
fn spread<T, R, F>(
    items: &[T],
    order: &[usize],
    pool: &rayon::ThreadPool,
    f: &F,
    mut take: impl FnMut(usize, R) -> bool,
) where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel();
    // The calling thread is no pool thread: it waits on the channel while the pool works.
    pool.in_place_scope(|s| {
        for _ in 0..pool.current_num_threads() {
            let (tx, next) = (tx.clone(), &next);
            s.spawn(move |_| {
                while let Some(&i) = order.get(next.fetch_add(1, Relaxed)) {
                    // A send fails once the caller stopped listening: take no more.
                    if tx.send((i, f(&items[i]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            if !take(i, r) {
                // Items still running finish; no new one starts (their sends fail).
                next.store(order.len(), Relaxed);
                break;
            }
        }
    });
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

    #[test]
    fn the_costliest_go_first_and_the_results_stay_in_order() {
        let cost = [1, 9, 3, 9, 0, 7, 2, 8, 5];
        assert_eq!(costliest_first(&cost), [1, 3, 7, 5, 8, 2, 6, 0, 4]);
        let items: Vec<u64> = (0..9).collect();
        for jobs in [1, 2, 3] {
            let mut last = (0, 0);
            let out = map_costliest_first(
                &items,
                &cost,
                jobs,
                &mut |d: usize, t: usize| last = (d, t),
                |&x| x * 3,
            );
            assert_eq!(out, items.iter().map(|x| x * 3).collect::<Vec<_>>());
            assert_eq!(last, (9, 9));
        }
    }

    #[test]
    fn twins_come_back_in_order_for_any_jobs() {
        let items: Vec<u64> = (0..15).collect();
        // The last native is the slowest, as Turochamp's deepest search is.
        let native = |x: &u64| {
            if *x == 14 {
                std::thread::sleep(std::time::Duration::from_millis(30));
            }
            x * 2
        };
        for jobs in [1, 2, 5] {
            let mut last = (0, 0);
            let (natives, runs) = twins_costliest_first(
                &items,
                jobs,
                &mut |d: usize, t: usize| last = (d, t),
                native,
                |n| n % 7,
                |x| x + 100,
            );
            assert_eq!(natives, items.iter().map(|x| x * 2).collect::<Vec<_>>());
            assert_eq!(runs, items.iter().map(|x| x + 100).collect::<Vec<_>>());
            assert_eq!(last, (15, 15));
        }
    }

    #[test]
    fn a_twin_that_panics_ends_the_run_without_hanging_it() {
        let items: Vec<u64> = (0..8).collect();
        let run = std::panic::catch_unwind(|| {
            twins_costliest_first(
                &items,
                2,
                &mut NoProgress,
                |x| {
                    assert!(*x != 5, "native 5 fails");
                    *x
                },
                |n| *n,
                |x| *x,
            )
        });
        assert!(run.is_err());
    }

    #[test]
    fn results_that_finish_out_of_order_come_back_in_order() {
        // Early items take longest, so on several threads later ones finish first.
        let items: Vec<u64> = (0..12).collect();
        let slow = |x: &u64| {
            std::thread::sleep(std::time::Duration::from_millis(12 - x));
            x * 10
        };
        for jobs in [1, 2, 5] {
            let mut last = (0, 0);
            let out = map_in_order(&items, jobs, &mut |d: usize, t: usize| last = (d, t), slow);
            assert_eq!(out, items.iter().map(|x| x * 10).collect::<Vec<_>>());
            assert_eq!(last, (12, 12));
            let mut seen = Vec::new();
            each_in_order(&items, jobs, &mut NoProgress, slow, |r| {
                seen.push(r);
                Ok::<(), ()>(())
            })
            .unwrap();
            assert_eq!(seen, out);
        }
    }
}
