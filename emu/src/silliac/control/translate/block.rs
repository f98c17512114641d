//! One block's code: its orders in sequence, then the block's accounting and a jump through
//! the table to the code of the block that starts where control goes.

use super::super::{pc_of, HALF_SHIFT, PC_MASK};
use super::{
    helper, stale_helper, Address, Exits, Shape, A, CLOCK, COUNTS, LISTED, LISTED_LEN, PC, Q,
};
use crate::host::x86::{
    at, Alu, Asm, Cond, Fixup, Mem, Reg, R10, R11, R12, R13, R14, R15, R8, R9, RAX, RBP, RBX, RCX,
    RDI, RDX, RSI,
};
use crate::silliac::arith::{Gate, Preset, HALF, WORD_MASK};
use crate::silliac::control::exec::{figures_of, shift_time};
use crate::silliac::orders::{info, Action, Half, StoreField};
use crate::silliac::store::WATCH_OFFSET;

/// Registers of all translated code (`Translator`'s entry sets them): the run's `Cpu` in RBX,
/// the store in R14, the run's `Ctx` in RBP, the orders the budget still allows in R12, the
/// cache's blocks in R13, the table of code by control counter in R15; A in R8 and Q in R9
/// (written back before a call and at the exit). The word mask is a constant after each
/// block's code.
pub(super) const CPU: Reg = RBX;
pub(super) const STORE: Reg = R14;
pub(super) const CTX: Reg = RBP;
pub(super) const LEFT: Reg = R12;
pub(super) const BLOCKS: Reg = R13;
pub(super) const TABLE: Reg = R15;
pub(super) const RA: Reg = R8;
pub(super) const RQ: Reg = R9;

/// A store's write that changed a watched digit, its code out of line: the order's index in
/// the block, and its word.
struct Stale {
    from: Fixup,
    index: usize,
    word: Address,
}

/// The code of the block `b`, to be placed at `origin`, under bound `B`; `exits` are the
/// shared code it leaves by.
pub(super) fn assemble<const B: u8>(b: &Shape, origin: usize, exits: Exits) -> Vec<u8> {
    let mut a = Asm::at(origin);
    let len = b.orders.len() as u32;
    // Not enough budget for the whole block: back to the block loop, which obeys what it can.
    a.cmp_imm(LEFT, len as i32);
    a.jump_if_abs(Cond::Carry, exits.leave_clean);
    let mut stale = Vec::new();
    for (i, o) in b.orders.iter().enumerate() {
        order::<B>(&mut a, b, i, o, exits, &mut stale);
    }
    // The end in sequence.
    whole_run(&mut a, b);
    go_to(&mut a, Target::Fixed((b.start + len) & PC_MASK));
    for s in stale {
        a.patch(s.from);
        a.mov(RDI, STORE);
        match s.word {
            Address::Fixed(n) => a.mov_imm(RSI, n as u64),
            Address::Live(_) => a.mov32(RSI, RCX),
        }
        call_out(&mut a, stale_helper as *const () as usize);
        // The orders up to the store are done; the block loop decodes again from the next.
        let done = s.index as u32 + 1;
        if done == len {
            whole_run(&mut a, b);
        } else {
            a.load(RAX, at(CTX, COUNTS));
            for o in &b.orders[..done as usize] {
                a.add_mem_imm(at(RAX, 8 * o.code as i32), 1);
            }
            let ns: u64 = b.ns[..done as usize].iter().map(|&n| n as u64).sum();
            a.add_mem_imm(at(CPU, CLOCK), ns as i32);
            a.add_imm(LEFT, -(done as i32));
        }
        a.store32_imm(at(CPU, PC), (b.start + done) & PC_MASK);
        a.jump_abs(exits.leave_clean);
    }
    a.place_constant(WORD_MASK);
    a.code
}

/// Where control goes at the end of a run of the block or by a way out.
#[derive(Clone, Copy)]
enum Target {
    Fixed(u32),
    /// The control counter in RDX.
    Live,
}

/// The block ran whole: its count, time and orders (`runs`, `time`, the budget).
fn whole_run(a: &mut Asm, b: &Shape) {
    list(a, b);
    a.add_mem_imm(at(BLOCKS, b.runs_at), 1);
    a.add_mem_imm(at(CPU, CLOCK), b.time as i32);
    a.add_imm(LEFT, -(b.orders.len() as i32));
}

