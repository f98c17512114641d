//! The differential proof of the 7090 and 7094 emulator: random programs in the emulated
//! subset, written as FAP source, assembled by `assembler::fap` into an asm7090 object deck,
//! are run on `emu::ibm7090` and on SIMH's `i7094` (Debian package `simh`, `set cpu 7090` or
//! `set cpu 7094`), a peer nobody here wrote. After each program the PC, AC, MQ, index
//! registers A B C (on the 7094 XR1-XR7 and the multiple-tag mode), the overflow, divide-check
//! and MQ overflow indicators, the floating trap mode, the sense lights, the sense indicators
//! (which the 7094's double precision writes), trap mode, the channel trap enables and
//! hold-off, locations 0000-0041 (the traps' word at 0000 and their handlers) and the
//! program's code and data regions (and the words its self-rewriting loops turn orders by) are
//! compared; after each batch, the whole store. Each program also runs through the hot loop
//! (`Machine::run`) from the same state, which must leave what the single steps left. The 7094's
//! programs add its double-precision orders (at even and odd addresses), DLD, DST, SCA, SCD,
//! PCA, PCD, EMTM and LMTM, and tags naming any of the seven registers in either mode.
//!
//! Both machines run each program for at most `STEPS` instruction fetches (SIMH `step`), so
//! programs whose loops run long, or whose stores wander (an index register loaded from data
//! makes any address possible), still end at the same point on both. One SIMH process runs a
//! whole batch; the emulator keeps one `Machine` per batch as well, so the store carries over
//! from program to program on both sides alike.
//!
//! Programs are generated from a seeded proptest `TestRng`, so every run checks the same
//! programs. `cargo test --test simh_7090` runs the default campaign (a few thousand
//! programs); `cargo test --test simh_7090 -- --ignored` runs a longer one with other seeds.

use assembler::fap;
use emu::ibm7090::cpu::{ChannelTraps, ENABLE_BITS};
use emu::ibm7090::isa::by_mnemonic;
use emu::ibm7090::{Limits, Machine, Model, Stop};
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

mod common;

use common::i7094;

/// Instruction fetches per program on both machines.
const STEPS: u32 = 3000;
/// Code at 64 (0o100), data at 1024 (0o2000), XEC targets at 1536 (0o3000); at 8 (0o10),
/// where the floating trap goes, `TTR* 0` returns to the address the trap left in 0000.
const CODE: u16 = 0o100;
const TRAP: u16 = 0o10;
const DATA: u16 = 0o2000;
const DATA_WORDS: u16 = 64;
const XEC: u16 = 0o3000;
const XEC_WORDS: u16 = 16;
/// The words that turn a self-rewriting order into another (`gen_case`), and the orders it
/// turns between.
const SELF: u16 = 0o3100;
const SELF_SAFE: &[&str] = &[
    "CLA", "CLS", "CAL", "ADD", "SUB", "ANA", "ORA", "ERA", "ACL", "LDQ",
];
/// The trap handler's second half (0001 goes there), below the floating-point trap's 0010
/// and the channel traps' 0012-0031.
const HANDLER: u16 = 0o40;

struct Gen {
    rng: TestRng,
    model: Model,
}

