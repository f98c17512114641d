//! Data channels A and B (IBM 7607) and the units on them: the 711 card reader, the 721 punch
//! and the 716 printer on channel A, ten 729 tape units on each (docs/ibm7090.md "Channels").
//!
//! A unit address carries the channel in its high octal digits (1 = A, 2 = B) and the unit in
//! the low three: 201-212 tape units 1-10 in BCD, 221-232 the same units in binary, 321 the
//! reader, 341 the punch, 361 the printer (RDS 1321 is FAP's RCDA, RDS 2221 RTBB 1), as SIMH
//! i7094 decodes them [SUP `GET_U_CH`, `ch_find_dev`]. Channels C-H are absent: a select, RCH,
//! LCH or SCH on them stops the machine (SIMH: "Non-existent channel"), and their tests see a
//! channel not in operation with every indicator off.
//!
//! The channel works as the 7607 does, its commands run at once and the time on the channels'
//! clock (`clock`, with the period figures of `io_timing`: a select starts the unit's record,
//! each word is taken when it passes, the channel is in operation until its last word; selects,
//! tape motions and LCH wait for it; docs/ibm7090.md "Channels and their units"); a word read
//! reaches storage, and a word written is taken from it, at the word's time (`arrivals`,
//! `departures`):
//! - RDS/WRS select a unit; RCH (reset and load) starts the channel on the command list at Y.
//!   The commands run at once to the point where the channel would wait for the CPU: after an
//!   IOCT, IORT or IOST it waits for LCH, which goes on with the list at its Y. A channel left
//!   waiting when the CPU does anything else with it (another select, a test, a halt)
//!   disconnects, as the real one did when no LCH was waiting at the end of the command.
//! - IOCD/IOCP/IOCT transmit `count` words, across record ends; IORP/IORT transmit to the end
//!   of the record (words past the count are not stored); IOSP/IOST stop at whichever comes
//!   first. The D ones disconnect, the P ones go on with the next command, the T ones wait for
//!   LCH. TCH goes on at Y. Bit 18 makes Y indirect (not for IOCP/IOSP with count 0), bit 19
//!   (nontransmit) counts words without storing them (the address still advances, as 9M21A's
//!   SCHA test expects; SIMH does not advance it). IOCD 0,,0 disconnects; IOCT/IOST 0,,0
//!   disconnect when RCH or LCH loads them [SUP `ch6_new_cmd`].
//! - RCH or LCH on a channel not in operation turns on the I/O check indicator and loads the
//!   command registers without starting anything [SUP `ch_op_start`].
//! - SCH stores the location counter (decrement), the current address (address), the
//!   nontransmit bit (19) and the command's operation (S,1,2) [SUP `ch_op_store`].
//! - Indicators per channel: end of file (a tape mark read; TEF), redundancy check (a character
//!   with the wrong parity; TRC), beginning of tape (a backspace at the load point; BTT), end of
//!   tape (a write past the reel's end-of-tape marker, `tape::END_MARKER_MILS`; ETT).
//!
//! The unit side (selects, tape motions, words from and to a unit) is in `units`, the command
//! lists in `commands` (the printer's read select in `echo`), what the CPU's tests and traps
//! see in `status`.

use super::card_reader::CardReader;
use super::printer::Printer;
use super::punch::Punch;
use super::tape::Tape;

mod arrivals;
mod clock;
mod commands;
mod departures;
mod echo;
mod status;
mod units;

pub use arrivals::{Arrival, Arrivals};
pub use clock::Clock;
pub use departures::{Departure, Departures, Target};

/// Channels the machine has (A and B).
pub const CHANNELS: usize = 2;

/// The earliest time `at` gives a queue's first item (each queue in order of time), `u64::MAX`
/// if every queue is empty: when the next word on its way arrives or leaves.
fn earliest<T>(queues: &[std::collections::VecDeque<T>], at: impl Fn(&T) -> u64) -> u64 {
    queues
        .iter()
        .filter_map(|q| q.front().map(&at))
        .min()
        .unwrap_or(u64::MAX)
}