/// The block on the list of blocks with runs to count, unless it is there. Uses RAX and RCX.
fn list(a: &mut Asm, b: &Shape) {
    a.cmp8_imm(at(BLOCKS, b.listed_at), 0);
    let listed = a.jump_if(Cond::NotZero);
    a.store8_imm(at(BLOCKS, b.listed_at), 1);
    a.load(RAX, at(CTX, LISTED_LEN));
    a.load(RCX, at(CTX, LISTED));
    a.store_imm(
        Mem {
            base: RCX,
            index: Some(RAX),
            disp: 0,
        },
        b.index as i32,
    );
    a.add_mem_imm(at(CTX, LISTED_LEN), 1);
    a.patch(listed);
}

/// Set the control counter and go on at the code of the block that starts there (the table
/// sends control back to the block loop where there is none).
fn go_to(a: &mut Asm, t: Target) {
    match t {
        Target::Fixed(pc) => {
            a.store32_imm(at(CPU, PC), pc);
            a.jump_through(at(TABLE, 8 * pc as i32));
        }
        Target::Live => {
            a.store32(at(CPU, PC), RDX);
            a.jump_through(Mem {
                base: TABLE,
                index: Some(RDX),
                disp: 0,
            });
        }
    }
}

/// The memory operand of word `n`'s place in the store (or in the watch array, `base` its
/// offset): fixed, or at the live address in RCX.
fn word_at(address: Address, base: i32) -> Mem {
    match address {
        Address::Fixed(n) => at(STORE, base + 8 * (n & 0x3FF) as i32),
        Address::Live(_) => Mem {
            base: STORE,
            index: Some(RCX),
            disp: base,
        },
    }
}

fn preset(a: &mut Asm, p: Preset) {
    match p {
        Preset::Hold => {}
        Preset::Clear => a.mov_imm(RA, 0),
        Preset::OneHalf => a.mov_imm(RA, HALF),
    }
}

/// The complement gate on RAX (`arith::gate`), modulo 2^64: the caller masks the sum.
fn gate(a: &mut Asm, g: Gate) {
    if g.abs {
        // RDX := whether to complement (the sign, flipped by `negate`).
        a.mov(RDX, RAX);
        a.shr(RDX, 39);
        a.and_imm(RDX, 1);
        if g.negate {
            a.xor_imm(RDX, 1);
        }
        a.mov(R10, RDX);
        a.neg(R10);
        a.alu(Alu::Xor, RAX, R10);
        if g.increment {
            a.add_imm(RAX, 1);
            a.alu(Alu::Sub, RAX, RDX);
        } else {
            a.alu(Alu::Add, RAX, RDX);
        }
    } else {
        if g.negate {
            a.not(RAX);
        }
        if g.negate ^ g.increment {
            a.add_imm(RAX, 1);
        }
    }
}

