//! One block's code: the test of the budget and of the block's words against the store, its
//! words in sequence, and its end: the block's cycles counted and a jump through the table to
//! the code of the block where control goes.

use super::super::super::timing;
use super::{
    run_helper, run_live, End, Exits, How, Live, Plan, Word, MOVED, ONCE, R_AC, R_CYCLES, R_IC,
    R_MQ, R_OVERFLOW, R_XA, STALE, STOPPED,
};
use crate::host::x86::{
    at, Alu, Asm, Cond, Fixup, Mem, Reg, R12, R13, R14, R15, RAX, RBP, RBX, RCX, RDI, RDX, RSI,
};
use crate::ibm7090::cpu::icache::Entry;
use crate::ibm7090::isa::Op;

/// Registers of all translated code (`Translator`'s entry sets them): the run's `Regs` in RBX,
/// the store in R14, the table of code by IC in R15, the steps the run still allows in RBP;
/// AC in R12 and MQ in R13 (written back before a call and at the exit). The index
/// registers, the overflow indicator and the cycle count stay in `Regs`.
pub(super) const REGS: Reg = RBX;
pub(super) const MEM: Reg = R14;
pub(super) const TABLE: Reg = R15;
pub(super) const LEFT: Reg = RBP;
pub(super) const AC: Reg = R12;
pub(super) const MQ: Reg = R13;

const ADDR: i32 = 0o77777;

/// A way out of the block's middle, its code after the block's: the cycles counted up to it,
/// the steps to give back, and where the IC goes and what `enter` returns.
struct Out {
    from: Fixup,
    cycles: u64,
    give_back: u64,
    ic: u16,
    then: Then,
}

/// What a way out does once its cycles and steps are counted.
enum Then {
    /// Back to `steps` with this result, the IC at `Out::ic`.
    Leave(u64),
    /// Back with 0, the IC at `Out::ic`.
    Clean,
    /// A word at `Out::ic` its helper did not run: back with the helper's result in RAX (and
    /// the word's address), the IC on the word.
    NotRun,
    /// After a live word at `Out::ic` that did not go on in sequence (`run_live`'s result in
    /// RAX): on at the IC it left, back with its stop, or back with it declined.
    Live,
}

