//! What a SOMA piece "attacks": the squares it might legally move to, occupied or not, less
//! those the pin rule forbids; SOMAC's transparencies add squares seen through a friendly piece.
//! One definition serves square control and the swap-off lists.

use super::Rules;
use crate::board::*;

/// SOMA's piece values (New Scientist 1961): P 10, Kt B 30, R 50, Q 90, K 1,000.
pub fn value(kind: i8) -> i32 {
    match kind.abs() {
        PAWN => 10,
        KNIGHT | BISHOP => 30,
        ROOK => 50,
        QUEEN => 90,
        KING => 1000,
        _ => 0,
    }
}

/// One attack: the attacking piece's mailbox square, the target, and the friendly piece it
/// sees through (SOMAC's transparencies), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub from: usize,
    pub to: usize,
    pub through: Option<usize>,
}

fn orthogonal(d: i32) -> bool {
    ROOK_DIRS.contains(&d)
}

/// SOMAC: R sees through R, and through Q on files and ranks; B through Q on diagonals; Q
/// through R (files and ranks) and B (diagonals).
fn sees_through(mover: i8, front: i8, d: i32) -> bool {
    match mover {
        ROOK => front == ROOK || front == QUEEN,
        BISHOP => front == QUEEN,
        QUEEN => (orthogonal(d) && front == ROOK) || (!orthogonal(d) && front == BISHOP),
        _ => false,
    }
}

/// The squares the piece on `m` reaches by its moves, every one whether empty or occupied,
/// in a fixed order (the board's step tables); `transparent` adds SOMAC's see-through squares.
pub fn geometric(b: &[i8; 120], m: usize, transparent: bool, out: &mut Vec<Attack>) {
    let x = b[m];
    let c = x.signum() as i32;
    let kind = x.abs();
    let push = |out: &mut Vec<Attack>, t: i32, through: Option<usize>| {
        if b[t as usize] != OFF {
            out.push(Attack {
                from: m,
                to: t as usize,
                through,
            });
        }
    };
    match kind {
        PAWN => {
            push(out, m as i32 + 9 * c, None);
            push(out, m as i32 + 11 * c, None);
        }
        KNIGHT => KNIGHT_STEPS
            .iter()
            .for_each(|&d| push(out, m as i32 + d, None)),
        KING => KING_STEPS
            .iter()
            .for_each(|&d| push(out, m as i32 + d, None)),
        _ => {
            let dirs = slider_dirs(kind);
            for &d in dirs {
                let mut t = m as i32 + d;
                let mut through = None;
                loop {
                    let q = b[t as usize];
                    if q == OFF {
                        break;
                    }
                    push(out, t, through);
                    if q == 0 {
                        t += d;
                        continue;
                    }
                    if transparent && q.signum() as i32 == c {
                        if sees_through(kind, q.abs(), d) {
                            through = Some(t as usize);
                            t += d;
                            continue;
                        }
                        // A pawn is transparent to a B or Q moving forward along a diagonal,
                        // for one square beyond it.
                        if q.abs() == PAWN
                            && (kind == BISHOP || kind == QUEEN)
                            && !orthogonal(d)
                            && d * c > 0
                        {
                            push(out, t + d, Some(t as usize));
                        }
                    }
                    break;
                }
            }
        }
    }
}

/// Bit mask (bit = square 0..63) of `by`'s pieces attacking mailbox square `m` on board `b`,
/// plain geometry (no pins, no transparencies): what the pin rule means by "attack".
pub fn attackers(b: &[i8; 120], m: usize, by: i8) -> u64 {
    let mut mask = 0u64;
    let mut hit = |t: i32, want: &[i8]| {
        let q = b[t as usize];
        if q != OFF && q != 0 && q.signum() == by && want.contains(&q.abs()) {
            mask |= 1 << Square::of_mbox(t as usize).index();
        }
    };
    let by32 = by as i32;
    hit(m as i32 - 9 * by32, &[PAWN]);
    hit(m as i32 - 11 * by32, &[PAWN]);
    for d in KNIGHT_STEPS {
        hit(m as i32 + d, &[KNIGHT]);
    }
    for d in KING_STEPS {
        hit(m as i32 + d, &[KING]);
    }
    for d in KING_STEPS {
        let slider = if orthogonal(d) { ROOK } else { BISHOP };
        let mut t = m as i32 + d;
        while b[t as usize] == 0 {
            t += d;
        }
        hit(t, &[slider, QUEEN]);
    }
    mask
}

/// Every own piece's enemy attackers before any hypothetical move (the pin rule's "newly").
pub struct Before {
    pub masks: [u64; 120],
}

impl Before {
    pub fn new(b: &[i8; 120]) -> Before {
        let mut masks = [0u64; 120];
        for s in Square::all() {
            let m = s.mbox();
            if b[m] != 0 {
                masks[m] = attackers(b, m, -b[m].signum());
            }
        }
        Before { masks }
    }
}

/// May the piece on `from` count as attacking `to`? Its own king must not be left attacked
/// (the 1961 "might legally move"), and SOMAC's pin rule: no enemy piece may newly attack an
/// own piece (not this one) of higher value, or an unprotected own non-pawn piece.
pub fn allowed(b: &[i8; 120], before: &Before, from: usize, to: usize) -> bool {
    let x = b[from];
    let c = x.signum();
    let mut nb = *b;
    nb[from] = 0;
    nb[to] = x;
    for s in Square::all() {
        let m = s.mbox();
        let y = nb[m];
        if y == 0 || y.signum() != c {
            continue;
        }
        let after = attackers(&nb, m, -c);
        if y.abs() == KING {
            if after != 0 {
                return false;
            }
            continue;
        }
        if m == to {
            continue;
        }
        let newly = after & !before.masks[m];
        if newly != 0 && (value(y) > value(x) || (y.abs() != PAWN && attackers(&nb, m, c) == 0)) {
            return false;
        }
    }
    true
}

/// Every attack of every piece on the board, in square order then the step tables' order.
pub fn all_attacks(b: &[i8; 120], rules: Rules) -> Vec<Attack> {
    let before = Before::new(b);
    let transparent = rules == Rules::Somac1966;
    let mut raw = Vec::with_capacity(256);
    for s in Square::all() {
        let m = s.mbox();
        if b[m] != 0 {
            geometric(b, m, transparent, &mut raw);
        }
    }
    raw.into_iter()
        .filter(|a| allowed(b, &before, a.from, a.to))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn pinned_knight_attacks_nothing() {
        // The e-file pin: the knight on e3 may not move, so it attacks nothing.
        let p = parse_fen("4r1k1/8/8/8/8/4N3/8/4K3 w - - 0 1").unwrap();
        let a = all_attacks(p.mailbox(), Rules::Soma1961);
        assert!(!a.iter().any(|a| a.from == Square::new(20).unwrap().mbox()));
    }

    #[test]
    fn rook_sees_through_rook_only_in_somac() {
        let p = parse_fen("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1").unwrap();
        let x = |r| {
            all_attacks(p.mailbox(), r)
                .iter()
                .filter(|a| {
                    a.from == Square::new(0).unwrap().mbox()
                        && a.to == Square::new(2).unwrap().mbox()
                })
                .count()
        };
        assert_eq!(x(Rules::Soma1961), 0);
        assert_eq!(x(Rules::Somac1966), 1);
    }
}
