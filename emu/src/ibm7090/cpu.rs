//! The CPU and the whole machine: registers, instruction fetch and execution, stops.
//!
//! Registers as the manuals name them:
//! - AC: S, Q, P, 1-35 (38 bits, layout in `arith`); MQ: S, 1-35;
//! - index registers A, B, C selected by tag bits 1, 2, 4 (the 7094's XR1, XR2, XR4). The 7090
//!   ORs the selected registers when a tag names several, and loads all of them when writing
//!   [SUP `get_xri`, `get_xrx`, `put_xr` in multiple-tag mode; notes §1]; the instructions
//!   that read an index register as their operand (TXI..TXL, SXA, SXD, PXA, PXD) write the OR
//!   back into every selected register, as SIMH's 7090 mode does [SUP `get_xrx`]. The 7094
//!   has seven, XR1-XR7: out of multiple-tag mode (LMTM) tag n names XR n alone;
//! - IC (15 bits); indicators AC overflow, divide check and MQ overflow, the floating trap
//!   mode; the sense indicator register SI (36 bits); sense switches 1-6, sense lights 1-4, the
//!   console entry keys.
//!
//! Store: 32,768 words of 36 bits. Effective address Y = address - C(XR) mod 2^15; one level
//! of indirect addressing (flag 11) costs one more cycle.

use super::arith::WORD;
use super::channel::{self, ChannelError, Io};
use super::decode;
use super::isa;
use super::model::Model;
use super::profile::Profile;
use super::trace;
use std::fmt;

