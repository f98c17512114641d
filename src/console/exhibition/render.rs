//! The screen drawn from the view: the 25 boards in a grid (or a list on a smaller terminal),
//! SILLIAC's registers and store, the selected board's moves, the message and the keys.

use dama::board::square_at;
use dama::{Position, Side};
use emu::silliac::orders::word_to_sex;
use monitor::silliac::store_raster;

use super::board::BoardView;
use super::view::{StoreView, View};
use crate::console::term::Frame;
use crate::console::tubes::Tubes;

const KEYS: &str = "arrows select  t take over/hand back  m type a move (B)  p pause  s step  \
                    v store/tubes  [ ] tube  q quit";
const CELL_W: usize = 16;
const CELL_H: usize = 11;
const PANEL_W: usize = 66;
/// Sizes of the two layouts.
pub const GRID: (usize, usize) = (5 * CELL_W + 1 + PANEL_W, 1 + 5 * CELL_H + 3);
pub const LIST: (usize, usize) = (72, 30);

/// A name cut to `n` characters.
fn short(name: &str, n: usize) -> String {
    name.chars().take(n).collect()
}

fn seconds(ns: u64) -> String {
    format!("{:.3} s", ns as f64 / 1e9)
}

/// A period clock, h:mm:ss.
fn hms(ns: u64) -> String {
    let t = (ns as f64 / 1e9).round() as u64;
    format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
}

fn board_lines(p: &Position) -> Vec<String> {
    (1..=8)
        .rev()
        .map(|r| {
            (0..8)
                .map(|c| match square_at(r, c) {
                    None => ' ',
                    Some(s) if p.a & 1 << (s - 1) != 0 => 'a',
                    Some(s) if p.b & 1 << (s - 1) != 0 => 'b',
                    Some(_) => '.',
                })
                .collect()
        })
        .collect()
}

impl View {
    pub fn status(&self, b: &BoardView) -> String {
        if let Some(r) = &b.result {
            return r.clone();
        }
        match (b.pos.side, b.human) {
            (Side::A, _) if self.thinking.is_none() || self.thinking == Some(b.board) => {
                "SILLIAC thinking".into()
            }
            (Side::A, _) => "waits for SILLIAC".into(),
            (Side::B, true) => "your move (B)".into(),
            (Side::B, false) => "B to move".into(),
        }
    }

    /// Draw the whole screen for a w x h terminal.
    pub fn render(&self, w: usize, h: usize) -> Frame {
        let mut f = Frame::new(w, h);
        let title = format!(
            "SILLIAC dama exhibition ({}): {} boards  period {}  pace {}{}",
            self.setting,
            self.boards.len(),
            hms(self.clock_ns),
            self.pace,
            if self.paused {
                "  [paused: s steps one SILLIAC move]"
            } else {
                ""
            }
        );
        if w >= GRID.0 && h >= GRID.1 {
            f.put(0, 0, &title);
            self.grid(&mut f);
            self.panel(&mut f, 5 * CELL_W + 1, 1);
        } else if w >= LIST.0 && h >= LIST.1 {
            f.put(0, 0, &title);
            self.list(&mut f);
            if w > LIST.0 + PANEL_W {
                self.panel(&mut f, LIST.0 + 1, 1);
            } else {
                self.registers(&mut f, 0, 26);
            }
        } else {
            f.put(0, 0, "SILLIAC dama exhibition");
            f.put(
                0,
                1,
                &format!(
                    "terminal {w}x{h} is too small: {}x{} for the list, {}x{} for the boards",
                    LIST.0, LIST.1, GRID.0, GRID.1
                ),
            );
            if let Some(b) = self.boards.get(self.selected) {
                f.put(0, 2, &format!("board {:02}: {}", b.board, self.status(b)));
            }
        }
        let input = match &self.input {
            Some(t) => format!(
                "move for board {:02} (B), Enter to play, Esc to cancel: {t}_",
                self.selected + 1
            ),
            None => self.message.clone(),
        };
        f.put(0, h.saturating_sub(2), &input);
        f.put(0, h.saturating_sub(1), KEYS);
        f
    }

