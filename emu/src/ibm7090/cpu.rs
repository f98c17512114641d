//! The CPU and the whole machine: registers, instruction fetch and execution, stops.
//!
//! Registers as the manuals name them:
//! - AC: S, Q, P, 1-35 (38 bits, layout in `arith`); MQ: S, 1-35;
//! - index registers A, B, C selected by tag bits 1, 2, 4. The 7090 ORs the selected
//!   registers when a tag names several, and loads all of them when writing [SUP `get_xri`,
//!   `get_xrx`, `put_xr` in multiple-tag mode; notes §1]; the instructions that read an index
//!   register as their operand (TXI..TXL, SXA, SXD, PXA, PXD) write the OR back into every
//!   selected register, as SIMH's 7090 mode does [SUP `get_xrx`];
//! - IC (15 bits); indicators AC overflow and divide check; sense switches 1-6, sense lights
//!   1-4, the console entry keys.
//!
//! Store: 32,768 words of 36 bits. Effective address Y = address - C(XR) mod 2^15; one level
//! of indirect addressing (flag 11) costs one more cycle.

use super::arith::{self, AC_MAG, AC_P, AC_S, MAG, SIGN, WORD};
use super::channel::{ChannelA, ChannelError};
use super::decode::{self, Decoded, Op};
use super::isa::{self, Addressing};
use super::timing;
use super::trace;
use std::fmt;

/// Words of store.
pub const STORE_WORDS: usize = 32768;
const ADDR: u16 = 0o77777;

/// Limits for one call of `Machine::run`, counted from the start of that call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub max_instructions: Option<u64>,
    /// Stop before the first instruction that would start at or after this many cycles.
    pub max_cycles: Option<u64>,
}

impl Limits {
    pub fn none() -> Limits {
        Limits::default()
    }
    pub fn instructions(n: u64) -> Limits {
        Limits {
            max_instructions: Some(n),
            ..Limits::default()
        }
    }
    pub fn cycles(n: u64) -> Limits {
        Limits {
            max_cycles: Some(n),
            ..Limits::default()
        }
    }
}

/// Why the machine stopped. `address` is the location of the instruction concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// HTR at `address`: the IC holds Y (`target`), where START resumes.
    Halt {
        address: u16,
        target: u16,
    },
    /// HPR: the IC holds the next instruction.
    HaltProceed {
        address: u16,
    },
    /// DVH with divide check: the divide check indicator is on, IC holds the next instruction.
    DivideCheckHalt {
        address: u16,
    },
    /// An instruction outside the emulated subset; not executed, IC stays on it.
    Unimplemented {
        word: u64,
        address: u16,
    },
    /// The card reader's hopper is empty (the reader is not ready; an operator would load
    /// cards): IC stays on the instruction.
    ReaderEmpty {
        address: u16,
    },
    /// A unit or channel command the model does not have; IC stays on the instruction.
    Channel {
        address: u16,
        error: ChannelError,
    },
    /// An XEC chain longer than `XEC_LIMIT` (a real 7090 would loop for ever).
    XecLoop {
        address: u16,
    },
    InstructionBudget,
    CycleBudget,
}

/// The decrement field (bits 3-17) of a word.
#[inline(always)]
fn decrement(word: u64) -> u16 {
    ((word >> 18) & 0o77777) as u16
}

/// Longest XEC chain followed before stopping.
pub const XEC_LIMIT: u32 = 1000;

/// Most instructions one step can count: an XEC chain of `XEC_LIMIT` and its target.
const STEP_MAX_INSTRUCTIONS: u64 = XEC_LIMIT as u64 + 2;
/// A bound on the cycles of one step: per level of an XEC chain at most the largest fixed
/// count, +1 indirect, and the longest shift (22) or multiply (14); 64 is well above that
/// (`step_bounds_hold` checks it against the decode table).
const STEP_MAX_LEVEL_CYCLES: u64 = 64;
const STEP_MAX_CYCLES: u64 = (XEC_LIMIT as u64 + 2) * STEP_MAX_LEVEL_CYCLES;
/// Longest run of unchecked steps (keeps the slice arithmetic rare, never observable).
const SLICE: u64 = 1 << 16;

