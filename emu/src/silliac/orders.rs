//! The SILLIAC order code: sexadecimal notation, order and word layout.
//!
//! An order is 20 digits: an 8-digit function (type digit, variant digit), 2 unused digits
//! and a 10-digit address. A word holds the left-hand order in digits 0-19 and the
//! right-hand order in digits 20-39. The left-hand order is executed first.

/// Sexadecimal digits as SILLIAC/ILLIAC wrote them: 0-9 then K S N J F L for 10-15.
pub const SEXADECIMAL: [char; 16] = [
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K', 'S', 'N', 'J', 'F', 'L',
];

/// The word's layout is the arithmetic unit's; the assembler reads the mask here, beside the
/// orders' layout.
pub use super::arith::WORD_MASK;
use super::arith::{Gate, Preset};

/// Mask of a 20-bit order.
pub const ORDER_MASK: u32 = (1 << 20) - 1;

/// Value of one sexadecimal character (upper or lower case), if it is one.
pub fn sex_digit(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        d @ '0'..='9' => Some(d as u8 - b'0'),
        'K' => Some(10),
        'S' => Some(11),
        'N' => Some(12),
        'J' => Some(13),
        'F' => Some(14),
        'L' => Some(15),
        _ => None,
    }
}

/// The two-character name of a function code, e.g. `0xF5` -> `"L5"`.
pub fn function_name(code: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push(SEXADECIMAL[(code >> 4) as usize]);
    s.push(SEXADECIMAL[(code & 15) as usize]);
    s
}

/// Parse a two-character function name such as `L5` or `26`.
pub fn parse_function(s: &str) -> Option<u8> {
    let mut chars = s.chars();
    let t = sex_digit(chars.next()?)?;
    let v = sex_digit(chars.next()?)?;
    if chars.next().is_some() {
        return None;
    }
    Some(t << 4 | v)
}

/// A 40-bit word written as ten sexadecimal characters, digit 0 first.
pub fn word_to_sex(word: u64) -> String {
    (0..10)
        .rev()
        .map(|i| SEXADECIMAL[((word >> (4 * i)) & 15) as usize])
        .collect()
}

/// Which order of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    Left,
    Right,
}

impl Half {
    pub fn letter(self) -> char {
        match self {
            Half::Left => 'L',
            Half::Right => 'R',
        }
    }
}

/// One 20-bit order: function (8 digits), the 2 unused digits, address (10 digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    pub function: u8,
    /// The two digits between function and address; unused by the machine, kept so that a
    /// word read back from store is reproduced exactly.
    pub spare: u8,
    pub address: u16,
}

impl Order {
    pub const fn new(function: u8, address: u16) -> Order {
        Order {
            function,
            spare: 0,
            address: address & 0x3FF,
        }
    }

    pub const fn from_bits(bits: u32) -> Order {
        Order {
            function: (bits >> 12) as u8,
            spare: ((bits >> 10) & 3) as u8,
            address: (bits & 0x3FF) as u16,
        }
    }

    pub const fn bits(self) -> u32 {
        (self.function as u32) << 12
            | ((self.spare as u32) & 3) << 10
            | (self.address as u32 & 0x3FF)
    }

    /// The order as written in period notation with a decimal address, e.g. `L5 100`.
    pub fn to_text(self) -> String {
        format!("{} {}", function_name(self.function), self.address)
    }
}

/// The left-hand order of a word (digits 0-19).
pub const fn left(word: u64) -> Order {
    Order::from_bits(((word >> 20) as u32) & ORDER_MASK)
}

/// The right-hand order of a word (digits 20-39).
pub const fn right(word: u64) -> Order {
    Order::from_bits((word as u32) & ORDER_MASK)
}

/// A word made of an order pair.
pub const fn pair(left: Order, right: Order) -> u64 {
    (left.bits() as u64) << 20 | right.bits() as u64
}

/// Disassemble a word as its order pair, e.g. `"L5 100 | 26 7"`.
pub fn disassemble_word(word: u64) -> String {
    format!("{} | {}", left(word).to_text(), right(word).to_text())
}

