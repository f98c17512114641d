//! EVAL: the static evaluation, a weighted sum in the memo's units (1/60 of a pawn), always from
//! White's side (the memo's alpha and beta are White's).

use super::swap::{best_gain, value};
use crate::board::*;
use crate::movegen::legal_moves;

/// Material multiplier: a pawn is 60 units.
pub const PAWN_UNITS: i32 = 60;
/// The value of a mated side (the king's 1000 x 60).
pub const MATE: i32 = 1000 * PAWN_UNITS;
/// Material difference (pawns) from which trading down is encouraged.
pub const TRADE_DOWN_LEAD: i32 = 4;
/// Units per pawn of material traded off when one side leads by `TRADE_DOWN_LEAD`.
pub const TRADE_DOWN_UNITS: i32 = 2;
/// Material of both sides at the start, kings excluded (pawns).
pub const START_MATERIAL: i32 = 78;
/// Development points are 1/15 of material points: 60/15 = 4 units a point.
pub const DEVELOPMENT_UNITS: i32 = 4;
/// Pawn-structure points are 1/20 of material points: 60/20 = 3 units a point.
pub const PAWN_STRUCTURE_UNITS: i32 = 3;

/// The memo's centre table "looking from either side": first row farthest from the player,
/// columns left to right from the player's seat; files c-f, ranks 6..3 for White.
pub const CENTRE: [[i32; 4]; 4] = [[8, 8, 4, 4], [4, 8, 8, 4], [2, 4, 4, 2], [1, 1, 1, 1]];

/// The result of EVAL on one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// White-relative value in 1/60 pawn.
    pub value: i32,
    /// SWAP/LTRADE's projected gain for the side to move, in pawns (0 when nothing pays).
    pub gain: i32,
    pub in_check: bool,
    /// The side to move has no legal move (mate or stalemate).
    pub no_moves: bool,
}

impl Eval {
    /// Stable: nothing to gain by exchange, not in check (the memo's search-ending test).
    pub fn stable(&self) -> bool {
        self.gain == 0 && !self.in_check
    }
}

/// Weight, in tenths, of centre control and development at full move `n`: whole up to move
/// 20, falling linearly, gone from move 30.
pub fn fade(n: u32) -> i32 {
    (30 - n.min(30) as i32).min(10)
}

/// Material of each side in pawns, kings excluded.
pub fn material(p: &Position) -> (i32, i32) {
    let (mut w, mut b) = (0, 0);
    for s in Square::all() {
        let q = p.code_at(s);
        if q != 0 && q.abs() != KING {
            if q > 0 {
                w += value(q);
            } else {
                b += value(q);
            }
        }
    }
    (w, b)
}

/// Centre value of square `s` for `color` (0 outside the 16 centre squares).
pub fn centre_value(s: Square, color: Color) -> i32 {
    let (f, r) = (s.file() as i32, s.rank() as i32);
    // White sits on rank 1 looking up the board; Black on rank 8, board turned half round.
    let (col, row) = if color == Color::White {
        (f - 2, 5 - r)
    } else {
        (5 - f, r - 2)
    };
    if (0..4).contains(&col) && (0..4).contains(&row) {
        CENTRE[row as usize][col as usize]
    } else {
        0
    }
}

/// Squares (mailbox) a piece on `m` attacks, pins ignored; sliders stop at the first piece.
pub fn attacks(p: &Position, m: usize, out: &mut Vec<usize>) {
    let piece = p.mailbox()[m];
    let color = piece.signum();
    let steps: &[i32] = match piece.abs() {
        PAWN => &[9, 11],
        KNIGHT => &KNIGHT_STEPS,
        KING => &KING_STEPS,
        _ => &[],
    };
    for &d in steps {
        let d = if piece.abs() == PAWN {
            d * color as i32
        } else {
            d
        };
        let t = (m as i32 + d) as usize;
        if p.mailbox()[t] != OFF {
            out.push(t);
        }
    }
    let dirs: &[i32] = match piece.abs() {
        BISHOP => &BISHOP_DIRS,
        ROOK => &ROOK_DIRS,
        QUEEN => &KING_STEPS,
        _ => &[],
    };
    for &d in dirs {
        let mut t = m as i32 + d;
        while p.mailbox()[t as usize] != OFF {
            out.push(t as usize);
            if p.mailbox()[t as usize] != 0 {
                break;
            }
            t += d;
        }
    }
}

/// Centre control, White minus Black: every attack on a centre square scores its table value.
pub fn centre_control(p: &Position) -> i32 {
    let mut total = 0;
    let mut sqs = Vec::with_capacity(28);
    for s in Square::all() {
        let q = p.code_at(s);
        if q == 0 {
            continue;
        }
        sqs.clear();
        attacks(p, s.mbox(), &mut sqs);
        let color = Color::of_code(q);
        for &t in &sqs {
            total += color.sign() as i32 * centre_value(Square::of_mbox(t), color);
        }
    }
    total
}

/// Development points of `color`: 1 for each c-, d-, e- or f-pawn off its second rank, 3 for
/// each knight or bishop off its first-rank squares, 4 for a king on a castled square.
pub fn development(p: &Position, color: Color) -> i32 {
    let home = if color == Color::White { 0 } else { 7 };
    let second = if color == Color::White { 1 } else { 6 };
    let mut pts = 0;
    for s in Square::all() {
        let q = p.code_at(s) * color.sign();
        let (f, r) = (s.file(), s.rank());
        pts += match q {
            PAWN if (2..=5).contains(&f) && r != second => 1,
            KNIGHT if !(r == home && (f == 1 || f == 6)) => 3,
            BISHOP if !(r == home && (f == 2 || f == 5)) => 3,
            KING if r == home && matches!(f, 1 | 2 | 6 | 7) => 4,
            _ => 0,
        };
    }
    pts
}

