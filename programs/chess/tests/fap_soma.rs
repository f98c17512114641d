//! SOMA on the emulated IBM 7090 (programs/chess/src/soma/soma.fap over the shared chess core) against
//! its native twin (programs/chess/src/soma/) and the sources' own examples.
//!
//! Routine tests deposit a position straight into the loaded machine's store and call one
//! routine (allowed for routine tests); every other test goes through cards and the printer.

use chess::board::*;
use chess::crosscheck::Report;
use chess::emulated::{self, problem_deck, run_problem, EmulatedError, Outcome, Program};
use chess::fen::to_fen;
use chess::movegen::legal_moves;
use chess::program::{assembled, run, Case, FapProgram, Player, Twin, TwinEngine};
use chess::soma::program::{Params, Soma};
use chess::soma::swap::{swap_off, swap_raw};
use chess::soma::{best, eval::evaluate, values, Rules};
use chess::SearchResult;
use chess::{parse_fen, parse_uci};
use emu::ibm7090::{Limits, Machine, Stop};
use harness::progress::NoProgress;
use harness::rng::Rng;

const SIGN: u64 = 1 << 35;

fn word(v: i64) -> u64 {
    if v < 0 {
        SIGN | v.unsigned_abs()
    } else {
        v as u64
    }
}

fn int(w: u64) -> i64 {
    let m = (w & (SIGN - 1)) as i64;
    if w & SIGN != 0 {
        -m
    } else {
        m
    }
}

fn prog() -> &'static Program {
    assembled::<Soma>().unwrap_or_else(|e| panic!("{e}"))
}

fn program_card(rules: Rules, seed: u64) -> String {
    Soma::card(&Params { rules, seed }).unwrap()
}

fn emulated_best(
    p: &Position,
    rules: Rules,
    seed: u64,
) -> Result<(SearchResult, Outcome), EmulatedError> {
    let r = run::<Soma>(p, &Params { rules, seed })?;
    Ok((r.answer.result, r.outcome))
}

fn cases(positions: usize, seed: u64) -> (usize, u64, Vec<Case<Params>>) {
    (
        positions,
        seed,
        Soma::cases(positions, seed, &Params::default()),
    )
}

fn crosscheck((positions, seed, cases): &(usize, u64, Vec<Case<Params>>)) -> Report<Soma> {
    chess::crosscheck::crosscheck::<Soma>(
        *positions,
        *seed,
        cases,
        2,
        Default::default(),
        &mut NoProgress,
    )
}

fn sym(name: &str) -> usize {
    prog()
        .symbol(name)
        .unwrap_or_else(|| panic!("no symbol {name}")) as usize
}

/// A machine holding `p` (BOARD, SIDE, CASTLE, EPSQ, kings) and SOMA's rule set.
fn machine_with(p: &Position, rules: Rules, castle: Option<bool>) -> Machine {
    let mut m = prog().machine();
    let b = sym("BOARD");
    for i in 0..120 {
        m.mem_mut()[b + i] = word(p.mailbox()[i] as i64);
    }
    m.mem_mut()[sym("SIDE")] = word(p.side_to_move().sign() as i64);
    m.mem_mut()[sym("CASTLE")] = p.castling().bits() as u64;
    m.mem_mut()[sym("EPSQ")] = p.ep_square().map_or(0, |s| s.mbox() as u64);
    m.mem_mut()[sym("WKING")] = p.king_index(Color::White).unwrap() as u64;
    m.mem_mut()[sym("BKING")] = p.king_index(Color::Black).unwrap() as u64;
    m.mem_mut()[sym("SRULE")] = (rules == Rules::Somac1966) as u64;
    m.mem_mut()[sym("SROOTC")] = match castle {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    };
    m
}

/// Call one routine: `TSX routine,4` then `HTR *` at the top of the store (above the program).
fn call(m: &mut Machine, routine: &str) {
    let at = 32700usize;
    assert!(sym("SANX") < at, "the program reaches the driver");
    m.mem_mut()[at] = (0o0074u64 << 24) | (4 << 15) | sym(routine) as u64;
    m.mem_mut()[at + 1] = (at + 1) as u64;
    m.ic = at as u32;
    let stop = m.run(Limits::instructions(100_000_000));
    assert!(
        matches!(stop, Stop::Halt { address, .. } if address as usize == at + 1),
        "{routine}: {stop} ({})",
        stop.address()
            .map(|a| prog().describe(a))
            .unwrap_or_default()
    );
}

