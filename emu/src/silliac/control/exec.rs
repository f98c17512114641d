//! Obeying orders one at a time: a jump on the function code to a copy of the order's code
//! made for that function, the order table's row a constant in it (`exec`, `exec_op`), what
//! each order that cannot stop the machine does (`act`, which the block cache shares), the
//! refusals, and the order-at-a-time loop for a trace, a time limit or a breakpoint.

use super::io::{punch_sexadecimal, read, Io};
use super::{fetch, location, pc_of, Cpu, Half, Stop, PC_MASK};
use crate::silliac::arith::{self, SIGN};
use crate::silliac::orders::{
    info, Action, Order, OrderInfo, Status, StoreField, ORDER_TABLE_CONST,
};
use crate::silliac::store::Store;
use crate::silliac::timing::{self, Bound, Figures};
use crate::silliac::trace;

const RIGHT_ADDRESS: u64 = 0x3FF;

const LEFT_ADDRESS: u64 = 0x3FF << 20;

/// One order at a time, for a trace, a time limit or a breakpoint (`blocks::run_blocks` runs
/// the rest).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn run_loop<const TRACE: bool, const B: u8>(
    cpu_out: &mut Cpu,
    store: &mut Store,
    counts: &mut [u64; 256],
    io: &mut Io,
    trace: &mut String,
    order_end: u64,
    ns_end: u64,
    bp: u32,
) -> Stop {
    // A local copy: its address never escapes, so it lives in registers.
    let mut cpu = *cpu_out;
    // The run's counts on this frame's stack, added to the machine's at the end: each order's
    // count is then one increment at a fixed place, with no pointer held in a register.
    let mut local = [0u64; 256];
    // The order budget counts down here; `cpu.orders` is the sum of the counts, made at the
    // end (one register less in the loop).
    let mut left = order_end.saturating_sub(cpu.orders);
    let stop = loop {
        if left == 0 {
            break Stop::OrderBudget;
        }
        left -= 1;
        if cpu.clock >= ns_end {
            break Stop::TimeBudget;
        }
        if cpu.pc == bp {
            let (address, half) = location(cpu.pc);
            break Stop::Breakpoint { address, half };
        }
        let bits = fetch(store, cpu.pc);
        let r = if TRACE {
            exec_traced::<B>(&mut cpu, store, &mut local, io, trace, bits)
        } else {
            exec::<B>(&mut cpu, store, &mut local, io, bits)
        };
        if let Some(stop) = r {
            break stop;
        }
    };
    add_counts(counts, &local, &mut cpu);
    *cpu_out = cpu;
    stop
}

/// Add a run's counts per code to the machine's, and their sum to its orders obeyed. Inlined:
/// as a call it cost `bench silliac` 0.75 host instructions an order under cachegrind (33.61
/// inlined, 34.36 not), through the loops' register allocation.
#[inline(always)]
pub(super) fn add_counts(counts: &mut [u64; 256], run: &[u64; 256], cpu: &mut Cpu) {
    for (c, n) in counts.iter_mut().zip(run) {
        *c += n;
        cpu.orders += n;
    }
}

pub(super) fn exec_traced<const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    counts: &mut [u64; 256],
    io: &mut Io,
    trace: &mut String,
    bits: u32,
) -> Option<Stop> {
    let f = (bits >> 12) as usize;
    let (start, pc, before) = (cpu.clock, cpu.pc, counts[f]);
    let r = exec::<B>(cpu, store, counts, io, bits);
    // Obeyed, so counted (`exec`).
    if counts[f] != before {
        trace::line(trace, start, pc, bits, cpu.a, cpu.q);
    }
    r
}

/// The figures of bound number `B` (0 low, 1 nominal, 2 high; `bound_number`): a constant in
/// each copy of the hot loop, which keeps the clock's charge as cheap as a constant table's
/// (a figures pointer carried in the loop cost about 7 % of `bench silliac`).
#[inline(always)]
pub(super) fn figures_of<const B: u8>() -> &'static Figures {
    &timing::BY_BOUND[B as usize]
}

/// A shift's time for `n` places under bound `B`, charged when it is obeyed (its fixed time
/// apart: the count may be planted).
#[inline(always)]
pub(super) fn shift_time<const B: u8>(n: u16) -> u64 {
    n as u64 * figures_of::<B>().shift_place_ns
}

pub(super) fn bound_number(b: Bound) -> u8 {
    match b {
        Bound::Low => 0,
        Bound::Nominal => 1,
        Bound::High => 2,
    }
}

