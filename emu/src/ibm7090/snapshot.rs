//! Machine snapshots of the 7090: store, AC, MQ, index registers, IC, indicators (overflow,
//! divide check, floating trap and MQ overflow, the sense indicator register SI, trap mode),
//! sense switches and lights, keys, cycle and instruction counts, and the I/O (both channels'
//! registers and indicators, the reader's hopper and card in hand, the printer's lines and
//! image, the punch's cards, every tape reel) as a small versioned text file.
//!
//! ```text
//! firstmoves-ibm7090-snapshot 4
//! cpu 7094                                (the 709 or 7094; none for a 7090)
//! ac 0 / mq 0 / xr 0 0 0 / ic 100         (octal; XR1 XR2 XR4, on a 7094 XR1-XR7 and then
//!                                          multi-tag 0)
//! overflow 0 / divide-check 0 / floating-trap 1 / mq-overflow 0 / switches 0 / lights 0 / keys 0
//! indicators 0 / trap-mode 0 / halt-trap none   (or the octal location of an HTR halted in trap
//! mode)
//! channel-traps 377 0 0                   (the enable register in octal, held off after a trap,
//!                                          held off for one instruction)
//! cycles 0 / instructions 0 / trace 0     (decimal)
//! mem 100 0500000000200 ...               (octal address, then up to 8 octal words; non-zero runs)
//! io-check 0
//! channel A selected tape2d 0 100 200 16 0 0 0 0 0 0 0 0   (state, unit, write, clc ca wc op
//!                                          (octal), nontransmit, end of record, EOF, TRC, BOT,
//!                                          EOT, command flags)
//! tape-next A 3 / tape-in A 0 ... / tape-out A 22 ...   (a tape record in transfer, octal)
//! reader 2 1 5 / station 0 ...            (cards read, a card in hand, its next word; its words)
//! card |HELLO`WORLD                       (hopper, first card first; column-binary text)
//! printer 1 / printer-image 0 ... / printed |HELLO WORLD   (image completed since select)
//! punch 0 / punch-image 0 ... / punched |A`B               (the same for the punch)
//! reel A2 3 1 0 0 / block 44 45 ... / mark  (unit, position, ring, written, unloaded; blocks,
//!                                          tape characters in octal)
//! io-wait 0 / io-clock nominal 0 0 0      (cycles held by the I/O; the bound, when the reader,
//!                                          punch and printer are free, decimal)
//! channel-clock A 0 0 0 0 0                (in operation until, the record's start, words,
//!                                          length, ended)
//! trap-clock A 0 0                         (when the end-of-file and redundancy indicators
//!                                          came on)
//! tape-clock A 0 0 0 0 0 0 0 0 0 0         (when each unit stops)
//! arrival A 5120 200 605060606060          (a word read, stored at that cycle: decimal cycle,
//!                                          octal address and word; `snapshot/v4.rs`)
//! reader-eof 1                             (the reader's END OF FILE key down; absent: up)
//! printer-echo 3 0 0 ...                   (the printer's echo line under a read select)
//! departure A 5120 300 1 tape 3 0 6 b      (a word written, taken again at that cycle, and
//!                                          where it went; departure-image: a line's image)
//! end 0123456789abcdef                    (FNV-1a 64 of every byte before this line)
//! ```
//! (`/` above separates lines.) A version 2 snapshot has no channel traps (`channel-traps`,
//! `trap-clock`) and loads with them off; one without the clock lines has the clock at 0. A
//! version 3 snapshot has none of the words in passing (`arrival`, `departure`), the reader's
//! END OF FILE key (`reader-eof`) or the printer's echo line (`printer-echo`), and loads with
//! none. The decoded-instruction cache is rebuilt from the store; the pending trace text is
//! output and not saved.

use super::card::{Card, IMAGE_WORDS};
use super::channel::{Channel, Io, State, Unit, CHANNELS, TAPE_UNITS};
use super::cpu::{ChannelTraps, Machine, ENABLE_BITS, STORE_WORDS};
use super::io_timing::Bound;
use super::model::Model;
use super::tape::{Block, Tape};
use crate::snapshot::{self as shared, Format, Line};
use std::fmt::Write;
use std::path::Path;

