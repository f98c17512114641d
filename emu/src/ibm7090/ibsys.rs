//! IBSYS from its library tapes, as the operator starts it in s709's procedure (`ibsys.cmd`)
//! and SIMH's `ibsys.ini` (docs/ibsys.md): ten 729s on channel A, the library tapes SYSLB1 and
//! SYSLB2 on A1 and A2 with their rings out, SYSIN1 on A3, SYSOU1 on A4, the work tapes on
//! A5-A10; the entry keys 0, LOAD TAPE from A1, and where the bootstrap halts, `TRA 3` into
//! IBSYS. The run then goes to IBSYS's halt at END OF JOBS (HTR at 07464).

use super::channel::ChannelError;
use super::tape::Tape;
use super::{Limits, Machine, Stop};

/// A tape unit of channel A by number (1-10), as the channel addresses it in BCD mode.
pub const fn unit_a(n: u16) -> u16 {
    1 << 9 | 0o200 | n
}

/// The library tapes' units: SYSLB1, SYSLB2.
pub const SYSLB1: u16 = unit_a(1);
pub const SYSLB2: u16 = unit_a(2);
pub const SYSIN1: u16 = unit_a(3);
pub const SYSOU1: u16 = unit_a(4);
/// The other reels, s709's layout: unit and the file name SIMH's ibsys.ini attaches.
pub const REELS: [(u16, &str); 8] = [
    (SYSIN1, "sysin.bcd"),
    (SYSOU1, "sysou1.bcd"),
    (unit_a(5), "sysut1.bin"),
    (unit_a(6), "sysut3.bin"),
    (unit_a(7), "sysut2.bin"),
    (unit_a(8), "syspp1.bin"),
    (unit_a(9), "sysut4.bin"),
    (unit_a(10), "sysck2.bin"),
];
/// Where IBSYS halts at END OF JOBS.
pub const END_OF_JOBS: u16 = 0o7464;
/// Where the operator sends the machine once the bootstrap has halted (s709's `ibsys.cmd`:
/// `er 002000000003`, TRA 3).
const ENTRY: u32 = 3;
/// Instructions the bootstrap may take to reach its halt.
const BOOT_BUDGET: u64 = 1_000_000;

/// Why IBSYS could not be started.
#[derive(Debug, thiserror::Error)]
pub enum IbsysError {
    #[error("{0}")]
    Channel(#[from] ChannelError),
    #[error("SYSLB1's bootstrap did not halt: {0}")]
    Bootstrap(Stop),
}

/// The input deck SYSIN1's cards for one job: `$LIST`, `$DATE` (the date MMDDYY in column
/// 16), the job, a tape mark (a form feed line), `$IBSYS` and `$STOP`.
pub fn sysin_deck(job: &str, date: &str) -> String {
    let mut s = format!("$LIST\n$DATE          {date}\n{job}");
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s.push_str("\u{c}\n$IBSYS\n$STOP\n");
    s
}

/// Mount the library tapes and `sysin` (blank reels elsewhere), set the keys to 0, press LOAD
/// TAPE on A1, run the bootstrap to its halt and give the operator's TRA 3: `m` is ready to
/// run IBSYS.
pub fn boot(m: &mut Machine, syslb1: Tape, syslb2: Tape, sysin: Tape) -> Result<(), IbsysError> {
    m.keys = 0;
    for (unit, _) in REELS {
        let mut reel = if unit == SYSIN1 {
            sysin.clone()
        } else {
            Tape::blank()
        };
        reel.ring = true;
        m.io.mount(unit, reel)?;
    }
    for (unit, mut tape) in [(SYSLB1, syslb1), (SYSLB2, syslb2)] {
        tape.ring = false;
        m.io.mount(unit, tape)?;
    }
    m.io.reader.end_of_file = true;
    // LOAD TAPE reads in binary: the unit's binary address.
    m.load_tape(SYSLB1 | 0o20)?;
    match m.run(Limits::instructions(BOOT_BUDGET)) {
        Stop::HaltProceed { .. } | Stop::Halt { .. } => {}
        other => return Err(IbsysError::Bootstrap(other)),
    }
    m.ic = ENTRY;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_and_the_units() {
        let deck = sysin_deck("$JOB           X", "010164");
        assert_eq!(
            deck,
            "$LIST\n$DATE          010164\n$JOB           X\n\u{c}\n$IBSYS\n$STOP\n"
        );
        assert_eq!(deck.lines().nth(1).unwrap().find("010164"), Some(15));
        let tape = Tape::from_cards_text(&deck).unwrap();
        // Three cards, a mark, two cards, the two marks that end a tape.
        assert_eq!(tape.blocks.len(), 8);
        assert_eq!((SYSLB1, SYSIN1, REELS[7].0), (0o1201, 0o1203, 0o1212));
    }

    #[test]
    fn a_missing_bootstrap_is_an_error() {
        let mut m = Machine::new();
        let e = boot(&mut m, Tape::blank(), Tape::blank(), Tape::blank()).unwrap_err();
        assert!(matches!(e, IbsysError::Channel(_)), "{e}");
    }
}
