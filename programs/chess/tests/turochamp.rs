//! Turochamp against its rules (shared/notes/chess-programs.md section 1).

use chess::turochamp::{best, play::position_play, Params};
use chess::{parse_fen, parse_uci, Position};

fn choose(fen: &str) -> (String, i32) {
    let (r, _) = best(&parse_fen(fen).unwrap(), &Params::default());
    (r.best.unwrap().uci(), r.value)
}

#[test]
fn takes_a_hanging_queen() {
    let (m, v) = choose("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(m, "d2d5");
    // Rook (10) against nothing: infinitely good.
    assert_eq!(v, 999_999);
}

#[test]
fn mates_in_one() {
    let (m, v) = choose("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    assert_eq!(m, "a1a8");
    assert_eq!(v, 1_000_000);
}

#[test]
fn black_machine_takes_the_rook() {
    let (m, _) = choose("4k3/8/2n5/8/3R4/8/8/4K3 b - - 0 1");
    assert_eq!(m, "c6d4");
}

#[test]
fn position_play_of_the_first_moves() {
    // After 1.e4 in tenths: Turing's worked sums are not in reach, so this pins the reading of
    // docs/turochamp.md: e4 beats e3 on position play with material even.
    let p = Position::start();
    let pp = |u: &str| {
        let mut q = p.clone();
        q.make(parse_uci(&q, u).unwrap());
        position_play(&q, chess::Color::White, false)
    };
    assert!(pp("e2e4") > pp("a2a3"));
    let (r, s) = best(&p, &Params::default());
    let (v, play) = s.unwrap();
    assert_eq!(v.milli(), 1000);
    assert!(r.positions > 400);
    assert!(play > 0);
    // 1.e3, as the ChessBase reconstruction opens (notes section 1.4).
    assert_eq!(r.best.unwrap().uci(), "e2e3");
}

/// Every root move's value and position play (tenths) for `FEN` (default: the start):
/// `cargo test -p chess --test turochamp root_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn root_table() {
    let fen = std::env::var("FEN").unwrap_or(chess::board::START_FEN.into());
    let (list, n) = chess::turochamp::values(&parse_fen(&fen).unwrap(), &Params::default());
    for (m, v, pp) in list {
        println!("{} value {} play {pp}", m.uci(), v.milli());
    }
    println!("positions {n}");
}

/// Positions analysed and native seconds per move on the period middle-game set (12
/// positions): `cargo test -p chess --test turochamp middlegame_bench -- --ignored
/// --nocapture`. A benchmark, not a timed test.
#[test]
#[ignore]
fn middlegame_bench() {
    let mut total = 0;
    for (name, p) in chess::period::middlegames() {
        let t = std::time::Instant::now();
        let (r, _) = best(&p, &Params::default());
        total += r.positions;
        println!(
            "{name:<26} {:>6} {:>9} positions {:>7.2} s",
            r.best.map(|m| m.uci()).unwrap_or_default(),
            r.positions,
            t.elapsed().as_secs_f64()
        );
    }
    println!("total {total} positions");
}