mod v4;

pub use crate::snapshot::SnapshotError;

/// The first line of every snapshot, the format version this code writes, and the oldest it
/// still reads (version 2 has no channel traps: they take their reset state).
pub const FORMAT: Format = Format {
    machine: "7090",
    magic: "firstmoves-ibm7090-snapshot",
    version: 4,
    oldest: 2,
};
const PER_LINE: usize = 8;
const WORD: u64 = (1 << 36) - 1;

/// The snapshot text of `m`.
pub fn to_text(m: &Machine) -> String {
    let mut s = shared::begin(&FORMAT);
    let seven = m.model().has_seven_index_registers();
    if m.model() != Model::Ibm7090 {
        let _ = writeln!(s, "cpu {}", m.model());
    }
    let _ = writeln!(s, "ac {:o}", m.ac);
    let _ = writeln!(s, "mq {:o}", m.mq);
    if seven {
        let x = &m.xr;
        let _ = writeln!(
            s,
            "xr {:o} {:o} {:o} {:o} {:o} {:o} {:o}",
            x[1], x[2], x[3], x[4], x[5], x[6], x[7]
        );
        let _ = writeln!(s, "multi-tag {}", m.multi_tag as u8);
    } else {
        let _ = writeln!(s, "xr {:o} {:o} {:o}", m.xr[1], m.xr[2], m.xr[4]);
    }
    let _ = writeln!(s, "ic {:o}", m.ic);
    let _ = writeln!(s, "overflow {}", m.overflow as u8);
    let _ = writeln!(s, "divide-check {}", m.divide_check as u8);
    let _ = writeln!(s, "floating-trap {}", m.floating_trap as u8);
    let _ = writeln!(s, "mq-overflow {}", m.mq_overflow as u8);
    let _ = writeln!(s, "switches {}", m.sense_switches);
    let _ = writeln!(s, "lights {}", m.sense_lights);
    let _ = writeln!(s, "keys {:o}", m.keys);
    let _ = writeln!(s, "indicators {:o}", m.sense_indicators);
    let _ = writeln!(s, "trap-mode {}", m.trap_mode as u8);
    match m.halt_trap {
        Some(at) => {
            let _ = writeln!(s, "halt-trap {at:o}");
        }
        None => {
            let _ = writeln!(s, "halt-trap none");
        }
    }
    let t = m.channel_traps;
    let _ = writeln!(
        s,
        "channel-traps {:o} {} {}",
        t.enable, t.inhibit as u8, t.delay as u8
    );
    let _ = writeln!(s, "cycles {}", m.cycles);
    let _ = writeln!(s, "instructions {}", m.instructions);
    let _ = writeln!(s, "trace {}", m.trace_on as u8);
    shared::push_runs(
        &mut s,
        "mem",
        &m.mem()[..STORE_WORDS],
        PER_LINE,
        |o, a| {
            let _ = write!(o, "{a:o}");
        },
        |o, w| {
            let _ = write!(o, "{w:o}");
        },
    );
    write_io(&mut s, &m.io);
    write_clock(&mut s, m);
    v4::write(&mut s, &m.io);
    shared::finish(&mut s);
    s
}

fn octal_lines(s: &mut String, key: &str, values: &[u64]) {
    shared::push_lines(s, key, values, PER_LINE, |o, w| {
        let _ = write!(o, "{w:o}");
    });
}

fn letter(ch: usize) -> char {
    (b'A' + ch as u8) as char
}

fn unit_text(u: Option<Unit>) -> String {
    match u {
        None => "-".into(),
        Some(Unit::Reader) => "reader".into(),
        Some(Unit::Punch) => "punch".into(),
        Some(Unit::Printer) => "printer".into(),
        Some(Unit::Tape { drive, binary }) => {
            format!("tape{drive}{}", if binary { 'b' } else { 'd' })
        }
    }
}

