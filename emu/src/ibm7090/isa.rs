//! The IBM 7090 instruction set: the types of the ONE instruction table (`TABLE`, in
//! `isa/table.rs`: code, mnemonic, operand form, operation, cycles, what it does), and what is
//! derived from it: the decoder (`decode`, one index built once from the rows), encoding,
//! disassembly (`isa/disassemble.rs`) and the table in docs/ibm7090.md (`isa/markdown.rs`). The emulator's decode
//! array, the executor's dispatch (on `Op`), the channel's command decoding and the FAP
//! assembler all read the rows.
//!
//! Word layout (bits numbered S, 1..35 from the left as the manuals do; bit k of the manual is
//! `1 << (35 - k)` in a `u64`):
//! - Type B: `opcode(S,1-11) | flag(12-13) | (14-17) | tag(18-20) | address(21-35)`, written
//!   `±OOOO FF T AAAAA`; indirect when both flag bits are 1.
//! - Type A: `prefix(S,1,2) | decrement(3-17) | tag(18-20) | address(21-35)`, written
//!   `P DDDDD T AAAAA`; prefixes 1 TXI, 2 TIX, 3 TXH, 5 STR, 6 TNX, 7 TXL. No indirect.
//! - The ±0760 group: the (indexed) address selects the function (CLM, CHS, SWT n ...).
//!
//! Sources (tags as in shared/notes/ibm7090-machine.md and ibm7090-timing.md): opcode values
//! from asm7090's `asmoptab.c` [ASM] as recorded in the notes' section 2; cycle make-up from the
//! CE manual 223-6895-1 [CE-page] where the timing notes have it, otherwise inferred [I].

use super::arith::SIGN;
use super::model::{Model, Models};
use std::sync::OnceLock;

mod disassemble;
mod markdown;
mod table;
pub use disassemble::disassemble;
pub use markdown::markdown_table;
pub use table::{Alias, ALIASES, TABLE};

/// Address field (21-35) and 15-bit register mask.
pub const ADDRESS_MASK: u64 = 0o77777;

/// How a word of this instruction is laid out and what its variable field means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Prefix instructions TXI TIX TXH TNX TXL (and STR): prefix, decrement, tag, address.
    TypeA,
    /// Opcode + flag (indirect) + tag + address.
    TypeB,
    /// Type B whose address (low 8 bits after indexing) is a shift count; the flag is ignored.
    Shift,
    /// Type B whose bits 12-17 are a count (VLM, VDH, VDP): `opcode | count(12-17) | tag |
    /// address`. The flag is the count's top two bits, so a count of 060 or more is also
    /// indirect addressing (SIMH's "memory reference with count" format).
    Count,
    /// The convert orders (CVR, CRQ, CAQ): `opcode(S,1-9) | count(10-17) | 0 0 | X(20) |
    /// address(21-35)`. The count reaches into the 12-bit opcode, so a row's code names four
    /// (CVR +0114 to +0117); X (the tag's low bit) loads XR A at the end. Neither indexed nor
    /// indirect.
    Convert,
    /// ±0760 with the address selecting the function; the assembler adds its operand (SWT 3,
    /// SLN 2) to `function`.
    Group0760,
    /// Type B whose address is an I/O unit (RDS 1321, WRS 1361: the channel, 1 = A, in the
    /// high octal digit) or a channel operation.
    Io,
    /// A data-channel command word (IOCD, IORT, TCH ...): `op(S,1,2) | count(3-17) |
    /// indirect(18) | nontransmit(19) | address(21-35)`. Executed by the channel, not the CPU.
    ChannelCommand,
    /// Prefix data words PZE MZE PON ... : prefix, decrement, tag, address; never decoded as
    /// instructions (decode prefers the instruction with the same prefix).
    PrefixData,
}

/// Whether the emulator executes an instruction (from its row's `op`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Executed by `emu::ibm7090`.
    Implemented,
    /// Known to the assembler and disassembler; the emulator stops with `Unimplemented`.
    Unimplemented,
}

