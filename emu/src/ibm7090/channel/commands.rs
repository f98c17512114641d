//! The command side of a channel: RCH and LCH start it on a command list, which runs at once to
//! the point where the channel would wait for the CPU; SCH stores its registers; the console's
//! LOAD keys.

use super::super::isa::{self, Op};
use super::units::Input;
use super::{decode_unit, letter, ChannelError, Io, State, Unit, COMMAND_LIMIT};

/// Fields of a command word: the address (and count), the nontransmit and indirect bits.
pub(super) const ADDRESS: u16 = 0o77777;
const NONTRANSMIT: u64 = 1 << 16;
const INDIRECT: u64 = 1 << 17;

/// How a command's transmission ended.
pub(super) enum Moved {
    /// By its count or the record: `n` words.
    Done(u32),
    /// The unit ended the select (a tape mark, the end of the tape).
    Disconnected,
}

/// The operation (bits S,1,2) as the table's command row names it.
fn command(word: u64) -> Op {
    isa::channel_command(word).map_or(Op::Unimplemented, |c| c.op)
}

impl Io {
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
            // An IOS command that ends on the record's last word takes the end of record,
            // with count left or on its count alike: the next command begins with the next
            // record. SIMH's `ch6_iosp_cclr` would leave it to the next command when its tally
            // of channel work is 11 or less, but tallies the running channel once per channel
            // slot (its loop tests `ch_sta[ch]`): 5 + 8 x 2 = 21, so an IOS always takes it.
            // IBSYS relies on it: it reads a three-word record with `IOSP 3` and `IORT` and
            // goes on only when the IORT meets the tape mark after it (docs/ibsys.md).
            if by_signal && eor {
                c.end_of_record = false;
                break;
            }
        }
        Ok(Moved::Done(n))
    }
}
