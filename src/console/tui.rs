//! `firstmoves console silliac --tui`: the monitor on a terminal. Registers, the store as a
//! raster, the reader and punch, the log of commands (and the trace when on), a command line.
//! `continue` runs in slices so that the screen stays live and Esc can stop it.

use std::time::{Duration, Instant};

use super::term::{Frame, Terminal};
use crossterm::event::{KeyCode, KeyModifiers};
use monitor::Console;

/// Orders per slice while running: a few milliseconds of host time.
const SLICE: u64 = 200_000;
const LOG_LINES: usize = 1000;
const KEYS: &str =
    "Enter: command (help)  F5/Ctrl-R continue  F10/Ctrl-N step  Esc stop  Ctrl-C or quit: leave";
const RASTER_W: usize = 66;

pub struct ConsoleView {
    pub mon: Box<dyn Console>,
    pub log: Vec<String>,
    pub input: String,
    pub running: bool,
    pub name: String,
}

impl ConsoleView {
    pub fn new(mon: Box<dyn Console>, name: String) -> ConsoleView {
        let first = mon.registers();
        ConsoleView {
            mon,
            log: vec![first],
            input: String::new(),
            running: false,
            name,
        }
    }

    fn say(&mut self, text: &str) {
        self.log.extend(text.lines().map(str::to_string));
        let n = self.log.len();
        if n > LOG_LINES {
            self.log.drain(..n - LOG_LINES);
        }
    }

    /// Carry out a command line. False: leave.
    pub fn command(&mut self, line: &str) -> bool {
        let t = line.trim();
        let prompt = self.mon.prompt();
        self.say(&format!("{prompt}{t}"));
        let words: Vec<&str> = t.split_whitespace().collect();
        match words.as_slice() {
            ["quit" | "exit" | "q"] => return false,
            ["c" | "cont" | "continue" | "g" | "go"] => {
                self.running = true;
                return true;
            }
            // `go ADDR`: control there, then run in slices like `continue`.
            ["g" | "go", addr] => {
                match self.mon.execute(&format!("dep pc {addr}")) {
                    Ok(_) => self.running = true,
                    Err(e) => self.say(&format!("error: {e}")),
                }
                return true;
            }
            _ => {}
        }
        match self.mon.execute(t) {
            Ok(s) => self.say(&s),
            Err(e) => self.say(&format!("error: {e}")),
        }
        true
    }

    /// One slice of a `continue`.
    pub fn tick(&mut self) {
        if !self.running {
            return;
        }
        let (trace, ended) = self.mon.run_slice(SLICE);
        if !trace.is_empty() {
            self.say(trace.trim_end());
        }
        if let Some(report) = ended {
            self.running = false;
            self.say(&report);
        }
    }

    pub fn render(&self, w: usize, h: usize) -> Frame {
        let mut f = Frame::new(w, h);
        let state = if self.running { "  [running]" } else { "" };
        f.put(0, 0, &format!("console: {}{state}", self.name));
        f.put(0, 1, &self.mon.registers());
        let wide = w >= 60 + RASTER_W;
        let log_w = if wide { w - RASTER_W - 1 } else { w };
        if wide {
            for (i, line) in self.mon.side_pane(RASTER_W).iter().enumerate() {
                f.put(log_w + 1, 3 + i, line);
            }
        }
        // The log fills the rest, newest at the bottom.
        let rows = h.saturating_sub(5);
        let start = self.log.len().saturating_sub(rows);
        for (i, line) in self.log[start..].iter().enumerate() {
            let cut: String = line.chars().take(log_w).collect();
            f.put(0, 3 + i, &cut);
        }
        f.put(
            0,
            h.saturating_sub(2),
            &format!("{}{}_", self.mon.prompt(), self.input),
        );
        f.put(0, h.saturating_sub(1), KEYS);
        f
    }

    /// A key. False: leave.
    pub fn key(&mut self, code: KeyCode, mods: KeyModifiers) -> bool {
        let ctrl = mods.contains(KeyModifiers::CONTROL);
        match code {
            KeyCode::Char('c') if ctrl => return false,
            KeyCode::Char('r') if ctrl => return self.command("continue"),
            KeyCode::F(5) => return self.command("continue"),
            KeyCode::Char('n') if ctrl => return self.command("step"),
            KeyCode::F(10) => return self.command("step"),
            KeyCode::Esc if self.running => {
                self.running = false;
                let regs = self.mon.registers();
                self.say(&format!("stopped by the operator\n{regs}"));
            }
            KeyCode::Esc => self.input.clear(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                if !line.trim().is_empty() {
                    return self.command(&line);
                }
            }
            KeyCode::Char(c) if !ctrl => self.input.push(c),
            _ => {}
        }
        true
    }
}

pub fn run(mon: Box<dyn Console>, name: String) -> anyhow::Result<()> {
    let mut view = ConsoleView::new(mon, name);
    let mut term = Terminal::enter()?;
    let mut last_draw = Instant::now() - Duration::from_secs(1);
    while !term.stopped() {
        view.tick();
        // While running, draw ten times a second; idle, after every event.
        if !view.running || last_draw.elapsed() >= Duration::from_millis(100) {
            let (w, h) = term.size();
            term.draw(&view.render(w, h))?;
            last_draw = Instant::now();
        }
        let wait = if view.running { 0 } else { 100 };
        if let Some(k) = term.key(Duration::from_millis(wait))? {
            if !view.key(k.code, k.modifiers) {
                break;
            }
        }
    }
    drop(term);
    view.mon.finish().map_err(anyhow::Error::msg)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use monitor::silliac::{monitor, Program};
    use std::path::Path;

    #[test]
    fn continue_runs_in_slices_to_the_stop() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assembler/testdata/sum.sil");
        let mon = monitor(Some(Program::load(&path).unwrap())).unwrap();
        let mut v = ConsoleView::new(Box::new(mon), "sum.sil".into());
        for c in "b order 82".chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        v.key(KeyCode::Enter, KeyModifiers::NONE);
        v.key(KeyCode::F(5), KeyModifiers::NONE);
        assert!(v.running);
        while v.running {
            v.tick();
        }
        let screen = v.render(140, 40).text();
        assert!(
            screen.contains("order breakpoint: 82 8 at 0105L"),
            "{screen}"
        );
        assert!(screen.contains("store: 1,024 words"), "{screen}");
        let small = v.render(50, 8).text();
        assert_eq!(small.lines().count(), 8);
        assert!(!v.key(KeyCode::Char('c'), KeyModifiers::CONTROL));
    }
}
