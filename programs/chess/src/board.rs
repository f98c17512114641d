//! The board: a 10x12 mailbox a 7090 program can mirror word for word, squares numbered as the
//! memo's INITIA scans them (0 = White's QR1 = a1, 1 = b1, ... 63 = h8), and make/unmake on a
//! push-down list (the memo's UPREV).

/// Piece kinds; a signed byte holds a piece: positive White, negative Black, 0 empty.
pub const PAWN: i8 = 1;
pub const KNIGHT: i8 = 2;
pub const BISHOP: i8 = 3;
pub const ROOK: i8 = 4;
pub const QUEEN: i8 = 5;
pub const KING: i8 = 6;
/// The border of the mailbox: never a piece, stops every ray.
pub const OFF: i8 = 7;

/// +1 for White, -1 for Black (so `piece * side > 0` means "own piece").
pub const WHITE: i8 = 1;
pub const BLACK: i8 = -1;

/// Castling rights, FEN order.
pub const CASTLE_WK: u8 = 1;
pub const CASTLE_WQ: u8 = 2;
pub const CASTLE_BK: u8 = 4;
pub const CASTLE_BQ: u8 = 8;

/// Mailbox index of square `s` (0..63).
pub const fn mbox(s: u8) -> usize {
    21 + (s % 8) as usize + 10 * (s / 8) as usize
}

/// Square (0..63) of mailbox index `m`, which must be on the board.
pub const fn sq(m: usize) -> u8 {
    ((m - 21) % 10 + 8 * ((m - 21) / 10)) as u8
}

/// Algebraic name of square `s` ("e4").
pub fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 8) as char, (b'1' + s / 8) as char)
}

/// Square from an algebraic name.
pub fn parse_square(t: &str) -> Option<u8> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[0] - b'a') + 8 * (b[1] - b'1'))
}

/// A move: from and to squares (0..63) and the promotion piece kind (0 when none). Castling is
/// the king's two-square move, en passant the pawn's diagonal move to the en-passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promo: i8,
}

impl Move {
    /// The canonical order key: from-square, then to-square, then promotion Q R B N.
    pub fn key(&self) -> u32 {
        let p = match self.promo {
            QUEEN => 1,
            ROOK => 2,
            BISHOP => 3,
            KNIGHT => 4,
            _ => 0,
        };
        (self.from as u32) * 64 * 8 + (self.to as u32) * 8 + p
    }

    /// UCI long algebraic text ("e2e4", "e7e8q").
    pub fn uci(&self) -> String {
        let mut s = square_name(self.from) + &square_name(self.to);
        if self.promo != 0 {
            s.push(b"  nbrq"[self.promo as usize] as char);
        }
        s
    }
}

/// What UPREV pushes to revert a move.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: i8,
    captured: i8,
    capture_at: usize,
    castle: u8,
    ep: Option<u8>,
    halfmove: u32,
}

/// A chess position with its push-down list of updates.
#[derive(Clone, Debug)]
pub struct Position {
    pub board: [i8; 120],
    pub side: i8,
    pub castle: u8,
    /// The square passed over by a pawn's double step on the last move.
    pub ep: Option<u8>,
    pub halfmove: u32,
    pub fullmove: u32,
    stack: Vec<Undo>,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.board == o.board
            && self.side == o.side
            && self.castle == o.castle
            && self.ep == o.ep
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
    }
}

pub const KNIGHT_STEPS: [i32; 8] = [-21, -19, -12, -8, 8, 12, 19, 21];
pub const KING_STEPS: [i32; 8] = [-11, -10, -9, -1, 1, 9, 10, 11];
pub const ROOK_DIRS: [i32; 4] = [-10, -1, 1, 10];
pub const BISHOP_DIRS: [i32; 4] = [-11, -9, 9, 11];

