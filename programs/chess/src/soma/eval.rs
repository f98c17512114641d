//! The value of a position for the side that has just moved ("White" in the paper's words;
//! "Black" is the side now to move): material, squares attacked, swap-off, and the castling,
//! pawn-threat and (SOMAC) check and queen rules.

use super::attack::{all_attacks, attackers, value, Attack};
use super::swap::{capturers, order, swap_raw};
use super::Rules;
use crate::board::*;
use crate::movegen::legal_moves;

/// Mate under SOMAC's +5/x with x = 0 ("i.e. infinity").
pub const MATE_BONUS: i32 = 100_000;

/// The terms of a value, all from the mover's view; `total` is their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Value {
    pub material: i32,
    pub squares: i32,
    /// + the opponent's pieces en prise (initiative, second highest S).
    pub swap_gain: i32,
    /// - the mover's own pieces en prise (highest S).
    pub swap_loss: i32,
    pub pawn_threat: i32,
    pub castling: i32,
    pub check: i32,
    pub total: i32,
}

fn castled(p: &Position, c: i8) -> Option<bool> {
    let color = Color::of_code(c);
    if p.castling().has_color(color) {
        return None;
    }
    let rank = color.relative_rank(0);
    let at = |file: u8| Square::from_coords(file, rank).map_or(0, |s| p.code_at(s));
    if at(6) == KING * c && at(5) == ROOK * c {
        Some(true)
    } else if at(2) == KING * c && at(3) == ROOK * c {
        Some(false)
    } else {
        None
    }
}

/// Material value of a piece; SOMAC's queen is 90 off its back two ranks before castling,
/// else 100.
fn piece_value(p: &Position, rules: Rules, m: usize) -> i32 {
    let x = p.mailbox()[m];
    if rules == Rules::Somac1966 && x.abs() == QUEEN {
        let rank = Square::of_mbox(m).rank();
        let back = if x > 0 { rank <= 1 } else { rank >= 6 };
        return if !back && castled(p, x.signum()).is_none() {
            90
        } else {
            100
        };
    }
    value(x)
}

fn neighbours(k: Option<usize>, t: usize) -> bool {
    k.is_some_and(|k| KING_STEPS.iter().any(|&d| (k as i32 + d) as usize == t))
}

fn centre(t: usize) -> bool {
    matches!(Square::of_mbox(t).index(), 27 | 28 | 35 | 36)
}

/// (ii) squares attacked by the mover's pieces, each piece counted separately.
fn squares(p: &Position, rules: Rules, attacks: &[Attack], me: i8) -> i32 {
    let k = p.king_index(Color::of_code(-me));
    attacks
        .iter()
        .filter(|a| p.mailbox()[a.from].signum() == me)
        .map(|a| {
            let (c, n) = (centre(a.to), neighbours(k, a.to));
            match rules {
                // 1961: a typical square 1, a central one 2, one next to the enemy king 3.
                Rules::Soma1961 => {
                    if n {
                        3
                    } else if c {
                        2
                    } else {
                        1
                    }
                }
                // 1966: +1 an attack, +1 more in the centre, +2 more next to the enemy king.
                Rules::Somac1966 => 1 + c as i32 + 2 * n as i32,
            }
        })
        .sum()
}

/// The raw swap-off value of the piece on `t` (None when not en prise).
fn raw_s(p: &Position, attacks: &[Attack], t: usize) -> Option<i32> {
    let b = p.mailbox();
    let c = b[t].signum();
    let att = order(capturers(attacks, b, t, -c));
    let def = order(capturers(attacks, b, t, c));
    let vals = |l: &[(i32, usize, Option<usize>)]| l.iter().map(|x| x.0).collect::<Vec<_>>();
    swap_raw(value(b[t]), &vals(&def), &vals(&att))
}

