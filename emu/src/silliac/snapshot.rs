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

use super::control::Machine;
use super::orders::WORD_MASK;
use super::store::WORDS;
use std::fmt::{self, Write};
use std::path::Path;

/// The first line of every snapshot.
pub const MAGIC: &str = "firstmoves-silliac-snapshot";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;

const FRAME_DIGITS: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
const FRAMES_PER_LINE: usize = 64;
const TIMES_PER_LINE: usize = 16;
const WORDS_PER_LINE: usize = 8;

/// Why a snapshot could not be read or written.
#[derive(Debug)]
pub enum SnapshotError {
    Io {
        path: String,
        error: std::io::Error,
    },
    /// The first line is not `firstmoves-silliac-snapshot <version>`.
    NotASnapshot {
        file: String,
        first_line: String,
    },
    /// A snapshot of a version this code does not read.
    Version {
        file: String,
        version: String,
    },
    /// A line that does not parse, or a value out of range.
    Malformed {
        file: String,
        line: usize,
        message: String,
    },
    /// The contents parse but do not match the checksum on the `end` line.
    Checksum {
        file: String,
        expected: u64,
        actual: u64,
    },
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Io { path, error } => write!(f, "{path}: {error}"),
            SnapshotError::NotASnapshot { file, first_line } => {
                let shown: String = first_line.chars().take(60).collect();
                write!(
                    f,
                    "{file}:1:1: not a SILLIAC snapshot (expected `{MAGIC} {VERSION}`, found `{shown}`)"
                )
            }
            SnapshotError::Version { file, version } => write!(
                f,
                "{file}:1: snapshot version {version} is not supported (this build reads version {VERSION})"
            ),
            SnapshotError::Malformed {
                file,
                line,
                message,
            } => write!(f, "{file}:{line}: {message}"),
            SnapshotError::Checksum {
                file,
                expected,
                actual,
            } => write!(
                f,
                "{file}: snapshot damaged: checksum {actual:016x} does not match the recorded {expected:016x}"
            ),
        }
    }
}

impl std::error::Error for SnapshotError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SnapshotError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

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
    for chunk in times.chunks(TIMES_PER_LINE) {
        out.push_str(key);
        for t in chunk {
            let _ = write!(out, " {t}");
        }
        out.push('\n');
    }
}

/// The snapshot text of `m`.
pub fn to_text(m: &Machine) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{MAGIC} {VERSION}");
    let _ = writeln!(s, "a {:010x}", m.cpu.a);
    let _ = writeln!(s, "q {:010x}", m.cpu.q);
    let (addr, half) = m.control();
    let _ = writeln!(s, "control {addr} {}", half.letter());
    let _ = writeln!(s, "console {}", m.console_pending);
    let _ = writeln!(s, "clock {}", m.cpu.clock);
    let _ = writeln!(s, "orders {}", m.cpu.orders);
    let _ = writeln!(s, "trace {}", m.trace_on as u8);
    for (code, &n) in m.counts.iter().enumerate() {
        if n != 0 {
            let _ = writeln!(s, "count {code:02x} {n}");
        }
    }
    // Runs of non-zero words, up to 8 a line: a mostly empty store stays small.
    let words = m.store.words();
    let mut i = 0;
    while i < WORDS {
        if words[i] == 0 {
            i += 1;
            continue;
        }
        let start = i;
        let _ = write!(s, "store {start}");
        while i < WORDS && i - start < WORDS_PER_LINE && words[i] != 0 {
            let _ = write!(s, " {:010x}", words[i]);
            i += 1;
        }
        s.push('\n');
    }
    let r = &m.io.reader;
    let _ = writeln!(s, "reader {} {}", r.frames.len(), r.position);
    push_frames(&mut s, &r.frames);
    push_times(&mut s, "read-times", &r.read_times_ns);
    let p = &m.io.punch;
    let _ = writeln!(s, "punch {}", p.frames.len());
    push_frames(&mut s, &p.frames);
    push_times(&mut s, "punch-times", &p.times_ns);
    let sum = fnv1a(s.as_bytes());
    let _ = writeln!(s, "end {sum:016x}");
    s
}