/// How an instruction's cycles (of 2.18 us) are counted, excluding the +1 of an indirect
/// (I/A) cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timing {
    /// A fixed number of cycles.
    Fixed(u8),
    /// I, then L cycles by the shift count: 2 for n <= 16, else 2 + ceil((n - 16) / 12) [CE-54].
    Shift,
    /// 2 if the multiplicand is zero, else 2 + ceil((35 + 3k) / 12), k = 1-bits of MQ(1-35)
    /// (bounds 2..14 [CE-63/64], per-bit cost [I]).
    Multiply,
    /// 3 on divide check, else 14 (bounds [CE-64], rule [I]).
    Divide,
    /// 1 (XEC's own I cycle) plus the cycles of the executed instruction [I].
    Execute,
    /// FAD, FSB, FAM, FSM: 9M08A's steps (`float::add`), 6..18.
    FloatAdd,
    /// UFA, UFS, UAM, USM: the same without normalizing, 5..12.
    FloatAddUnnormalized,
    /// FMP, UFM: 2 if the instruction ends after E, else by the MQ's 1-bits (`float::multiply`),
    /// 2..13.
    FloatMultiply,
    /// FDH, FDP: 3 on divide check or a zero dividend, else 14 (`float::divide`).
    FloatDivide,
    /// VLM: the multiply rule with the count C for 35 steps (`timing::count_multiply_cycles`).
    CountMultiply,
    /// VDH, VDP: the divide rule with the count C for 35 steps (`timing::count_divide_cycles`).
    CountDivide,
    /// CVR, CRQ, CAQ: (I,L) and one E per count: 2 + C [CE-134/136].
    Convert,
    /// The 7094's DFAD, DFSB, DFAM, DFSM: FAD's steps over the 54-bit fraction, and one more
    /// cycle for the second word (`float::double::add`), 7..19.
    DoubleAdd,
    /// DUFA, DUFS, DUAM, DUSM: the same without normalizing, 6..13.
    DoubleAddUnnormalized,
    /// DFMP, DUFM: 2 if the operation ends at once, else FMP's steps for each of the three
    /// partial products (`float::double::multiply`), 2..31.
    DoubleMultiply,
    /// DFDH, DFDP: 3 on divide check or a zero dividend, else two divides and a multiply
    /// (`float::double::divide`), 3..38.
    DoubleDivide,
}

impl Timing {
    /// The nominal (minimum) cycles, as a listing would show them.
    pub const fn nominal(self) -> u8 {
        match self {
            Timing::Fixed(n) => n,
            Timing::Shift
            | Timing::Multiply
            | Timing::FloatMultiply
            | Timing::CountMultiply
            | Timing::CountDivide
            | Timing::Convert => 2,
            Timing::Divide | Timing::FloatDivide => 3,
            Timing::Execute => 1,
            Timing::FloatAdd => 6,
            Timing::FloatAddUnnormalized => 5,
            Timing::DoubleAdd => 7,
            Timing::DoubleAddUnnormalized => 6,
            Timing::DoubleMultiply => 2,
            Timing::DoubleDivide => 3,
        }
    }

    /// The largest number of cycles.
    pub const fn max(self) -> u16 {
        match self {
            Timing::Fixed(n) => n as u16,
            Timing::Shift => 22,
            Timing::Multiply | Timing::Divide | Timing::FloatDivide => 14,
            // Count 63: 2 + ceil((63 + 3 * 35) / 12); 2 + ceil(63 / 3).
            Timing::CountMultiply => 16,
            Timing::CountDivide => 23,
            Timing::Convert => 2 + 255,
            Timing::Execute => 1,
            Timing::FloatAdd => 18,
            Timing::FloatAddUnnormalized => 12,
            Timing::FloatMultiply => 13,
            Timing::DoubleAdd => 19,
            Timing::DoubleAddUnnormalized => 12,
            Timing::DoubleMultiply => 31,
            Timing::DoubleDivide => 38,
        }
    }
}