    fn grid(&self, f: &mut Frame) {
        for (i, b) in self.boards.iter().enumerate() {
            let (x, y) = ((i % 5) * CELL_W, 1 + (i / 5) * CELL_H);
            let mark = if i == self.selected { '>' } else { ' ' };
            let think = if self.thinking == Some(b.board) {
                '*'
            } else {
                ' '
            };
            let who: String = if b.human {
                "you".into()
            } else {
                short(&b.opponent, CELL_W - 6)
            };
            f.put(x, y, &format!("{mark}{:02}{think}{who}", b.board));
            for (r, line) in board_lines(&b.pos).iter().enumerate() {
                f.put(x + 1, y + 1 + r, line);
            }
            f.put(
                x + 1,
                y + 9,
                &b.last(2).replace("A ", "A").replace("B ", "B"),
            );
            // The last move's period time and the board's period clock.
            let line = match &b.result {
                Some(r) => r.clone(),
                None => match b.period_ns {
                    Some(p) => format!("{:.1} s {}", p as f64 / 1e9, hms(b.clock_ns)),
                    None => String::new(),
                },
            };
            f.put(x + 1, y + 10, &line);
        }
    }

    fn list(&self, f: &mut Frame) {
        for (i, b) in self.boards.iter().enumerate() {
            let mark = if i == self.selected { '>' } else { ' ' };
            let who: String = if b.human {
                "you".into()
            } else {
                short(&b.opponent, 10)
            };
            f.put(
                0,
                1 + i,
                &format!(
                    "{mark}{:02} {who:<10} {:<15} {:>10} {}",
                    b.board,
                    b.last(2),
                    b.period_ns.map(seconds).unwrap_or_default(),
                    self.status(b)
                ),
            );
        }
    }

    fn registers(&self, f: &mut Frame, x: usize, y: usize) {
        let Some(m) = &self.machine else {
            f.put(x, y, "SILLIAC: loading the program");
            return;
        };
        let speed = if m.host.is_zero() {
            0.0
        } else {
            m.clock_ns as f64 / m.host.as_nanos() as f64
        };
        f.put(
            x,
            y,
            &format!(
                "A={} Q={} C={:04}{} {}",
                word_to_sex(m.a),
                word_to_sex(m.q),
                m.control.0,
                m.control.1.letter(),
                m.order
            ),
        );
        f.put(
            x,
            y + 1,
            &format!(
                "clock {}  orders {}  speed-up x{speed:.0}  mismatches {}",
                seconds(m.clock_ns),
                m.orders,
                self.mismatches
            ),
        );
    }

