//! Progress of long campaigns on stderr (stdout, and so any JSON, is untouched): one bar line
//! redrawn with `\r` when stderr is a terminal, else plain lines every 10% or every 10 s, so
//! logs stay readable.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use harness::progress::Progress;

const BAR_WIDTH: usize = 20;

/// `-q/--quiet`: no progress at all (set once, from the command line).
static QUIET: AtomicBool = AtomicBool::new(false);

/// Silence every progress report of this process.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}
/// Plain mode: a line at least every this long, whatever the percentage.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// Renders progress to stderr; build one per campaign with `Reporter::new("crosscheck")`.
pub struct Reporter {
    label: &'static str,
    tty: bool,
    start: Instant,
    /// Plain mode: the last tenth printed and when.
    last_tenth: usize,
    last_line: Instant,
    /// Terminal mode: a bar is on screen and needs a newline when we are done.
    drawn: bool,
}

impl Reporter {
    pub fn new(label: &'static str) -> Self {
        let now = Instant::now();
        Reporter {
            label,
            tty: std::io::stderr().is_terminal(),
            start: now,
            last_tenth: 0,
            last_line: now,
            drawn: false,
        }
    }
}

impl Progress for Reporter {
    fn update(&mut self, done: usize, total: usize) {
        if QUIET.load(Ordering::Relaxed) {
            return;
        }
        let mut err = std::io::stderr().lock();
        // A failed write to stderr must not stop a campaign: ignore it.
        if self.tty {
            let _ = write!(
                err,
                "\r{}",
                bar_line(self.label, done, total, self.start.elapsed())
            );
            let _ = err.flush();
            self.drawn = true;
        } else {
            let tenth = tenth(done, total);
            let now = Instant::now();
            if tenth > self.last_tenth
                || done == total
                || now.duration_since(self.last_line) >= PLAIN_EVERY
            {
                let _ = writeln!(err, "{}", plain_line(self.label, done, total));
                self.last_tenth = tenth;
                self.last_line = now;
            }
        }
    }
}

impl Drop for Reporter {
    /// End the bar's line, so what follows on stderr starts on a line of its own.
    fn drop(&mut self) {
        if self.drawn {
            let _ = writeln!(std::io::stderr());
        }
    }
}

/// Completed tenths (0..=10) of the work.
fn tenth(done: usize, total: usize) -> usize {
    (done.min(total) * 10).checked_div(total).unwrap_or(10)
}

/// The non-terminal line, e.g. `crosscheck: 120/200`.
pub fn plain_line(label: &str, done: usize, total: usize) -> String {
    format!("{label}: {done}/{total}")
}

/// The terminal line, e.g. `crosscheck [#####...............] 120/200  0:14`.
pub fn bar_line(label: &str, done: usize, total: usize, elapsed: Duration) -> String {
    let filled = (done.min(total) * BAR_WIDTH)
        .checked_div(total)
        .unwrap_or(BAR_WIDTH);
    let secs = elapsed.as_secs();
    format!(
        "{label} [{}{}] {done}/{total}  {}:{:02}",
        "#".repeat(filled),
        ".".repeat(BAR_WIDTH - filled),
        secs / 60,
        secs % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_line_names_the_campaign_and_the_count() {
        assert_eq!(plain_line("crosscheck", 120, 200), "crosscheck: 120/200");
        assert_eq!(plain_line("learn", 0, 0), "learn: 0/0");
    }

    #[test]
    fn tenths_step_at_each_ten_percent_and_survive_zero_total() {
        assert_eq!(tenth(0, 200), 0);
        assert_eq!(tenth(19, 200), 0);
        assert_eq!(tenth(20, 200), 1);
        assert_eq!(tenth(200, 200), 10);
        assert_eq!(tenth(0, 0), 10);
    }

    #[test]
    fn bar_line_fills_in_proportion() {
        assert_eq!(
            bar_line("crosscheck", 120, 200, Duration::from_secs(74)),
            "crosscheck [############........] 120/200  1:14"
        );
        assert_eq!(
            bar_line("match", 3, 3, Duration::ZERO),
            "match [####################] 3/3  0:00"
        );
    }
}
