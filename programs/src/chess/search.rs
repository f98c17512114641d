//! What every chess program answers for a position: the move, its value in the program's own
//! units, the principal variation and the positions examined. The native twins return it, the
//! emulated programs' printouts are read into it, and UCI, the cross-checks and matches read it.

use super::board::Move;

/// A program's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen (None when the side to move has no legal move).
    pub best: Option<Move>,
    /// The value in the program's units (Kotok: 1/60 pawn, White-relative; SOMA: points from
    /// the mover's view; Turochamp: thousandths of W/B).
    pub value: i32,
    /// The principal variation, starting with the machine's move.
    pub pv: Vec<Move>,
    /// Positions examined, as the program counts them.
    pub positions: u64,
    /// Deepest ply reached (the program's own reading of depth).
    pub depth: usize,
}

impl SearchResult {
    /// The answer when there is none to give (no legal move, or the run failed).
    pub fn none() -> SearchResult {
        SearchResult {
            best: None,
            value: 0,
            pv: Vec::new(),
            positions: 0,
            depth: 0,
        }
    }
}

/// `move d2d4 value 2 pv d2d4 b8c6 positions 573`, as the cross-checks report an answer.
impl std::fmt::Display for SearchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pv: Vec<String> = self.pv.iter().map(|m| m.uci()).collect();
        write!(
            f,
            "move {} value {} pv {} positions {}",
            self.best.map_or("-".into(), |m| m.uci()),
            self.value,
            pv.join(" "),
            self.positions
        )
    }
}