fn write_clock(s: &mut String, m: &Machine) {
    let cl = &m.io.clock;
    let _ = writeln!(s, "io-wait {}", m.io_wait_cycles());
    let _ = writeln!(
        s,
        "io-clock {} {} {} {}",
        cl.bound.name(),
        cl.reader_free,
        cl.punch_free,
        cl.printer_free
    );
    for ch in 0..CHANNELS {
        let _ = writeln!(
            s,
            "channel-clock {} {} {} {} {} {}",
            letter(ch),
            cl.busy_until[ch],
            cl.record_start[ch],
            cl.record_words[ch],
            cl.record_len[ch],
            cl.record_ended[ch] as u8
        );
        let free: Vec<String> = cl.tape_free[ch].iter().map(|t| t.to_string()).collect();
        let _ = writeln!(s, "tape-clock {} {}", letter(ch), free.join(" "));
        let c = &m.io.channels[ch];
        let _ = writeln!(s, "trap-clock {} {} {}", letter(ch), c.eof_at, c.check_at);
    }
}

fn write_io(s: &mut String, io: &Io) {
    let _ = writeln!(s, "io-check {}", io.io_check as u8);
    for (ch, c) in io.channels.iter().enumerate() {
        let state = match c.state {
            State::Idle => "idle",
            State::Selected => "selected",
            State::Waiting => "waiting",
        };
        let f = c.flags;
        let _ = writeln!(
            s,
            "channel {} {state} {} {} {:o} {:o} {:o} {:o} {} {} {} {} {} {} {}",
            letter(ch),
            unit_text(c.unit),
            c.write as u8,
            c.clc,
            c.ca,
            c.wc,
            c.op,
            c.nontransmit as u8,
            c.end_of_record as u8,
            f.end_of_file as u8,
            f.redundancy as u8,
            f.beginning_of_tape as u8,
            f.end_of_tape as u8,
            f.command as u8
        );
        let _ = writeln!(s, "tape-next {} {}", letter(ch), c.tape_next);
        octal_lines(s, &format!("tape-in {}", letter(ch)), &c.tape_in);
        let out: Vec<u64> = c.tape_out.iter().map(|&b| b as u64).collect();
        octal_lines(s, &format!("tape-out {}", letter(ch)), &out);
    }
    let r = &io.reader;
    let (held, next) = r.station.map_or((0, 0), |(_, n)| (1, n));
    let _ = writeln!(s, "reader {} {held} {next}", r.cards_read);
    if let Some((image, _)) = &r.station {
        octal_lines(s, "station", image);
    }
    for card in &r.hopper {
        let _ = writeln!(s, "card |{}", card.to_column_binary());
    }
    let _ = writeln!(s, "printer {}", io.printer.image.completed as u8);
    octal_lines(s, "printer-image", &io.printer.image.words);
    for line in &io.printer.lines {
        let _ = writeln!(s, "printed |{line}");
    }
    let _ = writeln!(s, "punch {}", io.punch.image.completed as u8);
    octal_lines(s, "punch-image", &io.punch.image.words);
    for card in &io.punch.cards {
        let _ = writeln!(s, "punched |{}", card.to_column_binary());
    }
    for (ch, units) in io.tapes.iter().enumerate() {
        for (u, reel) in units.iter().enumerate() {
            let Some(t) = reel else { continue };
            let _ = writeln!(
                s,
                "reel {}{} {} {} {} {}",
                letter(ch),
                u + 1,
                t.pos,
                t.ring as u8,
                t.written as u8,
                t.unloaded as u8
            );
            for b in &t.blocks {
                match b {
                    Block::Mark => s.push_str("mark\n"),
                    Block::Record(chars) => {
                        s.push_str("block");
                        for c in chars {
                            let _ = write!(s, " {c:o}");
                        }
                        s.push('\n');
                    }
                }
            }
        }
    }
}

/// Write through a temporary file and a rename: never half a snapshot under the name.
pub fn save(m: &Machine, path: &Path) -> Result<(), SnapshotError> {
    shared::save_text(&to_text(m), path)
}