// ---------------------------------------------------------------------------------------------
// The order table: one row per function code (type digit x variant digit), the ONE place the
// variant digit is decoded (`row`). The emulator's dispatch (`action`, `preset`), its stops,
// the disassembler and the assembler all read the rows. Source tags as in
// shared/notes/silliac-machine.md: [P] period document, [E] the il1.c hobbyist emulator,
// [X] X1.pt, [X2] Carrigan's square root, [X3] tapes P2/P12/t.pt, [B] Borasky, [I] inference.
// ---------------------------------------------------------------------------------------------

/// How much is known about a function code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Behaviour defined by the sources or inferred from the variant-bit model (see `source`).
    Defined,
    /// A variant combination the period documents call "unwanted" (B8 without B1) or an order
    /// for hardware SILLIAC did not have: the emulator stops.
    Unwanted,
    /// No source says what it does: the emulator stops.
    Unknown,
}

/// Which row of the timing table (`timing.rs`) an order's duration comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimingClass {
    Add,
    Multiply,
    Divide,
    Shift,
    Transfer,
    Store,
    AddressStore,
    QLoad,
    Extract,
    Read,
    Punch,
    Character,
    /// Orders the machine refuses (unwanted/unknown): never charged.
    None,
}

/// Which part of M(n) a store order writes (variant bits B2, B4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreField {
    /// The whole word (B2 = 0).
    Word,
    /// The address of the left-hand (B4 = 1) or right-hand order: digits 10-19 or 30-39.
    Address(Half),
}

/// What the machine does for an order, its variant digit decoded (apart from `Preset`, which
/// every obeyed order applies first). The emulator dispatches on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Not obeyed: the machine stops (status Unwanted or Unknown).
    Refuse,
    /// A := A + M(n) through the gate (L, F families).
    Add(Gate),
    /// A := A + Q through the gate (S, K families).
    AddQ(Gate),
    /// A:Q := M(n) through the gate x Q, plus A (7x).
    Multiply(Gate),
    /// Q := A:Q / M(n) through the gate, A := remainder (6x).
    Divide(Gate),
    /// Shift A:Q left (0x) or right (1x) n places.
    ShiftLeft,
    ShiftRight,
    /// Go to the `to` order of word n, after stopping if `stop`; `conditional`: only if A >= 0
    /// (3x), else always (2x).
    Transfer {
        to: Half,
        stop: bool,
        conditional: bool,
    },
    /// M(n), or one of its address fields, := A (4x).
    Store(StoreField),
    /// Q := M(n) (5x).
    LoadQ,
    /// Q := Q and M(n) (Jx).
    Extract,
    /// Read n/4 sexadecimal characters (80, 81).
    Read,
    /// Punch n/4 sexadecimal characters (82, 83).
    Punch,
    /// Punch one 5-hole character (92).
    Character,
}

/// One row of the order table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderInfo {
    pub code: u8,
    pub status: Status,
    /// What the order does, n = address.
    pub summary: &'static str,
    /// Source tags for the meaning (see the module comment).
    pub source: &'static str,
    pub timing: TimingClass,
    /// A at the start of the order (B1, B8); `Hold` for refused orders.
    pub preset: Preset,
    /// What the emulator does.
    pub action: Action,
}

impl OrderInfo {
    /// The order of word n a transfer goes to; `None` if the order is no transfer.
    pub const fn transfer_to(&self) -> Option<Half> {
        match self.action {
            Action::Transfer { to, .. } => Some(to),
            _ => None,
        }
    }
}

/// The row of the order table for a function code.
pub fn info(code: u8) -> &'static OrderInfo {
    &ORDER_TABLE[code as usize]
}

/// All 256 rows, indexed by function code.
pub static ORDER_TABLE: [OrderInfo; 256] = ORDER_TABLE_CONST;

/// The same table as a constant, so that `timing.rs` can build its hot-loop table at compile time.
pub(crate) const ORDER_TABLE_CONST: [OrderInfo; 256] = build_table();

const fn build_table() -> [OrderInfo; 256] {
    let mut t = [unknown(0, "", ""); 256];
    let mut c = 0;
    while c < 256 {
        t[c] = row(c as u8);
        c += 1;
    }
    t
}