fn get(m: &Machine, name: &str) -> i64 {
    int(m.mem()[sym(name)])
}

/// Positions after a random move, with the castling flag of that move, from random games.
fn random_positions(n: usize, seed: u64) -> Vec<(Position, Option<bool>)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start();
        for _ in 0..rng.index(160) + 1 {
            let moves = legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.index(moves.len())];
            let castle = (p.code_at(mv.from()).abs() == KING && mv.is_two_files())
                .then_some(mv.to() > mv.from());
            p.make(mv);
            if rng.index(4) == 0 && out.len() < n {
                out.push((p.clone(), castle));
            }
        }
    }
    out
}

fn seval_against_native(n: usize, seed: u64) {
    let mut checked = 0;
    for (p, castle) in random_positions(n, seed) {
        for rules in [Rules::Soma1961, Rules::Somac1966] {
            let v = evaluate(&p, rules, castle);
            let mut m = machine_with(&p, rules, castle);
            call(&mut m, "SEVAL");
            let got = [
                "SVMAT", "SVSQ", "SVGN", "SVLS", "SVPT", "SVCS", "SVCK", "SVTOT",
            ]
            .map(|s| get(&m, s));
            let want = [
                v.material,
                v.squares,
                v.swap_gain,
                v.swap_loss,
                v.pawn_threat,
                v.castling,
                v.check,
                v.total,
            ]
            .map(i64::from);
            assert_eq!(got, want, "{rules:?} {} castle {castle:?}", to_fen(&p));
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * n);
}

/// SEVAL leaves every term of native `evaluate` (material, squares, swap gain and loss, pawn
/// threats, castling, check) on random positions, both rule sets.
#[test]
fn seval_matches_native_evaluate() {
    seval_against_native(300, 1961);
}

#[test]
#[ignore]
fn seval_matches_native_evaluate_long() {
    seval_against_native(5000, 1966);
}

/// The paper's swap-off examples, computed by SRAWS over the program's own attack list: a
/// knight defended by a pawn and attacked by a knight and a bishop, S = 10; a pawn defended by
/// a pawn and attacked by a knight, S = 0 (raw -20: the knight would lose 20).
#[test]
fn swap_examples_on_the_7090() {
    for (fen, square, raw) in [
        ("7k/8/4p3/3n4/5N2/1B6/8/7K w - - 0 1", "d5", 10),
        ("7k/8/4p3/3p4/5N2/8/8/7K w - - 0 1", "d5", -20),
    ] {
        let p = parse_fen(fen).unwrap();
        let mut m = machine_with(&p, Rules::Soma1961, None);
        call(&mut m, "SATTS");
        m.mem_mut()[sym("SRT")] = Square::parse(square).unwrap().mbox() as u64;
        call(&mut m, "SRAWS");
        assert_eq!((get(&m, "SHAS"), get(&m, "SRS")), (1, raw), "{fen}");
    }
    // The same examples natively (the lists as the paper gives them).
    assert_eq!(swap_raw(30, &[10], &[30, 30]), Some(10));
    assert_eq!(swap_off(30, &[10], &[30, 30]), 10);
    assert_eq!(swap_raw(10, &[10], &[30]), Some(-20));
    assert_eq!(swap_off(10, &[10], &[30]), 0);
}

/// The start: every move's value as native (1.e4, e3, Nf3, Nc3 and d4 tie at the top, square
/// control +8), and the coin on the card picks among the five as natively.
#[test]
fn opening_moves_on_the_7090() {
    let p = Position::start();
    let native = values(&p, Rules::Soma1961);
    let deck = problem_deck(&p, &program_card(Rules::Soma1961, 1961)).unwrap();
    let mut m = prog().machine();
    emulated::mount_deck(&mut m, &deck);
    let stop = m.run(Limits::instructions(1_000_000_000));
    assert!(matches!(stop, Stop::BlankTape { .. }), "{stop}");
    assert_eq!(get(&m, "SNMV"), 20);
    for (i, (mv, v)) in native.iter().enumerate() {
        assert_eq!(m.mem()[sym("SMOVS") + i], mv.key() as u64, "move {i}");
        assert_eq!(
            int(m.mem()[sym("SMVAL") + i]),
            v.total as i64,
            "{}",
            mv.uci()
        );
    }
    let top = native.iter().map(|(_, v)| v.total).max().unwrap();
    let mut tied: Vec<String> = native
        .iter()
        .filter(|(_, v)| v.total == top)
        .map(|(m, _)| m.uci())
        .collect();
    tied.sort();
    assert_eq!(tied, ["b1c3", "d2d4", "e2e3", "e2e4", "g1f3"]);
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let (r, _) = emulated_best(&p, Rules::Soma1961, seed).unwrap();
        let n = best(&p, Rules::Soma1961, &mut Rng::new(seed));
        assert_eq!(r.best, n.best, "seed {seed}");
        assert_eq!((r.value, r.positions), (n.value, 20));
        seen.insert(r.best.unwrap().uci());
    }
    assert_eq!(seen.len(), 5, "{seen:?}");
}