impl Stop {
    /// A short stable name for JSON output.
    pub fn reason(&self) -> &'static str {
        match self {
            Stop::Halt { .. } => "halt",
            Stop::HaltProceed { .. } => "halt-proceed",
            Stop::DivideCheckHalt { .. } => "divide-check-halt",
            Stop::Unimplemented { .. } => "unimplemented",
            Stop::ReaderEmpty { .. } => "reader-empty",
            Stop::Channel { .. } => "channel",
            Stop::XecLoop { .. } => "xec-loop",
            Stop::InstructionBudget => "instruction-budget",
            Stop::CycleBudget => "cycle-budget",
        }
    }

    pub fn address(&self) -> Option<u16> {
        match *self {
            Stop::Halt { address, .. }
            | Stop::HaltProceed { address }
            | Stop::DivideCheckHalt { address }
            | Stop::Unimplemented { address, .. }
            | Stop::ReaderEmpty { address }
            | Stop::Channel { address, .. }
            | Stop::XecLoop { address } => Some(address),
            Stop::InstructionBudget | Stop::CycleBudget => None,
        }
    }

    /// The program cannot go on.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Stop::Unimplemented { .. } | Stop::Channel { .. } | Stop::XecLoop { .. }
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stop::Halt { address, target } => {
                write!(f, "HTR at {address:05o} (restart at {target:05o})")
            }
            Stop::HaltProceed { address } => write!(f, "HPR at {address:05o}"),
            Stop::DivideCheckHalt { address } => {
                write!(f, "divide check halt (DVH) at {address:05o}")
            }
            Stop::Unimplemented { word, address } => write!(
                f,
                "unimplemented instruction {word:012o} ({}) at {address:05o}",
                isa::disassemble(word)
            ),
            Stop::ReaderEmpty { address } => {
                write!(f, "card reader empty at {address:05o}")
            }
            Stop::Channel { address, error } => {
                write!(f, "channel A: {error:?} at {address:05o}")
            }
            Stop::XecLoop { address } => write!(f, "XEC chain too long at {address:05o}"),
            Stop::InstructionBudget => write!(f, "instruction budget used up"),
            Stop::CycleBudget => write!(f, "cycle budget used up"),
        }
    }
}

/// The IBM 7090.
pub struct Machine {
    pub mem: Box<[u64; STORE_WORDS]>,
    pub ac: u64,
    pub mq: u64,
    /// Index registers A, B, C (tag bits 1, 2, 4), 15 bits each. Kept as u32 so that loads
    /// and stores of neighbouring registers never straddle (a store-forwarding stall).
    pub xr: [u32; 3],
    /// The instruction counter (15 bits; u32 for the same reason as `xr`).
    pub ic: u32,
    pub overflow: bool,
    pub divide_check: bool,
    /// Sense switches: bit n-1 = switch n (on = down).
    pub sense_switches: u8,
    /// Sense lights: bit n-1 = light n.
    pub sense_lights: u8,
    pub keys: u64,
    pub channel: ChannelA,
    // Visible to the module so that `snapshot` can save and restore them.
    pub(super) cycles: u64,
    pub(super) instructions: u64,
    dec: Box<[Decoded; 4096]>,
    group: Box<[u8; 256]>,
    icache: Box<[(u64, Decoded); STORE_WORDS]>,
    pub(super) trace_on: bool,
    trace: String,
}

impl Default for Machine {
    fn default() -> Self {
        Machine::new()
    }
}

impl Machine {
    pub fn new() -> Machine {
        Machine {
            mem: Box::new([0; STORE_WORDS]),
            ac: 0,
            mq: 0,
            xr: [0; 3],
            ic: 0,
            overflow: false,
            divide_check: false,
            sense_switches: 0,
            sense_lights: 0,
            keys: 0,
            channel: ChannelA::default(),
            cycles: 0,
            instructions: 0,
            dec: decode::table(),
            group: decode::group_0760_table(),
            icache: vec![(u64::MAX, decode::UNIMPLEMENTED); STORE_WORDS]
                .into_boxed_slice()
                .try_into()
                .expect("store size"),
            trace_on: false,
            trace: String::new(),
        }
    }

