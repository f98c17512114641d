//! The differential's programs: the store's layout, the generator (`Gen`, seeded, so every
//! run makes the same programs) and one program with its starting state (`gen_case`).

use emu::ibm7090::isa::by_mnemonic;
use emu::ibm7090::Model;
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Code at 64 (0o100), data at 1024 (0o2000), XEC targets at 1536 (0o3000); at 8 (0o10),
/// where the floating trap goes, `TTR* 0` returns to the address the trap left in 0000.
pub(crate) const CODE: u16 = 0o100;
pub(crate) const TRAP: u16 = 0o10;
pub(crate) const DATA: u16 = 0o2000;
pub(crate) const DATA_WORDS: u16 = 64;
pub(crate) const XEC: u16 = 0o3000;
pub(crate) const XEC_WORDS: u16 = 16;
/// The words that turn a self-rewriting order into another (`gen_case`), and the orders it
/// turns between.
pub(crate) const SELF: u16 = 0o3100;
pub(crate) const SELF_SAFE: &[&str] = &[
    "CLA", "CLS", "CAL", "ADD", "SUB", "ANA", "ORA", "ERA", "ACL", "LDQ",
];
/// The trap handler's second half (0001 goes there), below the floating-point trap's 0010
/// and the channel traps' 0012-0031.
pub(crate) const HANDLER: u16 = 0o40;

pub(crate) struct Gen {
    rng: TestRng,
    model: Model,
}

impl Gen {
    /// The 7090's programs as they always were; the 7094's from another seed string.
    pub(crate) fn new(seed: u64, model: Model) -> Gen {
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
pub(crate) struct Case {
    pub(crate) source: String,
    pub(crate) ac: u64,
    pub(crate) mq: u64,
    /// By number: XR1, XR2, XR4 (the 7090's A, B, C), on the 7094 XR1-XR7.
    pub(crate) xr: [u32; 8],
    /// The 7094's multiple-tag mode (always on in the 7090).
    pub(crate) multi: bool,
    pub(crate) overflow: bool,
    pub(crate) divide_check: bool,
    pub(crate) floating_trap: bool,
    pub(crate) mq_overflow: bool,
    pub(crate) lights: u8,
    pub(crate) switches: u8,
    pub(crate) keys: u64,
    pub(crate) indicators: u64,
    pub(crate) trap: bool,
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

pub(crate) fn gen_case(g: &mut Gen) -> Case {
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