/// Positive swap-off values of colour `c`'s pieces en prise, with their squares, in square
/// order.
fn en_prise_at(p: &Position, attacks: &[Attack], c: i8) -> Vec<(usize, i32)> {
    let b = p.mailbox();
    let mut out = Vec::new();
    for s in Square::all() {
        let t = s.mbox();
        if b[t] == 0 || b[t].signum() != c {
            continue;
        }
        if let Some(sv) = raw_s(p, attacks, t) {
            if sv > 0 {
                out.push((t, sv));
            }
        }
    }
    out
}

fn en_prise(p: &Position, attacks: &[Attack], c: i8) -> Vec<i32> {
    en_prise_at(p, attacks, c)
        .into_iter()
        .map(|x| x.1)
        .collect()
}

/// V_EB from the opponent's positive S values: +5 for one; the second highest + 5(r - 1).
fn gain(mut theirs: Vec<i32>) -> i32 {
    theirs.sort_unstable_by(|a, b| b.cmp(a));
    match theirs.len() {
        0 => 0,
        1 => 5,
        r => theirs[1] + 5 * (r as i32 - 1),
    }
}

/// SOMAC's V_EB with its two fork rules. (1) In counting r, an own piece en prise with S >= 0
/// is deemed to attack only one opponent piece, the one that maximises r (own pieces in square
/// order, each choice made before the next; ties to the first target in square order). (2) If r
/// would have been <= 1 but for an own piece with negative S = -S' attacking two or more
/// opponent pieces, V_EB is at most S'.
fn somac_gain(p: &Position, attacks: &[Attack], me: i8) -> i32 {
    let b = p.mailbox();
    let mut att: Vec<Attack> = attacks.to_vec();
    let own: Vec<(usize, Option<i32>)> = Square::all()
        .map(Square::mbox)
        .filter(|&m| b[m] != 0 && b[m].signum() == me)
        .map(|m| (m, raw_s(p, attacks, m)))
        .collect();
    for &(x, raw) in &own {
        if !matches!(raw, Some(s) if s >= 0) {
            continue;
        }
        let targets: Vec<usize> = en_prise_at(p, &att, -me)
            .into_iter()
            .map(|t| t.0)
            .filter(|&t| att.iter().any(|a| a.from == x && a.to == t))
            .collect();
        if targets.len() < 2 {
            continue;
        }
        let without = |keep: usize| -> Vec<Attack> {
            att.iter()
                .copied()
                .filter(|a| !(a.from == x && a.to != keep && targets.contains(&a.to)))
                .collect()
        };
        let mut best = (0, usize::MAX);
        for &k in &targets {
            let r = en_prise_at(p, &without(k), -me).len();
            if best.1 == usize::MAX || r > best.0 {
                best = (r, k);
            }
        }
        att = without(best.1);
    }
    let mut v = gain(en_prise(p, &att, -me));
    if en_prise_at(p, &att, -me).len() >= 2 {
        for &(x, raw) in &own {
            let Some(s) = raw.filter(|&s| s < 0) else {
                continue;
            };
            let forked = en_prise_at(p, &att, -me)
                .iter()
                .filter(|t| att.iter().any(|a| a.from == x && a.to == t.0))
                .count();
            if forked < 2 {
                continue;
            }
            let rest: Vec<Attack> = att.iter().copied().filter(|a| a.from != x).collect();
            if en_prise_at(p, &rest, -me).len() <= 1 {
                v = v.min(-s);
            }
        }
    }
    v
}

