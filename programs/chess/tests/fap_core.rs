//! The shared FAP chess core (`programs/chess/core.fap`) on the emulated IBM 7090 against the
//! native core (`chess::{board, movegen}`), two independent computations:
//! - perft through cards (GAME card, `PERFT  d`, INITIA's cards) equals native perft and the
//!   published tables for every position of programs/chess/testdata/perft.txt at small depths
//!   (deeper ones behind `--ignored`);
//! - the routines on positions deposited straight into the store (allowed for routine tests):
//!   GENLEG and ANYLEG, MAKE/UNMAKE and MKNULL, ATTKD and INCHK, PRBORD, on random positions
//!   from random play;
//! - `to_cards` read back by the native INITIA gives the position again (proptest).

use std::sync::OnceLock;

use chess::board::*;
use chess::emulated::{self, Part, Program};
use chess::initia::cards::to_cards;
use chess::initia::read_cards;
use chess::sample;
use chess::{legal_moves, parse_fen, perft, to_fen};
use emu::ibm7090::{Limits, Machine, Stop};
use harness::rng::Rng;
use proptest::prelude::*;

/// Calls the routine whose address is put into DCALL; the normal return stores AC in DRES and
/// halts at DONE1, the skip return at DONE2.
const DRIVER: &str = "\
* ROUTINE TEST DRIVER
START  CLA    DAC
       LDQ    DMQ
DCALL  TSX    **,4
       TRA    DNORM
       STO    DRES
DONE2  HTR    START
DNORM  STO    DRES
DONE1  HTR    START
DAC    PZE
DMQ    PZE
DRES   PZE
DBUF   BSS    256
       END    START
";

fn driver() -> &'static Program {
    static P: OnceLock<Program> = OnceLock::new();
    P.get_or_init(|| {
        Program::assemble(&[
            Part::new("programs/chess/core.fap", emulated::CORE_FAP),
            Part::new("driver.fap", DRIVER),
        ])
        .unwrap_or_else(|e| panic!("{e}"))
    })
}

fn sym(name: &str) -> usize {
    driver()
        .symbol(name)
        .unwrap_or_else(|| panic!("no symbol {name}")) as usize
}

fn word(v: i64) -> u64 {
    if v < 0 {
        1 << 35 | v.unsigned_abs()
    } else {
        v as u64
    }
}

fn int(w: u64) -> i64 {
    let m = (w & ((1 << 35) - 1)) as i64;
    if w & (1 << 35) != 0 {
        -m
    } else {
        m
    }
}

/// Put a position into the core's data words.
fn deposit(m: &mut Machine, p: &Position) {
    let board = sym("BOARD");
    for i in 0..120 {
        m.mem_mut()[board + i] = word(p.mailbox()[i] as i64);
    }
    m.mem_mut()[sym("SIDE")] = word(p.side_to_move().sign() as i64);
    m.mem_mut()[sym("CASTLE")] = p.castling().bits() as u64;
    m.mem_mut()[sym("EPSQ")] = p.ep_square().map_or(0, |s| s.mbox() as u64);
    m.mem_mut()[sym("HALFMV")] = p.halfmove() as u64;
    m.mem_mut()[sym("FULLMV")] = p.fullmove() as u64;
    m.mem_mut()[sym("WKING")] = p.king_index(Color::White).unwrap_or(0) as u64;
    m.mem_mut()[sym("BKING")] = p.king_index(Color::Black).unwrap_or(0) as u64;
}

/// The core's position words, in the native layout, with the kings' words.
fn withdraw(m: &Machine) -> (Position, usize, usize) {
    let board = sym("BOARD");
    let words: Vec<i64> = (0..120).map(|i| int(m.mem()[board + i])).collect();
    let p = Position::from_mailbox(
        &words,
        int(m.mem()[sym("SIDE")]),
        m.mem()[sym("CASTLE")] as i64,
        m.mem()[sym("EPSQ")] as i64,
        m.mem()[sym("HALFMV")] as u32,
        m.mem()[sym("FULLMV")] as u32,
    )
    .expect("the core's words hold a position");
    (
        p,
        m.mem()[sym("WKING")] as usize,
        m.mem()[sym("BKING")] as usize,
    )
}

