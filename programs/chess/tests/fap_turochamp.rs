//! Turochamp on the emulated IBM 7090 (programs/chess/src/turochamp/turochamp.fap on the shared core)
//! against its native twin (programs/chess/src/turochamp): move, value, position play,
//! positions examined, and every root move's value and position play.

use chess::crosscheck::{crosscheck_within, Report};
use chess::emulated::{problem_deck, run_problem_with, Clock, EmulatedError, Outcome, Program};
use chess::program::{assembled, run, run_with, Case, Run};
use chess::turochamp::program::{
    cases_within, emulated_root_table, emulated_root_table_with, program_card, Answer,
};
use chess::turochamp::{best, values, Params, Turochamp};
use chess::{parse_fen, Position};
use emu::ibm7090::Limits;
use harness::progress::NoProgress;

fn params(full_plies: usize, ratio: bool) -> Params {
    Params {
        full_plies,
        ratio,
        ..Params::default()
    }
}

fn program() -> Result<&'static Program, EmulatedError> {
    assembled::<Turochamp>()
}

/// The emulated answer (move, value, position play) and the run.
struct Emulated {
    result: chess::SearchResult,
    position_play: Option<i32>,
    outcome: Outcome,
}

fn emulated(r: Run<Answer>) -> Emulated {
    Emulated {
        result: r.answer.result,
        position_play: r.answer.position_play,
        outcome: r.outcome,
    }
}

fn emulated_best(p: &Position, full_plies: usize, ratio: bool) -> Result<Emulated, EmulatedError> {
    run::<Turochamp>(p, &params(full_plies, ratio)).map(emulated)
}

fn cases(positions: usize, seed: u64, max_plies: usize) -> Vec<Case<Params>> {
    cases_within(positions, seed, max_plies)
}

fn crosscheck(cases: &[Case<Params>], cycles: u64) -> Report<Turochamp> {
    crosscheck_within::<Turochamp>(
        cases.len(),
        0,
        cases,
        Some(cycles),
        2,
        Default::default(),
        &mut NoProgress,
    )
}

/// Native and emulated agree on the answer and on every root move's value and position play.
fn same(fen: &str, full_plies: usize, ratio: bool) -> u64 {
    let p = parse_fen(fen).unwrap();
    let pa = params(full_plies, ratio);
    let (r, top) = best(&p, &pa);
    let e = emulated_best(&p, full_plies, ratio).unwrap();
    assert_eq!(e.result.best, r.best, "{fen}");
    assert_eq!(e.result.value, r.value, "{fen}");
    assert_eq!(e.result.positions, r.positions, "{fen}");
    assert_eq!(e.result.pv, r.pv, "{fen}");
    assert_eq!(e.position_play, top.map(|t| t.1), "{fen}");
    let (list, _) = values(&p, &pa);
    let native: Vec<(String, i32, i32)> = list
        .iter()
        .map(|(m, v, pp)| (m.uci(), v.milli(), *pp))
        .collect();
    assert_eq!(
        emulated_root_table(&p, full_plies, ratio).unwrap(),
        native,
        "{fen}"
    );
    e.outcome.cycles
}

#[test]
fn the_start_plays_e3_as_native() {
    let cycles = same(chess::board::START_FEN, 2, true);
    // Emulated time is exact: the cycles of the start's 439 positions, printout included.
    println!("start: {cycles} cycles");
    let e = emulated_best(&Position::start(), 2, true).unwrap();
    assert_eq!(e.outcome.cycles, cycles);
    assert_eq!(e.result.best.unwrap().uci(), "e2e3");
    assert_eq!((e.result.value, e.result.positions), (1000, 439));
    assert_eq!(e.position_play, Some(146));
}

#[test]
fn the_rules_tests_as_native() {
    // Hanging queen (999,999), mate in one (1,000,000), a Black machine, stalemate after the
    // move, castling rights and castling, en passant, promotion, a bare king.
    for fen in [
        "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "4k3/8/2n5/8/3R4/8/8/4K3 b - - 0 1",
        "7k/5Q2/8/8/8/8/8/K7 w - - 0 1",
        "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "8/1P5k/8/8/8/8/6p1/K7 w - - 0 1",
        "8/1P5k/8/8/8/8/6p1/K7 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
    ] {
        same(fen, 2, true);
    }
}

