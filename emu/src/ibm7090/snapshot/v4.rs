//! The snapshot lines format version 4 added (a version 3 snapshot has none, and loads with
//! nothing in passing and the keys up):
//! - `arrival A 5120 200 605060606060`: a word channel A has read and not yet stored (cycle
//!   decimal, address and word octal), one a line in order of time;
//! - `reader-eof 1`: the card reader's END OF FILE key is down.

use super::super::channel::{Io, CHANNELS};
use std::fmt::Write;

/// The keys this part reads.
pub(super) const KEYS: [&str; 2] = ["arrival", "reader-eof"];

pub(super) fn write(s: &mut String, io: &Io) {
    if io.reader.end_of_file {
        s.push_str("reader-eof 1\n");
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
        _ => Err(format!("`{key}` takes 1")),
    }
}

fn octal(t: &str, max: u64) -> Result<u64, String> {
    u64::from_str_radix(t, 8)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("`{t}` is not an octal number up to {max:o}"))
}
