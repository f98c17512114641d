//! The chess core against shakmaty (GPL-3.0, a dev-dependency only, never in the binary) as an
//! independent oracle: legal moves and SAN over positions reached by random play.

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position as _};

use chess::{legal_moves, parse_fen, san, to_fen, Position};
use harness::rng::Rng;

fn oracle(p: &Position) -> Chess {
    let fen: Fen = to_fen(p).parse().expect("shakmaty reads our FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("shakmaty accepts our position")
}

fn compare(p: &Position) {
    let ours: Vec<String> = legal_moves(p).iter().map(|m| m.uci()).collect();
    let o = oracle(p);
    let mut theirs: Vec<String> = o
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    let mut sorted = ours.clone();
    sorted.sort();
    theirs.sort();
    assert_eq!(sorted, theirs, "legal moves of {}", to_fen(p));
    for (m, text) in legal_moves(p).iter().zip(&ours) {
        let om = o
            .legal_moves()
            .into_iter()
            .find(|x| x.to_uci(CastlingMode::Standard).to_string() == *text)
            .unwrap();
        assert_eq!(
            san(p, *m),
            SanPlus::from_move(o.clone(), om).to_string(),
            "SAN of {text} in {}",
            to_fen(p)
        );
    }
}

/// Random play from `fen`, comparing at every ply.
fn walk(fen: &str, seed: u64, plies: usize) {
    let mut p = parse_fen(fen).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        compare(&p);
        let moves = legal_moves(&p);
        if moves.is_empty() {
            break;
        }
        p.make(moves[rng.index(moves.len())]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_agree_with_shakmaty(seed in any::<u64>()) {
        walk(chess::board::START_FEN, seed, 120);
    }

    #[test]
    fn tricky_positions_agree_with_shakmaty(seed in any::<u64>(), which in 0usize..4) {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        walk(fens[which], seed, 60);
    }
}