impl Gen {
    /// The 7090's programs as they always were; the 7094's from another seed string.
    fn new(seed: u64, model: Model) -> Gen {
        let mut s = [0u8; 32];
        s[..8].copy_from_slice(&seed.to_le_bytes());
        s[8..16].copy_from_slice(match model {
            Model::Ibm7094 => b"7094simh",
            _ => b"7090simh",
        });
        Gen {
            rng: TestRng::from_seed(RngAlgorithm::ChaCha, &s),
            model,
        }
    }
    fn is_7094(&self) -> bool {
        self.model == Model::Ibm7094
    }
    fn below(&mut self, n: u64) -> u64 {
        self.rng.next_u64() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
    /// A data word: small, negative, extreme or random.
    fn word(&mut self) -> u64 {
        const SIGN: u64 = 1 << 35;
        match self.below(8) {
            0 => self.below(16),
            1 => SIGN | self.below(16),
            2 => [0, SIGN, SIGN - 1, (1 << 36) - 1, 1 << 34][self.below(5) as usize],
            3 => self.below(1 << 18),
            4 => SIGN | self.below(1 << 35),
            _ => self.rng.next_u64() & ((1 << 36) - 1),
        }
    }
    fn tag(&mut self) -> u8 {
        if self.is_7094() && self.chance(30) {
            // XR3, XR5-XR7: single registers out of multiple-tag mode.
            return [3, 5, 6, 7][self.below(4) as usize];
        }
        match self.below(20) {
            0..=9 => 0,
            10..=13 => 1,
            14..=16 => 2,
            17 => 3,
            _ => 4 + self.below(4) as u8,
        }
    }
    /// A floating-point word: ±0, a zero fraction with a characteristic, unnormal and
    /// normal fractions; characteristics at both ends (underflow, overflow), near 200 octal
    /// (so that two operands often have equal or close characteristics) or anywhere (large
    /// differences).
    fn float_word(&mut self) -> u64 {
        const SIGN: u64 = 1 << 35;
        let sign = if self.chance(40) { SIGN } else { 0 };
        let ch = match self.below(6) {
            0 => self.below(4),
            1 => 0o374 + self.below(4),
            2 => 0o200 + self.below(2),
            3 | 4 => 0o170 + self.below(16),
            _ => self.below(256),
        } << 27;
        match self.below(10) {
            0 => sign,
            1 => sign | ch,
            2 => sign | ch | self.below(1 << 26),
            3 => sign | ch | self.below(64),
            _ => sign | ch | 1 << 26 | self.below(1 << 26),
        }
    }
    /// A data word: an integer one or a floating-point one.
    fn data_word(&mut self) -> u64 {
        if self.chance(40) {
            self.float_word()
        } else {
            self.word()
        }
    }
    fn shift_count(&mut self) -> u64 {
        match self.below(6) {
            0 => self.below(256),
            1 => 33 + self.below(6),
            2 => 70 + self.below(5),
            _ => self.below(20),
        }
    }
}

const MEMORY: &[&str] = &[
    "CLA", "CLS", "CAL", "ADD", "ADM", "SUB", "SBM", "ACL", "LDQ", "STO", "STQ", "SLW", "STZ",
    "STA", "STD", "STT", "STP", "STL", "ANA", "ANS", "ORA", "ORS", "ERA", "MPY", "MPR", "DVP",
    "DVH", "CAS", "LAS", "ZET", "NZT", "SLQ",
];
/// Safe to place where XEC finds them (no transfer, no halt; a floating trap returns).
const XEC_SAFE: &[&str] = &[
    "CLA", "CLS", "CAL", "ADD", "SUB", "LDQ", "STO", "ANA", "ORA", "ERA", "MPY", "ACL", "LDI",
    "OSI", "ONT", "OFT", "STI", "PAI", "SIR", "LNT", "SLQ", "FAD", "UFS", "FMP", "FDP",
];
/// The same on the 7094, with some of its orders (an odd DLD traps and returns).
const XEC_SAFE_7094: &[&str] = &[
    "CLA", "CLS", "CAL", "ADD", "SUB", "LDQ", "STO", "ANA", "ORA", "ERA", "MPY", "ACL", "LDI",
    "OSI", "ONT", "OFT", "STI", "PAI", "SIR", "LNT", "SLQ", "FAD", "UFS", "FMP", "FDP", "DFAD",
    "DUFM", "DFDP", "DLD", "SCA",
];
/// The floating-point family: FDH halts on divide check like DVH.
const FLOATING: &[&str] = &[
    "FAD", "FSB", "FAM", "FSM", "UFA", "UFS", "UAM", "USM", "FMP", "UFM", "FDP", "FDH",
];
const XR_STORE: &[&str] = &["LXA", "LXD", "LAC", "LDC", "SXA", "SXD"];
const XR_AC: &[&str] = &["PAX", "PDX", "PAC", "PDC", "PXA", "PXD"];
const SHIFTS: &[&str] = &["ALS", "ARS", "LLS", "LRS", "LGL", "LGR", "RQL"];
const NO_ADDRESS: &[&str] = &[
    "XCA", "XCL", "NOP", "CLM", "CHS", "SSP", "SSM", "COM", "LBT", "PBT", "DCT", "ENK", "SLF",
    "RND",
];
const TRANSFERS: &[&str] = &[
    "TRA", "TZE", "TNZ", "TPL", "TMI", "TOV", "TNO", "TQP", "TLQ", "HTR", "TIO", "TIF",
];
/// The sense indicators: AC forms, storage forms, immediate (mask) forms.
const SI_AC: &[&str] = &["PAI", "PIA", "OAI", "IIA", "RIA"];
const SI_STORE: &[&str] = &["LDI", "STI", "OSI", "IIS", "RIS", "ONT", "OFT"];
const SI_MASK: &[&str] = &[
    "SIR", "SIL", "RIR", "RIL", "IIR", "IIL", "RFT", "LFT", "RNT", "LNT",
];
const TYPE_A: &[&str] = &["TXI", "TIX", "TXH", "TNX", "TXL"];
/// The 7094's double precision: DFDH halts on divide check like DVH.
const DOUBLE: &[&str] = &[
    "DFAD", "DFSB", "DFAM", "DFSM", "DUFA", "DUFS", "DUAM", "DUSM", "DFMP", "DUFM", "DFDP", "DFDH",
    "DLD", "DST",
];

/// One generated program and the register state it starts from.
struct Case {
    source: String,
    ac: u64,
    mq: u64,
    /// By number: XR1, XR2, XR4 (the 7090's A, B, C), on the 7094 XR1-XR7.
    xr: [u32; 8],
    /// The 7094's multiple-tag mode (always on in the 7090).
    multi: bool,
    overflow: bool,
    divide_check: bool,
    floating_trap: bool,
    mq_overflow: bool,
    lights: u8,
    switches: u8,
    keys: u64,
    indicators: u64,
    trap: bool,
}

fn card(label: &str, op: &str, operand: &str) -> String {
    format!("{label:<6} {op:<7} {operand}\n")
}

fn data_address(g: &mut Gen) -> u64 {
    DATA as u64 + 8 + g.below(DATA_WORDS as u64 - 8)
}

/// A ±0760 word by 9AP's generic names: an assigned function or an unassigned address (no
/// operation). Left out: the I/O functions (IOT, RCT, BTT/ETT, channel resets) and the modes
/// the emulator does not model (ESTM ECTM); EFTM and LFTM come by name (`instruction`).
fn sense(g: &mut Gen) -> String {
    const PLUS: &[u64] = &[
        0, 1, 2, 3, 4, 6, 0o12, 0o16, 0o140, 0o141, 0o144, 0o161, 0o166,
    ];
    const MINUS: &[u64] = &[0, 1, 3, 0o10, 0o12, 0o16, 0o140, 0o141, 0o144, 0o161, 0o166];
    let minus = g.chance(50);
    let address = if g.chance(50) {
        let list = if minus { MINUS } else { PLUS };
        list[g.below(list.len() as u64) as usize]
    } else {
        // Unassigned: 0o20-0o137, 0o200-0o777, 0o1001-0o1337.
        match g.below(3) {
            0 => 0o20 + g.below(0o120),
            1 => 0o200 + g.below(0o600),
            _ => 0o1001 + g.below(0o337),
        }
    };
    card("", if minus { "MSE" } else { "PSE" }, &address.to_string())
}

/// A word no 7090 row has: +0001, +0777, −0777, and (on the 7090) the 7094's DFAD, DLD, DST and
/// CTSS's TIA. SIMH stops ("Undefined instruction") with its PC past the word, as the emulator
/// does.
fn illegal(g: &mut Gen) -> String {
    let codes: &[u64] = match g.model {
        Model::Ibm7094 => &[0o0001, 0o0777, 0o4777, 0o0101],
        _ => &[0o0001, 0o0777, 0o4777, 0o0301, 0o0443, 0o4603, 0o0101],
    };
    let code = codes[g.below(codes.len() as u64) as usize];
    card(
        "",
        "OCT",
        &format!("{:012o}", code << 24 | g.below(1 << 18)),
    )
}

/// A sense-indicator order: the AC forms, a storage form (indexed, sometimes indirect) or an
/// immediate form whose mask (address and tag) is empty, full, one bit or random.
fn indicator(g: &mut Gen) -> String {
    match g.below(3) {
        0 => card("", g.pick(SI_AC), ""),
        1 => {
            let star = if g.chance(12) { "*" } else { "" };
            let op = format!("{}{star}", g.pick(SI_STORE));
            let tag = g.tag();
            card("", &op, &format!("{},{tag}", data_address(g)))
        }
        _ => {
            let (address, tag) = match g.below(4) {
                0 => (0, 0),
                1 => (0o77777, 7),
                2 => {
                    let bit = g.below(18);
                    ((1u64 << bit) & 0o77777, ((1u64 << bit) >> 15) as u8)
                }
                _ => (g.below(0o100000), g.below(8) as u8),
            };
            // FAP writes the indicator orders' 18 bits as one octal operand.
            let operand = u64::from(tag) << 15 | address;
            card("", g.pick(SI_MASK), &format!("{operand:o}"))
        }
    }
}

/// Trap mode on and off, the trap transfer and STR; the channel trap enables (ENB of a data
/// word) and RCT. No program here does I/O, so no channel trap is ever due: these check the
/// orders and the registers they load.
fn trap_order(g: &mut Gen) -> String {
    match g.below(7) {
        5 => card("", "ENB", &data_address(g).to_string()),
        6 => card("", "RCT", ""),
        0 | 1 => card("", "ETM", ""),
        2 => card("", "LTM", ""),
        3 => card("", "TTR", &format!("*+{}", 1 + g.below(4))),
        _ => card(
            "",
            "STR",
            &format!("{},{},{}", g.below(32768), g.tag(), g.below(32768)),
        ),
    }
}

/// VLM, VDH, VDP with a count: 0 (nothing happens), 1, 35 (MPY, DVP), more than 35, or any
/// up to 63 (060 and up are indirect by their flag bits).
fn count_order(g: &mut Gen) -> String {
    let op = g.pick(&["VLM", "VLM", "VDP", "VDP", "VDH"]);
    let c = match g.below(6) {
        0 => 0,
        1 => 1,
        2 => 35,
        3 => 36 + g.below(12),
        _ => g.below(64),
    };
    let star = if c < 16 && g.chance(12) { "*" } else { "" };
    let tag = g.tag();
    card(
        "",
        &format!("{op}{star}"),
        &format!("{},{tag},{c}", data_address(g)),
    )
}

/// CVR, CRQ, CAQ: a table in the data (the next ones wherever its words point), bit 20 (XR A)
/// on or off with the tag's other bits, counts 0 to 6 as the CE manual's headings, sometimes up
/// to 255 (into the opcode) as SIMH loops them.
fn convert_order(g: &mut Gen) -> String {
    let op = g.pick(&["CVR", "CRQ", "CAQ"]);
    let c = if g.chance(85) {
        g.below(7)
    } else {
        g.below(256)
    };
    card("", op, &format!("{},{},{c}", data_address(g), g.below(8)))
}

/// One of `ops` on a data word, indirect `indirect` per cent of the time, with a random tag.
fn memory_card(g: &mut Gen, ops: &[&str], indirect: u64) -> String {
    let op = g.pick(ops);
    let star = if g.chance(indirect) { "*" } else { "" };
    let tag = g.tag();
    card(
        "",
        &format!("{op}{star}"),
        &format!("{},{tag}", data_address(g)),
    )
}

/// One of the 7094's orders: double precision on an even pair, sometimes an odd address (the
/// floating trap, or one word twice), the complement stores and places, the tag mode.
fn ibm7094_order(g: &mut Gen) -> String {
    match g.below(8) {
        0..=3 => {
            let op = g.pick(DOUBLE);
            let star = if g.chance(8) { "*" } else { "" };
            let mut y = data_address(g);
            if g.chance(80) {
                y &= !1;
            }
            let tag = g.tag();
            card("", &format!("{op}{star}"), &format!("{y},{tag}"))
        }
        4 | 5 => {
            let op = g.pick(&["SCA", "SCD"]);
            card("", op, &format!("{},{}", data_address(g), g.below(8)))
        }
        6 => card("", g.pick(&["PCA", "PCD"]), &format!("0,{}", g.below(8))),
        _ => card("", g.pick(&["EMTM", "LMTM"]), ""),
    }
}

fn instruction(g: &mut Gen) -> String {
    if g.is_7094() && g.chance(15) {
        return ibm7094_order(g);
    }
    match g.below(56) {
        50..=53 => memory_card(g, FLOATING, 10),
        54 => card("", "FRN", ""),
        55 => match g.below(4) {
            0 => card("", "LFTM", ""),
            1 => card("", "EFTM", ""),
            _ => card("", "TQO", &format!("*+{}", 1 + g.below(4))),
        },
        49 => convert_order(g),
        47..=48 => count_order(g),
        45..=46 => trap_order(g),
        40 => sense(g),
        42..=44 => indicator(g),
        41 if g.chance(10) => illegal(g),
        0..=17 => memory_card(g, MEMORY, 12),
        18..=19 => {
            let op = g.pick(XR_STORE);
            card("", op, &format!("{},{}", data_address(g), 1 + g.below(7)))
        }
        20..=21 => card("", g.pick(XR_AC), &format!("0,{}", g.tag())),
        22..=23 => {
            let v = if g.chance(80) {
                g.below(8)
            } else {
                g.below(32768)
            };
            let op = if g.chance(70) { "AXT" } else { "AXC" };
            card("", op, &format!("{v},{}", 1 + g.below(3)))
        }
        24..=27 => {
            let n = g.shift_count();
            card(
                "",
                g.pick(SHIFTS),
                &format!("{n},{}", if g.chance(10) { 1 } else { 0 }),
            )
        }
        28..=30 => card("", g.pick(NO_ADDRESS), ""),
        31 => match g.below(3) {
            0 => card("", "SWT", &format!("{}", 1 + g.below(6))),
            1 => card("", "SLN", &format!("{}", 1 + g.below(4))),
            _ => card("", "SLT", &format!("{}", 1 + g.below(4))),
        },
        32..=34 => card("", g.pick(TRANSFERS), &format!("*+{}", 1 + g.below(4))),
        35..=36 => card(
            "",
            g.pick(TYPE_A),
            &format!("*+{},{},{}", 1 + g.below(4), g.tag(), g.below(6)),
        ),
        37 => card(
            "",
            "TSX",
            &format!("*+{},{}", 1 + g.below(3), 1 + g.below(2)),
        ),
        _ => card(
            "",
            "XEC",
            &format!("{}", XEC as u64 + g.below(XEC_WORDS as u64)),
        ),
    }
}

/// Trap mode's locations: 0000 (a word whose address part a transfer replaces), 0001 (where
/// a taken transfer traps: on at the location stored + 1, by an index register holding its
/// 2's complement) and 0002 (where STR goes: on at the location + 1 that STR stored).
fn trap_handlers(g: &mut Gen) -> String {
    let mut s = card("", "ORG", "0");
    let zero = if g.chance(70) { 0 } else { g.word() };
    s.push_str(&card("", "OCT", &format!("{zero:012o}")));
    s.push_str(&card("", "TTR", &HANDLER.to_string()));
    s.push_str(&card("", "TTR*", "0"));
    s.push_str(&card("", "ORG", &HANDLER.to_string()));
    s.push_str(&card("", "LAC", "0,2"));
    s.push_str(&card("", "TTR", "1,2"));
    s
}

fn gen_case(g: &mut Gen) -> Case {
    let mut s = String::new();
    // TTR, not TRA: a TRA would itself trap in trap mode.
    s.push_str(&card("", "ORG", &TRAP.to_string()));
    s.push_str(&card("", "TTR*", "0"));
    s.push_str(&card("", "ORG", &CODE.to_string()));
    let target = 5 + g.below(36) as usize;
    let mut words = 0;
    let mut toggles = Vec::new();
    while words < target {
        if g.chance(12) && words + 6 < target {
            // A counted loop on index register C: AXT n,4 ... TIX *-m,4,1.
            let n = 1 + g.below(5);
            s.push_str(&card("", "AXT", &format!("{n},4")));
            let orders = 1 + g.below(6) as usize;
            let mut body = orders;
            if g.chance(30) {
                // Code that rewrites itself: each time round, the word after the SLW turns
                // from one order into another and back (an ERA of the two), so the word run
                // the last time round is stored over before it runs again. First in the body,
                // behind two NOPs, so that no transfer lands between the CAL and the SLW (the
                // generated ones go at most four words on).
                let (o1, a1) = (g.pick(SELF_SAFE), data_address(g));
                let (o2, a2) = (g.pick(SELF_SAFE), data_address(g));
                let word = |o: &str, a: u64| by_mnemonic(o).unwrap().encode(a as u32, 0, 0, false);
                let toggle = SELF + toggles.len() as u16;
                toggles.push(word(o1, a1) ^ word(o2, a2));
                s.push_str(&card("", "NOP", ""));
                s.push_str(&card("", "NOP", ""));
                s.push_str(&card("", "CAL", "*+3"));
                s.push_str(&card("", "ERA", &toggle.to_string()));
                s.push_str(&card("", "SLW", "*+1"));
                s.push_str(&card("", o1, &a1.to_string()));
                body += 6;
            }
            for _ in 0..orders {
                s.push_str(&instruction(g));
            }
            s.push_str(&card("", "TIX", &format!("*-{body},4,1")));
            words += body + 2;
        } else {
            s.push_str(&instruction(g));
            words += 1;
        }
    }
    s.push_str(&card("END", "HPR", ""));
    for _ in 0..4 {
        s.push_str(&card("", "HPR", ""));
    }
    s.push_str(&trap_handlers(g));
    s.push_str(&card("", "ORG", &DATA.to_string()));
    for _ in 0..DATA_WORDS {
        s.push_str(&card("", "OCT", &format!("{:012o}", g.data_word())));
    }
    s.push_str(&card("", "ORG", &XEC.to_string()));
    for k in 0..XEC_WORDS {
        let target = match g.below(8) {
            // A transfer out of the program (in trap mode: 0000 gets the XEC's location).
            0 => card("", g.pick(TRANSFERS), "END"),
            // An XEC chain, possibly round a loop: SIMH and the emulator stop after 16.
            1 if g.chance(30) => card(
                "",
                "XEC",
                &format!("{}", XEC + g.below(k as u64 + 1) as u16),
            ),
            _ => {
                let op = g.pick(if g.is_7094() { XEC_SAFE_7094 } else { XEC_SAFE });
                let (address, tag) = (data_address(g), g.below(2));
                // The indicator orders' 18 bits are one octal operand in FAP.
                let field = if SI_MASK.contains(&op) {
                    format!("{:o}", tag << 15 | address)
                } else {
                    format!("{address},{tag}")
                };
                card("", op, &field)
            }
        };
        s.push_str(&target);
    }
    s.push_str(&card("", "ORG", &SELF.to_string()));
    for t in toggles {
        s.push_str(&card("", "OCT", &format!("{t:012o}")));
    }
    s.push_str(&card("", "END", &CODE.to_string()));
    let mut ac = g.data_word();
    // AC's S moves from bit 35 to 37; Q and P are sometimes set.
    ac = (ac & ((1 << 35) - 1)) | if ac >> 35 != 0 { 1 << 37 } else { 0 };
    if g.chance(10) {
        ac |= g.below(4) << 35;
    }
    let numbers: &[usize] = if g.is_7094() {
        &[1, 2, 4, 3, 5, 6, 7]
    } else {
        &[1, 2, 4]
    };
    let mut xr = [0; 8];
    for &n in numbers {
        xr[n] = if g.chance(85) {
            g.below(8) as u32
        } else {
            g.below(32768) as u32
        };
    }
    Case {
        source: s,
        ac,
        mq: g.data_word(),
        xr,
        multi: !g.is_7094() || g.chance(50),
        overflow: g.chance(30),
        divide_check: g.chance(30),
        floating_trap: g.chance(90),
        mq_overflow: g.chance(30),
        lights: g.below(16) as u8,
        switches: g.below(64) as u8,
        keys: g.word(),
        indicators: g.word(),
        trap: g.chance(20),
    }
}

/// The state compared after a program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    regs: BTreeMap<String, u64>,
    mem: BTreeMap<u16, u64>,
}

