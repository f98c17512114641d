//! Machine snapshots: the whole state of a SILLIAC (store, A, Q, control counter, pending
//! console orders, emulated clock, order counts, the reader's tape and position, the punch's
//! output) as a small versioned text file, so that a long run can stop and continue exactly.
//!
//! ```text
//! firstmoves-silliac-snapshot 1
//! a 0000000000                        (hexadecimal, 40 bits)
//! q 0000000000
//! control 0 L                         (word address, half)
//! console 0                           (console orders still to obey: 0, 1 or 2)
//! clock 0                             (emulated ns)
//! orders 0
//! trace 0                             (trace switched on: 0 or 1)
//! chars 0 0 0                         (characters read by 80/81, punched by 82/83, put out by 92)
//! count 26 5                          (function code in hex, orders obeyed; non-zero only)
//! store 0 0000000000 0000000000 ...   (first address, then up to 8 words; non-zero runs only)
//! reader 12 3                         (frames on the tape, position)
//! frames 0123456789abcdefghijklmnopqrstuv   (one base-32 digit per frame, 64 a line)
//! read-times 5000000 10000000 ...     (ns at the end of each consumed frame, 16 a line)
//! punch 2
//! frames 5a
//! punch-times 100000000 200000000
//! end 0123456789abcdef                (FNV-1a 64 of every byte before this line)
//! ```
//! The pending trace text is output, not state, and is not saved. The checksum catches a file
//! damaged in a way that still parses.

use super::arith::WORD_MASK;
use super::control::Machine;
use super::store::WORDS;
use crate::snapshot::{self as shared, Format, Line};
use std::fmt::Write;
use std::path::Path;

pub use crate::snapshot::SnapshotError;

/// The first line of every snapshot and the format version this code writes and reads.
pub const FORMAT: Format = Format {
    machine: "SILLIAC",
    magic: "firstmoves-silliac-snapshot",
    version: 1,
    oldest: 1,
};

const FRAME_DIGITS: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
const FRAMES_PER_LINE: usize = 64;
const TIMES_PER_LINE: usize = 16;
const WORDS_PER_LINE: usize = 8;

fn push_frames(out: &mut String, frames: &[u8]) {
    for chunk in frames.chunks(FRAMES_PER_LINE) {
        out.push_str("frames ");
        out.extend(
            chunk
                .iter()
                .map(|&f| FRAME_DIGITS[(f & 31) as usize] as char),
        );
        out.push('\n');
    }
}

fn push_times(out: &mut String, key: &str, times: &[u64]) {
    shared::push_lines(out, key, times, TIMES_PER_LINE, |o, t| {
        let _ = write!(o, "{t}");
    });
}

/// The snapshot text of `m`.
pub fn to_text(m: &Machine) -> String {
    let mut s = shared::begin(&FORMAT);
    let _ = writeln!(s, "a {:010x}", m.cpu.a);
    let _ = writeln!(s, "q {:010x}", m.cpu.q);
    let (addr, half) = m.control();
    let _ = writeln!(s, "control {addr} {}", half.letter());
    let _ = writeln!(s, "console {}", m.console_pending);
    let _ = writeln!(s, "clock {}", m.cpu.clock);
    let _ = writeln!(s, "orders {}", m.cpu.orders);
    let _ = writeln!(s, "trace {}", m.trace_on as u8);
    let io = &m.io;
    let _ = writeln!(
        s,
        "chars {} {} {}",
        io.read_chars, io.punched_chars, io.printed_chars
    );
    for (code, &n) in m.counts.iter().enumerate() {
        if n != 0 {
            let _ = writeln!(s, "count {code:02x} {n}");
        }
    }
    shared::push_runs(
        &mut s,
        "store",
        m.store.words(),
        WORDS_PER_LINE,
        |o, a| {
            let _ = write!(o, "{a}");
        },
        |o, w| {
            let _ = write!(o, "{w:010x}");
        },
    );
    let r = &m.io.reader;
    let _ = writeln!(s, "reader {} {}", r.frames.len(), r.position);
    push_frames(&mut s, &r.frames);
    push_times(&mut s, "read-times", &r.read_times_ns);
    let p = &m.io.punch;
    let _ = writeln!(s, "punch {}", p.frames.len());
    push_frames(&mut s, &p.frames);
    push_times(&mut s, "punch-times", &p.times_ns);
    shared::finish(&mut s);
    s
}

