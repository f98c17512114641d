//! SOMA, the Smith One-Move Analyser (Maynard Smith and Michie, New Scientist 1961), and its
//! 1966 form SOMAC (Maynard Smith's appendix to Michie 1966): one ply, every legal move in the
//! core's canonical order valued by `eval::evaluate`, the greatest played, ties to a seeded
//! coin. docs/soma.md records every choice the sources leave open.

pub mod attack;
pub mod eval;
pub mod program;
pub mod swap;

use crate::board::*;
use crate::movegen::legal_moves;
use crate::search::SearchResult;

use harness::rng::Rng;
pub use program::Soma;

/// The rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The New Scientist text; the 1966 values for what it leaves unquantified.
    Soma1961,
    /// The full SOMAC appendix, transparencies included.
    Somac1966,
}

/// The default seed of the coin.
pub const SEED: u64 = 1961;

/// Every legal move with its value, canonical order.
pub fn values(p: &Position, rules: Rules) -> Vec<(Move, eval::Value)> {
    let mut q = p.clone();
    legal_moves(p)
        .into_iter()
        .map(|mv| {
            let castle = (q.code_at(mv.from()).abs() == KING && mv.is_two_files())
                .then_some(mv.to() > mv.from());
            q.make(mv);
            let v = eval::evaluate(&q, rules, castle);
            q.unmake();
            (mv, v)
        })
        .collect()
}

/// SOMA's move: the greatest value; among equals the coin decides (`rng.index` over the tied
/// moves in canonical order, drawn only when there is a tie). `value` is from the mover's view.
pub fn best(p: &Position, rules: Rules, rng: &mut Rng) -> SearchResult {
    let list = values(p, rules);
    let Some(top) = list.iter().map(|(_, v)| v.total).max() else {
        return SearchResult {
            best: None,
            value: 0,
            pv: vec![],
            positions: 0,
            depth: 1,
        };
    };
    let tied: Vec<Move> = list
        .iter()
        .filter(|(_, v)| v.total == top)
        .map(|(m, _)| *m)
        .collect();
    let mv = if tied.len() == 1 {
        tied[0]
    } else {
        tied[rng.index(tied.len())]
    };
    SearchResult {
        best: Some(mv),
        value: top,
        pv: vec![mv],
        positions: list.len() as u64,
        depth: 1,
    }
}