/// Pawn-structure points of `color`: rook on an open file +2 (on a file without own pawns +1),
/// isolated pawn -2, doubled pawn -2 for each beyond the first, backward pawn -1, passed pawn +3.
pub fn pawn_structure(p: &Position, color: Color) -> i32 {
    let sign = color.sign();
    let mut own = [[false; 8]; 8]; // [file][rank]
    let mut foe = [[false; 8]; 8];
    for s in Square::all() {
        let q = p.code_at(s);
        if q == PAWN * sign {
            own[s.file() as usize][s.rank() as usize] = true;
        } else if q == -PAWN * sign {
            foe[s.file() as usize][s.rank() as usize] = true;
        }
    }
    let count = |t: &[[bool; 8]; 8], f: i32| -> i32 {
        if (0..8).contains(&f) {
            t[f as usize].iter().filter(|&&x| x).count() as i32
        } else {
            0
        }
    };
    // Relative rank: 0 = own first rank.
    let rel = |r: usize| -> i32 {
        if color == Color::White {
            r as i32
        } else {
            7 - r as i32
        }
    };
    let mut pts = 0;
    for f in 0..8i32 {
        let n = count(&own, f);
        if n > 1 {
            pts -= 2 * (n - 1);
        }
        for r in 0..8usize {
            if !own[f as usize][r] {
                continue;
            }
            let rr = rel(r);
            let isolated = count(&own, f - 1) == 0 && count(&own, f + 1) == 0;
            if isolated {
                pts -= 2;
            } else {
                // Backward: no own pawn beside or behind on the next files, and the square in
                // front attacked by an enemy pawn.
                let support = [f - 1, f + 1].iter().any(|&g| {
                    (0..8).contains(&g) && (0..8).any(|r2| own[g as usize][r2] && rel(r2) <= rr)
                });
                let stop = rr + 1;
                let attacked = (0..8).contains(&(stop + 1))
                    && [f - 1, f + 1].iter().any(|&g| {
                        (0..8).contains(&g) && {
                            let ar = stop + 1;
                            let abs = if color == Color::White { ar } else { 7 - ar };
                            foe[g as usize][abs as usize]
                        }
                    });
                if !support && attacked {
                    pts -= 1;
                }
            }
            let passed = [f - 1, f, f + 1].iter().all(|&g| {
                !(0..8).contains(&g) || (0..8).all(|r2| !foe[g as usize][r2] || rel(r2) <= rr)
            });
            if passed {
                pts += 3;
            }
        }
    }
    for s in Square::all() {
        if p.code_at(s) == ROOK * sign {
            let f = s.file() as i32;
            if count(&own, f) == 0 {
                pts += if count(&foe, f) == 0 { 2 } else { 1 };
            }
        }
    }
    pts
}

/// EVAL of a position (its legal moves are generated to see mate and stalemate, as UPREV
/// generates the replies after every update).
pub fn eval(p: &Position) -> Eval {
    let in_check = p.in_check(p.side_to_move());
    if legal_moves(p).is_empty() {
        return Eval {
            value: if in_check {
                -(p.side_to_move().sign() as i32) * MATE
            } else {
                0
            },
            gain: 0,
            in_check,
            no_moves: true,
        };
    }
    let (w, b) = material(p);
    let lead = w - b;
    let (gain, _) = best_gain(p);
    let mut value = PAWN_UNITS * (lead + p.side_to_move().sign() as i32 * gain);
    if lead.abs() >= TRADE_DOWN_LEAD {
        value += lead.signum() * TRADE_DOWN_UNITS * (START_MATERIAL - (w + b));
    }
    let f = fade(p.fullmove());
    let positional = centre_control(p)
        + DEVELOPMENT_UNITS * (development(p, Color::White) - development(p, Color::Black));
    value += positional * f / 10;
    value +=
        PAWN_STRUCTURE_UNITS * (pawn_structure(p, Color::White) - pawn_structure(p, Color::Black));
    Eval {
        value,
        gain,
        in_check,
        no_moves: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn start_is_level() {
        let e = eval(&Position::start());
        assert_eq!(e.value, 0);
        assert!(e.stable());
    }

    #[test]
    fn centre_table_turns_with_the_side() {
        assert_eq!(centre_value(mbox_sq("c6"), Color::White), 8);
        assert_eq!(centre_value(mbox_sq("f6"), Color::White), 4);
        assert_eq!(centre_value(mbox_sq("d5"), Color::White), 8);
        assert_eq!(centre_value(mbox_sq("c3"), Color::White), 1);
        assert_eq!(centre_value(mbox_sq("f3"), Color::Black), 8);
        assert_eq!(centre_value(mbox_sq("c3"), Color::Black), 4);
        assert_eq!(centre_value(mbox_sq("e4"), Color::Black), 8);
        assert_eq!(centre_value(mbox_sq("a1"), Color::White), 0);
    }

    fn mbox_sq(t: &str) -> Square {
        Square::parse(t).unwrap()
    }

    #[test]
    fn fade_schedule() {
        assert_eq!(fade(1), 10);
        assert_eq!(fade(20), 10);
        assert_eq!(fade(25), 5);
        assert_eq!(fade(30), 0);
        assert_eq!(fade(80), 0);
    }

    #[test]
    fn mate_and_pawn_terms() {
        let p = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1").unwrap();
        assert!(!eval(&p).no_moves);
        let p = parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(eval(&p).value, MATE);
        // Doubled and isolated a-pawns against a passed h-pawn.
        let p = parse_fen("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1").unwrap();
        assert_eq!(pawn_structure(&p, Color::White), -2 - 2 - 2 + 3 + 3);
        assert_eq!(development(&Position::start(), Color::White), 0);
    }
}