/// Tape units on a channel.
pub const TAPE_UNITS: usize = 10;
/// Unit addresses on channel A.
pub const CARD_READER: u16 = 0o1321;
pub const CARD_PUNCH: u16 = 0o1341;
pub const PRINTER: u16 = 0o1361;
/// Commands a start may run without moving a word (a TCH loop) before the machine stops.
pub const COMMAND_LIMIT: u32 = 100_000;

/// The channel letter of a channel number (0 = A).
fn letter(ch: usize) -> char {
    (b'A' + ch as u8) as char
}

/// A unit address as the operator named it: `A2` (tape), `card reader`, or the octal address.
pub fn unit_name(address: u16) -> String {
    match decode_unit(address) {
        Ok((ch, Unit::Tape { drive, .. })) => format!("tape {}{drive}", letter(ch)),
        Ok((_, Unit::Reader)) => "card reader".to_string(),
        Ok((_, Unit::Punch)) => "card punch".to_string(),
        Ok((_, Unit::Printer)) => "printer".to_string(),
        Err(_) => format!("unit {address:04o}"),
    }
}

/// Why the channel cannot do what the CPU asked; the machine stops with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    /// A read needs a card and the hopper is empty (the reader is not ready).
    #[error("the card reader's hopper is empty")]
    ReaderEmpty,
    /// A read select of a tape whose heads are past its last block.
    #[error("{}: read past the last record (blank tape)", unit_name(*unit))]
    BlankTape { unit: u16 },
    /// The unit address or operation names channel C-H, or none.
    #[error("{} names no channel of this 7090 (it has A and B)", unit_name(*.0))]
    NoSuchChannel(u16),
    #[error("no unit {0:04o} on its channel")]
    NoSuchUnit(u16),
    /// A read select of a unit that only writes, or the other way round.
    #[error("{} cannot be {}", unit_name(*unit), if *write { "written" } else { "read" })]
    WrongDirection { unit: u16, write: bool },
    /// A tape unit with no reel, or unloaded (RUN).
    #[error("{}: no tape mounted", unit_name(*.0))]
    NotReady(u16),
    /// A write to a reel without its file-protection ring.
    #[error("{}: file protected (no write ring)", unit_name(*.0))]
    FileProtected(u16),
    /// `COMMAND_LIMIT` commands without a word moved: a TCH loop (the real channel would spin
    /// for ever).
    #[error("channel {channel}: {COMMAND_LIMIT} commands without data, from {address:05o}")]
    CommandLoop { channel: char, address: u16 },
}

/// What a channel is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum State {
    /// Not in operation.
    #[default]
    Idle,
    /// A unit selected (RDS/WRS), no command list yet: waiting for RCH or LCH.
    Selected,
    /// An IOCT, IORT or IOST finished: waiting for LCH.
    Waiting,
}

/// A unit on a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Reader,
    Punch,
    Printer,
    /// Tape unit 1-10, read or written in binary or BCD.
    Tape {
        drive: u8,
        binary: bool,
    },
}

/// A channel's indicators.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub end_of_file: bool,
    pub redundancy: bool,
    pub beginning_of_tape: bool,
    pub end_of_tape: bool,
    /// An IOxT ended with no LCH waiting: the command trap's condition (`cpu/channel_trap.rs`).
    pub command: bool,
}

/// Why a channel traps (docs/ibm7090.md "Channel traps").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapCause {
    /// An IOxT ended with no LCH waiting.
    Command,
    /// A tape mark read (or the end of the written tape).
    EndOfFile,
    /// A character with the wrong parity (the redundancy indicator TRC tests).
    TapeCheck,
}

