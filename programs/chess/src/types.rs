//! The chess core's validated values: a colour, a role, a piece (a colour and a role), a square
//! (one of the 64) and castling rights. Each holds only what chess allows, so a position built
//! from them cannot hold a side of 5, a piece code of 99 or a square off the board. The small
//! integers inside are the 7090 board's words (a piece is +-1..6, a square 0..63 in INITIA's
//! scan), so the hot paths read them without a conversion.

use std::fmt;
use std::ops::Not;

/// The mailbox codes of the roles, as the 7090 board holds them (positive White, negative
/// Black, 0 empty); `Role`'s discriminants are these.
pub const PAWN: i8 = 1;
pub const KNIGHT: i8 = 2;
pub const BISHOP: i8 = 3;
pub const ROOK: i8 = 4;
pub const QUEEN: i8 = 5;
pub const KING: i8 = 6;
/// The border of the mailbox: never a piece, stops every ray.
pub const OFF: i8 = 7;

/// A side: its sign is +1 for White, -1 for Black (so `code * sign > 0` means "own piece").
#[repr(i8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    White = 1,
    Black = -1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// +1 for White, -1 for Black.
    #[inline]
    pub const fn sign(self) -> i8 {
        self as i8
    }

    /// The colour of sign `s` (+1 or -1).
    #[inline]
    pub const fn from_sign(s: i8) -> Option<Color> {
        match s {
            1 => Some(Color::White),
            -1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The other colour.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The colour of a piece's mailbox code (positive White, negative Black; 0 is no piece and
    /// is read as Black, so callers ask only of pieces).
    #[inline]
    pub const fn of_code(c: i8) -> Color {
        if c > 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// "White" or "Black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The rank (0..7) a rank counted from this side's first rank lies on.
    #[inline]
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::White => rank,
            Color::Black => 7 - rank,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

/// A kind of piece.
#[repr(i8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = PAWN,
    Knight = KNIGHT,
    Bishop = BISHOP,
    Rook = ROOK,
    Queen = QUEEN,
    King = KING,
}

impl Role {
    /// The roles a pawn promotes to, in the canonical order (Q R B N).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The mailbox code (1..6).
    #[inline]
    pub const fn code(self) -> i8 {
        self as i8
    }

    /// The role of mailbox code 1..6 (either sign is not accepted: a role has none).
    #[inline]
    pub const fn from_code(c: i8) -> Option<Role> {
        Some(match c {
            PAWN => Role::Pawn,
            KNIGHT => Role::Knight,
            BISHOP => Role::Bishop,
            ROOK => Role::Rook,
            QUEEN => Role::Queen,
            KING => Role::King,
            _ => return None,
        })
    }

    /// The lower-case letter (FEN's Black piece, UCI's promotion): p n b r q k.
    pub const fn char(self) -> char {
        b" pnbrqk"[self as usize] as char
    }

    /// The role of a letter of either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }
}

/// A piece: a colour and a role, held as the mailbox code (+-1..6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(i8);

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(role.code() * color.sign())
    }

    /// The piece of mailbox code `c` (+-1..6; 0, the border and anything else are none).
    #[inline]
    pub const fn from_code(c: i8) -> Option<Piece> {
        if c != 0 && c >= -KING && c <= KING {
            Some(Piece(c))
        } else {
            None
        }
    }

    /// The mailbox code: the role's code, negative for Black.
    #[inline]
    pub const fn code(self) -> i8 {
        self.0
    }

    #[inline]
    pub const fn color(self) -> Color {
        Color::of_code(self.0)
    }

    #[inline]
    pub fn role(self) -> Role {
        match Role::from_code(self.0.abs()) {
            Some(r) => r,
            None => unreachable!("a piece holds a code of 1..6 either sign"),
        }
    }

    /// The FEN letter: upper case White, lower case Black.
    pub fn char(self) -> char {
        let c = self.role().char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Role::from_char(c).map(|r| Piece::new(color, r))
    }
}

/// One of the 64 squares, numbered as the memo's INITIA scans them (0 = a1, 1 = b1, ...,
/// 63 = h8). The 7090 board is a 10x12 mailbox; `mbox` gives a square's index in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square in INITIA's scan order.
    #[inline]
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..64u8).map(Square)
    }

    /// The mailbox indices of a1 and h8, the first and last square.
    pub const A1_MBOX: usize = 21;
    pub const H8_MBOX: usize = 98;

    /// The square of index `i` (0..63).
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1st), both 0..7.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(file + 8 * rank))
        } else {
            None
        }
    }

    /// The square at mailbox index `m` (None on the border or outside).
    #[inline]
    pub const fn from_mbox(m: usize) -> Option<Square> {
        if m < 21 || m > 98 || (m - 21) % 10 >= 8 {
            return None;
        }
        Some(Square(((m - 21) % 10 + 8 * ((m - 21) / 10)) as u8))
    }

    /// The square at mailbox index `m`, which the caller knows is on the board (a generator's
    /// step that met no border): no check in the inner loops.
    #[inline]
    pub(crate) const fn of_mbox(m: usize) -> Square {
        debug_assert!(m >= 21 && m <= 98 && (m - 21) % 10 < 8);
        Square(((m - 21) % 10 + 8 * ((m - 21) / 10)) as u8)
    }

    /// The index (0..63).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 = the first.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The index in the 10x12 mailbox.
    #[inline]
    pub const fn mbox(self) -> usize {
        21 + (self.0 % 8) as usize + 10 * (self.0 / 8) as usize
    }

    /// The square `d` indices further in INITIA's scan (d = 8 is one rank up), if on the board.
    #[inline]
    pub const fn offset(self, d: i8) -> Option<Square> {
        let i = self.0 as i16 + d as i16;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Algebraic name ("e4").
    pub fn name(self) -> String {
        self.to_string()
    }

    /// The square of an algebraic name ("e4"; lower case).
    pub fn parse(t: &str) -> Option<Square> {
        let b = t.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square((b[0] - b'a') + 8 * (b[1] - b'1')))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Castling rights: which of the four castlings the king and rooks' moves still allow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

/// One castling: a colour's king side or queen side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    pub color: Color,
    pub king_side: bool,
}