fn regions() -> Vec<(u16, u16)> {
    vec![
        (0, HANDLER + 1),
        (CODE, CODE + 63),
        (DATA, DATA + DATA_WORDS - 1),
        (SELF, SELF + 7),
    ]
}

/// The index registers compared: A, B, C on the 7090, all seven on the 7094.
fn xr_numbers(model: Model) -> &'static [usize] {
    match model {
        Model::Ibm7094 => &[1, 2, 3, 4, 5, 6, 7],
        _ => &[1, 2, 4],
    }
}

fn emulator_state(m: &Machine) -> State {
    let mut regs = BTreeMap::new();
    regs.insert("PC".into(), m.ic as u64);
    regs.insert("AC".into(), m.ac);
    regs.insert("MQ".into(), m.mq);
    for &n in xr_numbers(m.model()) {
        regs.insert(format!("XR{n}"), m.xr[n] as u64);
    }
    if m.model() == Model::Ibm7094 {
        regs.insert("MULTI".into(), m.multi_tag as u64);
    }
    regs.insert("OVF".into(), m.overflow as u64);
    regs.insert("DVC".into(), m.divide_check as u64);
    regs.insert("FTRAP".into(), m.floating_trap as u64);
    regs.insert("MQO".into(), m.mq_overflow as u64);
    regs.insert("SI".into(), m.sense_indicators);
    regs.insert("TTRAP".into(), m.trap_mode as u64);
    regs.insert("CHTR_ENAB".into(), m.channel_traps.enable as u64);
    regs.insert("CHTR_INHT".into(), m.channel_traps.inhibit as u64);
    for n in 1..=4 {
        regs.insert(format!("SL{n}"), (m.sense_lights >> (n - 1)) as u64 & 1);
    }
    let mut mem = BTreeMap::new();
    for (a, b) in regions() {
        for x in a..=b {
            mem.insert(x, m.mem()[x as usize]);
        }
    }
    State { regs, mem }
}

