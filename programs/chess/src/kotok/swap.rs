//! PINS and SWAP/LTRADE: pieces pinned to king and queen, the attackers and defenders of a
//! square in playing order (x-ray pieces behind included), and the trade-off simulation that
//! gives the projected material gain of the side to move.

use crate::board::*;

/// Material values in pawns (memo: P 1, N 3, B 3, R 5, Q 9, K 1000).
pub const VALUE: [i32; 7] = [0, 1, 3, 3, 5, 9, 1000];

/// Value of a piece (either colour).
pub fn value(p: i8) -> i32 {
    VALUE[p.unsigned_abs() as usize]
}

/// PINS: for every mailbox square, the direction (a mailbox step, sign irrelevant) along which a
/// piece pinned to its own king or queen may still move, 0 when not pinned. A piece counts as
/// pinned to the queen only when the pinner is worth less than a queen (a rook or bishop).
pub fn pins(p: &Position) -> [i32; 120] {
    let mut pin = [0i32; 120];
    for s in Square::all() {
        let m = s.mbox();
        let target = p.mailbox()[m];
        if target == 0 || !(target.abs() == KING || target.abs() == QUEEN) {
            continue;
        }
        let color = target.signum();
        for (dirs, slider) in [(ROOK_DIRS, ROOK), (BISHOP_DIRS, BISHOP)] {
            for d in dirs {
                let mut t = m as i32 + d;
                while p.mailbox()[t as usize] == 0 {
                    t += d;
                }
                let first = t as usize;
                // Only a piece of the same side, and never the king itself, can be pinned.
                if p.mailbox()[first] == OFF
                    || p.mailbox()[first] * color <= 0
                    || p.mailbox()[first].abs() == KING
                {
                    continue;
                }
                let mut t2 = first as i32 + d;
                while p.mailbox()[t2 as usize] == 0 {
                    t2 += d;
                }
                let q = p.mailbox()[t2 as usize];
                let pinner = q == -color * slider || q == -color * QUEEN;
                if pinner && (target.abs() == KING || q.abs() != QUEEN) && pin[first] == 0 {
                    pin[first] = d.abs();
                }
            }
        }
    }
    pin
}

/// Can the piece on mailbox `a` act on `t` given its pin?
fn pin_allows(pin: &[i32; 120], a: usize, t: usize) -> bool {
    let d = pin[a];
    d == 0 || line_dir(a, t) == Some(d)
}

/// The step (absolute) of the straight line from `a` to `t`, if they share one.
fn line_dir(a: usize, t: usize) -> Option<i32> {
    let diff = (t as i32 - a as i32).abs();
    let (fa, ra) = (a % 10, a / 10);
    let (ft, rt) = (t % 10, t / 10);
    if ra == rt {
        Some(1)
    } else if fa == ft {
        Some(10)
    } else if diff % 11 == 0 && (fa as i32 - ft as i32).abs() == (ra as i32 - rt as i32).abs() {
        Some(11)
    } else if diff % 9 == 0 && (fa as i32 - ft as i32).abs() == (ra as i32 - rt as i32).abs() {
        Some(9)
    } else {
        None
    }
}

/// SWAP: the least valuable piece of `color` that can take on `t` now, pieces on the
/// `gone` squares having already been traded off (so x-ray pieces behind them come into play).
/// Ties of value go to the lower square of the memo's scan.
pub fn least_attacker(
    p: &Position,
    pin: &[i32; 120],
    t: usize,
    color: i8,
    gone: &[usize],
) -> Option<usize> {
    let b = p.mailbox();
    let here = |m: usize| -> i8 {
        if gone.contains(&m) {
            0
        } else {
            b[m]
        }
    };
    let mut best: Option<(i32, Square, usize)> = None;
    let consider = |m: usize, best: &mut Option<(i32, Square, usize)>| {
        if !pin_allows(pin, m, t) {
            return;
        }
        let key = (value(b[m]), Square::of_mbox(m), m);
        let better = match best {
            None => true,
            Some(bk) => (key.0, key.1) < (bk.0, bk.1),
        };
        if better {
            *best = Some(key);
        }
    };
    for d in [9, 11] {
        let m = (t as i32 - d * color as i32) as usize;
        if here(m) == PAWN * color {
            consider(m, &mut best);
        }
    }
    for d in KNIGHT_STEPS {
        let m = (t as i32 + d) as usize;
        if here(m) == KNIGHT * color {
            consider(m, &mut best);
        }
    }
    for d in KING_STEPS {
        let m = (t as i32 + d) as usize;
        if here(m) == KING * color {
            consider(m, &mut best);
        }
    }
    for (dirs, slider) in [(ROOK_DIRS, ROOK), (BISHOP_DIRS, BISHOP)] {
        for d in dirs {
            let mut m = t as i32 + d;
            while here(m as usize) == 0 {
                m += d;
            }
            let q = here(m as usize);
            if q == slider * color || q == QUEEN * color {
                consider(m as usize, &mut best);
            }
        }
    }
    best.map(|b| b.2)
}