/// Write the snapshot of `m` to `path` (through a temporary file and a rename, so that an
/// interrupted save never leaves half a snapshot under the name).
pub fn save(m: &Machine, path: &Path) -> Result<(), SnapshotError> {
    shared::save_text(&to_text(m), path)
}

/// Read a snapshot file into a new machine.
pub fn load(path: &Path) -> Result<Machine, SnapshotError> {
    let (contents, name) = shared::read_text(path)?;
    from_text(&contents, &name)
}

/// Parse snapshot text (`file` names it in errors) into a new machine.
pub fn from_text(text: &str, file: &str) -> Result<Machine, SnapshotError> {
    let mut m = Machine::new();
    let mut tapes = Tapes::default();
    shared::parse_lines(text, file, &FORMAT, |n, line| {
        let mut fields = line.split(' ');
        let key = fields.next().unwrap_or("");
        let rest: Vec<&str> = fields.collect();
        let f = Fields {
            file,
            n,
            key,
            rest: &rest,
        };
        match key {
            "end" => return Ok(Line::End(f.one("checksum")?)),
            "" if rest.is_empty() => return Err(f.bad("empty line".into())),
            _ => {}
        }
        if !(machine_field(&mut m, &f)? || tapes.field(&mut m, &f)?) {
            return Err(f.bad(format!("unknown field `{key}`")));
        }
        Ok(Line::Field)
    })?;
    tapes
        .apply(&mut m)
        .map_err(|message| shared::malformed(file, text.lines().count(), message.into()))?;
    Ok(m)
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

    fn one(&self, what: &str) -> Result<&'t str, SnapshotError> {
        match self.rest {
            [v] => Ok(v),
            _ => Err(self.bad(format!("`{}` takes one {what}", self.key))),
        }
    }

    fn dec(&self, s: &str, what: &str) -> Result<u64, SnapshotError> {
        s.parse::<u64>()
            .map_err(|_| self.bad(format!("{what}: `{s}` is not a decimal number")))
    }

    fn word(&self, s: &str) -> Result<u64, SnapshotError> {
        match u64::from_str_radix(s, 16) {
            Ok(w) if s.len() == 10 && w <= WORD_MASK => Ok(w),
            _ => Err(self.bad(format!(
                "`{s}` is not a 40-bit word (10 hexadecimal digits)"
            ))),
        }
    }
}

