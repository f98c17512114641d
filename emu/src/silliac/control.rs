//! The control unit and the whole machine: control counter (word address + half), order fetch
//! from the store word, dispatch on the 8-digit function (one jump to a copy of the order's
//! code made for that function), stops, and the console. `run` without trace, time limit or
//! breakpoint obeys runs of orders decoded ahead (`blocks`); the other paths fetch every order
//! from the store word as it is obeyed.
//!
//! Registers as the manuals name them: A (accumulator), Q (multiplier-quotient), the control
//! counter. The counter is kept as `pc = word address * 2 + half` (0 left, 1 right) so that
//! going on in sequence is one increment.

use super::arith::{self, SIGN};
pub use super::orders::Half;
use super::orders::{
    function_name, info, Action, Order, Status, StoreField, ORDER_MASK, ORDER_TABLE_CONST,
};
use super::punch::Punch;
use super::reader::{TapeReader, LOW_HOLES};
use super::store::Store;
use super::timing::{self, Bound, Figures, Work};
use super::trace;
use std::fmt;

/// `match CODE { 0 => OP::<0, B>(ARGS), 1 => OP::<1, B>(ARGS), ... }`, an arm for each of the
/// 256 function codes: a jump on the code to the copy of `OP` made for it (`exec`, and the
/// block cache's `obey`).
macro_rules! by_code {
    ($code:expr, $op:ident::<_, $b:ident> $args:tt) => {
        by_code!(@arms $code, $op, $b, $args;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
            16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
            32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
            48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
            64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79
            80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95
            96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111
            112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127
            128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143
            144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159
            160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175
            176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191
            192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207
            208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223
            224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239
            240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255
        )
    };
    (@arms $code:expr, $op:ident, $b:ident, $args:tt; $($f:literal)*) => {
        match $code {
            $($f => $op::<$f, $b> $args,)*
        }
    };
}

const PC_MASK: u32 = 2047;
/// Shift that brings the left (20) or right (0) order of a word to the bottom.
const HALF_SHIFT: [u32; 2] = [20, 0];
const RIGHT_ADDRESS: u64 = 0x3FF;
const LEFT_ADDRESS: u64 = 0x3FF << 20;

fn pc_of(address: u16, half: Half) -> u32 {
    ((address as u32 & 0x3FF) << 1) | (half == Half::Right) as u32
}

fn location(pc: u32) -> (u16, Half) {
    (
        (pc >> 1) as u16,
        if pc & 1 == 0 { Half::Left } else { Half::Right },
    )
}

/// Limits for one call of `Machine::run`, counted from the start of that call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop (OrderBudget) after this many orders.
    pub max_orders: Option<u64>,
    /// Stop (TimeBudget) before the first order that would start this many emulated ns (or
    /// more) after the call began.
    pub max_ns: Option<u64>,
    /// Stop before obeying the order here (not if the call starts at it).
    pub breakpoint: Option<(u16, Half)>,
}

impl Limits {
    /// No limits: run until the program stops itself.
    pub fn none() -> Limits {
        Limits::default()
    }

    pub fn orders(n: u64) -> Limits {
        Limits {
            max_orders: Some(n),
            ..Limits::default()
        }
    }
}

/// Why the machine stopped. Address and half are where control was: for the order-stops, the
/// order itself; `run` again continues as the console would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A 20/24-family (or taken 30/34-family) stop order; control has already been set to its
    /// target, so `run` again continues there as the console's restart would.
    StopOrder {
        address: u16,
        half: Half,
        order: Order,
    },
    /// The reader has fewer frames than the order at (address, half) needs; the order has not
    /// started. Push frames and `run` again.
    WaitingForTape { address: u16, half: Half },
    /// Control reached the breakpoint; the order there has not been obeyed.
    Breakpoint { address: u16, half: Half },
    /// A transfer that goes on at once to its own order (`26 n` at nL, or `3x` to itself with
    /// A >= 0): obeyed, control on it, and nothing else can change, so the machine would loop
    /// for ever (the loop an operator stopped by hand; SIMH's "Infinite loop").
    TightLoop { address: u16, half: Half },
    /// `Limits::max_orders` reached.
    OrderBudget,
    /// `Limits::max_ns` reached.
    TimeBudget,
    /// A divide whose quotient is outside -1 <= x < 1 (or divisor 0); the order is not obeyed
    /// and control stays on it.
    DivideOverflow {
        address: u16,
        half: Half,
        order: Order,
    },
    /// A variant the documents call unwanted or hardware SILLIAC lacked; not obeyed.
    UnwantedOrder {
        address: u16,
        half: Half,
        order: Order,
        reason: &'static str,
    },
    /// An order (or operand) whose behaviour no source gives; not obeyed.
    UnknownOrder {
        address: u16,
        half: Half,
        order: Order,
        reason: &'static str,
    },
}

