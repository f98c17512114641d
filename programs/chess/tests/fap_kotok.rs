//! Kotok's FAP program (programs/chess/src/kotok/kotok.fap) on the emulated IBM 7090 against its native
//! twin (programs/chess/src/kotok/).
//!
//! The EVAL and TREE tests assemble the chess core, INITIA, a four-card driver (`TSX EVAL,4` or
//! `TSX TREE,4`, then `HTR *`) and kotok.fap, deposit each position straight into BOARD, SIDE,
//! CASTLE, EPSQ, HALFMV, FULLMV, WKING and BKING (and TREE's parameters into KAB, KSTF, KWID:
//! unit tests of routines; the program itself reads cards), run the driver and compare the
//! words left (KVAL, KGAIN, KCHK, KNOMV; KRES, KPV, KPVN, KPOS) with native `eval()` and
//! `tree()`. The other tests run whole problem decks through the harness (`program::run`).

use assembler::fap;
use chess::board::Move;
use chess::crosscheck::{crosscheck, Report};
use chess::emulated::EmulatedError;
use chess::emulated::{problem_deck, run_problem};
use chess::kotok::{eval, tree, Kotok, Params};
use chess::period::middlegames;
use chess::program::{assembled, run, Player};
use chess::SearchResult;
use chess::{parse_fen, Position};
use chess::{Color, Role, Square};
use emu::ibm7090::{Limits, Machine, Stop};
use harness::progress::NoProgress;

const SIGN: u64 = 1 << 35;

fn word(v: i64) -> u64 {
    if v < 0 {
        SIGN | v.unsigned_abs()
    } else {
        v as u64
    }
}

fn int(w: u64) -> i64 {
    let mag = (w & (SIGN - 1)) as i64;
    if w & SIGN != 0 {
        -mag
    } else {
        mag
    }
}

