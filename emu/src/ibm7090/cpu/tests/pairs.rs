//! Fused pairs (`icache::PAIRS`): the hot loop runs two words as one op. A pair's first that
//! stores into its second, an XEC of a pair's first word, and random programs made of the
//! pairs' orders (rewriting their own words, indexed by registers the pairs load) cut by
//! instruction and cycle budgets anywhere, all as single steps run them.

use super::run::run_as_steps;
use super::*;
use crate::ibm7090::cpu::icache::PAIRS;
use crate::ibm7090::snapshot::to_text;

#[test]
fn a_first_that_stores_into_its_second() {
    // STO 0104 then CLA 0202 is a pair (0103, 0104; the NOP keeps the CLA before it out of
    // it); the STO writes over the CLA, which then runs as written: twice round, the second
    // time with both words decoded before.
    let program = [
        ins("AXT", 2, 1, 0),
        ins("CLA", 0o201, 1, 0),
        ins("NOP", 0, 0, 0),
        ins("STO", 0o104, 0, 0),
        ins("CLA", 0o202, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let data = [
        (0o177, ins("CLA", 0o203, 0, 0)),
        (0o200, ins("CLA", 0o204, 0, 0)),
        (0o202, 5),
        (0o203, 7),
        (0o204, 9),
    ];
    let (m, stop) = run_as_steps(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o106 });
    // XR1 = 2: CLA 0177 gives CLA 0203, stored at 0104, which loads 7; XR1 = 1: CLA 0200
    // gives CLA 0204, which loads 9.
    assert_eq!((m.ac, m.instructions()), (9, 1 + 2 * 5 + 1));
    for n in 1..=12 {
        run_as_steps(&program, &data, Limits::instructions(n));
        run_as_steps(&program, &data, Limits::cycles(n));
    }
}

#[test]
fn an_xec_runs_a_pairs_first_word_alone() {
    // 0200, 0201 hold CLA 0300, ADD 0301 (a pair where the loop runs them); an XEC of 0200
    // runs the CLA alone, twice round, and the loop also runs them as a pair.
    let program = [
        ins("AXT", 2, 1, 0),
        ins("XEC", 0o200, 0, 0),
        ins("STO", 0o302, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("TSX", 0o200, 4, 0),
    ];
    let data = [
        (0o200, ins("CLA", 0o300, 0, 0)),
        (0o201, ins("ADD", 0o301, 0, 0)),
        (0o202, ins("HPR", 0, 0, 0)),
        (0o300, 5),
        (0o301, 6),
    ];
    let (m, stop) = run_as_steps(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o202 });
    assert_eq!((m.ac, m.mem()[0o302]), (11, 5));
    for n in 1..=14 {
        run_as_steps(&program, &data, Limits::instructions(n));
        run_as_steps(&program, &data, Limits::cycles(n));
    }
}

/// A random program of the pairs' orders for `fused_pairs_agree_with_single_steps`: pairs
/// of words in sequence, now and then another order, addresses within the program and its
/// data (so stores rewrite code), tags 0, 1, 2 and 4, small decrements.
fn paired_program(seed: u64) -> Vec<u64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % n
    };
    let mnemonic = |op: crate::ibm7090::isa::Op| {
        crate::ibm7090::isa::TABLE
            .iter()
            .find(|i| i.op == op)
            .map(|i| i.mnemonic)
            .unwrap()
    };
    let mut words = Vec::new();
    while words.len() < 0o60 {
        let p = PAIRS[next(PAIRS.len() as u64) as usize];
        let orders = if next(6) == 0 {
            vec!["NOP", "CHS", "LDQ", "STQ", "TXI"][next(5) as usize..][..1].to_vec()
        } else {
            vec![mnemonic(p.1), mnemonic(p.2)]
        };
        for m in orders {
            let address = (0o100 + next(0o100)) as u32;
            let tag = [0, 0, 1, 2, 4][next(5) as usize];
            let decrement = next(4) as u32;
            words.push(
                by_mnemonic(m)
                    .unwrap()
                    .encode(address, tag, decrement, false),
            );
        }
    }
    words
}

#[test]
fn fused_pairs_agree_with_single_steps() {
    // Each program from one state: run whole (to a stop or 3,000 instructions) and cut by
    // budgets of 1-60 instructions and cycles; one step at a time to the same count leaves
    // the same machine, a cut or tight-loop stop included.
    for seed in 0..120 {
        let program = paired_program(seed);
        let fresh = || {
            let mut m = Machine::new();
            m.load(0o100, &program);
            for (at, w) in (0o160..0o200).enumerate() {
                m.mem_mut()[w] = at as u64 * 0o1001 + seed;
            }
            m.xr[1] = 3;
            m.xr[2] = 0o10;
            m.xr[4] = 1;
            m.ic = 0o100;
            m
        };
        // (instructions, cycles): one of the two budgets.
        let limits = (1..=60)
            .map(|n| (Some(n), None))
            .chain((1..=60).map(|c| (None, Some(c * 2))))
            .chain([(Some(3_000), None)]);
        for (instructions, cycles) in limits {
            let mut a = fresh();
            let stop = a.run(Limits {
                max_instructions: instructions,
                max_cycles: cycles,
            });
            let mut b = fresh();
            let stepped = stepped_to(&mut b, &a, stop);
            let at =
                format!("seed {seed}, {instructions:?} instructions, {cycles:?} cycles, {stop}");
            match (stop, stepped) {
                (Stop::InstructionBudget, None) => assert_eq!(Some(a.instructions()), instructions),
                // Stopped before the first instruction to start at or past the budget.
                (Stop::CycleBudget, None) => assert!(b.cycles() >= cycles.unwrap_or(0), "{at}"),
                (Stop::TightLoop { address }, None) => assert_eq!(b.ic, address as u32, "{at}"),
                (stop, stepped) => assert_eq!(Some(stop), stepped, "{at}"),
            }
            assert_eq!(to_text(&a), to_text(&b), "{at}");
        }
    }
}

/// `b`, a copy of `a` before `a`'s run that ended with `stop`, run one step at a time to
/// `a`'s count; a stop that does not count its instruction (an illegal order) one step more.
/// The stop the steps met, if any.
pub(super) fn stepped_to(b: &mut Machine, a: &Machine, stop: Stop) -> Option<Stop> {
    let mut stepped = None;
    while b.instructions() < a.instructions() {
        if let Some(s) = b.step() {
            stepped = Some(s);
            break;
        }
    }
    let budget = matches!(
        stop,
        Stop::InstructionBudget | Stop::CycleBudget | Stop::TightLoop { .. }
    );
    if stepped.is_none() && !budget {
        stepped = b.step();
    }
    stepped
}
