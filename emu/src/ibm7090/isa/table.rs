//! The IBM 7090 instruction table, one row per instruction as IBM's octal chart lists them.
//!
//! This is the ONE place an instruction is described: its code, mnemonic, operand form,
//! operation (what the emulator executes, `Op`), cycles and their source, and what it does.
//! The emulator's decoder, the executor's dispatch, the disassemblers, the FAP assembler and
//! docs/ibm7090.md are all generated from or look up these rows. Adding an instruction is one
//! row here and one arm for its `Op` in `cpu/exec.rs`; a row whose operation is
//! `Unimplemented` is known to the assembler and disassembler and stops the emulator.
//!
//! Operand forms (`Form`): Y an address, indexed, indirect with `*`; XR the tag names the
//! index register worked on; DIRECT address and tag ignored or used as written; MASK the 18
//! bits of tag and address are an operand (the sense-indicator immediate orders); SHIFT a shift
//! count; IO an address for a channel instruction; `unit(u)` an I/O unit (u by default); `group`
//! the ±0760 group's function (`function`, operands `min..=max` added to it); PREFIX a Type A
//! instruction; COUNT an address and a count in bits 12-17 (VLM); COMMAND a data-channel
//! command; DATA a prefix data word.

use super::Op::*;
use super::Timing::{
    Convert, CountDivide, CountMultiply, Divide, DoubleAdd, DoubleAddUnnormalized, DoubleDivide,
    DoubleMultiply, Execute, Fixed, FloatAdd, FloatAddUnnormalized, FloatDivide, FloatMultiply,
    Multiply, Shift,
};
use super::{
    group, unit, units, InstrInfo, Models, COMMAND, CONVERT, COUNT, DATA, DIRECT, IO, MASK, PREFIX,
    SHIFT, UNIT, XR, Y,
};

/// One row of the 7094's additions (the columns as `i`'s; its cycles are the 7094's).
#[allow(clippy::too_many_arguments)]
const fn i94(
    opcode: u16,
    mnemonic: &'static str,
    form: super::Form,
    op: super::Op,
    timing: super::Timing,
    timing_source: &'static str,
    summary: &'static str,
) -> InstrInfo {
    InstrInfo {
        models: Models::IBM7094,
        ..i(opcode, mnemonic, form, op, timing, timing_source, summary)
    }
}

/// One row (the columns of the chart; see `InstrInfo`): an order of every model.
const fn i(
    opcode: u16,
    mnemonic: &'static str,
    form: super::Form,
    op: super::Op,
    timing: super::Timing,
    timing_source: &'static str,
    summary: &'static str,
) -> InstrInfo {
    InstrInfo {
        mnemonic,
        opcode,
        format: form.format,
        addressing: form.addressing,
        function: form.function,
        operand_min: form.operand_min,
        operand_max: form.operand_max,
        timing,
        timing_source,
        op,
        summary,
        models: Models::ALL,
    }
}