/// The code of order `i` of the block.
fn order<const B: u8>(
    a: &mut Asm,
    b: &Shape,
    i: usize,
    o: &super::Order,
    exits: Exits,
    stale: &mut Vec<Stale>,
) {
    let row = info(o.code);
    debug_assert!(crate::silliac::control::fused::in_block(row.action));
    if let Address::Live(pc) = o.address {
        if !matches!(row.action, Action::AddQ(_)) {
            // RCX := the address, from the order's word as it is now.
            a.load(RCX, at(STORE, 8 * (pc >> 1) as i32));
            let shift = HALF_SHIFT[(pc & 1) as usize] as u8;
            if shift != 0 {
                a.shr(RCX, shift);
            }
            a.and_imm(RCX, 0x3FF);
        }
    }
    let m = word_at(o.address, 0);
    match row.action {
        Action::Add(g) | Action::AddQ(g) => {
            // The operand: M(n), or Q.
            if matches!(row.action, Action::Add(_)) {
                a.load(RAX, m);
            } else {
                a.mov(RAX, RQ);
            }
            gate(a, g);
            preset(a, row.preset);
            a.alu(Alu::Add, RA, RAX);
            a.and_constant(RA);
        }
        Action::LoadQ => {
            preset(a, row.preset);
            a.load(RQ, m);
        }
        Action::Extract => {
            preset(a, row.preset);
            a.alu_load(Alu::And, RQ, m);
        }
        Action::Store(field) => {
            preset(a, row.preset);
            let value = match field {
                StoreField::Word => RA,
                StoreField::Address(half) => {
                    let digits: i32 = match half {
                        Half::Left => 0x3FF << 20,
                        Half::Right => 0x3FF,
                    };
                    a.load(RAX, m);
                    a.and_imm(RAX, !digits);
                    a.mov(RDX, RA);
                    a.and_imm(RDX, digits);
                    a.alu(Alu::Or, RAX, RDX);
                    RAX
                }
            };
            a.load(RDX, m);
            a.store(m, value);
            a.alu(Alu::Xor, RDX, value);
            a.test_mem(word_at(o.address, WATCH_OFFSET as i32), RDX);
            stale.push(Stale {
                from: a.jump_if(Cond::NotZero),
                index: i,
                word: o.address,
            });
        }
        Action::Transfer {
            to,
            conditional,
            stop: false,
        } => {
            preset(a, row.preset);
            let negative = conditional.then(|| {
                a.bt(RA, 39);
                a.jump_if(Cond::Carry)
            });
            let target = match o.address {
                Address::Fixed(n) => Target::Fixed(pc_of(n, to)),
                Address::Live(_) => {
                    a.mov(RDX, RCX);
                    a.shl(RDX, 1);
                    if to == Half::Right {
                        a.or_imm(RDX, 1);
                    }
                    Target::Live
                }
            };
            if let Some(j) = o.leave {
                // A way out of the block: its count, and the time and orders up to it.
                list(a, b);
                a.add_mem_imm(at(BLOCKS, b.exits_at + 8 * j as i32), 1);
                a.store8_imm(at(BLOCKS, b.exited_at), 1);
                a.add_mem_imm(at(CPU, CLOCK), b.until[j] as i32);
                a.add_imm(LEFT, -(b.ends[j] as i32));
                go_to(a, target);
            } else {
                // The block's last order.
                whole_run(a, b);
                tight_loop(a, b, target, exits);
                go_to(a, target);
            }
            if let Some(f) = negative {
                a.patch(f);
            }
        }
        Action::Multiply(g) => {
            a.load(RAX, m);
            gate(a, g);
            preset(a, row.preset);
            multiply(a);
        }
        Action::ShiftLeft | Action::ShiftRight if matches!(o.address, Address::Fixed(n) if n < 40) =>
        {
            let Address::Fixed(n) = o.address else {
                unreachable!()
            };
            preset(a, row.preset);
            shift(a, row.action, Count::Fixed(n as u8));
            let ns = shift_time::<B>(n);
            if ns > 0 {
                a.add_mem_imm(at(CPU, CLOCK), ns as i32);
            }
        }
        Action::ShiftLeft | Action::ShiftRight if matches!(o.address, Address::Live(_)) => {
            // A live count (in RCX): under 40 inline, by CL; else the interpreter's code.
            preset(a, row.preset);
            a.mov(RDX, RCX);
            a.cmp_imm(RDX, 40);
            let long = a.jump_if(Cond::NoCarry);
            shift(a, row.action, Count::Rdx);
            let ns = figures_of::<B>().shift_place_ns;
            if ns > 0 {
                a.imul_imm(RAX, RDX, ns as i32);
                a.add_mem(at(CPU, CLOCK), RAX);
            }
            let done = a.jump();
            a.patch(long);
            call_act::<B>(a, o);
            a.patch(done);
        }
        _ => call_act::<B>(a, o),
    }
}

/// The interpreter's code for order `o` (a shift of a long count), A and Q through memory; its
/// address in RDX if live.
fn call_act<const B: u8>(a: &mut Asm, o: &super::Order) {
    a.mov(RDI, CPU);
    a.mov(RSI, STORE);
    match o.address {
        Address::Fixed(n) => a.mov_imm(RDX, n as u64),
        Address::Live(_) => a.mov32(RDX, RCX),
    }
    call_out(a, helper::<B>(o.code) as *const () as usize);
}

/// Call the host function at `f`, its arguments in place: A and Q written to the run's
/// registers before (the function may read them, and the call does not keep R8 and R9), and
/// read back after.
fn call_out(a: &mut Asm, f: usize) {
    a.store(at(CPU, A), RA);
    a.store(at(CPU, Q), RQ);
    a.mov_imm(RAX, f as u64);
    a.call(RAX);
    a.load(RA, at(CPU, A));
    a.load(RQ, at(CPU, Q));
}