impl Castling {
    /// The four in FEN order: K Q k q.
    pub const ALL: [Castling; 4] = [
        Castling::new(Color::White, true),
        Castling::new(Color::White, false),
        Castling::new(Color::Black, true),
        Castling::new(Color::Black, false),
    ];

    pub const fn new(color: Color, king_side: bool) -> Castling {
        Castling { color, king_side }
    }

    #[inline]
    const fn bit(self) -> u8 {
        match (self.color, self.king_side) {
            (Color::White, true) => 1,
            (Color::White, false) => 2,
            (Color::Black, true) => 4,
            (Color::Black, false) => 8,
        }
    }

    /// FEN's letter: K Q k q.
    pub const fn char(self) -> char {
        match (self.color, self.king_side) {
            (Color::White, true) => 'K',
            (Color::White, false) => 'Q',
            (Color::Black, true) => 'k',
            (Color::Black, false) => 'q',
        }
    }

    /// The castling of a FEN letter.
    pub const fn from_char(c: char) -> Option<Castling> {
        Some(match c {
            'K' => Castling::new(Color::White, true),
            'Q' => Castling::new(Color::White, false),
            'k' => Castling::new(Color::Black, true),
            'q' => Castling::new(Color::Black, false),
            _ => return None,
        })
    }

    /// The king's square before castling.
    pub const fn king_square(self) -> Square {
        match self.color {
            Color::White => Square(4),
            Color::Black => Square(60),
        }
    }

    /// The rook's square before castling.
    pub const fn rook_square(self) -> Square {
        match (self.color, self.king_side) {
            (Color::White, true) => Square(7),
            (Color::White, false) => Square(0),
            (Color::Black, true) => Square(63),
            (Color::Black, false) => Square(56),
        }
    }
}

impl CastlingRights {
    /// No castling left.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The rights of a bit set in FEN order (1 = K, 2 = Q, 4 = k, 8 = q), as the 7090
    /// programs' CASTLE word holds them.
    pub const fn from_bits(b: u8) -> Option<CastlingRights> {
        if b < 16 {
            Some(CastlingRights(b))
        } else {
            None
        }
    }

    /// The bit set (1 = K, 2 = Q, 4 = k, 8 = q).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn has(self, c: Castling) -> bool {
        self.0 & c.bit() != 0
    }

    /// Whether `color` may still castle on either side.
    #[inline]
    pub const fn has_color(self, color: Color) -> bool {
        self.0 & (Castling::new(color, true).bit() | Castling::new(color, false).bit()) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn insert(&mut self, c: Castling) {
        self.0 |= c.bit();
    }

    pub fn remove(&mut self, c: Castling) {
        self.0 &= !c.bit();
    }

    /// Drop the rights a move from or to square `s` ends (a king or rook leaving home, a rook
    /// taken at home). A table rather than a match: `make` does this twice a move.
    #[inline]
    pub fn touch(&mut self, s: Square) {
        const KEEP: [u8; 64] = {
            let mut keep = [15u8; 64];
            keep[0] = 15 & !2;
            keep[4] = 15 & !3;
            keep[7] = 15 & !1;
            keep[56] = 15 & !8;
            keep[60] = 15 & !12;
            keep[63] = 15 & !4;
            keep
        };
        // A square is below 64; the mask tells the compiler so (no bounds check).
        self.0 &= KEEP[(s.0 & 63) as usize];
    }
}

/// FEN's castling field: the letters in order K Q k q, or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for c in Castling::ALL {
            if self.has(c) {
                write!(f, "{}", c.char())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_numbering_follows_initia_scan() {
        assert_eq!(Square::new(0).unwrap().name(), "a1");
        assert_eq!(Square::new(7).unwrap().name(), "h1");
        assert_eq!(Square::new(63).unwrap().name(), "h8");
        assert_eq!(Square::all().len(), 64);
        for s in Square::all() {
            assert_eq!(Square::from_mbox(s.mbox()), Some(s));
            assert_eq!(Square::of_mbox(s.mbox()), s);
        }
        assert_eq!(Square::from_mbox(20), None);
        assert_eq!(Square::from_mbox(29), None);
        assert_eq!(Square::from_mbox(99), None);
        assert_eq!(Square::parse("e4"), Square::new(28));
        assert_eq!(Square::parse("i4"), None);
        assert_eq!(Square::new(64), None);
    }

    #[test]
    fn pieces_are_a_colour_and_a_role() {
        for c in Color::ALL {
            for code in 1..=6 {
                let r = Role::from_code(code).unwrap();
                let p = Piece::new(c, r);
                assert_eq!((p.color(), p.role()), (c, r));
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        for bad in [0, 7, -7, 99, i8::MIN] {
            assert_eq!(Piece::from_code(bad), None);
        }
        assert_eq!(Color::from_sign(5), None);
        assert_eq!(!Color::White, Color::Black);
    }

    #[test]
    fn castling_rights_in_fen_order() {
        let mut r = CastlingRights::ALL;
        assert_eq!(r.to_string(), "KQkq");
        r.touch(Square::parse("h1").unwrap());
        r.touch(Square::parse("e8").unwrap());
        assert_eq!(r.to_string(), "Q");
        assert_eq!(CastlingRights::from_bits(16), None);
        assert_eq!(CastlingRights::NONE.to_string(), "-");
    }
}
