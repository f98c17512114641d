//! Machine snapshots of the 7090: store, AC, MQ, index registers, IC, indicators (overflow,
//! divide check, the sense indicator register SI), sense switches and lights, keys, cycle and instruction counts, channel A (state, the record in
//! hand, the cards left in the hopper, the lines printed) as a small versioned text file.
//!
//! ```text
//! firstmoves-ibm7090-snapshot 1
//! ac 0 / mq 0 / xr 0 0 0 / ic 100         (octal)
//! overflow 0 / divide-check 0 / floating-trap 1 / mq-overflow 0 / switches 0 / lights 0 / keys 0
//! indicators 0 / trap-mode 0 / halt-trap none   (or the octal location of an HTR halted in trap
//! mode)
//! cycles 0 / instructions 0 / trace 0     (decimal)
//! mem 100 0500000000200 ...               (octal address, then up to 8 octal words; non-zero runs)
//! channel selected read 3 1               (state, direction, position in the record, cards read)
//! record 0 ...                            (the record in hand, octal, 8 a line)
//! card |HELLO WORLD                       (hopper, first card first; text after the bar verbatim)
//! printed |HELLO WORLD
//! end 0123456789abcdef                    (FNV-1a 64 of every byte before this line)
//! ```
//! (`/` above separates lines.) The decoded-instruction cache is rebuilt from the store; the
//! pending trace text is output and not saved.

use super::channel::{Direction, State};
use super::cpu::{Machine, STORE_WORDS};
use crate::snapshot::{self as shared, Format, Line};
use std::fmt::Write;
use std::path::Path;

pub use crate::snapshot::SnapshotError;

pub const MAGIC: &str = "firstmoves-ibm7090-snapshot";
pub const VERSION: u32 = 1;
const FORMAT: Format = Format {
    machine: "7090",
    magic: MAGIC,
    version: VERSION,
};
const PER_LINE: usize = 8;
const WORD: u64 = (1 << 36) - 1;

/// The snapshot text of `m`.
pub fn to_text(m: &Machine) -> String {
    let mut s = shared::begin(&FORMAT);
    let _ = writeln!(s, "ac {:o}", m.ac);
    let _ = writeln!(s, "mq {:o}", m.mq);
    let _ = writeln!(s, "xr {:o} {:o} {:o}", m.xr[0], m.xr[1], m.xr[2]);
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
    let _ = writeln!(s, "cycles {}", m.cycles);
    let _ = writeln!(s, "instructions {}", m.instructions);
    let _ = writeln!(s, "trace {}", m.trace_on as u8);
    shared::push_runs(
        &mut s,
        "mem",
        &m.mem[..STORE_WORDS],
        PER_LINE,
        |o, a| {
            let _ = write!(o, "{a:o}");
        },
        |o, w| {
            let _ = write!(o, "{w:o}");
        },
    );
    let c = &m.channel;
    let state = match c.state {
        State::Idle => "idle",
        State::Selected => "selected",
        State::WaitingLch => "waiting",
    };
    let dir = match c.direction {
        Direction::Read => "read",
        Direction::Write => "write",
    };
    let _ = writeln!(s, "channel {state} {dir} {} {}", c.pos, c.cards_read);
    shared::push_lines(&mut s, "record", &c.record, PER_LINE, |o, w| {
        let _ = write!(o, "{w:o}");
    });
    for card in &c.hopper {
        let _ = writeln!(s, "card |{card}");
    }
    for line in &c.printed {
        let _ = writeln!(s, "printed |{line}");
    }
    shared::finish(&mut s);
    s
}

/// Write through a temporary file and a rename: never half a snapshot under the name.
pub fn save(m: &Machine, path: &Path) -> Result<(), SnapshotError> {
    shared::save_text(&to_text(m), path)
}

pub fn load(path: &Path) -> Result<Machine, SnapshotError> {
    let (contents, name) = shared::read_text(path)?;
    from_text(&contents, &name)
}