/// The code of the block `p`, to be placed at `origin`; `exits` are the shared code it leaves
/// by, `entries` the entries of its words run through `core`, in order.
pub(super) fn assemble(
    p: &Plan,
    origin: usize,
    exits: Exits,
    entries: *const Entry,
    live: *mut Live,
) -> Vec<u8> {
    let mut a = Asm::at(origin);
    let n = p.words.len() as u64;
    // Not enough steps for the whole block: back, where the hot loop runs what it can.
    a.cmp_imm(LEFT, n as i32);
    a.jump_if_abs(Cond::Carry, exits.leave_clean);
    // Each word still the one translated.
    let mut outs = Vec::new();
    for w in p.words.iter().filter(|w| w.how != How::Live) {
        a.mov_imm(RCX, w.e.word);
        a.alu_store(Alu::Cmp, word(w.at), RCX);
        outs.push(Out {
            from: a.jump_if(Cond::NotZero),
            cycles: 0,
            give_back: 0,
            ic: p.start,
            then: Then::Leave(STALE | (p.start as u64) << 8 | (w.at as u64) << 24),
        });
    }
    a.add_imm(LEFT, -(n as i32));
    let mut pending = 0u64;
    for (k, w) in p.words.iter().enumerate() {
        let last = k + 1 == p.words.len();
        let rest = n - k as u64 - 1;
        match w.how {
            How::Inline if last && p.end == End::Transfer => {
                if w.e.yx != 3 {
                    // To its own location: left to the machine, this once (`to_itself`).
                    effective(&mut a, &w.e);
                    a.cmp_imm(RCX, w.at as i32);
                    outs.push(Out {
                        from: a.jump_if(Cond::Zero),
                        cycles: pending,
                        give_back: rest + 1,
                        ic: w.at,
                        then: Then::Leave(ONCE | (w.at as u64) << 8),
                    });
                }
                pending += w.e.cycles as u64;
                flush(&mut a, &mut pending);
                transfer(&mut a, w);
                break;
            }
            How::Inline => {
                pending += cycles(&w.e);
                inline(&mut a, w);
            }
            How::Live => {
                let place = w.at as u64 | (p.start as u64) << 16 | n << 32;
                call_live(&mut a, w, live as u64, place);
                a.test(RAX, RAX);
                outs.push(Out {
                    from: a.jump_if(Cond::NotZero),
                    cycles: pending,
                    give_back: rest,
                    ic: w.at,
                    then: Then::Live,
                });
            }
            How::Helper(i) => {
                call(&mut a, w, entries.wrapping_add(i) as u64);
                a.test(RAX, RAX);
                outs.push(Out {
                    from: a.jump_if(Cond::NotZero),
                    cycles: pending,
                    give_back: rest + 1,
                    ic: w.at,
                    then: Then::NotRun,
                });
                if last && p.end == End::Anywhere {
                    flush(&mut a, &mut pending);
                    a.load32(RCX, at(REGS, R_IC));
                    jump_to_rcx(&mut a);
                    break;
                }
            }
        }
        if w.how != How::Live && stores(w.e.op) && w.e.yx != 3 {
            // A store by a register: into this block, the block ends after it.
            effective(&mut a, &w.e);
            a.mov(RAX, RCX);
            a.add_imm(RAX, -(p.start as i32));
            a.cmp_imm(RAX, n as i32);
            outs.push(Out {
                from: a.jump_if(Cond::Carry),
                cycles: pending,
                give_back: rest,
                ic: (w.at + 1) & ADDR as u16,
                then: Then::Clean,
            });
        }
        if last {
            flush(&mut a, &mut pending);
            go_to(&mut a, (w.at + 1) & ADDR as u16);
        }
    }
    for o in outs {
        a.patch(o.from);
        if o.cycles != 0 {
            a.add_mem_imm(at(REGS, R_CYCLES), o.cycles as i32);
        }
        if o.give_back != 0 {
            a.add_imm(LEFT, o.give_back as i32);
        }
        match o.then {
            Then::Leave(r) => {
                a.store32_imm(at(REGS, R_IC), o.ic as u32);
                a.mov_imm(RAX, r);
                a.jump_abs(exits.leave);
            }
            Then::Clean => {
                a.store32_imm(at(REGS, R_IC), o.ic as u32);
                a.jump_abs(exits.leave_clean);
            }
            Then::NotRun => {
                a.store32_imm(at(REGS, R_IC), o.ic as u32);
                a.or_imm(RAX, (o.ic as i32) << 8);
                a.jump_abs(exits.leave);
            }
            Then::Live => {
                a.cmp_imm(RAX, MOVED as i32);
                let not_moved = a.jump_if(Cond::NotZero);
                a.load32(RCX, at(REGS, R_IC));
                jump_to_rcx(&mut a);
                a.patch(not_moved);
                a.cmp_imm(RAX, STOPPED as i32);
                a.jump_if_abs(Cond::Zero, exits.leave);
                // Not run: its step given back, the IC on it.
                a.add_imm(LEFT, 1);
                a.store32_imm(at(REGS, R_IC), o.ic as u32);
                a.or_imm(RAX, (o.ic as i32) << 8);
                a.jump_abs(exits.leave);
            }
        }
    }
    a.code
}

/// Store word `at`.
fn word(at: u16) -> Mem {
    self::at(MEM, at as i32 * 8)
}

/// Index register `x` (0-2) in `Regs`.
fn xr(x: u8) -> Mem {
    at(REGS, R_XA + 4 * x as i32)
}

/// An order's own cycles, and a shift's by its count (inline shifts have a fixed count).
fn cycles(e: &Entry) -> u64 {
    let shift = match e.op {
        Op::Als | Op::Ars => timing::shift_cycles((e.address & 0o377) as u32),
        _ => 0,
    };
    e.cycles as u64 + shift as u64
}

