//! The keys: select a board, take it over or hand it back, type a move for B, pause and step,
//! and the store panel's views.

use crossterm::event::{KeyCode, KeyModifiers};
use dama::exhibition::Input;

use super::board::refusal;
use super::view::{StoreView, View};
use crate::console::tubes::TUBES;

impl View {
    /// A key pressed; the message to the harness, if any. `None` in the outer option: quit.
    pub fn key(&mut self, code: KeyCode, mods: KeyModifiers) -> Option<Option<Input>> {
        let n = self.boards.len().max(1);
        if let Some(text) = &mut self.input {
            match code {
                KeyCode::Esc => self.input = None,
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if c.is_ascii_digit() || c == '-' => text.push(c),
                KeyCode::Enter => {
                    let text = self.input.take().unwrap_or_default();
                    let Some(b) = self.boards.get(self.selected) else {
                        return Some(None);
                    };
                    match refusal(b, &text) {
                        Ok(m) => {
                            self.message = format!("board {:02}: you play {m}", b.board);
                            let board = b.board;
                            // On the board when the loop plays it (its next events).
                            if let Some(b) = self.boards.get_mut(self.selected) {
                                b.sent = Some(m);
                            }
                            return Some(Some(Input::Play { board, mv: m }));
                        }
                        Err(reason) => self.message = format!("refused: {reason}"),
                    }
                }
                _ => {}
            }
            return Some(None);
        }
        match code {
            KeyCode::Char('q') | KeyCode::Esc => return None,
            KeyCode::Char('c') if mods.contains(KeyModifiers::CONTROL) => return None,
            KeyCode::Right | KeyCode::Char('l') => self.selected = (self.selected + 1) % n,
            KeyCode::Left | KeyCode::Char('h') => self.selected = (self.selected + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.selected = (self.selected + 5) % n,
            KeyCode::Up | KeyCode::Char('k') => self.selected = (self.selected + n - 5 % n) % n,
            KeyCode::Char('t') => {
                if let Some(b) = self.boards.get_mut(self.selected) {
                    b.human = !b.human;
                    b.sent = None;
                    self.message = if b.human {
                        format!("board {:02}: you play B (m to type a move)", b.board)
                    } else {
                        format!("board {:02}: back to {}", b.board, b.opponent)
                    };
                    return Some(Some(Input::Hold {
                        board: b.board,
                        human: b.human,
                    }));
                }
            }
            KeyCode::Char('m') | KeyCode::Enter => {
                if let Some(b) = self.boards.get(self.selected) {
                    if b.human {
                        self.input = Some(String::new());
                    } else {
                        self.message = format!("board {:02}: take it over first (t)", b.board);
                    }
                }
            }
            KeyCode::Char('v') => {
                self.store_view = match self.store_view {
                    StoreView::Words => StoreView::Tubes,
                    StoreView::Tubes => StoreView::Tube(0),
                    StoreView::Tube(_) => StoreView::Words,
                }
            }
            KeyCode::Char(c @ ('[' | ']')) => {
                if let StoreView::Tube(k) = self.store_view {
                    let step = if c == ']' { 1 } else { TUBES - 1 };
                    self.store_view = StoreView::Tube((k + step) % TUBES);
                }
            }
            KeyCode::Char('p') => self.paused = !self.paused,
            KeyCode::Char('s') => {
                self.paused = true;
                self.step = true;
            }
            _ => {}
        }
        Some(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::exhibition::board::BoardView;
    use dama::exhibition::{Event, EventKind};
    use dama::movegen::legal_moves;
    use dama::Side;

    fn view() -> View {
        let mut v = View::new("demo".into());
        v.boards = (1..=25).map(|b| BoardView::new(b, "greedy")).collect();
        v
    }

    #[test]
    fn typed_moves_go_to_the_loop_or_are_refused_with_a_reason() {
        let mut v = view();
        let mut b = v.boards[0].clone();
        assert!(refusal(&b, "25-21").unwrap_err().contains("take it over"));
        b.human = true;
        assert!(refusal(&b, "25-21")
            .unwrap_err()
            .contains("SILLIAC (A) is to move"));
        b.pos = b.pos.apply(legal_moves(&b.pos).as_slice()[0]);
        assert!(refusal(&b, "1-5")
            .unwrap_err()
            .contains("no piece of yours"));
        assert!(refusal(&b, "x").unwrap_err().contains("`x`"));
        let legal = legal_moves(&b.pos).as_slice()[0];
        assert_eq!(refusal(&b, &legal.to_string()), Ok(legal));
        // Keys: take over, type, refused message.
        v.boards[0] = b;
        v.boards[0].human = false;
        assert!(matches!(
            v.key(KeyCode::Char('t'), KeyModifiers::NONE),
            Some(Some(Input::Hold {
                board: 1,
                human: true
            }))
        ));
        v.key(KeyCode::Char('m'), KeyModifiers::NONE);
        for c in "1-5".chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        v.key(KeyCode::Enter, KeyModifiers::NONE);
        assert!(v.message.starts_with("refused:"), "{}", v.message);
        // A legal move goes to the loop; the board shows it when the loop plays it, and a
        // second move meanwhile is refused.
        v.key(KeyCode::Char('m'), KeyModifiers::NONE);
        for c in legal.to_string().chars() {
            v.key(KeyCode::Char(c), KeyModifiers::NONE);
        }
        assert!(matches!(
            v.key(KeyCode::Enter, KeyModifiers::NONE),
            Some(Some(Input::Play { board: 1, mv })) if mv == legal
        ));
        assert_eq!(v.boards[0].sent, Some(legal));
        assert!(refusal(&v.boards[0], "1-5")
            .unwrap_err()
            .contains("on its way"));
        let played = Event {
            clock_ns: 0,
            kind: EventKind::OpponentMove {
                board: 1,
                half_move: 2,
                mv: legal,
                by: dama::exhibition::Mover::Human,
            },
        };
        v.take(&played);
        assert_eq!((v.boards[0].sent, v.boards[0].pos.side), (None, Side::A));
        assert!(v.key(KeyCode::Char('q'), KeyModifiers::NONE).is_none());
    }
}