/// Write the snapshot of `m` to `path` (through a temporary file and a rename, so that an
/// interrupted save never leaves half a snapshot under the name).
pub fn save(m: &Machine, path: &Path) -> Result<(), SnapshotError> {
    let io = |error| SnapshotError::Io {
        path: path.display().to_string(),
        error,
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, to_text(m)).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Read a snapshot file into a new machine.
pub fn load(path: &Path) -> Result<Machine, SnapshotError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|error| SnapshotError::Io {
        path: name.clone(),
        error,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    from_text(&text, &name)
}

/// Which section the frames/times lines belong to.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    Head,
    Reader,
    Punch,
}

/// Parse snapshot text (`file` names it in errors) into a new machine.
pub fn from_text(text: &str, file: &str) -> Result<Machine, SnapshotError> {
    let bad = |line: usize, message: String| SnapshotError::Malformed {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = text.split_inclusive('\n').enumerate();
    let first = lines.next().map(|(_, l)| l.trim_end()).unwrap_or("");
    let mut head = first.split(' ');
    if head.next() != Some(MAGIC) {
        return Err(SnapshotError::NotASnapshot {
            file: file.to_string(),
            first_line: first.to_string(),
        });
    }
    let version = head.next().unwrap_or("");
    if version != VERSION.to_string() || head.next().is_some() {
        return Err(SnapshotError::Version {
            file: file.to_string(),
            version: version.to_string(),
        });
    }

    let mut m = Machine::new();
    let mut section = Section::Head;
    let mut reader_len = 0usize;
    let mut reader_pos = 0usize;
    let mut punch_len = 0usize;
    let mut offset = first.len() + 1;
    let mut ended = false;
    for (i, raw) in lines {
        let n = i + 1;
        let line = raw.trim_end_matches('\n');
        if ended {
            if line.trim().is_empty() {
                continue;
            }
            return Err(bad(n, "text after the `end` line".into()));
        }
        let mut fields = line.split(' ');
        let key = fields.next().unwrap_or("");
        let rest: Vec<&str> = fields.collect();
        let one = |what: &str| -> Result<&str, SnapshotError> {
            match rest.as_slice() {
                [v] => Ok(v),
                _ => Err(bad(n, format!("`{key}` takes one {what}"))),
            }
        };
        let dec = |s: &str, what: &str| -> Result<u64, SnapshotError> {
            s.parse::<u64>()
                .map_err(|_| bad(n, format!("{what}: `{s}` is not a decimal number")))
        };
        let word = |s: &str| -> Result<u64, SnapshotError> {
            match u64::from_str_radix(s, 16) {
                Ok(w) if s.len() == 10 && w <= WORD_MASK => Ok(w),
                _ => Err(bad(
                    n,
                    format!("`{s}` is not a 40-bit word (10 hexadecimal digits)"),
                )),
            }
        };
        match key {
            "a" => m.cpu.a = word(one("word")?)?,
            "q" => m.cpu.q = word(one("word")?)?,
            "control" => {
                let [addr, half] = rest.as_slice() else {
                    return Err(bad(n, "`control` takes an address and L or R".into()));
                };
                let addr = dec(addr, "control address")?;
                if addr >= WORDS as u64 {
                    return Err(bad(
                        n,
                        format!("control address {addr} is outside the store"),
                    ));
                }
                let half = match *half {
                    "L" => super::Half::Left,
                    "R" => super::Half::Right,
                    h => return Err(bad(n, format!("half `{h}` is not L or R"))),
                };
                m.set_control(addr as u16, half);
            }
            "console" => {
                let c = dec(one("count")?, "console")?;
                if c > 2 {
                    return Err(bad(n, format!("console orders pending {c} (at most 2)")));
                }
                m.console_pending = c as u8;
            }
            "clock" => m.cpu.clock = dec(one("number")?, "clock")?,
            "orders" => m.cpu.orders = dec(one("number")?, "orders")?,
            "trace" => {
                m.trace_on = match one("flag")? {
                    "0" => false,
                    "1" => true,
                    t => return Err(bad(n, format!("trace `{t}` is not 0 or 1"))),
                }
            }
            "count" => {
                let [code, count] = rest.as_slice() else {
                    return Err(bad(n, "`count` takes a function code and a number".into()));
                };
                let code = u8::from_str_radix(code, 16)
                    .ok()
                    .filter(|_| code.len() == 2)
                    .ok_or_else(|| bad(n, format!("`{code}` is not a function code")))?;
                m.counts[code as usize] = dec(count, "count")?;
            }
            "store" => {
                let Some((start, ws)) = rest.split_first() else {
                    return Err(bad(n, "`store` takes an address and words".into()));
                };
                let start = dec(start, "store address")? as usize;
                if ws.is_empty() || start + ws.len() > WORDS {
                    return Err(bad(n, "store words outside the 1,024-word store".into()));
                }
                for (k, w) in ws.iter().enumerate() {
                    m.store.write((start + k) as u16, word(w)?);
                }
            }
            "reader" => {
                let [len, pos] = rest.as_slice() else {
                    return Err(bad(n, "`reader` takes a length and a position".into()));
                };
                reader_len = dec(len, "reader length")? as usize;
                reader_pos = dec(pos, "reader position")? as usize;
                if reader_pos > reader_len {
                    return Err(bad(n, "reader position beyond the end of its tape".into()));
                }
                section = Section::Reader;
            }
            "punch" => {
                punch_len = dec(one("length")?, "punch length")? as usize;
                section = Section::Punch;
            }
            "frames" => {
                let frames = one("run of frames")?;
                let target = match section {
                    Section::Reader => &mut m.io.reader.frames,
                    Section::Punch => &mut m.io.punch.frames,
                    Section::Head => return Err(bad(n, "`frames` before `reader`".into())),
                };
                for (col, c) in frames.bytes().enumerate() {
                    let Some(f) = FRAME_DIGITS.iter().position(|&d| d == c) else {
                        return Err(bad(
                            n,
                            format!("column {}: `{}` is not a frame digit", col + 8, c as char),
                        ));
                    };
                    target.push(f as u8);
                }
            }
            "read-times" | "punch-times" => {
                let target = if key == "read-times" {
                    &mut m.io.reader.read_times_ns
                } else {
                    &mut m.io.punch.times_ns
                };
                for t in &rest {
                    target.push(dec(t, key)?);
                }
            }
            "end" => {
                let expected = u64::from_str_radix(one("checksum")?, 16)
                    .map_err(|_| bad(n, "`end` takes a hexadecimal checksum".into()))?;
                let actual = fnv1a(&text.as_bytes()[..offset]);
                if expected != actual {
                    return Err(SnapshotError::Checksum {
                        file: file.to_string(),
                        expected,
                        actual,
                    });
                }
                ended = true;
            }
            "" if rest.is_empty() => return Err(bad(n, "empty line".into())),
            _ => return Err(bad(n, format!("unknown field `{key}`"))),
        }
        offset += raw.len();
    }
    if !ended {
        return Err(bad(
            text.lines().count(),
            "the snapshot ends without its `end` line (truncated?)".into(),
        ));
    }
    let r = &mut m.io.reader;
    if r.frames.len() != reader_len
        || r.read_times_ns.len() != reader_pos
        || m.io.punch.frames.len() != punch_len
        || m.io.punch.times_ns.len() != punch_len
    {
        return Err(bad(
            text.lines().count(),
            "tape lengths, positions and times disagree".into(),
        ));
    }
    r.position = reader_pos;
    Ok(m)
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