/// LTRADE for one square: the gain, in pawns, for `color` of starting the exchange on `t`
/// (occupied by the other side), each side free to stop at any point. Negative when starting
/// it loses; the caller decides whether to start.
pub fn exchange(p: &Position, pin: &[i32; 120], t: usize, color: i8) -> i32 {
    let mut gain = [0i32; 34];
    let mut gone: Vec<usize> = Vec::with_capacity(32);
    let mut side = color;
    let mut attacker = least_attacker(p, pin, t, side, &gone);
    if attacker.is_none() {
        return 0;
    }
    gain[0] = value(p.mailbox()[t]);
    let mut d = 0;
    while let Some(a) = attacker {
        d += 1;
        // What the side just captured would win back if the capturer is taken in turn.
        gain[d] = value(p.mailbox()[a]) - gain[d - 1];
        gone.push(a);
        side = -side;
        attacker = least_attacker(p, pin, t, side, &gone);
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// The projected material gain of the side to move: the best exchange it can start against
/// any piece of the other side (0 when none pays), and the square where it starts.
pub fn best_gain(p: &Position) -> (i32, Option<Square>) {
    let pin = pins(p);
    let mut best = (0, None);
    for s in Square::all() {
        let m = s.mbox();
        let q = p.mailbox()[m];
        let side = p.side_to_move().sign();
        if q * side >= 0 || q.abs() == KING {
            continue;
        }
        let g = exchange(p, &pin, m, side);
        if g > best.0 {
            best = (g, Some(s));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    fn gain(fen: &str) -> i32 {
        best_gain(&parse_fen(fen).unwrap()).0
    }

    #[test]
    fn hanging_and_defended_pieces() {
        // A knight attacked by a pawn, undefended: 3.
        assert_eq!(gain("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"), 3);
        // Rook takes a pawn defended by a pawn: not worth starting.
        assert_eq!(gain("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1"), 0);
        // Pawn defended by a pawn, attacked by rook and queen doubled: still 0.
        assert_eq!(gain("4k3/8/2p5/3p4/8/8/3R4/3QK3 w - - 0 1"), 0);
        // Knight defended once by a pawn, attacked by bishop and rook: BxN exd5 Rxd5 wins a pawn.
        assert_eq!(gain("4k3/8/4p3/3n4/8/1B6/8/3RK3 w - - 0 1"), 1);
        // Undefended knight attacked by rook with queen behind: 3.
        assert_eq!(gain("4k3/8/8/3n4/8/8/3R4/3QK3 w - - 0 1"), 3);
    }

    #[test]
    fn a_king_beside_its_queen_is_not_pinned() {
        // Black rook a1, White king d1 and queen e1 on one rank: the king may still take on c2.
        let p = parse_fen("k7/8/8/8/8/8/2n5/r2KQ3 w - - 0 1").unwrap();
        assert_eq!(pins(&p)[Square::new(3).unwrap().mbox()], 0);
        assert_eq!(best_gain(&p).0, 3);
    }

    #[test]
    fn pinned_piece_only_along_its_line() {
        // The white knight on d2 is pinned to its king by the rook on d8: it cannot take e4.
        assert_eq!(gain("3rk3/8/8/8/4p3/8/3N4/3K4 w - - 0 1"), 0);
        // Unpinned, it takes the pawn.
        assert_eq!(gain("4k3/8/8/8/4p3/8/3N4/3K4 w - - 0 1"), 1);
    }
}
