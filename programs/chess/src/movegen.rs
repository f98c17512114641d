//! Legal move generation in the canonical order (from-square 0..63 in the memo's scan, then
//! to-square, then promotion Q R B N), and perft.

use super::board::*;

/// Moves of the side to move that obey the piece rules but may leave the own king in check
/// (the memo's "almost legal moves" of PUTCH), plus castling and en passant, unordered.
pub fn pseudo_moves(p: &Position, out: &mut Vec<Move>) {
    let color = p.side_to_move();
    let side = color.sign();
    let b = p.mailbox();
    let ep = p.ep_square();
    for s in Square::all() {
        let m = s.mbox();
        let piece = b[m];
        if piece * side <= 0 {
            continue;
        }
        let push = |out: &mut Vec<Move>, t: usize| out.push(Move::new(s, Square::of_mbox(t), None));
        match piece.abs() {
            PAWN => {
                let fwd = 10 * side as i32;
                let last_rank = color.relative_rank(7);
                let start_rank = color.relative_rank(1);
                let add = |out: &mut Vec<Move>, t: usize| {
                    let to = Square::of_mbox(t);
                    if to.rank() == last_rank {
                        for promo in Role::PROMOTIONS {
                            out.push(Move::new(s, to, Some(promo)));
                        }
                    } else {
                        push(out, t);
                    }
                };
                let t = (m as i32 + fwd) as usize;
                if b[t] == 0 {
                    add(out, t);
                    let t2 = (t as i32 + fwd) as usize;
                    if s.rank() == start_rank && b[t2] == 0 {
                        push(out, t2);
                    }
                }
                for d in [fwd - 1, fwd + 1] {
                    let t = (m as i32 + d) as usize;
                    let q = b[t];
                    if q != OFF && q * side < 0 {
                        add(out, t);
                    } else if q == 0 && ep == Some(Square::of_mbox(t)) {
                        push(out, t);
                    }
                }
            }
            KNIGHT | KING => {
                let steps = if piece.abs() == KNIGHT {
                    &KNIGHT_STEPS
                } else {
                    &KING_STEPS
                };
                for &d in steps {
                    let t = (m as i32 + d) as usize;
                    let q = b[t];
                    if q != OFF && q * side <= 0 {
                        push(out, t);
                    }
                }
                if piece.abs() == KING {
                    castles(p, s, out);
                }
            }
            kind => {
                let dirs = slider_dirs(kind);
                for &d in dirs {
                    let mut t = m as i32 + d;
                    loop {
                        let q = b[t as usize];
                        if q == OFF || q * side > 0 {
                            break;
                        }
                        push(out, t as usize);
                        if q != 0 {
                            break;
                        }
                        t += d;
                    }
                }
            }
        }
    }
}

/// Castling: rights kept, squares between empty, king not in check and not passing an
/// attacked square (the destination is checked with the other moves).
fn castles(p: &Position, s: Square, out: &mut Vec<Move>) {
    let color = p.side_to_move();
    let side = color.sign();
    let (k, q) = (Castling::new(color, true), Castling::new(color, false));
    let rights = p.castling();
    if s != k.king_square() || !rights.has_color(color) {
        return;
    }
    let m = s.mbox();
    if p.attacked(m, !color) {
        return;
    }
    let b = p.mailbox();
    if rights.has(k)
        && b[m + 1] == 0
        && b[m + 2] == 0
        && b[m + 3] == ROOK * side
        && !p.attacked(m + 1, !color)
    {
        out.push(Move::new(s, Square::of_mbox(m + 2), None));
    }
    if rights.has(q)
        && b[m - 1] == 0
        && b[m - 2] == 0
        && b[m - 3] == 0
        && b[m - 4] == ROOK * side
        && !p.attacked(m - 1, !color)
    {
        out.push(Move::new(s, Square::of_mbox(m - 2), None));
    }
}

/// The legal moves in canonical order.
pub fn legal_moves(p: &Position) -> Vec<Move> {
    let mut all = Vec::with_capacity(64);
    pseudo_moves(p, &mut all);
    let mut q = p.clone();
    let side = p.side_to_move();
    let mut legal: Vec<Move> = all
        .into_iter()
        .filter(|&mv| {
            q.make(mv);
            let ok = !q.in_check(side);
            q.unmake();
            ok
        })
        .collect();
    legal.sort_by_key(|m| m.key());
    legal
}

/// Count the leaf positions `depth` plies down.
pub fn perft(p: &mut Position, depth: u32) -> u64 {
    let moves = legal_moves(p);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut n = 0;
    for mv in moves {
        p.make(mv);
        n += perft(p, depth - 1);
        p.unmake();
    }
    n
}

/// Perft split by first move (UCI text, count), in canonical order.
pub fn divide(p: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    for mv in legal_moves(p) {
        p.make(mv);
        out.push((mv.uci(), perft(p, depth.saturating_sub(1))));
        p.unmake();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_twenty_in_canonical_order() {
        let p = Position::start();
        let m: Vec<String> = legal_moves(&p).iter().map(|m| m.uci()).collect();
        assert_eq!(m.len(), 20);
        assert_eq!(m[0], "b1a3");
        assert_eq!(m[19], "h2h4");
    }

    #[test]
    fn perft_start_depth_3() {
        assert_eq!(perft(&mut Position::start(), 3), 8902);
    }
}
