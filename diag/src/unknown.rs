//! A diagnostic the project has no tables for, run as the seven are loaded: our loader card,
//! the program's object cards as the 9AP dialect punches them, the 9DEPR stand-in's cards if
//! the program calls it, and a transfer card to the start (given, or the END card's address).
//! With no write-up there is no operator script and no table of stops: the operator presses
//! START at every halt (HTR, HPR, divide-check halt), up to `MAX_STARTS` times, and the run
//! ends at any other stop (the program calling in the next one with the hopper empty, an
//! illegal order ...) or when the budget is spent. Every stop is reported with the registers,
//! and the verdict says that no write-up judged the run.

use std::path::Path;

use assembler::ap9;
use emu::ibm7090::card::Card;
use emu::ibm7090::Stop;

use super::deck::{depr_words, loader_card, object_cards, program_cards, transfer_card};
use super::{assemble, seen, DiagError, Options, Report, Run, Verdict};

/// The most times the operator presses START at a halt before the run is given up: a program
/// caught stopping at the same place again and again ends so.
pub const MAX_STARTS: usize = 100;

/// The budget of a run, loading included, unless the options give one: the seven's.
pub const BUDGET_CYCLES: u64 = super::table::BUDGET;

/// The 9DEPR stand-in's entries a program calls (ERROR-1, ERROR, OK: docs/diagnostics.md).
const DEPR_ENTRIES: [u16; 3] = [0o6503, 0o6504, 0o6511];
/// TSX's operation code (bits S-11 of the word).
const TSX: u64 = 0o0074;

/// A diagnostic ready to run without a write-up.
pub struct Unjudged {
    /// The file's stem, upper case (`9M99A`).
    pub name: String,
    pub program: ap9::Program,
    /// The transfer card's address.
    pub start: u16,
    /// Where it came from: `--start` or the END card.
    pub start_from: &'static str,
    /// The deck carries the 9DEPR stand-in.
    pub depr: bool,
}

/// Whether the program calls the 9DEPR stand-in (a TSX to one of its entries) and leaves its
/// place free.
fn calls_depr(program: &ap9::Program, depr: &std::collections::BTreeMap<u16, u64>) -> bool {
    let calls = program
        .words
        .values()
        .any(|&w| w >> 24 == TSX && DEPR_ENTRIES.contains(&((w & 0o77777) as u16)));
    calls && !depr.keys().any(|a| program.words.contains_key(a))
}

/// Assemble `source` (named by `path`) as a diagnostic with no tables; `start` is the transfer
/// card's address, else the END card's.
pub fn prepare_unjudged(
    path: &Path,
    source: &str,
    start: Option<u16>,
) -> Result<Unjudged, DiagError> {
    let program = assemble(path, source)?;
    let depr = calls_depr(&program, &depr_words()?);
    Ok(Unjudged {
        name: path
            .file_stem()
            .map(|s| s.to_string_lossy().to_ascii_uppercase())
            .unwrap_or_default(),
        start: start.unwrap_or(program.start),
        start_from: if start.is_some() {
            "given"
        } else {
            "the END card's"
        },
        program,
        depr,
    })
}

impl Unjudged {
    /// The deck: loader, program, the stand-in if called, the transfer card.
    pub fn deck(&self) -> Result<Vec<Card>, DiagError> {
        let mut images = vec![loader_card()?];
        images.extend(program_cards(&self.program));
        if self.depr {
            images.extend(object_cards(&depr_words()?));
        }
        images.push(transfer_card(self.start));
        Ok(images.iter().map(Card::from_image).collect())
    }

    /// Load the deck, press LOAD CARDS, and run, pressing START at each halt.
    pub fn run(&self, options: &Options) -> Result<Report, DiagError> {
        let switches = options.switches.unwrap_or(0);
        let cards = self.deck()?;
        let budget = options.limit_cycles.unwrap_or(BUDGET_CYCLES);
        let mut run = Run::load(cards, switches, options.keys, budget)?;
        let mut starts = 0;
        let (verdict, stops) = run.run_to_end(|m, stop| {
            let halt = matches!(
                stop,
                Stop::Halt { .. } | Stop::HaltProceed { .. } | Stop::DivideCheckHalt { .. }
            );
            if halt && starts < MAX_STARTS {
                starts += 1;
                let seen = seen(m, stop, "stop", None, Some("START".into()));
                return (unjudged(seen), None);
            }
            (
                unjudged(seen(m, stop, "end", None, None)),
                Some(Verdict::Unjudged),
            )
        });
        let title = format!(
            "no write-up: the stops are reported, not judged; transfer card to {:05o} ({})",
            self.start, self.start_from
        );
        Ok(run.report(self.name.clone(), title, verdict, stops, 0))
    }
}

/// A stop's meaning where no write-up gives one; a zero word keeps its own.
fn unjudged(mut s: super::StopSeen) -> super::StopSeen {
    if s.meaning == super::NOT_IN_TABLES {
        s.meaning = "no write-up says what this stop means".to_string();
    }
    s
}
