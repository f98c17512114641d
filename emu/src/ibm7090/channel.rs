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
//! The channel works as the 7607 does, the data moving at once and the time on the channels'
//! clock (`io_timing`: a select starts the unit's record, each word is taken when it passes,
//! the channel is in operation until its last word; selects, tape motions and LCH wait for it;
//! docs/ibm7090.md "Channels and their units"):
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

use super::card::ImageUnit;
use super::card_reader::CardReader;
use super::io_timing::{Clock, Kind};
use super::isa::{self, Op};
use super::printer::Printer;
use super::punch::Punch;
use super::tape::{self, Block, Tape};

mod arrivals;
mod departures;
mod echo;
pub use arrivals::{Arrival, Arrivals};
pub use departures::{Departure, Departures, Target};

/// Channels the machine has (A and B).
pub const CHANNELS: usize = 2;
/// Tape units on a channel.
pub const TAPE_UNITS: usize = 10;
/// Unit addresses on channel A.
pub const CARD_READER: u16 = 0o1321;
pub const CARD_PUNCH: u16 = 0o1341;
pub const PRINTER: u16 = 0o1361;
/// Commands a start may run without moving a word (a TCH loop) before the machine stops.
pub const COMMAND_LIMIT: u32 = 100_000;

const ADDRESS: u16 = 0o77777;
const NONTRANSMIT: u64 = 1 << 16;
const INDIRECT: u64 = 1 << 17;

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

/// A word from the selected unit.
enum Input {
    Word(u64, bool),
    EndOfFile,
    NoData,
}

/// How a command's transmission ended.
enum Moved {
    /// By its count or the record: `n` words.
    Done(u32),
    /// The unit ended the select (a tape mark, the end of the tape).
    Disconnected,
}

/// The operation (bits S,1,2) as the table's command row names it.
fn command(word: u64) -> Op {
    isa::channel_command(word).map_or(Op::Unimplemented, |c| c.op)
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
    /// When the channels and units finish (`io_timing`).
    pub clock: Clock,
    /// Words read and not yet stored (`arrivals.rs`).
    pub arrivals: Arrivals,
    /// Words written and not yet taken (`departures.rs`).
    pub departures: Departures,
}

