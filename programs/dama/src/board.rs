//! The dama board (Findler's Fig. 1 as reconstructed in /work/shared/notes/dama-rules.md):
//! squares 1..32, four a row, odd rows on columns 1,3,5,7 and even rows on 0,2,4,6; a position
//! is two 32-bit masks (bit s-1 is square s) and the side to move.

use std::fmt;
use std::str::FromStr;

/// A player. A starts on 1-8 and moves up the rows; B starts on 25-32 and moves down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
pub enum Side {
    A,
    B,
}

impl Side {
    /// The other player.
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B: the index into per-side tables.
    pub const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// The eight squares this side must fill to win (A: 25-32, B: 1-8).
    pub const fn goal(self) -> u32 {
        match self {
            Side::A => GOAL_A,
            Side::B => GOAL_B,
        }
    }

    /// The eight squares this side starts on.
    pub const fn home(self) -> u32 {
        match self {
            Side::A => GOAL_B,
            Side::B => GOAL_A,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Squares 25-32: A's goal, B's home.
pub const GOAL_A: u32 = 0xFF00_0000;
/// Squares 1-8: B's goal, A's home.
pub const GOAL_B: u32 = 0x0000_00FF;
/// Squares 13-20 (rows 4 and 5): a piece of either side here makes the position a middle game.
pub const MIDDLE_ROWS: u32 = 0x000F_F000;

/// The row of square `s` (1..=32), 1..8 counted from A's side.
pub const fn row(s: u8) -> u8 {
    (s - 1) / 4 + 1
}

/// The column of square `s` (1..=32), 0..7 left to right.
pub const fn col(s: u8) -> u8 {
    2 * ((s - 1) % 4) + if row(s) % 2 == 1 { 1 } else { 0 }
}

/// The square at (row, col), or `None` off the board or on an unused (dark) square.
pub const fn square_at(row: i32, col: i32) -> Option<u8> {
    if row < 1 || row > 8 || col < 0 || col > 7 {
        return None;
    }
    // Odd rows use odd columns, even rows even columns.
    if (row + col) % 2 != 0 {
        return None;
    }
    Some(((row - 1) * 4 + col / 2 + 1) as u8)
}

/// The square as seen from the other side of the board (180-degree rotation): 33 - s.
pub const fn rotate(s: u8) -> u8 {
    33 - s
}

/// The mask with only square `s` set.
pub const fn bit(s: u8) -> u32 {
    1 << (s - 1)
}

/// The row step of a side's forward direction: A +1, B -1.
const fn forward(side: usize) -> i32 {
    if side == 0 {
        1
    } else {
        -1
    }
}

/// Forward-diagonal neighbours: `STEP[side][s-1]` is the mask of the (up to two) squares one row
/// forward.
pub static STEP: [[u32; 32]; 2] = build_step();

/// Jumps: `JUMP[side][s-1][d]` = (mask of the square jumped over, mask of the landing square),
/// both 0 when that diagonal leaves the board. d = 0 toward column-1, d = 1 toward column+1.
pub static JUMP: [[[(u32, u32); 2]; 32]; 2] = build_jump();

const fn build_step() -> [[u32; 32]; 2] {
    let mut t = [[0u32; 32]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 1u8;
        while s <= 32 {
            let r = row(s) as i32 + forward(side);
            let c = col(s) as i32;
            let mut m = 0;
            if let Some(n) = square_at(r, c - 1) {
                m |= bit(n);
            }
            if let Some(n) = square_at(r, c + 1) {
                m |= bit(n);
            }
            t[side][(s - 1) as usize] = m;
            s += 1;
        }
        side += 1;
    }
    t
}

const fn build_jump() -> [[[(u32, u32); 2]; 32]; 2] {
    let mut t = [[[(0u32, 0u32); 2]; 32]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 1u8;
        while s <= 32 {
            let f = forward(side);
            let r = row(s) as i32;
            let c = col(s) as i32;
            let mut d = 0;
            while d < 2 {
                let dc = if d == 0 { -1 } else { 1 };
                if let (Some(over), Some(land)) =
                    (square_at(r + f, c + dc), square_at(r + 2 * f, c + 2 * dc))
                {
                    t[side][(s - 1) as usize][d] = (bit(over), bit(land));
                }
                d += 1;
            }
            s += 1;
        }
        side += 1;
    }
    t
}

/// A move: the origin and destination squares (1..=32). Two jump paths to one destination are one
/// move, so nothing else is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Rows advanced: 1 for a step, 2, 4 or 6 for one, two or three jumps.
    pub const fn dr(self) -> i32 {
        (row(self.from) as i32 - row(self.to) as i32).abs()
    }

    /// True for a jump (two rows or more).
    pub const fn is_jump(self) -> bool {
        self.dr() >= 2
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl schemars::JsonSchema for Move {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Move".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A move as its text: `FROM-TO`, squares 1-32 (a jump's too)."
        })
    }
}

/// Why a position or move text was refused; each variant names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not three fields `A:.../B:.../side`.
    #[error("position `{text}`: expected three fields `A:<squares>/B:<squares>/<side>`")]
    Shape { text: String },
    /// A field did not start with its label (`A:` or `B:`).
    #[error("field {field}: expected `{field}:<squares>`, found `{text}`")]
    Label { field: &'static str, text: String },
    /// A square that is not a number in 1..=32.
    #[error("field {field}: unknown square `{text}` (squares are 1..32)")]
    UnknownSquare { field: &'static str, text: String },
    /// The same square listed twice for one side.
    #[error("field {field}: square {square} listed twice")]
    SquareTwice { field: &'static str, square: u8 },
    /// A side with other than eight pieces.
    #[error("field {field}: {count} pieces, a side has exactly 8")]
    PieceCount { field: &'static str, count: u32 },
    /// A square listed for both sides.
    #[error("fields A and B: square {square} holds a piece of both sides")]
    BothSides { square: u8 },
    /// The side to move is not `A` or `B`.
    #[error("field side: expected `A` or `B`, found `{text}`")]
    BadSide { text: String },
    /// A move not of the form `from-to`.
    #[error("move `{text}`: expected `from-to`, e.g. `5-21`")]
    MoveShape { text: String },
}

/// Parse a square number 1..=32 for the named field.
fn parse_square(field: &'static str, text: &str) -> Result<u8, ParseError> {
    match text.trim().parse::<u8>() {
        Ok(s) if (1..=32).contains(&s) => Ok(s),
        _ => Err(ParseError::UnknownSquare {
            field,
            text: text.trim().to_string(),
        }),
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Move, ParseError> {
        let (from, to) = text.trim().split_once('-').ok_or(ParseError::MoveShape {
            text: text.to_string(),
        })?;
        Ok(Move::new(
            parse_square("from", from)?,
            parse_square("to", to)?,
        ))
    }
}

/// A dama position: A's pieces, B's pieces, side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub a: u32,
    pub b: u32,
    pub side: Side,
}

impl Position {
    /// The starting position: A on 1-8, B on 25-32, A to move.
    pub const fn start() -> Position {
        Position {
            a: GOAL_B,
            b: GOAL_A,
            side: Side::A,
        }
    }

    /// Build from square lists, checking the same things as the text parser.
    pub fn from_squares(a: &[u8], b: &[u8], side: Side) -> Result<Position, ParseError> {
        let a = squares_to_mask("A", a.iter().copied())?;
        let b = squares_to_mask("B", b.iter().copied())?;
        Position::from_masks(a, b, side)
    }

    /// Build from masks, checking eight pieces a side and no shared square.
    pub fn from_masks(a: u32, b: u32, side: Side) -> Result<Position, ParseError> {
        if a.count_ones() != 8 {
            return Err(ParseError::PieceCount {
                field: "A",
                count: a.count_ones(),
            });
        }
        if b.count_ones() != 8 {
            return Err(ParseError::PieceCount {
                field: "B",
                count: b.count_ones(),
            });
        }
        if a & b != 0 {
            return Err(ParseError::BothSides {
                square: (a & b).trailing_zeros() as u8 + 1,
            });
        }
        Ok(Position { a, b, side })
    }

    /// The pieces of `side`.
    pub const fn pieces(&self, side: Side) -> u32 {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }

    /// Every occupied square.
    pub const fn occupied(&self) -> u32 {
        self.a | self.b
    }

    /// True if `side` fills its eight goal squares.
    pub const fn goal_complete(&self, side: Side) -> bool {
        self.pieces(side) == side.goal()
    }

    /// True if a piece of either side stands on rows 4-5 (Findler's "middle game").
    pub const fn is_middle(&self) -> bool {
        self.occupied() & MIDDLE_ROWS != 0
    }

    /// The position after the side to move plays `m` (not checked for legality).
    pub const fn apply(&self, m: Move) -> Position {
        let change = bit(m.from) | bit(m.to);
        match self.side {
            Side::A => Position {
                a: self.a ^ change,
                b: self.b,
                side: Side::B,
            },
            Side::B => Position {
                a: self.a,
                b: self.b ^ change,
                side: Side::A,
            },
        }
    }

    /// Findler's rank number r: the sum of the rows (from A's side) of all sixteen pieces.
    pub fn rank_number(&self) -> i32 {
        (1..=32u8)
            .filter(|&s| self.occupied() & bit(s) != 0)
            .map(|s| row(s) as i32)
            .sum()
    }
}

fn squares_to_mask(
    field: &'static str,
    squares: impl Iterator<Item = u8>,
) -> Result<u32, ParseError> {
    let mut mask = 0u32;
    for s in squares {
        if !(1..=32).contains(&s) {
            return Err(ParseError::UnknownSquare {
                field,
                text: s.to_string(),
            });
        }
        if mask & bit(s) != 0 {
            return Err(ParseError::SquareTwice { field, square: s });
        }
        mask |= bit(s);
    }
    Ok(mask)
}

fn mask_squares(mask: u32) -> impl Iterator<Item = u8> {
    (1..=32u8).filter(move |&s| mask & bit(s) != 0)
}

fn format_squares(mask: u32) -> String {
    mask_squares(mask)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "A:{}/B:{}/{}",
            format_squares(self.a),
            format_squares(self.b),
            self.side
        )
    }
}

impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl schemars::JsonSchema for Position {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Position".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A position as its text: `A:SQUARES/B:SQUARES/SIDE`, the side to move `A` or `B`."
        })
    }
}

