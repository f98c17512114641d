//! Data channel A with a card reader (unit 1321) and a printer (unit 1361, BCD).
//!
//! A unit address carries the channel in its high octal digit (1 = A), the unit in the low
//! three: RDS 1321, WRS 1361 (FAP's RCDA, WPRA), as SIMH i7094 decodes them; RDS 321 names
//! channel 0, which the 7090 does not have (SIMH stops "Non-existent channel").
//!
//! What is modelled (docs/ibm7090.md "Channel A" gives the reasons):
//! - RDS/WRS select a unit; RCHA Y starts the channel on the command word at Y; LCHA Y gives
//!   the next command list to a channel waiting after an IORT.
//! - Command words: IOCD (count words, then disconnect), IOCP (count words, then the next
//!   command), IORT (count words, then end the record and wait for an LCHA), TCH (next command
//!   from Y); bit 18 indirect address, bit 19 nontransmit (words skipped).
//! - Records are BCD card images of 14 words (80 columns + 4 blanks, 6 characters a word) and
//!   print lines of up to 20 words (120 characters), the record formats of the system tapes
//!   the 1401 wrote from cards and printed from [I: simplification; the on-line 711 reader and
//!   716 printer used 24-word row-binary images of 72 columns, which SIMH models].
//! - The channel works at once, in zero cycles: the CPU never sees it busy (TCOA never
//!   transfers) [I: simplification].

use super::bcd;
use super::isa::{self, Op};
use std::collections::VecDeque;

/// Unit addresses on channel A.
pub const CARD_READER: u16 = 0o1321;
pub const PRINTER: u16 = 0o1361;
/// Words of a card record and of a print line.
pub const CARD_WORDS: usize = 14;
pub const LINE_WORDS: usize = 20;

const ADDRESS: u64 = 0o77777;

/// A reason the channel cannot go on; the CPU stops with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelError {
    /// RDS (or LCHA for the next card) with the hopper empty.
    ReaderEmpty,
    /// RDS/WRS of a unit the machine does not have (or the wrong direction).
    NoSuchUnit(u16),
    /// A command word the channel model does not execute (IORP, IOSP, IOCT, IOST).
    UnimplementedCommand { address: u16, word: u64 },
    /// RCHA with no unit selected.
    NotSelected,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Direction {
    Read,
    Write,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Idle,
    /// Selected, waiting for RCHA.
    Selected,
    /// An IORT ended its record; waiting for LCHA.
    WaitingLch,
}

/// Channel A and its two units.
#[derive(Clone, Debug)]
pub struct ChannelA {
    /// Cards still in the reader's hopper (text lines, 80 columns used).
    pub hopper: VecDeque<String>,
    /// Lines printed so far, trailing blanks removed.
    pub printed: Vec<String>,
    // Visible to the module so that `snapshot` can save and restore them.
    pub(super) state: State,
    pub(super) direction: Direction,
    pub(super) record: Vec<u64>,
    pub(super) pos: usize,
    /// Cards read (records started on the reader).
    pub cards_read: u64,
}

impl Default for ChannelA {
    fn default() -> Self {
        ChannelA {
            hopper: VecDeque::new(),
            printed: Vec::new(),
            state: State::Idle,
            direction: Direction::Read,
            record: Vec::new(),
            pos: 0,
            cards_read: 0,
        }
    }
}

impl ChannelA {
    /// Put cards (one per text line) into the hopper.
    pub fn load_cards(&mut self, text: &str) {
        self.hopper.extend(text.lines().map(str::to_string));
    }

    /// RDS/WRS: select a unit (ending whatever the channel was doing).
    pub fn select(&mut self, unit: u16, write: bool) -> Result<(), ChannelError> {
        self.disconnect();
        match (unit, write) {
            (CARD_READER, false) => {
                self.direction = Direction::Read;
                self.next_card()?;
            }
            (PRINTER, true) => {
                self.direction = Direction::Write;
                self.record.clear();
            }
            _ => return Err(ChannelError::NoSuchUnit(unit)),
        }
        self.state = State::Selected;
        Ok(())
    }

    fn next_card(&mut self) -> Result<(), ChannelError> {
        let card = self.hopper.pop_front().ok_or(ChannelError::ReaderEmpty)?;
        let columns: String = card.chars().take(80).collect();
        self.record = bcd::pack(&columns, CARD_WORDS);
        self.pos = 0;
        self.cards_read += 1;
        Ok(())
    }

    /// End the current record: a print line goes to the printer.
    fn end_record(&mut self) {
        if self.direction == Direction::Write {
            let line = bcd::unpack(&self.record);
            self.printed.push(line.trim_end().to_string());
            self.record.clear();
        }
        self.pos = 0;
    }

    /// End the selection (a new RDS/WRS, or the end of the run).
    pub fn disconnect(&mut self) {
        if self.state == State::Selected && self.direction == Direction::Write {
            // A WRS never given an RCHA prints nothing.
            self.record.clear();
        }
        self.state = State::Idle;
    }

    /// RCHA Y.
    pub fn reset_and_load(&mut self, mem: &mut [u64], y: u16) -> Result<(), ChannelError> {
        match self.state {
            State::Idle => Err(ChannelError::NotSelected),
            State::Selected => self.run_commands(mem, y),
            State::WaitingLch => {
                // RCH after an IORT: the next record, as LCH would [I].
                self.load(mem, y)
            }
        }
    }

