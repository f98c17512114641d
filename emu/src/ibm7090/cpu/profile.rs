//! The profile's hook on the stepped path (`Machine::set_profile`; what goes where:
//! `ibm7090/profile.rs`). The hot loop never sees it: a run with the profile on goes one step
//! at a time, as a traced run does. Before a step the word's XEC chain is read (an XEC changes
//! nothing before its target executes, so the chain read first is the chain executed); after
//! it, the step's cycles are split between the I/O wait, the chain's XECs and the row at its
//! end.

use super::super::arith::SIGN;
use super::super::isa::{self, InstrInfo, Op, Selected};
use super::exec::effective;
use super::regs::Regs;
use super::{Machine, XEC_LIMIT};

/// What one step is about to execute, and the counts it starts from.
pub(super) struct Chain {
    /// XEC's row, when the word is an XEC.
    xec: Option<&'static InstrInfo>,
    /// XECs in the chain and their own cycles (one each, and one more if indirect).
    xecs: u64,
    xec_cycles: u64,
    /// The row at the end of the chain (None: no row, or a chain XEC_LIMIT stops).
    target: Option<&'static InstrInfo>,
    cycles: u64,
    io_wait: u64,
    instructions: u64,
}

impl Machine {
    /// The chain of `word`, about to execute with registers `r`.
    pub(super) fn chain(&self, r: &Regs, word: u64) -> Chain {
        let mut c = Chain {
            xec: None,
            xecs: 0,
            xec_cycles: 0,
            target: None,
            cycles: r.cycles,
            io_wait: self.io_wait,
            instructions: r.instructions,
        };
        let mut w = word;
        loop {
            let opcode = ((w >> 24) & 0o7777) as u16;
            let d = self.dec.ops[opcode as usize].specialise(w);
            match (d.op, isa::select_on(self.model, opcode)) {
                (Op::Xec, Selected::Row(row)) => {
                    if c.xecs > XEC_LIMIT as u64 {
                        // XEC_LIMIT stops the chain before anything further runs.
                        return c;
                    }
                    let (y, extra) = effective(&self.mem, r, w, d);
                    c.xec = Some(row);
                    c.xecs += 1;
                    c.xec_cycles += d.cycles as u64 + extra;
                    w = self.mem[y as usize];
                }
                (_, Selected::Row(row)) => {
                    c.target = Some(row);
                    return c;
                }
                (_, Selected::Group0760) => {
                    let (y, _) = effective(&self.mem, r, w, d);
                    c.target = isa::group_function_on(self.model, w & SIGN != 0, y);
                    return c;
                }
                (_, Selected::Nothing) => return c,
            }
        }
    }