/// The kind of time a unit takes.
fn kind_of(unit: Unit) -> Kind {
    match unit {
        Unit::Reader => Kind::Reader,
        Unit::Punch => Kind::Punch,
        Unit::Printer => Kind::Printer,
        Unit::Tape { .. } => Kind::Tape,
    }
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

    /// RDS (`write` false) or WRS: select a unit for data.
    pub fn select(&mut self, address: u16, write: bool) -> Result<(), ChannelError> {
        let (ch, unit) = decode_unit(address)?;
        let wrong = match unit {
            Unit::Reader => write,
            Unit::Punch => !write,
            // A read select prints in echo mode (`printer.rs`).
            Unit::Printer => false,
            Unit::Tape { .. } => false,
        };
        if wrong {
            return Err(ChannelError::WrongDirection {
                unit: address,
                write,
            });
        }
        // The interlocks: a select waits while its channel is in operation and while its unit
        // is still busy with its last card, line or record (SIMH stalls the CPU there:
        // `ch_op_ds`, `cdr_chsel`, ERR_STALL).
        self.wait_channel(ch);
        let free = self.unit_free(ch, unit);
        self.clock.wait_until(free);
        match unit {
            Unit::Reader => {
                if !self.reader.feed() && !self.reader.end_of_file {
                    return Err(ChannelError::ReaderEmpty);
                }
            }
            Unit::Printer if write => self.printer.select(),
            Unit::Printer => self.printer.select_echo(),
            Unit::Punch => self.punch.select(),
            Unit::Tape { drive, .. } => {
                let t = self.tapes[ch][drive as usize - 1]
                    .as_ref()
                    .filter(|t| !t.unloaded)
                    .ok_or(ChannelError::NotReady(address))?;
                if write && !t.ring {
                    return Err(ChannelError::FileProtected(address));
                }
                if !write && t.pos >= t.blocks.len() {
                    return Err(ChannelError::BlankTape { unit: address });
                }
            }
        }
        let c = &mut self.channels[ch];
        c.state = State::Selected;
        c.unit = Some(unit);
        c.write = write;
        c.end_of_record = false;
        c.flags.command = false;
        c.tape_in.clear();
        c.tape_next = 0;
        c.tape_out.clear();
        self.start_record(ch, unit, write);
        Ok(())
    }

    /// The time a select starts: the unit's record begins now, and the channel is in operation
    /// at least until it has passed (for a write to tape, until its gap has).
    fn start_record(&mut self, ch: usize, unit: Unit, write: bool) {
        let f = self.clock.figures();
        let now = self.clock.now;
        let kind = kind_of(unit);
        let span = match unit {
            Unit::Tape { drive, .. } if !write => {
                let chars = self.tapes[ch][drive as usize - 1]
                    .as_ref()
                    .and_then(|t| t.blocks.get(t.pos))
                    .map_or(0, |b| match b {
                        Block::Record(r) => r.len() as u64,
                        Block::Mark => 1,
                    });
                f.tape_block(chars)
            }
            Unit::Tape { .. } => f.tape_gap(),
            _ => f.word_at(kind, 23),
        };
        let cl = &mut self.clock;
        cl.record_start[ch] = now;
        cl.record_words[ch] = 0;
        cl.record_len[ch] = 0;
        cl.record_ended[ch] = false;
        cl.busy_until[ch] = now + span;
        let free = match kind {
            Kind::Tape => now + span,
            k => now + f.cycle(k),
        };
        *self.unit_free_mut(ch, unit) = free;
    }

    /// When a unit ends its cycle or stops.
    fn unit_free(&mut self, ch: usize, unit: Unit) -> u64 {
        *self.unit_free_mut(ch, unit)
    }

    fn unit_free_mut(&mut self, ch: usize, unit: Unit) -> &mut u64 {
        let cl = &mut self.clock;
        match unit {
            Unit::Reader => &mut cl.reader_free,
            Unit::Punch => &mut cl.punch_free,
            Unit::Printer => &mut cl.printer_free,
            Unit::Tape { drive, .. } => &mut cl.tape_free[ch][drive as usize - 1],
        }
    }

    /// Hold the CPU until the channel is out of operation, then end what it was left doing.
    fn wait_channel(&mut self, ch: usize) {
        let until = self.clock.busy_until[ch];
        if self.channels[ch].state != State::Idle || until > self.clock.now {
            self.clock.wait_until(until);
        }
        self.settle_channel(ch);
    }

    /// A word of the selected unit's record has moved (`ended`: it ended the record): the
    /// channel's time goes to when that word passed, or stays if it is later already (a late
    /// RCH or LCH: the data is still taken, at once).
    fn tick(&mut self, ch: usize, ended: bool) {
        let Some(unit) = self.channels[ch].unit else {
            return;
        };
        let kind = kind_of(unit);
        let f = self.clock.figures();
        let cl = &mut self.clock;
        if cl.record_ended[ch] {
            // The next card or line a cycle after the last; the next tape record after the
            // last one's end.
            cl.record_start[ch] = match kind {
                Kind::Tape => cl.busy_until[ch],
                k => cl.record_start[ch] + f.cycle(k),
            };
            cl.record_words[ch] = 0;
            cl.record_ended[ch] = false;
        }
        let at = cl.record_start[ch] + f.word_at(kind, cl.record_words[ch]);
        cl.busy_until[ch] = cl.busy_until[ch].max(at);
        cl.record_words[ch] += 1;
        cl.record_ended[ch] = ended;
    }

    /// After the channel ran its commands: the unit is busy to the end of its card or line
    /// (of the record, for a tape read; of the last word, for a tape write).
    fn unit_times(&mut self, ch: usize, unit: Option<Unit>, write: bool) -> Option<u64> {
        let unit = unit?;
        let f = self.clock.figures();
        let cl = &self.clock;
        let end = match kind_of(unit) {
            Kind::Tape if !write && cl.record_len[ch] > 0 => {
                cl.record_start[ch] + f.word_at(Kind::Tape, cl.record_len[ch] - 1)
            }
            Kind::Tape => cl.busy_until[ch],
            k => cl.record_start[ch] + f.cycle(k),
        };
        let free = self.unit_free_mut(ch, unit);
        *free = (*free).max(end);
        Some(end)
    }

    /// BSR, BSF, WEF, REW, RUN, SDN: done at once; on the reader, punch and printer nothing.
    pub fn motion(&mut self, address: u16, motion: Motion) -> Result<(), ChannelError> {
        let (ch, unit) = decode_unit(address)?;
        let Unit::Tape { drive, .. } = unit else {
            return Ok(());
        };
        // The interlocks as for a select (SIMH stacks a non-data select behind a busy channel
        // instead; here the CPU waits for it).
        self.wait_channel(ch);
        let free = self.unit_free(ch, unit);
        self.clock.wait_until(free);
        let f = self.clock.figures();
        let t = self.tapes[ch][drive as usize - 1]
            .as_mut()
            .filter(|t| !t.unloaded)
            .ok_or(ChannelError::NotReady(address))?;
        let (pos, mils) = (t.pos, t.head_mils());
        let at_load_point = match motion {
            Motion::BackspaceRecord => !t.backspace_record(),
            Motion::BackspaceFile => !t.backspace_file(),
            Motion::WriteEndOfFile => {
                if !t.ring {
                    return Err(ChannelError::FileProtected(address));
                }
                t.write_block(Block::Mark);
                self.channels[ch].flags.end_of_tape |= t.past_end_marker();
                false
            }
            Motion::Rewind => {
                t.rewind();
                false
            }
            Motion::RewindUnload => {
                t.rewind();
                t.unloaded = true;
                false
            }
            Motion::SetDensity => false,
        };
        // The unit is busy while the tape moves: back over the blocks, the mark written, the
        // rewind.
        let busy = match motion {
            Motion::BackspaceRecord | Motion::BackspaceFile => t.blocks[t.pos..pos]
                .iter()
                .map(|b| match b {
                    Block::Record(r) => f.tape_block(r.len() as u64),
                    Block::Mark => f.tape_block(1),
                })
                .sum(),
            Motion::WriteEndOfFile => f.tape_block(1),
            Motion::Rewind | Motion::RewindUnload => f.tape_rewind(mils),
            Motion::SetDensity => 0,
        };
        self.clock.tape_free[ch][drive as usize - 1] = self.clock.now + busy;
        // Backspacing at the load point turns the indicator on [SUP `mt_map_err` MTSE_BOT].
        self.channels[ch].flags.beginning_of_tape |= at_load_point;
        Ok(())
    }

    /// RCH (`reset`) or LCH on channel `ch` with the command list at `y`.
    pub fn start(
        &mut self,
        ch: usize,
        mem: &mut [u64],
        y: u16,
        reset: bool,
    ) -> Result<(), ChannelError> {
        let Some(c) = self.channels.get_mut(ch) else {
            return Err(ChannelError::NoSuchChannel((ch as u16 + 1) << 9));
        };
        if reset {
            c.end_of_record = false;
            c.flags.redundancy = false;
            c.flags.command = false;
        }
        match c.state {
            State::Idle => {
                // Nothing to start: the registers take the command, I/O check comes on.
                self.arrivals.deliver_channel(ch, mem);
                let c = &mut self.channels[ch];
                let ir = mem[y as usize];
                c.clc = (y + 1) & ADDRESS;
                c.wc = (ir >> 18) as u16 & ADDRESS;
                c.ca = ir as u16 & ADDRESS;
                c.op = (ir >> 33) as u8 & 7;
                c.nontransmit = ir & NONTRANSMIT != 0;
                self.io_check = true;
                Ok(())
            }
            State::Selected | State::Waiting => {
                // LCH waits for the end of the IOxT the channel is doing [SUP `ch_op_start`:
                // a start while executing stalls the CPU].
                if !reset && c.state == State::Waiting {
                    let until = self.clock.busy_until[ch];
                    self.clock.wait_until(until);
                }
                // The words it took before, up to now (`departures.rs`).
                self.deliver_departures(mem, self.clock.now, Some(ch));
                let c = &mut self.channels[ch];
                c.state = State::Selected;
                c.clc = y & ADDRESS;
                self.run(ch, mem, None)
            }
        }
    }

    /// SCH: the channel's registers as a word.
    pub fn store(&self, ch: usize) -> Result<u64, ChannelError> {
        let c = self
            .channels
            .get(ch)
            .ok_or(ChannelError::NoSuchChannel((ch as u16 + 1) << 9))?;
        Ok((c.op as u64) << 33
            | (c.clc as u64) << 18
            | if c.nontransmit { NONTRANSMIT } else { 0 }
            | c.ca as u64)
    }

    /// TCO: whether the channel is in operation now (`clock.now`): until its record has
    /// passed, or its commands' last word. One left selected or waiting for an RCH or LCH past
    /// that disconnects (as the real one did when the unit's first word, or the end of the
    /// IOxT, found no command). Absent channels are never in operation.
    pub fn in_operation(&mut self, ch: usize) -> bool {
        if ch >= CHANNELS {
            return false;
        }
        let until = self.clock.busy_until[ch];
        if self.clock.now >= until {
            self.settle_channel(ch);
        }
        self.channels[ch].state != State::Idle || self.clock.now < until
    }

    /// Whether any channel is in operation at `now` (a `TCOx *` spin is then no tight loop).
    pub fn busy_at(&self, now: u64) -> bool {
        self.clock.busy_until.iter().any(|&t| t > now)
    }

    /// The cycle until which channel `ch` is in operation (0 for an absent one).
    pub fn busy_until(&self, ch: usize) -> u64 {
        self.clock.busy_until.get(ch).copied().unwrap_or(0)
    }

    /// The first channel trap due at `now` (`command_eof` and `tape_check`: the enabled
    /// channels, bit n for channel n), its condition turned off: channel by channel from A,
    /// the command trap, then end of file, then tape check [SUP `chtr_eval`]. A channel left
    /// waiting for an LCH past the end of its IOxT disconnects first, its command condition on
    /// (SIMH `ch6_ioxt` at the time the IOxT ends).
    pub fn trap_due(
        &mut self,
        command_eof: u32,
        tape_check: u32,
        now: u64,
    ) -> Option<(usize, TrapCause)> {
        for ch in 0..CHANNELS {
            let (cme, trc) = (command_eof >> ch & 1 != 0, tape_check >> ch & 1 != 0);
            if cme && self.channels[ch].state == State::Waiting && now >= self.clock.busy_until[ch]
            {
                self.settle_channel(ch);
            }
            let c = &mut self.channels[ch];
            let f = &mut c.flags;
            let cause = if cme && f.command {
                f.command = false;
                TrapCause::Command
            } else if cme && f.end_of_file && now >= c.eof_at {
                f.end_of_file = false;
                TrapCause::EndOfFile
            } else if trc && f.redundancy && now >= c.check_at {
                f.redundancy = false;
                TrapCause::TapeCheck
            } else {
                continue;
            };
            return Some((ch, cause));
        }
        None
    }

    /// Whether a condition whose trap is enabled is on but not yet due at `now` (the tape
    /// check of a record that passes the head after the channel is done): a trap to come.
    pub fn trap_to_come(&self, command_eof: u32, tape_check: u32, now: u64) -> bool {
        self.channels.iter().enumerate().any(|(ch, c)| {
            (command_eof >> ch & 1 != 0 && c.flags.end_of_file && now < c.eof_at)
                || (tape_check >> ch & 1 != 0 && c.flags.redundancy && now < c.check_at)
        })
    }

    /// TRC, TEF, BTT, ETT: the indicator, turned off.
    pub fn take(&mut self, ch: usize, which: Indicator) -> bool {
        let Some(c) = self.channels.get_mut(ch) else {
            return false;
        };
        let f = match which {
            Indicator::EndOfFile => &mut c.flags.end_of_file,
            Indicator::Redundancy => &mut c.flags.redundancy,
            Indicator::BeginningOfTape => &mut c.flags.beginning_of_tape,
            Indicator::EndOfTape => &mut c.flags.end_of_tape,
        };
        std::mem::take(f)
    }

    /// The console's LOAD CARDS (`address` 1321) or LOAD TAPE (a tape unit, read in binary):
    /// select the unit, read its first three words into 0-2 (the key's own IOCT 0,,3), then
    /// take the next command from 0 (LCH 0). The CPU then starts at 1.
    pub fn load_button(&mut self, mem: &mut [u64], address: u16) -> Result<(), ChannelError> {
        self.select(address, false)?;
        let (ch, _) = decode_unit(address)?;
        const IOCT_0_3: u64 = 5 << 33 | 3 << 18;
        self.run(ch, mem, Some(IOCT_0_3))?;
        self.start(ch, mem, 0, false)
    }

    /// End whatever the channels are left doing when the machine stops: time passes, and a
    /// channel waiting for an LCH or an RCH disconnects.
    pub fn settle(&mut self) {
        for ch in 0..CHANNELS {
            self.settle_channel(ch);
        }
    }

    fn settle_channel(&mut self, ch: usize) {
        match self.channels[ch].state {
            State::Idle => {}
            State::Selected => self.disconnect(ch),
            State::Waiting => {
                self.channels[ch].flags.command = true;
                self.disconnect(ch);
            }
        }
    }

    /// End the data select: the unit finishes its record or line.
    fn disconnect(&mut self, ch: usize) {
        let c = &mut self.channels[ch];
        match c.unit {
            Some(Unit::Reader) => self.reader.disconnect(),
            Some(Unit::Printer) if c.write => self.printer.disconnect(),
            Some(Unit::Printer) => self.printer.disconnect_echo(),
            Some(Unit::Punch) => self.punch.disconnect(),
            Some(Unit::Tape { drive, .. }) if c.write => {
                let chars = std::mem::take(&mut c.tape_out);
                if let (false, Some(t)) =
                    (chars.is_empty(), &mut self.tapes[ch][drive as usize - 1])
                {
                    t.write_block(Block::Record(chars));
                    c.flags.end_of_tape |= t.past_end_marker();
                    self.departures.record_written(ch, drive, t.pos - 1);
                } else {
                    self.departures.record_dropped(ch);
                }
            }
            // A read leaves the rest of the record behind it (the block has passed).
            Some(Unit::Tape { .. }) | None => {}
        }
        let c = &mut self.channels[ch];
        c.state = State::Idle;
        c.unit = None;
        c.tape_in.clear();
        c.tape_next = 0;
    }

    /// Run the command list from the location counter (`first`: a command word given by the
    /// console instead of the first one in storage) until the channel waits or disconnects.
    fn run(&mut self, ch: usize, mem: &mut [u64], first: Option<u64>) -> Result<(), ChannelError> {
        let (unit, write) = (self.channels[ch].unit, self.channels[ch].write);
        let before = self.channels[ch].flags;
        // The channel's time: from now, word by word (`tick`); what has arrived by now is in.
        self.arrivals.deliver_due(mem, self.clock.now);
        self.clock.busy_until[ch] = self.clock.now;
        let res = self.run_commands(ch, mem, first);
        let end = self.unit_times(ch, unit, write);
        // A tape mark came on when it passed (the channel's end); a redundancy at the end of
        // the record read (of the last one, if the commands read several).
        let (busy, c) = (self.clock.busy_until[ch], &mut self.channels[ch]);
        if c.flags.end_of_file && !before.end_of_file {
            c.eof_at = busy;
        }
        if c.flags.redundancy && !before.redundancy {
            c.check_at = end.unwrap_or(busy);
        }
        res
    }

    fn run_commands(
        &mut self,
        ch: usize,
        mem: &mut [u64],
        first: Option<u64>,
    ) -> Result<(), ChannelError> {
        let mut loaded = true;
        let mut idle = 0u32;
        let mut first = first;
        let from = self.channels[ch].clc;
        loop {
            if first.is_none() {
                self.arrivals.deliver_channel(ch, mem);
            }
            let c = &mut self.channels[ch];
            let ir = first.take().unwrap_or_else(|| {
                let w = mem[c.clc as usize];
                c.clc = (c.clc + 1) & ADDRESS;
                w
            });
            let op = command(ir);
            c.op = (ir >> 33) as u8 & 7;
            c.wc = (ir >> 18) as u16 & ADDRESS;
            c.ca = ir as u16 & ADDRESS;
            c.nontransmit = ir & NONTRANSMIT != 0;
            if ir & INDIRECT != 0 && (c.wc != 0 || !matches!(op, Op::Iocp | Op::Iosp)) {
                c.ca = mem[c.ca as usize] as u16 & ADDRESS;
            }
            let immediate_end = match op {
                Op::Tch => {
                    c.clc = c.ca;
                    false
                }
                Op::Iocd => c.wc == 0,
                Op::Ioct | Op::Iost => c.wc == 0 && loaded,
                _ => false,
            };
            if immediate_end {
                self.disconnect(ch);
                return Ok(());
            }
            let moved = if op == Op::Tch {
                Moved::Done(0)
            } else {
                loaded = false;
                self.transmit(ch, mem, op)?
            };
            match moved {
                Moved::Disconnected => return Ok(()),
                Moved::Done(0) => {
                    idle += 1;
                    if idle >= COMMAND_LIMIT {
                        self.disconnect(ch);
                        return Err(ChannelError::CommandLoop {
                            channel: letter(ch),
                            address: from,
                        });
                    }
                }
                Moved::Done(_) => idle = 0,
            }
            match op {
                Op::Iocd => {
                    self.disconnect(ch);
                    return Ok(());
                }
                Op::Ioct | Op::Iort | Op::Iost => {
                    self.channels[ch].state = State::Waiting;
                    return Ok(());
                }
                _ => {}
            }
        }
    }

    /// Move the words of one command between storage and the unit.
    fn transmit(&mut self, ch: usize, mem: &mut [u64], op: Op) -> Result<Moved, ChannelError> {
        let by_record = matches!(op, Op::Iorp | Op::Iort);
        let by_signal = matches!(op, Op::Iosp | Op::Iost);
        let c = &self.channels[ch];
        if c.unit == Some(Unit::Printer) && !c.write {
            return Ok(self.transmit_echo(ch, mem, by_record, by_signal));
        }
        let mut n = 0;
        if self.channels[ch].write {
            let eor_at_start = self.channels[ch].end_of_record;
            loop {
                let c = &mut self.channels[ch];
                if by_record && c.end_of_record {
                    c.end_of_record = false;
                    break;
                }
                if c.wc == 0 {
                    break;
                }
                let (address, w) = (c.ca, mem[c.ca as usize]);
                c.ca = (c.ca + 1) & ADDRESS;
                c.wc -= 1;
                let last = by_record && c.wc == 0;
                // Taken now, and again when the word passes (`departures.rs`).
                if let Some(target) = self.departure_target(ch) {
                    self.departures.push(ch, 0, address, w, target);
                }
                let ended = self.put(ch, w, last);
                self.tick(ch, ended);
                self.departures.timed(ch, self.clock.busy_until[ch]);
                self.channels[ch].end_of_record |= ended;
                n += 1;
            }
            if by_record {
                self.channels[ch].end_of_record = false;
                if n == 0 && !eor_at_start {
                    // An IORx with nothing to send still waits for the unit to ask for a word:
                    // the printer or punch has begun its next line or card, which a disconnect
                    // then prints or punches blank [SUP `ch6_new_cmd` IORP/IORT, `cdp_svc`].
                    self.begin_record(ch);
                }
            }
            return Ok(Moved::Done(n));
        }
        loop {
            let c = &mut self.channels[ch];
            if (by_record || by_signal) && c.end_of_record {
                c.end_of_record = false;
                break;
            }
            if !by_record && c.wc == 0 {
                break;
            }
            let (w, eor) = match self.get(ch) {
                Input::Word(w, eor) => (w, eor),
                Input::EndOfFile => {
                    // The mark passes.
                    self.tick(ch, true);
                    self.clock.record_len[ch] = 0;
                    self.channels[ch].flags.end_of_file = true;
                    self.disconnect(ch);
                    return Ok(Moved::Disconnected);
                }
                Input::NoData => {
                    let reader = self.channels[ch].unit == Some(Unit::Reader);
                    let stops = reader && !self.reader.end_of_file;
                    // The end of the written tape reads as an end of file [SUP MTSE_EOM], and
                    // the empty hopper after END OF FILE (`CardReader::end_of_file`).
                    self.channels[ch].flags.end_of_file |= !stops;
                    self.disconnect(ch);
                    return if stops {
                        Err(ChannelError::ReaderEmpty)
                    } else {
                        Ok(Moved::Disconnected)
                    };
                }
            };
            self.tick(ch, eor);
            let c = &mut self.channels[ch];
            c.end_of_record = eor;
            if c.wc > 0 {
                if !c.nontransmit {
                    // Stored when it has passed (the clock's time after `tick`).
                    self.arrivals.push(ch, self.clock.busy_until[ch], c.ca, w);
                }
                c.ca = (c.ca + 1) & ADDRESS;
                c.wc -= 1;
            }
            n += 1;
            // An IOS command that ends on the record's last word with count left takes the
            // end of record; ending on its count leaves it for the next command
            // [SUP `ch6_iosp_cclr`, one channel running].
            if by_signal && eor {
                if c.wc > 0 {
                    c.end_of_record = false;
                }
                break;
            }
        }
        Ok(Moved::Done(n))
    }

    /// The selected printer or punch begins its next line or card (nothing sent yet).
    fn begin_record(&mut self, ch: usize) {
        match self.channels[ch].unit {
            Some(Unit::Printer) => self.printer.image.completed = false,
            Some(Unit::Punch) => self.punch.image.completed = false,
            _ => {}
        }
    }

    /// The next word from the selected unit.
    fn get(&mut self, ch: usize) -> Input {
        match self.channels[ch].unit {
            Some(Unit::Reader) => match self.reader.word() {
                Some((w, eor)) => Input::Word(w, eor),
                None => Input::NoData,
            },
            Some(Unit::Tape { drive, binary }) => {
                let c = &mut self.channels[ch];
                if c.tape_next >= c.tape_in.len() {
                    let Some(t) = self.tapes[ch][drive as usize - 1].as_mut() else {
                        return Input::NoData;
                    };
                    match t.read_block() {
                        None => return Input::NoData,
                        Some(Block::Mark) => return Input::EndOfFile,
                        Some(Block::Record(chars)) => {
                            let (words, ok) = tape::record_words(&chars, binary);
                            c.flags.redundancy |= !ok;
                            self.clock.record_len[ch] = words.len() as u32;
                            c.tape_in = words;
                            c.tape_next = 0;
                        }
                    }
                }
                let w = c.tape_in[c.tape_next];
                c.tape_next += 1;
                Input::Word(w, c.tape_next == c.tape_in.len())
            }
            _ => Input::NoData,
        }
    }

    /// A word to the selected unit (`last`: the channel ends the record with it); whether the
    /// unit ended the record.
    fn put(&mut self, ch: usize, w: u64, last: bool) -> bool {
        let c = &mut self.channels[ch];
        match c.unit {
            Some(u @ (Unit::Printer | Unit::Punch)) => {
                let unit: &mut dyn ImageUnit = if u == Unit::Printer {
                    &mut self.printer
                } else {
                    &mut self.punch
                };
                let full = unit.word(w);
                if last && !full {
                    unit.end_record();
                }
                full || last
            }
            Some(Unit::Tape { drive, binary }) => {
                c.tape_out.extend(tape::word_chars(w, binary));
                if last {
                    let chars = std::mem::take(&mut c.tape_out);
                    if let Some(t) = &mut self.tapes[ch][drive as usize - 1] {
                        t.write_block(Block::Record(chars));
                        c.flags.end_of_tape |= t.past_end_marker();
                        self.departures.record_written(ch, drive, t.pos - 1);
                    }
                }
                last
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests;