    fn panel(&self, f: &mut Frame, x: usize, y: usize) {
        f.put(x, y, "SILLIAC");
        self.registers(f, x, y + 1);
        if let Some(m) = &self.machine {
            let (title, lines) = match self.store_view {
                StoreView::Words => (
                    "store: 1,024 words (64 a line; v: the tubes)".to_string(),
                    store_raster(&m.store)
                        .iter()
                        .map(|l| format!("|{l}|"))
                        .collect(),
                ),
                StoreView::Tubes => (
                    "store: the 40 Williams tubes, a digit each (v: one tube)".to_string(),
                    Tubes::of(&m.store).small(),
                ),
                StoreView::Tube(k) => {
                    let t = Tubes::of(&m.store);
                    (
                        format!(
                            "store: tube {k} (digit {k} of 1,024 words), {} spots lit ([ ]: tube)",
                            t.lit(k)
                        ),
                        t.large(k).iter().map(|l| format!("|{l}|")).collect(),
                    )
                }
            };
            f.put(x, y + 4, &title);
            for (i, line) in lines.iter().enumerate() {
                f.put(x, y + 5 + i, line);
            }
        } else {
            f.put(x, y + 4, "store: 1,024 words (64 a line)");
        }
        if let Some(b) = self.boards.get(self.selected) {
            let y = y + 22;
            f.put(
                x,
                y,
                &format!(
                    "board {:02} against {}: {}",
                    b.board,
                    b.opponent,
                    self.status(b)
                ),
            );
            let moves: Vec<String> = b
                .moves
                .chunks(2)
                .enumerate()
                .map(|(i, c)| {
                    format!(
                        "{}.{}",
                        i + 1,
                        c.join(",").replace("A ", "").replace("B ", "")
                    )
                })
                .collect();
            let mut line = String::new();
            let mut row = 1;
            for m in moves.iter().rev().take(24).rev() {
                if line.len() + m.len() + 1 > PANEL_W {
                    f.put(x, y + row, &line);
                    row += 1;
                    line.clear();
                }
                line.push_str(m);
                line.push(' ');
            }
            f.put(x, y + row, &line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::exhibition::view::MachineView;
    use std::time::Duration;

    fn view() -> View {
        let mut v = View::new("demo".into());
        v.boards = (1..=25).map(|b| BoardView::new(b, "greedy")).collect();
        v
    }

    #[test]
    fn layouts_by_size() {
        let v = view();
        let grid = v.render(GRID.0, GRID.1).text();
        assert!(
            grid.contains(">01 greedy") && grid.contains(" 25 greedy"),
            "{grid}"
        );
        let list = v.render(80, 30).text();
        assert!(list.contains(">01 greedy") && list.contains("SILLIAC thinking"));
        let tiny = v.render(40, 10).text();
        assert!(tiny.contains("too small"), "{tiny}");
        assert!(tiny.lines().count() <= 10);
    }

    /// `v` turns the store panel from words to the 40 tubes and to one tube, whose raster
    /// shows the store's digits; `[` and `]` go round the tubes.
    #[test]
    fn the_store_as_its_tubes() {
        let mut v = view();
        let mut store = Box::new([0u64; 1024]);
        store[0] = (1 << 40) - 1;
        store[33] = 1 << 39;
        v.machine = Some(MachineView {
            store,
            ..MachineView::of(&emu::silliac::Machine::new(), Duration::ZERO)
        });
        assert!(v.render(GRID.0, GRID.1).text().contains("1,024 words"));
        v.key(
            crossterm::event::KeyCode::Char('v'),
            crossterm::event::KeyModifiers::NONE,
        );
        let tubes = v.render(GRID.0, GRID.1).text();
        assert!(tubes.contains("the 40 Williams tubes"), "{tubes}");
        assert!(tubes.contains("30   31   32"), "{tubes}");
        v.key(
            crossterm::event::KeyCode::Char('v'),
            crossterm::event::KeyModifiers::NONE,
        );
        let tube0 = v.render(GRID.0, GRID.1).text();
        assert!(
            tube0.contains("tube 0 (digit 0 of 1,024 words), 2 spots lit"),
            "{tube0}"
        );
        // Word 0 is the first spot, word 33 row 1 column 1: `▀▄` begins the first line.
        assert!(tube0.contains("|▀▄ "), "{tube0}");
        v.key(
            crossterm::event::KeyCode::Char('['),
            crossterm::event::KeyModifiers::NONE,
        );
        assert_eq!(v.store_view, StoreView::Tube(39));
        assert!(v
            .render(GRID.0, GRID.1)
            .text()
            .contains("tube 39 (digit 39 of 1,024 words), 1 spots lit"));
        v.key(
            crossterm::event::KeyCode::Char(']'),
            crossterm::event::KeyModifiers::NONE,
        );
        v.key(
            crossterm::event::KeyCode::Char('v'),
            crossterm::event::KeyModifiers::NONE,
        );
        assert_eq!(v.store_view, StoreView::Words);
    }
}