const fn def(
    code: u8,
    summary: &'static str,
    source: &'static str,
    timing: TimingClass,
    action: Action,
) -> OrderInfo {
    OrderInfo {
        code,
        status: Status::Defined,
        summary,
        source,
        timing,
        preset: preset(code & 15),
        action,
    }
}

const fn unwanted(code: u8, summary: &'static str, source: &'static str) -> OrderInfo {
    OrderInfo {
        code,
        status: Status::Unwanted,
        summary,
        source,
        timing: TimingClass::None,
        preset: Preset::Hold,
        action: Action::Refuse,
    }
}

const fn unknown(code: u8, summary: &'static str, source: &'static str) -> OrderInfo {
    OrderInfo {
        code,
        status: Status::Unknown,
        summary,
        source,
        timing: TimingClass::None,
        preset: Preset::Hold,
        action: Action::Refuse,
    }
}

/// B1 clears A at the start of the order; B8 with B1 sets A := 1/2 ("roundoff").
const fn preset(v: u8) -> Preset {
    if v & 1 == 0 {
        Preset::Hold
    } else if v & 8 == 0 {
        Preset::Clear
    } else {
        Preset::OneHalf
    }
}

/// The complement gate: B4 = 0 negates the operand, B2 takes its absolute value; the
/// increment families (F, K) invert the carry of the negation.
const fn gate(v: u8, increment: bool) -> Gate {
    Gate {
        negate: v & 4 == 0,
        abs: v & 2 != 0,
        increment,
    }
}

/// Transfers: B4 goes to the left-hand order (else the right), B2 goes at once (else stops
/// first).
const fn transfer(v: u8, conditional: bool) -> Action {
    Action::Transfer {
        to: if v & 4 != 0 { Half::Left } else { Half::Right },
        stop: v & 2 == 0,
        conditional,
    }
}

/// Stores: B2 writes one address field only, the left-hand one with B4.
const fn store_field(v: u8) -> StoreField {
    match (v & 2 != 0, v & 4 != 0) {
        (false, _) => StoreField::Word,
        (true, true) => StoreField::Address(Half::Left),
        (true, false) => StoreField::Address(Half::Right),
    }
}

const B8_WITHOUT_B1: &str = "variant with B8 but not B1: \"unwanted operations\"";
const B8_SOURCE: &str = "[P] Report 38; [E] halts";