/// The registers, control, clock, counts and store. Whether the key was one of them.
fn machine_field(m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
    let rest = f.rest;
    match f.key {
        "a" => m.cpu.a = f.word(f.one("word")?)?,
        "q" => m.cpu.q = f.word(f.one("word")?)?,
        "control" => {
            let [addr, half] = rest else {
                return Err(f.bad("`control` takes an address and L or R".into()));
            };
            let addr = f.dec(addr, "control address")?;
            if addr >= WORDS as u64 {
                return Err(f.bad(format!("control address {addr} is outside the store")));
            }
            let half = match *half {
                "L" => super::Half::Left,
                "R" => super::Half::Right,
                h => return Err(f.bad(format!("half `{h}` is not L or R"))),
            };
            m.set_control(addr as u16, half);
        }
        "console" => {
            let c = f.dec(f.one("count")?, "console")?;
            if c > 2 {
                return Err(f.bad(format!("console orders pending {c} (at most 2)")));
            }
            m.console_pending = c as u8;
        }
        "clock" => m.cpu.clock = f.dec(f.one("number")?, "clock")?,
        "orders" => m.cpu.orders = f.dec(f.one("number")?, "orders")?,
        "trace" => {
            m.trace_on = match f.one("flag")? {
                "0" => false,
                "1" => true,
                t => return Err(f.bad(format!("trace `{t}` is not 0 or 1"))),
            }
        }
        // Optional: without it the characters count from the load on (and `Machine::work`
        // takes the earlier ones for shifts).
        "chars" => {
            let [read, punched, printed] = rest else {
                return Err(f.bad("`chars` takes three numbers".into()));
            };
            m.io.read_chars = f.dec(read, "characters read")?;
            m.io.punched_chars = f.dec(punched, "characters punched")?;
            m.io.printed_chars = f.dec(printed, "characters put out")?;
        }
        "count" => {
            let [code, count] = rest else {
                return Err(f.bad("`count` takes a function code and a number".into()));
            };
            let code = u8::from_str_radix(code, 16)
                .ok()
                .filter(|_| code.len() == 2)
                .ok_or_else(|| f.bad(format!("`{code}` is not a function code")))?;
            m.counts[code as usize] = f.dec(count, "count")?;
        }
        "store" => {
            let Some((start, ws)) = rest.split_first() else {
                return Err(f.bad("`store` takes an address and words".into()));
            };
            let start = f.dec(start, "store address")? as usize;
            if ws.is_empty() || start + ws.len() > WORDS {
                return Err(f.bad("store words outside the 1,024-word store".into()));
            }
            for (k, w) in ws.iter().enumerate() {
                m.store.write((start + k) as u16, f.word(w)?);
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Which section the frames/times lines belong to.
#[derive(Clone, Copy, PartialEq, Default)]
enum Section {
    #[default]
    Head,
    Reader,
    Punch,
}

/// The reader's and the punch's tapes as their lines give them: the section the `frames`
/// lines go to, and the lengths and position to check once all are read.
#[derive(Default)]
struct Tapes {
    section: Section,
    reader_len: usize,
    reader_pos: usize,
    punch_len: usize,
}

impl Tapes {
    /// A line of the reader's or the punch's tape. Whether the key was one of them.
    fn field(&mut self, m: &mut Machine, f: &Fields) -> Result<bool, SnapshotError> {
        let rest = f.rest;
        match f.key {
            "reader" => {
                let [len, pos] = rest else {
                    return Err(f.bad("`reader` takes a length and a position".into()));
                };
                self.reader_len = f.dec(len, "reader length")? as usize;
                self.reader_pos = f.dec(pos, "reader position")? as usize;
                if self.reader_pos > self.reader_len {
                    return Err(f.bad("reader position beyond the end of its tape".into()));
                }
                self.section = Section::Reader;
            }
            "punch" => {
                self.punch_len = f.dec(f.one("length")?, "punch length")? as usize;
                self.section = Section::Punch;
            }
            "frames" => {
                let frames = f.one("run of frames")?;
                let target = match self.section {
                    Section::Reader => &mut m.io.reader.frames,
                    Section::Punch => &mut m.io.punch.frames,
                    Section::Head => return Err(f.bad("`frames` before `reader`".into())),
                };
                for (col, c) in frames.bytes().enumerate() {
                    let Some(d) = FRAME_DIGITS.iter().position(|&d| d == c) else {
                        return Err(f.bad(format!(
                            "column {}: `{}` is not a frame digit",
                            col + 8,
                            c as char
                        )));
                    };
                    target.push(d as u8);
                }
            }
            "read-times" | "punch-times" => {
                let target = if f.key == "read-times" {
                    &mut m.io.reader.read_times_ns
                } else {
                    &mut m.io.punch.times_ns
                };
                for t in rest {
                    target.push(f.dec(t, f.key)?);
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Check the tapes against the lengths and position their lines gave, and set the
    /// reader's position.
    fn apply(&self, m: &mut Machine) -> Result<(), &'static str> {
        let r = &mut m.io.reader;
        if r.frames.len() != self.reader_len
            || r.read_times_ns.len() != self.reader_pos
            || m.io.punch.frames.len() != self.punch_len
            || m.io.punch.times_ns.len() != self.punch_len
        {
            return Err("tape lengths, positions and times disagree");
        }
        r.position = self.reader_pos;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::silliac::orders::{pair, parse_function, Order};
    use crate::silliac::{Half, Limits, Stop};

    fn o(name: &str, n: u16) -> Order {
        Order::new(parse_function(name).unwrap(), n)
    }

    /// A loop that reads a character, stores A, adds, punches, and goes round until the tape
    /// runs out: every part of the state changes.
    fn machine() -> Machine {
        let mut m = Machine::new();
        m.set_word(10, pair(o("80", 4), o("40", 20)));
        m.set_word(11, pair(o("L4", 21), o("82", 4)));
        m.set_word(12, pair(o("26", 10), o("00", 0)));
        m.set_word(21, 0x0123456789);
        m.set_control(10, Half::Left);
        m.reader_mut().push(
            &(0u32..40)
                .map(|i| ((i * 7) % 32) as u8)
                .collect::<Vec<u8>>(),
        );
        m.set_trace(true);
        m
    }

    #[test]
    fn restored_machine_continues_exactly() {
        let mut whole = machine();
        let end = whole.run(Limits::none());
        assert!(matches!(end, Stop::WaitingForTape { .. }));
        let whole_trace = whole.take_trace();

        let mut first = machine();
        assert_eq!(first.run(Limits::orders(57)), Stop::OrderBudget);
        let mut trace = first.take_trace();
        let text = to_text(&first);
        let mut restored = from_text(&text, "mid.snap").unwrap();
        assert_eq!(to_text(&restored), text);
        assert_eq!(restored.run(Limits::none()), end);
        trace.push_str(&restored.take_trace());
        assert_eq!(trace, whole_trace);
        assert_eq!(to_text(&restored), to_text(&whole));
        assert_eq!(restored.punch().frames(), whole.punch().frames());
        assert_eq!(restored.counts(), whole.counts());
    }

    #[test]
    fn pending_console_orders_survive() {
        let mut m = Machine::new();
        m.console_start();
        let mut r = from_text(&to_text(&m), "c").unwrap();
        r.reader_mut().push(&[2, 4, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(r.run(Limits::none()), Stop::StopOrder { .. }));
        assert_eq!(r.orders(), 3);
    }

    #[test]
    fn file_round_trip() {
        let dir = std::env::temp_dir().join(format!("fm-snap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.snap");
        let mut m = machine();
        m.run(Limits::orders(30));
        save(&m, &path).unwrap();
        assert_eq!(to_text(&load(&path).unwrap()), to_text(&m));
        let err = load(&dir.join("missing.snap")).unwrap_err().to_string();
        assert!(err.contains("missing.snap"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn foreign_and_corrupt_files_are_refused() {
        let mut m = machine();
        m.run(Limits::orders(30));
        let good = to_text(&m);
        let err = |t: &str| from_text(t, "x.snap").unwrap_err().to_string();
        assert!(err("").contains("not a SILLIAC snapshot"));
        assert!(err("P12 tape\n").contains("x.snap:1:1: not a SILLIAC snapshot"));
        assert!(err(&good.replacen("snapshot 1", "snapshot 9", 1)).contains("version 9"));
        // A digit changed that still parses: the checksum.
        let damaged = good.replacen("clock ", "clock 1", 1);
        assert!(err(&damaged).contains("checksum"), "{}", err(&damaged));
        // Truncated.
        let cut = &good[..good.len() / 2];
        let e = err(cut);
        assert!(e.starts_with("x.snap:"), "{e}");
        // A bad value names the line.
        let with = |key: &str, line: &str| -> String {
            good.lines()
                .map(|l| {
                    if l.split(' ').next() == Some(key) {
                        line
                    } else {
                        l
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let e = err(&with("control", "control 9999 L"));
        assert!(e.starts_with("x.snap:4: control address 9999"), "{e}");
        let e = err(&with("a", "a zz"));
        assert!(e.starts_with("x.snap:2:"), "{e}");
    }
}