    /// LCHA Y: ignored unless the channel waits after an IORT [I].
    pub fn load(&mut self, mem: &mut [u64], y: u16) -> Result<(), ChannelError> {
        if self.state != State::WaitingLch {
            return Ok(());
        }
        if self.direction == Direction::Read {
            if let Err(e) = self.next_card() {
                self.state = State::Idle;
                return Err(e);
            }
        }
        self.state = State::Selected;
        self.run_commands(mem, y)
    }

    /// Whether the channel is in operation (TCOA): never, since it works at once.
    pub fn in_operation(&self) -> bool {
        false
    }

    fn run_commands(&mut self, mem: &mut [u64], mut y: u16) -> Result<(), ChannelError> {
        // A TCH loop without data would never end; a real channel would spin too, but the
        // emulator must return: bound the number of commands per start [I].
        for _ in 0..100_000 {
            let cw = mem[y as usize];
            // The command the table's row for bits S,1,2 names.
            let op = isa::channel_command(cw).map_or(Op::Unimplemented, |c| c.op);
            let count = ((cw >> 18) & ADDRESS) as usize;
            let nontransmit = cw & (1 << 16) != 0;
            let mut addr = (cw & ADDRESS) as u16;
            if cw & (1 << 17) != 0 {
                addr = (mem[addr as usize] & ADDRESS) as u16;
            }
            match op {
                Op::Tch => {
                    y = addr;
                    continue;
                }
                Op::Iocd | Op::Iocp | Op::Iort => {}
                _ => {
                    return Err(ChannelError::UnimplementedCommand {
                        address: y,
                        word: cw,
                    })
                }
            }
            self.transmit(mem, addr, count, nontransmit);
            match op {
                Op::Iocd => {
                    self.end_record();
                    self.state = State::Idle;
                    return Ok(());
                }
                Op::Iocp => y = (y + 1) & ADDRESS as u16,
                _ => {
                    self.end_record();
                    self.state = State::WaitingLch;
                    return Ok(());
                }
            }
        }
        self.state = State::Idle;
        Ok(())
    }

    fn transmit(&mut self, mem: &mut [u64], mut addr: u16, count: usize, nontransmit: bool) {
        for _ in 0..count {
            match self.direction {
                Direction::Read => {
                    if self.pos >= self.record.len() {
                        return;
                    }
                    if !nontransmit {
                        mem[addr as usize] = self.record[self.pos];
                    }
                    self.pos += 1;
                }
                Direction::Write => {
                    if self.record.len() < LINE_WORDS {
                        let w = if nontransmit {
                            0o606060606060
                        } else {
                            mem[addr as usize]
                        };
                        self.record.push(w);
                    }
                }
            }
            addr = (addr + 1) & ADDRESS as u16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cw(op: &str, count: u32, addr: u32) -> u64 {
        isa::by_mnemonic(op).unwrap().encode(addr, 0, count, false)
    }

    #[test]
    fn read_two_cards_with_iort_and_lch() {
        let mut ch = ChannelA::default();
        ch.load_cards("HELLO\nWORLD 2\n");
        let mut mem = vec![0u64; 32768];
        mem[0o100] = cw("IORT", 14, 0o200);
        mem[0o101] = cw("IORT", 14, 0o220);
        ch.select(CARD_READER, false).unwrap();
        ch.reset_and_load(&mut mem, 0o100).unwrap();
        assert_eq!(bcd::unpack(&mem[0o200..0o201]), "HELLO ");
        ch.load(&mut mem, 0o101).unwrap();
        assert_eq!(bcd::unpack(&mem[0o220..0o222]), "WORLD 2     ");
        assert_eq!(ch.load(&mut mem, 0o101), Err(ChannelError::ReaderEmpty));
    }

    #[test]
    fn iocp_chains_and_tch_transfers() {
        let mut ch = ChannelA::default();
        let mut mem = vec![0u64; 32768];
        mem[0o300] = bcd::pack("AAAAAA", 1)[0];
        mem[0o301] = bcd::pack("BBBBBB", 1)[0];
        mem[0o302] = bcd::pack("CCCCCC", 1)[0];
        mem[0o100] = cw("IOCP", 1, 0o300);
        mem[0o101] = cw("TCH", 0, 0o110);
        mem[0o110] = cw("IOCD", 1, 0o302);
        ch.select(PRINTER, true).unwrap();
        ch.reset_and_load(&mut mem, 0o100).unwrap();
        assert_eq!(ch.printed, vec!["AAAAAACCCCCC".to_string()]);
    }

    #[test]
    fn units_carry_the_channel() {
        let mut ch = ChannelA::default();
        ch.load_cards("X\n");
        assert_eq!(
            ch.select(0o321, false),
            Err(ChannelError::NoSuchUnit(0o321))
        );
        assert_eq!(ch.select(0o361, true), Err(ChannelError::NoSuchUnit(0o361)));
        assert_eq!(
            ch.select(0o2321, false),
            Err(ChannelError::NoSuchUnit(0o2321))
        );
        ch.select(CARD_READER, false).unwrap();
        ch.select(PRINTER, true).unwrap();
    }

    #[test]
    fn print_a_line_with_iocd() {
        let mut ch = ChannelA::default();
        let mut mem = vec![0u64; 32768];
        mem[0o300] = bcd::pack("PRINTED", 2)[0];
        mem[0o301] = bcd::pack("PRINTED", 2)[1];
        mem[0o100] = cw("IOCD", 2, 0o300);
        ch.select(PRINTER, true).unwrap();
        ch.reset_and_load(&mut mem, 0o100).unwrap();
        assert_eq!(ch.printed, vec!["PRINTED".to_string()]);
    }
}