/// The registers compared (the index registers and the 7094's mode by `compared`).
const COMPARED: &[&str] = &[
    "PC",
    "AC",
    "MQ",
    "OVF",
    "DVC",
    "FTRAP",
    "MQO",
    "SL1",
    "SL2",
    "SL3",
    "SL4",
    "SI",
    "TTRAP",
    "CHTR_ENAB",
    "CHTR_INHT",
];

/// Every register compared on `model`.
fn compared(model: Model) -> Vec<String> {
    let mut names: Vec<String> = COMPARED.iter().map(|r| r.to_string()).collect();
    names.extend(xr_numbers(model).iter().map(|n| format!("XR{n}")));
    if model == Model::Ibm7094 {
        names.push("MULTI".into());
    }
    names
}

/// The SIMH command file for a batch; decks are written into `dir`.
fn simh_script(model: Model, cases: &[(Case, fap::Program)], dir: &Path) -> String {
    // The emulator's machine has channel B with its ten tape units; SIMH's has only A unless
    // told.
    let mut s = format!("set cpu {model}\nset chanb enabled\nset mtb enabled\n");
    for (n, (c, p)) in cases.iter().enumerate() {
        let deck = dir.join(format!("c{n}.obj"));
        std::fs::write(&deck, p.object_deck()).unwrap();
        let _ = writeln!(s, "load {}", deck.display());
        for &x in xr_numbers(model) {
            let _ = writeln!(s, "deposit XR{x} {:o}", c.xr[x]);
        }
        if model == Model::Ibm7094 {
            // Not left to `set cpu` or a reset: SIMH keeps the mode across them.
            let _ = writeln!(s, "deposit MULTI {}", c.multi as u8);
        }
        let regs = [
            ("AC", c.ac),
            ("MQ", c.mq),
            ("OVF", c.overflow as u64),
            ("DVC", c.divide_check as u64),
            ("FTRAP", c.floating_trap as u64),
            ("MQO", c.mq_overflow as u64),
            ("KEYS", c.keys),
            ("SI", c.indicators),
            ("TTRAP", c.trap as u64),
            ("CHTR_ENAB", 0),
            ("CHTR_INHT", 0),
        ];
        for (r, v) in regs {
            let _ = writeln!(s, "deposit {r} {v:o}");
        }
        for n in 1..=4 {
            let _ = writeln!(s, "deposit SL{n} {}", (c.lights >> (n - 1)) & 1);
        }
        for n in 1..=6 {
            let _ = writeln!(s, "deposit SS{n} {}", (c.switches >> (n - 1)) & 1);
        }
        // A previous program's HTR leaves a restart pending in SIMH; clear it.
        let _ = writeln!(
            s,
            "deposit HTPEND 0\ndeposit PC {CODE:o}\nstep {STEPS}\necho @@CASE {n}"
        );
        for r in compared(model).iter().chain(&["HTADDR".to_string()]) {
            let _ = writeln!(s, "examine {r}");
        }
        for (a, b) in regions() {
            let _ = writeln!(s, "examine {a:o}-{b:o}");
        }
    }
    s.push_str("echo @@STORE\nexamine 0-77777\nquit\n");
    s
}