pub fn load(path: &Path) -> Result<Machine, SnapshotError> {
    let (contents, name) = shared::read_text(path)?;
    from_text(&contents, &name)
}

fn channel_index(letter: &str) -> Option<usize> {
    let c = letter.chars().next()?;
    let i = (c as u8).checked_sub(b'A')? as usize;
    (letter.len() == 1 && i < CHANNELS).then_some(i)
}

fn parse_unit(text: &str) -> Option<Option<Unit>> {
    Some(Some(match text {
        "-" => return Some(None),
        "reader" => Unit::Reader,
        "punch" => Unit::Punch,
        "printer" => Unit::Printer,
        t => {
            let rest = t.strip_prefix("tape")?;
            let (drive, mode) = rest.split_at(rest.len().checked_sub(1)?);
            let drive: u8 = drive.parse().ok().filter(|d| (1..=10).contains(d))?;
            let binary = match mode {
                "b" => true,
                "d" => false,
                _ => return None,
            };
            Unit::Tape { drive, binary }
        }
    }))
}

/// Parse snapshot text (`file` names it in errors) into a new machine.
pub fn from_text(text: &str, file: &str) -> Result<Machine, SnapshotError> {
    let mut m = Machine::new();
    let mut later = Later::default();
    shared::parse_lines(text, file, &FORMAT, |n, line| {
        if verbatim_line(&mut m, line).map_err(|e| shared::malformed(file, n, e))? {
            return Ok(Line::Field);
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let f = Fields {
            file,
            n,
            key: fields[0],
            rest: &fields[1..],
        };
        if f.key == "end" {
            return Ok(Line::End(f.one()?));
        }
        let known = cpu_field(&mut m, &f)?
            || channel_field(&mut m, &f)?
            || clock_field(&mut m, &f)?
            || unit_field(&mut m, &f, &mut later)?
            || v4_field(&mut m, &f)?;
        if !known {
            return Err(f.bad(format!("unknown field `{}`", f.key)));
        }
        Ok(Line::Field)
    })?;
    later.apply(&mut m, |message| {
        shared::malformed(file, text.lines().count(), message.into())
    })?;
    Ok(m)
}

/// The lines version 4 added (`snapshot/v4.rs`); whether the key was one of them.
fn v4_field(m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
    if !v4::KEYS.contains(&f.key) {
        return Ok(false);
    }
    v4::read(&mut m.io, f.key, f.rest).map_err(|e| f.bad(e))?;
    Ok(true)
}

/// One line's fields: its key, the values after it, and where it is for errors.
struct Fields<'t, 'l> {
    file: &'l str,
    n: usize,
    key: &'t str,
    rest: &'l [&'t str],
}

impl<'t> Fields<'t, '_> {
    fn bad(&self, message: String) -> SnapshotError {
        shared::malformed(self.file, self.n, message)
    }

    fn oct(&self, t: &str, max: u64) -> Result<u64, SnapshotError> {
        u64::from_str_radix(t, 8)
            .ok()
            .filter(|&v| v <= max)
            .ok_or_else(|| self.bad(format!("`{t}` is not an octal number up to {max:o}")))
    }

    fn dec(&self, t: &str) -> Result<u64, SnapshotError> {
        t.parse::<u64>()
            .map_err(|_| self.bad(format!("`{t}` is not a decimal number")))
    }

    fn one(&self) -> Result<&'t str, SnapshotError> {
        match self.rest {
            [v] => Ok(v),
            _ => Err(self.bad(format!("`{}` takes one value", self.key))),
        }
    }

    fn flag(&self, t: &str) -> Result<bool, SnapshotError> {
        match t {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(self.bad(format!("`{t}` is not 0 or 1"))),
        }
    }

    fn channel(&self, ch: &str) -> Result<usize, SnapshotError> {
        channel_index(ch).ok_or_else(|| self.bad(format!("no channel `{ch}`")))
    }
}

