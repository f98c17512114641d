//! The executive: an attacker's try-list tried in order, each check answered by every defender
//! reply (killer first); a check is proved when every reply leads to a proved mate.

use super::order::{attackers, is_capture, reply_key, Check};
use super::{MateResult, Params};
use crate::board::*;
use crate::movegen::legal_moves;

struct Search<'a> {
    params: &'a Params,
    positions: u64,
    /// The killing reply found last at each ply.
    killers: Vec<Option<Move>>,
}

/// Search `p` (the attacker to move) for a mating combination.
pub fn solve(p: &Position, params: &Params) -> MateResult {
    let mut s = Search {
        params,
        positions: 0,
        killers: vec![None; 2 * params.max_moves as usize + 2],
    };
    let mut q = p.clone();
    q.clear_history();
    let line = s.attack(&mut q, 0, params.max_replies + 1, params.max_moves);
    MateResult {
        found: line.is_some(),
        line: line.unwrap_or_default(),
        positions: s.positions,
    }
}

/// Does the side to move in `p` have a mate in one? The first such move, canonical order.
fn mate_in_one(p: &mut Position) -> Option<Move> {
    let def = !p.side_to_move();
    for mv in legal_moves(p) {
        p.make(mv);
        let mate = p.in_check(def) && legal_moves(p).is_empty();
        p.unmake();
        if mate {
            return Some(mv);
        }
    }
    None
}

impl Search<'_> {
    /// The checking moves of the side to move, ordered, with those pruned by the reply limit
    /// and the declining-mobility rule (`prev` = the defender's replies to the last check)
    /// removed; a mate (no replies) is always kept.
    fn try_list(&mut self, p: &mut Position, prev: u32, moves_left: u32) -> Vec<Check> {
        let def = !p.side_to_move();
        let mut list = Vec::new();
        for (index, mv) in legal_moves(p).into_iter().enumerate() {
            p.make(mv);
            if p.in_check(def) {
                self.positions += 1;
                let replies = legal_moves(p);
                let n = replies.len() as u32;
                let keep = n == 0 || (moves_left > 1 && n <= self.params.max_replies && n < prev);
                if keep {
                    let king = p.king_index(def).expect("defender has a king");
                    let double = attackers(p, king, !def) >= 2;
                    let capturing_reply = replies.iter().any(|&r| is_capture(p, r));
                    list.push(Check {
                        mv,
                        replies,
                        double,
                        capturing_reply,
                        index: index as u32,
                    });
                }
            }
            p.unmake();
        }
        list.sort_by_key(|c| c.key());
        list
    }

    /// The attacker to move at `ply`: a proved mating line, or None.
    fn attack(
        &mut self,
        p: &mut Position,
        ply: usize,
        prev: u32,
        moves_left: u32,
    ) -> Option<Vec<Move>> {
        if moves_left == 0 {
            return None;
        }
        for c in self.try_list(p, prev, moves_left) {
            if c.replies.is_empty() {
                return Some(vec![c.mv]);
            }
            p.make(c.mv);
            let r = self.defend(
                p,
                ply + 1,
                c.replies.len() as u32,
                moves_left - 1,
                c.replies,
                None,
            );
            p.unmake();
            if let Some(rest) = r {
                return Some(prepend(c.mv, rest));
            }
        }
        if self.params.level >= 2
            && (ply / 2) < self.params.threat_levels as usize
            && moves_left > 1
        {
            for (mv, replies, to) in self.threats(p) {
                p.make(mv);
                // After a quiet move the defender's mobility starts afresh: the next check may
                // again have up to `max_replies` replies.
                let r = self.defend(
                    p,
                    ply + 1,
                    self.params.max_replies + 1,
                    moves_left - 1,
                    replies,
                    Some(to),
                );
                p.unmake();
                if let Some(rest) = r {
                    return Some(prepend(mv, rest));
                }
            }
        }
        None
    }

    /// MATER II's quiet moves: non-checking moves after which, were the defender to pass, the
    /// attacker would mate in one. Ordered by fewest defender replies, then canonical order.
    /// Each comes with the defender's replies and the square the threatened mate lands on.
    fn threats(&mut self, p: &mut Position) -> Vec<(Move, Vec<Move>, Square)> {
        let def = !p.side_to_move();
        let mut out = Vec::new();
        for (index, mv) in legal_moves(p).into_iter().enumerate() {
            p.make(mv);
            if !p.in_check(def) {
                self.positions += 1;
                let replies = legal_moves(p);
                if !replies.is_empty() {
                    // The null move: the defender passes, the attacker moves again.
                    let mut null = p.clone();
                    null.pass_to(!null.side_to_move());
                    if let Some(m1) = mate_in_one(&mut null) {
                        out.push((replies.len() as u32, index, mv, replies, m1.to()));
                    }
                }
            }
            p.unmake();
        }
        out.sort_by_key(|t| (t.0, t.1));
        out.into_iter()
            .map(|(_, _, mv, r, to)| (mv, r, to))
            .collect()
    }

    /// The defender to move at `ply` with `replies`: every reply must lose to a proved mate.
    /// The line kept is the longest resistance (the first found among equals).
    fn defend(
        &mut self,
        p: &mut Position,
        ply: usize,
        prev: u32,
        moves_left: u32,
        mut replies: Vec<Move>,
        threat_to: Option<Square>,
    ) -> Option<Vec<Move>> {
        let killer = self.killers[ply];
        replies.sort_by_key(|&r| reply_key(p, r, killer, threat_to));
        // Among equally long resistances the line shows the reply the order without the killer
        // puts first (the killer only saves work; it is no preference).
        let mut best: Option<(Vec<Move>, [u32; 5])> = None;
        for r in replies {
            self.positions += 1;
            p.make(r);
            let sub = self.attack(p, ply + 1, prev, moves_left);
            p.unmake();
            match sub {
                None => {
                    self.killers[ply] = Some(r);
                    return None;
                }
                Some(rest) => {
                    let key = reply_key(p, r, None, threat_to);
                    let better = best.as_ref().is_none_or(|(b, k)| {
                        rest.len() + 1 > b.len() || (rest.len() + 1 == b.len() && key < *k)
                    });
                    if better {
                        best = Some((prepend(r, rest), key));
                    }
                }
            }
        }
        best.map(|(line, _)| line)
    }
}

fn prepend(mv: Move, rest: Vec<Move>) -> Vec<Move> {
    let mut v = Vec::with_capacity(rest.len() + 1);
    v.push(mv);
    v.extend(rest);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;

    #[test]
    fn back_rank_mate_in_one() {
        let p = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let r = solve(&p, &Params::mater1());
        assert!(r.found);
        assert_eq!(r.line[0].uci(), "a1a8");
        assert_eq!(r.mate_in(), 1);
    }

    #[test]
    fn no_checks_no_mate() {
        let r = solve(&Position::start(), &Params::mater1());
        assert!(!r.found);
        assert_eq!(r.positions, 0);
    }
}