    /// Charge the step that began at `c` and left the registers `r`.
    pub(super) fn charge_step(&mut self, c: Chain, r: &Regs) {
        let io = self.io_wait - c.io_wait;
        let Some(p) = self.profile.as_deref_mut() else {
            return;
        };
        let cpu = (r.cycles - c.cycles) - io;
        let n = r.instructions - c.instructions;
        p.charge_io(io);
        // The XECs first (each did its cycle before its target ran); what a stop undid is
        // not in the counts, and comes off the end of the chain.
        let (xec_n, xec_cycles) = (c.xecs.min(n), c.xec_cycles.min(cpu));
        if let Some(xec) = c.xec {
            p.charge(xec, xec_n, xec_cycles);
        }
        let (rest_n, rest) = (n - xec_n, cpu - xec_cycles);
        match (c.target, c.xec) {
            (Some(row), _) => p.charge(row, rest_n, rest),
            // No row at the end (an illegal order, a chain too long): nothing ran there.
            (None, Some(xec)) => p.charge(xec, rest_n, rest),
            (None, None) => debug_assert_eq!((rest_n, rest), (0, 0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Machine, Stop};
    use crate::ibm7090::card::Card;
    use crate::ibm7090::isa::by_mnemonic;
    use crate::ibm7090::profile::{Profile, RowCycles};
    use crate::TimingStatus;

    fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
        by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
    }

    fn ind(m: &str, addr: u32) -> u64 {
        by_mnemonic(m).unwrap().encode(addr, 0, 0, true)
    }

    fn row(p: &Profile, m: &str) -> RowCycles {
        p.rows()
            .find(|(i, _)| i.mnemonic == m)
            .map_or(RowCycles::default(), |(_, r)| r)
    }

    /// Every cycle is charged once: the rows' statuses and the I/O wait add up to the run.
    fn adds_up(m: &Machine) -> &Profile {
        let p = m.profile().expect("profile on");
        assert_eq!(p.total(), m.cycles() - p.since());
        assert_eq!(p.io_wait(), m.io_wait_cycles());
        let by_status: u64 = TimingStatus::ALL.iter().map(|&s| p.status_cycles(s)).sum();
        assert_eq!(by_status + p.io_wait(), p.total());
        assert_eq!(p.instructions(), m.instructions());
        p
    }

    /// CLA, an indirect ADD, XEC of a CLA, an indirect XEC of an XEC of CHS (a ±0760
    /// function), a shift of 20, MPY, and FAD that spills into the floating trap, whose 0010
    /// holds the HPR.
    fn mix() -> Machine {
        let big = 0o377 << 27 | 1 << 26;
        let mut m = Machine::new();
        m.load(
            0o100,
            &[
                ins("CLA", 0o200, 0, 0),
                ind("ADD", 0o201),
                ins("XEC", 0o203, 0, 0),
                ind("XEC", 0o207),
                ins("ALS", 20, 0, 0),
                ins("LDQ", 0o206, 0, 0),
                ins("MPY", 0o206, 0, 0),
                ins("CLA", 0o210, 0, 0),
                ins("FAD", 0o210, 0, 0),
            ],
        );
        m.load(
            0o200,
            &[
                5,
                0o202,
                7,
                ins("CLA", 0o200, 0, 0),
                ins("XEC", 0o205, 0, 0),
                ins("CHS", 0, 0, 0),
                3,
                0o204,
                big,
            ],
        );
        m.mem_mut()[0o10] = ins("HPR", 0, 0, 0);
        m.ic = 0o100;
        m
    }

    #[test]
    fn every_cycle_goes_to_its_row() {
        let mut plain = mix();
        assert_eq!(
            plain.run(Limits::none()),
            Stop::HaltProceed { address: 0o10 }
        );
        for trace in [false, true] {
            let mut m = mix();
            m.set_trace(trace);
            m.set_profile(true);
            assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o10 });
            // The profile changes nothing of the run.
            assert_eq!(
                (m.cycles(), m.instructions(), m.ac),
                (plain.cycles(), plain.instructions(), plain.ac)
            );
            let p = adds_up(&m);
            let rc = |count, cycles| RowCycles { count, cycles };
            // CLA three times (once executed by XEC), 2 each; ADD* 2 and its indirect 1.
            assert_eq!(row(p, "CLA"), rc(3, 6));
            assert_eq!(row(p, "ADD"), rc(1, 3));
            // XEC: its own cycle each, the indirect one 2: three XECs, 4 cycles.
            assert_eq!(row(p, "XEC"), rc(3, 4));
            assert_eq!(row(p, "CHS"), rc(1, 2));
            assert_eq!(row(p, "ALS"), rc(1, 3));
            // FAD: 7, and the floating trap's store into 0000.
            assert_eq!(row(p, "FAD"), rc(1, 8));
            assert_eq!(row(p, "HPR"), rc(1, 1));
            let mpy = 2 + (35 + 3 * 2u64).div_ceil(12);
            assert_eq!(row(p, "MPY"), rc(1, mpy));
            assert_eq!(p.io_wait(), 0);
            // The largest row first.
            assert_eq!(p.top_rows()[0].0.mnemonic, "FAD");
            // XEC's row is an estimate ([I]); CLA's is sourced (CE-56).
            assert!(p.status_cycles(TimingStatus::Estimate) >= 4);
            assert!(p.status_cycles(TimingStatus::Sourced) >= 6);
        }
        // Stepping charges the same.
        let mut m = mix();
        m.set_profile(true);
        while m.step().is_none() {}
        let mut run = mix();
        run.set_profile(true);
        run.run(Limits::none());
        assert_eq!(adds_up(&m), run.profile().unwrap());
        // Off, nothing is kept.
        m.set_profile(false);
        assert!(m.profile().is_none());
    }