mod channel_trap;
mod convert;
mod exec;
mod fused;
mod hot;
mod ibm7094;
mod icache;
mod indicators;
mod io;
mod profile;
mod regs;
mod tight;
mod translate;
mod xec;
pub use channel_trap::{ChannelTraps, ENABLE_BITS};
use hot::Exit;
use io::touches_channels;
use regs::Regs;

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
    /// HTR at `address`: the IC holds Y (`target`), where START resumes. In trap mode
    /// (`trapped`) the IC holds 0001 instead, and START first stores `address` in 0000.
    Halt {
        address: u16,
        target: u16,
        trapped: bool,
    },
    /// HPR: the IC holds the next instruction.
    HaltProceed {
        address: u16,
    },
    /// DVH or VDH with divide check: the divide check indicator is on, IC holds the next
    /// instruction.
    DivideCheckHalt {
        address: u16,
    },
    /// An instruction outside the emulated subset; not executed, IC stays on it.
    Unimplemented {
        word: u64,
        address: u16,
    },
    /// An order the machine (`model`) does not have (no row of the table, or a row of the
    /// 7094's on an earlier model): nothing done, and the IC past it (past the XEC that
    /// executed it), as SIMH stops ("Undefined instruction").
    IllegalOrder {
        word: u64,
        address: u16,
        model: Model,
    },
    /// The card reader's hopper is empty (the reader is not ready; an operator would load
    /// cards). At a read select the IC stays on it; a channel that ran out of cards in the
    /// middle of its commands stops at the RCH or LCH that started it, done.
    ReaderEmpty {
        address: u16,
    },
    /// A read select of a tape past its last record (`unit`, e.g. 0o1202 for A2): the IC
    /// stays on the select. Reading blank tape is how a deck on tape ends.
    BlankTape {
        address: u16,
        unit: u16,
    },
    /// An I/O order the machine cannot do (no such channel or unit, no reel, no write ring,
    /// a TCH loop); the IC stays on a select, an order or a test, and after an RCH or LCH
    /// whose commands failed.
    Channel {
        address: u16,
        error: ChannelError,
    },
    /// An XEC chain longer than `XEC_LIMIT` (a real 7090 would loop for ever): the IC past
    /// the first XEC, as SIMH stops ("XEC loop").
    XecLoop {
        address: u16,
    },
    /// A transfer to its own location with nothing changing (`TRA *`), executed twice: the
    /// machine would loop for ever, as SIMH stops ("Infinite loop"). The IC stays on it, so
    /// START (the next `run`) loops again.
    TightLoop {
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

/// Longest XEC chain followed before stopping: 16 XECs run, the 17th stops, as SIMH's
/// `xec_max` (the diagnostics must stop where SIMH does; the real machine would loop).
pub const XEC_LIMIT: u32 = 16;

/// Most instructions one step can count: an XEC chain of `XEC_LIMIT` and its target.
const STEP_MAX_INSTRUCTIONS: u64 = XEC_LIMIT as u64 + 2;
/// A bound on the cycles of one step: per level of an XEC chain at most the largest fixed
/// count, +1 indirect, and the longest shift (22), multiply or divide by count (23) or
/// convert (257); 300 is above that (`step_bounds_hold` checks it against the decode table).
const STEP_MAX_LEVEL_CYCLES: u64 = 300;
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
            Stop::IllegalOrder { .. } => "illegal-order",
            Stop::ReaderEmpty { .. } => "reader-empty",
            Stop::BlankTape { .. } => "blank-tape",
            Stop::Channel { .. } => "channel",
            Stop::XecLoop { .. } => "xec-loop",
            Stop::TightLoop { .. } => "tight-loop",
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
            | Stop::IllegalOrder { address, .. }
            | Stop::ReaderEmpty { address }
            | Stop::BlankTape { address, .. }
            | Stop::Channel { address, .. }
            | Stop::XecLoop { address }
            | Stop::TightLoop { address } => Some(address),
            Stop::InstructionBudget | Stop::CycleBudget => None,
        }
    }

    /// The program cannot go on.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Stop::Unimplemented { .. }
                | Stop::IllegalOrder { .. }
                | Stop::Channel { .. }
                | Stop::XecLoop { .. }
                | Stop::TightLoop { .. }
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stop::Halt {
                address,
                trapped: true,
                ..
            } => write!(
                f,
                "HTR at {address:05o} in trap mode (START traps to 00001)"
            ),
            Stop::Halt {
                address, target, ..
            } => write!(f, "HTR at {address:05o} (restart at {target:05o})"),
            Stop::HaltProceed { address } => write!(f, "HPR at {address:05o}"),
            Stop::DivideCheckHalt { address } => {
                write!(f, "divide check halt at {address:05o}")
            }
            Stop::Unimplemented { word, address } => write!(
                f,
                "unimplemented instruction {word:012o} ({}) at {address:05o}",
                isa::disassemble(word)
            ),
            Stop::IllegalOrder {
                word,
                address,
                model,
            } => write!(
                f,
                "illegal order {word:012o} at {address:05o}: the {model} has no such instruction"
            ),
            Stop::ReaderEmpty { address } => {
                write!(f, "card reader empty at {address:05o}")
            }
            Stop::BlankTape { address, unit } => write!(
                f,
                "{} read past its last record at {address:05o}",
                channel::unit_name(unit)
            ),
            Stop::Channel { address, error } => write!(f, "{error} at {address:05o}"),
            Stop::XecLoop { address } => write!(f, "XEC chain too long at {address:05o}"),
            Stop::TightLoop { address } => write!(
                f,
                "tight loop at {address:05o}: a transfer to itself, nothing changing (infinite loop)"
            ),
            Stop::InstructionBudget => write!(f, "instruction budget used up"),
            Stop::CycleBudget => write!(f, "cycle budget used up"),
        }
    }
}

