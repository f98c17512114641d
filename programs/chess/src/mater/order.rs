//! MATER's two orderings, integer keys only so the FAP twin can sort the same way:
//! the attacker's try-list (fewest replies, double checks, no capturing reply) and the
//! defender's replies (killer, defences of the mating square, captures MVV/LVA, king moves,
//! interpositions and other moves). Ties always fall back to the core's canonical move order.

use crate::board::*;

/// Piece values for MVV/LVA (integers; the king as attacker is the least wanted, 100).
pub fn value(kind: i8) -> u32 {
    match kind {
        PAWN => 1,
        KNIGHT | BISHOP => 3,
        ROOK => 5,
        QUEEN => 9,
        _ => 100,
    }
}

/// How many pieces of `by` attack mailbox square `m` (a check by two is a double check).
pub fn attackers(p: &Position, m: usize, by: Color) -> u32 {
    let b = p.mailbox();
    let by = by.sign();
    let at = |d: i32| b[(m as i32 + d) as usize];
    let mut n = 0;
    let pawn = PAWN * by;
    n += (at(-9 * by as i32) == pawn) as u32 + (at(-11 * by as i32) == pawn) as u32;
    n += KNIGHT_STEPS
        .iter()
        .filter(|&&d| at(d) == KNIGHT * by)
        .count() as u32;
    n += KING_STEPS.iter().filter(|&&d| at(d) == KING * by).count() as u32;
    for (dirs, slider) in [(ROOK_DIRS, ROOK), (BISHOP_DIRS, BISHOP)] {
        for d in dirs {
            let mut t = m as i32 + d;
            while b[t as usize] == 0 {
                t += d;
            }
            let q = b[t as usize];
            n += (q == slider * by || q == QUEEN * by) as u32;
        }
    }
    n
}

/// Is `mv` (legal in `p`) a capture, en passant included?
pub fn is_capture(p: &Position, mv: Move) -> bool {
    p.code_at(mv.to()) != 0
        || (p.code_at(mv.from()).abs() == PAWN && mv.from().file() != mv.to().file())
}

/// One checking move on the try-list with what orders it.
#[derive(Clone, Debug)]
pub struct Check {
    pub mv: Move,
    /// The defender's legal replies, canonical order.
    pub replies: Vec<Move>,
    pub double: bool,
    /// Does some reply capture (the attacker would rather it did not)?
    pub capturing_reply: bool,
    /// Position in the canonical move list (last tie-break).
    pub index: u32,
}

impl Check {
    /// Fewest replies, then double checks, then checks with no capturing reply, then canonical.
    pub fn key(&self) -> (u32, u32, u32, u32) {
        (
            self.replies.len() as u32,
            (!self.double) as u32,
            self.capturing_reply as u32,
            self.index,
        )
    }
}

/// Sort key of a defender's reply `r` in `p` (defender to move). `killer` goes first; then
/// (only after a quiet threat) replies that guard or occupy the mating square `threat_to`; then
/// captures, most valuable victim first and least valuable capturer next; then king moves; then
/// the rest (interpositions, and after a quiet move every other move). Canonical order last.
pub fn reply_key(
    p: &Position,
    r: Move,
    killer: Option<Move>,
    threat_to: Option<Square>,
) -> [u32; 5] {
    let not_killer = (killer != Some(r)) as u32;
    let guards = match threat_to {
        Some(t) => {
            let mut q = p.clone();
            q.make(r);
            // After the reply the defender (now the opponent of q's side to move) covers t, or stands on it.
            (r.to() == t || q.attacked(t.mbox(), p.side_to_move())) as u32
        }
        None => 0,
    };
    let mover = p.code_at(r.from()).abs();
    let (class, victim, capturer) = if is_capture(p, r) {
        let v = if p.code_at(r.to()) == 0 {
            PAWN
        } else {
            p.code_at(r.to()).abs()
        };
        (0, 100 - value(v), value(mover))
    } else if mover == KING {
        (1, 0, 0)
    } else {
        (2, 0, 0)
    };
    [
        not_killer,
        1 - guards,
        class,
        victim * 1000 + capturer,
        r.key(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_fen, parse_uci};

    #[test]
    fn double_check_counted() {
        // After Nf6+ discovering the rook on e1: knight and rook both check the king on e8.
        let mut p = parse_fen("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1").unwrap();
        let mv = parse_uci(&p, "e4f6").unwrap();
        p.make(mv);
        let k = p.king_index(Color::Black).unwrap();
        assert_eq!(attackers(&p, k, Color::White), 2);
    }

    #[test]
    fn captures_before_king_moves_before_blocks() {
        // Black in check from the rook on e2; Qxe2 captures, Kf8 flees, Qe5 blocks.
        let p = parse_fen("4k3/8/8/1q6/8/8/4R3/4K3 b - - 0 1").unwrap();
        let k = |t: &str| reply_key(&p, parse_uci(&p, t).unwrap(), None, None);
        assert!(k("b5e2") < k("e8f8"));
        assert!(k("e8f8") < k("b5e5"));
        let killer = parse_uci(&p, "b5e5");
        assert!(reply_key(&p, killer.unwrap(), killer, None) < k("e8f8"));
    }
}
