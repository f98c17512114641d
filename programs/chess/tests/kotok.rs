//! Kotok's program on positions whose right move is plain, and alpha-beta against plain
//! minimax (the memo's two versions of TREE): the same move, value and variation.

use chess::kotok::{tree, Params};
use chess::sample::random_positions;
use chess::{parse_fen, Position};
use harness::rng::Rng;

fn best(fen: &str) -> (String, i32, u64) {
    let r = tree(&parse_fen(fen).unwrap(), &Params::default());
    (r.best.unwrap().uci(), r.value, r.positions)
}

#[test]
fn takes_a_hanging_queen() {
    let (m, v, _) = best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(m, "d2d5");
    assert!(v > 5 * 60, "{v}");
}

#[test]
fn black_takes_a_hanging_rook() {
    let (m, v, _) = best("4k3/8/2n5/8/3R4/8/8/4K3 b - - 0 1");
    assert_eq!(m, "c6d4");
    assert!(v < -2 * 60, "{v}");
}

#[test]
fn finds_mate_in_one() {
    let (m, v, _) = best("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    assert_eq!(m, "a1a8");
    assert_eq!(v, 60_000);
    let (m, v, _) = best("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    assert_eq!(m, "a8a1");
    assert_eq!(v, -60_000);
}

#[test]
fn does_not_take_a_defended_pawn_with_the_queen() {
    let (m, _, _) = best("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1");
    assert_ne!(m, "d1d5");
}

#[test]
fn no_move_when_mated() {
    let r = tree(
        &parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap(),
        &Params::default(),
    );
    assert_eq!(r.best, None);
    assert_eq!(r.value, 60_000);
}

#[test]
fn alpha_beta_keeps_minimax_move_value_and_variation() {
    let ab = Params::default();
    let mm = Params {
        alpha_beta: false,
        ..Params::default()
    };
    let mut saved = 0;
    let from = [Position::start()];
    for p in random_positions(&mut Rng::new(7), &from, 12, 60) {
        let a = tree(&p, &ab);
        let b = tree(&p, &mm);
        assert_eq!((a.best, a.value, &a.pv), (b.best, b.value, &b.pv));
        assert!(a.positions <= b.positions);
        saved += b.positions - a.positions;
    }
    assert!(saved > 0);
}

/// Regression golden (programs/chess/testdata/kotok_golden.txt, written by `firstmoves chess
/// best --json`): the answers the FAP twin must reproduce. A change here is a change of the
/// documented algorithm and must be made in docs/kotok.md and in both twins.
#[test]
fn golden_answers() {
    let text = include_str!("../testdata/kotok_golden.txt");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        let r = tree(&parse_fen(f[0]).unwrap(), &Params::default());
        let pv: Vec<String> = r.pv.iter().map(|m| m.uci()).collect();
        assert_eq!(r.best.unwrap().uci(), f[1], "{}", f[0]);
        assert_eq!(r.value.to_string(), f[2], "{}", f[0]);
        assert_eq!(pv.join(" "), f[3], "{}", f[0]);
        assert_eq!(r.positions.to_string(), f[4], "{}", f[0]);
        n += 1;
    }
    assert_eq!(n, 17);
}
