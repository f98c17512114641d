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
use super::isa::{self, Addressing, DecodeTable, Format, Status, Timing, TABLE};
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

/// Longest XEC chain followed before stopping.
pub const XEC_LIMIT: u32 = 1000;

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

/// Per-opcode facts for the hot loop, derived from the one table.
#[derive(Clone, Copy)]
struct OpMeta {
    implemented: bool,
    addressing: Addressing,
    timing: Timing,
}

/// The IBM 7090.
pub struct Machine {
    pub mem: Vec<u64>,
    pub ac: u64,
    pub mq: u64,
    /// Index registers A, B, C (tag bits 1, 2, 4).
    pub xr: [u16; 3],
    pub ic: u16,
    pub overflow: bool,
    pub divide_check: bool,
    /// Sense switches: bit n-1 = switch n (on = down).
    pub sense_switches: u8,
    /// Sense lights: bit n-1 = light n.
    pub sense_lights: u8,
    pub keys: u64,
    pub channel: ChannelA,
    cycles: u64,
    instructions: u64,
    meta: Box<[Option<OpMeta>; 4096]>,
    trace_on: bool,
    trace: String,
}

impl Default for Machine {
    fn default() -> Self {
        Machine::new()
    }
}

impl Machine {
    pub fn new() -> Machine {
        let decode = DecodeTable::new();
        let mut meta = Box::new([None; 4096]);
        for (op, slot) in meta.iter_mut().enumerate() {
            if let Some(i) = decode.type_b(op as u16) {
                let info = &TABLE[i as usize];
                *slot = Some(OpMeta {
                    implemented: info.status == Status::Implemented,
                    addressing: info.addressing(),
                    timing: info.timing,
                });
            }
        }
        Machine {
            mem: vec![0; STORE_WORDS],
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
            meta,
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
        let mut r = 0;
        if tag & 1 != 0 {
            r |= self.xr[0];
        }
        if tag & 2 != 0 {
            r |= self.xr[1];
        }
        if tag & 4 != 0 {
            r |= self.xr[2];
        }
        r
    }

    /// Load every selected index register.
    #[inline]
    pub fn xr_write(&mut self, tag: u8, v: u16) {
        let v = v & ADDR;
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
        let start_i = self.instructions;
        let start_c = self.cycles;
        loop {
            if let Some(n) = limits.max_instructions {
                if self.instructions - start_i >= n {
                    return Stop::InstructionBudget;
                }
            }
            if let Some(n) = limits.max_cycles {
                if self.cycles - start_c >= n {
                    return Stop::CycleBudget;
                }
            }
            if let Some(stop) = self.step() {
                return stop;
            }
        }
    }

    /// Execute one instruction (with an XEC, the chain it executes).
    pub fn step(&mut self) -> Option<Stop> {
        let at = self.ic;
        let word = self.mem[at as usize];
        self.ic = (at + 1) & ADDR;
        let before = self.cycles;
        let r = self.execute(word, at, 0);
        if self.trace_on {
            self.trace_line(before, at, word);
        }
        r.err()
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
            self.ic = at;
        }
        Err(stop)
    }