/// Summaries of the add family by variant digit; `M` stands for the operand.
const ADD_L: [&str; 16] = [
    "A := A - M(n)",
    "A := -M(n)",
    "A := A - |M(n)|",
    "A := -|M(n)|",
    "A := A + M(n)",
    "A := M(n)",
    "A := A + |M(n)|",
    "A := |M(n)|",
    "",
    "A := 1/2 - M(n)",
    "",
    "A := 1/2 - |M(n)|",
    "",
    "A := 1/2 + M(n)",
    "",
    "A := 1/2 + |M(n)|",
];
const ADD_S: [&str; 16] = [
    "A := A - Q",
    "A := -Q",
    "A := A - |Q|",
    "A := -|Q|",
    "A := A + Q",
    "A := Q",
    "A := A + |Q|",
    "A := |Q|",
    "",
    "A := 1/2 - Q",
    "",
    "A := 1/2 - |Q|",
    "",
    "A := 1/2 + Q",
    "",
    "A := 1/2 + |Q|",
];
const ADD_F: [&str; 16] = [
    "A := A + not M(n) (= A - M - 2^-39)",
    "A := not M(n) (= -M - 2^-39)",
    "A := A + not |M(n)|",
    "A := not |M(n)|",
    "A := A + M(n) + 2^-39",
    "A := M(n) + 2^-39",
    "A := A + |M(n)| + 2^-39 (see doc)",
    "A := |M(n)| + 2^-39 (see doc)",
    "",
    "A := 1/2 + not M(n)",
    "",
    "A := 1/2 + not |M(n)|",
    "",
    "A := 1/2 + M(n) + 2^-39",
    "",
    "A := 1/2 + |M(n)| + 2^-39 (see doc)",
];
const ADD_K: [&str; 16] = [
    "A := A + not Q (= A - Q - 2^-39)",
    "A := not Q (= -Q - 2^-39)",
    "A := A + not |Q|",
    "A := not |Q|",
    "A := A + Q + 2^-39",
    "A := Q + 2^-39",
    "A := A + |Q| + 2^-39 (see doc)",
    "A := |Q| + 2^-39 (see doc)",
    "",
    "A := 1/2 + not Q",
    "",
    "A := 1/2 + not |Q|",
    "",
    "A := 1/2 + Q + 2^-39",
    "",
    "A := 1/2 + |Q| + 2^-39 (see doc)",
];
const MUL: [&str; 16] = [
    "A:Q := -M(n) * Q + A * 2^-39",
    "clear A; A:Q := -M(n) * Q",
    "A:Q := -|M(n)| * Q + A * 2^-39",
    "clear A; A:Q := -|M(n)| * Q",
    "A:Q := M(n) * Q + A * 2^-39",
    "clear A; A:Q := M(n) * Q (exact 79-bit product)",
    "A:Q := |M(n)| * Q + A * 2^-39",
    "clear A; A:Q := |M(n)| * Q",
    "",
    "A := 1/2; rounded A := -M(n) * Q",
    "",
    "A := 1/2; rounded A := -|M(n)| * Q",
    "",
    "A := 1/2; rounded A := M(n) * Q",
    "",
    "A := 1/2; rounded A := |M(n)| * Q",
];
const DIV: [&str; 16] = [
    "Q := A:Q / -M(n), A := remainder",
    "clear A; Q := Q / -M(n)",
    "Q := A:Q / -|M(n)|, A := remainder",
    "clear A; Q := Q / -|M(n)|",
    "Q := A:Q / M(n), A := remainder",
    "clear A; Q := Q / M(n)",
    "Q := A:Q / |M(n)|, A := remainder",
    "clear A; Q := Q / |M(n)|",
    "",
    "A := 1/2; Q := A:Q / -M(n)",
    "",
    "A := 1/2; Q := A:Q / -|M(n)|",
    "",
    "A := 1/2; Q := A:Q / M(n)",
    "",
    "A := 1/2; Q := A:Q / |M(n)|",
];
const SHL: [&str; 3] = [
    "shift A:Q left n places (q0 kept)",
    "clear A, shift A:Q left n places",
    "A := 1/2, shift A:Q left n places",
];
const SHR: [&str; 3] = [
    "shift A:Q right n places (a0 copied, q0 kept)",
    "clear A, shift A:Q right n places",
    "A := 1/2, shift A:Q right n places",
];
const TRANSFER: [&str; 16] = [
    "stop; on restart go to the right-hand order of n",
    "clear A; stop; on restart go to the right-hand order of n",
    "go to the right-hand order of n",
    "clear A; go to the right-hand order of n",
    "stop; on restart go to the left-hand order of n",
    "clear A; stop; on restart go to the left-hand order of n",
    "go to the left-hand order of n",
    "clear A; go to the left-hand order of n",
    "",
    "A := 1/2; stop; on restart go to the right-hand order of n",
    "",
    "A := 1/2; go to the right-hand order of n",
    "",
    "A := 1/2; stop; on restart go to the left-hand order of n",
    "",
    "A := 1/2; go to the left-hand order of n",
];
const CONDITIONAL: [&str; 16] = [
    "if A >= 0: stop, on restart go to the right-hand order of n",
    "clear A; (always) stop, on restart go to the right-hand order of n",
    "if A >= 0 go to the right-hand order of n",
    "clear A; (always) go to the right-hand order of n",
    "if A >= 0: stop, on restart go to the left-hand order of n",
    "clear A; (always) stop, on restart go to the left-hand order of n",
    "if A >= 0 go to the left-hand order of n",
    "clear A; (always) go to the left-hand order of n",
    "",
    "A := 1/2; (always) stop, on restart go to the right-hand order of n",
    "",
    "A := 1/2; (always) go to the right-hand order of n",
    "",
    "A := 1/2; (always) stop, on restart go to the left-hand order of n",
    "",
    "A := 1/2; (always) go to the left-hand order of n",
];
const STORE: [&str; 16] = [
    "M(n) := A",
    "clear A; M(n) := 0",
    "right-hand address (digits 30-39) of M(n) := digits 30-39 of A",
    "clear A; right-hand address of M(n) := 0",
    "M(n) := A (B4 selects a half only for address stores)",
    "clear A; M(n) := 0 (as 41)",
    "left-hand address (digits 10-19) of M(n) := digits 10-19 of A",
    "clear A; left-hand address of M(n) := 0",
    "",
    "A := 1/2; M(n) := A",
    "",
    "A := 1/2; right-hand address of M(n) := 0",
    "",
    "A := 1/2; M(n) := A (as 49)",
    "",
    "A := 1/2; left-hand address of M(n) := 0",
];

