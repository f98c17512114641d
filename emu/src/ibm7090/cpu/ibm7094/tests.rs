//! The 7094's orders and registers, and what the 709 and the 7090 do with them.
#![allow(clippy::inconsistent_digit_grouping, clippy::unusual_byte_groupings)]

use super::super::{Limits, Machine, Stop};
use crate::ibm7090::arith::{AC_S, SIGN};
use crate::ibm7090::isa::by_mnemonic;
use crate::ibm7090::model::Model;
use crate::Bound;

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

/// `program` at 0o100 on a `model`, data at 0o200, run to its HPR (appended), single steps
/// (`step`) or the hot loop (`run`) alike.
fn run_on(model: Model, program: &[u64], data: &[u64], setup: impl Fn(&mut Machine)) -> Machine {
    let mut machines = [false, true].map(|stepping| {
        let mut m = Machine::with_model(model);
        m.load(0o100, program);
        m.mem_mut()[0o100 + program.len()] = ins("HPR", 0, 0, 0);
        m.load(0o200, data);
        m.ic = 0o100;
        setup(&mut m);
        let stop = if stepping {
            (0..10_000).find_map(|_| m.step()).unwrap()
        } else {
            m.run(Limits::instructions(10_000))
        };
        assert!(matches!(stop, Stop::HaltProceed { .. }), "{stop}");
        m
    });
    let [a, b] = &mut machines;
    assert_eq!(
        (a.ac, a.mq, a.xr, a.multi_tag, a.sense_indicators),
        (b.ac, b.mq, b.xr, b.multi_tag, b.sense_indicators)
    );
    assert_eq!(
        (a.cycles(), a.instructions()),
        (b.cycles(), b.instructions())
    );
    assert!(a.mem()[..] == b.mem()[..]);
    let [a, _] = machines;
    a
}

#[test]
fn seven_index_registers_from_reset() {
    // A 7094 starts out of multiple-tag mode (SIMH's reset): tag 3 names XR3 alone.
    let m = Machine::with_model(Model::Ibm7094);
    assert!(!m.multi_tag);
    let program = [
        ins("AXT", 0o10, 1, 0),
        ins("AXT", 0o20, 2, 0),
        ins("AXT", 5, 3, 0),
        ins("AXT", 6, 7, 0),
        ins("CLA", 0o210, 3, 0), // Y = 0o210 - XR3 = 0o203
        ins("TXI", 0o106, 7, 1), // XR7 + 1
        ins("PXA", 0, 3, 0),
        ins("STO", 0o220, 0, 0),
        ins("EMTM", 0, 0, 0),
        ins("CLA", 0o240, 3, 0), // Y = 0o240 - (XR1 | XR2) = 0o210
        ins("PXA", 0, 3, 0),     // the OR, written back to XR1 and XR2
        ins("LMTM", 0, 0, 0),
    ];
    let mut data = [0u64; 0o11];
    data[3] = 42;
    data[0o10] = 99;
    let m = run_on(Model::Ibm7094, &program, &data, |_| {});
    assert_eq!(m.mem()[0o220], 5);
    assert_eq!(m.ac, 0o30);
    assert_eq!(&m.xr[1..], &[0o30, 0o30, 5, 0, 0, 0, 7]);
    assert!(!m.multi_tag);
    // The 7090 has no EMTM or LMTM: they are PSE and MSE of an unassigned address, no
    // operation, and its tag 3 is the OR of A and B.
    let m = run_on(Model::Ibm7090, &program, &data, |_| {});
    assert!(m.multi_tag);
    assert_eq!(m.xr[3], 0);
}

#[test]
fn the_7094s_orders_are_illegal_on_the_7090_and_the_709() {
    for model in [Model::Ibm709, Model::Ibm7090] {
        let mut m = Machine::with_model(model);
        let dld = ins("DLD", 0o200, 0, 0);
        m.mem_mut()[0o100] = dld;
        m.ic = 0o100;
        let stop = m.run(Limits::none());
        assert_eq!(
            stop,
            Stop::IllegalOrder {
                word: dld,
                address: 0o100,
                model
            }
        );
        assert!(stop
            .to_string()
            .contains(&format!("the {model} has no such")));
        assert_eq!(m.ic, 0o101);
    }
}

#[test]
fn dld_dst_and_the_complements() {
    let program = [
        ins("DLD", 0o202, 0, 0),
        ins("DST", 0o204, 0, 0),
        ins("AXT", 3, 6, 0),
        ins("SCA", 0o206, 6, 0),
        ins("SCD", 0o207, 6, 0),
        ins("PCD", 0, 6, 0),
        ins("STO", 0o210, 0, 0),
        ins("PCA", 0, 6, 0),
    ];
    let data = [
        0,
        0,
        SIGN | 5,
        0o123,
        0,
        0,
        0o777777_777777,
        0o777777_777777,
        0,
    ];
    let m = run_on(Model::Ibm7094, &program, &data, |_| {});
    assert_eq!((m.mem()[0o204], m.mem()[0o205]), (SIGN | 5, 0o123));
    assert_eq!(m.mem()[0o206], 0o777777_777775);
    assert_eq!(m.mem()[0o207], 0o777775_777777);
    assert_eq!(m.mem()[0o210], 0o077775_000000);
    assert_eq!(m.ac, 0o77775);
    // DLD 2, DST 3, AXT 1, SCA 2, SCD 2, PCD 1, STO 2, PCA 1 and the HPR's 1.
    assert_eq!(m.cycles(), 2 + 3 + 1 + 2 + 2 + 1 + 2 + 1 + 1);
}