const MOVE23: &str = "1k1r3r/p1p3pp/B2b1p2/B2R4/4p2P/P3P3/1PP3P1/6K1 b - - 0 23";

/// The note to move 23 of SOMA v Machiavelli: after 23...Bh2+ the swap terms are +55 (K 1,000
/// and R 50 en prise: 50 + 5) and -30 (the bishop), and Bh2+ is SOMA's choice for Black.
#[test]
fn note_to_move_23_on_the_7090() {
    let p = parse_fen(MOVE23).unwrap();
    let mut q = p.clone();
    q.make(parse_uci(&p, "d6h2").unwrap());
    let mut m = machine_with(&q, Rules::Soma1961, None);
    call(&mut m, "SEVAL");
    assert_eq!((get(&m, "SVGN"), get(&m, "SVLS")), (55, -30));
    for rules in [Rules::Soma1961, Rules::Somac1966] {
        let (r, out) = emulated_best(&p, rules, 1961).unwrap();
        assert_eq!(r.best.unwrap().uci(), "d6h2", "{rules:?}");
        let n = best(&p, rules, &mut Rng::new(1961));
        assert_eq!((r.value, r.positions), (n.value, n.positions));
        assert!(out.printed.iter().any(|l| l == "BLACK TO MOVE"));
        assert!(out.printed.iter().any(|l| l == "PRINCIPAL VARIATION  D6H2"));
    }
}

/// Bad program cards print their column and the problem is skipped; the next problem of the
/// same deck is answered. The largest seed goes through whole.
#[test]
fn program_card_errors_and_the_largest_seed() {
    let p = Position::start();
    let good = problem_deck(&p, "SOMA  1961 5").unwrap();
    for (card, col) in [
        ("SOMB  1961 5", 4),
        ("SOMA  1962 5", 7),
        ("SOMA  1961 18446744073709551616", 12),
        ("SOMA  1961 5X", 13),
        ("SOMA  1961 5 6", 14),
    ] {
        let deck = problem_deck(&p, card).unwrap() + &good;
        let out = run_problem(prog(), &deck).unwrap();
        let err = format!("PROGRAM CARD ERROR COLUMN {col}");
        assert_eq!(
            out.printed
                .iter()
                .filter(|l| l.contains("ERROR"))
                .collect::<Vec<_>>(),
            [&err],
            "{card}"
        );
        assert!(out.printed.iter().any(|l| l.starts_with("MOVE ")), "{card}");
    }
    let (r, _) = emulated_best(&p, Rules::Somac1966, u64::MAX).unwrap();
    assert_eq!(
        r.best,
        best(&p, Rules::Somac1966, &mut Rng::new(u64::MAX)).best
    );
    // No seed at all: 1961.
    let out = run_problem(prog(), &problem_deck(&p, "SOMA").unwrap()).unwrap();
    let want = best(&p, Rules::Soma1961, &mut Rng::new(1961)).best.unwrap();
    assert!(out
        .printed
        .contains(&format!("MOVE      {}", want.uci().to_uppercase())));
}