/// Call a core routine: (AC after it, whether it took the skip return).
fn call(m: &mut Machine, routine: &str, ac: i64, mq: i64) -> (i64, bool) {
    let dcall = sym("DCALL");
    m.mem_mut()[dcall] = (m.mem()[dcall] & !0o77777) | sym(routine) as u64;
    m.mem_mut()[sym("DAC")] = word(ac);
    m.mem_mut()[sym("DMQ")] = word(mq);
    m.ic = sym("START") as u32;
    let stop = m.run(Limits::instructions(100_000_000));
    let skip = match stop {
        Stop::Halt { address, .. } if address as usize == sym("DONE1") => false,
        Stop::Halt { address, .. } if address as usize == sym("DONE2") => true,
        other => panic!(
            "{routine}: {other} at {}",
            other
                .address()
                .map_or(String::new(), |a| driver().describe(a))
        ),
    };
    assert!(!m.overflow, "{routine} left the overflow indicator on");
    (int(m.mem()[sym("DRES")]), skip)
}

fn machine(p: &Position) -> Machine {
    let mut m = driver().machine();
    deposit(&mut m, p);
    m
}

fn genleg(m: &mut Machine) -> Vec<u32> {
    let buf = sym("DBUF");
    let (n, _) = call(m, "GENLEG", buf as i64, 0);
    (0..n as usize).map(|i| m.mem()[buf + i] as u32).collect()
}

/// `count` positions by random play (up to `plies` plies) from the start and from each
/// perft.txt position in turn, drawn from `seed`.
fn from_starts(seed: u64, count: usize, plies: usize) -> Vec<Position> {
    let mut starts = vec![Position::start()];
    for (_, fen, _) in perft_table() {
        starts.push(parse_fen(&fen).unwrap());
    }
    sample::random_positions(&mut Rng::new(seed), &starts, count, plies)
}

