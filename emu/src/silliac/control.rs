//! The control unit and the whole machine: the control counter (word address + half), order
//! fetch from the store word, and the console; the `Machine`. `run` without trace, time limit
//! or breakpoint obeys runs of orders decoded ahead (`blocks`); the other paths fetch every
//! order from the store word as it is obeyed and obey it alone (`exec`). Why the machine
//! stops: `stop`; what the input/output orders reach: `io`.
//!
//! Registers as the manuals name them: A (accumulator), Q (multiplier-quotient), the control
//! counter. The counter is kept as `pc = word address * 2 + half` (0 left, 1 right) so that
//! going on in sequence is one increment.

use super::arith;
pub use super::orders::Half;
use super::orders::{function_name, Order, ORDER_MASK};
use super::punch::Punch;
use super::reader::TapeReader;
use super::store::Store;
use super::timing::{self, Bound, Work};
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

mod blocks;
mod exec;
mod fused;
mod io;
mod pairs;
mod stop;
mod translate;

use exec::{bound_number, exec, exec_traced, run_loop};
use io::Io;
pub use stop::Stop;

pub(super) const PC_MASK: u32 = 2047;

/// Shift that brings the left (20) or right (0) order of a word to the bottom.
pub(super) const HALF_SHIFT: [u32; 2] = [20, 0];

pub(super) fn pc_of(address: u16, half: Half) -> u32 {
    ((address as u32 & 0x3FF) << 1) | (half == Half::Right) as u32
}

pub(super) fn location(pc: u32) -> (u16, Half) {
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

/// The console's order pair (notes §7): read one 10-character word, store it at 0.
const CONSOLE_ORDERS: [u32; 2] = [
    Order::new(0x80, 0x028).bits(),
    Order::new(0x40, 0x000).bits(),
];

/// The registers the hot loop works on. Copied into a local for the duration of `run`, so
/// that the compiler keeps them in host registers. `repr(C)`: translated blocks reach its
/// fields at fixed offsets.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(super) struct Cpu {
    pub(super) a: u64,
    pub(super) q: u64,
    /// Control counter: word address * 2 + half (0 left, 1 right).
    pub(super) pc: u32,
    pub(super) clock: u64,
    /// Orders obeyed: kept by `run` and `step` from the counts per code, not by `exec`.
    pub(super) orders: u64,
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
    /// The pairs of orders obeyed in sequence, when counted (`count_pairs`).
    pairs: Option<pairs::PairCount>,
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
            pairs: None,
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
    /// Whether `run` translates its blocks into host code where the host allows it (the
    /// default) or interprets them: the two give the same run, order for order.
    pub fn set_translation(&mut self, on: bool) {
        self.blocks.set_translation(on);
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
        if self.pairs.is_some() {
            return self.run_counting_pairs(order_end, ns_end, bp);
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

/// The order at the control counter, decoded from the store word now.
#[inline(always)]
pub(super) fn fetch(store: &Store, pc: u32) -> u32 {
    let word = store.read((pc >> 1) as u16);
    (word >> HALF_SHIFT[(pc & 1) as usize]) as u32 & ORDER_MASK
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

#[cfg(test)]
mod tests;
