//! Blocks translated into host code (`cpu/translate`) against the hot loop alone and against
//! single steps: random programs of the orders blocks run (inline, through `core`, live),
//! rewriting their own words and executing words by XEC, cut by budgets; and the ways out of
//! a block one by one: a word changed under it, a word rewritten on every pass (live), a store
//! by a register into the block's later words, an XEC's stop, too few steps for a block.

use super::pairs::stepped_to;
use super::run::{loaded, run_as_steps};
use super::*;
use crate::ibm7090::model::Model;
use crate::ibm7090::snapshot::to_text;

/// The orders of the random programs: every order blocks run inline, the commoner ones
/// through `core`, the skips, XEC, NOP.
const ORDERS: [&str; 52] = [
    "CLA", "CAL", "ADD", "SUB", "ANA", "ORA", "LDQ", "ALS", "ARS", "PAX", "PAC", "PXA", "AXT",
    "LXA", "LAC", "STO", "STZ", "STQ", "SLW", "STA", "SXA", "TRA", "TZE", "TNZ", "TPL", "TMI",
    "TIX", "TNX", "TXI", "TXH", "TXL", "TSX", "CLS", "ADM", "SBM", "ACL", "ERA", "XCA", "LLS",
    "LRS", "MPY", "CHS", "COM", "CAS", "ZET", "NZT", "TOV", "ANS", "ORS", "SXD", "XEC", "NOP",
];

/// A random program of `ORDERS` at 0100-0157: addresses within it and the data after it (so
/// that stores rewrite code and transfers land anywhere in it), tags 0, 1, 2 and 4, small
/// decrements and shift counts (some over 34, which blocks leave to `core`).
fn program(seed: u64) -> Vec<u64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    (0..0o60)
        .map(|_| {
            let m = ORDERS[next(ORDERS.len() as u64) as usize];
            let address = match m {
                "ALS" | "ARS" | "LLS" | "LRS" => next(40) as u32,
                _ => (0o100 + next(0o100)) as u32,
            };
            let tag = [0, 0, 0, 1, 2, 4][next(6) as usize];
            by_mnemonic(m)
                .unwrap()
                .encode(address, tag, next(4) as u32, false)
        })
        .collect()
}

/// The machine for `program(seed)`: its data words, index registers, IC; a 709, 7090 or
/// 7094 (out of multiple-tag mode for some seeds).
fn fresh(program: &[u64], seed: u64) -> Machine {
    let model = [
        Model::Ibm7090,
        Model::Ibm7090,
        Model::Ibm7094,
        Model::Ibm709,
    ][seed as usize % 4];
    let mut m = Machine::with_model(model);
    m.multi_tag = model != Model::Ibm7094 || seed % 8 < 4;
    m.load(0o100, program);
    for (i, w) in (0o160..0o200).enumerate() {
        m.mem_mut()[w] = (i as u64 * 0o1001_0010_0101 + seed) & arith::WORD;
    }
    m.xr[1] = 3;
    m.xr[2] = 0o10;
    m.xr[4] = 1;
    m.ic = 0o100;
    m
}

#[test]
fn translated_blocks_agree_with_the_hot_loop_and_single_steps() {
    // Each program from one state, whole (to a stop or 20,000 instructions) and cut by
    // instruction and cycle budgets: translated, by the hot loop alone and by single steps,
    // the same machine at the end.
    for seed in 0..300 {
        let program = program(seed);
        let limits = [20, 40, 100, 250, 600, 1_500, 20_000]
            .map(|n| (Some(n), None))
            .into_iter()
            .chain([500, 3_000, 20_000, 100_000].map(|c| (None, Some(c))));
        for (instructions, cycles) in limits {
            let limits = Limits {
                max_instructions: instructions,
                max_cycles: cycles,
            };
            let at = format!("seed {seed}, {instructions:?} instructions, {cycles:?} cycles");
            let mut a = fresh(&program, seed);
            let stop = a.run(limits);
            let mut hot = fresh(&program, seed);
            hot.set_translation(false);
            let hot_stop = hot.run(limits);
            // A transfer to itself by an index register: blocks always leave it to the
            // machine, which tells a tight loop; the hot loop only where a slice ends, so
            // later if at all (the single steps below check where blocks stop).
            if !matches!(stop, Stop::TightLoop { .. }) {
                assert_eq!(hot_stop, stop, "{at}");
                assert_eq!(to_text(&a), to_text(&hot), "{at}: translated / hot loop");
            }
            let mut b = fresh(&program, seed);
            let stepped = stepped_to(&mut b, &a, stop);
            match (stop, stepped) {
                (Stop::InstructionBudget | Stop::CycleBudget, None) => {}
                (Stop::TightLoop { address }, None) => assert_eq!(b.ic, address as u32, "{at}"),
                (stop, stepped) => assert_eq!(Some(stop), stepped, "{at}"),
            }
            assert_eq!(to_text(&a), to_text(&b), "{at}: translated / single steps");
        }
    }
}

