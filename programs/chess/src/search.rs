//! What every chess program answers for a position: the move, its value in the program's own
//! units, the principal variation and the positions examined. The native twins return it, the
//! emulated programs' printouts are read into it, and UCI, the cross-checks and matches read it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::board::Move;

/// When a search must give up before it ends: a flag another thread sets (UCI's `stop`, `quit`,
/// the end of input) and a deadline (the clock of a `go`). The searches look at it at every
/// node, the emulated runs between slices of instructions; `Cancel::never()` costs nothing.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Option<Arc<AtomicBool>>,
    /// A count of stop requests and how many of them had been seen when the search began.
    stops: Option<(Arc<AtomicU64>, u64)>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// A search that runs to its end.
    pub fn never() -> Cancel {
        Cancel::default()
    }

    /// Give up when `flag` is set or at `deadline`.
    pub fn new(flag: Arc<AtomicBool>, deadline: Option<Instant>) -> Cancel {
        Cancel {
            flag: Some(flag),
            stops: None,
            deadline,
        }
    }

    /// Give up when `stops` passes `seen` (a stop request that came after the search was
    /// asked for) or at `deadline`.
    pub fn after(stops: Arc<AtomicU64>, seen: u64, deadline: Option<Instant>) -> Cancel {
        Cancel {
            flag: None,
            stops: Some((stops, seen)),
            deadline,
        }
    }

    /// The same, and give up too when `flag` is set.
    pub fn or_flag(mut self, flag: Arc<AtomicBool>) -> Cancel {
        self.flag = Some(flag);
        self
    }

    /// Whether the search must give up now.
    pub fn is_set(&self) -> bool {
        self.flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self
                .stops
                .as_ref()
                .is_some_and(|(n, seen)| n.load(Ordering::SeqCst) > *seen)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

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
