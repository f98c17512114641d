//! The fuzzing loop: a seed corpus, byte-level mutations drawn from a seeded generator (so a run
//! is repeatable from its seed), each input under `catch_unwind`, and a watchdog thread that
//! ends the run when one input takes longer than the time limit.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use harness::rng::Rng;

/// The exit code of a run that found a hang (the watchdog ends the process).
pub const HANG_EXIT: i32 = 3;

/// Numbers that sit on the edges of the parsers' ranges: field widths, word sizes, f64.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "7",
    "8",
    "9",
    "10",
    "15",
    "16",
    "31",
    "32",
    "35",
    "36",
    "63",
    "64",
    "127",
    "128",
    "255",
    "256",
    "1023",
    "1024",
    "4095",
    "4096",
    "32767",
    "32768",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "34359738367",
    "34359738368",
    "68719476735",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1E308",
    "1E-320",
    "1E999999999999",
    "-2147483648",
    "777777777777",
    "0777777777777",
    "400000000000",
    "1.0",
    ".5",
    "1B35",
    "1B-1",
    "NaN",
    "inf",
    "1e20",
];

/// Run settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Inputs to run (the seeds first, then mutants).
    pub inputs: u64,
    /// Stop earlier after this long.
    pub seconds: Option<f64>,
    pub seed: u64,
    /// The longest mutant, in bytes.
    pub max_len: usize,
    /// One input longer than this is a hang.
    pub timeout: Duration,
    /// Where panicking and hanging inputs are written.
    pub crash_dir: PathBuf,
    /// At most this many panic files a run (the count goes on).
    pub max_crash_files: u64,
    /// Print a progress line to stderr this often (a long run cut short still tells how far it
    /// got).
    pub progress: Option<Duration>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            inputs: 10_000,
            seconds: None,
            seed: 1,
            max_len: 4096,
            timeout: Duration::from_secs(2),
            crash_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/crashes")),
            max_crash_files: 20,
            progress: None,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub inputs: u64,
    pub seconds: f64,
    pub panics: u64,
    /// Files written for panics (the first `max_crash_files`).
    pub panic_files: Vec<PathBuf>,
    /// The slowest input: its time and its bytes (the one to look at when the rate drops).
    pub slowest: (Duration, Vec<u8>),
}

impl Report {
    pub fn rate(&self) -> f64 {
        self.inputs as f64 / self.seconds.max(1e-9)
    }
}