/// A transfer to itself ends the run (`Stop::TightLoop`, which the block loop makes): back to
/// it with the order's control counter.
fn tight_loop(a: &mut Asm, b: &Shape, target: Target, exits: Exits) {
    if b.to_itself > PC_MASK {
        return;
    }
    let code = 1 | (b.to_itself as u64) << 8;
    match target {
        Target::Fixed(pc) => {
            if pc == b.to_itself {
                a.store32_imm(at(CPU, PC), pc);
                a.mov_imm(RAX, code);
                a.jump_abs(exits.leave);
            }
        }
        Target::Live => {
            a.cmp_imm(RDX, b.to_itself as i32);
            let other = a.jump_if(Cond::NotZero);
            a.store32(at(CPU, PC), RDX);
            a.mov_imm(RAX, code);
            a.jump_abs(exits.leave);
            a.patch(other);
        }
    }
}

/// R := its low 40 bits as a signed number (`arith::to_signed`).
fn signed(a: &mut Asm, r: Reg) {
    a.shl(r, 24);
    a.sar(r, 24);
}

/// R := its low 39 bits (`arith::LOW39`).
fn low39(a: &mut Asm, r: Reg) {
    a.shl(r, 25);
    a.shr(r, 25);
}

/// R11 := Q's sign digit q0, in place.
fn q0(a: &mut Asm) {
    a.mov(R11, RQ);
    a.shr(R11, 39);
    a.shl(R11, 39);
}

/// `arith::multiply` of A (preset), the gated operand in RAX and Q: A:Q := A * 2^-39 + m * Q,
/// 79 digits wrapped, q0 kept.
fn multiply(a: &mut Asm) {
    signed(a, RAX);
    a.mov(R10, RQ);
    signed(a, R10);
    a.imul_wide(R10);
    a.mov(R10, RA);
    signed(a, R10);
    a.mov(R11, R10);
    a.sar(R11, 63);
    a.alu(Alu::Add, RAX, R10);
    a.adc(RDX, R11);
    // Q := q0 | the product's low 39 digits.
    a.mov(R10, RAX);
    low39(a, R10);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
    // A := the next 40.
    a.shrd(RAX, RDX, 39);
    a.and_constant(RAX);
    a.mov(RA, RAX);
}

/// A shift's count: decoded, or in RDX (under 40 either way).
#[derive(Clone, Copy)]
enum Count {
    Fixed(u8),
    Rdx,
}

/// Shift `r` (`kind` as `Asm::shift_cl`) by the count, or if `rest` by 39 less the count, plus
/// `extra`. Uses RCX for a count in RDX.
fn shift_by(a: &mut Asm, kind: u8, r: Reg, count: Count, rest: bool, extra: u8) {
    match count {
        Count::Fixed(n) => {
            let n = if rest { 39 - n } else { n } + extra;
            match kind {
                SHL => a.shl(r, n),
                SHR => a.shr(r, n),
                _ => a.sar(r, n),
            }
        }
        Count::Rdx => {
            if rest {
                a.mov_imm(RCX, 39);
                a.alu(Alu::Sub, RCX, RDX);
            } else {
                a.mov(RCX, RDX);
            }
            if extra > 0 {
                a.add_imm(RCX, extra as i32);
            }
            a.shift_cl(kind, r);
        }
    }
}

/// A shift order's action on A:Q (A preset) by the count, under 40 places.
fn shift(a: &mut Asm, action: Action, count: Count) {
    if matches!(action, Action::ShiftLeft) {
        shift_left(a, count);
    } else {
        shift_right(a, count);
    }
}

/// `arith::shift_left` of A:Q (A preset) by the count, under 40 places.
fn shift_left(a: &mut Asm, count: Count) {
    a.mov(R10, RQ);
    low39(a, R10);
    a.mov(RAX, R10);
    shift_by(a, SHR, RAX, count, true, 0);
    shift_by(a, SHL, RA, count, false, 0);
    a.alu(Alu::Or, RA, RAX);
    a.and_constant(RA);
    shift_by(a, SHL, R10, count, false, 0);
    low39(a, R10);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
}

/// `arith::shift_right` of A:Q (A preset) by the count, under 40 places: A's sign copied down.
fn shift_right(a: &mut Asm, count: Count) {
    a.mov(R10, RQ);
    low39(a, R10);
    shift_by(a, SHR, R10, count, false, 0);
    a.mov(RAX, RA);
    shift_by(a, SHL, RAX, count, true, 0);
    low39(a, RAX);
    a.alu(Alu::Or, R10, RAX);
    q0(a);
    a.alu(Alu::Or, R10, R11);
    a.mov(RQ, R10);
    a.shl(RA, 24);
    shift_by(a, SAR, RA, count, false, 24);
    a.and_constant(RA);
}

/// The kinds of `Asm::shift_cl`.
const SHL: u8 = 4;
const SHR: u8 = 5;
const SAR: u8 = 7;
