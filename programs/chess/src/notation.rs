//! Move text: SAN (with check and mate marks) and UCI long algebraic.

use super::board::*;
use super::movegen::legal_moves;

/// SAN of a legal move in position `p`.
pub fn san(p: &Position, mv: Move) -> String {
    let (from, to) = (mv.from(), mv.to());
    let role = p.piece_at(from).map(|q| q.role());
    let mut s = String::new();
    if role == Some(Role::King) && mv.is_two_files() {
        s.push_str(if to > from { "O-O" } else { "O-O-O" });
    } else {
        let capture =
            p.piece_at(to).is_some() || (role == Some(Role::Pawn) && from.file() != to.file());
        match role {
            Some(Role::Pawn) | None => {
                if capture {
                    s.push((b'a' + from.file()) as char);
                }
            }
            Some(r) => {
                s.push(r.char().to_ascii_uppercase());
                let rivals: Vec<Move> = legal_moves(p)
                    .into_iter()
                    .filter(|m| {
                        m.to() == to && m.from() != from && p.piece_at(m.from()) == p.piece_at(from)
                    })
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|m| m.from().file() == from.file());
                    let same_rank = rivals.iter().any(|m| m.from().rank() == from.rank());
                    if !same_file {
                        s.push((b'a' + from.file()) as char);
                    } else if !same_rank {
                        s.push((b'1' + from.rank()) as char);
                    } else {
                        s.push_str(&from.name());
                    }
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&to.name());
        if let Some(r) = mv.promotion() {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
    }
    let mut q = p.clone();
    q.make(mv);
    if q.in_check(q.side_to_move()) {
        s.push(if legal_moves(&q).is_empty() { '#' } else { '+' });
    }
    s
}

/// The legal move of `p` written `text` in UCI (e.g. "e2e4", "e7e8q"), if any.
pub fn parse_uci(p: &Position, text: &str) -> Option<Move> {
    legal_moves(p).into_iter().find(|m| m.uci() == text)
}

/// SAN of a line of moves played from `p`.
pub fn line_san(p: &Position, line: &[Move]) -> Vec<String> {
    let mut q = p.clone();
    line.iter()
        .map(|&m| {
            let s = san(&q, m);
            q.make(m);
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn san_cases() {
        let p = Position::start();
        assert_eq!(san(&p, parse_uci(&p, "g1f3").unwrap()), "Nf3");
        let p = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(san(&p, parse_uci(&p, "e1g1").unwrap()), "O-O");
        assert_eq!(san(&p, parse_uci(&p, "a1a8").unwrap()), "Rxa8+");
        assert_eq!(san(&p, parse_uci(&p, "a1d1").unwrap()), "Rd1");
        let p = parse_fen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1").unwrap();
        assert_eq!(san(&p, parse_uci(&p, "a1d1").unwrap()), "Rad1");
        let p = parse_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(san(&p, parse_uci(&p, "a7a8q").unwrap()), "a8=Q+");
        let p = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(san(&p, parse_uci(&p, "a1a8").unwrap()), "Ra8#");
        let p = parse_fen("k7/8/8/N7/8/8/8/N3K3 w - - 0 1").unwrap();
        assert_eq!(san(&p, parse_uci(&p, "a1b3").unwrap()), "N1b3");
        assert!(parse_uci(&p, "a1a2").is_none());
    }
}