    #[test]
    fn a_chain_too_long_and_an_illegal_order_charge_what_ran() {
        // XEC of itself: 17 XECs run, 1 cycle each, then the machine stops.
        let mut m = Machine::new();
        m.load(0o100, &[ins("XEC", 0o100, 0, 0)]);
        m.ic = 0o100;
        m.set_profile(true);
        assert_eq!(m.run(Limits::none()), Stop::XecLoop { address: 0o100 });
        let p = adds_up(&m);
        assert_eq!(
            row(p, "XEC"),
            RowCycles {
                count: 17,
                cycles: 17
            }
        );
        // XEC of a word with no row: the XEC ran, the order did not.
        let mut m = Machine::new();
        m.load(0o100, &[ins("XEC", 0o200, 0, 0)]);
        m.mem_mut()[0o200] = 0o0001 << 24;
        m.ic = 0o100;
        m.set_profile(true);
        assert!(matches!(m.run(Limits::none()), Stop::IllegalOrder { .. }));
        assert_eq!(
            row(adds_up(&m), "XEC"),
            RowCycles {
                count: 1,
                cycles: 1
            }
        );
    }

    /// Read a card (RDS, RCHA: IOCD 24 words) and wait for it (`TCOA *`), then HPR.
    fn read_a_card() -> Machine {
        let mut m = Machine::new();
        m.io.reader
            .hopper
            .push_back(Card::from_text("CARD", 0).unwrap());
        m.load(
            0o100,
            &[
                ins("RDS", 0o1321, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("TCOA", 0o102, 0, 0),
                ins("HPR", 0, 0, 0),
            ],
        );
        m.mem_mut()[0o200] = 24 << 18 | 0o300;
        m.ic = 0o100;
        m
    }

    #[test]
    fn a_tcoa_spin_is_io_wait_and_its_fall_through_computing() {
        let mut plain = read_a_card();
        plain.run(Limits::none());
        let mut m = read_a_card();
        m.set_profile(true);
        assert_eq!(m.run(Limits::none()), Stop::HaltProceed { address: 0o103 });
        assert_eq!(m.cycles(), plain.cycles());
        let p = adds_up(&m);
        // The spin (run on at once as one instruction) is all I/O wait, from the TCOA at 4 to
        // the 24th word at 80,057; the TCOA that falls through is the CPU's 2 cycles.
        assert_eq!(p.io_wait(), plain.io_wait_cycles());
        assert!(p.io_wait() > 80_000);
        assert_eq!(
            row(p, "TCOA"),
            RowCycles {
                count: 2,
                cycles: 2
            }
        );
        assert_eq!(p.total() - p.io_wait(), 2 + 2 + 2 + 1);
        // Stepped, the spin is the same.
        let mut s = read_a_card();
        s.set_profile(true);
        while s.step().is_none() {}
        assert_eq!(adds_up(&s), p);
    }

    #[test]
    fn load_cards_waits_on_the_io() {
        let mut m = Machine::new();
        let mut words = [0u64; 24];
        // 0: IOCD 0,,0 (nothing more); 1: HPR.
        words[1] = ins("HPR", 0, 0, 0);
        m.io.reader.hopper.push_back(Card::from_image(&words));
        m.set_profile(true);
        m.load_cards().unwrap();
        assert!(m.cycles() > 0);
        m.run(Limits::none());
        let p = adds_up(&m);
        assert!(p.io_wait() > 0 && p.io_wait() == m.io_wait_cycles());
    }
}