impl TrapCause {
    /// The cause as the decrement of the trap's location word shows it [SUP `CHTR_F_CMD`,
    /// `CHTR_F_TRC`, `CHTR_F_EOF`].
    pub fn code(self) -> u64 {
        match self {
            TrapCause::Command => 1,
            TrapCause::TapeCheck => 2,
            TrapCause::EndOfFile => 4,
        }
    }
}

/// Which indicator a test takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Indicator {
    EndOfFile,
    Redundancy,
    BeginningOfTape,
    EndOfTape,
}

/// A non-data select on a tape unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    BackspaceRecord,
    BackspaceFile,
    WriteEndOfFile,
    Rewind,
    RewindUnload,
    SetDensity,
}

/// One 7607 channel: its state, the unit it has selected and its command registers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    pub state: State,
    pub unit: Option<Unit>,
    pub write: bool,
    /// Location counter: where the next command is.
    pub clc: u16,
    /// Current address and word count of the command.
    pub ca: u16,
    pub wc: u16,
    /// The command's operation (bits S,1,2) and its nontransmit bit.
    pub op: u8,
    pub nontransmit: bool,
    /// The last word read ended a record.
    pub end_of_record: bool,
    pub flags: Flags,
    /// When the end-of-file and the redundancy indicators came on (cycles): their traps are
    /// due from then, the data having moved at once.
    pub eof_at: u64,
    pub check_at: u64,
    /// A tape record being read (its words and the next) or written (its characters).
    pub(super) tape_in: Vec<u64>,
    pub(super) tape_next: usize,
    pub(super) tape_out: Vec<u8>,
}

/// The channel number and unit a unit address names.
pub fn decode_unit(address: u16) -> Result<(usize, Unit), ChannelError> {
    let field = (address >> 9) & 0o77;
    if field == 0 || field as usize > CHANNELS {
        return Err(ChannelError::NoSuchChannel(address));
    }
    let ch = field as usize - 1;
    let u = address & 0o777;
    let unit = match u {
        0o201..=0o212 => Unit::Tape {
            drive: (u - 0o200) as u8,
            binary: false,
        },
        0o221..=0o232 => Unit::Tape {
            drive: (u - 0o220) as u8,
            binary: true,
        },
        0o321 if ch == 0 => Unit::Reader,
        0o341 if ch == 0 => Unit::Punch,
        0o361 if ch == 0 => Unit::Printer,
        _ => return Err(ChannelError::NoSuchUnit(address)),
    };
    Ok((ch, unit))
}

/// The machine's I/O: the two channels and their units, and the I/O check indicator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Io {
    pub channels: [Channel; CHANNELS],
    pub reader: CardReader,
    pub printer: Printer,
    pub punch: Punch,
    /// Tape units 1-10 (index 0-9) of channels A and B: the reel mounted, if any.
    pub tapes: [[Option<Tape>; TAPE_UNITS]; CHANNELS],
    pub io_check: bool,
    /// When the channels and units finish (`Clock`).
    pub clock: Clock,
    /// Words read and not yet stored (`arrivals.rs`).
    pub arrivals: Arrivals,
    /// Words written and not yet taken (`departures.rs`).
    pub departures: Departures,
}

impl Io {
    /// The reel on a tape unit address (`A2` is 1202 or 1222).
    pub fn tape(&self, address: u16) -> Option<&Tape> {
        match decode_unit(address) {
            Ok((ch, Unit::Tape { drive, .. })) => self.tapes[ch][drive as usize - 1].as_ref(),
            _ => None,
        }
    }

    /// Mount a reel on a tape unit address; the reel it replaces, if any.
    pub fn mount(&mut self, address: u16, tape: Tape) -> Result<Option<Tape>, ChannelError> {
        match decode_unit(address)? {
            (ch, Unit::Tape { drive, .. }) => Ok(self.tapes[ch][drive as usize - 1].replace(tape)),
            _ => Err(ChannelError::NoSuchUnit(address)),
        }
    }
}

#[cfg(test)]
mod tests;