/// Mate and stalemate: no legal move prints NO LEGAL MOVE, value 0, no positions.
#[test]
fn no_legal_move() {
    let p = parse_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let (r, out) = emulated_best(&p, Rules::Soma1961, 1).unwrap();
    assert_eq!((r.best, r.value, r.positions), (None, 0, 0));
    assert!(out.printed.iter().any(|l| l == "NO LEGAL MOVE"));
}

/// The emulated time is exact: the same problem takes the same cycles every run.
#[test]
fn emulated_time_is_deterministic() {
    let p = Position::start();
    let (_, a) = emulated_best(&p, Rules::Soma1961, 1961).unwrap();
    let (_, b) = emulated_best(&p, Rules::Soma1961, 1961).unwrap();
    assert_eq!(a.cycles, b.cycles);
    assert!(
        a.emulated_seconds > 0.5 && a.emulated_seconds < 60.0,
        "{}",
        a.emulated_seconds
    );
}

/// The cross-check: move, value and positions examined equal on the middle-game set and
/// random positions under both rule sets (short here; the long run is ignored).
#[test]
fn crosscheck_short() {
    let r = crosscheck(&cases(16, 7));
    assert_eq!(r.problems, 32);
    assert!(r.mismatches.is_empty(), "{:#?}", r.mismatches);
}

#[test]
#[ignore]
fn crosscheck_long() {
    let r = crosscheck(&cases(1000, 1961));
    assert!(r.mismatches.is_empty(), "{:#?}", r.mismatches);
    println!(
        "{} problems, emulated {:.1} s (slowest {:.1} s)",
        r.problems, r.emulated_seconds, r.max_emulated_seconds
    );
}

/// Every move's value, not only the best: before each of White's 28 moves of SOMA v
/// Machiavelli (1961), the program's table of values (SMOVS, SMVAL) equals native `values`,
/// under both rule sets.
#[test]
fn the_1961_game_move_tables() {
    let mut p = Position::start();
    let mut white = 0;
    for (i, u) in chess::period::SOMA_MACHIAVELLI
        .split_whitespace()
        .enumerate()
    {
        if i % 2 == 0 {
            white += 1;
            let mut q = p.clone();
            q.clear_history();
            for rules in [Rules::Soma1961, Rules::Somac1966] {
                let native = values(&q, rules);
                let deck = problem_deck(&q, &program_card(rules, 1961)).unwrap();
                let mut m = prog().machine();
                emulated::mount_deck(&mut m, &deck);
                let stop = m.run(Limits::instructions(1_000_000_000));
                assert!(matches!(stop, Stop::BlankTape { .. }), "{stop}");
                assert_eq!(get(&m, "SNMV") as usize, native.len(), "move {white}");
                for (k, (mv, v)) in native.iter().enumerate() {
                    assert_eq!(m.mem()[sym("SMOVS") + k], mv.key() as u64);
                    assert_eq!(
                        int(m.mem()[sym("SMVAL") + k]),
                        v.total as i64,
                        "move {white} {rules:?} {}",
                        mv.uci()
                    );
                }
            }
        }
        p.make(parse_uci(&p, u).unwrap());
    }
    assert_eq!(white, 28);
}

/// The UCI engine on the 7090 keeps the coin running from move to move as the native engine
/// does: a game of SOMA against itself from the start (ties at almost every early move) gives
/// the same moves, values and coin on both.
#[test]
fn uci_engine_carries_the_coin_as_native() {
    use chess::uci::Engine;
    for rules in [Rules::Soma1961, Rules::Somac1966] {
        let params = Params { rules, seed: 12 };
        let mut e = TwinEngine::<Soma>::new(Twin::Emulated, params);
        let mut n = TwinEngine::<Soma>::new(Twin::Native, params);
        let mut p = Position::start();
        for ply in 0..12 {
            let a = e.search(&p, None);
            let b = n.search(&p, None);
            assert_eq!(
                (a.best, a.value, a.positions),
                (b.best, b.value, b.positions),
                "{rules:?} ply {ply}"
            );
            assert!(e.info_extra().unwrap().starts_with("emulated_seconds"));
            let Some(mv) = a.best else { break };
            p.make(mv);
        }
        e.set_option("Seed", "5").unwrap();
        n.set_option("Seed", "5").unwrap();
        let p = Position::start();
        assert_eq!(e.search(&p, None).best, n.search(&p, None).best);
    }
}