/// Cards and printed lines: their text verbatim after the bar. Whether `line` was one.
fn verbatim_line(m: &mut Machine, line: &str) -> Result<bool, String> {
    if let Some(card) = line.strip_prefix("card |") {
        let c = Card::from_column_binary(card, 0).map_err(|e| e.to_string())?;
        m.io.reader.hopper.push_back(c);
    } else if let Some(card) = line.strip_prefix("punched |") {
        let c = Card::from_column_binary(card, 0).map_err(|e| e.to_string())?;
        m.io.punch.cards.push(c);
    } else if let Some(p) = line.strip_prefix("printed |") {
        m.io.printer.lines.push(p.to_string());
    } else {
        return Ok(false);
    }
    Ok(true)
}

/// The CPU's registers, indicators and counts, and the store. Whether the key was one of them.
fn cpu_field(m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
    let rest = f.rest;
    match f.key {
        // AC keeps Q and P beside the sign and 35 bits: 38 bits.
        "ac" => m.ac = f.oct(f.one()?, (1 << 38) - 1)?,
        "mq" => m.mq = f.oct(f.one()?, WORD)?,
        "cpu" => match Model::from_name(f.one()?) {
            Some(model) => m.set_model(model),
            None => return Err(f.bad("`cpu` is 709, 7090 or 7094".into())),
        },
        "xr" => {
            // XR1, XR2, XR4 (the 7090's A, B, C), or on a 7094 XR1-XR7.
            let numbers: &[usize] = match rest.len() {
                3 => &[1, 2, 4],
                7 if m.model().has_seven_index_registers() => &[1, 2, 3, 4, 5, 6, 7],
                _ => return Err(f.bad("`xr` takes three octal values (seven on a 7094)".into())),
            };
            for (&n, v) in numbers.iter().zip(rest) {
                m.xr[n] = f.oct(v, 0o77777)? as u32;
            }
        }
        "multi-tag" => m.multi_tag = f.flag(f.one()?)?,
        "ic" => m.ic = f.oct(f.one()?, 0o77777)? as u32,
        "overflow" => m.overflow = f.flag(f.one()?)?,
        "divide-check" => m.divide_check = f.flag(f.one()?)?,
        "floating-trap" => m.floating_trap = f.flag(f.one()?)?,
        "mq-overflow" => m.mq_overflow = f.flag(f.one()?)?,
        "switches" => m.sense_switches = f.dec(f.one()?)?.min(255) as u8,
        "lights" => m.sense_lights = f.dec(f.one()?)?.min(255) as u8,
        "keys" => m.keys = f.oct(f.one()?, WORD)?,
        "indicators" => m.sense_indicators = f.oct(f.one()?, WORD)?,
        "trap-mode" => m.trap_mode = f.flag(f.one()?)?,
        "halt-trap" => {
            m.halt_trap = match f.one()? {
                "none" => None,
                t => Some(f.oct(t, 0o77777)? as u16),
            }
        }
        "channel-traps" => {
            let [enable, inhibit, delay] = rest else {
                return Err(f.bad("`channel-traps` takes an enable word and two flags".into()));
            };
            m.channel_traps = ChannelTraps {
                enable: f.oct(enable, ENABLE_BITS as u64)? as u32,
                inhibit: f.flag(inhibit)?,
                delay: f.flag(delay)?,
            };
        }
        "cycles" => m.cycles = f.dec(f.one()?)?,
        "instructions" => m.instructions = f.dec(f.one()?)?,
        "trace" => m.trace_on = f.flag(f.one()?)?,
        "mem" => {
            let Some((start, ws)) = rest.split_first() else {
                return Err(f.bad("`mem` takes an address and words".into()));
            };
            let start = f.oct(start, 0o77777)? as usize;
            if ws.is_empty() || start + ws.len() > STORE_WORDS {
                return Err(f.bad("words outside the 32,768-word store".into()));
            }
            for (k, w) in ws.iter().enumerate() {
                m.mem_mut()[start + k] = f.oct(w, WORD)?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A channel's registers and indicators, its tape record in transfer, and the I/O check
/// indicator. Whether the key was one of them.
fn channel_field(m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
    let rest = f.rest;
    match f.key {
        "io-check" => m.io.io_check = f.flag(f.one()?)?,
        "channel" => {
            let [ch, state, unit, write, clc, ca, wc, op, nst, eor, eof, trc, bot, eot, cmd] = rest
            else {
                return Err(f.bad("`channel` takes 15 fields".into()));
            };
            let c: &mut Channel = &mut m.io.channels[f.channel(ch)?];
            c.state = match *state {
                "idle" => State::Idle,
                "selected" => State::Selected,
                "waiting" => State::Waiting,
                t => return Err(f.bad(format!("channel state `{t}`"))),
            };
            c.unit = parse_unit(unit).ok_or_else(|| f.bad(format!("unit `{unit}`")))?;
            c.write = f.flag(write)?;
            c.clc = f.oct(clc, 0o77777)? as u16;
            c.ca = f.oct(ca, 0o77777)? as u16;
            c.wc = f.oct(wc, 0o77777)? as u16;
            c.op = f.oct(op, 7)? as u8;
            c.nontransmit = f.flag(nst)?;
            c.end_of_record = f.flag(eor)?;
            c.flags.end_of_file = f.flag(eof)?;
            c.flags.redundancy = f.flag(trc)?;
            c.flags.beginning_of_tape = f.flag(bot)?;
            c.flags.end_of_tape = f.flag(eot)?;
            c.flags.command = f.flag(cmd)?;
        }
        "tape-next" | "tape-in" | "tape-out" => {
            let Some((ch, values)) = rest.split_first() else {
                return Err(f.bad(format!("`{}` takes a channel", f.key)));
            };
            let c = &mut m.io.channels[f.channel(ch)?];
            for v in values {
                match f.key {
                    "tape-next" => c.tape_next = f.dec(v)? as usize,
                    "tape-in" => c.tape_in.push(f.oct(v, WORD)?),
                    _ => c.tape_out.push(f.oct(v, 0o177)? as u8),
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The channels' and units' clock. Whether the key was one of its lines.
fn clock_field(m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
    let rest = f.rest;
    match f.key {
        "io-wait" => m.io_wait = f.dec(f.one()?)?,
        "io-clock" => {
            let [bound, r, p, l] = rest else {
                return Err(f.bad("`io-clock` takes a bound and three counts".into()));
            };
            let cl = &mut m.io.clock;
            cl.bound = Bound::from_name(bound)
                .ok_or_else(|| f.bad(format!("`{bound}` is not low, nominal or high")))?;
            (cl.reader_free, cl.punch_free, cl.printer_free) = (f.dec(r)?, f.dec(p)?, f.dec(l)?);
        }
        "channel-clock" => {
            let [ch, busy, start, words, len, ended] = rest else {
                return Err(f.bad("`channel-clock` takes a channel and five fields".into()));
            };
            let ch = f.channel(ch)?;
            let cl = &mut m.io.clock;
            cl.busy_until[ch] = f.dec(busy)?;
            cl.record_start[ch] = f.dec(start)?;
            cl.record_words[ch] = f.dec(words)?.min(u32::MAX as u64) as u32;
            cl.record_len[ch] = f.dec(len)?.min(u32::MAX as u64) as u32;
            cl.record_ended[ch] = f.flag(ended)?;
        }
        "tape-clock" => {
            let Some((ch, free)) = rest.split_first() else {
                return Err(f.bad("`tape-clock` takes a channel and ten counts".into()));
            };
            let ch = f.channel(ch)?;
            if free.len() != TAPE_UNITS {
                return Err(f.bad("`tape-clock` takes a channel and ten counts".into()));
            }
            for (u, t) in free.iter().enumerate() {
                m.io.clock.tape_free[ch][u] = f.dec(t)?;
            }
        }
        "trap-clock" => {
            let [ch, eof, check] = rest else {
                return Err(f.bad("`trap-clock` takes a channel and two counts".into()));
            };
            let c = &mut m.io.channels[f.channel(ch)?];
            (c.eof_at, c.check_at) = (f.dec(eof)?, f.dec(check)?);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// What the lines leave to check or apply once all are read: the reader's card in hand (its
/// next word, and its words from the `station` lines) and the reel that `block` and `mark`
/// lines go on.
#[derive(Default)]
struct Later {
    station: Option<usize>,
    station_words: Vec<u64>,
    reel: Option<(usize, usize)>,
}

impl Later {
    /// The card in hand into the reader, each reel to its position; a message for what does
    /// not fit (`bad` places it on the last line).
    fn apply(
        self,
        m: &mut Machine,
        bad: impl Fn(&str) -> SnapshotError,
    ) -> Result<(), SnapshotError> {
        if let Some(next) = self.station {
            let image: [u64; IMAGE_WORDS] = self
                .station_words
                .try_into()
                .map_err(|_| bad("the card in hand needs 24 `station` words"))?;
            if next >= IMAGE_WORDS {
                return Err(bad("the card in hand is read past its end"));
            }
            m.io.reader.station = Some((image, next));
        }
        for c in &m.io.channels {
            if c.tape_next > c.tape_in.len() {
                return Err(bad("tape position beyond its record"));
            }
        }
        for t in m.io.tapes.iter_mut().flatten().flatten() {
            if t.pos > t.blocks.len() {
                return Err(bad("tape position beyond its last block"));
            }
            let pos = t.pos;
            t.seek(pos);
        }
        Ok(())
    }
}

/// The reader, printer and punch, and the tape reels. Whether the key was one of their lines.
fn unit_field(m: &mut Machine, f: &Fields, later: &mut Later) -> Result<bool, SnapshotError> {
    let rest = f.rest;
    match f.key {
        "reader" => {
            let [cards, held, next] = rest else {
                return Err(f.bad("`reader` takes cards read, card in hand, next".into()));
            };
            m.io.reader.cards_read = f.dec(cards)?;
            later.station = f.flag(held)?.then_some(f.dec(next)? as usize);
        }
        "station" => {
            for w in rest {
                later.station_words.push(f.oct(w, WORD)?);
            }
        }
        "printer" => m.io.printer.image.completed = f.flag(f.one()?)?,
        "punch" => m.io.punch.image.completed = f.flag(f.one()?)?,
        "printer-image" | "punch-image" => {
            let image = if f.key == "printer-image" {
                &mut m.io.printer.image
            } else {
                &mut m.io.punch.image
            };
            for w in rest {
                image.words.push(f.oct(w, WORD)?);
            }
        }
        "reel" => {
            let [unit, pos, ring, written, unloaded] = rest else {
                return Err(f.bad("`reel` takes unit, position and three flags".into()));
            };
            let (ch, u) = unit
                .split_at_checked(1)
                .and_then(|(c, u)| Some((channel_index(c)?, u.parse::<usize>().ok()?)))
                .filter(|&(_, u)| (1..=TAPE_UNITS).contains(&u))
                .ok_or_else(|| f.bad(format!("tape unit `{unit}`")))?;
            let mut t = Tape::of(Vec::new());
            t.pos = f.dec(pos)? as usize;
            t.ring = f.flag(ring)?;
            t.written = f.flag(written)?;
            t.unloaded = f.flag(unloaded)?;
            m.io.tapes[ch][u - 1] = Some(t);
            later.reel = Some((ch, u - 1));
        }
        "block" | "mark" => {
            let (ch, u) = later
                .reel
                .ok_or_else(|| f.bad(format!("`{}` before a `reel`", f.key)))?;
            let block = if f.key == "mark" {
                Block::Mark
            } else {
                let chars = rest
                    .iter()
                    .map(|c| f.oct(c, 0o177).map(|v| v as u8))
                    .collect::<Result<Vec<u8>, _>>()?;
                Block::Record(chars)
            };
            if let Some(t) = &mut m.io.tapes[ch][u] {
                t.blocks.push(block);
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests;
