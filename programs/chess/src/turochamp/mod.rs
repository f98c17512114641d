//! Turochamp (Turing and Champernowne, 1948; Turing's typescript "Digital Computers applied to
//! Games", AMT/B/7, as summarised in shared/notes/chess-programs.md section 1): every move and
//! reply, then considerable moves to dead positions, valued W/B with the stand-pat
//! alternative; the move of greatest value, then of greatest position-play value. Integer
//! only: piece values are doubled (P 2, Kt 6, B 7, R 10, Q 20) and ratios compared by cross
//! multiplication; position play is in tenths. docs/turochamp.md argues every reading.

pub mod play;
pub mod program;

use std::cmp::Ordering;

use crate::board::*;
use crate::movegen::legal_moves;
use crate::search::{Cancel, SearchResult};

pub use program::Turochamp;

/// The readings a reader may prefer otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// Plies in which every move is considerable (the typescript: 2, White's move and the reply).
    pub full_plies: usize,
    /// W/B (the typescript) or W - B.
    pub ratio: bool,
    /// A safety cap on the considerable-move analysis (plies from the root); never reached in
    /// the tests; a position there is valued as dead.
    pub max_plies: usize,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            full_plies: 2,
            ratio: true,
            max_plies: 24,
        }
    }
}

/// Doubled piece values (B = 3 1/2 becomes 7); the king is not counted.
pub fn value(kind: i8) -> i64 {
    match kind.abs() {
        PAWN => 2,
        KNIGHT => 6,
        BISHOP => 7,
        ROOK => 10,
        QUEEN => 20,
        _ => 0,
    }
}

/// A value from the machine's side: mate (+1 / -1) or a fraction num/den (den 0: infinite).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub mate: i8,
    pub num: i64,
    pub den: i64,
}

impl Score {
    fn cmp(&self, o: &Score) -> Ordering {
        self.mate
            .cmp(&o.mate)
            .then((self.num * o.den).cmp(&(o.num * self.den)))
    }

    /// In thousandths of the ratio (W/B = 1 is 1000); mate +-1,000 is +-1,000,000.
    pub fn milli(&self) -> i32 {
        if self.mate != 0 {
            return 1_000_000 * self.mate as i32;
        }
        if self.den == 0 {
            return 999_999;
        }
        (self.num * 1000 / self.den) as i32
    }
}

/// The material value of a dead position for `me`.
pub fn material(p: &Position, me: Color, params: &Params) -> Score {
    let me = me.sign();
    let (mut w, mut b) = (0, 0);
    for s in Square::all() {
        let x = p.code_at(s);
        if x.signum() == me {
            w += value(x);
        } else if x != 0 {
            b += value(x);
        }
    }
    let (num, den) = if !params.ratio {
        (w - b, 1)
    } else if b == 0 {
        // Bare kings are even; otherwise nothing to divide by is infinitely good.
        (1, if w == 0 { 1 } else { 0 })
    } else {
        (w, b)
    };
    Score { mate: 0, num, den }
}

fn captured(p: &Position, mv: Move) -> i8 {
    let x = p.code_at(mv.to());
    if x == 0 && p.code_at(mv.from()).abs() == PAWN && mv.from().file() != mv.to().file() {
        return -p.side_to_move().sign() * PAWN;
    }
    x
}

/// Considerable beyond the full plies: a recapture on the square of the last capture, the
/// capture of an undefended piece or of a piece of higher value by one of lower value, and a
/// move giving mate.
fn considerable(p: &mut Position, mv: Move, last_capture: Option<Square>) -> bool {
    let x = captured(p, mv);
    if x != 0 {
        if last_capture == Some(mv.to()) {
            return true;
        }
        if value(p.code_at(mv.from())) < value(x) && p.code_at(mv.from()).abs() != KING {
            return true;
        }
        if !p.attacked(mv.to().mbox(), Color::of_code(x)) {
            return true;
        }
    }
    p.make(mv);
    let mate = p.in_check(p.side_to_move()) && legal_moves(p).is_empty();
    p.unmake();
    mate
}

struct Search<'a> {
    me: Color,
    params: &'a Params,
    positions: u64,
    cancel: &'a Cancel,
    cancelled: bool,
}

