//! The snapshot lines of the I/O in passing (format version 4): words a channel has read and
//! not yet stored (`arrival A 5120 200 605060606060`: channel, cycle decimal, address and word
//! octal), one a line in order of time. A version 3 snapshot has none: nothing in passing.

use super::super::channel::{Io, CHANNELS};
use std::fmt::Write;

/// The keys this part reads.
pub(super) const KEYS: [&str; 1] = ["arrival"];

pub(super) fn write(s: &mut String, io: &Io) {
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
        _ => Err(format!(
            "`{key}` takes a channel, a cycle, an address and a word"
        )),
    }
}

fn octal(t: &str, max: u64) -> Result<u64, String> {
    u64::from_str_radix(t, 8)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("`{t}` is not an octal number up to {max:o}"))
}
