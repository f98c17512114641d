//! The board: a 10x12 mailbox a 7090 program can mirror word for word, squares numbered as the
//! memo's INITIA scans them (0 = White's QR1 = a1, 1 = b1, ... 63 = h8), and make/unmake on a
//! push-down list (the memo's UPREV). A `Move` and a `Position` are built from the validated
//! values of `types` and keep their fields private: a position is set up square by square with
//! `put`, read from FEN (`fen`, errors name the field) or from a 7090 program's words
//! (`Position::from_mailbox`, errors name the word), and read through accessors. Legality
//! beyond what the types hold (one king each, the side not to move not in check) is FEN's and
//! INITIA's to check, as the period reader did.

pub use super::types::*;

/// A move: from and to squares and the promotion role (None when none). Castling is the king's
/// two-square move, en passant the pawn's diagonal move to the en-passant square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    promo: Option<Role>,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, promo: Option<Role>) -> Move {
        Move { from, to, promo }
    }

    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role a pawn promotes to.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        self.promo
    }

    /// Whether the move goes two files sideways (castling when the king makes it).
    #[inline]
    pub const fn is_two_files(self) -> bool {
        self.from.file().abs_diff(self.to.file()) == 2
    }

    /// The canonical order key: from-square, then to-square, then promotion Q R B N.
    #[inline]
    pub fn key(&self) -> u32 {
        let p = match self.promo {
            Some(Role::Queen) => 1,
            Some(Role::Rook) => 2,
            Some(Role::Bishop) => 3,
            Some(Role::Knight) => 4,
            _ => 0,
        };
        (self.from.index() as u32) * 64 * 8 + (self.to.index() as u32) * 8 + p
    }

    /// UCI long algebraic text ("e2e4", "e7e8q").
    pub fn uci(&self) -> String {
        let mut s = self.from.name() + &self.to.name();
        if let Some(r) = self.promo {
            s.push(r.char());
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
    castle: CastlingRights,
    ep: Option<Square>,
    halfmove: u32,
}

/// A chess position with its push-down list of updates. The fields are private: the board
/// holds only pieces, empty squares and the border, so what the types let in is a position
/// the generator and the 7090 programs can read.
#[derive(Clone, Debug)]
pub struct Position {
    /// The 10x12 mailbox: a piece's code (+-1..6), 0 empty, `OFF` the border.
    board: [i8; 120],
    side: Color,
    castle: CastlingRights,
    /// The square passed over by a pawn's double step on the last move.
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
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

/// What is wrong with a position given as the 7090 board's words (`Position::from_mailbox`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MailboxError {
    #[error("mailbox word {index}: {code} is not a piece, 0 or the border")]
    Square { index: usize, code: i64 },
    #[error("mailbox word {index}: {code} where the border ({OFF}) belongs")]
    Border { index: usize, code: i64 },
    #[error("side to move {0} is not +1 or -1")]
    Side(i64),
    #[error("castling word {0} is not a set of the four rights (0..15)")]
    Castling(i64),
    #[error("en-passant word {0} is not 0 or a square's mailbox index")]
    EnPassant(i64),
    #[error("the board has {0} words, not 120")]
    Length(usize),
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
        for s in Square::all() {
            board[s.mbox()] = 0;
        }
        Position {
            board,
            side: Color::White,
            castle: CastlingRights::NONE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            stack: Vec::new(),
        }
    }

    /// A position from the 7090 board's words (a program's BOARD, SIDE, CASTLE, EPSQ, HALFMV
    /// and FULLMV), refused word by word where it is not one the types can hold.
    pub fn from_mailbox(
        board: &[i64],
        side: i64,
        castle: i64,
        ep: i64,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, MailboxError> {
        if board.len() != 120 {
            return Err(MailboxError::Length(board.len()));
        }
        let mut p = Position::empty();
        for (index, &code) in board.iter().enumerate() {
            match Square::from_mbox(index) {
                Some(s) => {
                    let piece = i8::try_from(code).ok().and_then(Piece::from_code);
                    if code != 0 && piece.is_none() {
                        return Err(MailboxError::Square { index, code });
                    }
                    p.put(s, piece);
                }
                None if code != OFF as i64 => return Err(MailboxError::Border { index, code }),
                None => {}
            }
        }
        p.side = i8::try_from(side)
            .ok()
            .and_then(Color::from_sign)
            .ok_or(MailboxError::Side(side))?;
        p.castle = u8::try_from(castle)
            .ok()
            .and_then(CastlingRights::from_bits)
            .ok_or(MailboxError::Castling(castle))?;
        p.ep = match ep {
            0 => None,
            m => Some(
                usize::try_from(m)
                    .ok()
                    .and_then(Square::from_mbox)
                    .ok_or(MailboxError::EnPassant(ep))?,
            ),
        };
        p.halfmove = halfmove;
        p.fullmove = fullmove;
        Ok(p)
    }

    /// The 10x12 mailbox, read-only: a piece's code (+-1..6), 0 empty, `OFF` the border. The
    /// evaluators walk it with the step tables.
    #[inline]
    pub fn mailbox(&self) -> &[i8; 120] {
        &self.board
    }

    /// The piece on `s`.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.board[s.mbox()])
    }

    /// The mailbox code on `s`: the piece's code (+-1..6) or 0.
    #[inline]
    pub fn code_at(&self, s: Square) -> i8 {
        self.board[s.mbox()]
    }

    /// Put a piece on square `s`, or empty it.
    pub fn put(&mut self, s: Square, p: Option<Piece>) {
        self.board[s.mbox()] = p.map_or(0, Piece::code);
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castle
    }

    /// The square passed over by a pawn's double step on the last move.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number, from 1.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn set_side_to_move(&mut self, c: Color) {
        self.side = c;
    }

    pub fn set_castling(&mut self, c: CastlingRights) {
        self.castle = c;
    }

    pub fn set_ep_square(&mut self, s: Option<Square>) {
        self.ep = s;
    }

    /// Set the halfmove clock and the move number (from 1).
    pub fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Give the move to `c` with no en-passant square: a null move when `c` is the side not to
    /// move (the threat searches' "what if I passed").
    pub fn pass_to(&mut self, c: Color) {
        self.side = c;
        self.ep = None;
    }

    /// `color`'s king's square (None if it has none).
    pub fn king(&self, color: Color) -> Option<Square> {
        self.king_index(color).map(Square::of_mbox)
    }

    /// Mailbox index of `color`'s king (the first in INITIA's scan if there are more).
    #[inline]
    pub fn king_index(&self, color: Color) -> Option<usize> {
        let k = KING * color.sign();
        // From a1's index to h8's: the border cells between the ranks hold `OFF`, never a
        // king, so the scan needs no square arithmetic.
        (Square::A1_MBOX..=Square::H8_MBOX).find(|&m| self.board[m] == k)
    }

    /// Depth of the push-down list (moves made since the position was set up).
    pub fn ply(&self) -> usize {
        self.stack.len()
    }

    /// Is the square at mailbox index `m` (of the 64) attacked by a piece of `by`?
    pub fn attacked(&self, m: usize, by: Color) -> bool {
        let b = &self.board;
        let by = by.sign();
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
    pub fn in_check(&self, color: Color) -> bool {
        match self.king_index(color) {
            Some(k) => self.attacked(k, !color),
            None => false,
        }
    }

    /// Update a move (assumed at least pseudo-legal) and push what reverts it.
    pub fn make(&mut self, mv: Move) {
        let from = mv.from.mbox();
        let to = mv.to.mbox();
        let moved = self.board[from];
        let kind = moved.abs();
        let mut captured = self.board[to];
        let mut capture_at = to;
        if kind == PAWN && Some(mv.to) == self.ep && captured == 0 && mv.from.file() != mv.to.file()
        {
            capture_at = (to as i32 - 10 * self.side.sign() as i32) as usize;
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
        self.board[to] = match mv.promo {
            Some(r) => r.code() * self.side.sign(),
            None => moved,
        };
        if kind == KING && mv.is_two_files() {
            // Castling: the rook jumps over the king.
            let (rf, rt) = if mv.to > mv.from {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            self.board[rt] = self.board[rf];
            self.board[rf] = 0;
        }
        self.castle.touch(mv.from);
        self.castle.touch(mv.to);
        self.ep = if kind == PAWN && mv.from.index().abs_diff(mv.to.index()) == 16 {
            Some(Square::of_mbox((from + to) / 2))
        } else {
            None
        };
        if kind == PAWN || captured != 0 {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
    }

    /// Revert the last updated move (UPREV's other option).
    pub fn unmake(&mut self) {
        let u = self
            .stack
            .pop()
            .expect("unmake with an empty push-down list");
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let from = u.mv.from.mbox();
        let to = u.mv.to.mbox();
        self.board[from] = u.moved;
        self.board[to] = 0;
        self.board[u.capture_at] = u.captured;
        if u.moved.abs() == KING && u.mv.is_two_files() {
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
    fn mailbox_words_are_checked() {
        let p = Position::start();
        let words: Vec<i64> = p.mailbox().iter().map(|&c| c as i64).collect();
        let back = Position::from_mailbox(&words, 1, 15, 0, 0, 1).unwrap();
        assert_eq!(back, p);
        let mut bad = words.clone();
        bad[Square::parse("e4").unwrap().mbox()] = 99;
        assert!(matches!(
            Position::from_mailbox(&bad, 1, 15, 0, 0, 1),
            Err(MailboxError::Square { code: 99, .. })
        ));
        bad = words.clone();
        bad[0] = 0;
        assert!(Position::from_mailbox(&bad, 1, 15, 0, 0, 1).is_err());
        assert_eq!(
            Position::from_mailbox(&words, 5, 15, 0, 0, 1),
            Err(MailboxError::Side(5))
        );
        assert!(Position::from_mailbox(&words, 1, 16, 0, 0, 1).is_err());
        assert!(Position::from_mailbox(&words, 1, 15, 29, 0, 1).is_err());
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
