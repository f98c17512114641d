//! Position play (Turing's i-ix), in tenths, for the machine's side on the position straight
//! after its candidate move; every square root is the typescript's one-decimal table.

use crate::board::*;
use crate::movegen::legal_moves;
use crate::soma::attack::attackers;

/// The square root of `n` rounded to one decimal, in tenths: 0, 10, 14, 17, 20, 22, 24, 26,
/// 28, 30, 32, 33, 35, 36 for 0..13 as in the typescript's table; the same rounding beyond.
pub fn root_tenths(n: u32) -> i32 {
    let x = 100 * n;
    let mut r = 0u32;
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    // Round half up: sqrt(x) >= r + 1/2 exactly when r*r + r < x (integers).
    if r * r + r < x {
        r += 1;
    }
    r as i32
}

/// Moves of the piece on `s` with a capture counted twice, from a move list.
fn mobility(p: &Position, moves: &[Move], s: Square) -> u32 {
    moves
        .iter()
        .filter(|m| m.from() == s)
        .map(|m| if p.code_at(m.to()) != 0 { 2 } else { 1 })
        .sum()
}

/// Pseudo-moves of a queen standing on `s` for `c` (the king's vulnerability, iv): captures
/// twice; no king to leave in check.
fn virtual_queen(p: &Position, s: Square, c: Color) -> u32 {
    let c = c.sign();
    let m = s.mbox();
    let mut n = 0;
    for d in KING_STEPS {
        let mut t = m as i32 + d;
        loop {
            let q = p.mailbox()[t as usize];
            if q == OFF || q.signum() == c {
                break;
            }
            if q != 0 {
                n += 2;
                break;
            }
            n += 1;
            t += d;
        }
    }
    n
}

/// Does `c` have a mate in one in `p` (whoever is to move)?
pub fn mate_in_one(p: &Position, c: Color) -> bool {
    let mut q = p.clone();
    q.pass_to(c);
    for mv in legal_moves(&q) {
        q.make(mv);
        let mate = q.in_check(q.side_to_move()) && legal_moves(&q).is_empty();
        q.unmake();
        if mate {
            return true;
        }
    }
    false
}

/// The position-play value in tenths for `me` in `p` (the opponent to move); `castled`
/// says whether the move just made was castling.
pub fn position_play(p: &Position, me: Color, castled: bool) -> i32 {
    let mut q = p.clone();
    q.pass_to(me);
    let moves = legal_moves(&q);
    let b = p.mailbox();
    let mut v = 0;
    for s in Square::all() {
        let m = s.mbox();
        let x = b[m];
        if x == 0 || x.signum() != me.sign() {
            continue;
        }
        let def_mask = attackers(b, m, me.sign());
        let defenders = def_mask.count_ones();
        match x.abs() {
            KNIGHT | BISHOP | ROOK | QUEEN => {
                v += root_tenths(mobility(p, &moves, s));
                if x.abs() != QUEEN {
                    v += if defenders >= 2 {
                        15
                    } else if defenders == 1 {
                        10
                    } else {
                        0
                    };
                }
            }
            KING => {
                let steps: u32 = moves
                    .iter()
                    .filter(|mv| mv.from() == s && !mv.is_two_files())
                    .map(|mv| if p.code_at(mv.to()) != 0 { 2 } else { 1 })
                    .sum();
                v += root_tenths(steps);
                v -= root_tenths(virtual_queen(p, s, me));
                if p.castling().has_color(me) {
                    v += 10;
                }
                if moves.iter().any(|mv| mv.from() == s && mv.is_two_files()) {
                    v += 10;
                }
                if castled {
                    v += 10;
                }
            }
            _ => {
                let rank = me.relative_rank(s.rank());
                v += 2 * (rank as i32 - 1).max(0);
                let by_piece = Square::all()
                    .filter(|t| def_mask & (1 << t.index()) != 0 && b[t.mbox()].abs() != PAWN)
                    .count();
                if by_piece > 0 {
                    v += 3;
                }
            }
        }
    }
    if mate_in_one(p, me) {
        v += 10;
    }
    if p.in_check(!me) {
        v += 5;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typescripts_root_table() {
        let t: Vec<i32> = (0..14).map(root_tenths).collect();
        assert_eq!(t, [0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32, 33, 35, 36]);
    }
}
