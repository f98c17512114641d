//! MATER (Baylor & Simon 1966): a search for checkmating combinations, not a player.
//! MATER I tries checking moves only, the fewest-reply move first, and follows a line only while
//! the defender's mobility declines; MATER II adds, at its first levels, quiet moves that threaten
//! mate in one (found by letting the defender pass, a "null move"). Integer-only, every order
//! fixed, so the FAP program for the emulated 7090 can mirror it; docs/mater.md records each
//! choice the sources leave open.

pub mod campaign;
pub mod order;
pub mod program;
pub mod search;

pub use program::Mater;
pub use search::solve;

use super::board::Move;

/// Which MATER and its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// 1 = MATER I (checks only), 2 = MATER II (checks, then quiet mate threats).
    pub level: u8,
    /// A check with more replies than this is pruned (the source: four).
    pub max_replies: u32,
    /// Attacker levels at which MATER II tries quiet threats. The source says "at its first
    /// level"; read so, MATER II cannot prove its own example (Fine 97: 1.Ng5 Rg7 needs the quiet
    /// 2.Rd8), so the default is the first two levels (docs/mater.md).
    pub threat_levels: u32,
    /// Most attacker moves in a line. With checks alone the declining-mobility rule already stops
    /// at five (replies 4, 3, 2, 1, 0: nine plies); the bound matters only after quiet moves.
    pub max_moves: u32,
}

impl Params {
    pub fn mater1() -> Params {
        Params {
            level: 1,
            max_replies: 4,
            threat_levels: 0,
            max_moves: 5,
        }
    }

    pub fn mater2() -> Params {
        Params {
            level: 2,
            threat_levels: 2,
            ..Params::mater1()
        }
    }
}

impl Default for Params {
    fn default() -> Params {
        Params::mater1()
    }
}

/// The answer: the mating line if one was proved, and the positions examined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateResult {
    pub found: bool,
    /// Attacker's move, the defender's longest resistance, ... the mating move (empty if none).
    pub line: Vec<Move>,
    /// Positions examined: every position set up by a checking move, a quiet threat move or a
    /// defender's reply (the legality tests inside move generation are not counted).
    pub positions: u64,
}

/// `found line h5f7 e8e7 f7e6 positions 31`, as reports give an answer.
impl std::fmt::Display for MateResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line: Vec<String> = self.line.iter().map(|m| m.uci()).collect();
        write!(
            f,
            "{} line {} positions {}",
            if self.found { "found" } else { "not found" },
            line.join(" "),
            self.positions
        )
    }
}

impl MateResult {
    /// Attacker moves to mate (0 when none found).
    pub fn mate_in(&self) -> usize {
        if self.found {
            self.line.len().div_ceil(2)
        } else {
            0
        }
    }
}