/// Parse `NAME:\tvalue` and `addr:\tvalue` lines (octal) into states, one per `@@CASE`, and
/// the final store.
fn parse_simh(out: &str) -> (Vec<State>, Vec<u64>) {
    let mut states: Vec<State> = Vec::new();
    let mut store = vec![0u64; 32768];
    let mut in_store = false;
    for line in out.lines() {
        if line.starts_with("@@CASE") {
            states.push(State::default());
            continue;
        }
        if line.starts_with("@@STORE") {
            in_store = true;
            continue;
        }
        let Some((k, v)) = line.split_once(":\t") else {
            continue;
        };
        let Ok(v) = u64::from_str_radix(v.trim(), 8) else {
            continue;
        };
        if in_store {
            if let Ok(a) = u16::from_str_radix(k.trim(), 8) {
                store[a as usize] = v;
            }
        } else if let Some(st) = states.last_mut() {
            match u16::from_str_radix(k.trim(), 8) {
                Ok(a) => {
                    st.mem.insert(a, v);
                }
                Err(_) => {
                    st.regs.insert(k.trim().to_string(), v);
                }
            }
        }
    }
    (states, store)
}

/// A code the 7090 does not have that SIMH's 7090 executes (docs/ibm7090.md, Differences 3):
/// ESNT (−0021), LDA (+0460), CPY (+0700), CAD (−0700), SCD (±0644-0647).
fn simh_only(word: u64) -> bool {
    matches!(
        (word >> 24) & 0o7777,
        0o4021 | 0o0460 | 0o0700 | 0o4700 | 0o0644..=0o0647 | 0o4644..=0o4647
    )
}