/// Undo the accounting of an order the machine did not obey.
#[inline(always)]
fn unobeyed(cpu: &mut Cpu, counts: &mut [u64; 256], func: u8, pc: u32, fig: &Figures) {
    counts[func as usize] -= 1;
    cpu.clock -= fig.fixed[func as usize];
    cpu.pc = pc;
}

#[cold]
#[inline(never)]
fn refusal(bits: u32, pc: u32) -> Stop {
    let order = Order::from_bits(bits);
    let (address, half) = location(pc);
    let i = info(order.function);
    match i.status {
        Status::Unwanted => Stop::UnwantedOrder {
            address,
            half,
            order,
            reason: i.summary,
        },
        _ => Stop::UnknownOrder {
            address,
            half,
            order,
            reason: i.summary,
        },
    }
}

#[cold]
#[inline(never)]
fn io_count_unknown(bits: u32, pc: u32) -> Stop {
    let (address, half) = location(pc);
    Stop::UnknownOrder {
        address,
        half,
        order: Order::from_bits(bits),
        reason:
            "character count n/4 with n not a multiple of 4: no source says what the remainder does",
    }
}

#[cold]
#[inline(never)]
fn divide_overflow(bits: u32, pc: u32) -> Stop {
    let (address, half) = location(pc);
    Stop::DivideOverflow {
        address,
        half,
        order: Order::from_bits(bits),
    }
}

/// Obey one order: a jump on its function code to the copy of `exec_op` made for that code,
/// in which the order table's row is a constant. One dispatch per order instead of three
/// (action, preset, gate read from the row at run time) and the fixed time an immediate:
/// about 9 % more orders a second in `bench silliac --no-simh --seconds 1` (medians of 8
/// alternating runs a build, 133 -> 145 million).
#[inline(always)]
pub(super) fn exec<const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    counts: &mut [u64; 256],
    io: &mut Io,
    bits: u32,
) -> Option<Stop> {
    by_code!(
        (bits >> 12) as u8,
        exec_op::<_, B>(cpu, store, counts, io, bits)
    )
}

/// Obey one order of function `F`: what the order table's row for `F` says (`Action`,
/// `Preset`), the row a constant here. Accounting (the count of code `F`, fixed time,
/// sequencing) is done first; the rare refusals undo it. The callers derive `Cpu::orders`
/// from the counts.
#[inline(always)]
fn exec_op<const F: u8, const B: u8>(
    cpu: &mut Cpu,
    store: &mut Store,
    counts: &mut [u64; 256],
    io: &mut Io,
    bits: u32,
) -> Option<Stop> {
    let fig = figures_of::<B>();
    let func = F;
    let n = (bits & 0x3FF) as u16;
    let pc = cpu.pc;
    cpu.pc = (pc + 1) & PC_MASK;
    counts[func as usize] += 1;
    cpu.clock += const { timing::FIGURES[B as usize].fixed[F as usize] };
    let row = const { ORDER_TABLE_CONST[F as usize] };
    let preset = |a| arith::preset(a, row.preset);
    match row.action {
        Action::Add(_)
        | Action::AddQ(_)
        | Action::Store(_)
        | Action::LoadQ
        | Action::Extract
        | Action::Multiply(_) => {
            act::<F>(cpu, store, n);
        }
        Action::ShiftLeft | Action::ShiftRight => {
            act::<F>(cpu, store, n);
            cpu.clock += shift_time::<B>(n);
        }
        Action::Transfer {
            to,
            stop,
            conditional,
        } => {
            cpu.a = preset(cpu.a);
            if !conditional || cpu.a & SIGN == 0 {
                return transfer(cpu, bits, pc, n, to, stop);
            }
        }
        Action::Divide(gate) => {
            let d = arith::gate(store.read(n), gate);
            match arith::divide(preset(cpu.a), cpu.q, d) {
                Some((a, q)) => {
                    cpu.a = a;
                    cpu.q = q;
                }
                None => {
                    unobeyed(cpu, counts, func, pc, fig);
                    return Some(divide_overflow(bits, pc));
                }
            }
        }
        Action::Read => {
            if n & 3 != 0 {
                unobeyed(cpu, counts, func, pc, fig);
                return Some(io_count_unknown(bits, pc));
            }
            let chars = (n / 4) as usize;
            if io.reader.available() < chars {
                unobeyed(cpu, counts, func, pc, fig);
                let (address, half) = location(pc);
                return Some(Stop::WaitingForTape { address, half });
            }
            let (a, q, clock) = read(preset(cpu.a), cpu.q, cpu.clock, fig, io, chars);
            (cpu.a, cpu.q, cpu.clock) = (a, q, clock);
        }
        Action::Punch => {
            if n & 3 != 0 {
                unobeyed(cpu, counts, func, pc, fig);
                return Some(io_count_unknown(bits, pc));
            }
            let (a, q, clock) =
                punch_sexadecimal(preset(cpu.a), cpu.q, cpu.clock, fig, io, (n / 4) as usize);
            (cpu.a, cpu.q, cpu.clock) = (a, q, clock);
        }
        Action::Character => {
            cpu.clock += fig.punch_char_ns;
            io.printed_chars += 1;
            let frame = ((n >> 6) & 15) as u8 | ((n & 1) << 4) as u8;
            io.punch.punch(frame, cpu.clock);
        }
        Action::Refuse => {
            unobeyed(cpu, counts, func, pc, fig);
            return Some(refusal(bits, pc));
        }
    }
    None
}

