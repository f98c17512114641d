//! The emulator's decoder, generated from the one instruction table (`isa::TABLE`) through
//! its index (`isa::select_on`, `isa::group_function_on`): a dense array indexed by the word's
//! bits S,1-11 (so Type A prefixes and ±0760 fall out too) giving the row's operation, how the
//! effective address is formed and the fixed cycles, built once for each model (the rows it
//! has) and, off the 7090, each CPU bound (the cycles it charges).

use super::isa::{self, Addressing, InstrInfo, Op, Selected, Timing};
use super::model::Model;
use super::timing::models;
use crate::Bound;
use std::sync::OnceLock;

/// How an instruction's effective address Y is formed, resolved as far as the word allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Ea {
    /// Y = address (tag 0 and no indirect flag, or an instruction that is not indexed).
    Address,
    /// Y = address, and the tag names the index register(s) the instruction works on.
    Register,
    /// Y = address - XR(tag), tag not 0.
    Indexed,
    /// Indexed, then one level of indirect addressing (flag 11): one more cycle.
    Indirect,
    /// In the decode array only: indexed, indirect if the word's flag says so (`specialise`).
    IndexedMaybeIndirect,
}

/// One entry of the decode array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub op: Op,
    pub ea: Ea,
    /// Fixed cycles (XEC: its own 1); data-dependent ones are added by the executor.
    pub cycles: u8,
}

impl Decoded {
    /// The entry for this very word: its tag and flag settle how Y is formed, so that the
    /// executor does not test them again for every execution of a cached word.
    #[inline(always)]
    pub fn specialise(self, word: u64) -> Decoded {
        let tag = (word >> 15) & 7;
        let indirect = (word >> 22) & 3 == 3;
        let ea = match self.ea {
            Ea::IndexedMaybeIndirect if indirect => Ea::Indirect,
            Ea::IndexedMaybeIndirect | Ea::Indexed if tag == 0 => Ea::Address,
            Ea::IndexedMaybeIndirect | Ea::Indexed => Ea::Indexed,
            other => other,
        };
        Decoded { ea, ..self }
    }

    /// The entry for a row on `model` under `bound`: its operation, addressing and fixed
    /// cycles (`timing::models`; the 7090's are the row's own).
    /// The executor asks for the ±0760 group's entries at every execution (`Table::group`):
    /// the 7090's is the row's own, with no look at the models' rules.
    #[inline]
    pub fn on(info: &InstrInfo, model: Model, bound: Bound) -> Decoded {
        let d = Decoded::of(info);
        if model == Model::Ibm7090 {
            return d;
        }
        match models::of(info, model).rule.fixed(bound) {
            Some(cycles) => Decoded { cycles, ..d },
            None => d,
        }
    }

    /// The entry for a row on the 7090: its operation, addressing and fixed cycles.
    pub fn of(info: &InstrInfo) -> Decoded {
        let cycles = match info.timing {
            Timing::Fixed(n) => n,
            Timing::Execute => 1,
            Timing::Shift
            | Timing::Multiply
            | Timing::Divide
            | Timing::FloatAdd
            | Timing::FloatAddUnnormalized
            | Timing::FloatMultiply
            | Timing::FloatDivide
            | Timing::CountMultiply
            | Timing::CountDivide
            | Timing::Convert
            | Timing::DoubleAdd
            | Timing::DoubleAddUnnormalized
            | Timing::DoubleMultiply
            | Timing::DoubleDivide => 0,
        };
        let ea = match info.addressing {
            Addressing::Indexed => Ea::IndexedMaybeIndirect,
            Addressing::IndexedNoIndirect => Ea::Indexed,
            Addressing::TagRegister => Ea::Register,
            Addressing::Direct => Ea::Address,
        };
        match info.op {
            // The decode markers are no row's operation; a row naming one would loop or stop.
            Op::Unimplemented | Op::Group0760 | Op::Illegal => UNIMPLEMENTED,
            op => Decoded { op, ea, cycles },
        }
    }
}

pub const UNIMPLEMENTED: Decoded = Decoded {
    op: Op::Unimplemented,
    ea: Ea::Address,
    cycles: 0,
};

/// Bits S,1-11 that no row has: an order the 7090 does not have.
pub const ILLEGAL: Decoded = Decoded {
    op: Op::Illegal,
    ea: Ea::Address,
    cycles: 0,
};

/// A ±0760 word before its effective address selects the function (`group`).
const GROUP: Decoded = Decoded {
    op: Op::Group0760,
    ea: Ea::Indexed,
    cycles: 0,
};

/// The decode array of one model and bound: 4096 entries indexed by bits S,1-11, and what a
/// ±0760 word's effective address selects.
pub struct Table {
    pub ops: [Decoded; 4096],
    pub model: Model,
    pub bound: Bound,
}

impl Table {
    /// The ±0760 function that the effective address `y` selects (`negative`: the word's sign).
    #[inline]
    pub fn group(&self, negative: bool, y: u16) -> Decoded {
        isa::group_function_on(self.model, negative, y)
            .map_or(ILLEGAL, |i| Decoded::on(i, self.model, self.bound))
    }
}