impl Stop {
    /// A short name of the reason, stable for JSON output.
    pub fn reason(&self) -> &'static str {
        match self {
            Stop::StopOrder { .. } => "stop-order",
            Stop::WaitingForTape { .. } => "waiting-for-tape",
            Stop::Breakpoint { .. } => "breakpoint",
            Stop::TightLoop { .. } => "tight-loop",
            Stop::OrderBudget => "order-budget",
            Stop::TimeBudget => "time-budget",
            Stop::DivideOverflow { .. } => "divide-overflow",
            Stop::UnwantedOrder { .. } => "unwanted-order",
            Stop::UnknownOrder { .. } => "unknown-order",
        }
    }

    /// Where it happened, if the stop is tied to an order position.
    pub fn location(&self) -> Option<(u16, Half)> {
        match *self {
            Stop::StopOrder { address, half, .. }
            | Stop::WaitingForTape { address, half }
            | Stop::Breakpoint { address, half }
            | Stop::TightLoop { address, half }
            | Stop::DivideOverflow { address, half, .. }
            | Stop::UnwantedOrder { address, half, .. }
            | Stop::UnknownOrder { address, half, .. } => Some((address, half)),
            Stop::OrderBudget | Stop::TimeBudget => None,
        }
    }

    /// The machine refused an order, or loops for ever: the program cannot go on.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Stop::DivideOverflow { .. }
                | Stop::UnwantedOrder { .. }
                | Stop::UnknownOrder { .. }
                | Stop::TightLoop { .. }
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at =
            |f: &mut fmt::Formatter<'_>, a: u16, h: Half| write!(f, " at {a:04}{}", h.letter());
        match *self {
            Stop::StopOrder {
                address,
                half,
                order,
            } => {
                write!(f, "stop order {}", order.to_text())?;
                at(f, address, half)
            }
            Stop::WaitingForTape { address, half } => {
                write!(f, "waiting for tape")?;
                at(f, address, half)
            }
            Stop::Breakpoint { address, half } => {
                write!(f, "breakpoint")?;
                at(f, address, half)
            }
            Stop::TightLoop { address, half } => {
                write!(f, "tight loop")?;
                at(f, address, half)?;
                write!(
                    f,
                    ": a transfer to itself, nothing changing (infinite loop)"
                )
            }
            Stop::OrderBudget => write!(f, "order budget used up"),
            Stop::TimeBudget => write!(f, "emulated time budget used up"),
            Stop::DivideOverflow {
                address,
                half,
                order,
            } => {
                write!(f, "divide overflow in {}", order.to_text())?;
                at(f, address, half)
            }
            Stop::UnwantedOrder {
                address,
                half,
                order,
                reason,
            }
            | Stop::UnknownOrder {
                address,
                half,
                order,
                reason,
            } => {
                let kind = if matches!(self, Stop::UnwantedOrder { .. }) {
                    "unwanted"
                } else {
                    "unknown"
                };
                write!(f, "{kind} order {}", order.to_text())?;
                at(f, address, half)?;
                write!(f, ": {reason}")
            }
        }
    }
}

/// The console's order pair (notes §7): read one 10-character word, store it at 0.
const CONSOLE_ORDERS: [u32; 2] = [
    Order::new(0x80, 0x028).bits(),
    Order::new(0x40, 0x000).bits(),
];

/// The registers the hot loop works on. Copied into a local for the duration of `run`, so
/// that the compiler keeps them in host registers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cpu {
    pub(super) a: u64,
    pub(super) q: u64,
    /// Control counter: word address * 2 + half (0 left, 1 right).
    pub(super) pc: u32,
    pub(super) clock: u64,
    /// Orders obeyed: kept by `run` and `step` from the counts per code, not by `exec`.
    pub(super) orders: u64,
}