/// How the address and tag of an instruction form its effective address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Addressing {
    /// Y = address - XR(tag); one level of indirect addressing when the flag is 11.
    Indexed,
    /// Y = address - XR(tag); the flag is ignored (shifts, the ±0760 group, RDS/WRS).
    IndexedNoIndirect,
    /// The tag names the index register(s) the instruction works on; Y = address
    /// (TSX, LXA ... AXC, and the Type A prefix instructions).
    TagRegister,
    /// Y = address, tag and flag ignored (HPR, NOP, XCA, XCL).
    Direct,
}

/// What the emulator does for an instruction: the executor (`cpu/exec.rs`) has one arm per
/// operation. `Unimplemented` rows are known to the assembler and disassembler and stop the
/// emulator; channel commands are executed by the channel (`channel.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Op {
    Unimplemented,
    /// In the emulator's decode array only: bits S,1-11 that no row and no alias has, an order
    /// the 7090 does not have (the machine stops, `Stop::IllegalOrder`). No row has it.
    Illegal,
    // Control and transfers
    Htr,
    Hpr,
    Tra,
    Ttr,
    Str,
    Etm,
    Ltm,
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
    // Multiply and divide
    Mpy,
    Mpr,
    Dvh,
    Dvp,
    Vlm,
    Vdh,
    Vdp,
    // Conversion
    Cvr,
    Crq,
    Caq,
    // Logical, compare, add
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
    // Loads and stores
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
    Slq,
    // Index registers
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
    // Shifts
    Als,
    Ars,
    Lls,
    Lrs,
    Lgl,
    Lgr,
    Rql,
    // Channels and their units (`channel.rs`): selects, tape motion, channel orders and tests
    Rds,
    Wrs,
    Bsr,
    Bsf,
    Wef,
    Rew,
    Run,
    Sdn,
    Rch,
    Lch,
    Sch,
    Tco,
    Tcn,
    Trc,
    Tef,
    Btt,
    Ett,
    Iot,
    /// Sense printer, punch (SPRA, SPTA, SPUA): no operation, as in SIMH (the control panel
    /// decided what they sensed).
    Sense,
    /// ENB: the channel trap enables from C(Y); RCT: traps allowed again after one was taken
    /// (`cpu/channel_trap.rs`).
    Enb,
    Rct,
    // The ±0760 group
    Clm,
    Lbt,
    Chs,
    Ssp,
    Enk,
    Com,
    Rnd,
    Dct,
    Slf,
    Sln,
    Swt,
    Pbt,
    Ssm,
    Slt,
    // The sense indicators (SI): AC forms, storage forms, immediate (mask) forms
    Pai,
    Pia,
    Oai,
    Iia,
    Ria,
    Tio,
    Tif,
    Ldi,
    Sti,
    Osi,
    Iis,
    Ris,
    Ont,
    Oft,
    Sir,
    Sil,
    Rir,
    Ril,
    Iir,
    Iil,
    Rft,
    Lft,
    Rnt,
    Lnt,
    // Type A
    Txi,
    Tix,
    Txh,
    Tnx,
    Txl,
    // Floating point (`float`), after the others so that their numbering (the hot loop's
    // dispatch) stays as it was
    Fad,
    Fsb,
    Fam,
    Fsm,
    Ufa,
    Ufs,
    Uam,
    Usm,
    Fmp,
    Ufm,
    Fdh,
    Fdp,
    Frn,
    Tqo,
    Eftm,
    Lftm,
    // Data-channel commands (executed by the channel)
    Iocd,
    Tch,
    Iorp,
    Iort,
    Iocp,
    Ioct,
    Iosp,
    Iost,
    /// A prefix data word (PZE ...): never decoded as an instruction.
    Data,
    /// In the emulator's decode array only: a ±0760 word, whose function its effective
    /// address selects (`decode::group`). No row has it.
    Group0760,
    // The 7094's orders, after the others so that the numbering of the 7090's stays
    Dfad,
    Dfsb,
    Dfam,
    Dfsm,
    Dufa,
    Dufs,
    Duam,
    Dusm,
    Dfmp,
    Dufm,
    Dfdh,
    Dfdp,
    Dld,
    Dst,
    Sca,
    Scd,
    Pca,
    Pcd,
    Emtm,
    Lmtm,
    // Two words the hot loop runs as one, the first's op fused with the next word's
    // (`cpu/icache.rs`, `PAIRS`): in the hot loop's cache of decoded words only; no row and
    // no decode has them.
    PacCla,
    ClaAdd,
    AddSto,
    ClaSto,
    StoCla,
    StoPac,
    SubTnz,
    ClaSub,
    ClaPac,
    SubTze,
    ClaTnz,
    ClaTze,
    ClaTmi,
    StzTix,
    LacCla,
    StoSub,
    ClaTra,
    AddPac,
    StoTra,
    AddTze,
    SubTmi,
    StoLac,
    SubTpl,
    AxtTra,
    StoTix,
    PxaPax,
    AnaSto,
}