/// The decode table of `model` under `bound` (the 7090's counts have no bounds); built once.
pub fn table(model: Model, bound: Bound) -> &'static Table {
    static TABLES: [OnceLock<Box<Table>>; 9] = [const { OnceLock::new() }; 9];
    let bound = match model {
        Model::Ibm7090 => Bound::Nominal,
        _ => bound,
    };
    TABLES[model as usize * 3 + bound as usize].get_or_init(|| {
        let mut t = Box::new(Table {
            ops: [UNIMPLEMENTED; 4096],
            model,
            bound,
        });
        for (opcode, slot) in t.ops.iter_mut().enumerate() {
            *slot = match isa::select_on(model, opcode as u16) {
                Selected::Row(info) => Decoded::on(info, model, bound),
                Selected::Group0760 => GROUP,
                Selected::Nothing => ILLEGAL,
            };
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::isa::{Format, Status, TABLE};

    #[test]
    fn every_cpu_row_decodes_to_its_operation() {
        let t = table(Model::Ibm7094, Bound::Nominal);
        for info in TABLE {
            assert!(
                !matches!(info.op, Op::Group0760 | Op::Illegal),
                "{}",
                info.mnemonic
            );
            let want = match info.status() {
                Status::Implemented => info.op,
                Status::Unimplemented => Op::Unimplemented,
            };
            let d = match info.format {
                Format::Group0760 => {
                    // The highest operand: PSE and MSE name every address, the functions
                    // before them the low ones.
                    t.group(info.opcode & 0o4000 != 0, info.function + info.operand_max)
                }
                Format::TypeA
                | Format::TypeB
                | Format::Shift
                | Format::Io
                | Format::Count
                | Format::Convert => {
                    if isa::is_extended(info) {
                        continue;
                    }
                    t.ops[info.opcode as usize]
                }
                Format::ChannelCommand | Format::PrefixData => continue,
            };
            assert_eq!(d.op, want, "{}", info.mnemonic);
        }
    }

    #[test]
    fn the_7094s_orders_are_illegal_before_it() {
        use crate::ibm7090::isa::by_mnemonic;
        for model in [Model::Ibm709, Model::Ibm7090] {
            let t = table(model, Bound::Nominal);
            for info in TABLE.iter().filter(|i| !i.on(model)) {
                let d = match info.format {
                    // EMTM and LMTM fall to MSE and PSE: no operation, as SIMH's 7090.
                    Format::Group0760 => {
                        let d = t.group(info.opcode & 0o4000 != 0, info.function);
                        assert_eq!(d.op, Op::Nop, "{}", info.mnemonic);
                        continue;
                    }
                    _ => t.ops[info.opcode as usize],
                };
                assert_eq!(d, ILLEGAL, "{} on the {model}", info.mnemonic);
            }
        }
        let t = table(Model::Ibm7094, Bound::Nominal);
        let dld = by_mnemonic("DLD").unwrap();
        assert_eq!(t.ops[dld.opcode as usize].op, Op::Dld);
        assert_eq!(t.group(true, 0o16).op, Op::Emtm);
        assert_eq!(t.group(false, 0o16).op, Op::Lmtm);
    }

    #[test]
    fn each_model_charges_its_own_fixed_cycles() {
        use crate::ibm7090::isa::by_mnemonic;
        let cycles = |model, bound, m: &str| {
            table(model, bound).ops[by_mnemonic(m).unwrap().opcode as usize].cycles
        };
        // The 7090's are the row's, whatever the bound.
        assert_eq!(cycles(Model::Ibm7090, Bound::Low, "TRA"), 1);
        assert_eq!(cycles(Model::Ibm7090, Bound::High, "ANS"), 4);
        // The 709: at least 2; NOP 2 and ANA 3 sourced; MPY's long count 20.
        assert_eq!(cycles(Model::Ibm709, Bound::Nominal, "TRA"), 2);
        assert_eq!(cycles(Model::Ibm709, Bound::Low, "TRA"), 1);
        assert_eq!(cycles(Model::Ibm709, Bound::High, "STO"), 3);
        assert_eq!(cycles(Model::Ibm709, Bound::High, "ANA"), 3);
        assert_eq!(cycles(Model::Ibm709, Bound::Nominal, "MPY"), 20);
        // The 7094: the 7090's, one less at the low bound; MPY 5.
        assert_eq!(cycles(Model::Ibm7094, Bound::Low, "STO"), 1);
        assert_eq!(cycles(Model::Ibm7094, Bound::Nominal, "STO"), 2);
        assert_eq!(cycles(Model::Ibm7094, Bound::Low, "ADD"), 2);
        assert_eq!(cycles(Model::Ibm7094, Bound::Nominal, "MPY"), 5);
        assert_eq!(cycles(Model::Ibm7094, Bound::High, "MPR"), 14);
        assert_eq!(cycles(Model::Ibm7094, Bound::Nominal, "DST"), 3);
    }
}