fn oct(v: Option<&u64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:o}"))
}

/// How the compared programs ended.
#[derive(Default)]
struct Ends {
    halts: usize,
    /// Programs that ended on an I/O order the machine cannot do.
    channel_stops: usize,
    illegal: usize,
    xec_loops: usize,
    in_trap_mode: usize,
    /// Programs that took a floating trap (0000's decrement changed to a spill code).
    floating_traps: usize,
    /// Programs that ended with channel traps enabled (ENB of a word with enable bits).
    traps_enabled: usize,
    /// The 7094: programs that ended out of multiple-tag mode, and executions of its own
    /// orders (from the cycle profile).
    seven_registers: usize,
    ibm7094_orders: u64,
    /// Programs the hot loop's twin ran with no budget (they stop by themselves), and those
    /// it stopped on a tight loop (not compared).
    hot_runs: usize,
    hot_tight: usize,
}

impl Ends {
    fn add(&mut self, o: &Ends) {
        self.halts += o.halts;
        self.channel_stops += o.channel_stops;
        self.illegal += o.illegal;
        self.xec_loops += o.xec_loops;
        self.in_trap_mode += o.in_trap_mode;
        self.floating_traps += o.floating_traps;
        self.traps_enabled += o.traps_enabled;
        self.seven_registers += o.seven_registers;
        self.ibm7094_orders += o.ibm7094_orders;
        self.hot_runs += o.hot_runs;
        self.hot_tight += o.hot_tight;
    }
}

/// A program's words and starting state, over what the batch's store holds.
fn set_case(m: &mut Machine, c: &Case, p: &assembler::fap::Program) {
    for (&a, &w) in &p.words {
        m.mem_mut()[a as usize] = w;
    }
    m.ac = c.ac;
    m.mq = c.mq;
    m.xr = c.xr;
    m.multi_tag = c.multi;
    m.overflow = c.overflow;
    m.divide_check = c.divide_check;
    m.floating_trap = c.floating_trap;
    m.mq_overflow = c.mq_overflow;
    m.sense_lights = c.lights;
    m.sense_switches = c.switches;
    m.keys = c.keys;
    m.sense_indicators = c.indicators;
    m.trap_mode = c.trap;
    m.channel_traps = ChannelTraps::default();
    m.halt_trap = None;
    m.ic = CODE as u32;
}

/// The hot loop's run of the program `m` ran by single steps (`count`: its instructions and
/// cycles, ending with `stop`): a program that stopped runs under a budget far above its count
/// (the hot loop in whole slices), one the fetch limit ended runs to the same count. It must
/// stop alike and leave what the single steps left; a tight loop it stops on, where single
/// steps go on, is not compared.
fn hot_twin(
    h: &mut Machine,
    m: &Machine,
    stop: Option<Stop>,
    count: (u64, u64),
    ends: &mut Ends,
) -> Option<String> {
    let start = (h.instructions(), h.cycles());
    let limits = match stop {
        Some(_) => Limits::instructions(count.0 + 1_000_000),
        None => Limits::instructions(count.0),
    };
    let got = h.run(limits);
    if let Stop::TightLoop { .. } = got {
        if stop.is_none() {
            ends.hot_tight += 1;
            return None;
        }
    }
    ends.hot_runs += stop.is_some() as usize;
    let want = stop.unwrap_or(Stop::InstructionBudget);
    let (a, b) = (emulator_state(h), emulator_state(m));
    let counts = (h.instructions() - start.0, h.cycles() - start.1);
    if got != want || a != b || counts != count {
        return Some(format!(
            "the hot loop ended {got:?} after {counts:?} instructions and cycles, single steps \
             {want:?} after {count:?}; registers and store alike: {}",
            a == b
        ));
    }
    None
}