    /// Cycles (2.18 us each) since the machine was made.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Instructions executed (an XEC and the instruction it executes count as two).
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Emulated time in microseconds.
    pub fn emulated_us(&self) -> f64 {
        timing::cycles_to_us(self.cycles)
    }

    pub fn set_trace(&mut self, on: bool) {
        self.trace_on = on;
    }

    pub fn trace_enabled(&self) -> bool {
        self.trace_on
    }

    /// Trace lines gathered since the last call.
    pub fn take_trace(&mut self) -> String {
        std::mem::take(&mut self.trace)
    }

    /// Load words at an address (wrapping at the end of store).
    pub fn load(&mut self, at: u16, words: &[u64]) {
        for (i, w) in words.iter().enumerate() {
            self.mem[(at as usize + i) % STORE_WORDS] = w & WORD;
        }
    }

    /// Index register value for a tag: the OR of the selected registers.
    #[inline]
    pub fn xr_read(&self, tag: u8) -> u16 {
        // Branch-free: each register masked by its tag bit.
        let m = |bit: u8| 0u32.wrapping_sub(((tag >> bit) & 1) as u32);
        ((self.xr[0] & m(0)) | (self.xr[1] & m(1)) | (self.xr[2] & m(2))) as u16
    }

    /// Load every selected index register.
    #[inline]
    pub fn xr_write(&mut self, tag: u8, v: u16) {
        let v = (v & ADDR) as u32;
        if tag & 1 != 0 {
            self.xr[0] = v;
        }
        if tag & 2 != 0 {
            self.xr[1] = v;
        }
        if tag & 4 != 0 {
            self.xr[2] = v;
        }
    }

    /// Read for an instruction whose operand is the index register: OR, written back.
    #[inline]
    fn xr_operand(&mut self, tag: u8) -> u16 {
        let v = self.xr_read(tag);
        self.xr_write(tag, v);
        v
    }

    /// Run until a stop.
    pub fn run(&mut self, limits: Limits) -> Stop {
        let end_i = limits
            .max_instructions
            .map_or(u64::MAX, |n| self.instructions.saturating_add(n));
        let end_c = limits
            .max_cycles
            .map_or(u64::MAX, |n| self.cycles.saturating_add(n));
        if self.trace_on {
            loop {
                if self.instructions >= end_i {
                    return Stop::InstructionBudget;
                }
                if self.cycles >= end_c {
                    return Stop::CycleBudget;
                }
                if let Err(stop) = self.step_inner() {
                    return stop;
                }
            }
        }
        // The hot loop: no trace test per instruction, and the budgets checked once a slice.
        loop {
            if self.instructions >= end_i {
                return Stop::InstructionBudget;
            }
            if self.cycles >= end_c {
                return Stop::CycleBudget;
            }
            // Steps that cannot reach either budget (each step is at most STEP_MAX_*), so the
            // stop falls before the same instruction as with a check per step; near a budget
            // the slice is one step, checked.
            let n = ((end_i - self.instructions) / STEP_MAX_INSTRUCTIONS)
                .min((end_c - self.cycles) / STEP_MAX_CYCLES)
                .clamp(1, SLICE);
            for _ in 0..n {
                if let Err(stop) = self.step_fast() {
                    return stop;
                }
            }
        }
    }

    /// One step of the hot loop (no trace, no budget check).
    #[inline(always)]
    fn step_fast(&mut self) -> Result<(), Stop> {
        let at = (self.ic as u16) & ADDR;
        let word = self.mem[at as usize];
        self.ic = ((at + 1) & ADDR) as u32;
        // The decoded form of the word last executed here, checked against the word itself:
        // the dispatch need not wait for the decode array (a store changes the word, and
        // the check fails).
        let c = self.icache[at as usize];
        let d = if c.0 == word {
            c.1
        } else {
            let d = self.dec[((word >> 24) & 0o7777) as usize];
            self.icache[at as usize] = (word, d);
            d
        };
        self.execute_decoded(word, d, at, 0)
    }

    /// Execute one instruction (with an XEC, the chain it executes).
    pub fn step(&mut self) -> Option<Stop> {
        self.step_inner().err()
    }