fn part(name: &str) -> String {
    // KOTOK_FAP_DIR: another tree of the FAP files (to try a change without touching these).
    let dir = std::env::var("KOTOK_FAP_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    let path = format!("{dir}/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// core.fap + initia.fap + the driver + kotok.fap, assembled.
fn assemble_with_driver() -> fap::Program {
    let driver = "\
* TEST DRIVER: EVAL ON THE POSITION THE TEST DEPOSITED, THEN HALT.
KSDRV  TSX    EVAL,4
       HTR    *
KSTRE  TSX    TREE,4
       HTR    *
";
    let src = [
        part("core.fap"),
        part("initia.fap"),
        driver.to_string(),
        part("src/kotok/kotok.fap"),
    ]
    .concat();
    fap::assemble(&src, "core+initia+driver+kotok.fap").unwrap_or_else(|d| panic!("{d}"))
}

struct Rig {
    prog: fap::Program,
    image: Vec<(u16, u64)>,
}

impl Rig {
    fn new() -> Rig {
        let prog = assemble_with_driver();
        let image = prog.words.iter().map(|(&a, &w)| (a, w)).collect();
        Rig { prog, image }
    }

    fn sym(&self, name: &str) -> usize {
        self.prog
            .symbol(name)
            .unwrap_or_else(|| panic!("no symbol {name}")) as usize
    }

    fn machine(&self, p: &Position) -> Machine {
        let mut m = Machine::new();
        for &(a, w) in &self.image {
            m.mem_mut()[a as usize] = w;
        }
        let board = self.sym("BOARD");
        for (i, &q) in p.mailbox().iter().enumerate() {
            m.mem_mut()[board + i] = word(q as i64);
        }
        m.mem_mut()[self.sym("SIDE")] = word(p.side_to_move().sign() as i64);
        m.mem_mut()[self.sym("CASTLE")] = p.castling().bits() as u64;
        m.mem_mut()[self.sym("EPSQ")] = p.ep_square().map_or(0, |s| s.mbox() as u64);
        m.mem_mut()[self.sym("HALFMV")] = p.halfmove() as u64;
        m.mem_mut()[self.sym("FULLMV")] = p.fullmove() as u64;
        m.mem_mut()[self.sym("WKING")] = p.king_index(Color::White).map_or(0, |k| k as u64);
        m.mem_mut()[self.sym("BKING")] = p.king_index(Color::Black).map_or(0, |k| k as u64);
        m
    }

    /// EVAL on the emulated 7090: (value, gain, in_check, no_moves), and the board after.
    fn eval(&self, p: &Position) -> ((i64, i64, bool, bool), Vec<i64>) {
        let mut m = self.machine(p);
        m.ic = self.sym("KSDRV") as u32;
        let stop = m.run(Limits::instructions(50_000_000));
        assert!(
            matches!(stop, Stop::Halt { .. }),
            "EVAL did not come back: {stop} at {}",
            stop.address().map_or("-".into(), |a| self.prog.describe(a))
        );
        let board = self.sym("BOARD");
        let after = (0..120).map(|i| int(m.mem()[board + i])).collect();
        let r = |n: &str| int(m.mem()[self.sym(n)]);
        (
            (r("KVAL"), r("KGAIN"), r("KCHK") != 0, r("KNOMV") != 0),
            after,
        )
    }
}

/// TREE's answer: (best move, value, principal variation, positions examined).
type Answer = (Option<Move>, i64, Vec<Move>, u64);

impl Rig {
    /// TREE on the emulated 7090 with the parameters deposited as the program card would set
    /// them; also the emulated cycles.
    fn tree(&self, p: &Position, params: &Params) -> (Answer, u64) {
        let mut m = self.machine(p);
        m.mem_mut()[self.sym("KAB")] = params.alpha_beta as u64;
        m.mem_mut()[self.sym("KSTF")] = params.stable_from as u64;
        for (i, &w) in params.widths.iter().take(10).enumerate() {
            m.mem_mut()[self.sym("KWID") + i] = w as u64;
        }
        m.ic = self.sym("KSTRE") as u32;
        let stop = m.run(Limits::instructions(20_000_000_000));
        assert!(
            matches!(stop, Stop::Halt { .. }),
            "TREE did not come back: {stop} at {}",
            stop.address().map_or("-".into(), |a| self.prog.describe(a))
        );
        let r = |n: &str| int(m.mem()[self.sym(n)]);
        let n = r("KPVN") as usize;
        let pv: Vec<Move> = (0..n)
            .map(|j| from_word(m.mem()[self.sym("KPV") + j]))
            .collect();
        (
            (pv.first().copied(), r("KRES"), pv, r("KPOS") as u64),
            m.cycles(),
        )
    }
}

/// A move word (from x 512 + to x 8 + promotion 1 Q 2 R 3 B 4 N) as a native move.
fn from_word(w: u64) -> Move {
    let promo = match w % 8 {
        1 => Some(Role::Queen),
        2 => Some(Role::Rook),
        3 => Some(Role::Bishop),
        4 => Some(Role::Knight),
        _ => None,
    };
    let sq = |i: u64| Square::new(i as u8).expect("a square in a move word");
    Move::new(sq(w / 512), sq(w / 8 % 64), promo)
}

fn check_tree(ps: &[Position], params: &Params) {
    let rig = Rig::new();
    let mut bad = Vec::new();
    for p in ps {
        let r = tree(p, params);
        let native = (r.best, r.value as i64, r.pv.clone(), r.positions);
        let (fap, _) = rig.tree(p, params);
        if fap != native {
            bad.push(format!(
                "{}: native {native:?}, emulated {fap:?}",
                chess::to_fen(p)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        ps.len(),
        bad.join("\n")
    );
}

#[test]
fn tree_matches_native_narrow() {
    let params = Params {
        widths: vec![3, 2, 2, 1, 1],
        alpha_beta: true,
        stable_from: 2,
    };
    check_tree(&positions(40, 3), &params);
    let params = Params {
        alpha_beta: false,
        ..params
    };
    check_tree(&positions(20, 4), &params);
}

#[test]
fn tree_matches_native_default() {
    check_tree(&positions(6, 5)[..6], &Params::default());
}

/// The middle-game set, then positions of random play (the cross-check's) up to `n` in all.
fn positions(n: usize, seed: u64) -> Vec<Position> {
    let mut out: Vec<Position> = middlegames().into_iter().map(|(_, p)| p).collect();
    out.extend(cross_positions(n.saturating_sub(out.len()), seed));
    out
}

/// The cross-check's positions.
fn cross_positions(n: usize, seed: u64) -> Vec<Position> {
    Kotok::cases(n, seed, &Params::default())
        .into_iter()
        .map(|c| c.position)
        .collect()
}

/// One search on the emulated 7090, through cards and the printer.
struct Emulated {
    result: SearchResult,
}

fn search_emulated(p: &Position, params: &Params) -> Result<Emulated, EmulatedError> {
    Ok(Emulated {
        result: run::<Kotok>(p, params)?.answer,
    })
}

fn crosscheck_of(n: usize, seed: u64) -> Report<Kotok> {
    let cases = Kotok::cases(n, seed, &Params::default());
    crosscheck::<Kotok>(n, seed, &cases, 2, Default::default(), &mut NoProgress)
}

fn check_eval(n: usize, seed: u64) {
    let rig = Rig::new();
    let mut bad = Vec::new();
    for p in positions(n, seed) {
        let e = eval(&p);
        let native = (e.value as i64, e.gain as i64, e.in_check, e.no_moves);
        let (fap, after) = rig.eval(&p);
        let before: Vec<i64> = p.mailbox().iter().map(|&q| q as i64).collect();
        if fap != native || after != before {
            bad.push(format!(
                "{}: native {native:?}, emulated {fap:?}{}",
                chess::to_fen(&p),
                if after != before {
                    " (board changed)"
                } else {
                    ""
                }
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {n} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn eval_matches_native() {
    check_eval(150, 1);
}

#[test]
#[ignore]
fn eval_matches_native_long() {
    check_eval(3000, 7);
}

// ---- The whole program through cards and the printer (chess::program::run) ----

/// The 17 regression answers of the native twin (programs/chess/testdata/kotok_golden.txt).
fn golden() -> Vec<(String, String, i32, Vec<String>, u64)> {
    part("testdata/kotok_golden.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].split_whitespace().map(str::to_string).collect(),
                f[4].parse().unwrap(),
            )
        })
        .collect()
}

fn check_golden(range: std::ops::Range<usize>) {
    let mut bad = Vec::new();
    for (fen, mv, value, pv, positions) in &golden()[range] {
        let p = parse_fen(fen).unwrap();
        let e = search_emulated(&p, &Params::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let got = (
            e.result.best.map(|m| m.uci()).unwrap_or_default(),
            e.result.value,
            e.result.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
            e.result.positions,
        );
        if got != (mv.clone(), *value, pv.clone(), *positions) {
            bad.push(format!(
                "{fen}: golden {mv} {value} {pv:?} {positions}, emulated {got:?}"
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn golden_answers_first_three() {
    check_golden(0..3);
}

#[test]
#[ignore]
fn golden_answers_all_seventeen() {
    check_golden(0..17);
}

#[test]
fn crosscheck_a_few_positions() {
    let r = crosscheck_of(4, 11);
    assert_eq!(r.positions, 4);
    assert!(r.mismatches.is_empty(), "{}", r.text());
    // Emulated time is exact: it must be positive and repeat to the cycle.
    let again = crosscheck_of(4, 11);
    assert_eq!(r.emulated_seconds, again.emulated_seconds);
    assert!(r.emulated_seconds > 0.0);
}

#[test]
#[ignore]
fn crosscheck_many_positions() {
    let r = crosscheck_of(200, 12);
    assert!(r.mismatches.is_empty(), "{}", r.text());
}

#[test]
fn mate_and_stalemate_through_the_printer() {
    let mated = parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let e = search_emulated(&mated, &Params::default()).unwrap();
    assert_eq!(
        (e.result.best, e.result.value, e.result.positions),
        (None, 60_000, 0)
    );
    let stale = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let e = search_emulated(&stale, &Params::default()).unwrap();
    assert_eq!((e.result.best, e.result.value), (None, 0));
}

#[test]
fn bad_program_cards_are_reported_with_the_column() {
    let program = assembled::<Kotok>().unwrap();
    for (card, column) in [
        ("KOTOX  1 4 4", 5),
        ("KOTOK  1 4 4 X", 14),
        ("KOTOK  2 4 4", 8),
        ("KOTOK  1 4 -4 3", 12),
        ("KOTOK  1 4 4 300", 14),
        ("KOTOK  1 4 1 1 1 1 1 1 1 1 1 1 1", 32),
    ] {
        let deck = problem_deck(&Position::start(), card).unwrap();
        let out = run_problem(program, &deck).unwrap();
        let want = format!("KOTOK CARD ERROR COLUMN {column}");
        assert!(
            out.printed.iter().any(|l| l.trim_end() == want),
            "{card}: {:?}",
            out.printed
        );
        assert!(!out.printed.iter().any(|l| l.starts_with("MOVE")));
    }
}

/// Where the emulated time goes: a flat profile of one search (the initial position, default
/// parameters), cycles by routine, the routine being the nearest entry at or below the address
/// executed (core routines include the calls GENLEG makes to MAKE and so on only under their own
/// names). `cargo test -p chess --test fap_kotok profile -- --ignored --nocapture`.
#[test]
#[ignore]
fn profile_of_one_search() {
    let rig = Rig::new();
    let entries = [
        "GENLEG", "MAKE", "MKNULL", "UNMAKE", "INCHK", "ATTKD", "PERFT", "RDCARD", "INITIA",
        "KSDRV", "START", "TREE", "REPLYS", "EVAL", "KMAT", "KCEN", "KATT", "KADD", "KRAY", "KDEV",
        "KPAWN", "KPINS", "KLEAST", "KLPWN", "KLCON", "KLDIR", "KXCH", "KBGAIN", "KNAME",
    ];
    let mut at: Vec<(usize, &str)> = entries.iter().map(|&e| (rig.sym(e), e)).collect();
    at.sort();
    let p = Position::start();
    let mut m = rig.machine(&p);
    for (i, &w) in Params::default().widths.iter().enumerate() {
        m.mem_mut()[rig.sym("KWID") + i] = w as u64;
    }
    m.mem_mut()[rig.sym("KAB")] = 1;
    m.mem_mut()[rig.sym("KSTF")] = 4;
    m.ic = rig.sym("KSTRE") as u32;
    let mut cycles = std::collections::BTreeMap::<&str, u64>::new();
    loop {
        let ic = m.ic as usize;
        let c0 = m.cycles();
        let stop = m.step();
        let name = at
            .iter()
            .rev()
            .find(|(a, _)| *a <= ic)
            .map_or("(below)", |e| e.1);
        *cycles.entry(name).or_default() += m.cycles() - c0;
        if let Some(s) = stop {
            assert!(matches!(s, Stop::Halt { .. }), "{s}");
            break;
        }
    }
    let total: u64 = cycles.values().sum();
    let mut rows: Vec<_> = cycles.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!("{total} cycles, {:.1} emulated s", total as f64 * 2.18e-6);
    for (name, c) in rows {
        println!(
            "{name:<8} {c:>10} {:>5.1}%",
            100.0 * c as f64 / total as f64
        );
    }
}
