//! The snapshot lines format version 4 added (a version 3 snapshot has none, and loads with
//! nothing in passing and the keys up):
//! - `arrival A 5120 200 605060606060`: a word channel A has read and not yet stored (cycle
//!   decimal, address and word octal), one a line in order of time;
//! - `reader-eof 1`: the card reader's END OF FILE key is down;
//! - `printer-echo 3 0 W0 .. W23 E0 .. E21`: the printer is under a read select, at word 3
//!   of its echo line, no line printed since the select (1 if one was), the line's 24 image
//!   words and 22 echo words (octal);
//! - `departure A 5120 300 1 tape 3 0 6 b`: a word channel A wrote, taken again at that cycle
//!   (address and word as taken, octal), gone to unit A3's block 0 from character 6 in binary
//!   (`open 6 b`: the record being written; `line printer 2 5`: word 5 of the printer's line
//!   2, or of the punch's card); `departure-image printer 2 W0 .. W23`: that line's image.

use super::super::channel::{Io, Target, CHANNELS};
use super::super::printer::EchoLine;
use std::fmt::Write;

/// The keys this part reads.
pub(super) const KEYS: [&str; 5] = [
    "arrival",
    "reader-eof",
    "printer-echo",
    "departure",
    "departure-image",
];

pub(super) fn write(s: &mut String, io: &Io) {
    if io.reader.end_of_file {
        s.push_str("reader-eof 1\n");
    }
    if let Some(e) = &io.printer.echo {
        let words: Vec<String> = e
            .image
            .iter()
            .chain(e.echoes.iter())
            .map(|w| format!("{w:o}"))
            .collect();
        let _ = writeln!(
            s,
            "printer-echo {} {} {}",
            e.next,
            e.printed as u8,
            words.join(" ")
        );
    }
    for ch in 0..CHANNELS {
        for d in io.departures.queue(ch) {
            let mode = |b: bool| if b { 'b' } else { 'd' };
            let target = match d.target {
                Target::Open { offset, binary } => format!("open {offset} {}", mode(binary)),
                Target::Tape {
                    drive,
                    block,
                    offset,
                    binary,
                } => format!("tape {drive} {block} {offset} {}", mode(binary)),
                Target::Line { punch, line, word } => {
                    format!("line {} {line} {word}", unit(punch))
                }
            };
            let _ = writeln!(
                s,
                "departure {} {} {:o} {:o} {target}",
                (b'A' + ch as u8) as char,
                d.at,
                d.address,
                d.taken
            );
        }
    }
    for (&(punch, line), image) in &io.departures.images {
        let words: Vec<String> = image.iter().map(|w| format!("{w:o}")).collect();
        let _ = writeln!(
            s,
            "departure-image {} {line} {}",
            unit(punch),
            words.join(" ")
        );
    }
    for ch in 0..CHANNELS {
        for a in io.arrivals.queue(ch) {
            let _ = writeln!(
                s,
                "arrival {} {} {:o} {:o}",
                (b'A' + ch as u8) as char,
                a.at,
                a.address,
                a.word
            );
        }
    }
}

/// One line of `KEYS` (its fields after the key).
pub(super) fn read(io: &mut Io, key: &str, rest: &[&str]) -> Result<(), String> {
    match (key, rest) {
        ("arrival", [ch, at, address, word]) => {
            let ch = channel(ch)?;
            let at = decimal(at)?;
            let address = octal(address, 0o77777)? as u16;
            let word = octal(word, WORD)?;
            io.arrivals.push(ch, at, address, word);
            Ok(())
        }
        ("departure", [ch, at, address, taken, target @ ..]) => {
            let ch = channel(ch)?;
            let at = decimal(at)?;
            let address = octal(address, 0o77777)? as u16;
            let taken = octal(taken, WORD)?;
            let mode = |m: &str| match m {
                "b" => Ok(true),
                "d" => Ok(false),
                t => Err(format!("`{t}` is not b or d")),
            };
            let target = match target {
                ["open", offset, m] => Target::Open {
                    offset: decimal(offset)? as usize,
                    binary: mode(m)?,
                },
                ["tape", drive, block, offset, m] => Target::Tape {
                    drive: decimal(drive)?.clamp(1, 10) as u8,
                    block: decimal(block)? as usize,
                    offset: decimal(offset)? as usize,
                    binary: mode(m)?,
                },
                ["line", u, line, word] => Target::Line {
                    punch: punch(u)?,
                    line: decimal(line)? as usize,
                    word: decimal(word)?.min(23) as u8,
                },
                _ => return Err("`departure` takes open, tape or line and their fields".into()),
            };
            io.departures.push(ch, at, address, taken, target);
            Ok(())
        }
        ("departure-image", [u, line, words @ ..]) => {
            let key = (punch(u)?, decimal(line)? as usize);
            let mut image = [0; crate::ibm7090::card::IMAGE_WORDS];
            if words.len() != image.len() {
                return Err(format!("`departure-image` takes {} words", image.len()));
            }
            for (slot, w) in image.iter_mut().zip(words) {
                *slot = octal(w, WORD)?;
            }
            io.departures.images.insert(key, image);
            Ok(())
        }
        ("arrival", _) => Err("`arrival` takes a channel, a cycle, an address and a word".into()),
        ("reader-eof", ["1"]) => {
            io.reader.end_of_file = true;
            Ok(())
        }
        ("printer-echo", [next, printed, words @ ..]) => {
            let mut e = EchoLine {
                next: next
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n < crate::ibm7090::printer::ECHO_LINE_WORDS)
                    .ok_or_else(|| format!("`{next}` is not a word of the echo line (0-45)"))?,
                printed: match *printed {
                    "0" => false,
                    "1" => true,
                    t => return Err(format!("`{t}` is not 0 or 1")),
                },
                ..EchoLine::default()
            };
            let n = e.image.len() + e.echoes.len();
            if words.len() != n {
                return Err(format!(
                    "`printer-echo` takes {n} words after its two fields"
                ));
            }
            for (slot, w) in e.image.iter_mut().chain(e.echoes.iter_mut()).zip(words) {
                *slot = octal(w, WORD)?;
            }
            io.printer.echo = Some(e);
            Ok(())
        }
        _ => Err(format!("`{key}` takes 1")),
    }
}

