//! The middle-game set for the period comparison (docs/results.md): positions of a real 1961
//! game, SOMA v Machiavelli (New Scientist, 9 Nov 1961; UCI text from
//! shared/notes/chess-programs.md section 2.3), every fourth ply from ply 16 to 52, and the two
//! middle-game perft positions of section 5.

use super::board::Position;
use super::fen::parse_fen;
use super::notation::parse_uci;

/// SOMA (White) v Machiavelli (Black), 1961, as UCI moves.
pub const SOMA_MACHIAVELLI: &str = "e2e3 e7e5 d2d4 b8c6 b1c3 d7d5 g1f3 e5e4 f3e5 f8b4 e5c6 b7c6 \
c1d2 g8f6 a2a3 b4d6 h2h4 c8g4 f1e2 d8d7 e1g1 e8c8 f2f3 g4f5 f3e4 f5e4 e2a6 c8b8 c3e4 f6e4 d1e2 \
d7e6 d2a5 e4g3 e2f3 g3f1 a1f1 f7f6 f1d1 e6e4 f3e4 d5e4 d4d5 c6d5 d1d5 d6e5 d5b5 b8a8 a6b7 a8b8 \
b7e4 b8c8 e4f5 d8d7 f5d7 c8d7";

/// Kiwipete and perft position 6 (chessprogramming.org via the notes' section 5).
pub const PERFT_MIDDLEGAMES: [&str; 2] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The set: (name, position).
pub fn middlegames() -> Vec<(String, Position)> {
    let mut out = Vec::new();
    let mut p = Position::start();
    for (i, m) in SOMA_MACHIAVELLI.split_whitespace().enumerate() {
        let mv = parse_uci(&p, m).expect("the 1961 game is legal");
        p.make(mv);
        let ply = i + 1;
        if (16..=52).contains(&ply) && ply % 4 == 0 {
            let mut q = p.clone();
            q.clear_history();
            out.push((format!("soma-machiavelli-ply{ply}"), q));
        }
    }
    for (name, fen) in ["kiwipete", "perft-pos6"].iter().zip(PERFT_MIDDLEGAMES) {
        out.push((name.to_string(), parse_fen(fen).expect("perft FEN")));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn twelve_positions() {
        assert_eq!(super::middlegames().len(), 12);
    }
}
