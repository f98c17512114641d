//! One board as the screen shows it, and why a person's move cannot be played there.

use dama::movegen::{is_legal, legal_moves};
use dama::{Move, Position, Side};

/// One board as the screen shows it.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub board: u8,
    pub opponent: String,
    pub pos: Position,
    /// The half-moves so far, oldest first (`A 11-15`).
    pub moves: Vec<String>,
    /// Period time of the machine's last move.
    pub period_ns: Option<u64>,
    /// Period time of all the machine's moves here: the board's clock.
    pub clock_ns: u64,
    pub result: Option<String>,
    /// A person plays B here.
    pub human: bool,
    /// The person's move, sent to the loop and not yet played there.
    pub sent: Option<Move>,
}

impl BoardView {
    pub fn new(board: u8, opponent: &str) -> BoardView {
        BoardView {
            board,
            opponent: opponent.to_string(),
            pos: Position::start(),
            moves: Vec::new(),
            period_ns: None,
            clock_ns: 0,
            result: None,
            human: false,
            sent: None,
        }
    }

    pub fn play(&mut self, side: &str, m: Move) {
        self.pos = self.pos.apply(m);
        self.moves.push(format!("{side} {m}"));
    }

    /// The last `n` half-moves, oldest first.
    pub fn last(&self, n: usize) -> String {
        self.moves[self.moves.len().saturating_sub(n)..].join(" ")
    }
}

/// Why `mv` cannot be played by B on `board`, if it cannot.
pub fn refusal(view: &BoardView, text: &str) -> Result<Move, String> {
    if !view.human {
        return Err(format!(
            "board {:02} is played by {}: take it over first (t)",
            view.board, view.opponent
        ));
    }
    if let Some(r) = &view.result {
        return Err(format!("board {:02} is over: {r}", view.board));
    }
    if let Some(m) = view.sent {
        return Err(format!(
            "board {:02}: your move {m} is on its way to SILLIAC",
            view.board
        ));
    }
    if view.pos.side != Side::B {
        return Err(format!(
            "board {:02}: SILLIAC (A) is to move, wait for its reply",
            view.board
        ));
    }
    let m: Move = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
    if is_legal(&view.pos, m) {
        return Ok(m);
    }
    let bit = |s: u8| 1u32 << (s - 1);
    let reason = if view.pos.b & bit(m.from) == 0 {
        format!("square {} has no piece of yours (B)", m.from)
    } else if (view.pos.a | view.pos.b) & bit(m.to) != 0 {
        format!("square {} is occupied", m.to)
    } else {
        "that piece cannot reach that square".to_string()
    };
    let legal: Vec<String> = legal_moves(&view.pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    Err(format!(
        "{m} is illegal: {reason}; legal: {}",
        legal.join(" ")
    ))
}