/// The directions a slider of `kind` moves in (a queen, or anything else, in all eight).
pub fn slider_dirs(kind: i8) -> &'static [i32] {
    match kind {
        BISHOP => &BISHOP_DIRS,
        ROOK => &ROOK_DIRS,
        _ => &KING_STEPS,
    }
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// An empty board, White to move, move 1.
    pub fn empty() -> Position {
        let mut board = [OFF; 120];
        for s in 0..64 {
            board[mbox(s)] = 0;
        }
        Position {
            board,
            side: WHITE,
            castle: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            stack: Vec::new(),
        }
    }

    /// Piece on square `s` (0..63).
    pub fn at(&self, s: u8) -> i8 {
        self.board[mbox(s)]
    }

    /// Put a piece on square `s`.
    pub fn put(&mut self, s: u8, p: i8) {
        self.board[mbox(s)] = p;
    }

    /// Mailbox index of `color`'s king (None if it has none).
    pub fn king(&self, color: i8) -> Option<usize> {
        (0..64u8).map(mbox).find(|&m| self.board[m] == KING * color)
    }

    /// Depth of the push-down list (moves made since the position was set up).
    pub fn ply(&self) -> usize {
        self.stack.len()
    }

    /// Is mailbox square `m` attacked by a piece of `by`?
    pub fn attacked(&self, m: usize, by: i8) -> bool {
        let b = &self.board;
        let at = |d: i32| b[(m as i32 + d) as usize];
        // A White pawn on p attacks p+9 and p+11.
        let pawn = PAWN * by;
        if at(-9 * by as i32) == pawn || at(-11 * by as i32) == pawn {
            return true;
        }
        if KNIGHT_STEPS.iter().any(|&d| at(d) == KNIGHT * by) {
            return true;
        }
        if KING_STEPS.iter().any(|&d| at(d) == KING * by) {
            return true;
        }
        for (dirs, slider) in [(ROOK_DIRS, ROOK), (BISHOP_DIRS, BISHOP)] {
            for d in dirs {
                let mut t = m as i32 + d;
                loop {
                    let p = b[t as usize];
                    if p == 0 {
                        t += d;
                        continue;
                    }
                    if p == slider * by || p == QUEEN * by {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Is `color`'s king attacked?
    pub fn in_check(&self, color: i8) -> bool {
        match self.king(color) {
            Some(k) => self.attacked(k, -color),
            None => false,
        }
    }

    /// Update a move (assumed at least pseudo-legal) and push what reverts it.
    pub fn make(&mut self, mv: Move) {
        let from = mbox(mv.from);
        let to = mbox(mv.to);
        let moved = self.board[from];
        let kind = moved.abs();
        let mut captured = self.board[to];
        let mut capture_at = to;
        if kind == PAWN && Some(mv.to) == self.ep && captured == 0 && mv.from % 8 != mv.to % 8 {
            capture_at = (to as i32 - 10 * self.side as i32) as usize;
            captured = self.board[capture_at];
            self.board[capture_at] = 0;
        }
        self.stack.push(Undo {
            mv,
            moved,
            captured,
            capture_at,
            castle: self.castle,
            ep: self.ep,
            halfmove: self.halfmove,
        });
        self.board[from] = 0;
        self.board[to] = if mv.promo != 0 {
            mv.promo * self.side
        } else {
            moved
        };
        if kind == KING && (mv.to as i32 - mv.from as i32).abs() == 2 {
            // Castling: the rook jumps over the king.
            let (rf, rt) = if mv.to > mv.from {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            self.board[rt] = self.board[rf];
            self.board[rf] = 0;
        }
        for s in [mv.from, mv.to] {
            self.castle &= match s {
                0 => !CASTLE_WQ,
                4 => !(CASTLE_WK | CASTLE_WQ),
                7 => !CASTLE_WK,
                56 => !CASTLE_BQ,
                60 => !(CASTLE_BK | CASTLE_BQ),
                63 => !CASTLE_BK,
                _ => 0xff,
            };
        }
        self.ep = if kind == PAWN && (mv.to as i32 - mv.from as i32).abs() == 16 {
            Some((mv.from + mv.to) / 2)
        } else {
            None
        };
        if kind == PAWN || captured != 0 {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.side == BLACK {
            self.fullmove += 1;
        }
        self.side = -self.side;
    }

    /// Revert the last updated move (UPREV's other option).
    pub fn unmake(&mut self) {
        let u = self
            .stack
            .pop()
            .expect("unmake with an empty push-down list");
        self.side = -self.side;
        if self.side == BLACK {
            self.fullmove -= 1;
        }
        let from = mbox(u.mv.from);
        let to = mbox(u.mv.to);
        self.board[from] = u.moved;
        self.board[to] = 0;
        self.board[u.capture_at] = u.captured;
        if u.moved.abs() == KING && (u.mv.to as i32 - u.mv.from as i32).abs() == 2 {
            let (rf, rt) = if u.mv.to > u.mv.from {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            self.board[rf] = self.board[rt];
            self.board[rt] = 0;
        }
        self.castle = u.castle;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
    }

    /// The moves on the push-down list, oldest first.
    pub fn history(&self) -> Vec<Move> {
        self.stack.iter().map(|u| u.mv).collect()
    }

    /// Forget the push-down list (the current position becomes the root).
    pub fn clear_history(&mut self) {
        self.stack.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_numbering_follows_initia_scan() {
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(7), "h1");
        assert_eq!(square_name(63), "h8");
        for s in 0..64 {
            assert_eq!(sq(mbox(s)), s);
        }
        assert_eq!(parse_square("e4"), Some(28));
        assert_eq!(parse_square("i4"), None);
    }

    #[test]
    fn make_unmake_restores() {
        let mut p = Position::start();
        let q = p.clone();
        for mv in crate::movegen::legal_moves(&p) {
            p.make(mv);
            p.unmake();
            assert_eq!(p, q);
        }
    }
}
