//! Per-instruction tests: exact results and cycles. Expected values come from the semantics
//! in shared/notes/ibm7090-machine.md §2 and the cycle rules of ibm7090-timing.md.
// Octal words grouped by the machine's fields and characters.
#![allow(clippy::inconsistent_digit_grouping, clippy::unusual_byte_groupings)]

use super::*;
use crate::ibm7090::arith::{self, AC_P, AC_S, MAG, SIGN};
use crate::ibm7090::isa::{by_mnemonic, Format, Status};
use crate::ibm7090::timing;

/// Index registers A, B, C (XR1, XR2, XR4).
fn abc(m: &Machine) -> [u32; 3] {
    [m.xr[1], m.xr[2], m.xr[4]]
}

const NEG: u64 = SIGN;

fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
}

fn ind(m: &str, addr: u32, tag: u8) -> u64 {
    by_mnemonic(m).unwrap().encode(addr, tag, 0, true)
}

/// Run `program` from 0o100 to its HPR (appended), with data at 0o200...
fn run(program: &[u64], data: &[u64], setup: impl FnOnce(&mut Machine)) -> Machine {
    let mut m = Machine::new();
    m.load(0o100, program);
    m.mem_mut()[0o100 + program.len()] = ins("HPR", 0, 0, 0);
    m.load(0o200, data);
    m.ic = 0o100;
    setup(&mut m);
    let stop = m.run(Limits::instructions(10_000));
    assert!(matches!(stop, Stop::HaltProceed { .. }), "{stop}");
    m
}

/// Cycles of the program without the final HPR (1 cycle).
fn cycles(m: &Machine) -> u64 {
    m.cycles() - 1
}

mod code;
mod convert;
mod fixed;
mod floating;
mod indicators;
mod io;
mod pairs;
mod run;
mod translated;
mod trap_mode;