/// One mutant of a corpus input: one to eight stacked byte-level changes.
pub fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], dict: &[&str], max_len: usize) -> Vec<u8> {
    let mut v = corpus[rng.index(corpus.len())].clone();
    for _ in 0..1 + rng.index(8) {
        let len = v.len();
        match rng.index(11) {
            // Flip one bit.
            0 if len > 0 => {
                let i = rng.index(len);
                v[i] ^= 1 << rng.index(8);
            }
            // A random byte, mostly printable.
            1 if len > 0 => {
                let i = rng.index(len);
                v[i] = if rng.index(4) == 0 {
                    rng.next_u64() as u8
                } else {
                    b' ' + rng.index(95) as u8
                };
            }
            // Insert a few random bytes.
            2 => {
                let i = rng.index(len + 1);
                let bytes: Vec<u8> = (0..1 + rng.index(4))
                    .map(|_| rng.next_u64() as u8)
                    .collect();
                v.splice(i..i, bytes);
            }
            // Delete a range.
            3 if len > 0 => {
                let i = rng.index(len);
                let n = 1 + rng.index((len - i).min(64));
                v.drain(i..i + n);
            }
            // Duplicate a range in place.
            4 if len > 0 => {
                let i = rng.index(len);
                let n = 1 + rng.index((len - i).min(256));
                let copy = v[i..i + n].to_vec();
                let at = rng.index(v.len() + 1);
                v.splice(at..at, copy);
            }
            // Splice: this input's head with another's tail.
            5 => {
                let other = &corpus[rng.index(corpus.len())];
                let cut = rng.index(len + 1);
                let from = rng.index(other.len() + 1);
                v.truncate(cut);
                v.extend_from_slice(&other[from..]);
            }
            // A token of the target's dictionary.
            6 | 7 if !dict.is_empty() => {
                let t = dict[rng.index(dict.len())].as_bytes();
                let i = rng.index(len + 1);
                if rng.index(2) == 0 && i < len {
                    let n = 1 + rng.index((len - i).min(t.len().max(1)));
                    v.splice(i..i + n, t.iter().copied());
                } else {
                    v.splice(i..i, t.iter().copied());
                }
            }
            // An interesting number over a run of digits (or inserted).
            8 => {
                let t = NUMBERS[rng.index(NUMBERS.len())].as_bytes();
                let i = rng.index(len + 1);
                let end = i + v[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                v.splice(i..end, t.iter().copied());
            }
            // Duplicate a whole line.
            9 if len > 0 => {
                let i = rng.index(len);
                let start = v[..i]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |k| k + 1);
                let end = v[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(len, |k| i + k + 1);
                let line = v[start..end].to_vec();
                v.splice(start..start, line);
            }
            // Truncate.
            _ if len > 0 => v.truncate(rng.index(len)),
            _ => v.push(rng.next_u64() as u8),
        }
        if v.len() > max_len {
            v.truncate(max_len);
        }
    }
    v
}

/// The watchdog: the input under way (its number and bytes) and when it started.
struct Watch {
    started_ms: AtomicU64,
    number: AtomicU64,
    input: Mutex<Vec<u8>>,
    done: AtomicBool,
}

/// Fuzz `target` with mutants of `seeds`. A hang writes `crash_dir/NAME-hang-N` and ends the
/// process with `HANG_EXIT` (the stuck input cannot be taken back); a panic writes
/// `crash_dir/NAME-panic-N` and the run goes on.
pub fn run(
    name: &str,
    target: fn(&[u8]),
    seeds: &[Vec<u8>],
    dict: &[&str],
    config: &Config,
) -> Report {
    let mut corpus: Vec<Vec<u8>> = seeds.to_vec();
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let clock = Instant::now();
    let watch = Arc::new(Watch {
        started_ms: AtomicU64::new(0),
        number: AtomicU64::new(u64::MAX),
        input: Mutex::new(Vec::new()),
        done: AtomicBool::new(false),
    });
    let dog = {
        let watch = Arc::clone(&watch);
        let (name, dir, limit) = (name.to_string(), config.crash_dir.clone(), config.timeout);
        std::thread::spawn(move || watchdog(&watch, clock, limit, &name, &dir))
    };
    // Panics are counted and saved here; the default hook's message for each would drown the
    // output.
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let mut rng = Rng::new(config.seed);
    let mut report = Report::default();
    let deadline = config.seconds.map(|s| clock + Duration::from_secs_f64(s));
    let mut shown = clock;
    for n in 0..config.inputs {
        if n % 256 == 0 {
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                break;
            }
            if config.progress.is_some_and(|p| now - shown >= p) {
                shown = now;
                let s = (now - clock).as_secs_f64();
                eprintln!(
                    "{name}: {n} inputs in {s:.0} s, {:.0}/s, {} panics",
                    n as f64 / s,
                    report.panics
                );
            }
        }
        let input = match corpus.get(n as usize) {
            Some(seed) if (n as usize) < seeds.len() => seed.clone(),
            _ => mutate(&mut rng, &corpus, dict, config.max_len),
        };
        *watch.input.lock().unwrap_or_else(|e| e.into_inner()) = input.clone();
        watch
            .started_ms
            .store(clock.elapsed().as_millis() as u64, Ordering::SeqCst);
        watch.number.store(n, Ordering::SeqCst);
        let began = Instant::now();
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| target(&input)));
        let took = began.elapsed();
        watch.number.store(u64::MAX, Ordering::SeqCst);
        if took > report.slowest.0 {
            report.slowest = (took, input.clone());
        }
        report.inputs += 1;
        if outcome.is_err() {
            report.panics += 1;
            if report.panics <= config.max_crash_files {
                let file = config.crash_dir.join(format!("{name}-panic-{n}"));
                if std::fs::create_dir_all(&config.crash_dir).is_ok()
                    && std::fs::write(&file, &input).is_ok()
                {
                    report.panic_files.push(file);
                }
            }
        }
    }
    panic::set_hook(hook);
    watch.done.store(true, Ordering::SeqCst);
    let _ = dog.join();
    report.seconds = clock.elapsed().as_secs_f64();
    report
}

fn watchdog(watch: &Watch, clock: Instant, limit: Duration, name: &str, dir: &std::path::Path) {
    let tick = (limit / 10).clamp(Duration::from_millis(10), Duration::from_millis(100));
    while !watch.done.load(Ordering::SeqCst) {
        std::thread::sleep(tick);
        let n = watch.number.load(Ordering::SeqCst);
        let started = watch.started_ms.load(Ordering::SeqCst);
        let now = clock.elapsed().as_millis() as u64;
        if n != u64::MAX
            && now.saturating_sub(started) > limit.as_millis() as u64
            && watch.number.load(Ordering::SeqCst) == n
        {
            let input = watch
                .input
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone();
            let file = dir.join(format!("{name}-hang-{n}"));
            let saved = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&file, &input));
            eprintln!(
                "{name}: input {n} ran longer than {:.1} s: {} ({} bytes){}",
                limit.as_secs_f64(),
                file.display(),
                input.len(),
                saved
                    .err()
                    .map(|e| format!(" not written: {e}"))
                    .unwrap_or_default()
            );
            std::process::exit(HANG_EXIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutants_are_repeatable_and_bounded() {
        let corpus = vec![b"ORG 100\nDEC 1\n".to_vec(), b"abc".to_vec()];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..500)
                .map(|_| mutate(&mut rng, &corpus, &["DEC", "=", "*"], 64))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        assert!(run(9).iter().all(|m| m.len() <= 64));
    }

    #[test]
    fn panics_are_counted_and_saved() {
        fn picky(b: &[u8]) {
            assert!(!b.contains(&b'!'), "a bang");
        }
        let dir = std::env::temp_dir().join(format!("fuzz-engine-{}", std::process::id()));
        let config = Config {
            inputs: 2000,
            crash_dir: dir.clone(),
            max_crash_files: 3,
            ..Config::default()
        };
        let r = run("picky", picky, &[b"hello".to_vec()], &["!"], &config);
        assert_eq!(r.inputs, 2000);
        assert!(r.panics > 3, "{r:?}");
        assert_eq!(r.panic_files.len(), 3);
        for f in &r.panic_files {
            assert!(std::fs::read(f).unwrap().contains(&b'!'));
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