fn flush(a: &mut Asm, pending: &mut u64) {
    if *pending != 0 {
        a.add_mem_imm(at(REGS, R_CYCLES), *pending as i32);
        *pending = 0;
    }
}

/// Y of an indexed entry into RCX.
fn effective(a: &mut Asm, e: &Entry) {
    a.mov_imm(RCX, e.address as u64);
    a.alu_load32(Alu::Sub, RCX, xr(e.yx));
    a.and_imm(RCX, ADDR);
}

/// The operand C(Y): a fixed word, or one indexed by RCX.
fn operand(a: &mut Asm, e: &Entry) -> Mem {
    if e.yx == 3 {
        return word(e.address & ADDR as u16);
    }
    effective(a, e);
    Mem {
        base: MEM,
        index: Some(RCX),
        disp: 0,
    }
}

/// Whether an order writes C(Y).
fn stores(op: Op) -> bool {
    matches!(
        op,
        Op::Sto
            | Op::Stz
            | Op::Stq
            | Op::Slw
            | Op::Sta
            | Op::Sxa
            | Op::Ans
            | Op::Ors
            | Op::Std
            | Op::Stt
            | Op::Stp
            | Op::Stl
            | Op::Slq
            | Op::Sxd
    )
}

/// `r` := `r` & `bits` low bits (by two shifts: no constant wider than 32 bits).
fn low(a: &mut Asm, r: Reg, bits: u8) {
    a.shl(r, 64 - bits);
    a.shr(r, 64 - bits);
}

/// AC := its sign and the magnitude in RAX (Q, P, 1-35, no wider).
fn with_sign(a: &mut Asm, mag: Reg) {
    a.shr(AC, 37);
    a.shl(AC, 37);
    a.alu(Alu::Or, AC, mag);
}

/// An inline order other than a transfer.
fn inline(a: &mut Asm, w: &Word) {
    let e = &w.e;
    match e.op {
        Op::Cla => {
            let m = operand(a, e);
            a.load(RAX, m);
            a.mov(AC, RAX);
            low(a, AC, 35);
            a.shr(RAX, 35);
            a.shl(RAX, 37);
            a.alu(Alu::Or, AC, RAX);
        }
        Op::Cal => {
            let m = operand(a, e);
            a.load(AC, m);
        }
        Op::Add | Op::Sub => add(a, e),
        Op::Ana => {
            let m = operand(a, e);
            a.alu_load(Alu::And, AC, m);
        }
        Op::Ora => {
            let m = operand(a, e);
            a.alu_load(Alu::Or, AC, m);
        }
        Op::Ldq => {
            let m = operand(a, e);
            a.load(MQ, m);
        }
        Op::Stq => {
            let m = operand(a, e);
            a.store(m, MQ);
        }
        Op::Sto => {
            let m = operand(a, e);
            a.mov(RAX, AC);
            low(a, RAX, 35);
            a.mov(RDX, AC);
            a.shr(RDX, 37);
            a.shl(RDX, 35);
            a.alu(Alu::Or, RAX, RDX);
            a.store(m, RAX);
        }
        Op::Stz => {
            let m = operand(a, e);
            a.store_imm(m, 0);
        }
        Op::Slw => {
            let m = operand(a, e);
            a.mov(RAX, AC);
            low(a, RAX, 36);
            a.store(m, RAX);
        }
        Op::Sta | Op::Sxa => {
            let m = operand(a, e);
            a.load(RAX, m);
            a.and_imm(RAX, !ADDR);
            if e.op == Op::Sta {
                a.mov(RDX, AC);
                a.and_imm(RDX, ADDR);
            } else {
                a.load32(RDX, xr(e.x));
            }
            a.alu(Alu::Or, RAX, RDX);
            a.store(m, RAX);
        }
        Op::Als => {
            let n = (e.address & 0o377) as u8;
            if n != 0 {
                // Overflow: a 1 shifted out of position 1 (AC's own bits, not Q and P).
                a.mov(RAX, AC);
                low(a, RAX, 35);
                a.shr(RAX, 35 - n);
                a.test(RAX, RAX);
                a.set_cl(Cond::NotZero);
                a.or8_cl(at(REGS, R_OVERFLOW));
                a.mov(RAX, AC);
                a.shl(RAX, n + 27);
                a.shr(RAX, 27);
                with_sign(a, RAX);
            }
        }
        Op::Ars => {
            let n = (e.address & 0o377) as u8;
            if n != 0 {
                a.mov(RAX, AC);
                a.shl(RAX, 27);
                a.shr(RAX, 27 + n);
                with_sign(a, RAX);
            }
        }
        Op::Pax | Op::Pac => {
            a.mov32(RAX, AC);
            if e.op == Op::Pac {
                a.neg(RAX);
            }
            a.and_imm(RAX, ADDR);
            a.store32(xr(e.x), RAX);
        }
        Op::Pxa => a.load32(AC, xr(e.x)),
        Op::Axt => a.store32_imm(xr(e.x), (e.address & ADDR as u16) as u32),
        Op::Lxa | Op::Lac => {
            let m = operand(a, e);
            a.load(RAX, m);
            if e.op == Op::Lac {
                a.neg(RAX);
            }
            a.and_imm(RAX, ADDR);
            a.store32(xr(e.x), RAX);
        }
        op => unreachable!("{op:?} is not inline (`kind`)"),
    }
}