const WORD: u64 = (1 << 36) - 1;

fn unit(punch: bool) -> &'static str {
    if punch {
        "punch"
    } else {
        "printer"
    }
}

fn punch(t: &str) -> Result<bool, String> {
    match t {
        "punch" => Ok(true),
        "printer" => Ok(false),
        t => Err(format!("`{t}` is not printer or punch")),
    }
}

fn channel(t: &str) -> Result<usize, String> {
    match t {
        "A" => Ok(0),
        "B" => Ok(1),
        c => Err(format!("no channel `{c}`")),
    }
}

fn decimal(t: &str) -> Result<u64, String> {
    t.parse::<u64>()
        .map_err(|_| format!("`{t}` is not a decimal number"))
}

fn octal(t: &str, max: u64) -> Result<u64, String> {
    u64::from_str_radix(t, 8)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("`{t}` is not an octal number up to {max:o}"))
}

#[cfg(test)]
mod tests {
    use super::super::{from_text, to_text};
    use crate::ibm7090::card::IMAGE_WORDS;
    use crate::ibm7090::channel::Target;
    use crate::ibm7090::printer::EchoLine;
    use crate::ibm7090::Machine;

    #[test]
    fn words_in_passing_the_reader_key_and_the_echo_line_survive() {
        let mut m = Machine::new();
        m.io.reader.end_of_file = true;
        m.io.arrivals.push(0, 5120, 0o200, 0o605060606060);
        m.io.arrivals.push(1, 7000, 0o201, 1);
        let line = Target::Line {
            punch: false,
            line: 0,
            word: 3,
        };
        m.io.departures.push(0, 6000, 0o300, 0o17, line);
        let tape = Target::Tape {
            drive: 3,
            block: 2,
            offset: 6,
            binary: true,
        };
        m.io.departures.push(1, 6100, 0o301, 2, tape);
        let open = Target::Open {
            offset: 12,
            binary: false,
        };
        m.io.departures.push(1, 6200, 0o302, 3, open);
        m.io.printer.echo = Some(EchoLine {
            next: 20,
            image: [0o1234; IMAGE_WORDS],
            ..Default::default()
        });
        let text = to_text(&m);
        for line in [
            "\nreader-eof 1\n",
            "\narrival A 5120 200 605060606060\n",
            "\ndeparture A 6000 300 17 line printer 0 3\n",
            "\ndeparture B 6100 301 2 tape 3 2 6 b\n",
            "\ndeparture B 6200 302 3 open 12 d\n",
            "\ndeparture-image printer 0 0 0 0 17 ",
            "\nprinter-echo 20 0 1234 ",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        let r = from_text(&text, "v4").unwrap();
        assert_eq!(r.io.arrivals, m.io.arrivals);
        assert_eq!(r.io.departures, m.io.departures);
        assert!(r.io.reader.end_of_file);
        assert_eq!(r.io.printer.echo, m.io.printer.echo);
        assert_eq!(to_text(&r), text);
        let bad = text.replace("tape 3 2 6 b", "tape 3 2 6 x");
        assert!(from_text(&bad, "v4").is_err());
    }
}
