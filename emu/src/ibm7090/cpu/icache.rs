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
};

/// The entry of the word last executed at each address.
pub(super) type Icache = [Entry; STORE_WORDS];

/// A miss: decode the word and keep its entry (out of line: rare, and it would crowd the
/// loop's registers).
#[cold]
#[inline(never)]
pub(super) fn refill(icache: &mut Icache, dec: &decode::Table, at: u16, word: u64) {
    let mut e = entry(word, dec);
    if e.address == at && self_target(&e) {
        // A transfer to its own location: left to the machine, which tells a tight loop
        // (`tight.rs`) at no cost to the other words.
        e.op = Op::Unimplemented;
    }
    icache[at as usize] = e;
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
    }
}