    #[inline(never)]
    fn step_inner(&mut self) -> Result<(), Stop> {
        let at = (self.ic as u16) & ADDR;
        let word = self.mem[at as usize];
        self.ic = ((at + 1) & ADDR) as u32;
        if self.trace_on {
            let before = self.cycles;
            let r = self.execute(word, at, 0);
            self.trace_line(before, at, word);
            return r;
        }
        self.execute(word, at, 0)
    }

    fn trace_line(&mut self, start: u64, at: u16, word: u64) {
        let f = isa::fields(word);
        let ea = f.address.wrapping_sub(self.xr_read(f.tag)) & ADDR;
        trace::line(
            &mut self.trace,
            start,
            at,
            word,
            ea,
            self.ac,
            self.mq,
            self.xr,
        );
    }

    /// Undo the fetch: the instruction at `at` did not execute.
    fn refuse(&mut self, at: u16, depth: u32, stop: Stop) -> Result<(), Stop> {
        if depth == 0 {
            self.ic = at as u32;
        }
        Err(stop)
    }

    /// Execute `word` fetched from `at` (for XEC, `at` is the XEC's location).
    #[inline(always)]
    fn execute(&mut self, word: u64, at: u16, depth: u32) -> Result<(), Stop> {
        let d = self.dec[((word >> 24) & 0o7777) as usize];
        self.execute_decoded(word, d, at, depth)
    }