    /// Execute `word` fetched from `at` (for XEC, `at` is the XEC's location).
    fn execute(&mut self, word: u64, at: u16, depth: u32) -> Result<(), Stop> {
        let f = isa::fields(word);
        self.instructions += 1;
        // Type A: prefix 1, 2, 3, 6, 7 (5 = STR is not emulated).
        match f.prefix {
            1 | 2 | 3 | 6 | 7 => {
                self.cycles += 1;
                let xr = self.xr_operand(f.tag);
                let d = f.decrement;
                let go = match f.prefix {
                    1 => {
                        self.xr_write(f.tag, xr.wrapping_add(d));
                        true
                    }
                    2 => {
                        if xr > d {
                            self.xr_write(f.tag, xr - d);
                            true
                        } else {
                            false
                        }
                    }
                    3 => xr > d,
                    6 => {
                        if xr > d {
                            self.xr_write(f.tag, xr - d);
                            false
                        } else {
                            true
                        }
                    }
                    _ => xr <= d,
                };
                if go {
                    self.ic = f.address;
                }
                return Ok(());
            }
            5 => {
                self.instructions -= 1;
                return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
            }
            _ => {}
        }
        let op = f.opcode;
        let Some(meta) = self.meta[op as usize] else {
            if op & 0o3777 == 0o0760 {
                return self.group_0760(word, f, at, depth);
            }
            self.instructions -= 1;
            return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
        };
        if !meta.implemented {
            self.instructions -= 1;
            return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
        }
        // Effective address.
        let mut cycles: u32 = 0;
        let y = match meta.addressing {
            Addressing::Indexed => {
                let mut y = f.address.wrapping_sub(self.xr_read(f.tag)) & ADDR;
                if f.flag == 3 {
                    let ind = self.mem[y as usize];
                    let tag = ((ind >> 15) & 7) as u8;
                    y = ((ind & 0o77777) as u16).wrapping_sub(self.xr_read(tag)) & ADDR;
                    cycles += 1;
                }
                y
            }
            Addressing::IndexedNoIndirect => f.address.wrapping_sub(self.xr_read(f.tag)) & ADDR,
            Addressing::TagRegister | Addressing::Direct => f.address,
        };
        cycles += match meta.timing {
            Timing::Fixed(n) => n as u32,
            Timing::Execute => 1,
            _ => 0,
        };
        let yi = y as usize;
        let tag = f.tag;
        match op {
            // --- Transfers and control
            0o0000 => {
                self.cycles += cycles as u64;
                self.ic = y;
                return Err(Stop::Halt {
                    address: at,
                    target: y,
                });
            }
            0o0420 => {
                self.cycles += cycles as u64;
                return Err(Stop::HaltProceed { address: at });
            }
            0o0020 => self.ic = y,
            0o0040 => {
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
                    self.ic = y;
                }
            }
            0o0074 => {
                if tag != 0 {
                    self.xr_write(tag, (!at).wrapping_add(1) & ADDR);
                }
                self.ic = y;
            }
            0o0100 => {
                if self.ac & AC_MAG == 0 {
                    self.ic = y;
                }
            }
            0o4100 => {
                if self.ac & AC_MAG != 0 {
                    self.ic = y;
                }
            }
            0o0120 => {
                if self.ac & AC_S == 0 {
                    self.ic = y;
                }
            }
            0o4120 => {
                if self.ac & AC_S != 0 {
                    self.ic = y;
                }
            }
            0o0140 => {
                if self.overflow {
                    self.overflow = false;
                    self.ic = y;
                }
            }
            0o4140 => {
                if !self.overflow {
                    self.ic = y;
                }
                self.overflow = false;
            }
            0o0162 => {
                if self.mq & SIGN == 0 {
                    self.ic = y;
                }
            }
            0o0761 => {}
            0o0522 => {
                // XEC: the word at Y executes as if it stood here; its cycles follow XEC's I.
                self.cycles += cycles as u64;
                if depth >= XEC_LIMIT {
                    return Err(Stop::XecLoop { address: at });
                }
                let target = self.mem[yi];
                let r = self.execute(target, at, depth + 1);
                if let Err(Stop::Unimplemented { .. }) = r {
                    // The XEC itself stays unexecuted too, so that IC points at it.
                    self.cycles -= cycles as u64;
                    self.instructions -= 1;
                    if depth == 0 {
                        self.ic = at;
                    }
                }
                return r;
            }
            // --- Multiply and divide
            0o0200 | 0o4200 => {
                let w = self.mem[yi];
                cycles += timing::multiply_cycles(self.mq, w);
                let (ac, mq) = if op == 0o0200 {
                    arith::multiply(self.mq, w)
                } else {
                    arith::multiply_round(self.mq, w)
                };
                self.ac = ac;
                self.mq = mq;
            }
            0o0220 | 0o0221 => {
                let w = self.mem[yi];
                match arith::divide(self.ac, self.mq, w) {
                    Some((ac, mq)) => {
                        cycles += timing::divide_cycles(false);
                        self.ac = ac;
                        self.mq = mq;
                    }
                    None => {
                        cycles += timing::divide_cycles(true);
                        self.divide_check = true;
                        if op == 0o0220 {
                            self.cycles += cycles as u64;
                            return Err(Stop::DivideCheckHalt { address: at });
                        }
                    }
                }
            }
            // --- Logical, compare, add
            0o0320 => {
                let w = self.mem[yi] & self.ac & WORD;
                self.mem[yi] = w;
            }
            0o4320 => self.ac &= self.mem[yi],
            0o0322 => self.ac = (self.ac ^ self.mem[yi]) & WORD,
            0o4501 => self.ac |= self.mem[yi],
            0o4602 => self.mem[yi] |= self.ac & WORD,
            0o0340 => {
                let w = self.mem[yi];
                let s1 = self.ac & AC_S != 0;
                let s2 = w & SIGN != 0;
                let t1 = self.ac & AC_MAG;
                let t2 = w & MAG;
                let skip = if s1 != s2 {
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
                self.ic = (self.ic + skip) & ADDR;
            }
            0o4340 => {
                let t = self.ac & AC_MAG;
                let w = self.mem[yi];
                let skip = if t < w {
                    2
                } else if t == w {
                    1
                } else {
                    0
                };
                self.ic = (self.ic + skip) & ADDR;
            }
            0o0361 => self.ac = arith::add_logical(self.ac, self.mem[yi]),
            0o0400 | 0o0401 | 0o0402 | 0o4400 => {
                let w = self.mem[yi];
                let w = match op {
                    0o0400 => w,
                    0o0401 => w & MAG,
                    0o0402 => w ^ SIGN,
                    _ => w | SIGN,
                };
                let (ac, ovf) = arith::add(self.ac, w);
                self.ac = ac;
                self.overflow |= ovf;
            }
            // --- Loads
            0o0500 => self.ac = arith::ac_from_word(self.mem[yi]),
            0o0502 => self.ac = arith::ac_from_word(self.mem[yi] ^ SIGN),
            0o4500 => self.ac = self.mem[yi],
            0o0560 => self.mq = self.mem[yi],
            0o0520 => {
                if self.mem[yi] & MAG == 0 {
                    self.ic = (self.ic + 1) & ADDR;
                }
            }
            0o4520 => {
                if self.mem[yi] & MAG != 0 {
                    self.ic = (self.ic + 1) & ADDR;
                }
            }
            0o0131 => {
                let t = self.mq;
                self.mq = arith::word_from_ac(self.ac);
                self.ac = arith::ac_from_word(t);
            }
            0o4130 => {
                let t = self.mq;
                self.mq = self.ac & WORD;
                self.ac = t;
            }
            // --- Stores
            0o0600 => self.mem[yi] = 0,
            0o0601 => self.mem[yi] = arith::word_from_ac(self.ac),
            0o0602 => self.mem[yi] = self.ac & WORD,
            0o4600 => self.mem[yi] = self.mq,
            0o0621 => self.mem[yi] = (self.mem[yi] & !0o77777) | (self.ac & 0o77777),
            0o0622 => {
                let d = 0o77777 << 18;
                self.mem[yi] = (self.mem[yi] & !d) | (self.ac & d);
            }
            0o0625 => {
                let t = 0o7 << 15;
                self.mem[yi] = (self.mem[yi] & !t) | (self.ac & t);
            }
            0o0630 => {
                let p = 0o7 << 33;
                self.mem[yi] = (self.mem[yi] & !p) | (self.ac & p);
            }
            0o4625 => self.mem[yi] = (self.mem[yi] & !0o77777) | self.ic as u64,
            // --- Index registers
            0o0534 => self.xr_write_if(tag, self.mem[yi] as u16),
            0o0535 => self.xr_write_if(tag, (self.mem[yi] as u16).wrapping_neg()),
            0o4534 => self.xr_write_if(tag, (self.mem[yi] >> 18) as u16),
            0o4535 => self.xr_write_if(tag, ((self.mem[yi] >> 18) as u16).wrapping_neg()),
            0o0634 => {
                let x = self.xr_operand(tag) as u64;
                self.mem[yi] = (self.mem[yi] & !0o77777) | x;
            }
            0o4634 => {
                let x = self.xr_operand(tag) as u64;
                let d = 0o77777 << 18;
                self.mem[yi] = (self.mem[yi] & !d) | (x << 18);
            }
            0o0734 => self.xr_write_if(tag, self.ac as u16),
            0o0737 => self.xr_write_if(tag, (self.ac as u16).wrapping_neg()),
            0o4734 => self.xr_write_if(tag, (self.ac >> 18) as u16),
            0o4737 => self.xr_write_if(tag, ((self.ac >> 18) as u16).wrapping_neg()),
            0o0754 => self.ac = self.xr_operand(tag) as u64,
            0o4754 => self.ac = (self.xr_operand(tag) as u64) << 18,
            0o0774 => self.xr_write_if(tag, f.address),
            0o4774 => self.xr_write_if(tag, f.address.wrapping_neg()),
            // --- Shifts
            0o0767 | 0o0771 | 0o0763 | 0o0765 | 0o4763 | 0o4765 | 0o4773 => {
                let n = (y & 0o377) as u32;
                cycles += timing::shift_cycles(n);
                match op {
                    0o0767 => {
                        let (ac, ovf) = arith::als(self.ac, n);
                        self.ac = ac;
                        self.overflow |= ovf;
                    }
                    0o0771 => self.ac = arith::ars(self.ac, n),
                    0o0763 => {
                        let (ac, mq, ovf) = arith::lls(self.ac, self.mq, n);
                        (self.ac, self.mq) = (ac, mq);
                        self.overflow |= ovf;
                    }
                    0o4763 => {
                        let (ac, mq, ovf) = arith::lgl(self.ac, self.mq, n);
                        (self.ac, self.mq) = (ac, mq);
                        self.overflow |= ovf;
                    }
                    0o0765 => (self.ac, self.mq) = arith::lrs(self.ac, self.mq, n),
                    0o4765 => (self.ac, self.mq) = arith::lgr(self.ac, self.mq, n),
                    _ => self.mq = arith::rql(self.mq, n),
                }
            }
            // --- Channel A
            0o0762 | 0o0766 => {
                if let Err(e) = self.channel.select(y, op == 0o0766) {
                    self.instructions -= 1;
                    return self.channel_stop(at, depth, e);
                }
            }
            0o0540 => {
                if let Err(e) = self.channel.reset_and_load(&mut self.mem, y) {
                    self.instructions -= 1;
                    return self.channel_stop(at, depth, e);
                }
            }
            0o0544 => {
                if let Err(e) = self.channel.load(&mut self.mem, y) {
                    self.instructions -= 1;
                    return self.channel_stop(at, depth, e);
                }
            }
            0o0060 => {
                if self.channel.in_operation() {
                    self.ic = y;
                }
            }
            0o4060 => {
                if !self.channel.in_operation() {
                    self.ic = y;
                }
            }
            _ => {
                // The table marks an opcode implemented that has no arm here: a bug, caught by
                // `every_implemented_row_executes`.
                self.instructions -= 1;
                return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
            }
        }
        self.cycles += cycles as u64;
        Ok(())
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
    fn group_0760(&mut self, word: u64, f: isa::Fields, at: u16, depth: u32) -> Result<(), Stop> {
        let y = f.address.wrapping_sub(self.xr_read(f.tag)) & ADDR;
        let fake = (word & !0o77777 & !(0o7 << 15)) | y as u64;
        let info = match isa::decode(fake) {
            Some(i) if i.status == Status::Implemented && i.format == Format::Group0760 => i,
            _ => {
                self.instructions -= 1;
                return self.refuse(at, depth, Stop::Unimplemented { word, address: at });
            }
        };
        let skip = |m: &mut Machine| m.ic = (m.ic + 1) & ADDR;
        let negative = f.opcode & 0o4000 != 0;
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
        self.cycles += info.timing.nominal() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