/// ADD and SUB: AC + C(Y) (its sign turned for SUB) in sign and magnitude, the overflow when
/// like signs carry into P (`arith::add`).
fn add(a: &mut Asm, e: &Entry) {
    let m = operand(a, e);
    a.load(RAX, m);
    if e.op == Op::Sub {
        a.btc(RAX, 35);
    }
    a.mov(RDX, RAX);
    a.shr(RDX, 35);
    a.mov(RSI, AC);
    a.shr(RSI, 37);
    low(a, RAX, 35);
    a.mov(RDI, AC);
    low(a, RDI, 37);
    a.alu(Alu::Cmp, RDX, RSI);
    let unlike = a.jump_if(Cond::NotZero);
    // Like signs: the sum's magnitude (Q, P, 1-35), overflow if P changed.
    a.alu(Alu::Add, RAX, RDI);
    low(a, RAX, 37);
    a.alu(Alu::Xor, RDI, RAX);
    a.bt(RDI, 35);
    a.set_cl(Cond::Carry);
    a.or8_cl(at(REGS, R_OVERFLOW));
    with_sign(a, RAX);
    let done = a.jump();
    // Unlike signs: the difference, AC's sign turned if the operand's magnitude is larger.
    a.patch(unlike);
    a.alu(Alu::Sub, RDI, RAX);
    let keep = a.jump_if(Cond::NoCarry);
    a.neg(RDI);
    a.btc(AC, 37);
    a.patch(keep);
    with_sign(a, RDI);
    a.patch(done);
}

/// Go on at a fixed address: the IC stored, and the jump through the table.
fn go_to(a: &mut Asm, to: u16) {
    a.store32_imm(at(REGS, R_IC), to as u32);
    a.jump_through(at(TABLE, to as i32 * 8));
}

/// Go on at the address in RCX.
fn jump_to_rcx(a: &mut Asm) {
    a.store32(at(REGS, R_IC), RCX);
    a.jump_through(Mem {
        base: TABLE,
        index: Some(RCX),
        disp: 0,
    });
}