/// An operand form: how a row's word is laid out and its address formed (the chart's form
/// column; `isa/table.rs` names them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    pub format: Format,
    pub addressing: Addressing,
    pub function: u16,
    pub operand_min: u16,
    pub operand_max: u16,
}

const fn form(format: Format, addressing: Addressing) -> Form {
    Form {
        format,
        addressing,
        function: 0,
        operand_min: 0,
        operand_max: 0,
    }
}

/// An address Y, indexed, indirect with `*` (CLA Y,T).
pub const Y: Form = form(Format::TypeB, Addressing::Indexed);
/// The tag names the index register(s) worked on; Y is not indexed (LXA Y,T).
pub const XR: Form = form(Format::TypeB, Addressing::TagRegister);
/// Address used as written, tag and flag ignored (HPR, XCA).
pub const DIRECT: Form = form(Format::TypeB, Addressing::Direct);
/// Tag and address (bits 18-35) are an 18-bit operand, neither indexed nor indirect (SIR
/// 32767,7 = all of 18-35): the "immediate" format of the sense-indicator orders.
pub const MASK: Form = form(Format::TypeB, Addressing::Direct);
/// A shift count, indexed, never indirect (ALS n).
pub const SHIFT: Form = form(Format::Shift, Addressing::IndexedNoIndirect);
/// A table address, the XR A bit (tag 1) and a count in bits 10-17 (CVR Y,1,C).
pub const CONVERT: Form = form(Format::Convert, Addressing::Direct);
/// An address Y and a count in bits 12-17 (VLM Y,T,C), indexed, indirect with `*` (or a
/// count of 060 or more).
pub const COUNT: Form = form(Format::Count, Addressing::Indexed);
/// A channel instruction with an address Y, indexed, indirect with `*` (RCHA Y).
pub const IO: Form = form(Format::Io, Addressing::Indexed);
/// An I/O unit, indexed, never indirect, no usual unit (REW u).
pub const UNIT: Form = unit(0);
/// A Type A (prefix) instruction: address, tag naming the register, decrement.
pub const PREFIX: Form = form(Format::TypeA, Addressing::TagRegister);
/// A data-channel command word: address, count, indirect bit.
pub const COMMAND: Form = form(Format::ChannelCommand, Addressing::TagRegister);
/// A prefix data word.
pub const DATA: Form = form(Format::PrefixData, Addressing::TagRegister);

/// An I/O unit, indexed, never indirect; `usual` is the unit a blank variable field selects
/// (RDS 1321).
pub const fn unit(usual: u16) -> Form {
    Form {
        function: usual,
        ..form(Format::Io, Addressing::IndexedNoIndirect)
    }
}

