//! The screen's state: the boards, the machine as its panel shows it, what the person is doing,
//! and the fold of the loop's events into it.

use std::time::Duration;

use dama::exhibition::{Event, EventKind};
use emu::silliac::Half;
use monitor::silliac::order_at;

use super::board::BoardView;
use super::pace::Pace;

/// The machine as the panel shows it.
#[derive(Clone, Debug)]
pub struct MachineView {
    pub a: u64,
    pub q: u64,
    pub control: (u16, Half),
    pub order: String,
    pub clock_ns: u64,
    pub orders: u64,
    pub store: Box<[u64; 1024]>,
    /// Host time spent emulating.
    pub host: Duration,
}

impl MachineView {
    pub fn of(m: &emu::silliac::Machine, host: Duration) -> MachineView {
        let (a, h) = m.control();
        MachineView {
            a: m.a(),
            q: m.q(),
            control: (a, h),
            order: order_at(m, a, h).to_text(),
            clock_ns: m.clock_ns(),
            orders: m.orders(),
            store: Box::new(*m.store().words()),
            host,
        }
    }
}

/// The screen's state.
pub struct View {
    pub boards: Vec<BoardView>,
    pub machine: Option<MachineView>,
    pub selected: usize,
    /// The move being typed.
    pub input: Option<String>,
    pub message: String,
    pub paused: bool,
    /// `s` pressed: one SILLIAC move more while paused (taken by `run`).
    pub step: bool,
    pub pace: Pace,
    /// The board SILLIAC is thinking about (paced).
    pub thinking: Option<u8>,
    /// The room's period clock: the time of the latest event shown.
    pub clock_ns: u64,
    /// Boards a person plays from the start (`--human`), taken over when the boards are set up.
    pub human_from_start: Vec<u8>,
    pub setting: String,
    /// SILLIAC moves that differ from the native faithful engine's (move, value, positions),
    /// and other mismatches the loop found.
    pub mismatches: usize,
    /// How the store is drawn (`v` cycles, `[` and `]` pick the large tube).
    pub store_view: StoreView,
}

/// The store panel: a shade per word, the 40 Williams tubes small, or one tube at full size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreView {
    Words,
    Tubes,
    Tube(usize),
}

impl View {
    pub fn new(setting: String) -> View {
        View {
            boards: Vec::new(),
            machine: None,
            selected: 0,
            input: None,
            message: "loading the dama program through the console start".into(),
            paused: false,
            step: false,
            pace: Pace::Max,
            thinking: None,
            clock_ns: 0,
            human_from_start: Vec::new(),
            setting,
            mismatches: 0,
            store_view: StoreView::Words,
        }
    }

    /// Take one of the loop's events into the boards.
    pub fn take(&mut self, e: &Event) {
        self.clock_ns = self.clock_ns.max(e.clock_ns);
        match &e.kind {
            EventKind::Started { opponents, .. } => self.set_up(opponents),
            EventKind::MachineMove(m) => {
                if let Some(b) = board(&mut self.boards, m.board) {
                    b.play("A", m.mv);
                    b.period_ns = Some(m.period_ns);
                    b.clock_ns += m.period_ns;
                }
                if self.thinking == Some(m.board) {
                    self.thinking = None;
                }
            }
            EventKind::OpponentMove { board: n, mv, .. } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.play("B", *mv);
                    b.sent = None;
                }
            }
            EventKind::GameOver {
                board: n,
                winner,
                end,
                ..
            } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.result = Some(format!("{winner} wins ({end:?})"));
                }
            }
            EventKind::Mismatch(_) => self.mismatches += 1,
            EventKind::Refused {
                board: n, reason, ..
            } => {
                if let Some(b) = board(&mut self.boards, *n) {
                    b.sent = None;
                }
                self.message = format!("board {n:02}: refused: {reason}");
            }
            EventKind::Recorded { .. }
            | EventKind::Repaired { .. }
            | EventKind::Waiting { .. }
            | EventKind::Finished(_) => {}
        }
    }

    /// The boards, the person's among them, as the loop set them up.
    fn set_up(&mut self, opponents: &[String]) {
        self.boards = (1..)
            .zip(opponents)
            .map(|(b, name)| BoardView::new(b, name))
            .collect();
        for &n in &self.human_from_start {
            if let Some(b) = board(&mut self.boards, n) {
                b.human = true;
                self.selected = n as usize - 1;
                self.message = format!("board {n:02}: you play B (m to type a move)");
            }
        }
    }
}

/// Board `b` of the views.
fn board(boards: &mut [BoardView], b: u8) -> Option<&mut BoardView> {
    boards.get_mut((b as usize).wrapping_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama::movegen::legal_moves;
    use dama::Side;

    #[test]
    fn a_persons_move_shows_when_the_loop_plays_it() {
        let mut v = View::new("demo".into());
        v.human_from_start = vec![2];
        v.take(&Event {
            clock_ns: 0,
            kind: EventKind::Started {
                boards: 2,
                setting: "demo".into(),
                words_used: 0,
                opponents: vec!["greedy".into(), "random".into()],
            },
        });
        assert_eq!((v.boards.len(), v.selected), (2, 1));
        assert!(v.boards[1].human && !v.boards[0].human);
        let b = &mut v.boards[1];
        b.pos = b.pos.apply(legal_moves(&b.pos).as_slice()[0]);
        let mv = legal_moves(&b.pos).as_slice()[0];
        b.sent = Some(mv);
        v.take(&Event {
            clock_ns: 7,
            kind: EventKind::OpponentMove {
                board: 2,
                half_move: 2,
                mv,
                by: dama::exhibition::Mover::Human,
            },
        });
        assert_eq!((v.boards[1].sent, v.boards[1].pos.side), (None, Side::A));
        assert_eq!(v.clock_ns, 7);
    }
}