    /// Execute `word`, already decoded as `d`.
    #[inline(always)]
    fn execute_decoded(&mut self, word: u64, d: Decoded, at: u16, depth: u32) -> Result<(), Stop> {
        let tag = ((word >> 15) & 7) as u8;
        let address = (word & 0o77777) as u16;
        self.instructions += 1;
        let mut cycles = d.cycles as u64;
        let y = match d.addressing {
            Addressing::Indexed => {
                let mut y = address.wrapping_sub(self.xr_read(tag)) & ADDR;
                if (word >> 22) & 3 == 3 {
                    let ind = self.mem[y as usize];
                    let t = ((ind >> 15) & 7) as u8;
                    y = ((ind & 0o77777) as u16).wrapping_sub(self.xr_read(t)) & ADDR;
                    cycles += 1;
                }
                y
            }
            Addressing::IndexedNoIndirect => address.wrapping_sub(self.xr_read(tag)) & ADDR,
            Addressing::TagRegister | Addressing::Direct => address,
        };
        let yi = y as usize;
        let skip = |m: &mut Machine, n: u32| m.ic = (m.ic + n) & ADDR as u32;
        match d.op {
            Op::Unimplemented => {
                self.instructions -= 1;
                return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
            }
            // --- Type A
            Op::Txi => {
                let xr = self.xr_operand(tag);
                self.xr_write(tag, xr.wrapping_add(decrement(word)));
                self.ic = address as u32;
            }
            Op::Tix => {
                let xr = self.xr_operand(tag);
                let dec = decrement(word);
                if xr > dec {
                    self.xr_write(tag, xr - dec);
                    self.ic = address as u32;
                }
            }
            Op::Txh => {
                if self.xr_operand(tag) > decrement(word) {
                    self.ic = address as u32;
                }
            }
            Op::Tnx => {
                let xr = self.xr_operand(tag);
                let dec = decrement(word);
                if xr > dec {
                    self.xr_write(tag, xr - dec);
                } else {
                    self.ic = address as u32;
                }
            }
            Op::Txl => {
                if self.xr_operand(tag) <= decrement(word) {
                    self.ic = address as u32;
                }
            }
            // --- Transfers and control
            Op::Htr => {
                self.cycles += cycles;
                self.ic = y as u32;
                return Err(Stop::Halt {
                    address: at,
                    target: y,
                });
            }
            Op::Hpr => {
                self.cycles += cycles;
                return Err(Stop::HaltProceed { address: at });
            }
            Op::Tra => self.ic = y as u32,
            Op::Tlq => {
                let s1 = self.ac & AC_S != 0;
                let s2 = self.mq & SIGN != 0;
                let t1 = self.ac & AC_MAG;
                let t2 = self.mq & MAG;
                let go = if s1 != s2 {
                    s2
                } else {
                    t1 != t2 && (s2 ^ (t1 > t2))
                };
                if go {
                    self.ic = y as u32;
                }
            }
            Op::Tsx => {
                if tag != 0 {
                    self.xr_write(tag, (!at).wrapping_add(1) & ADDR);
                }
                self.ic = y as u32;
            }
            Op::Tze => {
                if self.ac & AC_MAG == 0 {
                    self.ic = y as u32;
                }
            }
            Op::Tnz => {
                if self.ac & AC_MAG != 0 {
                    self.ic = y as u32;
                }
            }
            Op::Tpl => {
                if self.ac & AC_S == 0 {
                    self.ic = y as u32;
                }
            }
            Op::Tmi => {
                if self.ac & AC_S != 0 {
                    self.ic = y as u32;
                }
            }
            Op::Tov => {
                if self.overflow {
                    self.overflow = false;
                    self.ic = y as u32;
                }
            }
            Op::Tno => {
                if !self.overflow {
                    self.ic = y as u32;
                }
                self.overflow = false;
            }
            Op::Tqp => {
                if self.mq & SIGN == 0 {
                    self.ic = y as u32;
                }
            }
            Op::Nop => {}
            Op::Xec => {
                // XEC: the word at Y executes as if it stood here; its cycles follow XEC's I.
                self.cycles += cycles;
                if depth >= XEC_LIMIT {
                    return Err(Stop::XecLoop { address: at });
                }
                let target = self.mem[yi];
                let r = self.execute_cold(target, at, depth + 1);
                if let Err(Stop::Unimplemented { .. }) = r {
                    // The XEC itself stays unexecuted too, so that IC points at it.
                    self.cycles -= cycles;
                    self.instructions -= 1;
                    if depth == 0 {
                        self.ic = at as u32;
                    }
                }
                return r;
            }
            // --- Multiply and divide
            Op::Mpy | Op::Mpr => {
                let w = self.mem[yi];
                cycles += timing::multiply_cycles(self.mq, w) as u64;
                (self.ac, self.mq) = if d.op == Op::Mpy {
                    arith::multiply(self.mq, w)
                } else {
                    arith::multiply_round(self.mq, w)
                };
            }
            Op::Dvh | Op::Dvp => match arith::divide(self.ac, self.mq, self.mem[yi]) {
                Some((ac, mq)) => {
                    cycles += timing::divide_cycles(false) as u64;
                    self.ac = ac;
                    self.mq = mq;
                }
                None => {
                    cycles += timing::divide_cycles(true) as u64;
                    self.divide_check = true;
                    if d.op == Op::Dvh {
                        self.cycles += cycles;
                        return Err(Stop::DivideCheckHalt { address: at });
                    }
                }
            },
            // --- Logical, compare, add
            Op::Ans => self.mem[yi] &= self.ac & WORD,
            Op::Ana => self.ac &= self.mem[yi],
            Op::Era => self.ac = (self.ac ^ self.mem[yi]) & WORD,
            Op::Ora => self.ac |= self.mem[yi],
            Op::Ors => self.mem[yi] |= self.ac & WORD,
            Op::Cas => {
                let w = self.mem[yi];
                let s1 = self.ac & AC_S != 0;
                let s2 = w & SIGN != 0;
                let t1 = self.ac & AC_MAG;
                let t2 = w & MAG;
                let n = if s1 != s2 {
                    if s1 {
                        2
                    } else {
                        0
                    }
                } else if t1 == t2 {
                    1
                } else if (t1 < t2) ^ s1 {
                    2
                } else {
                    0
                };
                skip(self, n);
            }
            Op::Las => {
                let t = self.ac & AC_MAG;
                let w = self.mem[yi];
                skip(self, if t < w { 2 } else { (t == w) as u32 });
            }
            Op::Acl => self.ac = arith::add_logical(self.ac, self.mem[yi]),
            Op::Add | Op::Adm | Op::Sub | Op::Sbm => {
                let w = self.mem[yi];
                let w = match d.op {
                    Op::Add => w,
                    Op::Adm => w & MAG,
                    Op::Sub => w ^ SIGN,
                    _ => w | SIGN,
                };
                let (ac, ovf) = arith::add(self.ac, w);
                self.ac = ac;
                self.overflow |= ovf;
            }
            // --- Loads
            Op::Cla => self.ac = arith::ac_from_word(self.mem[yi]),
            Op::Cls => self.ac = arith::ac_from_word(self.mem[yi] ^ SIGN),
            Op::Cal => self.ac = self.mem[yi],
            Op::Ldq => self.mq = self.mem[yi],
            Op::Zet => {
                if self.mem[yi] & MAG == 0 {
                    skip(self, 1);
                }
            }
            Op::Nzt => {
                if self.mem[yi] & MAG != 0 {
                    skip(self, 1);
                }
            }
            Op::Xca => {
                let t = self.mq;
                self.mq = arith::word_from_ac(self.ac);
                self.ac = arith::ac_from_word(t);
            }
            Op::Xcl => {
                let t = self.mq;
                self.mq = self.ac & WORD;
                self.ac = t;
            }
            // --- Stores
            Op::Stz => self.mem[yi] = 0,
            Op::Sto => self.mem[yi] = arith::word_from_ac(self.ac),
            Op::Slw => self.mem[yi] = self.ac & WORD,
            Op::Stq => self.mem[yi] = self.mq,
            Op::Sta => self.mem[yi] = (self.mem[yi] & !0o77777) | (self.ac & 0o77777),
            Op::Std => {
                let f = 0o77777 << 18;
                self.mem[yi] = (self.mem[yi] & !f) | (self.ac & f);
            }
            Op::Stt => {
                let f = 0o7 << 15;
                self.mem[yi] = (self.mem[yi] & !f) | (self.ac & f);
            }
            Op::Stp => {
                let f = 0o7 << 33;
                self.mem[yi] = (self.mem[yi] & !f) | (self.ac & f);
            }
            Op::Stl => self.mem[yi] = (self.mem[yi] & !0o77777) | self.ic as u64,
            // --- Index registers
            Op::Lxa => self.xr_write_if(tag, self.mem[yi] as u16),
            Op::Lac => self.xr_write_if(tag, (self.mem[yi] as u16).wrapping_neg()),
            Op::Lxd => self.xr_write_if(tag, decrement(self.mem[yi])),
            Op::Ldc => self.xr_write_if(tag, decrement(self.mem[yi]).wrapping_neg()),
            Op::Sxa => {
                let x = self.xr_operand(tag) as u64;
                self.mem[yi] = (self.mem[yi] & !0o77777) | x;
            }
            Op::Sxd => {
                let x = self.xr_operand(tag) as u64;
                let f = 0o77777 << 18;
                self.mem[yi] = (self.mem[yi] & !f) | (x << 18);
            }
            Op::Pax => self.xr_write_if(tag, self.ac as u16),
            Op::Pac => self.xr_write_if(tag, (self.ac as u16).wrapping_neg()),
            Op::Pdx => self.xr_write_if(tag, (self.ac >> 18) as u16),
            Op::Pdc => self.xr_write_if(tag, ((self.ac >> 18) as u16).wrapping_neg()),
            Op::Pxa => self.ac = self.xr_operand(tag) as u64,
            Op::Pxd => self.ac = (self.xr_operand(tag) as u64) << 18,
            Op::Axt => self.xr_write_if(tag, address),
            Op::Axc => self.xr_write_if(tag, address.wrapping_neg()),
            // --- Shifts: the count is the low 8 bits of Y
            Op::Als | Op::Ars | Op::Lls | Op::Lrs | Op::Lgl | Op::Lgr | Op::Rql => {
                let n = (y & 0o377) as u32;
                cycles += timing::shift_cycles(n) as u64;
                match d.op {
                    Op::Als => {
                        let (ac, ovf) = arith::als(self.ac, n);
                        self.ac = ac;
                        self.overflow |= ovf;
                    }
                    Op::Ars => self.ac = arith::ars(self.ac, n),
                    Op::Lls | Op::Lgl => {
                        let (ac, mq, ovf) = if d.op == Op::Lls {
                            arith::lls(self.ac, self.mq, n)
                        } else {
                            arith::lgl(self.ac, self.mq, n)
                        };
                        (self.ac, self.mq) = (ac, mq);
                        self.overflow |= ovf;
                    }
                    Op::Lrs => (self.ac, self.mq) = arith::lrs(self.ac, self.mq, n),
                    Op::Lgr => (self.ac, self.mq) = arith::lgr(self.ac, self.mq, n),
                    _ => self.mq = arith::rql(self.mq, n),
                }
            }
            // --- Channel A
            Op::Rds | Op::Wrs | Op::Rcha | Op::Lcha => {
                let r = match d.op {
                    Op::Rds => self.channel.select(y, false),
                    Op::Wrs => self.channel.select(y, true),
                    Op::Rcha => self.channel.reset_and_load(&mut self.mem[..], y),
                    _ => self.channel.load(&mut self.mem[..], y),
                };
                if let Err(e) = r {
                    self.instructions -= 1;
                    return self.channel_stop(at, depth, e);
                }
            }
            Op::Tcoa => {
                if self.channel.in_operation() {
                    self.ic = y as u32;
                }
            }
            Op::Tcna => {
                if !self.channel.in_operation() {
                    self.ic = y as u32;
                }
            }
            Op::Group0760 => {
                self.instructions -= 1;
                return self.group_0760(word, y, at, depth);
            }
        }
        self.cycles += cycles;
        Ok(())
    }

