//! The decoded words the hot loop runs from stay true to the store: a store into a word
//! already decoded, ahead of the instruction running; a run off the store's end; a channel's
//! words over code; a word written from outside between runs.

use super::run::run_as_steps;
use super::*;
use crate::ibm7090::tape::{word_chars, Block, Tape};

#[test]
fn a_store_ahead_of_the_running_code() {
    // Twice round: 0104 gets ADD 0310, then ADD 0311, each stored by 0102 just before it
    // runs; the second time 0104 was decoded before.
    let program = [
        ins("AXT", 2, 1, 0),
        ins("LDQ", 0o302, 1, 0),
        ins("STQ", 0o104, 0, 0),
        ins("NOP", 0, 0, 0),
        ins("HTR", 0, 0, 0),
        ins("TIX", 0o101, 1, 1),
        ins("HPR", 0, 0, 0),
    ];
    let data = [
        (0o300, ins("ADD", 0o310, 0, 0)),
        (0o301, ins("ADD", 0o311, 0, 0)),
        (0o310, 1),
        (0o311, 10),
    ];
    let (m, stop) = run_as_steps(&program, &data, Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o106 });
    assert_eq!((m.ac, m.instructions()), (11, 1 + 2 * 5 + 1));
    // The same under a budget that ends inside the loop.
    let (m, stop) = run_as_steps(&program, &data, Limits::instructions(7));
    assert_eq!(
        (stop, m.instructions(), m.ac),
        (Stop::InstructionBudget, 7, 1)
    );
}

#[test]
fn a_run_off_the_end_of_the_store() {
    // 77776 and 77777, then 00000 (the IC wraps): HPR there.
    let mut m = Machine::new();
    m.load(0o77776, &[ins("NOP", 0, 0, 0), ins("ADD", 0o200, 0, 0)]);
    m.load(0, &[ins("HPR", 0, 0, 0)]);
    m.mem_mut()[0o200] = 5;
    m.ic = 0o77776;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0 });
    assert_eq!((m.ac, m.ic, m.instructions()), (5, 1, 3));
}

#[test]
fn a_channel_reads_over_code() {
    // 0400 (ADD 0310) runs as a subroutine, then a binary record puts ADD 0311 there, and it
    // runs again: AC = 1 + 10.
    let record = word_chars(ins("ADD", 0o311, 0, 0), true).to_vec();
    let program = [
        ins("TSX", 0o400, 4, 0),
        ins("RDS", 0o1221, 0, 0),
        ins("RCHA", 0o200, 0, 0),
        ins("TCOA", 0o103, 0, 0),
        ins("TSX", 0o400, 4, 0),
        ins("HPR", 0, 0, 0),
    ];
    let machine = || {
        let mut m = Machine::new();
        m.io.mount(0o1201, Tape::of(vec![Block::Record(record.clone())]))
            .unwrap();
        m.load(0o100, &program);
        m.load(0o200, &[ins("IOCD", 0o400, 0, 1)]);
        m.load(0o310, &[1, 10]);
        m.load(0o400, &[ins("ADD", 0o310, 0, 0), ins("TRA", 1, 4, 0)]);
        m.ic = 0o100;
        m
    };
    let mut a = machine();
    assert_eq!(a.run(Limits::none()), Stop::HaltProceed { address: 0o105 });
    assert_eq!(a.ac, 11);
    let mut b = machine();
    while b.step().is_none() {}
    assert_eq!((a.ac, a.ic, a.cycles()), (b.ac, b.ic, b.cycles()));
    assert_eq!(a.instructions(), b.instructions());
}

#[test]
fn a_word_written_from_outside_between_runs() {
    let mut m = Machine::new();
    m.load(0o100, &[ins("ADD", 0o200, 0, 0), ins("HPR", 0, 0, 0)]);
    m.load(0o200, &[1, 10]);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o101 });
    m.mem_mut()[0o100] = ins("ADD", 0o201, 0, 0);
    m.ic = 0o100;
    assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o101 });
    assert_eq!(m.ac, 11);
}
