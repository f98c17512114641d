//! 9AP itself as the judge of our 9AP dialect: IBM's assembler, booted from its period system
//! tape (`9ap.bcd`, read from ../shared, never copied) on tape B1 of the emulated 7090,
//! assembles a diagnostic's source from tape A1 (pass-1 output on B2, the listing on B3) and
//! punches its deck on the 721; the cards are compared word for word with the deck
//! `firstmoves asm --dialect 9ap` makes (tests/nine_ap_judge.rs). The source tape is one
//! 80-character BCD record a line, then two tape marks (docs/diagnostics.md).

use emu::ibm7090::tape::{self, Block, Tape};
use emu::ibm7090::{bcd, Limits, Machine, Stop};

use super::DiagError;

/// Where 9AP halts when it has punched the deck (HPR 03175, its end of job).
pub const END_OF_JOB: u16 = 0o3175;
/// Orders 9AP may take on the largest diagnostic (9M21A takes about 11 M).
const BUDGET: u64 = 60_000_000;

/// The tape 9AP reads its source from: a record a line, 80 characters in BCD (`#`, `@`, `%`
/// and `&` of the transcription read as the `=`, `'`, `(` and `+` they stand for; anything
/// BCD has not as a blank).
pub fn source_tape(source: &str) -> Result<Tape, DiagError> {
    let mut blocks = Vec::new();
    for line in source.lines() {
        let mut card = String::with_capacity(80);
        for c in line.chars().take(80) {
            let c = match c {
                '#' => '=',
                '@' => '\'',
                '%' => '(',
                '&' => '+',
                c => c,
            };
            card.push(if bcd::encode(c).is_some() { c } else { ' ' });
        }
        let record = tape::bcd_record(&format!("{card:<80}")).ok_or_else(|| DiagError::Data {
            file: "source".to_string(),
            error: format!("a line not in BCD: {line}"),
        })?;
        blocks.push(Block::Record(record));
    }
    blocks.push(Block::Mark);
    blocks.push(Block::Mark);
    Ok(Tape::of(blocks))
}

/// Boot 9AP from its system tape (the bytes of `9ap.bcd`), let it assemble `source`, and
/// return the cards it punched.
pub fn punch(system: &[u8], source: &str) -> Result<Vec<[u64; 24]>, DiagError> {
    let load = |e: String| DiagError::Load(e);
    let mut m = Machine::new();
    let units = [
        (
            0o2201,
            Tape::from_p7b(system).map_err(|e| load(e.to_string()))?,
        ),
        (0o1201, source_tape(source)?),
        (0o2202, Tape::blank()),
        (0o2203, Tape::blank()),
    ];
    for (unit, t) in units {
        m.io.mount(unit, t).map_err(|e| load(e.to_string()))?;
    }
    // LOAD TAPE from B1 in binary.
    m.load_tape(0o2221).map_err(|e| load(e.to_string()))?;
    match m.run(Limits::instructions(BUDGET)) {
        Stop::HaltProceed {
            address: END_OF_JOB,
        } => Ok(m.io.punch.cards.iter().map(|c| c.image()).collect()),
        stop => Err(load(format!("9AP stopped short of its end: {stop}"))),
    }
}
