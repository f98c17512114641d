//! Move generation. The fast generator works on masks: a piece's destinations are its empty
//! forward neighbours plus the closure of its jump landings. The slow generator walks rows and
//! columns square by square and follows each jump path; the two are checked against each other.

use super::board::{bit, col, row, square_at, Move, Position, Side, JUMP, STEP};

/// Enough room for every move of one side: 8 pieces x at most 2 + 2 + 3 + 4 destinations.
pub const MAX_MOVES: usize = 96;

/// A fixed-capacity list of moves (no allocation in the search).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move { from: 0, to: 0 }; MAX_MOVES],
            len: 0,
        }
    }

    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Keep only the moves satisfying `keep`, in order.
    pub fn retain(&mut self, keep: impl Fn(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[n] = self.moves[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

/// The landing squares of every jump chain of a `side` piece on square index `from` (0-based),
/// with `occ` the occupied squares (the origin already vacated or not: chains only go forward).
#[inline]
pub fn jump_closure(side: Side, from: usize, occ: u32) -> u32 {
    let table = &JUMP[side.index()];
    let mut reached = 0u32;
    let mut frontier = 1u32 << from;
    while frontier != 0 {
        let s = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        for &(over, land) in &table[s] {
            if over & occ != 0 && land & !occ != 0 && land & reached == 0 {
                reached |= land;
                frontier |= land;
            }
        }
    }
    reached
}

/// Steps and jump landings of the piece on square index `from` (0-based) as two masks.
#[inline]
pub fn destinations(side: Side, from: usize, occ: u32) -> (u32, u32) {
    let steps = STEP[side.index()][from] & !occ;
    (steps, jump_closure(side, from, occ))
}

/// Every legal move of the side to move, in canonical order: A by origin ascending then
/// destination ascending; B by origin descending then destination descending.
pub fn legal_moves(p: &Position) -> MoveList {
    let mut list = MoveList::new();
    let occ = p.occupied();
    let side = p.side;
    let mut mine = p.pieces(side);
    match side {
        Side::A => {
            while mine != 0 {
                let from = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                let (st, ju) = destinations(side, from, occ);
                let mut d = st | ju;
                while d != 0 {
                    let to = d.trailing_zeros() as u8;
                    d &= d - 1;
                    list.push(Move::new(from as u8 + 1, to + 1));
                }
            }
        }
        Side::B => {
            while mine != 0 {
                let from = 31 - mine.leading_zeros() as usize;
                mine &= !(1 << from);
                let (st, ju) = destinations(side, from, occ);
                let mut d = st | ju;
                while d != 0 {
                    let to = 31 - d.leading_zeros() as u8;
                    d &= !(1 << to);
                    list.push(Move::new(from as u8 + 1, to + 1));
                }
            }
        }
    }
    list
}

/// True if the side to move has at least one legal move (cheaper than generating them).
pub fn has_move(p: &Position) -> bool {
    let occ = p.occupied();
    let mut mine = p.pieces(p.side);
    while mine != 0 {
        let from = mine.trailing_zeros() as usize;
        mine &= mine - 1;
        let (st, ju) = destinations(p.side, from, occ);
        if st | ju != 0 {
            return true;
        }
    }
    false
}

/// True if `m` is a legal move of the side to move.
pub fn is_legal(p: &Position, m: Move) -> bool {
    if !(1..=32).contains(&m.from) || !(1..=32).contains(&m.to) {
        return false;
    }
    if p.pieces(p.side) & bit(m.from) == 0 {
        return false;
    }
    let (st, ju) = destinations(p.side, m.from as usize - 1, p.occupied());
    (st | ju) & bit(m.to) != 0
}

/// The slow generator: rows and columns, a recursive walk over jump paths, a sorted set of
/// destinations. Independent of the mask tables; for tests and cross-checks only.
pub fn legal_moves_slow(p: &Position) -> Vec<Move> {
    let f: i32 = if p.side == Side::A { 1 } else { -1 };
    let occupied = |s: u8| p.occupied() & bit(s) != 0;
    let mut moves = Vec::new();
    for from in 1..=32u8 {
        if p.pieces(p.side) & bit(from) == 0 {
            continue;
        }
        let mut dests: Vec<u8> = Vec::new();
        let (r, c) = (row(from) as i32, col(from) as i32);
        for dc in [-1, 1] {
            if let Some(t) = square_at(r + f, c + dc) {
                if !occupied(t) {
                    dests.push(t);
                }
            }
        }
        // Depth-first over jump paths; every landing square is a destination.
        let mut stack = vec![(r, c)];
        while let Some((r, c)) = stack.pop() {
            for dc in [-1, 1] {
                let over = square_at(r + f, c + dc);
                let land = square_at(r + 2 * f, c + 2 * dc);
                if let (Some(o), Some(l)) = (over, land) {
                    if occupied(o) && !occupied(l) {
                        dests.push(l);
                        stack.push((r + 2 * f, c + 2 * dc));
                    }
                }
            }
        }
        dests.sort();
        dests.dedup();
        for to in dests {
            moves.push(Move::new(from, to));
        }
    }
    // Canonical order: ascending in squares counted from the mover's side.
    let key = |s: u8| if p.side == Side::A { s } else { 33 - s };
    moves.sort_by_key(|m| (key(m.from), key(m.to)));
    moves
}

/// Number of move sequences of `depth` half-moves from `p` (a perft count). A move that completes
/// the mover's goal ends the line, as does a position with no legal move; both count as leaves
/// only at full depth (like chess perft, which counts only paths of exactly `depth` moves).
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mover = p.side;
    let list = legal_moves(p);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        let q = p.apply(m);
        if q.goal_complete(mover) {
            continue;
        }
        n += perft(&q, depth - 1);
    }
    n
}

/// The same count with the slow generator.
pub fn perft_slow(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mover = p.side;
    let list = legal_moves_slow(p);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&m| {
            let q = p.apply(m);
            if q.goal_complete(mover) {
                0
            } else {
                perft_slow(&q, depth - 1)
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_text(p: &Position) -> String {
        legal_moves(p)
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn start_moves_in_canonical_order() {
        let p = Position::start();
        assert_eq!(
            moves_text(&p),
            "1-10 2-9 2-11 3-10 3-12 4-11 5-9 6-9 6-10 7-10 7-11 8-11 8-12"
        );
        let b = Position { side: Side::B, ..p };
        assert_eq!(
            moves_text(&b),
            "32-23 31-24 31-22 30-23 30-21 29-22 28-24 27-24 27-23 26-23 26-22 25-22 25-21"
        );
    }

    #[test]
    fn fast_and_slow_agree_from_the_start() {
        let p = Position::start();
        let fast: Vec<Move> = legal_moves(&p).iter().copied().collect();
        assert_eq!(fast, legal_moves_slow(&p));
    }

    #[test]
    fn chains_reach_six_rows() {
        // A's piece on 1 jumps its own 6, then B's 15 and 24: landings 10, 19 and 28 are three
        // moves (dr 2, 4, 6); the chain may stop after any jump.
        let p: Position = "A:1,2,3,4,5,6,7,8/B:15,24,25,26,27,29,30,31/A"
            .parse()
            .unwrap();
        let list: Vec<Move> = legal_moves(&p).iter().copied().collect();
        assert_eq!(list, legal_moves_slow(&p));
        for (to, dr) in [(10, 2), (19, 4), (28, 6)] {
            let m = Move::new(1, to);
            assert!(list.contains(&m), "{list:?}");
            assert_eq!(m.dr(), dr);
        }
        // Two paths to one destination are one move: with B on 14 too, 2 reaches 18 over 6 and
        // 14 or over 7 and 15.
        let q: Position = "A:1,2,3,4,5,6,7,8/B:14,15,24,25,26,27,29,30/A"
            .parse()
            .unwrap();
        let list: Vec<Move> = legal_moves(&q).iter().copied().collect();
        assert_eq!(list, legal_moves_slow(&q));
        assert_eq!(list.iter().filter(|m| **m == Move::new(2, 18)).count(), 1);
    }

    #[test]
    fn perft_counts_match_the_stored_table_for_both_generators() {
        let table = include_str!("../testdata/perft.txt");
        let p = Position::start();
        let mut checked = 0;
        for line in table.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (d, n) = line.split_once(char::is_whitespace).unwrap();
            let d: u32 = d.parse().unwrap();
            let n: u64 = n.trim().parse().unwrap();
            assert_eq!(perft(&p, d), n, "fast, depth {d}");
            assert_eq!(perft_slow(&p, d), n, "slow, depth {d}");
            checked += 1;
        }
        assert_eq!(checked, 6);
    }
}