/// Units `base + n`, `min <= n <= max`, named by the operand (RTDA 2: unit 1202).
pub const fn units(base: u16, min: u16, max: u16) -> Form {
    Form {
        function: base,
        operand_min: min,
        operand_max: max,
        ..form(Format::Io, Addressing::IndexedNoIndirect)
    }
}

/// A ±0760 function: the address `function + n`, `min <= n <= max` (SWT n: 0o160, 1..6).
pub const fn group(function: u16, min: u16, max: u16) -> Form {
    Form {
        function,
        operand_min: min,
        operand_max: max,
        ..form(Format::Group0760, Addressing::IndexedNoIndirect)
    }
}

/// One row of the instruction table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InstrInfo {
    pub mnemonic: &'static str,
    /// 12 bits including the sign, octal as the manual writes it: CLA 0o0500, CAL 0o4500
    /// (−0500). Type A and channel commands: prefix << 9 (TXI 0o1000, TXL 0o7000).
    pub opcode: u16,
    pub format: Format,
    /// How the address and tag form the effective address [SUP decode flags; 7090 manual
    /// conventions: an instruction whose tag names an index register is not indexed].
    pub addressing: Addressing,
    /// Group0760: the address that selects the function (SWT: 0o160, to which the switch
    /// number is added). Io: the usual unit, 0 if none, or with an operand range the base the
    /// operand is added to (RTDA: 0o1200). Otherwise 0.
    pub function: u16,
    /// Group0760 and Io units: the smallest and largest operand the assembler may add to
    /// `function` (SWT 1..6, SLN 1..4, RTDA 1..10).
    pub operand_min: u16,
    pub operand_max: u16,
    /// Its cycles on the 7090, or on the 7094 for a row the 7090 lacks; the other models'
    /// are derived from it (`timing::models`).
    pub timing: Timing,
    /// Where the cycle count comes from: "[S] CE-nn" or "[I]".
    pub timing_source: &'static str,
    /// What the emulator does.
    pub op: Op,
    /// What it does, one line.
    pub summary: &'static str,
    /// The machines that have it: every model, or the 7094 alone. On a model without it the
    /// code is an illegal order (a ±0760 function falls to PSE or MSE, no operation); the
    /// assembler and the disassembler know every row.
    pub models: Models,
}

impl InstrInfo {
    /// How sure its cycle count is, read from `timing_source`: Sourced when the CE manual's
    /// heading (or 9M08A) gives it and nothing is inferred; Derived when a source is cited
    /// and the rule between its bounds, or a likeness to a sourced row, is ours ([I] with a
    /// citation); Estimate when it is [I] alone.
    pub fn timing_status(&self) -> crate::TimingStatus {
        let s = self.timing_source;
        let inferred = s.contains("[I]");
        let cites = s.contains("CE-") || s.contains("[S");
        match (inferred, cites) {
            (false, true) => crate::TimingStatus::Sourced,
            (true, true) => crate::TimingStatus::Derived,
            _ => crate::TimingStatus::Estimate,
        }
    }

    /// The nominal cycles (see `Timing::nominal`).
    pub const fn cycles(&self) -> u8 {
        self.timing.nominal()
    }

    /// Whether `model` has it.
    pub const fn on(&self, model: Model) -> bool {
        self.models.has(model)
    }

    /// Whether the emulator executes it.
    pub const fn status(&self) -> Status {
        match self.op {
            Op::Unimplemented => Status::Unimplemented,
            _ => Status::Implemented,
        }
    }

    /// Whether the flag field may request indirect addressing.
    pub const fn allows_indirect(&self) -> bool {
        matches!(self.addressing, Addressing::Indexed)
    }