/// What an order of function `F` that cannot stop the machine does to A, Q and the store,
/// the row a constant: the one account of these actions, for `exec_op` and for the block
/// cache's orders (`blocks`). Its time is the caller's. True if a store changed a digit the
/// block cache watches (`Store::write`).
#[inline(always)]
pub(super) fn act<const F: u8>(cpu: &mut Cpu, store: &mut Store, n: u16) -> bool {
    act_as(const { ORDER_TABLE_CONST[F as usize] }, cpu, store, n)
}

/// `act` for the order table's row `row`, which the callers give as a constant (the block
/// cache's fused pairs name their two rows so).
#[inline(always)]
pub(super) fn act_as(row: OrderInfo, cpu: &mut Cpu, store: &mut Store, n: u16) -> bool {
    let preset = |a| arith::preset(a, row.preset);
    match row.action {
        Action::Add(gate) => {
            let m = store.read(n);
            cpu.a = arith::add(preset(cpu.a), arith::gate(m, gate));
        }
        Action::AddQ(gate) => {
            cpu.a = arith::add(preset(cpu.a), arith::gate(cpu.q, gate));
        }
        Action::Store(field) => {
            cpu.a = preset(cpu.a);
            let w = match field {
                StoreField::Word => cpu.a,
                StoreField::Address(half) => {
                    let mask = match half {
                        Half::Left => LEFT_ADDRESS,
                        Half::Right => RIGHT_ADDRESS,
                    };
                    (store.read(n) & !mask) | (cpu.a & mask)
                }
            };
            return store.write(n, w);
        }
        Action::LoadQ => {
            cpu.a = preset(cpu.a);
            cpu.q = store.read(n);
        }
        Action::Extract => {
            cpu.a = preset(cpu.a);
            cpu.q &= store.read(n);
        }
        Action::ShiftLeft => {
            (cpu.a, cpu.q) = arith::shift_left(preset(cpu.a), cpu.q, n as u32);
        }
        Action::ShiftRight => {
            (cpu.a, cpu.q) = arith::shift_right(preset(cpu.a), cpu.q, n as u32);
        }
        Action::Multiply(gate) => {
            let m = arith::gate(store.read(n), gate);
            (cpu.a, cpu.q) = arith::multiply(preset(cpu.a), m, cpu.q);
        }
        // Orders that can stop the machine, or move the control counter: `exec_op`.
        _ => {}
    }
    false
}

/// Go to the `to` order of word n; stop first if `stop` (the console's restart goes on there).
#[inline(always)]
fn transfer(cpu: &mut Cpu, bits: u32, pc: u32, n: u16, to: Half, stop: bool) -> Option<Stop> {
    cpu.pc = pc_of(n, to);
    // One test for both rare cases on the hot path: a stop order, or a transfer to itself
    // (A is preset the same way each time and a 3x tests it again: nothing can change).
    if stop || cpu.pc == pc {
        return Some(transfer_stop(bits, pc, stop));
    }
    None
}

#[cold]
#[inline(never)]
pub(super) fn transfer_stop(bits: u32, pc: u32, stop: bool) -> Stop {
    let (address, half) = location(pc);
    if stop {
        Stop::StopOrder {
            address,
            half,
            order: Order::from_bits(bits),
        }
    } else {
        Stop::TightLoop { address, half }
    }
}
