//! REPLYS and TREE: plausible moves by one-ply evaluation, kept to the width of the ply, and
//! the memo's alpha-beta over them, with the principal variation and positions examined.

use super::eval::{eval, Eval};
use crate::board::*;
use crate::movegen::legal_moves;
use crate::search::{Cancel, SearchResult};

/// The memo's "infinity" (the value printed for positions cut off by alpha-beta).
pub const INFINITY: i32 = 131_071;

/// The memo's widths by ply: 4 3 2 2 1 1 1 1 0 0.
pub const WIDTHS: [usize; 10] = [4, 3, 2, 2, 1, 1, 1, 1, 0, 0];

/// The input parameters of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Plausible moves kept at ply 1, 2, ...; the search stops where the list ends or a 0 is.
    pub widths: Vec<usize>,
    /// Plain minimax when false (the 709 program of spring 1961): same move and value.
    pub alpha_beta: bool,
    /// The stability test applies from this many plies on: the plies before it are searched
    /// to their full width (docs/kotok.md says why 4).
    pub stable_from: usize,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            widths: WIDTHS.to_vec(),
            alpha_beta: true,
            stable_from: 4,
        }
    }
}

/// REPLYS: every legal move updated, evaluated, reverted; ordered best first for the side to
/// move (ties in canonical order); the first `width` kept.
pub fn replys(p: &mut Position, width: usize, positions: &mut u64) -> Vec<(Move, Eval)> {
    let mut list: Vec<(Move, Eval)> = Vec::new();
    for mv in legal_moves(p) {
        p.make(mv);
        let e = eval(p);
        p.unmake();
        *positions += 1;
        list.push((mv, e));
    }
    let side = p.side_to_move().sign() as i32;
    // A stable sort keeps the canonical order among equal values.
    list.sort_by_key(|&(_, e)| -side * e.value);
    list.truncate(width);
    list
}

struct Tree<'a> {
    params: &'a Params,
    positions: u64,
    depth: usize,
    cancel: &'a Cancel,
    cancelled: bool,
}

impl Tree<'_> {
    /// Value of the position `p` (whose EVAL is `here`), `ply` moves below the root, and its
    /// principal variation. White maximises, Black minimises; alpha is the best value White
    /// is sure of (pessimistic), beta the best Black is sure of (optimistic for White).
    fn search(
        &mut self,
        p: &mut Position,
        here: Eval,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> (i32, Vec<Move>) {
        self.depth = self.depth.max(ply);
        if self.cancelled || self.cancel.is_set() {
            // Unwind at once; the answer is thrown away.
            self.cancelled = true;
            return (here.value, Vec::new());
        }
        let width = self.params.widths.get(ply).copied().unwrap_or(0);
        if here.no_moves || width == 0 || (ply >= self.params.stable_from && here.stable()) {
            return (here.value, Vec::new());
        }
        let replies = replys(p, width, &mut self.positions);
        let white = p.side_to_move() == Color::White;
        let mut best = if white { -INFINITY } else { INFINITY };
        let mut pv = Vec::new();
        for (mv, e) in replies {
            p.make(mv);
            let (v, line) = self.search(p, e, ply + 1, alpha, beta);
            p.unmake();
            if self.cancelled {
                // The move's value is unknown; the moves before it stand (at the root: the
                // best move found so far).
                break;
            }
            if (white && v > best) || (!white && v < best) {
                best = v;
                pv = std::iter::once(mv).chain(line).collect();
            }
            if self.params.alpha_beta {
                if white {
                    alpha = alpha.max(best);
                } else {
                    beta = beta.min(best);
                }
                // This side already does at least as well as the other side allows elsewhere:
                // revert two levels.
                if alpha >= beta {
                    break;
                }
            }
        }
        (best, pv)
    }
}

/// TREE: Kotok's search from `p` with `params`.
pub fn tree(p: &Position, params: &Params) -> SearchResult {
    search(p, params, &Cancel::never()).0
}

/// TREE, giving up when `cancel` is set: then `Err` with what it had, the best of the root
/// moves searched to the end (none when the first was cut short) and the positions examined.
pub fn tree_until(
    p: &Position,
    params: &Params,
    cancel: &Cancel,
) -> Result<SearchResult, SearchResult> {
    let (r, cancelled) = search(p, params, cancel);
    if cancelled {
        Err(r)
    } else {
        Ok(r)
    }
}

fn search(p: &Position, params: &Params, cancel: &Cancel) -> (SearchResult, bool) {
    let mut q = p.clone();
    q.clear_history();
    let mut t = Tree {
        params,
        positions: 0,
        depth: 0,
        cancel,
        cancelled: false,
    };
    let root = if legal_moves(&q).is_empty() {
        eval(&q)
    } else {
        Eval {
            value: 0,
            gain: 0,
            in_check: true,
            no_moves: false,
        }
    };
    let (value, pv) = if root.no_moves {
        (root.value, Vec::new())
    } else {
        t.search(&mut q, root, 0, -INFINITY, INFINITY)
    };
    // A search stopped before its first root move was searched has no value to give.
    let value = if t.cancelled && pv.is_empty() {
        0
    } else {
        value
    };
    let r = SearchResult {
        best: pv.first().copied(),
        value,
        pv,
        positions: t.positions,
        depth: t.depth,
    };
    (r, t.cancelled)
}
