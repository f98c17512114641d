//! The emulator's decoder, generated from the one instruction table (`isa::TABLE`): a dense
//! array indexed by the word's bits S,1-11 (so Type A prefixes and ±0760 fall out too) giving
//! the operation, how the effective address is formed and the fixed cycles.

use super::isa::{Addressing, Format, Status, Timing, TABLE};

/// What the emulator does; one variant per implemented instruction (the ±0760 group as one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    Unimplemented,
    Htr,
    Hpr,
    Tra,
    Tlq,
    Tsx,
    Tze,
    Tnz,
    Tpl,
    Tmi,
    Tov,
    Tno,
    Tqp,
    Nop,
    Xec,
    Mpy,
    Mpr,
    Dvh,
    Dvp,
    Ans,
    Ana,
    Era,
    Ora,
    Ors,
    Cas,
    Las,
    Acl,
    Add,
    Adm,
    Sub,
    Sbm,
    Cla,
    Cls,
    Cal,
    Ldq,
    Zet,
    Nzt,
    Xca,
    Xcl,
    Stz,
    Sto,
    Slw,
    Stq,
    Sta,
    Std,
    Stt,
    Stp,
    Stl,
    Lxa,
    Lac,
    Lxd,
    Ldc,
    Sxa,
    Sxd,
    Pax,
    Pac,
    Pdx,
    Pdc,
    Pxa,
    Pxd,
    Axt,
    Axc,
    Als,
    Ars,
    Lls,
    Lrs,
    Lgl,
    Lgr,
    Rql,
    Rds,
    Wrs,
    Rcha,
    Lcha,
    Tcoa,
    Tcna,
    Group0760,
    Txi,
    Tix,
    Txh,
    Tnx,
    Txl,
}

fn op_of(mnemonic: &str) -> Op {
    use Op::*;
    match mnemonic {
        "HTR" => Htr,
        "HPR" => Hpr,
        "TRA" => Tra,
        "TLQ" => Tlq,
        "TSX" => Tsx,
        "TZE" => Tze,
        "TNZ" => Tnz,
        "TPL" => Tpl,
        "TMI" => Tmi,
        "TOV" => Tov,
        "TNO" => Tno,
        "TQP" => Tqp,
        "NOP" => Nop,
        "XEC" => Xec,
        "MPY" => Mpy,
        "MPR" => Mpr,
        "DVH" => Dvh,
        "DVP" => Dvp,
        "ANS" => Ans,
        "ANA" => Ana,
        "ERA" => Era,
        "ORA" => Ora,
        "ORS" => Ors,
        "CAS" => Cas,
        "LAS" => Las,
        "ACL" => Acl,
        "ADD" => Add,
        "ADM" => Adm,
        "SUB" => Sub,
        "SBM" => Sbm,
        "CLA" => Cla,
        "CLS" => Cls,
        "CAL" => Cal,
        "LDQ" => Ldq,
        "ZET" => Zet,
        "NZT" => Nzt,
        "XCA" => Xca,
        "XCL" => Xcl,
        "STZ" => Stz,
        "STO" => Sto,
        "SLW" => Slw,
        "STQ" => Stq,
        "STA" => Sta,
        "STD" => Std,
        "STT" => Stt,
        "STP" => Stp,
        "STL" => Stl,
        "LXA" => Lxa,
        "LAC" => Lac,
        "LXD" => Lxd,
        "LDC" => Ldc,
        "SXA" => Sxa,
        "SXD" => Sxd,
        "PAX" => Pax,
        "PAC" => Pac,
        "PDX" => Pdx,
        "PDC" => Pdc,
        "PXA" => Pxa,
        "PXD" => Pxd,
        "AXT" => Axt,
        "AXC" => Axc,
        "ALS" => Als,
        "ARS" => Ars,
        "LLS" => Lls,
        "LRS" => Lrs,
        "LGL" => Lgl,
        "LGR" => Lgr,
        "RQL" => Rql,
        "RDS" | "RCDA" => Rds,
        "WRS" | "WPRA" => Wrs,
        "RCHA" => Rcha,
        "LCHA" => Lcha,
        "TCOA" => Tcoa,
        "TCNA" => Tcna,
        "TXI" => Txi,
        "TIX" => Tix,
        "TXH" => Txh,
        "TNX" => Tnx,
        "TXL" => Txl,
        _ => Unimplemented,
    }
}

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
}

fn ea_of(addressing: Addressing) -> Ea {
    match addressing {
        Addressing::Indexed => Ea::IndexedMaybeIndirect,
        Addressing::IndexedNoIndirect => Ea::Indexed,
        Addressing::TagRegister => Ea::Register,
        Addressing::Direct => Ea::Address,
    }
}

pub const UNIMPLEMENTED: Decoded = Decoded {
    op: Op::Unimplemented,
    ea: Ea::Address,
    cycles: 0,
};

/// The decode array, 4096 entries indexed by bits S,1-11.
pub fn table() -> Box<[Decoded; 4096]> {
    let mut t = Box::new([UNIMPLEMENTED; 4096]);
    for info in TABLE {
        if info.status != Status::Implemented {
            continue;
        }
        let cycles = match info.timing {
            Timing::Fixed(n) => n,
            Timing::Execute => 1,
            _ => 0,
        };
        let entry = |op| Decoded {
            op,
            ea: ea_of(info.addressing()),
            cycles,
        };
        match info.format {
            Format::TypeA => {
                // Every opcode with this prefix.
                let base = info.opcode as usize;
                for slot in &mut t[base..base + 0o1000] {
                    *slot = entry(op_of(info.mnemonic));
                }
            }
            Format::Group0760 => {
                t[info.opcode as usize] = entry(Op::Group0760);
            }
            Format::TypeB | Format::Shift | Format::Io => {
                t[info.opcode as usize] = entry(op_of(info.mnemonic));
            }
            Format::ChannelCommand | Format::PrefixData => {}
        }
    }
    t
}

/// The ±0760 group's functions: cycles by `(sign << 7) | address` for addresses below 0o200,
/// 0 where the table has no implemented function.
pub fn group_0760_table() -> Box<[u8; 256]> {
    let mut t = Box::new([0u8; 256]);
    for info in TABLE {
        if info.format != Format::Group0760 || info.status != Status::Implemented {
            continue;
        }
        let sign = ((info.opcode >> 11) & 1) as usize;
        for n in info.operand_min..=info.operand_max {
            let a = (info.function + n) as usize;
            if a < 0o200 {
                t[sign << 7 | a] = info.timing.nominal();
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_implemented_cpu_row_has_an_op() {
        for info in TABLE {
            let cpu = matches!(
                info.format,
                Format::TypeA | Format::TypeB | Format::Shift | Format::Io
            );
            if cpu && info.status == Status::Implemented {
                assert_ne!(op_of(info.mnemonic), Op::Unimplemented, "{}", info.mnemonic);
            }
            if info.status == Status::Unimplemented {
                assert_eq!(op_of(info.mnemonic), Op::Unimplemented, "{}", info.mnemonic);
            }
        }
    }
}
