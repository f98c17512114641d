//! The cache of decoded words the hot loop runs from: per address, the word last executed there
//! and what the hot loop needs of it, decoded once; a word that differs from the cached one is
//! decoded again when it is fetched.

use super::super::arith::SIGN;
use super::super::decode::{self, Ea, UNIMPLEMENTED};
use super::super::isa::Op;
use super::STORE_WORDS;

/// A word as the hot loop runs it, decoded once.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Entry {
    /// The word decoded: the entry holds while the store still holds this word.
    pub word: u64,
    /// `Op::Unimplemented` for anything the hot loop leaves to `Machine::execute_left`.
    pub op: Op,
    pub cycles: u8,
    /// The index register (0-2) that Y is indexed by, 3 for none (`Regs::xa`).
    pub yx: u8,
    /// The index register (0-2) the instruction works on (`Regs::xr_operand`); outside the
    /// hot loop, the tag.
    pub x: u8,
    pub address: u16,
    pub decrement: u16,
    /// A fused pair's second word and its fields (`PAIRS`; its op is the pair's): the
    /// second runs with the first while the store still holds that word after it.
    pub second: Second,
}

/// The second word of a fused pair, decoded: the fields of its `Entry`.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(super) struct Second {
    pub word: u64,
    pub cycles: u8,
    pub yx: u8,
    pub x: u8,
    pub address: u16,
    pub decrement: u16,
}

/// No second word (words have 36 bits).
pub(super) const NO_SECOND: Second = Second {
    word: u64::MAX,
    cycles: 0,
    yx: 3,
    x: 3,
    address: 0,
    decrement: 0,
};

impl Entry {
    /// The entry of a fused pair's second word, its order `op`.
    #[inline(always)]
    pub fn second(&self, op: Op) -> Entry {
        let s = &self.second;
        Entry {
            word: s.word,
            op,
            cycles: s.cycles,
            yx: s.yx,
            x: s.x,
            address: s.address,
            decrement: s.decrement,
            second: NO_SECOND,
        }
    }
}

/// An entry that matches no word (words have 36 bits).
pub(super) const EMPTY: Entry = Entry {
    word: u64::MAX,
    op: Op::Unimplemented,
    cycles: 0,
    yx: 3,
    x: 3,
    address: 0,
    decrement: 0,
    second: NO_SECOND,
};

/// The entry of the word last executed at each address.
pub(super) type Icache = [Entry; STORE_WORDS];

/// The pairs of orders the hot loop runs as one op when the second word follows the first:
/// the fused op, the first order and the second. The first neither transfers nor skips; the
/// commonest pairs in sequence in the four chess programs' searches (Kotok's, SOMA's,
/// MATER's and Turochamp's, docs/scale.md). `core`'s arm for the fused op runs the first,
/// then the second while the store still holds the word it was decoded from (`fused::pair`).
pub(super) const PAIRS: [(Op, Op, Op); 27] = [
    (Op::PacCla, Op::Pac, Op::Cla),
    (Op::ClaAdd, Op::Cla, Op::Add),
    (Op::AddSto, Op::Add, Op::Sto),
    (Op::ClaSto, Op::Cla, Op::Sto),
    (Op::StoCla, Op::Sto, Op::Cla),
    (Op::StoPac, Op::Sto, Op::Pac),
    (Op::SubTnz, Op::Sub, Op::Tnz),
    (Op::ClaSub, Op::Cla, Op::Sub),
    (Op::ClaPac, Op::Cla, Op::Pac),
    (Op::SubTze, Op::Sub, Op::Tze),
    (Op::ClaTnz, Op::Cla, Op::Tnz),
    (Op::ClaTze, Op::Cla, Op::Tze),
    (Op::ClaTmi, Op::Cla, Op::Tmi),
    (Op::StzTix, Op::Stz, Op::Tix),
    (Op::LacCla, Op::Lac, Op::Cla),
    (Op::StoSub, Op::Sto, Op::Sub),
    (Op::ClaTra, Op::Cla, Op::Tra),
    (Op::AddPac, Op::Add, Op::Pac),
    (Op::StoTra, Op::Sto, Op::Tra),
    (Op::AddTze, Op::Add, Op::Tze),
    (Op::SubTmi, Op::Sub, Op::Tmi),
    (Op::StoLac, Op::Sto, Op::Lac),
    (Op::SubTpl, Op::Sub, Op::Tpl),
    (Op::AxtTra, Op::Axt, Op::Tra),
    (Op::StoTix, Op::Sto, Op::Tix),
    (Op::PxaPax, Op::Pxa, Op::Pax),
    (Op::AnaSto, Op::Ana, Op::Sto),
];

/// A fused op's first order and second (at compile time: `core`'s arms); any other op itself
/// and `Unimplemented`.
pub(super) const fn orders_of(fused: Op) -> (Op, Op) {
    let mut i = 0;
    while i < PAIRS.len() {
        if PAIRS[i].0 as u8 == fused as u8 {
            return (PAIRS[i].1, PAIRS[i].2);
        }
        i += 1;
    }
    (fused, Op::Unimplemented)
}

