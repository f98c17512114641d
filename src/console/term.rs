//! The terminal for the TUIs: raw mode and the alternate screen while a view runs, restored on
//! every way out (return, error, panic), and a character frame redrawn whole.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::{cursor, execute, queue, style, terminal};

/// Raw mode and the alternate screen until dropped.
pub struct Terminal {
    out: std::io::Stdout,
    /// Set by SIGTERM, SIGHUP or a hung-up terminal: the view's loop ends and the drop restores
    /// the terminal.
    stop: Arc<AtomicBool>,
}

/// Put the terminal back: leave the alternate screen, show the cursor, cooked mode.
fn restore() {
    let mut out = std::io::stdout();
    let _ = execute!(out, terminal::LeaveAlternateScreen, cursor::Show);
    let _ = terminal::disable_raw_mode();
}

impl Terminal {
    pub fn enter() -> anyhow::Result<Terminal> {
        if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
            anyhow::bail!("--tui needs a terminal (standard input and output are not one)");
        }
        // A panic must not leave the terminal raw: restore it before the message is printed.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        // `kill PID` or a closed terminal must not leave it raw either: the signal only sets a
        // flag (nothing else is safe in a handler); the loops poll it ten times a second.
        let stop = Arc::new(AtomicBool::new(false));
        for sig in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
            signal_hook::flag::register(sig, stop.clone())?;
        }
        terminal::enable_raw_mode()?;
        let mut out = std::io::stdout();
        execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(Terminal { out, stop })
    }

    /// A SIGTERM or SIGHUP arrived, or the terminal hung up: leave the view.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn size(&self) -> (usize, usize) {
        terminal::size()
            .map(|(w, h)| (w as usize, h as usize))
            .unwrap_or((80, 24))
    }

    /// The next key pressed within `wait`, if any. A resize clears the screen: the view is
    /// redrawn whole on its next turn, and nothing of the old size may stay. A terminal that
    /// hung up stops the view as SIGHUP does.
    ///
    /// crossterm is asked only after our own poll of the terminal has found it still there:
    /// on a hung-up terminal crossterm's read loop retries its read (0 bytes, or EIO) forever,
    /// at full speed, and would never come back to see the stop flag.
    pub fn key(&mut self, wait: Duration) -> anyhow::Result<Option<KeyEvent>> {
        let start = Instant::now();
        // The first look does not wait: crossterm may hold keys it has already read.
        let mut slice = Duration::ZERO;
        loop {
            if hung_up(slice)? {
                self.stop.store(true, Ordering::Relaxed);
            }
            if self.stopped() {
                return Ok(None);
            }
            // Input ready, a resize (crossterm's own SIGWINCH source) or keys it holds.
            if event::poll(Duration::ZERO)? {
                return match event::read()? {
                    Event::Key(k) if k.kind != KeyEventKind::Release => Ok(Some(k)),
                    Event::Resize(..) => {
                        execute!(self.out, terminal::Clear(terminal::ClearType::All))?;
                        Ok(None)
                    }
                    _ => Ok(None),
                };
            }
            let left = wait.saturating_sub(start.elapsed());
            if left.is_zero() {
                return Ok(None);
            }
            // A resize is seen at the end of a slice at the latest, the stop flag too.
            slice = left.min(SLICE);
        }
    }

    /// Draw `frame` (one string a line) from the top left. A terminal that hung up in the
    /// meantime stops the view, as in `key`, rather than failing it.
    pub fn draw(&mut self, frame: &Frame) -> anyhow::Result<()> {
        match self.write(frame) {
            Err(_) if matches!(hung_up(Duration::ZERO), Ok(true)) => {
                self.stop.store(true, Ordering::Relaxed);
                Ok(())
            }
            done => done,
        }
    }

    fn write(&mut self, frame: &Frame) -> anyhow::Result<()> {
        queue!(self.out, terminal::BeginSynchronizedUpdate)?;
        for (y, line) in frame.lines.iter().enumerate() {
            let text: String = line.iter().collect();
            queue!(self.out, cursor::MoveTo(0, y as u16), style::Print(text))?;
        }
        queue!(self.out, terminal::EndSynchronizedUpdate)?;
        self.out.flush()?;
        Ok(())
    }
}

/// The longest wait in one poll of the terminal: the stop flag and a resize are seen ten times
/// a second.
const SLICE: Duration = Duration::from_millis(100);

/// Whether the terminal crossterm reads (standard input: `Terminal::enter` requires it to be
/// one) hung up, waiting up to `wait` for input or the hang-up. A signal ends the wait early.
fn hung_up(wait: Duration) -> anyhow::Result<bool> {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    let stdin = std::io::stdin();
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let timeout = Timespec::try_from(wait)?;
    match poll(&mut fds, Some(&timeout)) {
        Ok(_) => {}
        Err(rustix::io::Errno::INTR) => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    let gone = PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL;
    Ok(fds[0].revents().intersects(gone))
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

/// A screen of characters, w x h.
pub struct Frame {
    lines: Vec<Vec<char>>,
}

impl Frame {
    pub fn new(w: usize, h: usize) -> Frame {
        Frame {
            lines: vec![vec![' '; w]; h],
        }
    }

    /// Write `text` at (x, y), cut at the right edge.
    pub fn put(&mut self, x: usize, y: usize, text: &str) {
        let Some(line) = self.lines.get_mut(y) else {
            return;
        };
        for (i, c) in text.chars().enumerate() {
            match line.get_mut(x + i) {
                Some(cell) => *cell = c,
                None => break,
            }
        }
    }

    /// The frame as text (tests; the live view's bench, standing in for the terminal write).
    pub fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.iter().collect::<String>().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_clips() {
        let mut f = Frame::new(5, 2);
        f.put(3, 0, "abcdef");
        f.put(0, 5, "gone");
        assert_eq!(f.text(), "   ab\n");
    }
}