impl Search<'_> {
    /// The value of `p`, `ply` moves from the position of the board.
    fn value(&mut self, p: &mut Position, ply: usize, last_capture: Option<Square>) -> Score {
        if self.cancelled || self.cancel.is_set() {
            // Unwind at once; the answer is thrown away.
            self.cancelled = true;
            return material(p, self.me, self.params);
        }
        let moves = legal_moves(p);
        if moves.is_empty() {
            if p.in_check(p.side_to_move()) {
                return Score {
                    mate: if p.side_to_move() == self.me { -1 } else { 1 },
                    num: 0,
                    den: 1,
                };
            }
            // Stalemate: neither side ahead.
            return Score {
                mate: 0,
                num: if self.params.ratio { 1 } else { 0 },
                den: 1,
            };
        }
        let full = ply < self.params.full_plies;
        let list: Vec<Move> = if full {
            moves.clone()
        } else if ply >= self.params.max_plies {
            Vec::new()
        } else {
            moves
                .iter()
                .copied()
                .filter(|&mv| considerable(p, mv, last_capture))
                .collect()
        };
        let maximise = p.side_to_move() == self.me;
        // The stand-pat alternative, omitted when every move is considerable.
        let mut best = if list.len() < moves.len() {
            Some(material(p, self.me, self.params))
        } else {
            None
        };
        for mv in list {
            let cap = (captured(p, mv) != 0).then_some(mv.to());
            p.make(mv);
            self.positions += 1;
            let v = self.value(p, ply + 1, cap);
            p.unmake();
            best = Some(match best {
                None => v,
                Some(b) => {
                    let better = if maximise {
                        v.cmp(&b) == Ordering::Greater
                    } else {
                        v.cmp(&b) == Ordering::Less
                    };
                    if better {
                        v
                    } else {
                        b
                    }
                }
            });
        }
        best.unwrap_or_else(|| material(p, self.me, self.params))
    }
}

/// Every legal move with its value and position-play value (tenths), canonical order, and the
/// positions examined.
pub type Values = (Vec<(Move, Score, i32)>, u64);

/// Every legal move with its value and position-play value (tenths), canonical order.
pub fn values(p: &Position, params: &Params) -> Values {
    values_until(p, params, &Cancel::never()).unwrap_or_else(|so_far| so_far)
}

/// `values`, giving up when `cancel` is set: then `Err` with the root moves valued before it.
fn values_until(p: &Position, params: &Params, cancel: &Cancel) -> Result<Values, Values> {
    let mut q = p.clone();
    let mut s = Search {
        me: p.side_to_move(),
        params,
        positions: 0,
        cancel,
        cancelled: false,
    };
    let mut out = Vec::new();
    for mv in legal_moves(p) {
        let castle = q.code_at(mv.from()).abs() == KING && mv.is_two_files();
        let cap = (captured(&q, mv) != 0).then_some(mv.to());
        q.make(mv);
        s.positions += 1;
        let v = s.value(&mut q, 1, cap);
        let pp = play::position_play(&q, p.side_to_move(), castle);
        q.unmake();
        if s.cancelled {
            // This move's value is unknown; the moves before it stand.
            return Err((out, s.positions));
        }
        out.push((mv, v, pp));
    }
    Ok((out, s.positions))
}

/// The rule for play: the greatest value, then the greatest position-play value; a remaining
/// tie goes to the first move in the canonical order ("an arbitrary rule"). `value` is the
/// score in thousandths (see `Score::milli`), `depth` the full plies.
pub fn best(p: &Position, params: &Params) -> (SearchResult, Option<(Score, i32)>) {
    let (list, positions) = values(p, params);
    choose(list, positions, params)
}

/// `best`, giving up when `cancel` is set: then `Err` with the best of the root moves valued
/// before it (none when the first was cut short) and the positions examined.
pub fn best_until(
    p: &Position,
    params: &Params,
    cancel: &Cancel,
) -> Result<(SearchResult, Option<(Score, i32)>), SearchResult> {
    match values_until(p, params, cancel) {
        Ok((list, positions)) => Ok(choose(list, positions, params)),
        Err((list, positions)) => Err(choose(list, positions, params).0),
    }
}

/// The rule for play over every root move's value.
fn choose(
    list: Vec<(Move, Score, i32)>,
    positions: u64,
    params: &Params,
) -> (SearchResult, Option<(Score, i32)>) {
    let mut top: Option<(Move, Score, i32)> = None;
    for (mv, v, pp) in list {
        let better = match &top {
            None => true,
            Some((_, bv, bpp)) => match v.cmp(bv) {
                Ordering::Greater => true,
                Ordering::Equal => pp > *bpp,
                Ordering::Less => false,
            },
        };
        if better {
            top = Some((mv, v, pp));
        }
    }
    let r = SearchResult {
        best: top.map(|t| t.0),
        value: top.map(|t| t.1.milli()).unwrap_or(0),
        pv: top.map(|t| vec![t.0]).unwrap_or_default(),
        positions,
        depth: params.full_plies,
    };
    (r, top.map(|t| (t.1, t.2)))
}