fn perft_table() -> Vec<(String, String, Vec<u64>)> {
    include_str!("../testdata/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            (
                f[0].to_string(),
                f[1].to_string(),
                f[2].split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn genleg_and_anyleg_match_native_in_canonical_order() {
    for p in from_starts(1, 2400, 40) {
        let mut m = machine(&p);
        let want: Vec<u32> = legal_moves(&p).iter().map(|mv| mv.key()).collect();
        assert_eq!(genleg(&mut m), want, "{}", to_fen(&p));
        let (any, _) = call(&mut m, "ANYLEG", 0, 0);
        assert_eq!(any, !want.is_empty() as i64, "{}", to_fen(&p));
        assert_eq!(withdraw(&m).0, p, "GENLEG changed the position");
    }
}

#[test]
fn make_unmake_and_the_null_move_match_native() {
    for p in from_starts(2, 900, 30) {
        let mut m = machine(&p);
        for mv in legal_moves(&p) {
            let mut q = p.clone();
            q.make(mv);
            call(&mut m, "MAKE", mv.key() as i64, 0);
            let (got, wk, bk) = withdraw(&m);
            assert_eq!(got, q, "MAKE {} in {}", mv.uci(), to_fen(&p));
            assert_eq!(
                (Some(wk), Some(bk)),
                (q.king_index(Color::White), q.king_index(Color::Black))
            );
            assert_eq!(m.mem()[sym("UPLY")], 1);
            call(&mut m, "UNMAKE", 0, 0);
            let (back, wk, bk) = withdraw(&m);
            assert_eq!(back, p, "UNMAKE {} in {}", mv.uci(), to_fen(&p));
            assert_eq!(
                (Some(wk), Some(bk)),
                (p.king_index(Color::White), p.king_index(Color::Black))
            );
        }
        call(&mut m, "MKNULL", 0, 0);
        let (null, _, _) = withdraw(&m);
        let mut want = p.clone();
        want.pass_to(!want.side_to_move());
        assert_eq!(null, want);
        call(&mut m, "UNMAKE", 0, 0);
        assert_eq!(withdraw(&m).0, p);
        assert_eq!(m.mem()[sym("UPLY")], 0);
    }
}

#[test]
fn attkd_and_inchk_match_native() {
    for p in from_starts(3, 800, 40).into_iter().step_by(3) {
        let mut m = machine(&p);
        for s in Square::all() {
            for by in Color::ALL {
                let (a, _) = call(&mut m, "ATTKD", s.mbox() as i64, by.sign() as i64);
                assert_eq!(
                    a,
                    p.attacked(s.mbox(), by) as i64,
                    "{s} attacked by {by:?} in {}",
                    to_fen(&p)
                );
            }
        }
        let (c, _) = call(&mut m, "INCHK", 0, 0);
        assert_eq!(c, p.in_check(p.side_to_move()) as i64, "{}", to_fen(&p));
    }
}

#[test]
fn the_push_down_list_holds_forty_plies() {
    let mut p = Position::start();
    let mut m = machine(&p);
    let mut rng = Rng::new(4);
    for _ in 0..40 {
        let moves = legal_moves(&p);
        let mv = moves[rng.index(moves.len())];
        p.make(mv);
        call(&mut m, "MAKE", mv.key() as i64, 0);
    }
    assert_eq!(withdraw(&m).0, p);
    // A 41st entry stops the machine at CUPOVF.
    let dcall = sym("DCALL");
    m.mem_mut()[dcall] = (m.mem()[dcall] & !0o77777) | sym("MKNULL") as u64;
    m.ic = sym("START") as u32;
    let stop = m.run(Limits::instructions(10_000));
    assert_eq!(
        stop.address().map(|a| driver().describe(a)),
        Some("CUPOVF (programs/chess/core.fap line ".to_string() + &line_of("CUPOVF") + ")")
    );
}

fn line_of(symbol: &str) -> String {
    let a = driver().symbol(symbol).unwrap();
    let l = driver().assembled().line_at(a).unwrap();
    l.to_string()
}

#[test]
fn prbord_prints_as_native() {
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let p = parse_fen(fen).unwrap();
        let mut m = machine(&p);
        call(&mut m, "PRBORD", 0, 0);
        let want: Vec<String> = chess::printer::board(&p)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect();
        assert_eq!(emulated::printed(&m), want);
    }
}

#[test]
fn the_line_routines() {
    let mut m = machine(&Position::start());
    call(&mut m, "LNCLR", 0, 0);
    call(&mut m, "LNDEC", -1234567, 0);
    call(&mut m, "LNCH", 0o60, 0);
    call(&mut m, "LNDEC", 0, 0);
    call(&mut m, "LNCH", 0o60, 0);
    let sq = |t: &str| Square::parse(t).unwrap();
    let e7e8q = Move::new(sq("e7"), sq("e8"), Some(Role::Queen));
    call(&mut m, "LNMOV", e7e8q.key() as i64, 0);
    call(&mut m, "LNCH", 0o60, 0);
    let b1a3 = Move::new(sq("b1"), sq("a3"), None);
    call(&mut m, "LNMOV", b1a3.key() as i64, 0);
    call(&mut m, "LNOUT", 0, 0);
    assert_eq!(emulated::printed(&m), vec!["-1234567 0 E7E8Q B1A3"]);
    assert_eq!(m.mem()[sym("LCOL")], 0);
}

#[test]
fn rdcard_nxtnum_and_gamecd() {
    let mut m = machine(&Position::start());
    emulated::mount_deck(&mut m, "  12,-7 , 0 X -\nGAME   41 17 C6   COMMENT\n");
    call(&mut m, "RDCARD", 0, 0);
    let chars = sym("CHARS");
    assert_eq!(m.mem()[chars + 2], 1, "column 3 holds the digit 1");
    assert_eq!(m.mem()[chars + 79], 0o60, "column 80 is blank");
    let ccol = sym("CCOL");
    m.mem_mut()[ccol] = 0;
    let mut read = Vec::new();
    loop {
        let (v, ok) = call(&mut m, "NXTNUM", 0, 0);
        if !ok {
            break;
        }
        read.push(v);
    }
    assert_eq!(read, vec![12, -7, 0]);
    assert_eq!(m.mem()[ccol], 12, "stopped at the X in column 13");
    let (_, good) = call(&mut m, "GAMECD", 0, 0);
    assert!(good);
    let (p, _, _) = withdraw(&m);
    assert_eq!(
        (p.fullmove(), p.halfmove(), p.ep_square()),
        (41, 17, Square::parse("c6"))
    );
}

/// Perft through the cards: every position of perft.txt at the depths whose count is at most
/// `limit`, against the native perft and the table.
fn perft_through_cards(limit: u64) -> usize {
    let mut checked = 0;
    for (name, fen, counts) in perft_table() {
        let mut p = parse_fen(&fen).unwrap();
        for (d, &want) in counts.iter().enumerate() {
            if want > limit {
                break;
            }
            let depth = d as u32 + 1;
            let native = perft(&mut p, depth);
            assert_eq!(native, want, "native {name} depth {depth}");
            let (n, out) =
                chess::perft::emulated(&p, depth).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(n, native, "emulated {name} depth {depth}");
            let board: Vec<String> = chess::printer::board(&p)
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            assert_eq!(out.printed[..9], board[..], "{name}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_on_the_emulated_7090_small_depths() {
    // 75 counts of the 22 positions, 170,744 leaves.
    let checked = perft_through_cards(20_000);
    assert_eq!(checked, 75);
}

#[test]
#[ignore]
fn perft_on_the_emulated_7090_deeper() {
    // 108 counts, 14,533,318 leaves.
    assert_eq!(perft_through_cards(2_000_000), 108);
}

#[test]
fn perft_of_the_start_to_depth_3_and_its_period_time() {
    let p = Position::start();
    let (n, out) = chess::perft::emulated(&p, 3).unwrap();
    assert_eq!(n, 8902);
    // Emulated time is exact and deterministic.
    assert!((out.emulated_seconds - out.cycles as f64 * 2.18e-6).abs() < 1e-9);
    assert_eq!((out.instructions, out.cycles), (4_199_790, 7_105_969));
    println!(
        "perft(start, 3) = {n}: {} instructions, {} cycles, {:.2} emulated seconds",
        out.instructions, out.cycles, out.emulated_seconds
    );
    let (n0, _) = chess::perft::emulated(&p, 0).unwrap();
    assert_eq!(n0, 1);
}

/// The host's speed on perft (a measurement, not an assertion):
/// `cargo test --release -p chess --test fap_core -- --ignored --nocapture bench`.
#[test]
#[ignore]
fn bench_perft_start_4() {
    let p = Position::start();
    chess::perft::emulated(&p, 1).unwrap(); // assemble first
    let t = std::time::Instant::now();
    let cpu0 = thread_cpu_ns();
    let (n, out) = chess::perft::emulated(&p, 4).unwrap();
    let wall = t.elapsed().as_secs_f64();
    // On a busy host the wall clock includes time other processes had the core.
    let host = thread_cpu_ns()
        .zip(cpu0)
        .map_or(wall, |(b, a)| (b - a) as f64 / 1e9);
    assert_eq!(n, 197_281);
    println!(
        "perft(start, 4) = {n}: {} instructions, {} cycles, {:.2} emulated s; host {host:.3} CPU s \
         ({wall:.3} s wall), {:.1} M instructions per CPU second, {:.0} times a 7090",
        out.instructions,
        out.cycles,
        out.emulated_seconds,
        out.instructions as f64 / host / 1e6,
        out.emulated_seconds / host
    );
}

/// CPU time of this thread in ns (Linux `/proc/thread-self/schedstat`, first field).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
fn bad_cards_are_reported_by_the_program() {
    let program = chess::program::assembled::<chess::perft::Perft>().unwrap();
    let cards = to_cards(&Position::start()).unwrap();
    let run = |deck: String| emulated::run_problem(program, &deck).unwrap().printed;
    assert_eq!(
        run(format!("GAME   1 X -\nPERFT  1\n{cards}")),
        vec!["GAME CARD ERROR COLUMN 10"]
    );
    assert_eq!(
        run(format!("GAME   1 0 E4\nPERFT  1\n{cards}")),
        vec!["GAME CARD ERROR COLUMN 13"]
    );
    assert_eq!(
        run(format!("GAMF   1 0 -\nPERFT  1\n{cards}")),
        vec!["GAME CARD ERROR COLUMN 4"]
    );
    assert_eq!(
        run(format!("GAME   1 0 -\nPERFT  X\n{cards}")),
        vec!["PROGRAM CARD ERROR COLUMN 8"]
    );
    // Two problems in one deck: the bad one skipped, the next one counted.
    let printed = run(format!(
        "GAME   1 0 -\nPERFX  1\n{cards}GAME   1 0 -\nPERFT  1\n{cards}"
    ));
    assert_eq!(printed[0], "PROGRAM CARD ERROR COLUMN 5");
    assert_eq!(printed.last().unwrap(), "PERFT 1 20");
    // A deck that ends inside a problem is not the end of the deck.
    let e = emulated::run_problem(program, "GAME   1 0 -\nPERFT  1\nK 8888\n").unwrap_err();
    assert!(e.to_string().contains("ended inside a problem"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn to_cards_read_back_is_the_position(seed in any::<u64>(), plies in 0usize..120) {
        let mut rng = Rng::new(seed);
        let mut p = Position::start();
        for _ in 0..plies {
            let moves = legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            p.make(moves[rng.index(moves.len())]);
        }
        let cards = to_cards(&p).unwrap();
        let r = read_cards(&cards);
        prop_assert_eq!(r.len(), 1);
        let mut q = r[0].as_ref().unwrap().position.clone();
        q.set_ep_square(p.ep_square());
        q.set_clocks(p.halfmove(), p.fullmove());
        prop_assert_eq!(to_fen(&q), to_fen(&p));
    }
}