/// The IBM 7090 (or, `with_model`, the 709 or the 7094).
pub struct Machine {
    /// The core store; read with `mem`, written from outside the CPU with `mem_mut`.
    mem: Box<[u64; STORE_WORDS]>,
    pub ac: u64,
    pub mq: u64,
    /// Index registers by number, 15 bits each: the 7090's A, B, C (tag bits 1, 2, 4) are
    /// `xr[1]`, `xr[2]`, `xr[4]`; the 7094 has all of 1-7; `xr[0]` is no register and stays 0.
    /// Kept as u32 so that loads and stores of neighbouring registers never straddle (a
    /// store-forwarding stall).
    pub xr: [u32; 8],
    /// Multiple-tag mode (the 7094's EMTM on, LMTM off): tag bits 1, 2, 4 select XR1, XR2,
    /// XR4, several ORed. Always on in the 709 and the 7090; a 7094 starts with it off, seven
    /// registers, as SIMH's reset leaves it (docs/ibm7090.md "The 709 and the 7094").
    pub multi_tag: bool,
    /// The instruction counter (15 bits; u32 for the same reason as `xr`).
    pub ic: u32,
    pub overflow: bool,
    pub divide_check: bool,
    /// Floating trap mode: a floating-point spill traps to 0010 (on from reset [CE-142]);
    /// off (after LFTM), spills set AC overflow and `mq_overflow` instead.
    pub floating_trap: bool,
    /// The MQ overflow indicator (out of floating trap mode only; TQO tests it).
    pub mq_overflow: bool,
    /// Sense switches: bit n-1 = switch n (on = down).
    pub sense_switches: u8,
    /// Sense lights: bit n-1 = light n.
    pub sense_lights: u8,
    pub keys: u64,
    /// The sense indicator register SI, positions 0-35 as a word's S,1-35.
    pub sense_indicators: u64,
    /// Trap mode (ETM on, LTM off): a transfer stores its location in 0000 and a taken one
    /// goes to 0001 instead [CE-98].
    pub trap_mode: bool,
    /// An HTR halted in trap mode at this location: when the machine starts again (the next
    /// `run` or `step`) the location goes to 0000, the IC being 0001 already (SIMH's pending
    /// HTR: 0000 is unchanged while the machine is halted).
    pub halt_trap: Option<u16>,
    /// The channel traps' enable register and hold-offs (`cpu/channel_trap.rs`).
    pub channel_traps: ChannelTraps,
    /// Channels A and B and their units.
    pub io: Io,
    // Visible to the module so that `snapshot` can save and restore them.
    pub(super) cycles: u64,
    pub(super) instructions: u64,
    model: Model,
    /// Which end of the 709's or 7094's estimated cycle counts the CPU charges.
    cpu_bound: crate::Bound,
    dec: &'static decode::Table,
    icache: Box<icache::Icache>,
    /// Blocks of words translated into host code, for runs without channel events.
    translator: translate::Translator,
    pub(super) trace_on: bool,
    trace: String,
    /// The last step that left the IC on its own location, in this `run` (`tight.rs`).
    looping: Option<tight::Looping>,
    /// Cycles the CPU spent held by the I/O (`io_wait_cycles`).
    pub(super) io_wait: u64,
    /// The run's cycle budget as a count (a `TCOx *` spin runs on at once only up to it), and
    /// whether one did (the hot loop then checks the budgets again).
    spin_end_cycles: u64,
    spun: bool,
    /// The cycle profile, when on (`set_profile`).
    profile: Option<Box<Profile>>,
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
            xr: [0; 8],
            multi_tag: true,
            ic: 0,
            overflow: false,
            divide_check: false,
            floating_trap: true,
            mq_overflow: false,
            sense_switches: 0,
            sense_lights: 0,
            keys: 0,
            sense_indicators: 0,
            trap_mode: false,
            halt_trap: None,
            channel_traps: ChannelTraps::default(),
            io: Io::default(),
            cycles: 0,
            instructions: 0,
            model: Model::Ibm7090,
            cpu_bound: crate::Bound::Nominal,
            dec: decode::table(Model::Ibm7090, crate::Bound::Nominal),
            icache: vec![icache::EMPTY; STORE_WORDS]
                .into_boxed_slice()
                .try_into()
                .expect("store size"),
            translator: translate::Translator::default(),
            trace_on: false,
            trace: String::new(),
            looping: None,
            io_wait: 0,
            spin_end_cycles: 0,
            spun: false,
            profile: None,
        }
    }

    /// A machine of `model` as from reset: a 7094 with seven index registers (multiple-tag
    /// mode off), the others in the 7090's way.
    pub fn with_model(model: Model) -> Machine {
        let mut m = Machine::new();
        m.set_model(model);
        m
    }

    /// Make this machine a `model`: its orders, its cycle and its index registers' mode as
    /// from reset (a 7094 out of multiple-tag mode, the others in it). The store, registers
    /// and counters stay; set it before the run.
    pub fn set_model(&mut self, model: Model) {
        self.model = model;
        self.dec = decode::table(model, self.cpu_bound);
        self.multi_tag = !model.has_seven_index_registers();
        self.io.clock.model = model;
        self.clear_icache();
    }

    pub fn model(&self) -> Model {
        self.model
    }

    /// Which end of the estimated cycle counts of the 709 or the 7094 the CPU charges
    /// (`timing::models`; Nominal by default). The 7090's counts have no bounds.
    pub fn set_cpu_bound(&mut self, bound: crate::Bound) {
        self.cpu_bound = bound;
        self.dec = decode::table(self.model, bound);
        self.clear_icache();
    }

    pub fn cpu_bound(&self) -> crate::Bound {
        self.cpu_bound
    }

    /// Forget every decoded word (they are decoded again as they are fetched).
    fn clear_icache(&mut self) {
        self.icache.fill(icache::EMPTY);
        self.translator.clear();
    }

    /// Run words in blocks translated into host code where the host allows (x86-64 Linux;
    /// on by default), or in the hot loop alone (`false`), so that the two can be compared.
    pub fn set_translation(&mut self, on: bool) {
        self.translator.set(on);
    }

    /// Cycles (2.18 us each on the 7090, 2.0 on the 7094, 12 on the 709) since the machine was
    /// made.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Cycles the CPU was held by its input and output, part of `cycles()`: the cycles an
    /// interlock added (a select or tape motion waiting for its channel to leave operation or
    /// for its unit to finish its card, line, record or rewind; an LCH waiting for the end of
    /// the channel's IOxT; LOAD CARDS or LOAD TAPE waiting for the first three words), and the
    /// cycles of every `TCOx` that found its channel in operation and transferred to its own
    /// location (the `TCOA *` spin: every execution it stands for, though `instructions()`
    /// counts it once, see `cpu/io.rs` `channel_spin`). Other ways a program polls a
    /// channel (a TCN loop, a TCO to elsewhere) count as computing. `cycles() -
    /// io_wait_cycles()` is the CPU's own time.
    pub fn io_wait_cycles(&self) -> u64 {
        self.io_wait
    }

    /// Which end of the estimated I/O figures the channels take (`io_timing`); Nominal by
    /// default. Set it before the run: a channel already busy keeps the time it was given.
    pub fn set_io_bound(&mut self, bound: crate::ibm7090::io_timing::Bound) {
        self.io.clock.bound = bound;
    }

    pub fn io_bound(&self) -> crate::ibm7090::io_timing::Bound {
        self.io.clock.bound
    }

    /// Instructions executed (an XEC and the instruction it executes count as two).
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Emulated time in microseconds.
    pub fn emulated_us(&self) -> f64 {
        self.model.cycles_to_us(self.cycles)
    }

    pub fn set_trace(&mut self, on: bool) {
        self.trace_on = on;
    }

    pub fn trace_enabled(&self) -> bool {
        self.trace_on
    }

    /// Switch the cycle profile on (a fresh one, from the cycles counted now) or off (the
    /// profile is dropped). With it on, runs go one step at a time as a traced run does (the
    /// hot loop stays as it is) and every cycle is charged to an instruction row or to the I/O
    /// wait (`ibm7090::profile`).
    pub fn set_profile(&mut self, on: bool) {
        self.profile = on.then(|| Box::new(Profile::on(self.model, self.cycles)));
    }

    /// The cycle profile since `set_profile(true)`, if on.
    pub fn profile(&self) -> Option<&Profile> {
        self.profile.as_deref()
    }

    /// Trace lines gathered since the last call.
    pub fn take_trace(&mut self) -> String {
        std::mem::take(&mut self.trace)
    }

    /// The core store.
    pub fn mem(&self) -> &[u64; STORE_WORDS] {
        &self.mem
    }

    /// The core store, to write from outside the CPU (a loader, a harness, a test).
    pub fn mem_mut(&mut self) -> &mut [u64; STORE_WORDS] {
        &mut self.mem
    }

    /// Load words at an address (wrapping at the end of store).
    pub fn load(&mut self, at: u16, words: &[u64]) {
        for (i, w) in words.iter().enumerate() {
            self.mem[(at as usize + i) % STORE_WORDS] = w & WORD;
        }
    }

    /// Index register value for a tag: the OR of the selected registers (in multiple-tag
    /// mode; else register `tag`).
    #[inline]
    pub fn xr_read(&self, tag: u8) -> u16 {
        regs::xr_read(&self.xr, self.multi_tag, tag)
    }

    /// Load every selected index register (in multiple-tag mode; else register `tag`).
    #[inline]
    pub fn xr_write(&mut self, tag: u8, v: u16) {
        regs::xr_write(&mut self.xr, self.multi_tag, tag, v);
    }

    /// START after an HTR in trap mode: its location goes to 0000 now.
    fn resume(&mut self) {
        if let Some(at) = self.halt_trap.take() {
            fused::store_trap_location(&mut self.mem, at as u32);
        }
    }

    /// Run until a stop.
    pub fn run(&mut self, limits: Limits) -> Stop {
        self.resume();
        // Registers may have been set since the last run: a tight loop is proved afresh.
        self.looping = None;
        let mut r = Regs::load(self);
        let stop = self.run_regs(&mut r, limits);
        r.store(self);
        if !matches!(stop, Stop::InstructionBudget | Stop::CycleBudget) {
            // The machine has stopped and time passes: a channel left waiting disconnects, the
            // words it read arrive.
            self.io.settle();
            self.io.arrivals.deliver_all(&mut self.mem[..]);
            self.io.deliver_all_departures(&self.mem[..]);
        }
        stop
    }

    #[inline(always)]
    fn run_regs(&mut self, r: &mut Regs, limits: Limits) -> Stop {
        let end_i = limits
            .max_instructions
            .map_or(u64::MAX, |n| r.instructions.saturating_add(n));
        let end_c = limits
            .max_cycles
            .map_or(u64::MAX, |n| r.cycles.saturating_add(n));
        self.spin_end_cycles = end_c;
        if self.trace_on || self.profile.is_some() {
            loop {
                if r.instructions >= end_i {
                    return Stop::InstructionBudget;
                }
                if r.cycles >= end_c {
                    return Stop::CycleBudget;
                }
                if let Err(stop) = self.step_watched(r) {
                    return stop;
                }
            }
        }
        // The hot loop: no trace test per instruction, and the budgets checked once a slice.
        loop {
            if r.instructions >= end_i {
                return Stop::InstructionBudget;
            }
            if r.cycles >= end_c {
                return Stop::CycleBudget;
            }
            // Trap mode: every transfer tests it, which the hot loop does not; one step at a
            // time until LTM. Channel traps armed (every boundary may take one) or words on
            // their way to or from storage (each taken at a boundary in its time): the hot
            // loop runs up to the channels' next event, one step at a time about it, and
            // one step after ENB, RCT or XEC (the trap held off is the boundary's).
            let armed = self.channel_traps.armed();
            let events = armed || self.io.in_passing();
            let horizon = if events && !(armed && self.channel_traps.delay) {
                let (command_eof, tape_check) = self.channel_traps.enabled_channels();
                self.io.next_event(armed, command_eof, tape_check)
            } else {
                0
            };
            if self.trap_mode || events && horizon <= r.cycles {
                if let Err(stop) = self.step_watched(r) {
                    return stop;
                }
                continue;
            }
            // Steps that cannot reach either budget (each step is at most STEP_MAX_*), so the
            // stop falls before the same instruction as with a check per step; near a budget
            // the slice is one step, checked.
            let n = ((end_i - r.instructions) / STEP_MAX_INSTRUCTIONS)
                .min((end_c - r.cycles) / STEP_MAX_CYCLES)
                .clamp(1, SLICE);
            let mut left = n;
            while left > 0 {
                let (exit, l) = if events {
                    hot::steps::<true>(&mut self.mem, &mut self.icache, self.dec, r, left, horizon)
                } else {
                    translate::steps(
                        &mut self.translator,
                        &mut self.mem,
                        &mut self.icache,
                        self.dec,
                        r,
                        left,
                    )
                };
                if std::mem::take(&mut r.held) {
                    self.channel_traps.delay = true;
                }
                left = l;
                match exit {
                    Exit::Done => {}
                    Exit::Horizon => break,
                    Exit::Stop(stop) => return stop,
                    Exit::Left { word, at } => {
                        let (before, started) = (r.instructions, r.cycles);
                        let res = match hot::xec::<false>(
                            &mut self.mem,
                            &mut self.icache,
                            self.dec,
                            r,
                            at,
                        ) {
                            Some(res) => {
                                // The hold-off an XEC makes, as `machine`'s XEC sets it.
                                self.channel_traps.delay = true;
                                res
                            }
                            None => self.execute_left(r, word, at),
                        };
                        if let Err(stop) = res {
                            return stop;
                        }
                        if r.ic == at as u32 {
                            if let Err(stop) = self.self_transfer(r, at, before) {
                                return stop;
                            }
                            let t = r.cycles - started;
                            self.spin_on_transfer(r, word, at, t, (end_i, end_c));
                        }
                        // A spin run on at once: the budgets again. ETM: one step at a time.
                        // A word that may have worked the channels or the traps: their next
                        // event found again (any word, where the slice began without events).
                        let spun = std::mem::take(&mut self.spun);
                        let again = if events {
                            touches_channels(self.dec.ops[((word >> 24) & 0o7777) as usize].op)
                        } else {
                            self.channel_traps.armed() || self.io.in_passing()
                        };
                        if spun || self.trap_mode || again {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Execute one instruction (with an XEC, the chain it executes).
    pub fn step(&mut self) -> Option<Stop> {
        self.resume();
        // No budget: a spin runs on to the channel's end.
        self.spin_end_cycles = u64::MAX;
        let mut r = Regs::load(self);
        let res = self.step_traced(&mut r);
        r.store(self);
        if res.is_err() {
            self.io.settle();
            self.io.arrivals.deliver_all(&mut self.mem[..]);
            self.io.deliver_all_departures(&self.mem[..]);
        }
        res.err()
    }

    /// One step of a run: `step_traced`, and the tight-loop test when it left the IC on its
    /// own location.
    fn step_watched(&mut self, r: &mut Regs) -> Result<(), Stop> {
        let (at, before) = ((r.ic as u16) & ADDR, r.instructions);
        // A channel trap's word ran in place of the instruction at `at`: no loop there.
        if !self.step_traced(r)? && r.ic == at as u32 {
            self.self_transfer(r, at, before)?;
        }
        Ok(())
    }

    /// One step, with its trace line when the trace is on and its cycles charged when the
    /// profile is: a channel trap due (its word executed; then `true`), or the instruction at
    /// the IC.
    #[inline(never)]
    fn step_traced(&mut self, r: &mut Regs) -> Result<bool, Stop> {
        if self.io.in_passing() {
            self.io.arrivals.deliver_due(&mut self.mem[..], r.cycles);
            self.io.deliver_departures(&self.mem[..], r.cycles, None);
        }
        if self.channel_traps.enable != 0 {
            if let Some(res) = self.channel_trap(r) {
                return res.map(|()| true);
            }
        }
        let at = (r.ic as u16) & ADDR;
        let word = self.mem[at as usize];
        let chain = self.profile.is_some().then(|| self.chain(r, word));
        r.ic = ((at + 1) & ADDR) as u32;
        if self.trace_on {
            let before = r.cycles;
            let res = self.execute(r, word, at, 0);
            self.trace_line(r, before, at, word);
            if let Some(c) = chain {
                self.charge_step(c, r);
            }
            return res.map(|()| false);
        }
        let res = self.execute(r, word, at, 0);
        if let Some(c) = chain {
            self.charge_step(c, r);
        }
        res.map(|()| false)
    }

    fn trace_line(&mut self, r: &Regs, start: u64, at: u16, word: u64) {
        let f = isa::fields(word);
        let ea = f.address.wrapping_sub(r.xr_read(f.tag)) & ADDR;
        let x = r.numbered();
        let xr = match self.model {
            Model::Ibm7094 => &x[1..],
            _ => &[x[1], x[2], x[4]][..],
        };
        trace::line(&mut self.trace, start, at, word, ea, r.ac, r.mq, xr);
    }
}

#[cfg(test)]
mod io_time_tests;
#[cfg(test)]
mod tests;