/// Parse snapshot text (`file` names it in errors) into a new machine.
pub fn from_text(text: &str, file: &str) -> Result<Machine, SnapshotError> {
    let bad = |line: usize, message: String| shared::malformed(file, line, message);
    let mut m = Machine::new();
    shared::parse_lines(text, file, &FORMAT, |n, line| {
        // Cards and printed lines keep their text verbatim after the bar.
        if let Some(card) = line.strip_prefix("card |") {
            m.channel.hopper.push_back(card.to_string());
            return Ok(Line::Field);
        }
        if let Some(p) = line.strip_prefix("printed |") {
            m.channel.printed.push(p.to_string());
            return Ok(Line::Field);
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let (key, rest) = (fields[0], &fields[1..]);
        let oct = |t: &str, max: u64| -> Result<u64, SnapshotError> {
            u64::from_str_radix(t, 8)
                .ok()
                .filter(|&v| v <= max)
                .ok_or_else(|| bad(n, format!("`{t}` is not an octal number up to {max:o}")))
        };
        let dec = |t: &str| -> Result<u64, SnapshotError> {
            t.parse::<u64>()
                .map_err(|_| bad(n, format!("`{t}` is not a decimal number")))
        };
        let one = || -> Result<&str, SnapshotError> {
            match rest {
                [v] => Ok(v),
                _ => Err(bad(n, format!("`{key}` takes one value"))),
            }
        };
        let flag = |t: &str| -> Result<bool, SnapshotError> {
            match t {
                "0" => Ok(false),
                "1" => Ok(true),
                _ => Err(bad(n, format!("`{t}` is not 0 or 1"))),
            }
        };
        match key {
            // AC keeps Q and P beside the sign and 35 bits: 38 bits.
            "ac" => m.ac = oct(one()?, (1 << 38) - 1)?,
            "mq" => m.mq = oct(one()?, WORD)?,
            "xr" => {
                let [a, b, c] = rest else {
                    return Err(bad(n, "`xr` takes three octal values".into()));
                };
                m.xr = [
                    oct(a, 0o77777)? as u32,
                    oct(b, 0o77777)? as u32,
                    oct(c, 0o77777)? as u32,
                ];
            }
            "ic" => m.ic = oct(one()?, 0o77777)? as u32,
            "overflow" => m.overflow = flag(one()?)?,
            "divide-check" => m.divide_check = flag(one()?)?,
            "floating-trap" => m.floating_trap = flag(one()?)?,
            "mq-overflow" => m.mq_overflow = flag(one()?)?,
            "switches" => m.sense_switches = dec(one()?)?.min(255) as u8,
            "lights" => m.sense_lights = dec(one()?)?.min(255) as u8,
            "keys" => m.keys = oct(one()?, WORD)?,
            "indicators" => m.sense_indicators = oct(one()?, WORD)?,
            "trap-mode" => m.trap_mode = flag(one()?)?,
            "halt-trap" => {
                m.halt_trap = match one()? {
                    "none" => None,
                    t => Some(oct(t, 0o77777)? as u16),
                }
            }
            "cycles" => m.cycles = dec(one()?)?,
            "instructions" => m.instructions = dec(one()?)?,
            "trace" => m.trace_on = flag(one()?)?,
            "mem" => {
                let Some((start, ws)) = rest.split_first() else {
                    return Err(bad(n, "`mem` takes an address and words".into()));
                };
                let start = oct(start, 0o77777)? as usize;
                if ws.is_empty() || start + ws.len() > STORE_WORDS {
                    return Err(bad(n, "words outside the 32,768-word store".into()));
                }
                for (k, w) in ws.iter().enumerate() {
                    m.mem[start + k] = oct(w, WORD)?;
                }
            }
            "channel" => {
                let [state, dir, pos, cards] = rest else {
                    return Err(bad(
                        n,
                        "`channel` takes state, direction, position, cards read".into(),
                    ));
                };
                m.channel.state = match *state {
                    "idle" => State::Idle,
                    "selected" => State::Selected,
                    "waiting" => State::WaitingLch,
                    t => return Err(bad(n, format!("channel state `{t}`"))),
                };
                m.channel.direction = match *dir {
                    "read" => Direction::Read,
                    "write" => Direction::Write,
                    t => return Err(bad(n, format!("channel direction `{t}`"))),
                };
                m.channel.pos = dec(pos)? as usize;
                m.channel.cards_read = dec(cards)?;
            }
            "record" => {
                for w in rest {
                    m.channel.record.push(oct(w, WORD)?);
                }
            }
            "end" => return Ok(Line::End(one()?)),
            _ => return Err(bad(n, format!("unknown field `{key}`"))),
        }
        Ok(Line::Field)
    })?;
    if m.channel.pos > m.channel.record.len() {
        return Err(bad(
            text.lines().count(),
            "channel position beyond its record".into(),
        ));
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ibm7090::bench::bench_machine;
    use crate::ibm7090::isa::by_mnemonic;
    use crate::ibm7090::{Limits, Stop};

    fn ins(m: &str, addr: u32, tag: u8, dec: u32) -> u64 {
        by_mnemonic(m).unwrap().encode(addr, tag, dec, false)
    }

    /// Read each card and print its first two words, three times round a TIX loop.
    fn cards_machine() -> Machine {
        let iort = |count: u64, addr: u64| 3u64 << 33 | count << 18 | addr;
        let iocd = |count: u64, addr: u64| count << 18 | addr;
        let mut m = Machine::new();
        m.channel
            .load_cards("HELLO WORLD\nSECOND CARD\n  THIRD  \n");
        m.load(
            0o100,
            &[
                ins("AXT", 3, 1, 0),
                ins("RDS", 0o1321, 0, 0),
                ins("RCHA", 0o200, 0, 0),
                ins("WRS", 0o1361, 0, 0),
                ins("RCHA", 0o201, 0, 0),
                ins("TIX", 0o101, 1, 1),
                ins("HPR", 0, 0, 0),
            ],
        );
        m.load(0o200, &[iort(14, 0o300), iocd(2, 0o300)]);
        m.ic = 0o100;
        m.set_trace(true);
        m
    }

    #[test]
    fn restored_machine_continues_exactly() {
        for at in 1..=12 {
            let mut whole = cards_machine();
            let end = whole.run(Limits::none());
            assert!(matches!(end, Stop::HaltProceed { .. }), "{end}");
            let whole_trace = whole.take_trace();

            let mut first = cards_machine();
            first.run(Limits::instructions(at));
            let mut trace = first.take_trace();
            let text = to_text(&first);
            let mut r = from_text(&text, "mid").unwrap();
            assert_eq!(to_text(&r), text);
            assert_eq!(r.run(Limits::none()), end, "snapshot after {at}");
            trace.push_str(&r.take_trace());
            assert_eq!(trace, whole_trace, "snapshot after {at}");
            assert_eq!(to_text(&r), to_text(&whole), "snapshot after {at}");
        }
        // A loop with arithmetic and index registers: 20,000 instructions, snapshot midway.
        let mut whole = bench_machine();
        whole.run(Limits::instructions(20_000));
        let mut half = bench_machine();
        half.run(Limits::instructions(10_000));
        let mut r = from_text(&to_text(&half), "bench").unwrap();
        r.run(Limits::instructions(10_000));
        assert_eq!(to_text(&r), to_text(&whole));
        assert_eq!(r.cycles(), whole.cycles());
    }

    #[test]
    fn foreign_and_corrupt_files_are_refused() {
        let mut m = cards_machine();
        m.run(Limits::instructions(3));
        let good = to_text(&m);
        let err = |t: &str| match from_text(t, "x.snap") {
            Ok(_) => panic!("accepted: {t}"),
            Err(e) => e.to_string(),
        };
        assert!(err("firstmoves-silliac-snapshot 1\n").contains("not a 7090 snapshot"));
        assert!(err(&good.replacen("snapshot 1", "snapshot 2", 1)).contains("version 2"));
        assert!(err(&good.replacen("cycles ", "cycles 9", 1)).contains("checksum"));
        assert!(err(&good[..good.len() / 2]).starts_with("x.snap:"));
        let e = err(&good.replacen("ic 1", "ic 9", 1));
        assert!(e.starts_with("x.snap:5: `9"), "{e}");
        let dir = std::env::temp_dir().join(format!("fm-7090-snap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        save(&m, &dir.join("m.snap")).unwrap();
        assert_eq!(to_text(&load(&dir.join("m.snap")).unwrap()), good);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