/// -5 for each own non-pawn piece no enemy pawn attacks now but one enemy pawn move (one or
/// two steps forward, or a capture) would.
fn pawn_threat(p: &Position, me: i8) -> i32 {
    let b = p.mailbox();
    let en = -me;
    let fwd = 10 * en as i32;
    let last = if en > 0 { 7 } else { 0 };
    let start = if en > 0 { 1 } else { 6 };
    let mut threatened = [false; 120];
    for s in Square::all() {
        let m = s.mbox();
        if b[m] != PAWN * en {
            continue;
        }
        let mut dest = Vec::new();
        let t = (m as i32 + fwd) as usize;
        if b[t] == 0 {
            dest.push(t);
            let t2 = (t as i32 + fwd) as usize;
            if s.rank() == start && b[t2] == 0 {
                dest.push(t2);
            }
        }
        for d in [fwd - 1, fwd + 1] {
            let t = (m as i32 + d) as usize;
            if b[t] != OFF && b[t] != 0 && b[t].signum() == me {
                dest.push(t);
            }
        }
        for t in dest {
            if Square::of_mbox(t).rank() == last {
                continue;
            }
            for d in [fwd - 1, fwd + 1] {
                let u = (t as i32 + d) as usize;
                if u != m {
                    threatened[u] = true;
                }
            }
        }
    }
    let mut n = 0;
    for s in Square::all() {
        let m = s.mbox();
        let y = b[m];
        if y == 0 || y.signum() != me || y.abs() == PAWN {
            continue;
        }
        let by_pawn = attackers(b, m, en)
            & Square::all()
                .filter(|q| b[q.mbox()] == PAWN * en)
                .fold(0u64, |a, q| a | 1 << q.index());
        if by_pawn == 0 && threatened[m] {
            n += 1;
        }
    }
    -5 * n
}

/// +5 if the mover could castle now (either side), +16 / +14 once castled short / long.
fn castling(p: &Position, me: i8, root_castled: Option<bool>) -> i32 {
    let done = root_castled.or(castled(p, me));
    let mut q = p.clone();
    q.pass_to(Color::of_code(me));
    let can = legal_moves(&q)
        .iter()
        .any(|m| q.code_at(m.from()).abs() == KING && m.is_two_files());
    let mut v = if can { 5 } else { 0 };
    v += match done {
        Some(true) => 16,
        Some(false) => 14,
        None => 0,
    };
    v
}

/// The value of `p` (the opponent to move) for the side that has just moved; `root_castled`
/// says whether that move was O-O (true) or O-O-O (false).
pub fn evaluate(p: &Position, rules: Rules, root_castled: Option<bool>) -> Value {
    let me = (!p.side_to_move()).sign();
    let attacks = all_attacks(p.mailbox(), rules);
    let mut v = Value::default();
    for s in Square::all() {
        let m = s.mbox();
        let x = p.mailbox()[m];
        if x != 0 {
            v.material += piece_value(p, rules, m) * (x.signum() * me) as i32;
        }
    }
    v.squares = squares(p, rules, &attacks, me);
    v.swap_gain = match rules {
        Rules::Soma1961 => gain(en_prise(p, &attacks, -me)),
        Rules::Somac1966 => somac_gain(p, &attacks, me),
    };
    let mut mine = en_prise(p, &attacks, me);
    mine.sort_unstable_by(|a, b| b.cmp(a));
    v.swap_loss = match mine.len() {
        0 => 0,
        r => -(mine[0] + 5 * (r as i32 - 1)),
    };
    v.pawn_threat = pawn_threat(p, me);
    v.castling = castling(p, me, root_castled);
    if rules == Rules::Somac1966 && p.in_check(p.side_to_move()) {
        // +5/x, x the opponent's legal moves, in whole points as a 7090 integer divide.
        let x = legal_moves(p).len() as i32;
        v.check = if x == 0 { MATE_BONUS } else { 5 / x };
    }
    v.total =
        v.material + v.squares + v.swap_gain + v.swap_loss + v.pawn_threat + v.castling + v.check;
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn a_fork_by_a_piece_en_prise_counts_once_under_somac() {
        // White's Nc7 forks the rooks a8 and e8 (each S = 20: rook for knight) but the queen
        // d8 takes it for nothing: 1961 counts both (20 + 5), SOMAC only one (+5).
        let p = parse_fen("r2qr1k1/2N5/8/8/8/8/8/7K b - - 0 1").unwrap();
        assert_eq!(evaluate(&p, Rules::Soma1961, None).swap_gain, 25);
        assert_eq!(evaluate(&p, Rules::Somac1966, None).swap_gain, 5);
    }
}