/// The block's last word, an inline transfer (its cycles counted already): to its target if
/// it goes, else to the next word.
fn transfer(a: &mut Asm, w: &Word) {
    let e = &w.e;
    let next = (w.at + 1) & ADDR as u16;
    // Type A transfers go to their address, the others to Y (by a register in RCX).
    let mut target = Some(e.address & ADDR as u16);
    let cond = match e.op {
        Op::Tra | Op::Tze | Op::Tnz | Op::Tpl | Op::Tmi | Op::Tsx => {
            if e.yx != 3 {
                effective(a, e);
                target = None;
            }
            match e.op {
                Op::Tra => None,
                Op::Tsx => {
                    let back = (w.at as u32).wrapping_neg() & ADDR as u32;
                    a.store32_imm(xr(e.x), back);
                    None
                }
                Op::Tze | Op::Tnz => {
                    a.mov(RAX, AC);
                    // Q, P and 1-35 to the top: zero or not.
                    a.shl(RAX, 27);
                    Some(if e.op == Op::Tze {
                        Cond::Zero
                    } else {
                        Cond::NotZero
                    })
                }
                _ => {
                    a.bt(AC, 37);
                    Some(if e.op == Op::Tmi {
                        Cond::Carry
                    } else {
                        Cond::NoCarry
                    })
                }
            }
        }
        Op::Txi => {
            a.load32(RAX, xr(e.x));
            a.add_imm(RAX, e.decrement as i32);
            a.and_imm(RAX, ADDR);
            a.store32(xr(e.x), RAX);
            None
        }
        Op::Txh | Op::Txl => {
            a.load32(RAX, xr(e.x));
            a.cmp_imm(RAX, e.decrement as i32);
            Some(if e.op == Op::Txh {
                Cond::Above
            } else {
                Cond::BelowOrEqual
            })
        }
        Op::Tix | Op::Tnx => {
            // Counted down when above the decrement: TIX goes then, TNX when not.
            a.load32(RAX, xr(e.x));
            a.cmp_imm(RAX, e.decrement as i32);
            let not_above = a.jump_if(Cond::BelowOrEqual);
            a.add_imm(RAX, -(e.decrement as i32));
            a.store32(xr(e.x), RAX);
            let counted = a.jump();
            // Not counted (falls through to here): TNX goes, TIX does not.
            a.patch(not_above);
            if e.op == Op::Tix {
                go_to(a, next);
            } else {
                go_target(a, target);
            }
            a.patch(counted);
            if e.op == Op::Tix {
                go_target(a, target);
            } else {
                go_to(a, next);
            }
            return;
        }
        op => unreachable!("{op:?} is no inline transfer (`kind`)"),
    };
    if let Some(c) = cond {
        let go = a.jump_if(c);
        go_to(a, next);
        a.patch(go);
    }
    go_target(a, target);
}

fn go_target(a: &mut Asm, target: Option<u16>) {
    match target {
        Some(t) => go_to(a, t),
        None => jump_to_rcx(a),
    }
}

/// A word through `core`: `run_helper` called with its entry; RAX is its result.
fn call(a: &mut Asm, w: &Word, entry: u64) {
    let helper: super::Helper = run_helper;
    call_out(a, w, helper as usize as u64, entry, w.at as u64);
}

/// A live word: `run_live` called with the translator's `Live` and the word's place in the
/// block; RAX is its result.
fn call_live(a: &mut Asm, w: &Word, live: u64, place: u64) {
    let helper: super::LiveHelper = run_live;
    call_out(a, w, helper as usize as u64, live, place);
}

/// A call of `helper` for word `w`: the registers written back, the IC past the word, the
/// helper called with `Regs`, the store and the two arguments, the registers read again.
fn call_out(a: &mut Asm, w: &Word, helper: u64, third: u64, fourth: u64) {
    a.store(at(REGS, R_AC), AC);
    a.store(at(REGS, R_MQ), MQ);
    a.store32_imm(at(REGS, R_IC), ((w.at + 1) & ADDR as u16) as u32);
    a.mov(RDI, REGS);
    a.mov(RSI, MEM);
    a.mov_imm(RDX, third);
    a.mov_imm(RCX, fourth);
    a.mov_imm(RAX, helper);
    a.call(RAX);
    a.load(AC, at(REGS, R_AC));
    a.load(MQ, at(REGS, R_MQ));
}