/// Run one batch; returns (programs compared, how they ended, difference reports). Programs
/// after one that left the subset are not compared (and not counted).
fn batch(model: Model, seed: u64, count: usize, simh: &Path) -> (usize, Ends, Vec<String>) {
    let mut g = Gen::new(seed, model);
    let mut cases = Vec::with_capacity(count);
    for _ in 0..count {
        let c = gen_case(&mut g);
        let p = match fap::assemble(&c.source, "generated.fap") {
            Ok(p) => p,
            Err(e) => panic!("generated program does not assemble: {e}\n{}", c.source),
        };
        cases.push((c, p));
    }
    let dir = std::env::temp_dir().join(format!(
        "firstmoves-simh-{}-{model}-{seed}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("batch.ini");
    std::fs::write(&script, simh_script(model, &cases, &dir)).unwrap();
    let out = Command::new(simh)
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let (simh_states, simh_store) = parse_simh(&text);
    assert_eq!(
        simh_states.len(),
        count,
        "SIMH output:\n{}",
        &text[..text.len().min(4000)]
    );

    let mut m = Machine::with_model(model);
    m.set_profile(true);
    // The hot loop's twin: each program from the same state, by `run` (no profile, so through
    // the hot loop), must end as the single steps did.
    let mut h = Machine::with_model(model);
    let mut reports = Vec::new();
    let mut left_subset = 0;
    let mut ends = Ends::default();
    for (n, ((c, p), theirs)) in cases.iter().zip(&simh_states).enumerate() {
        set_case(&mut m, c, p);
        h.mem_mut().copy_from_slice(m.mem());
        set_case(&mut h, c, p);
        let start = (m.instructions(), m.cycles());
        let mut stop = None;
        for _ in 0..STEPS {
            if let Some(s) = m.step() {
                stop = Some(s);
                break;
            }
        }
        let outside = match stop {
            Some(Stop::Unimplemented { .. }) => true,
            Some(Stop::IllegalOrder { word, .. }) => simh_only(word),
            _ => false,
        };
        if outside {
            // The program executed a word outside the subset (a data word its wandering stores
            // put where XEC or a trap looks): SIMH went on with it, so from here the two
            // machines no longer hold the same state (SIMH's ESNT, for one, leaves storage
            // nullification on for the rest of the batch); the rest is not compared.
            left_subset = cases.len() - n;
            break;
        }
        let count = (m.instructions() - start.0, m.cycles() - start.1);
        if let Some(r) = hot_twin(&mut h, &m, stop, count, &mut ends) {
            reports.push(format!("{model} seed {seed} case {n}: {r}\n{}", c.source));
        }
        match stop {
            Some(Stop::IllegalOrder { .. }) => ends.illegal += 1,
            Some(Stop::XecLoop { .. }) => ends.xec_loops += 1,
            _ => {}
        }
        ends.in_trap_mode += m.trap_mode as usize;
        let decrement = |w: u64| (w >> 18) & 0o77777;
        let zero = p.words.get(&0).copied().unwrap_or(0);
        if decrement(m.mem()[0]) != decrement(zero) && (1..=0o17).contains(&decrement(m.mem()[0])) {
            ends.floating_traps += 1;
        }
        ends.traps_enabled += (m.channel_traps.enable != 0) as usize;
        ends.seven_registers += !m.multi_tag as usize;
        let mut ours = emulator_state(&m);
        let mut theirs = theirs.clone();
        // SIMH keeps ENB's whole low half; the 7090's register has the channels' bits.
        if let Some(e) = theirs.regs.get_mut("CHTR_ENAB") {
            *e &= ENABLE_BITS as u64;
        }
        let htr = theirs.regs.remove("HTADDR");
        if let Some(Stop::Halt {
            address, target, ..
        }) = stop
        {
            ends.halts += 1;
            // SIMH halts on HTR with PC at the next instruction and the restart address in
            // HTADDR; the emulator's IC already holds the restart address (docs/ibm7090.md,
            // Differences 1). Compare both facts.
            ours.regs
                .insert("PC".into(), ((address + 1) & 0o77777) as u64);
            if htr != Some(target as u64) {
                reports.push(format!(
                    "seed {seed} case {n}: HTR restart address firstmoves {target:o} SIMH {}\n{}",
                    oct(htr.as_ref()),
                    c.source
                ));
            }
        }
        if let Some(Stop::Channel { address, .. }) = stop {
            ends.channel_stops += 1;
            // An I/O order the machine cannot do (a word the program computed, run as a select
            // or channel order of a channel or unit it lacks): the emulator leaves its IC on
            // the order, SIMH its PC past it (docs/ibm7090.md, Differences 1); the same stop.
            if m.ic == address as u32 {
                ours.regs
                    .insert("PC".into(), ((address + 1) & 0o77777) as u64);
            }
        }
        let theirs = &theirs;
        if &ours != theirs {
            let mut r = format!("{model} seed {seed} case {n} (stop {stop:?}):\n");
            for k in compared(model) {
                let (a, b) = (ours.regs.get(&k), theirs.regs.get(&k));
                if a != b {
                    let _ = writeln!(r, "  {k}: firstmoves {} SIMH {}", oct(a), oct(b));
                }
            }
            for (a, w) in &ours.mem {
                let t = theirs.mem.get(a);
                if Some(w) != t {
                    let _ = writeln!(r, "  {a:05o}: firstmoves {w:012o} SIMH {}", oct(t));
                }
            }
            let _ = write!(r, "{}", c.source);
            reports.push(r);
        }
    }
    ends.ibm7094_orders = m.profile().map_or(0, |p| {
        p.rows()
            .filter(|(info, _)| !info.on(Model::Ibm7090))
            .map(|(_, r)| r.count)
            .sum()
    });
    if reports.is_empty() && left_subset == 0 {
        for (a, (&ours, &theirs)) in m.mem().iter().zip(&simh_store).enumerate() {
            if ours != theirs {
                reports.push(format!(
                    "seed {seed}: store after the batch differs at {a:05o}: firstmoves {ours:012o} SIMH {theirs:012o}"
                ));
                break;
            }
        }
    }
    (count - left_subset, ends, reports)
}

fn campaign(model: Model, seeds: std::ops::Range<u64>, per_batch: usize) {
    let simh = i7094();
    let mut total = 0;
    let mut ends = Ends::default();
    let mut reports = Vec::new();
    let seeds_len = seeds.end as usize - seeds.start as usize;
    for seed in seeds {
        let (n, e, r) = batch(model, seed, per_batch, &simh);
        total += n;
        ends.add(&e);
        reports.extend(r);
    }
    let ibm7094 = match model {
        Model::Ibm7094 => format!(
            "; {} ended out of multiple-tag mode; {} executions of the 7094's orders",
            ends.seven_registers, ends.ibm7094_orders
        ),
        _ => String::new(),
    };
    println!(
        "{model}: {total} of {} programs compared with SIMH i7094 ({} followed a program that left the \
         subset in their batch; {} ended on HTR, {} on an I/O order it cannot do, {} on an illegal order, {} on an XEC loop, {} \
         in trap mode; {} took a floating trap; {} ended with channel traps enabled{ibm7094}; the \
         hot loop ran {} with no budget, {} to a tight loop), {} differences",
        seeds_len * per_batch,
        seeds_len * per_batch - total,
        ends.halts,
        ends.channel_stops,
        ends.illegal,
        ends.xec_loops,
        ends.in_trap_mode,
        ends.floating_traps,
        ends.traps_enabled,
        ends.hot_runs,
        ends.hot_tight,
        reports.len()
    );
    for r in reports.iter().take(5) {
        println!("{r}");
    }
    assert!(
        reports.is_empty(),
        "{} of {total} programs differ",
        reports.len()
    );
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn random_programs_agree_with_simh() {
    campaign(Model::Ibm7090, 0..40, 200);
}

#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn random_7094_programs_agree_with_simh() {
    campaign(Model::Ibm7094, 0..40, 200);
}

#[test]
#[ignore = "long campaign: 100,000 more programs"]
fn random_programs_agree_with_simh_long() {
    campaign(Model::Ibm7090, 1000..1500, 200);
}

#[test]
#[ignore = "long campaign: 100,000 more programs on the 7094"]
fn random_7094_programs_agree_with_simh_long() {
    campaign(Model::Ibm7094, 1000..1500, 200);
}

/// The instruction table's codes against SIMH's own disassembler (`examine -m`), an
/// independent transcription of the same codes (i7094_sys.c).
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn instruction_table_agrees_with_simh_disassembler() {
    use emu::ibm7090::isa::{Format, TABLE};
    let simh = i7094();
    let rows: Vec<_> = TABLE
        .iter()
        .filter(|i| !matches!(i.format, Format::ChannelCommand | Format::PrefixData))
        .filter(|i| !emu::ibm7090::isa::is_extended(i))
        .collect();
    let mut s = String::from("set cpu 7090\n");
    for (n, info) in rows.iter().enumerate() {
        // The last operand that decodes to this row (PSE, MSE: 77777, an unassigned address).
        let w = (info.operand_min..=info.operand_max)
            .rev()
            .map(|a| info.encode(a as u32, 0, 0, false))
            .find(|&w| emu::ibm7090::decode(w).is_some_and(|i| std::ptr::eq(i, *info)))
            .expect("an operand that decodes to the row");
        let _ = writeln!(s, "deposit {:o} {w:o}", 0o1000 + n);
    }
    let _ = writeln!(s, "examine -m 1000-{:o}\nquit", 0o1000 + rows.len() - 1);
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-isa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("isa.ini");
    std::fs::write(&script, s).unwrap();
    let out = Command::new(simh)
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut names = BTreeMap::new();
    for line in text.lines() {
        if let Some((a, d)) = line.split_once(":\t") {
            if let Ok(a) = u16::from_str_radix(a.trim(), 8) {
                let name: String = d
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(|c: char| c.is_ascii_digit() || c == '*')
                    .to_string();
                names.insert(a, name);
            }
        }
    }
    // SIMH's disassembler names two codes differently from its own executor (i7094_cpu.c
    // executes 01114 as CAQ and 01535 as LDC, with the comments "CAQ" and "LDC"); the
    // manual's names are CAQ −0114 (CE manual p.138) and LDC −0535 (notes §2).
    // It has no names for the printer and punch senses (it writes the generic PSE with the
    // address) nor for +0641/−0641 (SCHC, SCHD), which its executor runs as store channel C
    // and D (9AP's op table names them so).
    let known = [
        ("CAQ", "CVR"),
        ("LDC", "LXC"),
        ("SPUA", "PSE"),
        ("SPTA", "PSE"),
        ("SPRA", "PSE"),
        ("SCHC", ""),
        ("SCHD", ""),
    ];
    let mut differ = Vec::new();
    for (n, info) in rows.iter().enumerate() {
        let theirs = names.get(&(0o1000 + n as u16)).cloned().unwrap_or_default();
        if theirs != info.mnemonic && !known.contains(&(info.mnemonic, theirs.as_str())) {
            differ.push(format!(
                "{} {:04o}: SIMH says {theirs}",
                info.mnemonic, info.opcode
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// scripts/bench-7090.fap, assembled, and the machine that has run it to its end.
fn benchmark_run() -> (fap::Program, emu::ibm7090::Machine) {
    use emu::ibm7090::bench::bench_machine;
    use emu::ibm7090::Limits;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("scripts/bench-7090.fap")).unwrap();
    let p = fap::assemble(&source, "bench-7090.fap").unwrap();
    let mut m = bench_machine();
    let stop = m.run(Limits::none());
    assert_eq!(stop, Stop::HaltProceed { address: 0o114 });
    (p, m)
}

/// scripts/bench-7090.fap assembles to the words `firstmoves bench 7090` runs, and the whole
/// 90-million-instruction program takes the instructions and cycles counted by hand.
#[test]
fn benchmark_program_is_the_one_the_bench_runs() {
    use emu::ibm7090::bench::{bench_program, BENCH_INSTRUCTIONS};
    let (p, m) = benchmark_run();
    let mut ours: BTreeMap<u16, u64> = bench_program().into_iter().collect();
    ours.entry(0o202).or_insert(0);
    assert_eq!(p.words, ours);
    assert_eq!(m.instructions(), BENCH_INSTRUCTIONS);
    // Per inner trip 17 cycles; per outer trip AXT and TIX; the first AXT and the HPR.
    assert_eq!(m.cycles(), 1 + 5000 * (1 + 2000 * 17 + 1) + 1);
}

/// The benchmark program ends with the same registers on SIMH as here.
#[test]
#[cfg_attr(
    not(has_i7094),
    ignore = "needs SIMH's i7094 (apt-get install simh); CI runs it"
)]
fn benchmark_program_ends_alike_on_simh() {
    let (p, m) = benchmark_run();
    let simh = i7094();
    let dir = std::env::temp_dir().join(format!("firstmoves-simh-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deck = dir.join("bench.obj");
    std::fs::write(&deck, p.object_deck()).unwrap();
    let script = dir.join("bench.ini");
    std::fs::write(
        &script,
        format!(
            "set cpu 7090\nload {}\ngo 100\necho @@CASE 0\nexamine PC\nexamine AC\nexamine MQ\n\
             examine XR1\nexamine XR2\nexamine XR4\nexamine OVF\nquit\n",
            deck.display()
        ),
    )
    .unwrap();
    let out = Command::new(simh)
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("i7094 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let (states, _) = parse_simh(&String::from_utf8_lossy(&out.stdout));
    let ours = emulator_state(&m);
    for r in ["PC", "AC", "MQ", "XR1", "XR2", "XR4", "OVF"] {
        assert_eq!(ours.regs.get(r), states[0].regs.get(r), "{r}");
    }
}