/// By op: whether it is a fused op (`FUSED`) or the first order of a pair (`FIRST`), so that
/// an XEC and a miss look further only then.
const FUSED: u8 = 1;
const FIRST: u8 = 2;
const KIND: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < PAIRS.len() {
        t[PAIRS[i].0 as usize] |= FUSED;
        t[PAIRS[i].1 as usize] |= FIRST;
        i += 1;
    }
    t
};

/// An entry's op when its word runs alone (an XEC's): a fused op's first order.
#[inline(always)]
pub(super) fn alone(op: Op) -> Op {
    if KIND[op as usize] & FUSED == 0 {
        return op;
    }
    orders_of(op).0
}

/// A miss: decode the word and keep its entry (out of line: rare, and it would crowd the
/// loop's registers). `next`: the word after it in the store (none after the last), which
/// makes it a fused pair (`PAIRS`) when the two orders are one.
#[cold]
#[inline(never)]
pub(super) fn refill(
    icache: &mut Icache,
    dec: &decode::Table,
    at: u16,
    word: u64,
    next: Option<u64>,
) {
    let mut e = decoded(word, at, dec);
    if let Some(w) = next.filter(|_| KIND[e.op as usize] & FIRST != 0) {
        let s = decoded(w, at + 1, dec);
        if let Some(p) = PAIRS.iter().find(|p| p.1 == e.op && p.2 == s.op) {
            e.op = p.0;
            e.second = Second {
                word: s.word,
                cycles: s.cycles,
                yx: s.yx,
                x: s.x,
                address: s.address,
                decrement: s.decrement,
            };
        }
    }
    icache[at as usize] = e;
}

/// The entry of `word` at `at`.
pub(super) fn decoded(word: u64, at: u16, dec: &decode::Table) -> Entry {
    let mut e = entry(word, dec);
    if e.address == at && self_target(&e) {
        // A transfer to its own location: left to the machine, which tells a tight loop
        // (`tight.rs`) at no cost to the other words.
        e.op = Op::Unimplemented;
    }
    e
}

/// Whether the entry's transfer, if taken, goes to its address field as it stands: the Type A
/// transfers always (their tag names the register they test), the others when not indexed.
fn self_target(e: &Entry) -> bool {
    match e.op {
        Op::Txi | Op::Tix | Op::Txh | Op::Tnx | Op::Txl => true,
        // STR goes to 0002, not to its address.
        Op::Str => false,
        op => transfers(op) && e.yx == 3,
    }
}

/// The orders the hot loop runs that can set the IC elsewhere than the next word (XEC, and
/// the orders the hot loop leaves, return `Flow::Machine` and need no test).
pub(super) fn transfers(op: Op) -> bool {
    matches!(
        op,
        Op::Txi
            | Op::Tix
            | Op::Tnx
            | Op::Txh
            | Op::Txl
            | Op::Str
            | Op::Tra
            | Op::Ttr
            | Op::Tlq
            | Op::Tsx
            | Op::Tze
            | Op::Tnz
            | Op::Tpl
            | Op::Tmi
            | Op::Tov
            | Op::Tno
            | Op::Tqp
    )
}

/// The entry for `word`.
#[inline(always)]
fn entry(word: u64, dec: &decode::Table) -> Entry {
    let mut d = dec.ops[((word >> 24) & 0o7777) as usize];
    if d.op == Op::Group0760 {
        // The function its address selects; an indexed one is left to the machine.
        d = if (word >> 15) & 7 == 0 {
            dec.group(word & SIGN != 0, (word & 0o77777) as u16)
        } else {
            UNIMPLEMENTED
        };
    }
    let tag = (word >> 15) & 7;
    // One index register, 3 for none; tags 3, 5, 6 and 7 are left out (`None`): several
    // registers in multiple-tag mode, the 7094's XR3, XR5-XR7 out of it.
    let one = match tag {
        0 => Some(3),
        1 => Some(0),
        2 => Some(1),
        4 => Some(2),
        _ => None,
    };
    let indirect = (word >> 22) & 3 == 3;
    let (yx, x) = match d.ea {
        Ea::Address => (Some(3), Some(3)),
        // Tag 0 names no register: the instruction does nothing to any; left out.
        Ea::Register => (Some(3), one.filter(|&x| x != 3)),
        Ea::Indexed => (one, Some(3)),
        Ea::IndexedMaybeIndirect if !indirect => (one, Some(3)),
        Ea::IndexedMaybeIndirect | Ea::Indirect => (None, None),
    };
    let (op, yx, x) = match (yx, x) {
        (Some(yx), Some(x)) => (d.op, yx, x),
        _ => (Op::Unimplemented, 3, 3),
    };
    Entry {
        word,
        op,
        cycles: d.cycles,
        yx,
        x,
        address: (word & 0o77777) as u16,
        decrement: ((word >> 18) & 0o77777) as u16,
        second: NO_SECOND,
    }
}