const fn row(code: u8) -> OrderInfo {
    let ty = code >> 4;
    let v = (code & 15) as usize;
    if v & 9 == 8 {
        return unwanted(code, B8_WITHOUT_B1, B8_SOURCE);
    }
    let bits = v as u8;
    // The summaries by preset: 0 = hold A, 1 = clear A, 2 = A := 1/2.
    let preset = preset(bits) as usize;
    match ty {
        0x0 => def(
            code,
            SHL[preset],
            if v == 0 {
                "[E][X][B]; count = address, 0 = no shift [I]"
            } else if v & 6 == 0 {
                "[E]"
            } else {
                "[E] (B2/B4 ignored: no gated operand) [I]"
            },
            TimingClass::Shift,
            Action::ShiftLeft,
        ),
        0x1 => def(
            code,
            SHR[preset],
            if v == 0 || v == 1 || v == 9 {
                "[E][X][X2][X3]"
            } else {
                "[E] (B2/B4 ignored: no gated operand) [I]"
            },
            TimingClass::Shift,
            Action::ShiftRight,
        ),
        0x2 => def(
            code,
            TRANSFER[v],
            if v == 2 || v == 6 || v == 7 {
                "[E][X][X2]"
            } else {
                "[E][B]"
            },
            TimingClass::Transfer,
            transfer(bits, false),
        ),
        0x3 => def(
            code,
            CONDITIONAL[v],
            if v == 2 || v == 6 {
                "[E][X][X2][X3]"
            } else {
                "[E]; preset variants always taken [I]"
            },
            TimingClass::Transfer,
            transfer(bits, true),
        ),
        0x4 => def(
            code,
            STORE[v],
            match v {
                0 | 2 => "[E][X][X2][X3]",
                6 => "[E][X3]",
                1 | 3 | 7 => "[E]",
                _ => "[I] independent variant bits",
            },
            match store_field(bits) {
                StoreField::Word => TimingClass::Store,
                StoreField::Address(_) => TimingClass::AddressStore,
            },
            Action::Store(store_field(bits)),
        ),
        0x5 => def(
            code,
            if preset == 0 {
                "Q := M(n)"
            } else if preset == 1 {
                "clear A; Q := M(n)"
            } else {
                "A := 1/2; Q := M(n)"
            },
            match v {
                0 => "[P][E][X][X2]",
                1 => "[E][X2]",
                9 => "[E]",
                _ => "[I] B2/B4 ignored (50 does not negate, so no complement gate)",
            },
            TimingClass::QLoad,
            Action::LoadQ,
        ),
        0x6 => def(
            code,
            DIV[v],
            if v == 6 {
                "[X2] quotient in Q; rest of the rule [I]"
            } else {
                "[E][B]; sign rule, remainder, rounding [I]"
            },
            TimingClass::Divide,
            Action::Divide(gate(bits, false)),
        ),
        0x7 => def(
            code,
            MUL[v],
            match v {
                5 => "[E][B][X3]",
                13 => "[E][X][X3]",
                4 => "[E]; old A added at 2^-78 [I from the step algorithm]",
                _ => "[E]; complement gate on M [B]",
            },
            TimingClass::Multiply,
            Action::Multiply(gate(bits, false)),
        ),
        0x8 => match v {
            0 => def(
                code,
                "read n/4 sexadecimal characters (holes 1-4) into A, shifting A:Q left 4 each",
                "[P][E][X]",
                TimingClass::Read,
                Action::Read,
            ),
            1 => def(
                code,
                "clear A; read n/4 sexadecimal characters into A",
                "[E][X]",
                TimingClass::Read,
                Action::Read,
            ),
            2 => def(
                code,
                "punch n/4 sexadecimal characters from a0-a3, shifting A:Q left 4 each",
                "[E][X3]",
                TimingClass::Punch,
                Action::Punch,
            ),
            3 => def(
                code,
                "clear A; punch n/4 sexadecimal characters (zeros)",
                "[E]; [I] variant bits",
                TimingClass::Punch,
                Action::Punch,
            ),
            5 | 6 | 7 | 15 => unwanted(
                code,
                "drum order: ILLIAC's drum, SILLIAC had none",
                "[E] drum; [W] no SILLIAC drum",
            ),
            _ => unknown(code, "input/output variant of unknown meaning", "none"),
        },
        0x9 => match v {
            2 => def(
                code,
                "punch one 5-hole character: holes 1-4 = (n div 64) mod 16, hole 5 = n mod 2",
                "[W] Jones table; [X3]",
                TimingClass::Character,
                Action::Character,
            ),
            1 => unknown(
                code,
                "5-hole character read ([E] only, not confirmed by period code)",
                "[E] only",
            ),
            _ => unknown(code, "character order variant of unknown meaning", "none"),
        },
        0xA => def(
            code,
            ADD_K[v],
            if v == 5 {
                "[E][X2][X3]"
            } else {
                "[E]; increment convention [I]"
            },
            TimingClass::Add,
            Action::AddQ(gate(bits, true)),
        ),
        0xB => def(
            code,
            ADD_S[v],
            if v == 5 || v == 13 || v == 4 {
                "[E][X][X2][X3]"
            } else {
                "[E]"
            },
            TimingClass::Add,
            Action::AddQ(gate(bits, false)),
        ),
        0xC => unknown(
            code,
            "type N: no order of this type in any source",
            "[E] none; [P] Report 38 lists 13 types",
        ),
        0xD => def(
            code,
            if preset == 0 {
                "Q := Q and M(n) (extract)"
            } else if preset == 1 {
                "clear A; Q := Q and M(n)"
            } else {
                "A := 1/2; Q := Q and M(n)"
            },
            if v == 0 { "[E][X3]" } else { "[E]" },
            TimingClass::Extract,
            Action::Extract,
        ),
        0xE => def(
            code,
            ADD_F[v],
            if v == 5 {
                "[E][X]"
            } else {
                "[E]; increment convention [I]"
            },
            TimingClass::Add,
            Action::Add(gate(bits, true)),
        ),
        _ => def(
            code,
            ADD_L[v],
            match v {
                0 | 1 | 4 | 5 | 6 => "[E][X][X2][X3]",
                _ => "[E]",
            },
            TimingClass::Add,
            Action::Add(gate(bits, false)),
        ),
    }
}