/// The input/output units, and the characters they moved (counted in the input/output paths,
/// never in the hot loop's arithmetic).
#[derive(Clone, Debug, Default)]
pub(super) struct Io {
    pub(super) reader: TapeReader,
    pub(super) punch: Punch,
    /// Characters read by 80/81, punched by 82/83 and put out by 92.
    pub(super) read_chars: u64,
    pub(super) punched_chars: u64,
    pub(super) printed_chars: u64,
}

/// The whole machine.
#[derive(Clone)]
pub struct Machine {
    // Visible to the module's siblings so that `snapshot` can save and restore every part.
    pub(super) cpu: Cpu,
    pub(super) store: Box<Store>,
    pub(super) counts: [u64; 256],
    pub(super) io: Io,
    pub(super) trace_on: bool,
    trace: String,
    /// Console orders still to obey (2, 1 or 0).
    pub(super) console_pending: u8,
    /// The figures the clock charges (`set_timing`; nominal by default).
    timing: Bound,
    /// Orders decoded ahead for `run` (`blocks`); the store tells it what changed.
    blocks: blocks::BlockCache,
}

impl Default for Machine {
    fn default() -> Self {
        Self::new()
    }
}

impl Machine {
    /// Store zero, A = Q = 0, clock 0, control at 0 left.
    pub fn new() -> Machine {
        Machine {
            cpu: Cpu::default(),
            store: Box::new(Store::new()),
            counts: [0; 256],
            io: Io::default(),
            trace_on: false,
            trace: String::new(),
            console_pending: 0,
            timing: Bound::Nominal,
            blocks: blocks::BlockCache::default(),
        }
    }

    pub fn word(&self, addr: u16) -> u64 {
        self.store.read(addr)
    }
    pub fn set_word(&mut self, addr: u16, w: u64) {
        self.store.write(addr, w);
    }
    pub fn store(&self) -> &Store {
        &self.store
    }
    pub fn a(&self) -> u64 {
        self.cpu.a
    }
    pub fn q(&self) -> u64 {
        self.cpu.q
    }
    pub fn set_a(&mut self, v: u64) {
        self.cpu.a = v & arith::WORD_MASK;
    }
    pub fn set_q(&mut self, v: u64) {
        self.cpu.q = v & arith::WORD_MASK;
    }
    pub fn control(&self) -> (u16, Half) {
        location(self.cpu.pc)
    }
    pub fn set_control(&mut self, addr: u16, half: Half) {
        self.cpu.pc = pc_of(addr, half);
    }
    pub fn reader(&self) -> &TapeReader {
        &self.io.reader
    }
    pub fn reader_mut(&mut self) -> &mut TapeReader {
        &mut self.io.reader
    }
    pub fn punch(&self) -> &Punch {
        &self.io.punch
    }
    pub fn punch_mut(&mut self) -> &mut Punch {
        &mut self.io.punch
    }
    /// Emulated busy time in exact ns (does not advance while waiting for tape).
    pub fn clock_ns(&self) -> u64 {
        self.cpu.clock
    }
    /// Orders obeyed (including the console's).
    pub fn orders(&self) -> u64 {
        self.cpu.orders
    }
    /// Orders obeyed per function code.
    pub fn counts(&self) -> &[u64; 256] {
        &self.counts
    }
    /// Per-unit work done (shift places, characters read, punched and put out). The shift
    /// places are what the clock charged beyond every order's fixed part and the characters:
    /// counting them in the hot loop cost about a tenth of its speed, and the clock already
    /// holds them exactly (nothing else moves it).
    pub fn work(&self) -> Work {
        let (io, fig) = (&self.io, timing::figures(self.timing));
        let fixed: u64 = self
            .counts
            .iter()
            .zip(fig.fixed.iter())
            .map(|(c, t)| c * t)
            .sum();
        let chars = io.read_chars * fig.read_char_ns
            + (io.punched_chars + io.printed_chars) * fig.punch_char_ns;
        Work {
            shift_places: self.cpu.clock.saturating_sub(fixed + chars) / fig.shift_place_ns,
            read_chars: io.read_chars,
            punched_chars: io.punched_chars,
            printed_chars: io.printed_chars,
        }
    }
    /// The period time so far under the low, nominal and high timing figures; the one of the
    /// bound the clock charges (`timing`) is `clock_ns`.
    pub fn spread(&self) -> timing::Spread {
        timing::spread(&self.counts, &self.work())
    }
    /// Charge the figures of `bound` from now on (nominal by default). Set it before a run: a
    /// clock that changed bounds midway is under neither.
    pub fn set_timing(&mut self, bound: Bound) {
        self.timing = bound;
    }
    /// The bound the clock charges.
    pub fn timing(&self) -> Bound {
        self.timing
    }
    pub fn set_trace(&mut self, on: bool) {
        self.trace_on = on;
    }
    /// The trace lines gathered since the last call.
    pub fn take_trace(&mut self) -> String {
        std::mem::take(&mut self.trace)
    }