/// `program` run with `limits` translated, by the hot loop alone and (`run_as_steps`) by
/// single steps: the same machine each way; the translated machine and its stop.
fn three_ways(program: &[u64], data: &[(usize, u64)], limits: Limits) -> (Machine, Stop) {
    let (translated, stop) = run_as_steps(program, data, limits);
    let mut hot = loaded(program, data);
    hot.set_translation(false);
    assert_eq!(hot.run(limits), stop);
    assert_eq!(to_text(&hot), to_text(&translated));
    (translated, stop)
}

#[test]
fn a_word_rewritten_on_every_pass_runs_as_written() {
    // The loop writes its own ADD's address on every pass (ADD 0300 + XR1's count): the block
    // is found changed, then the word runs live, read as the store holds it each time.
    let program = [
        ins("AXT", 40, 1, 0),
        ins("PXA", 0, 1, 0),
        ins("ADD", 0o177, 0, 0),
        ins("STA", 0o105, 0, 0),
        ins("CLA", 0o201, 0, 0),
        ins("ADD", 0o300, 0, 0),
        ins("STO", 0o201, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let mut data: Vec<(usize, u64)> = vec![(0o177, 0o300), (0o201, 0)];
    data.extend((0o300..0o400).map(|at| (at, at as u64)));
    let (m, stop) = three_ways(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o110 });
    // ADD 0300 + 40, 0300 + 39, ... 0300 + 1: the sum of 0341 down to 0301.
    assert_eq!(m.mem()[0o201], (0o301..=0o350).sum::<u64>());
    for n in [5, 17, 60, 99, 150] {
        three_ways(&program, &data, Limits::instructions(n * 18));
    }
}

#[test]
fn a_store_by_a_register_into_its_own_block() {
    // STO 0105 indexed by XR2 (0105 + 0 the first time, past the block the second): the
    // first pass writes a CLA over the block's own NOP ahead of it, which then runs as
    // written.
    let program = [
        ins("AXT", 2, 1, 0),
        ins("AXT", 0, 2, 0),
        ins("CLA", 0o200, 0, 0),
        ins("STO", 0o105, 2, 0),
        ins("AXT", 0o7770, 2, 0),
        ins("NOP", 0, 0, 0),
        ins("STO", 0o202, 0, 0),
        ins("TIX", 0o102, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let data = [(0o200, ins("CLA", 0o201, 0, 0)), (0o201, 77)];
    let (m, stop) = three_ways(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o110 });
    assert_eq!((m.mem()[0o105], m.mem()[0o202]), (data[0].1, 77));
}

#[test]
fn an_xec_of_a_stop_in_a_block() {
    // XEC of an HPR in the middle of a block: the run stops there, counted as the loop does.
    let program = [
        ins("CLA", 0o200, 0, 0),
        ins("ADD", 0o200, 0, 0),
        ins("XEC", 0o201, 0, 0),
        ins("STO", 0o202, 0, 0),
        ins("HPR", 0, 0, 0),
    ];
    let data = [(0o200, 3), (0o201, ins("HPR", 0, 0, 0))];
    let (m, stop) = three_ways(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o102 });
    assert_eq!((m.ac, m.mem()[0o202], m.instructions()), (6, 0, 4));
}

#[test]
fn a_block_longer_than_the_steps_left() {
    // Thirty words of CLA/ADD in a loop of 1,000: any instruction budget stops after the
    // same instruction as the single steps.
    let mut program = vec![ins("AXT", 1000, 1, 0)];
    for i in 0..30 {
        program.push(ins(if i % 2 == 0 { "CLA" } else { "ADD" }, 0o300 + i, 0, 0));
    }
    program.push(ins("TIX", 0o101, 1, 1));
    program.push(ins("HPR", 0, 0, 0));
    let data: Vec<(usize, u64)> = (0o300..0o340).map(|at| (at, at as u64)).collect();
    let (m, stop) = three_ways(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o140 });
    assert_eq!(m.instructions(), 1 + 31 * 1000 + 1);
    for n in [30, 31, 32, 33, 300, 577, 1_000, 5_555, 30_999] {
        three_ways(&program, &data, Limits::instructions(n));
        three_ways(&program, &data, Limits::cycles(n * 2));
    }
}

#[test]
fn a_word_left_after_a_block_is_decoded_as_the_store_holds_it() {
    // The hot loop alone caches 0103's XEC; then an indirect CLA replaces it (a word blocks
    // leave): the block before it leaves it to the machine as the store holds it, not as
    // the cache last saw it.
    let program = [
        ins("AXT", 1, 1, 0),
        ins("CLA", 0o201, 0, 0),
        ins("ADD", 0o202, 0, 0),
        ins("XEC", 0o200, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let data = [
        (0o200, ins("CHS", 0, 0, 0)),
        (0o201, 5),
        (0o202, 6),
        (0o300, 0o301),
        (0o301, 77),
    ];
    let mut m = loaded(&program, &data);
    m.set_translation(false);
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o105 });
    assert_eq!(m.ac, arith::AC_S | 11);
    m.mem_mut()[0o103] = ind("CLA", 0o300, 0);
    m.set_translation(true);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o105 });
    assert_eq!(m.ac, 77);
}