    /// Assemble a word of this instruction. `address` is the variable field's address (for
    /// Group0760 the operand added to `function`), `decrement` is used by Type A, prefix data
    /// and channel commands (the count), `indirect` sets the flag bits (Type B) or bit 18
    /// (channel commands). Fields are masked to their widths.
    pub const fn encode(&self, address: u32, tag: u8, decrement: u32, indirect: bool) -> u64 {
        let a = address as u64 & ADDRESS_MASK;
        let t = (tag as u64 & 7) << 15;
        let d = (decrement as u64 & ADDRESS_MASK) << 18;
        let op = (self.opcode as u64 & 0o7777) << 24;
        match self.format {
            Format::TypeA | Format::PrefixData => op | d | t | a,
            Format::ChannelCommand => op | d | if indirect { 1 << 17 } else { 0 } | t | a,
            Format::Group0760 => op | t | ((self.function as u64 + a) & ADDRESS_MASK),
            Format::Io if self.operand_max > 0 => {
                op | t | ((self.function as u64 + a) & ADDRESS_MASK)
            }
            Format::TypeB | Format::Io | Format::Shift => {
                op | if indirect { 3 << 22 } else { 0 } | t | a
            }
            Format::Count => op | (d & (0o77 << 18)) | if indirect { 3 << 22 } else { 0 } | t | a,
            Format::Convert => op | (d & (0o377 << 18)) | t | a,
        }
    }
}

/// The fields of an instruction word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fields {
    /// Bits S,1,2 (Type A prefix).
    pub prefix: u8,
    /// Bits S,1-11 as 12 bits (Type B opcode including sign).
    pub opcode: u16,
    /// Bits 12-13 (3 = indirect).
    pub flag: u8,
    /// Bits 3-17.
    pub decrement: u16,
    /// Bits 18-20.
    pub tag: u8,
    /// Bits 21-35.
    pub address: u16,
}

/// Split a word into its fields.
pub const fn fields(word: u64) -> Fields {
    Fields {
        prefix: ((word >> 33) & 7) as u8,
        opcode: ((word >> 24) & 0o7777) as u16,
        flag: ((word >> 22) & 3) as u8,
        decrement: ((word >> 18) & ADDRESS_MASK) as u16,
        tag: ((word >> 15) & 7) as u8,
        address: (word & ADDRESS_MASK) as u16,
    }
}

/// An extended mnemonic (RCDA, WPRA): an Io row sharing its opcode with an earlier row.
pub fn is_extended(info: &InstrInfo) -> bool {
    info.format == Format::Io
        && TABLE
            .iter()
            .take_while(|i| !std::ptr::eq(*i, info))
            .any(|i| i.format == Format::Io && i.opcode == info.opcode)
}

/// The row for a mnemonic (upper case, as FAP writes it).
pub fn by_mnemonic(m: &str) -> Option<&'static InstrInfo> {
    TABLE.iter().find(|i| i.mnemonic == m)
}

// ---------------------------------------------------------------------------------------------
// The decoder: an index into TABLE built once from the rows.
// ---------------------------------------------------------------------------------------------

/// What bits S,1-11 of a word select.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selected {
    /// The instruction of this row (Type A by its prefix, Type B by its opcode).
    Row(&'static InstrInfo),
    /// ±0760: the address selects the function (`group_function`).
    Group0760,
    /// No row: the emulator stops with `Unimplemented`, the disassembler writes OCT.
    Nothing,
}

const NONE: u16 = u16::MAX;
const GROUP: u16 = u16::MAX - 1;

/// Row numbers by bits S,1-11, and of the ±0760 functions by sign and address.
struct Index {
    by_opcode: [u16; 4096],
    /// `(sign << 15) | address`.
    group: Vec<u16>,
}

/// The index of the rows `model` has (the 7094's has every row: its set contains the 7090's,
/// which is the 709's).
fn index(model: Model) -> &'static Index {
    static INDEX: [OnceLock<Index>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    INDEX[model as usize].get_or_init(|| build_index(model))
}

