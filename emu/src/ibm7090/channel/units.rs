//! The units' side of a channel: selecting a unit for data (RDS, WRS), the tape motions
//! (BSR, BSF, WEF, REW, RUN, SDN), the end of a select, and a word from or to the selected
//! unit.

use super::super::card::ImageUnit;
use super::super::tape::{self, Block};
use super::{decode_unit, ChannelError, Io, Motion, State, Unit};

/// A word from the selected unit.
pub(super) enum Input {
    Word(u64, bool),
    EndOfFile,
    NoData,
}

impl Io {
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

    /// End the data select: the unit finishes its record or line.
    pub(super) fn disconnect(&mut self, ch: usize) {
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

    /// The selected printer or punch begins its next line or card (nothing sent yet).
    pub(super) fn begin_record(&mut self, ch: usize) {
        match self.channels[ch].unit {
            Some(Unit::Printer) => self.printer.image.completed = false,
            Some(Unit::Punch) => self.punch.image.completed = false,
            _ => {}
        }
    }

    /// The next word from the selected unit.
    pub(super) fn get(&mut self, ch: usize) -> Input {
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
    pub(super) fn put(&mut self, ch: usize, w: u64, last: bool) -> bool {
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