#[test]
fn odd_addresses_trap_in_floating_trap_mode() {
    let one = 0o201_400000000u64;
    // DFAD 201 at 0o100 in floating trap mode: no add, 0000 gets 040 and the location after.
    let m = run_on(
        Model::Ibm7094,
        &[ins("DFAD", 0o201, 0, 0)],
        &[0, one],
        |m| {
            m.mem_mut()[0o10] = ins("HPR", 0, 0, 0);
            m.ac = 0o7;
        },
    );
    assert_eq!((m.ac, m.mem()[0], m.ic), (0o7, 0o40_000101, 0o11));
    // Out of the mode, C(Y) is both words: 0 + (1.0 + 2^-28).
    let m = run_on(
        Model::Ibm7094,
        &[ins("DFAD", 0o201, 0, 0)],
        &[0, one],
        |m| {
            m.floating_trap = false;
        },
    );
    assert_eq!(m.ac, 0o201_400000000);
    assert_eq!(m.mq, 0o146_400000000);
    // DLD loads first, then traps.
    let m = run_on(Model::Ibm7094, &[ins("DLD", 0o201, 0, 0)], &[0, one], |m| {
        m.mem_mut()[0o10] = ins("HPR", 0, 0, 0);
    });
    assert_eq!((m.ac, m.mq, m.mem()[0]), (one, one, 0o40_000101));
}

#[test]
fn dfdh_halts_on_divide_check() {
    let mut m = Machine::with_model(Model::Ibm7094);
    m.load(0o100, &[ins("DFDH", 0o200, 0, 0)]);
    m.ac = 0o201_400000000;
    m.ic = 0o100;
    assert_eq!(
        m.run(Limits::none()),
        Stop::DivideCheckHalt { address: 0o100 }
    );
    assert!(m.divide_check);
    assert_eq!(
        (m.ic, m.ac, m.sense_indicators),
        (0o101, 0o201_400000000, 0)
    );
}

#[test]
fn each_model_takes_its_own_time() {
    // MPY: the 7090 by the multiplier's bits, the 709 20 cycles, the 7094 5; 2 for all with
    // a zero multiplicand.
    // The HPR after it: 1 cycle, on the 709 2.
    for (model, full, zero, hpr) in [
        (Model::Ibm7090, 2 + (35 + 3 * 3u64).div_ceil(12), 2, 1),
        (Model::Ibm709, 20, 2, 2),
        (Model::Ibm7094, 5, 2, 1),
    ] {
        let m = run_on(model, &[ins("MPY", 0o200, 0, 0)], &[3], |m| m.mq = 0o7);
        assert_eq!(m.cycles() - hpr, full, "{model}");
        let m = run_on(model, &[ins("MPY", 0o200, 0, 0)], &[0], |m| m.mq = 0o7);
        assert_eq!(m.cycles() - hpr, zero, "{model}");
    }
    // The 709: TRA 2 cycles, and the HPR; 12 us a cycle.
    let m = run_on(Model::Ibm709, &[ins("TRA", 0o101, 0, 0)], &[], |_| {});
    assert_eq!(m.cycles(), 2 + 2);
    assert_eq!(m.emulated_us(), 48.0);
    // Bounds: the 7094's low bound takes one off a store, the 709's high adds one.
    let mut m = Machine::with_model(Model::Ibm7094);
    m.set_cpu_bound(Bound::Low);
    m.load(0o100, &[ins("STO", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    m.ic = 0o100;
    m.run(Limits::none());
    assert_eq!(m.cycles(), 1 + 1);
    let mut m = Machine::with_model(Model::Ibm709);
    m.set_cpu_bound(Bound::High);
    m.load(0o100, &[ins("STO", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    m.ic = 0o100;
    m.run(Limits::none());
    assert_eq!(m.cycles(), 3 + 2);
    // A divide check on the 709 ends in the first ER cycle.
    let m = run_on(Model::Ibm709, &[ins("DVP", 0o200, 0, 0)], &[1], |m| {
        m.ac = 5
    });
    assert_eq!(m.cycles() - 2, 3);
    assert!(m.divide_check);
    let m = run_on(Model::Ibm709, &[ins("DVP", 0o200, 0, 0)], &[7], |m| {
        m.ac = 5
    });
    assert_eq!(m.cycles() - 2, 20);
}

#[test]
fn double_add_writes_si() {
    // 1.0 + 1.0 in double precision: AC 2.0, SI the larger operand's high part.
    let one = 0o201_400000000u64;
    let m = run_on(
        Model::Ibm7094,
        &[ins("DLD", 0o200, 0, 0), ins("DFAD", 0o200, 0, 0)],
        &[one, 0],
        |_| {},
    );
    // MQ: the characteristic less 27 (0o33).
    assert_eq!((m.ac, m.mq), (0o202_400000000, 0o147_000000000));
    assert_eq!(m.sense_indicators, one);
    assert_eq!(m.ac & AC_S, 0);
}