fn parse_field(field: &'static str, text: &str) -> Result<u32, ParseError> {
    let body = text
        .trim()
        .strip_prefix(field)
        .and_then(|t| t.strip_prefix(':'))
        .ok_or(ParseError::Label {
            field,
            text: text.trim().to_string(),
        })?;
    let mut squares = Vec::new();
    if !body.trim().is_empty() {
        for part in body.split(',') {
            squares.push(parse_square(field, part)?);
        }
    }
    squares_to_mask(field, squares.into_iter())
}

impl FromStr for Position {
    type Err = ParseError;

    /// `A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/A`.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 3 {
            return Err(ParseError::Shape {
                text: text.to_string(),
            });
        }
        let a = parse_field("A", fields[0])?;
        let b = parse_field("B", fields[1])?;
        let side = match fields[2].trim() {
            "A" | "a" => Side::A,
            "B" | "b" => Side::B,
            other => {
                return Err(ParseError::BadSide {
                    text: other.to_string(),
                })
            }
        };
        Position::from_masks(a, b, side)
    }
}

/// A picture of the board from A's side (row 8 at the top), `a`/`b` for pieces, `.` for empty
/// playable squares: for humans and test failure messages.
pub fn diagram(p: &Position) -> String {
    let mut out = String::new();
    for r in (1..=8).rev() {
        out.push_str(&format!("{r} "));
        for c in 0..8 {
            out.push(match square_at(r, c) {
                None => ' ',
                Some(s) if p.a & bit(s) != 0 => 'a',
                Some(s) if p.b & bit(s) != 0 => 'b',
                Some(_) => '.',
            });
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The neighbour of `s` by walking rows and columns, the slow way.
    fn slow_neighbours(side: Side, s: u8) -> Vec<u8> {
        let f = if side == Side::A { 1 } else { -1 };
        let (r, c) = (row(s) as i32, col(s) as i32);
        let mut v = Vec::new();
        for dc in [-1, 1] {
            let (nr, nc) = (r + f, c + dc);
            if (1..=8).contains(&nr) && (0..8).contains(&nc) {
                // Search every square for the one at (nr, nc) instead of computing it.
                for t in 1..=32u8 {
                    if row(t) as i32 == nr && col(t) as i32 == nc {
                        v.push(t);
                    }
                }
            }
        }
        v.sort();
        v
    }

    #[test]
    fn squares_follow_fig_1() {
        assert_eq!((row(1), col(1)), (1, 1)); // b1
        assert_eq!((row(5), col(5)), (2, 0)); // a2
        assert_eq!((row(29), col(29)), (8, 0)); // a8
        assert_eq!((row(32), col(32)), (8, 6)); // g8
        for s in 1..=32u8 {
            assert_eq!(square_at(row(s) as i32, col(s) as i32), Some(s));
            assert_eq!(rotate(rotate(s)), s);
            // Rotation maps (row, col) to (9-row, 7-col).
            assert_eq!(row(rotate(s)), 9 - row(s));
            assert_eq!(col(rotate(s)), 7 - col(s));
        }
    }

    #[test]
    fn step_table_matches_slow_walk() {
        for side in [Side::A, Side::B] {
            for s in 1..=32u8 {
                let fast: Vec<u8> = mask_squares(STEP[side.index()][s as usize - 1]).collect();
                assert_eq!(fast, slow_neighbours(side, s), "{side} {s}");
            }
        }
    }

    #[test]
    fn jump_table_matches_two_slow_walks() {
        for side in [Side::A, Side::B] {
            for s in 1..=32u8 {
                let mut fast: Vec<(u8, u8)> = JUMP[side.index()][s as usize - 1]
                    .iter()
                    .filter(|&&(o, _)| o != 0)
                    .map(|&(o, l)| (o.trailing_zeros() as u8 + 1, l.trailing_zeros() as u8 + 1))
                    .collect();
                fast.sort();
                let mut slow = Vec::new();
                for over in slow_neighbours(side, s) {
                    for land in slow_neighbours(side, over) {
                        // Straight line: the column keeps changing the same way.
                        if col(land) as i32 - col(over) as i32 == col(over) as i32 - col(s) as i32 {
                            slow.push((over, land));
                        }
                    }
                }
                slow.sort();
                assert_eq!(fast, slow, "{side} {s}");
            }
        }
    }

    #[test]
    fn start_position_text_round_trips() {
        let text = "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/A";
        let p: Position = text.parse().unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(p.to_string(), text);
        assert_eq!(p.rank_number(), 72); // Findler's r0
        assert!(!p.is_middle());
    }

    #[test]
    fn bad_positions_name_the_field() {
        let cases = [
            ("A:1,2,3,4,5,6,7,33/B:25,26,27,28,29,30,31,32/A", "field A"),
            (
                "A:1,2,3,4,5,6,7,7/B:25,26,27,28,29,30,31,32/A",
                "square 7 listed twice",
            ),
            (
                "A:1,2,3,4,5,6,7,8,9/B:25,26,27,28,29,30,31,32/A",
                "field A: 9 pieces",
            ),
            (
                "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,x/A",
                "field B: unknown square `x`",
            ),
            ("A:1,2,3,4,5,6,7,8/B:8,26,27,28,29,30,31,32/A", "square 8"),
            (
                "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/C",
                "field side",
            ),
            (
                "A:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32",
                "three fields",
            ),
            ("X:1,2,3,4,5,6,7,8/B:25,26,27,28,29,30,31,32/A", "field A"),
        ];
        for (text, want) in cases {
            let err = text.parse::<Position>().unwrap_err().to_string();
            assert!(err.contains(want), "{text}: {err}");
        }
    }

    #[test]
    fn moves_parse_and_measure_rows() {
        let m: Move = "5-21".parse().unwrap();
        assert_eq!(m, Move::new(5, 21));
        assert_eq!(m.dr(), 4);
        assert_eq!(m.to_string(), "5-21");
        assert_eq!(Move::new(28, 24).dr(), 1);
        assert!("5".parse::<Move>().is_err());
        assert!("5-40"
            .parse::<Move>()
            .unwrap_err()
            .to_string()
            .contains("to"));
    }

    #[test]
    fn apply_moves_the_piece_and_passes_the_turn() {
        let p = Position::start().apply(Move::new(8, 12));
        assert_eq!(p.side, Side::B);
        assert!(p.a & bit(12) != 0 && p.a & bit(8) == 0);
        assert_eq!(p.rank_number(), 73);
        assert!(diagram(&p).contains('a'));
    }
}