/// The order table as Markdown: a type x variant grid of statuses, then one row per code.
/// docs/silliac.md embeds this text; a test keeps the two identical.
pub fn markdown_table() -> String {
    let mut s = String::from("| type \\ variant |");
    for c in SEXADECIMAL {
        s.push_str(&format!(" {c} |"));
    }
    s.push_str("\n| --- |");
    s.push_str(&" :-: |".repeat(16));
    s.push('\n');
    for t in 0..16u8 {
        s.push_str(&format!("| {} |", SEXADECIMAL[t as usize]));
        for v in 0..16u8 {
            let mark = match info(t << 4 | v).status {
                Status::Defined => "d",
                Status::Unwanted => "U",
                Status::Unknown => "?",
            };
            s.push_str(&format!(" {mark} |"));
        }
        s.push('\n');
    }
    s.push_str("\n| code | status | what it does (n = address) | source | time |\n");
    s.push_str("| --- | --- | --- | --- | --- |\n");
    for row in ORDER_TABLE.iter() {
        s.push_str(&format!(
            "| {} | {:?} | {} | {} | {:?} |\n",
            function_name(row.code),
            row.status,
            row.summary.replace('|', "\\|"),
            row.source,
            row.timing
        ));
    }
    s
}

#[cfg(test)]
mod tests;