    /// The operator's console start: obey `80 028 / 40 000` (read one word from tape, store it
    /// at 0), then continue at 0 left. The pair is obeyed by the next `run`/`step`, so an empty
    /// reader gives `WaitingForTape` at 0000L with nothing lost.
    pub fn console_start(&mut self) {
        self.console_pending = 2;
        self.cpu.pc = 0;
    }

    /// Obey one order (a pending console order first). Limits do not apply.
    pub fn step(&mut self) -> Option<Stop> {
        if self.console_pending > 0 {
            let bits = CONSOLE_ORDERS[2 - self.console_pending as usize];
            let pc = self.cpu.pc;
            let r = self.step_bits(bits);
            if r.is_none() {
                // Console orders do not move the control counter.
                self.cpu.pc = pc;
                self.console_pending -= 1;
            }
            return r;
        }
        let bits = fetch(&self.store, self.cpu.pc);
        self.step_bits(bits)
    }

    fn step_bits(&mut self, bits: u32) -> Option<Stop> {
        match bound_number(self.timing) {
            0 => self.step_bits_under::<0>(bits),
            1 => self.step_bits_under::<1>(bits),
            _ => self.step_bits_under::<2>(bits),
        }
    }

    fn step_bits_under<const B: u8>(&mut self, bits: u32) -> Option<Stop> {
        let mut cpu = self.cpu;
        let before = self.counts[(bits >> 12) as usize];
        let r = if self.trace_on {
            exec_traced::<B>(
                &mut cpu,
                &mut self.store,
                &mut self.counts,
                &mut self.io,
                &mut self.trace,
                bits,
            )
        } else {
            exec::<B>(
                &mut cpu,
                &mut self.store,
                &mut self.counts,
                &mut self.io,
                bits,
            )
        };
        // An order obeyed is counted in `counts` (`exec`); one refused is not.
        cpu.orders += self.counts[(bits >> 12) as usize] - before;
        self.cpu = cpu;
        r
    }

    /// Run until something stops the machine.
    pub fn run(&mut self, limits: Limits) -> Stop {
        let order_end = limits
            .max_orders
            .map_or(u64::MAX, |m| self.cpu.orders.saturating_add(m));
        let ns_end = limits
            .max_ns
            .map_or(u64::MAX, |m| self.cpu.clock.saturating_add(m));
        let bp = limits.breakpoint.map_or(u32::MAX, |(a, h)| pc_of(a, h));
        // The first order of a call is never stopped by the breakpoint, so that `run` again
        // continues from one.
        let mut first = true;
        while self.console_pending > 0 || (first && self.cpu.pc == bp) {
            first = false;
            if self.cpu.orders >= order_end {
                return Stop::OrderBudget;
            }
            if self.cpu.clock >= ns_end {
                return Stop::TimeBudget;
            }
            if let Some(stop) = self.step() {
                return stop;
            }
        }
        let mut cpu = self.cpu;
        let (store, counts, io, trace, cache) = (
            &mut self.store,
            &mut self.counts,
            &mut self.io,
            &mut self.trace,
            &mut self.blocks,
        );
        let checks = ns_end != u64::MAX || bp != u32::MAX;
        // One copy of the loop per case, so that each keeps only what it tests: the common
        // case, no trace, time limit or breakpoint, runs whole blocks.
        macro_rules! under {
            ($b:literal) => {
                match (self.trace_on, checks) {
                    (true, _) => run_loop::<true, $b>(
                        &mut cpu, store, counts, io, trace, order_end, ns_end, bp,
                    ),
                    (false, true) => run_loop::<false, $b>(
                        &mut cpu, store, counts, io, trace, order_end, ns_end, bp,
                    ),
                    (false, false) => {
                        blocks::run_blocks::<$b>(&mut cpu, store, counts, io, cache, order_end)
                    }
                }
            };
        }
        let stop = match bound_number(self.timing) {
            0 => under!(0),
            1 => under!(1),
            _ => under!(2),
        };
        self.cpu = cpu;
        stop
    }
}

