//! The emulator's decoder, generated from the one instruction table (`isa::TABLE`) through
//! its index (`isa::select`, `isa::group_function`): a dense array indexed by the word's bits
//! S,1-11 (so Type A prefixes and ±0760 fall out too) giving the row's operation, how the
//! effective address is formed and the fixed cycles, built once for every machine.

use super::isa::{self, Addressing, InstrInfo, Op, Selected, Timing};
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

    /// The entry for a row: its operation, addressing and fixed cycles.
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
            | Timing::Convert => 0,
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

/// The decode array, 4096 entries indexed by bits S,1-11; built once.
pub fn table() -> &'static [Decoded; 4096] {
    static TABLE: OnceLock<Box<[Decoded; 4096]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([UNIMPLEMENTED; 4096]);
        for (opcode, slot) in t.iter_mut().enumerate() {
            *slot = match isa::select(opcode as u16) {
                Selected::Row(info) => Decoded::of(info),
                Selected::Group0760 => GROUP,
                Selected::Nothing => ILLEGAL,
            };
        }
        t
    })
}

/// The ±0760 function that the effective address `y` selects (`negative`: the word's sign).
#[inline]
pub fn group(negative: bool, y: u16) -> Decoded {
    isa::group_function(negative, y).map_or(ILLEGAL, Decoded::of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::isa::{Format, Status, TABLE};

    #[test]
    fn every_cpu_row_decodes_to_its_operation() {
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
                    group(info.opcode & 0o4000 != 0, info.function + info.operand_max)
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
                    table()[info.opcode as usize]
                }
                Format::ChannelCommand | Format::PrefixData => continue,
            };
            assert_eq!(d.op, want, "{}", info.mnemonic);
        }
    }
}
