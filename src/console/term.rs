//! The terminal for the TUIs: raw mode and the alternate screen while a view runs, restored on
//! every way out (return, error, panic), and a character frame redrawn whole.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::{cursor, execute, queue, style, terminal};

/// Raw mode and the alternate screen until dropped.
pub struct Terminal {
    out: std::io::Stdout,
    /// Set by SIGTERM or SIGHUP: the view's loop ends and the drop restores the terminal.
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

    /// A SIGTERM or SIGHUP arrived: leave the view.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn size(&self) -> (usize, usize) {
        terminal::size()
            .map(|(w, h)| (w as usize, h as usize))
            .unwrap_or((80, 24))
    }

    /// The next key pressed within `wait`, if any. A resize clears the screen: the view is
    /// redrawn whole on its next turn, and nothing of the old size may stay.
    pub fn key(&mut self, wait: Duration) -> anyhow::Result<Option<KeyEvent>> {
        if !event::poll(wait)? {
            return Ok(None);
        }
        match event::read()? {
            Event::Key(k) if k.kind != KeyEventKind::Release => Ok(Some(k)),
            Event::Resize(..) => {
                execute!(self.out, terminal::Clear(terminal::ClearType::All))?;
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// Draw `frame` (one string a line) from the top left.
    pub fn draw(&mut self, frame: &Frame) -> anyhow::Result<()> {
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
