//! `firstmoves run --json`: a program run to its stop on SILLIAC or on the 7090.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::json::{BoundName, Bounds};

/// The machine SILLIAC's run report names.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Silliac {
    Silliac,
}

/// A SILLIAC program run to its stop (`run FILE.sil|FILE.pt --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SilliacRun {
    pub machine: Silliac,
    /// The program or tape.
    pub file: String,
    /// Period microseconds spent reading the tape in (null for a tape, whose start is not
    /// known: its loading is part of the run).
    pub load_us: Option<f64>,
    /// Orders spent reading the tape in (null as `load_us`).
    pub load_orders: Option<u64>,
    /// Orders executed after the start.
    pub orders: u64,
    /// The period time of those orders, under the bound `timing`, in ns.
    pub emulated_ns: u64,
    /// The same in µs.
    pub emulated_us: f64,
    /// The bound the clock charged.
    pub timing: BoundName,
    /// The same period time under every bound, in seconds.
    pub emulated_seconds_spread: Bounds<f64>,
    /// Where and why the machine stopped.
    pub stop: SilliacStop,
    /// The accumulator (ten sexadecimal digits).
    pub a: String,
    /// The quotient register (ten sexadecimal digits).
    pub q: String,
    /// Orders executed, by order code (`L4` etc.).
    pub counts: BTreeMap<String, u64>,
    /// The tape reader's frames.
    pub reader: Reader,
    /// The output tape, as text.
    pub punched: String,
    /// The output tape's length in frames.
    pub punched_frames: usize,
}

/// SILLIAC's stop.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SilliacStop {
    /// Its kind (`stop-order`, `waiting-for-tape`, an order budget ...).
    pub reason: String,
    /// The address of the order stopped at (or of control when the stop has none).
    pub address: u16,
    /// Its half-word, `L` or `R`.
    pub half: String,
    /// The emulator's words for it.
    pub message: String,
}

/// The tape reader at the end.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Reader {
    /// Frames read.
    pub read: usize,
    /// Frames left on the reader.
    pub left: usize,
}

/// The model of the 7090 family a run was on.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Ibm7090Machine {
    Ibm709,
    Ibm7090,
    Ibm7094,
}

/// A 7090 program run to its stop (`run FILE.fap|.obj|.cbn|.p7b --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Ibm7090Run {
    pub machine: Ibm7090Machine,
    /// The program.
    pub file: String,
    /// The start address (octal).
    pub start: String,
    pub instructions: u64,
    /// Cycles, the I/O's under the bound `timing`.
    pub cycles: u64,
    /// The period time of `cycles` in µs (2.18 µs a cycle on the 7090).
    pub emulated_us: f64,
    /// The part of `cycles` the CPU was held by input and output.
    pub io_wait_cycles: u64,
    /// The I/O bound the run was timed under.
    pub timing: BoundName,
    /// The run's period time under every bound, in seconds (the other two bounds run again
    /// from the start); null when a bound changes what the program does.
    pub emulated_seconds_spread: Option<Bounds<f64>>,
    /// Where and why the machine stopped.
    pub stop: Ibm7090Stop,
    /// The instruction counter (octal).
    pub ic: String,
    /// The accumulator with its Q and P bits (13 octal digits).
    pub ac: String,
    /// The MQ (octal).
    pub mq: String,
    /// The index registers (octal).
    pub xr: IndexRegisters,
    pub indicators: Indicators,
    /// Cards the reader fed.
    pub cards_read: u64,
    /// The printer's lines.
    pub printed: Vec<String>,
    /// The words (octal) of the range `--dump FROM-TO` gave, by octal address; empty without
    /// it.
    pub dump: BTreeMap<String, String>,
    /// The 7094 only: whether its multiple tag mode is on (the 709's and 7090's index
    /// addressing).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub multi_tag: Option<bool>,
}

/// The 7090's stop.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Ibm7090Stop {
    /// Its kind (`halt`, `halt-proceed`, `instruction-budget` ...).
    pub reason: String,
    /// The halting instruction's address (octal); null for a stop without one (a budget).
    pub address: Option<String>,
    /// The emulator's words for it.
    pub message: String,
}

/// The index registers, octal: the 709's and 7090's three, or the 7094's seven.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum IndexRegisters {
    Three(ThreeIndexRegisters),
    Seven(SevenIndexRegisters),
}

/// The 709's and 7090's index registers A, B and C (tags 1, 2, 4).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ThreeIndexRegisters {
    pub a: String,
    pub b: String,
    pub c: String,
}

/// The 7094's index registers XR1-XR7.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SevenIndexRegisters {
    #[serde(rename = "1")]
    pub xr1: String,
    #[serde(rename = "2")]
    pub xr2: String,
    #[serde(rename = "3")]
    pub xr3: String,
    #[serde(rename = "4")]
    pub xr4: String,
    #[serde(rename = "5")]
    pub xr5: String,
    #[serde(rename = "6")]
    pub xr6: String,
    #[serde(rename = "7")]
    pub xr7: String,
}

/// The 7090's indicators at the end.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Indicators {
    pub overflow: bool,
    pub divide_check: bool,
    /// The sense lights on (1-4).
    pub sense_lights: Vec<u8>,
}
