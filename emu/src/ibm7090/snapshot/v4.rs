//! The snapshot lines format version 4 added (a version 3 snapshot has none, and loads with
//! nothing in passing and the keys up):
//! - `arrival A 5120 200 605060606060`: a word channel A has read and not yet stored (cycle
//!   decimal, address and word octal), one a line in order of time;
//! - `reader-eof 1`: the card reader's END OF FILE key is down;
//! - `printer-echo 3 0 W0 .. W23 E0 .. E21`: the printer is under a read select, at word 3
//!   of its echo line, no line printed since the select (1 if one was), the line's 24 image
//!   words and 22 echo words (octal).

use super::super::channel::{Io, CHANNELS};
use super::super::printer::EchoLine;
use std::fmt::Write;

/// The keys this part reads.
pub(super) const KEYS: [&str; 3] = ["arrival", "reader-eof", "printer-echo"];

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
            let ch = match *ch {
                "A" => 0,
                "B" => 1,
                c => return Err(format!("no channel `{c}`")),
            };
            let at = at
                .parse::<u64>()
                .map_err(|_| format!("`{at}` is not a decimal number"))?;
            let address = octal(address, 0o77777)? as u16;
            let word = octal(word, (1 << 36) - 1)?;
            io.arrivals.push(ch, at, address, word);
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
                *slot = octal(w, (1 << 36) - 1)?;
            }
            io.printer.echo = Some(e);
            Ok(())
        }
        _ => Err(format!("`{key}` takes 1")),
    }
}

fn octal(t: &str, max: u64) -> Result<u64, String> {
    u64::from_str_radix(t, 8)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("`{t}` is not an octal number up to {max:o}"))
}