#[test]
fn options_full_plies_and_difference_as_native() {
    same("4k3/8/2n5/8/3R4/8/8/4K3 b - - 0 1", 1, true);
    same("4k3/8/2n5/8/3R4/8/8/4K3 b - - 0 1", 3, true);
    same("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2, false);
    same(
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
        2,
        false,
    );
    same(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        1,
        false,
    );
}

#[test]
fn no_legal_move() {
    // Checkmated and stalemated machines: no move, value 0, nothing examined (as native).
    for fen in [
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let p = parse_fen(fen).unwrap();
        let e = emulated_best(&p, 2, true).unwrap();
        let (r, _) = best(&p, &Params::default());
        assert_eq!((e.result.best, r.best), (None, None));
        assert_eq!((e.result.value, e.result.positions), (0, 0));
        assert!(e.outcome.printed.iter().any(|l| l == "NO LEGAL MOVE"));
    }
}

#[test]
fn bad_program_cards_name_the_column() {
    let p = Position::start();
    for (card, col) in [
        ("TURX  2 1", 4),
        ("TURO  0 1", 7),
        ("TURO  10 1", 8),
        ("TURO  2 2", 9),
        ("TURO  2", 8),
        ("TURO  2 1 X", 11),
        ("TURO  2 1 5", 11),
    ] {
        let deck = problem_deck(&p, card).unwrap();
        let out =
            run_problem_with(program().unwrap(), &deck, Limits::instructions(1 << 30)).unwrap();
        assert_eq!(
            out.printed,
            vec![format!("PROGRAM CARD ERROR COLUMN {col}")],
            "{card}"
        );
    }
    assert_eq!(program_card(2, true), "TURO  2 1");
}

#[test]
fn a_bad_game_card_skips_the_problem() {
    let deck = problem_deck(&Position::start(), "TURO  2 1").unwrap();
    let deck = deck.replacen("GAME   1 0 -", "GAME   X 0 -", 1);
    let out = run_problem_with(program().unwrap(), &deck, Limits::instructions(1 << 30)).unwrap();
    assert_eq!(out.printed.len(), 1, "{:?}", out.printed);
    assert!(out.printed[0].starts_with("GAME CARD ERROR COLUMN"));
}

/// Emulated and native on two positions from random play under the three readings, within
/// 10^8 cycles a problem (the campaign below takes more).
#[test]
fn crosscheck_small() {
    let c: Vec<_> = cases(14, 1, 12).into_iter().skip(36).collect();
    assert_eq!(c.len(), 6);
    let r = crosscheck(&c, 100_000_000);
    assert!(r.mismatches.is_empty(), "{:#?}", r.mismatches);
    assert_eq!(r.agreed + r.over_budget.len(), r.problems);
    assert!(r.agreed >= 3, "{:?}", r.over_budget);
}

/// Position play and value of every root move, emulated against native, on positions from
/// random play (one full ply, W/B; those within 10^8 cycles).
#[test]
fn root_tables_of_random_positions() {
    let mut compared = 0;
    for c in cases(24, 7, 40).into_iter().skip(36) {
        if (c.params.full_plies, c.params.ratio) != (1, true) {
            continue;
        }
        let limits = Limits::cycles(100_000_000);
        let Ok(table) = emulated_root_table_with(&c.position, 1, true, limits) else {
            continue;
        };
        let (list, _) = values(&c.position, &params(1, true));
        let native: Vec<(String, i32, i32)> = list
            .iter()
            .map(|(m, v, pp)| (m.uci(), v.milli(), *pp))
            .collect();
        assert_eq!(table, native, "{}", c.name);
        compared += 1;
    }
    assert!(compared >= 8, "{compared}");
}

/// The campaign: `N=40 SEED=1 PLIES=30 CYCLES=200000000 cargo test -p chess --test
/// fap_turochamp campaign -- --ignored --nocapture`: N positions, each under the three
/// readings, a budget of CYCLES a problem; `FULL=f RATIO=r` keep one reading only.
#[test]
#[ignore]
fn campaign() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let mut c = cases(
        env("N", 40) as usize,
        env("SEED", 1),
        env("PLIES", 30) as usize,
    );
    if std::env::var("FULL").is_ok() {
        let (f, ratio) = (env("FULL", 2) as usize, env("RATIO", 1) == 1);
        c.retain(|c| c.params.full_plies == f && c.params.ratio == ratio);
    }
    let t = std::time::Instant::now();
    let r = crosscheck(&c, env("CYCLES", 200_000_000));
    println!(
        "problems {} agreed {} over budget {} mismatches {} positions {} emulated {:.1} s \
         (max {:.1} s) host {:.1} s",
        r.problems,
        r.agreed,
        r.over_budget.len(),
        r.mismatches.len(),
        r.positions_examined,
        r.emulated_seconds,
        r.max_emulated_seconds,
        t.elapsed().as_secs_f64()
    );
    print!("{}", r.text());
    assert!(r.mismatches.is_empty());
}

/// The period middle-game set on the emulated 7090 (two full plies, W/B), each within 10^9
/// cycles: `cargo test -p chess --test fap_turochamp middlegame_emulated -- --ignored
/// --nocapture`. Positions and emulated seconds a move (exact); checked against native.
#[test]
#[ignore]
fn middlegame_emulated() {
    for (name, p) in chess::period::middlegames() {
        let limits = Limits::cycles(1_000_000_000);
        match run_with::<Turochamp>(&p, &params(2, true), limits, Clock::default()).map(emulated) {
            Ok(e) => {
                let (r, _) = best(&p, &Params::default());
                assert_eq!(
                    (e.result.best, e.result.value, e.result.positions),
                    (r.best, r.value, r.positions)
                );
                println!(
                    "{name:<26} {:>6} {:>8} positions {:>8.1} emulated s",
                    r.best.map(|m| m.uci()).unwrap_or_default(),
                    r.positions,
                    e.outcome.emulated_seconds
                );
            }
            Err(e) => println!("{name:<26} over 10^9 cycles ({e})"),
        }
    }
}
