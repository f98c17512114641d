//! The 716 under a read select (RPRA): the printer asks for each word of its echo line in
//! turn, a row to print (the channel takes it from storage) or an echo (the channel stores
//! it), and the command in hand moves it either way: its count, address and nontransmit bit
//! as for any word, a print word past the count being zero [SUP `ch6_wr_getw`, `lpt_svc`].
//! The end of a line is the end of the record. The words' times: the line's 46 words spread
//! over the card cycle's 24 word times (Estimate: no source gives the echo's timing).

use super::commands::{Moved, ADDRESS};
use super::{Io, Target};
use crate::ibm7090::card::IMAGE_WORDS;
use crate::ibm7090::printer::{EchoSlot, ECHO_LINE_WORDS};

impl Io {
    /// One command's words between storage and the printer in echo mode (`by_record`: to the
    /// end of the line; `by_signal`: to its count or the end of the line).
    pub(super) fn transmit_echo(
        &mut self,
        ch: usize,
        mem: &mut [u64],
        by_record: bool,
        by_signal: bool,
    ) -> Moved {
        let mut n = 0;
        loop {
            let c = &mut self.channels[ch];
            if (by_record || by_signal) && c.end_of_record {
                c.end_of_record = false;
                break;
            }
            if !by_record && c.wc == 0 {
                break;
            }
            let Some(slot) = self.printer.echo_slot() else {
                break;
            };
            let counted = c.wc > 0;
            // The word's time: its place in the line scaled to the card's word times.
            let p = self.printer.echo.as_ref().map_or(0, |e| e.next as usize);
            self.clock.record_words[ch] = (p * IMAGE_WORDS / ECHO_LINE_WORDS as usize) as u32;
            let print = matches!(slot, EchoSlot::Print(_));
            let sent = if counted && print {
                mem[c.ca as usize]
            } else {
                0
            };
            if let (EchoSlot::Print(i), true) = (slot, counted) {
                // Taken again when it passes (`departures.rs`).
                let target = Target::Line {
                    punch: false,
                    line: self.printer.lines.len(),
                    word: i as u8,
                };
                self.departures.push(ch, 0, c.ca, sent, target);
            }
            let (echo, ended) = self.printer.echo_word(sent);
            self.tick(ch, ended);
            if counted && print {
                self.departures.timed(ch, self.clock.busy_until[ch]);
            }
            let c = &mut self.channels[ch];
            if counted {
                if !print && !c.nontransmit {
                    self.arrivals
                        .push(ch, self.clock.busy_until[ch], c.ca, echo);
                }
                c.ca = (c.ca + 1) & ADDRESS;
                c.wc -= 1;
            }
            self.channels[ch].end_of_record = ended;
            n += 1;
            // As on a tape, an IOS command ending with the line takes its end.
            if by_signal && ended {
                self.channels[ch].end_of_record = false;
                break;
            }
        }
        Moved::Done(n)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Io, PRINTER};
    use crate::ibm7090::card::Card;
    use crate::ibm7090::isa::by_mnemonic;

    fn cw(op: &str, count: u32, addr: u32, nontransmit: bool) -> u64 {
        let w = by_mnemonic(op).unwrap().encode(addr, 0, count, false);
        if nontransmit {
            w | 1 << 16
        } else {
            w
        }
    }

    /// LISP 1.5's clock (its words as SIMH's history shows them): RPRA, `RCHA` of `IOCTN
    /// 77670,,27` (the line's first 27 words, not stored: rows 9 to 1 out, the 8-4 and 8-3
    /// echoes in, rows 0 and 11 out, the left row-9 echo), `LCHA` of `IOCT 77662,,1` (the right
    /// row-9 echo), `LCHA` of `IOCPN 1513,,2` (row 12 out), `IOCPN 1513,,1` (a left echo) and
    /// `IOCT 77662,,1` (the right one), then `LCHA` of the last two for each further row.
    #[test]
    fn lisps_clock_reads_the_echo_of_what_it_prints() {
        let mut io = Io::default();
        let mut mem = vec![0u64; 32768];
        let text = format!("{:36}{}", "LEFT HALF", "0123456789 ABC");
        let line = Card::from_text(&text, 1).unwrap().image();
        mem[0o77670..0o77670 + 24].copy_from_slice(&line);
        mem[0o1515] = cw("IOCT", 27, 0o77670, true);
        mem[0o1516] = cw("IOCP", 2, 0o1513, true);
        mem[0o1517] = cw("IOCP", 1, 0o1513, true);
        mem[0o1520] = cw("IOCT", 1, 0o77662, false);
        io.select(PRINTER, false).unwrap();
        let mut echoed = Vec::new();
        for y in [
            0o1515, 0o1520, 0o1516, 0o1517, 0o1517, 0o1517, 0o1517, 0o1517, 0o1517, 0o1517,
        ] {
            io.start(0, &mut mem, y, y == 0o1515).unwrap();
            io.arrivals.deliver_all(&mut mem);
            if y != 0o1515 {
                echoed.push(mem[0o77662]);
            }
        }
        // The right words (columns 37-72) of rows 9 to 1 as printed.
        let rights: Vec<u64> = (0..9).map(|r| line[2 * r + 1]).collect();
        assert_eq!(echoed, rights);
        assert!(rights.iter().all(|&w| w != 0));
        // 46 words: the line is over and printed; the disconnect at its end prints no more.
        assert_eq!(io.printer.lines.len(), 1);
        mem[0o1513] = 0;
        io.start(0, &mut mem, 0o1513, false).unwrap();
        assert_eq!(io.printer.lines.len(), 1);
    }
}