/// One order at a time, for a trace, a time limit or a breakpoint (`blocks::run_blocks` runs
/// the rest).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn run_loop<const TRACE: bool, const B: u8>(
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
fn add_counts(counts: &mut [u64; 256], run: &[u64; 256], cpu: &mut Cpu) {
    for (c, n) in counts.iter_mut().zip(run) {
        *c += n;
        cpu.orders += n;
    }
}

/// The order at the control counter, decoded from the store word now.
#[inline(always)]
fn fetch(store: &Store, pc: u32) -> u32 {
    let word = store.read((pc >> 1) as u16);
    (word >> HALF_SHIFT[(pc & 1) as usize]) as u32 & ORDER_MASK
}

fn exec_traced<const B: u8>(
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
fn figures_of<const B: u8>() -> &'static Figures {
    &timing::BY_BOUND[B as usize]
}

fn bound_number(b: Bound) -> u8 {
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
/// `bench silliac --no-simh --seconds 1`, 8 alternating runs a build, medians 133 -> 145
/// million orders/s (about 9 %) on 27 Nov 2026.
#[inline(always)]
fn exec<const B: u8>(
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
            cpu.clock += n as u64 * fig.shift_place_ns;
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
fn act<const F: u8>(cpu: &mut Cpu, store: &mut Store, n: u16) -> bool {
    let row = const { ORDER_TABLE_CONST[F as usize] };
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
fn transfer_stop(bits: u32, pc: u32, stop: bool) -> Stop {
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

/// 80/81: read `chars` characters; each shifts A:Q left 4 places and puts holes 1-4 of the
/// frame into a36-a39 (hole 5 is not sensed in this mode). The caller checked the tape.
/// Takes and returns values so that the hot loop's registers never go through memory.
#[inline(never)]
fn read(
    mut a: u64,
    mut q: u64,
    mut clock: u64,
    fig: &Figures,
    io: &mut Io,
    chars: usize,
) -> (u64, u64, u64) {
    io.read_chars += chars as u64;
    for _ in 0..chars {
        clock += fig.read_char_ns;
        let f = io.reader.take(clock).unwrap_or(0);
        (a, q) = arith::shift_left(a, q, 4);
        a = (a & !(LOW_HOLES as u64)) | (f & LOW_HOLES) as u64;
    }
    (a, q, clock)
}

/// 82/83: punch `chars` characters from a0-a3, shifting A:Q left 4 places after each.
#[inline(never)]
fn punch_sexadecimal(
    mut a: u64,
    mut q: u64,
    mut clock: u64,
    fig: &Figures,
    io: &mut Io,
    chars: usize,
) -> (u64, u64, u64) {
    io.punched_chars += chars as u64;
    for _ in 0..chars {
        clock += fig.punch_char_ns;
        io.punch.punch((a >> 36) as u8 & 15, clock);
        (a, q) = arith::shift_left(a, q, 4);
    }
    (a, q, clock)
}

impl fmt::Debug for Machine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (addr, half) = self.control();
        write!(
            f,
            "Machine {{ control: {addr:04}{}, A: {}, Q: {}, clock_ns: {}, orders: {} }}",
            half.letter(),
            super::orders::word_to_sex(self.cpu.a),
            super::orders::word_to_sex(self.cpu.q),
            self.cpu.clock,
            self.cpu.orders
        )
    }
}

/// Names of the function codes obeyed at least once with their counts, most frequent first.
pub fn count_table(counts: &[u64; 256]) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(f, &c)| (function_name(f as u8), c))
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

mod blocks;
#[cfg(test)]
mod tests;