fn build_index(model: Model) -> Index {
    let mut ix = Index {
        by_opcode: [NONE; 4096],
        group: vec![NONE; 2 << 15],
    };
    // The first row wins: RDS before its extended mnemonic RCDA, an instruction before
    // the prefix data word or channel command with its bits.
    let put = |slot: &mut u16, row: usize| {
        if *slot == NONE {
            *slot = row as u16;
        }
    };
    // Aliases first: codes no row claims (a test checks), decoded as the row they copy.
    for alias in ALIASES {
        let row = TABLE
            .iter()
            .position(|i| i.mnemonic == alias.of)
            .expect("an alias names a row");
        let op = alias.code as usize & 0o7777;
        if TABLE[row].format == Format::Group0760 {
            ix.by_opcode[op] = GROUP;
            let sign = (op >> 11) << 15;
            for a in alias.first..=alias.last {
                put(&mut ix.group[sign | a as usize], row);
            }
        } else {
            put(&mut ix.by_opcode[op], row);
        }
    }
    for (row, info) in TABLE.iter().enumerate().filter(|(_, i)| i.on(model)) {
        let op = info.opcode as usize & 0o7777;
        match info.format {
            Format::TypeA => (op..op + 0o1000).for_each(|n| put(&mut ix.by_opcode[n], row)),
            Format::TypeB | Format::Shift | Format::Io | Format::Count => {
                put(&mut ix.by_opcode[op], row)
            }
            Format::Convert => (op..op + 4).for_each(|n| put(&mut ix.by_opcode[n], row)),
            Format::Group0760 => {
                ix.by_opcode[op] = GROUP;
                let sign = (op >> 11) << 15;
                for n in info.operand_min..=info.operand_max {
                    let a = (info.function + n) as usize & ADDRESS_MASK as usize;
                    put(&mut ix.group[sign | a], row);
                }
            }
            _ => {}
        }
    }
    ix
}

/// The instruction that bits S,1-11 (`opcode`, 12 bits) select, of every row.
pub fn select(opcode: u16) -> Selected {
    select_on(Model::Ibm7094, opcode)
}

/// The instruction that bits S,1-11 select on `model`.
pub fn select_on(model: Model, opcode: u16) -> Selected {
    match index(model).by_opcode[opcode as usize & 0o7777] {
        NONE => Selected::Nothing,
        GROUP => Selected::Group0760,
        row => Selected::Row(&TABLE[row as usize]),
    }
}

/// The ±0760 function that `address` selects (the effective address when executing), of every
/// row.
pub fn group_function(negative: bool, address: u16) -> Option<&'static InstrInfo> {
    group_function_on(Model::Ibm7094, negative, address)
}

/// The ±0760 function that `address` selects on `model`.
pub fn group_function_on(model: Model, negative: bool, address: u16) -> Option<&'static InstrInfo> {
    let key = (negative as usize) << 15 | (address as usize & ADDRESS_MASK as usize);
    match index(model).group[key] {
        NONE => None,
        row => Some(&TABLE[row as usize]),
    }
}

/// The CPU instruction a word decodes to (prefix data and channel commands are never
/// returned: a word in the instruction stream is an instruction; the ±0760 function by the
/// address as written). `None` if the table has no row for it (the emulator stops with
/// `Unimplemented`).
pub fn decode(word: u64) -> Option<&'static InstrInfo> {
    let f = fields(word);
    match select(f.opcode) {
        Selected::Row(info) => Some(info),
        Selected::Group0760 => group_function(word & SIGN != 0, f.address),
        Selected::Nothing => None,
    }
}

/// The data-channel command a command word holds (by bits S,1,2).
pub fn channel_command(word: u64) -> Option<&'static InstrInfo> {
    let prefix = ((word >> 33) & 7) as u16;
    TABLE
        .iter()
        .find(|i| i.format == Format::ChannelCommand && i.opcode >> 9 == prefix)
}

#[cfg(test)]
#[allow(clippy::inconsistent_digit_grouping, clippy::unusual_byte_groupings)]
mod tests;