    /// XEC's target: the same executor, kept out of line so the hot loop stays small.
    #[inline(never)]
    fn execute_cold(&mut self, word: u64, at: u16, depth: u32) -> Result<(), Stop> {
        self.execute(word, at, depth)
    }

    #[inline]
    fn xr_write_if(&mut self, tag: u8, v: u16) {
        if tag != 0 {
            self.xr_write(tag, v);
        }
    }

    fn channel_stop(&mut self, at: u16, depth: u32, e: ChannelError) -> Result<(), Stop> {
        let stop = match e {
            ChannelError::ReaderEmpty => Stop::ReaderEmpty { address: at },
            error => Stop::Channel { address: at, error },
        };
        self.refuse(at, depth, stop)
    }

    /// The ±0760 group: the effective address selects the function (2 cycles, I and L).
    fn group_0760(&mut self, word: u64, y: u16, at: u16, depth: u32) -> Result<(), Stop> {
        self.instructions += 1;
        let negative = word & SIGN != 0;
        let cycles = if y < 0o200 {
            self.group[((negative as usize) << 7) | y as usize]
        } else {
            0
        };
        if cycles == 0 {
            self.instructions -= 1;
            return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
        }
        let skip = |m: &mut Machine| m.ic = (m.ic + 1) & ADDR as u32;
        match (negative, y) {
            (false, 0o0000) => self.ac &= AC_S,
            (false, 0o0001) => {
                if self.ac & 1 != 0 {
                    skip(self)
                }
            }
            (false, 0o0002) => self.ac ^= AC_S,
            (false, 0o0003) => self.ac &= !AC_S,
            (false, 0o0004) => self.mq = self.keys & WORD,
            (false, 0o0006) => self.ac ^= AC_MAG,
            (false, 0o0012) => {
                if self.divide_check {
                    self.divide_check = false;
                } else {
                    skip(self)
                }
            }
            (false, 0o0140) => self.sense_lights = 0,
            (false, 0o0141..=0o0144) => self.sense_lights |= 1 << (y - 0o0141),
            (false, 0o0161..=0o0166) => {
                if self.sense_switches & (1 << (y - 0o0161)) != 0 {
                    skip(self)
                }
            }
            (true, 0o0001) => {
                if self.ac & AC_P != 0 {
                    skip(self)
                }
            }
            (true, 0o0003) => self.ac |= AC_S,
            (true, 0o0141..=0o0144) => {
                let bit = 1 << (y - 0o0141);
                if self.sense_lights & bit != 0 {
                    self.sense_lights &= !bit;
                    skip(self)
                }
            }
            _ => {
                self.instructions -= 1;
                return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
            }
        }
        self.cycles += cycles as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