/// Every instruction the table knows, in the manual's octal order (positive, then negative).
#[rustfmt::skip]
pub static TABLE: &[InstrInfo] = &[
    // code   name    form                 operation      cycles    cycle source                        what it does
    // --- Control and transfers
    i(0o0000, "HTR",  Y,                   Htr,           Fixed(1), "[I]",                              "halt; on START continue at Y"),
    i(0o0020, "TRA",  Y,                   Tra,           Fixed(1), "[I]",                              "IC := Y"),
    i(0o0021, "TTR",  Y,                   Ttr,           Fixed(1), "[I] as TRA",                       "IC := Y; never trapped"),
    i(0o0022, "TRCA", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel A redundancy check; turn it off"),
    i(0o0024, "TRCC", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel C redundancy check (absent: never)"),
    i(0o0026, "TRCE", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel E redundancy check (absent: never)"),
    i(0o0027, "TRCG", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel G redundancy check (absent: never)"),
    i(0o0030, "TEFA", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel A end of file; turn it off"),
    i(0o0031, "TEFC", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel C end of file (absent: never)"),
    i(0o0032, "TEFE", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel E end of file (absent: never)"),
    i(0o0033, "TEFG", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel G end of file (absent: never)"),
    i(0o0040, "TLQ",  Y,                   Tlq,           Fixed(1), "[I]",                              "transfer if C(MQ) < C(AC) algebraically"),
    i(0o0041, "IIA",  DIRECT,              Iia,           Fixed(2), "[I] (I,L)",                        "SI := SI XOR AC(P,1-35)"),
    i(0o0042, "TIO",  Y,                   Tio,           Fixed(2), "[I] (I,L) as TRC [CE-98]",         "transfer if every SI bit selected by AC(P,1-35) is on"),
    i(0o0043, "OAI",  DIRECT,              Oai,           Fixed(2), "[I] (I,L)",                        "SI := SI OR AC(P,1-35)"),
    i(0o0044, "PAI",  DIRECT,              Pai,           Fixed(2), "[I] (I,L)",                        "SI := AC(P,1-35)"),
    i(0o0046, "TIF",  Y,                   Tif,           Fixed(2), "[I] (I,L) as TRC [CE-98]",         "transfer if every SI bit selected by AC(P,1-35) is off"),
    i(0o0051, "IIR",  MASK,                Iir,           Fixed(2), "[I] (I,L)",                        "SI(18-35) := SI(18-35) XOR mask (bits 18-35 of the order)"),
    i(0o0054, "RFT",  MASK,                Rft,           Fixed(2), "[I] (I,L)",                        "skip if every SI(18-35) bit the mask selects is off"),
    i(0o0055, "SIR",  MASK,                Sir,           Fixed(2), "[I] (I,L)",                        "SI(18-35) := SI(18-35) OR mask"),
    i(0o0056, "RNT",  MASK,                Rnt,           Fixed(2), "[I] (I,L)",                        "skip if every SI(18-35) bit the mask selects is on"),
    i(0o0057, "RIR",  MASK,                Rir,           Fixed(2), "[I] (I,L)",                        "SI(18-35) := SI(18-35) AND NOT mask"),
    i(0o0060, "TCOA", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel A in operation"),
    i(0o0061, "TCOB", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel B in operation"),
    i(0o0062, "TCOC", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel C in operation (absent: never)"),
    i(0o0063, "TCOD", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel D in operation (absent: never)"),
    i(0o0064, "TCOE", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel E in operation (absent: never)"),
    i(0o0065, "TCOF", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel F in operation (absent: never)"),
    i(0o0066, "TCOG", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel G in operation (absent: never)"),
    i(0o0067, "TCOH", IO,                  Tco,           Fixed(2), "[I]",                              "transfer if channel H in operation (absent: never)"),
    i(0o0074, "TSX",  XR,                  Tsx,           Fixed(1), "[I]",                              "XR(T) := 2's complement of IC; IC := Y"),
    i(0o0100, "TZE",  Y,                   Tze,           Fixed(1), "[I]",                              "transfer if AC(Q,P,1-35) = 0"),
    i(0o0114, "CVR",  CONVERT,             Cvr,           Convert,  "[S] CE-134/136",                   "C times: AC(P,1-5) := S,1-5 of C(Y + AC(30-35)) as AC shifts right 6; next Y its address"),
    i(0o0120, "TPL",  Y,                   Tpl,           Fixed(1), "[I]",                              "transfer if AC sign +"),
    i(0o0131, "XCA",  DIRECT,              Xca,           Fixed(2), "[I]",                              "exchange AC(S,1-35) and MQ; AC Q,P := 0"),
    i(0o0140, "TOV",  Y,                   Tov,           Fixed(1), "[I]",                              "transfer if AC overflow on; turn it off"),
    i(0o0161, "TQO",  Y,                   Tqo,           Fixed(1), "[I]",                              "out of floating trap mode: if MQ overflow, turn it off and IC := Y"),
    i(0o0162, "TQP",  Y,                   Tqp,           Fixed(1), "[I]",                              "transfer if MQ sign +"),
    // --- Multiply and divide
    i(0o0200, "MPY",  Y,                   Mpy,           Multiply, "[S] CE-63/64 bounds; [I] per bit", "AC:MQ := MQ * C(Y)"),
    i(0o0204, "VLM",  COUNT,               Vlm,           CountMultiply, "[S] CE-64 (C = 35); [I] count",    "AC:MQ := low C bits of MQ * C(Y), C steps (C = 0: nothing)"),
    i(0o0220, "DVH",  Y,                   Dvh,           Divide,   "[S] CE-64",                        "MQ := AC:MQ / C(Y), AC := remainder; halt on divide check"),
    i(0o0221, "DVP",  Y,                   Dvp,           Divide,   "[I] as DVH",                       "MQ := AC:MQ / C(Y), AC := remainder; divide check proceeds"),
    i(0o0224, "VDH",  COUNT,               Vdh,           CountDivide, "[I] as DVH, count",                "C quotient bits of AC:MQ / C(Y) into MQ; halt on divide check (C = 0: nothing)"),
    i(0o0225, "VDP",  COUNT,               Vdp,           CountDivide, "[S] CE-69 bounds; [I] count",      "C quotient bits of AC:MQ / C(Y) into MQ; divide check proceeds"),
    i(0o0240, "FDH",  Y,                   Fdh,           FloatDivide, "[S] CE-86 bounds; [I] rule",    "MQ := AC / C(Y), AC := remainder (floating); halt on divide check"),
    i(0o0241, "FDP",  Y,                   Fdp,           FloatDivide, "[I] as FDH",                    "MQ := AC / C(Y), AC := remainder (floating); divide check proceeds"),
    i(0o0260, "FMP",  Y,                   Fmp,           FloatMultiply, "[S] CE-85/86; [I] per bit",   "AC:MQ := MQ * C(Y), normalized (floating)"),
    i94(0o0261, "DFMP", Y,                 Dfmp,          DoubleMultiply, "[I] FMP's steps, three products", "AC:MQ := AC:MQ * C(Y):C(Y+1), normalized (double)"),
    i(0o0300, "FAD",  Y,                   Fad,           FloatAdd, "[S] 9M08A steps; CE-78/79",        "AC:MQ := AC + C(Y), normalized (floating)"),
    i94(0o0301, "DFAD", Y,                 Dfad,          DoubleAdd, "[I] FAD's steps, + 1",          "AC:MQ := AC:MQ + C(Y):C(Y+1), normalized (double)"),
    i(0o0302, "FSB",  Y,                   Fsb,           FloatAdd, "[S] 9M08A steps; CE-78/79",        "AC:MQ := AC - C(Y), normalized (floating)"),
    i94(0o0303, "DFSB", Y,                 Dfsb,          DoubleAdd, "[I] FAD's steps, + 1",          "AC:MQ := AC:MQ - C(Y):C(Y+1), normalized (double)"),
    i(0o0304, "FAM",  Y,                   Fam,           FloatAdd, "[I] as FAD",                       "AC:MQ := AC + magnitude of C(Y), normalized (floating)"),
    i94(0o0305, "DFAM", Y,                 Dfam,          DoubleAdd, "[I] FAD's steps, + 1",          "AC:MQ := AC:MQ + magnitude of C(Y):C(Y+1), normalized (double)"),
    i(0o0306, "FSM",  Y,                   Fsm,           FloatAdd, "[I] as FAD",                       "AC:MQ := AC - magnitude of C(Y), normalized (floating)"),
    i94(0o0307, "DFSM", Y,                 Dfsm,          DoubleAdd, "[I] FAD's steps, + 1",          "AC:MQ := AC:MQ - magnitude of C(Y):C(Y+1), normalized (double)"),
    // --- Logical and compare
    i(0o0320, "ANS",  Y,                   Ans,           Fixed(4), "[S] CE-129",                       "C(Y) := AC(P,1-35) AND C(Y)"),
    i(0o0322, "ERA",  Y,                   Era,           Fixed(3), "[I] as ANA",                       "AC(P,1-35) := AC(P,1-35) XOR C(Y); AC S,Q := 0"),
    i(0o0340, "CAS",  Y,                   Cas,           Fixed(3), "[I]",                              "compare AC with C(Y): > next, = skip 1, < skip 2"),
    i(0o0361, "ACL",  Y,                   Acl,           Fixed(2), "[I]",                              "AC(P,1-35) += C(Y) with end-around carry"),
    // --- Add and subtract
    i(0o0400, "ADD",  Y,                   Add,           Fixed(2), "[I]; 229,000 add/s [S2]",          "AC := AC + C(Y)"),
    i(0o0401, "ADM",  Y,                   Adm,           Fixed(2), "[I]",                              "AC := AC + |C(Y)|"),
    i(0o0402, "SUB",  Y,                   Sub,           Fixed(2), "[I]",                              "AC := AC - C(Y)"),
    i(0o0420, "HPR",  DIRECT,              Hpr,           Fixed(1), "[I]",                              "halt and proceed"),
    i(0o0440, "IIS",  Y,                   Iis,           Fixed(2), "[I] (I,E)",                        "SI := SI XOR C(Y)"),
    i(0o0441, "LDI",  Y,                   Ldi,           Fixed(2), "[I] (I,E)",                        "SI := C(Y)"),
    i(0o0442, "OSI",  Y,                   Osi,           Fixed(2), "[I] (I,E)",                        "SI := SI OR C(Y)"),
    i94(0o0443, "DLD",  Y,                 Dld,           Fixed(2), "[I] one E of two words",           "AC := C(Y), MQ := C(Y+1); odd Y: floating trap after"),
    i(0o0444, "OFT",  Y,                   Oft,           Fixed(2), "[I] (I,E)",                        "skip if every SI bit selected by C(Y) is off"),
    i(0o0445, "RIS",  Y,                   Ris,           Fixed(2), "[I] (I,E)",                        "SI := SI AND NOT C(Y)"),
    i(0o0446, "ONT",  Y,                   Ont,           Fixed(2), "[I] (I,E)",                        "skip if every SI bit selected by C(Y) is on"),
    i(0o0500, "CLA",  Y,                   Cla,           Fixed(2), "[S] CE-56",                        "AC := C(Y)"),
    i(0o0502, "CLS",  Y,                   Cls,           Fixed(2), "[I]",                              "AC := -C(Y)"),
    i(0o0520, "ZET",  Y,                   Zet,           Fixed(2), "[S] CE-100",                       "skip if C(Y)(1-35) = 0"),
    i(0o0522, "XEC",  Y,                   Xec,           Execute,  "[I]",                              "execute the instruction at Y"),
    i(0o0534, "LXA",  XR,                  Lxa,           Fixed(2), "[I]",                              "XR(T) := C(Y)(21-35)"),
    i(0o0535, "LAC",  XR,                  Lac,           Fixed(2), "[I]",                              "XR(T) := 2's complement of C(Y)(21-35)"),
    i(0o0540, "RCHA", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel A from the command at Y"),
    i(0o0541, "RCHC", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel C (absent: stops)"),
    i(0o0542, "RCHE", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel E (absent: stops)"),
    i(0o0543, "RCHG", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel G (absent: stops)"),
    i(0o0544, "LCHA", IO,                  Lch,           Fixed(2), "[I]",                              "load channel A from the command at Y (after IOxT)"),
    i(0o0545, "LCHC", IO,                  Lch,           Fixed(2), "[I]",                              "load channel C (absent: stops)"),
    i(0o0546, "LCHE", IO,                  Lch,           Fixed(2), "[I]",                              "load channel E (absent: stops)"),
    i(0o0547, "LCHG", IO,                  Lch,           Fixed(2), "[I]",                              "load channel G (absent: stops)"),
    i(0o0560, "LDQ",  Y,                   Ldq,           Fixed(2), "[I]",                              "MQ := C(Y)"),
    i(0o0564, "ENB",  Y,                   Enb,           Fixed(2), "[I]",                              "channel trap enables := C(Y), traps allowed again"),
    // --- Stores
    i(0o0600, "STZ",  Y,                   Stz,           Fixed(2), "[I]",                              "C(Y) := +0"),
    i(0o0601, "STO",  Y,                   Sto,           Fixed(2), "[I]",                              "C(Y) := AC(S,1-35)"),
    i(0o0602, "SLW",  Y,                   Slw,           Fixed(2), "[I]",                              "C(Y) := AC(P,1-35)"),
    i(0o0604, "STI",  Y,                   Sti,           Fixed(2), "[I] (I,E)",                        "C(Y) := SI"),
    i(0o0621, "STA",  Y,                   Sta,           Fixed(2), "[I]",                              "C(Y)(21-35) := AC(21-35)"),
    i(0o0622, "STD",  Y,                   Std,           Fixed(2), "[I]",                              "C(Y)(3-17) := AC(3-17)"),
    i(0o0625, "STT",  Y,                   Stt,           Fixed(2), "[I]",                              "C(Y)(18-20) := AC(18-20)"),
    i(0o0630, "STP",  Y,                   Stp,           Fixed(2), "[I]",                              "C(Y)(S,1,2) := AC(P,1,2)"),
    i(0o0634, "SXA",  XR,                  Sxa,           Fixed(2), "[I]",                              "C(Y)(21-35) := XR(T)"),
    i94(0o0636, "SCA",  XR,                Sca,           Fixed(2), "[I] as SXA",                       "C(Y)(21-35) := 2's complement of XR(T)"),
    i(0o0640, "SCHA", IO,                  Sch,           Fixed(2), "[I]",                              "C(Y) := channel A's operation, location counter, address"),
    i(0o0641, "SCHC", IO,                  Sch,           Fixed(2), "[I]",                              "store channel C (absent: stops)"),
    i(0o0642, "SCHE", IO,                  Sch,           Fixed(2), "[I]",                              "store channel E (absent: stops)"),
    i(0o0643, "SCHG", IO,                  Sch,           Fixed(2), "[I]",                              "store channel G (absent: stops)"),
    // --- Index transmission, the +0760 group, shifts, I/O
    i(0o0734, "PAX",  XR,                  Pax,           Fixed(1), "[I]",                              "XR(T) := AC(21-35)"),
    i(0o0737, "PAC",  XR,                  Pac,           Fixed(1), "[I]",                              "XR(T) := 2's complement of AC(21-35)"),
    i(0o0754, "PXA",  XR,                  Pxa,           Fixed(1), "[I]",                              "AC := XR(T) in 21-35, rest 0"),
    i94(0o0756, "PCA",  XR,                Pca,           Fixed(1), "[I] as PXA",                       "AC := 2's complement of XR(T) in 21-35, rest 0"),
    i(0o0760, "CLM",  group(0o0000, 0, 0), Clm,           Fixed(2), "[I] 0760 group",                   "clear AC(Q,P,1-35), keep sign"),
    i(0o0760, "LBT",  group(0o0001, 0, 0), Lbt,           Fixed(2), "[S] CE-100",                       "skip if AC bit 35 is 1"),
    i(0o0760, "CHS",  group(0o0002, 0, 0), Chs,           Fixed(2), "[I] 0760 group",                   "change AC sign"),
    i(0o0760, "SSP",  group(0o0003, 0, 0), Ssp,           Fixed(2), "[I] 0760 group",                   "AC sign := +"),
    i(0o0760, "ENK",  group(0o0004, 0, 0), Enk,           Fixed(2), "[S] CE-54",                        "MQ := console keys"),
    i(0o0760, "IOT",  group(0o0005, 0, 0), Iot,           Fixed(2), "[I] 0760 group",                   "I/O check on: turn off; off: skip"),
    i(0o0760, "COM",  group(0o0006, 0, 0), Com,           Fixed(2), "[I] 0760 group",                   "complement AC(Q,P,1-35)"),
    i(0o0760, "ETM",  group(0o0007, 0, 0), Etm,           Fixed(2), "[S] CE-98",                        "enter trapping mode"),
    i(0o0760, "RND",  group(0o0010, 0, 0), Rnd,           Fixed(2), "[S] CE-69",                        "if MQ(1) = 1: AC magnitude + 1 (may overflow)"),
    i(0o0760, "FRN",  group(0o0011, 0, 0), Frn,           Fixed(2), "[S] CE-86",                        "floating round: if MQ(9), AC fraction + 1"),
    i(0o0760, "DCT",  group(0o0012, 0, 0), Dct,           Fixed(2), "[I] 0760 group",                   "divide check on: turn off; off: skip"),
    i(0o0760, "RCT",  group(0o0014, 0, 0), Rct,           Fixed(2), "[I] 0760 group",                   "restore channel traps (allowed again after one)"),
    i94(0o0760, "LMTM", group(0o0016, 0, 0), Lmtm,        Fixed(2), "[I] 0760 group",                   "leave multiple-tag mode: seven index registers"),
    i(0o0760, "SLF",  group(0o0140, 0, 0), Slf,           Fixed(2), "[I] 0760 group",                   "sense lights all off"),
    i(0o0760, "SLN",  group(0o0140, 1, 4), Sln,           Fixed(2), "[I] 0760 group",                   "sense light n on"),
    i(0o0760, "SWT",  group(0o0160, 1, 6), Swt,           Fixed(2), "[I] 0760 group",                   "skip if sense switch n on"),
    i(0o0760, "BTTA", group(0o1000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel A: on: turn off; off: skip"),
    i(0o0760, "BTTB", group(0o2000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel B: on: turn off; off: skip"),
    i(0o0760, "BTTC", group(0o3000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel C: on: turn off; off: skip"),
    i(0o0760, "BTTD", group(0o4000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel D: on: turn off; off: skip"),
    i(0o0760, "BTTE", group(0o5000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel E: on: turn off; off: skip"),
    i(0o0760, "BTTF", group(0o6000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel F: on: turn off; off: skip"),
    i(0o0760, "BTTG", group(0o7000, 0, 0), Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel G: on: turn off; off: skip"),
    i(0o0760, "BTTH", group(0o10000, 0, 0),Btt,           Fixed(2), "[I] 0760 group",                   "beginning of tape, channel H: on: turn off; off: skip"),
    i(0o0760, "SPUA", group(0o1340, 1, 2), Sense,         Fixed(2), "[I] 0760 group",                   "sense punch n (no operation)"),
    i(0o0760, "SPTA", group(0o1360, 0, 0), Sense,         Fixed(2), "[I] 0760 group",                   "sense printer test (no operation)"),
    i(0o0760, "SPRA", group(0o1360, 1, 10),Sense,         Fixed(2), "[I] 0760 group",                   "sense printer n (no operation)"),
    i(0o0761, "NOP",  DIRECT,              Nop,           Fixed(1), "[I]",                              "no operation"),
    i(0o0762, "RDS",  unit(0o1321),        Rds,           Fixed(2), "[I]",                              "read select unit Y (1321: card reader, 1201: tape A1 BCD)"),
    i(0o0763, "LLS",  SHIFT,               Lls,           Shift,    "[I] as ALS",                       "AC(Q,P,1-35):MQ(1-35) << n; AC sign := MQ sign"),
    i(0o0764, "BSR",  UNIT,                Bsr,           Fixed(2), "[I]",                              "backspace one record of tape unit Y"),
    i(0o0765, "LRS",  SHIFT,               Lrs,           Shift,    "[S] CE-56",                        "AC(Q,P,1-35):MQ(1-35) >> n; MQ sign := AC sign"),
    i(0o0766, "WRS",  unit(0o1361),        Wrs,           Fixed(2), "[I]",                              "write select unit Y (1361: printer, 1341: punch, 1201: tape A1)"),
    i(0o0767, "ALS",  SHIFT,               Als,           Shift,    "[S] CE-54",                        "AC(Q,P,1-35) << n"),
    i(0o0770, "WEF",  UNIT,                Wef,           Fixed(2), "[I]",                              "write a tape mark on tape unit Y"),
    i(0o0771, "ARS",  SHIFT,               Ars,           Shift,    "[S] CE-56",                        "AC(Q,P,1-35) >> n"),
    i(0o0772, "REW",  UNIT,                Rew,           Fixed(2), "[I]",                              "rewind tape unit Y"),
    i(0o0774, "AXT",  XR,                  Axt,           Fixed(1), "[I]",                              "XR(T) := Y"),
    i(0o0776, "SDN",  UNIT,                Sdn,           Fixed(2), "[I]",                              "set density of tape unit Y (no effect here)"),
    // --- Type A (prefix): the code is the prefix (bits S,1,2) times 0o1000
    i(0o1000, "TXI",  PREFIX,              Txi,           Fixed(1), "[I]",                              "XR(T) := XR(T) + D; IC := Y"),
    i(0o2000, "TIX",  PREFIX,              Tix,           Fixed(1), "[I]",                              "if XR(T) > D: XR(T) -= D, IC := Y"),
    i(0o3000, "TXH",  PREFIX,              Txh,           Fixed(1), "[I]",                              "if XR(T) > D: IC := Y"),
    i(0o5000, "STR",  PREFIX,              Str,           Fixed(2), "[I]",                              "C(0000)(21-35) := location + 1; IC := 0002"),
    i(0o6000, "TNX",  PREFIX,              Tnx,           Fixed(1), "[I]",                              "if XR(T) > D: XR(T) -= D else IC := Y"),
    i(0o7000, "TXL",  PREFIX,              Txl,           Fixed(1), "[I]",                              "if XR(T) <= D: IC := Y"),
    // --- Negative (sign bit) codes, written 4xxx: -0022 is 0o4022
    i(0o4022, "TRCB", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel B redundancy check; turn it off"),
    i(0o4024, "TRCD", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel D redundancy check (absent: never)"),
    i(0o4026, "TRCF", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel F redundancy check (absent: never)"),
    i(0o4027, "TRCH", IO,                  Trc,           Fixed(2), "[I]",                              "transfer on channel H redundancy check (absent: never)"),
    i(0o4030, "TEFB", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel B end of file; turn it off"),
    i(0o4031, "TEFD", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel D end of file (absent: never)"),
    i(0o4032, "TEFF", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel F end of file (absent: never)"),
    i(0o4033, "TEFH", IO,                  Tef,           Fixed(2), "[I]",                              "transfer on channel H end of file (absent: never)"),
    i(0o4042, "RIA",  DIRECT,              Ria,           Fixed(2), "[I] (I,L)",                        "SI := SI AND NOT AC(P,1-35)"),
    i(0o4046, "PIA",  DIRECT,              Pia,           Fixed(2), "[I] (I,L)",                        "AC(P,1-35) := SI; AC S,Q := 0"),
    i(0o4051, "IIL",  MASK,                Iil,           Fixed(2), "[I] (I,L)",                        "SI(0-17) := SI(0-17) XOR mask"),
    i(0o4054, "LFT",  MASK,                Lft,           Fixed(2), "[I] (I,L)",                        "skip if every SI(0-17) bit the mask selects is off"),
    i(0o4055, "SIL",  MASK,                Sil,           Fixed(2), "[I] (I,L)",                        "SI(0-17) := SI(0-17) OR mask"),
    i(0o4056, "LNT",  MASK,                Lnt,           Fixed(2), "[I] (I,L)",                        "skip if every SI(0-17) bit the mask selects is on"),
    i(0o4057, "RIL",  MASK,                Ril,           Fixed(2), "[I] (I,L)",                        "SI(0-17) := SI(0-17) AND NOT mask"),
    i(0o4060, "TCNA", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel A not in operation"),
    i(0o4061, "TCNB", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel B not in operation"),
    i(0o4062, "TCNC", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel C not in operation (absent: always)"),
    i(0o4063, "TCND", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel D not in operation (absent: always)"),
    i(0o4064, "TCNE", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel E not in operation (absent: always)"),
    i(0o4065, "TCNF", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel F not in operation (absent: always)"),
    i(0o4066, "TCNG", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel G not in operation (absent: always)"),
    i(0o4067, "TCNH", IO,                  Tcn,           Fixed(2), "[I]",                              "transfer if channel H not in operation (absent: always)"),
    i(0o4100, "TNZ",  Y,                   Tnz,           Fixed(1), "[I]",                              "transfer if AC(Q,P,1-35) != 0"),
    i(0o4114, "CAQ",  CONVERT,             Caq,           Convert,  "[S] CE-138",                       "C times: AC(Q,P,1-35) += C(Y + MQ(S-5)) as MQ rotates left 6; next Y its address"),
    i(0o4120, "TMI",  Y,                   Tmi,           Fixed(1), "[I]",                              "transfer if AC sign -"),
    i(0o4130, "XCL",  DIRECT,              Xcl,           Fixed(2), "[I]",                              "exchange AC(P,1-35) and MQ logically"),
    i(0o4140, "TNO",  Y,                   Tno,           Fixed(1), "[I]",                              "transfer if AC overflow off; turn it off"),
    i(0o4154, "CRQ",  CONVERT,             Crq,           Convert,  "[S] CE-136/138",                   "C times: MQ(30-35) := S,1-5 of C(Y + MQ(S-5)) as MQ shifts left 6; next Y its address"),
    i(0o4200, "MPR",  Y,                   Mpr,           Multiply, "[S] CE-64",                        "MPY, then round AC by MQ(1)"),
    i94(0o4240, "DFDH", Y,                 Dfdh,          DoubleDivide, "[I] two divides and a multiply", "AC:MQ := AC:MQ / C(Y):C(Y+1) (double); halt on divide check"),
    i94(0o4241, "DFDP", Y,                 Dfdp,          DoubleDivide, "[I] two divides and a multiply", "AC:MQ := AC:MQ / C(Y):C(Y+1) (double); divide check proceeds"),
    i(0o4260, "UFM",  Y,                   Ufm,           FloatMultiply, "[S] CE-86 bounds; [I] per bit", "AC:MQ := MQ * C(Y), unnormalized (floating)"),
    i94(0o4261, "DUFM", Y,                 Dufm,          DoubleMultiply, "[I] FMP's steps, three products", "AC:MQ := AC:MQ * C(Y):C(Y+1), unnormalized (double)"),
    i(0o4300, "UFA",  Y,                   Ufa,           FloatAddUnnormalized, "[S] 9M08A steps",      "AC:MQ := AC + C(Y), unnormalized (floating)"),
    i94(0o4301, "DUFA", Y,                 Dufa,          DoubleAddUnnormalized, "[I] UFA's steps, + 1", "AC:MQ := AC:MQ + C(Y):C(Y+1), unnormalized (double)"),
    i(0o4302, "UFS",  Y,                   Ufs,           FloatAddUnnormalized, "[S] 9M08A steps",      "AC:MQ := AC - C(Y), unnormalized (floating)"),
    i94(0o4303, "DUFS", Y,                 Dufs,          DoubleAddUnnormalized, "[I] UFA's steps, + 1", "AC:MQ := AC:MQ - C(Y):C(Y+1), unnormalized (double)"),
    i(0o4304, "UAM",  Y,                   Uam,           FloatAddUnnormalized, "[I] as UFA",           "AC:MQ := AC + magnitude of C(Y), unnormalized (floating)"),
    i94(0o4305, "DUAM", Y,                 Duam,          DoubleAddUnnormalized, "[I] UFA's steps, + 1", "AC:MQ := AC:MQ + magnitude of C(Y):C(Y+1), unnormalized (double)"),
    i(0o4306, "USM",  Y,                   Usm,           FloatAddUnnormalized, "[I] as UFA",           "AC:MQ := AC - magnitude of C(Y), unnormalized (floating)"),
    i94(0o4307, "DUSM", Y,                 Dusm,          DoubleAddUnnormalized, "[I] UFA's steps, + 1", "AC:MQ := AC:MQ - magnitude of C(Y):C(Y+1), unnormalized (double)"),
    i(0o4320, "ANA",  Y,                   Ana,           Fixed(3), "[S] CE-129",                       "AC(P,1-35) := AC(P,1-35) AND C(Y); AC S,Q := 0"),
    i(0o4340, "LAS",  Y,                   Las,           Fixed(3), "[I]",                              "logical compare AC(Q,P,1-35) with C(Y)"),
    i(0o4400, "SBM",  Y,                   Sbm,           Fixed(2), "[I]",                              "AC := AC - |C(Y)|"),
    i(0o4500, "CAL",  Y,                   Cal,           Fixed(2), "[I]",                              "AC(P,1-35) := C(Y); AC S,Q := 0"),
    i(0o4501, "ORA",  Y,                   Ora,           Fixed(2), "[S] CE-129",                       "AC(P,1-35) := AC(P,1-35) OR C(Y)"),
    i(0o4520, "NZT",  Y,                   Nzt,           Fixed(2), "[I] as ZET",                       "skip if C(Y)(1-35) != 0"),
    i(0o4534, "LXD",  XR,                  Lxd,           Fixed(2), "[S] CE-129",                       "XR(T) := C(Y)(3-17)"),
    i(0o4535, "LDC",  XR,                  Ldc,           Fixed(2), "[I]",                              "XR(T) := 2's complement of C(Y)(3-17)"),
    i(0o4540, "RCHB", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel B from the command at Y"),
    i(0o4541, "RCHD", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel D (absent: stops)"),
    i(0o4542, "RCHF", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel F (absent: stops)"),
    i(0o4543, "RCHH", IO,                  Rch,           Fixed(2), "[I]",                              "reset and load channel H (absent: stops)"),
    i(0o4544, "LCHB", IO,                  Lch,           Fixed(2), "[I]",                              "load channel B from the command at Y (after IOxT)"),
    i(0o4545, "LCHD", IO,                  Lch,           Fixed(2), "[I]",                              "load channel D (absent: stops)"),
    i(0o4546, "LCHF", IO,                  Lch,           Fixed(2), "[I]",                              "load channel F (absent: stops)"),
    i(0o4547, "LCHH", IO,                  Lch,           Fixed(2), "[I]",                              "load channel H (absent: stops)"),
    i(0o4600, "STQ",  Y,                   Stq,           Fixed(2), "[I]",                              "C(Y) := MQ"),
    i94(0o4603, "DST",  Y,                 Dst,           Fixed(3), "[I] two stores",                   "C(Y) := AC(S,1-35), C(Y+1) := MQ"),
    i(0o4602, "ORS",  Y,                   Ors,           Fixed(2), "[S] CE-129",                       "C(Y) := AC(P,1-35) OR C(Y)"),
    i(0o4620, "SLQ",  Y,                   Slq,           Fixed(2), "[I] as STQ",                       "C(Y)(S,1-17) := MQ(S,1-17)"),
    i(0o4625, "STL",  Y,                   Stl,           Fixed(2), "[I]",                              "C(Y)(21-35) := IC"),
    i(0o4634, "SXD",  XR,                  Sxd,           Fixed(2), "[I]",                              "C(Y)(3-17) := XR(T)"),
    i94(0o4636, "SCD",  XR,                Scd,           Fixed(2), "[I] as SXD",                       "C(Y)(3-17) := 2's complement of XR(T)"),
    i(0o4640, "SCHB", IO,                  Sch,           Fixed(2), "[I]",                              "C(Y) := channel B's operation, location counter, address"),
    i(0o4641, "SCHD", IO,                  Sch,           Fixed(2), "[I]",                              "store channel D (absent: stops)"),
    i(0o4642, "SCHF", IO,                  Sch,           Fixed(2), "[I]",                              "store channel F (absent: stops)"),
    i(0o4643, "SCHH", IO,                  Sch,           Fixed(2), "[I]",                              "store channel H (absent: stops)"),
    i(0o4734, "PDX",  XR,                  Pdx,           Fixed(1), "[I]",                              "XR(T) := AC(3-17)"),
    i(0o4737, "PDC",  XR,                  Pdc,           Fixed(1), "[I]",                              "XR(T) := 2's complement of AC(3-17)"),
    i(0o4754, "PXD",  XR,                  Pxd,           Fixed(1), "[I]",                              "AC := XR(T) in 3-17, rest 0"),
    i94(0o4756, "PCD",  XR,                Pcd,           Fixed(1), "[I] as PXD",                       "AC := 2's complement of XR(T) in 3-17, rest 0"),
    i(0o4760, "PBT",  group(0o0001, 0, 0), Pbt,           Fixed(2), "[S] CE-100",                       "skip if AC P bit is 1"),
    i(0o4760, "EFTM", group(0o0002, 0, 0), Eftm,          Fixed(2), "[I] 0760 group",                   "enter floating trap mode (CE-142); MQ overflow off"),
    i(0o4760, "SSM",  group(0o0003, 0, 0), Ssm,           Fixed(2), "[I] 0760 group",                   "AC sign := -"),
    i(0o4760, "LFTM", group(0o0004, 0, 0), Lftm,          Fixed(2), "[I] 0760 group",                   "leave floating trap mode (CE-142): spills set the indicators"),
    i(0o4760, "LTM",  group(0o0007, 0, 0), Ltm,           Fixed(2), "[I] as ETM",                       "leave trapping mode"),
    i94(0o4760, "EMTM", group(0o0016, 0, 0), Emtm,        Fixed(2), "[I] 0760 group",                   "enter multiple-tag mode: tags OR index registers 1, 2, 4"),
    i(0o4760, "SLT",  group(0o0140, 1, 4), Slt,           Fixed(2), "[I] 0760 group",                   "if sense light n on: off and skip"),
    i(0o4760, "ETTA", group(0o1000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel A: on: turn off; off: skip"),
    i(0o4760, "ETTB", group(0o2000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel B: on: turn off; off: skip"),
    i(0o4760, "ETTC", group(0o3000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel C: on: turn off; off: skip"),
    i(0o4760, "ETTD", group(0o4000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel D: on: turn off; off: skip"),
    i(0o4760, "ETTE", group(0o5000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel E: on: turn off; off: skip"),
    i(0o4760, "ETTF", group(0o6000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel F: on: turn off; off: skip"),
    i(0o4760, "ETTG", group(0o7000, 0, 0), Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel G: on: turn off; off: skip"),
    i(0o4760, "ETTH", group(0o10000, 0, 0),Ett,           Fixed(2), "[I] 0760 group",                   "end of tape, channel H: on: turn off; off: skip"),
    i(0o4763, "LGL",  SHIFT,               Lgl,           Shift,    "[I] as ALS",                       "AC(Q,P,1-35):MQ(S,1-35) << n logically"),
    i(0o4764, "BSF",  UNIT,                Bsf,           Fixed(2), "[I]",                              "backspace tape unit Y to before its tape mark"),
    i(0o4765, "LGR",  SHIFT,               Lgr,           Shift,    "[S] CE-56",                        "AC(Q,P,1-35):MQ(S,1-35) >> n logically"),
    i(0o4772, "RUN",  UNIT,                Run,           Fixed(2), "[I]",                              "rewind and unload tape unit Y"),
    i(0o4773, "RQL",  SHIFT,               Rql,           Shift,    "[S] CE-56",                        "rotate MQ(S,1-35) left n"),
    i(0o4774, "AXC",  XR,                  Axc,           Fixed(1), "[I]",                              "XR(T) := 2's complement of Y"),
    // --- Extended mnemonics for the units (FAP's RCDA, WPRA, RTDA n ...): the select or tape
    // order with the unit in the address; decode and disassembly give the RDS, WRS ... row.
    i(0o0762, "RCDA", unit(0o1321),        Rds,           Fixed(2), "[I]",                              "read cards, channel A (RDS 1321)"),
    i(0o0766, "WPRA", unit(0o1361),        Wrs,           Fixed(2), "[I]",                              "write printer, channel A, BCD (WRS 1361)"),
    i(0o0766, "WPUA", unit(0o1341),        Wrs,           Fixed(2), "[I]",                              "write punch, channel A (WRS 1341)"),
    i(0o0762, "RTDA", units(0o1200, 1, 10),Rds,           Fixed(2), "[I]",                              "read tape n, channel A, BCD (RDS 1200+n)"),
    i(0o0762, "RTBA", units(0o1220, 1, 10),Rds,           Fixed(2), "[I]",                              "read tape n, channel A, binary (RDS 1220+n)"),
    i(0o0766, "WTDA", units(0o1200, 1, 10),Wrs,           Fixed(2), "[I]",                              "write tape n, channel A, BCD (WRS 1200+n)"),
    i(0o0766, "WTBA", units(0o1220, 1, 10),Wrs,           Fixed(2), "[I]",                              "write tape n, channel A, binary (WRS 1220+n)"),
    i(0o0764, "BSRA", units(0o1200, 1, 10),Bsr,           Fixed(2), "[I]",                              "backspace record, tape n, channel A"),
    i(0o4764, "BSFA", units(0o1200, 1, 10),Bsf,           Fixed(2), "[I]",                              "backspace file, tape n, channel A"),
    i(0o0770, "WEFA", units(0o1200, 1, 10),Wef,           Fixed(2), "[I]",                              "write end of file, tape n, channel A"),
    i(0o0772, "REWA", units(0o1200, 1, 10),Rew,           Fixed(2), "[I]",                              "rewind tape n, channel A"),
    i(0o4772, "RUNA", units(0o1200, 1, 10),Run,           Fixed(2), "[I]",                              "rewind and unload tape n, channel A"),
    i(0o0762, "RTDB", units(0o2200, 1, 10),Rds,           Fixed(2), "[I]",                              "read tape n, channel B, BCD (RDS 2200+n)"),
    i(0o0762, "RTBB", units(0o2220, 1, 10),Rds,           Fixed(2), "[I]",                              "read tape n, channel B, binary (RDS 2220+n)"),
    i(0o0766, "WTDB", units(0o2200, 1, 10),Wrs,           Fixed(2), "[I]",                              "write tape n, channel B, BCD (WRS 2200+n)"),
    i(0o0766, "WTBB", units(0o2220, 1, 10),Wrs,           Fixed(2), "[I]",                              "write tape n, channel B, binary (WRS 2220+n)"),
    i(0o0764, "BSRB", units(0o2200, 1, 10),Bsr,           Fixed(2), "[I]",                              "backspace record, tape n, channel B"),
    i(0o4764, "BSFB", units(0o2200, 1, 10),Bsf,           Fixed(2), "[I]",                              "backspace file, tape n, channel B"),
    i(0o0770, "WEFB", units(0o2200, 1, 10),Wef,           Fixed(2), "[I]",                              "write end of file, tape n, channel B"),
    i(0o0772, "REWB", units(0o2200, 1, 10),Rew,           Fixed(2), "[I]",                              "rewind tape n, channel B"),
    i(0o4772, "RUNB", units(0o2200, 1, 10),Run,           Fixed(2), "[I]",                              "rewind and unload tape n, channel B"),
    // --- Data-channel commands (executed by channel A), in the 7090's numbering of the 3-bit
    // operation (bits S,1,2), as SIMH i7094 assembles and executes them.
    i(0o0000, "IOCD", COMMAND,             Iocd,          Fixed(0), "[I]",                              "transmit count words, then disconnect"),
    i(0o1000, "TCH",  COMMAND,             Tch,           Fixed(0), "[I]",                              "transfer in channel to Y"),
    i(0o2000, "IORP", COMMAND,             Iorp,          Fixed(0), "[I]",                              "transmit a record, proceed"),
    i(0o3000, "IORT", COMMAND,             Iort,          Fixed(0), "[I]",                              "transmit to end of record, then wait for LCH or disconnect"),
    i(0o4000, "IOCP", COMMAND,             Iocp,          Fixed(0), "[I]",                              "transmit count words, then proceed to the next command"),
    i(0o5000, "IOCT", COMMAND,             Ioct,          Fixed(0), "[I]",                              "transmit count words, then transfer (wait for LCH)"),
    i(0o6000, "IOSP", COMMAND,             Iosp,          Fixed(0), "[I]",                              "transmit until signal, proceed"),
    i(0o7000, "IOST", COMMAND,             Iost,          Fixed(0), "[I]",                              "transmit until signal, then transfer"),
    // --- Prefix data words
    i(0o0000, "PZE",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o1000, "PON",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o2000, "PTW",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o3000, "PTH",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o4000, "MZE",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o5000, "MON",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o6000, "MTW",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    i(0o7000, "MTH",  DATA,                Data,          Fixed(0), "[I]",                              "prefix data word"),
    // --- The ±0760 group's generic names (9AP's PSE, MSE): any address, last so that every
    // named function above wins; an address no row names is no operation, as in SIMH (op_pse,
    // op_mse: "undefined operations are NOPs").
    i(0o0760, "PSE",  group(0o0000, 0, 0o77777), Nop,           Fixed(2), "[I] 0760 group",                   "plus sense: the address selects; unassigned = no operation"),
    i(0o4760, "MSE",  group(0o0000, 0, 0o77777), Nop,           Fixed(2), "[I] 0760 group",                   "minus sense: the address selects; unassigned = no operation"),
];

/// A code that SIMH's 7090 (`set cpu 7090`, the oracle) executes as another row's instruction
/// though the manuals list no such code: the 7090 ignores some bits there. `code` is bits
/// S,1-11; for the ±0760 group, addresses `first..=last` (otherwise both 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    pub code: u16,
    pub first: u16,
    pub last: u16,
    /// The mnemonic of the row it executes as.
    pub of: &'static str,
}

const fn alias(code: u16, of: &'static str) -> Alias {
    Alias {
        code,
        first: 0,
        last: 0,
        of,
    }
}

const fn alias0760(code: u16, first: u16, last: u16, of: &'static str) -> Alias {
    Alias {
        code,
        first,
        last,
        of,
    }
}

/// The aliases, each with SIMH's case (i7094_cpu.c `sim_instr`, i7094_cpu1.c `op_mse`).
#[rustfmt::skip]
pub static ALIASES: &[Alias] = &[
    alias(0o4000, "HTR"),                    // case 01000 "also -HTR"
    alias(0o4020, "TRA"),                    // case 01020 "also -TRA"
    alias(0o0205, "VLM"),                    // case 00205 "for diagnostic"
    alias(0o0226, "VDH"),                    // case 00226 "for diagnostic"
    alias(0o0227, "VDP"),                    // case 00227 "for diagnostic"
    alias0760(0o4760, 0o0000, 0o0000, "CLM"), // op_mse 00000 CLM
    alias0760(0o4760, 0o0140, 0o0140, "SLF"), // op_mse 00140 SLF
    alias0760(0o4760, 0o0161, 0o0166, "SWT"), // op_mse 00161-00166 SWT
];
