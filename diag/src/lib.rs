//! IBM's 709/7090 diagnostics run to their stops: the seven programs of
//! ../shared/diags, assembled from their period source by the 9AP dialect, loaded through the
//! 711 card reader by LOAD CARDS with our own loader card, run with the write-up's switches and
//! the operator's script, and the stop classified by the write-up's tables (`table`). The deck
//! (`deck`) carries our own loader and 9DEPR stand-in (diag/*.asm): IBM's are not in
//! ../shared. docs/diagnostics.md describes the runs.

pub mod deck;
pub mod nine_ap;
pub mod simh;
pub mod table;
pub mod unknown;

use std::path::{Path, PathBuf};

use assembler::ap9;
use emu::ibm7090::card::Card;
use emu::ibm7090::{Limits, Machine, Stop};
use schemars::JsonSchema;
use serde::Serialize;
use thiserror::Error;

pub use table::{find, Action, Diagnostic, Halt, Loading, Step, StopRow, DIAGNOSTICS};

/// Why a diagnostic could not be run.
#[derive(Debug, Error)]
pub enum DiagError {
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: String },
    #[error("{file} is not one of the seven diagnostics ({names})")]
    Unknown { file: String, names: String },
    #[error("{file} does not assemble as 9AP source:\n{errors}")]
    Assembly { file: String, errors: String },
    #[error("{file}: {error}")]
    Data { file: String, error: String },
    #[error("LOAD CARDS: {0}")]
    Load(String),
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The write-up's normal end.
    Normal,
    /// An error stop of the write-up's tables.
    Error,
    /// A stop the tables do not have (illegal order, a zero word, a stop out of order ...).
    Unexpected,
    /// The cycle budget ran out first.
    Budget,
    /// A diagnostic with no write-up in the project (`unknown`): its stops are reported, not
    /// judged.
    Unjudged,
}

impl Verdict {
    /// The process's exit status: 0 on the normal stop and on a run no write-up judges (it
    /// ran to its end), 1 on an error or unexpected stop, 3 when the budget is spent.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Normal | Verdict::Unjudged => 0,
            Verdict::Error | Verdict::Unexpected => 1,
            Verdict::Budget => 3,
        }
    }
}

/// One stop met on the way, and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StopSeen {
    /// `Stop::reason`'s name (`halt`, `halt-proceed`, `reader-empty` ...).
    pub reason: String,
    /// The halting instruction's location, octal (none for a budget).
    pub address: Option<String>,
    /// The write-up's number for it, if it has one.
    pub number: Option<String>,
    /// `script`, `normal`, `error`, `unsupported` or `unexpected`; for a diagnostic with no
    /// write-up `stop` (START pressed) or `end`.
    pub kind: String,
    /// What the write-up says the stop means.
    pub meaning: String,
    /// Where the write-up or source says so.
    pub cite: Option<String>,
    /// What the operator did (`START`, `keys 201400000000, START`), for script stops.
    pub action: Option<String>,
    /// What `emu` says of the stop.
    pub message: String,
    /// The registers at the stop (before the operator's action).
    pub registers: Registers,
}

/// The registers at the end, octal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Registers {
    /// The instruction counter.
    pub ic: String,
    /// The accumulator with its Q and P bits (13 digits).
    pub ac: String,
    pub mq: String,
    /// The index registers of tags 1, 2 and 4.
    pub xr1: String,
    pub xr2: String,
    pub xr4: String,
    pub overflow: bool,
    pub divide_check: bool,
    pub mq_overflow: bool,
    pub trap_mode: bool,
    pub sense_indicators: String,
    /// The sense lights as bits (light 1 the lowest).
    pub sense_lights: u8,
}

impl Registers {
    pub fn of(m: &Machine) -> Registers {
        Registers {
            ic: format!("{:05o}", m.ic),
            ac: format!("{:013o}", m.ac),
            mq: format!("{:012o}", m.mq),
            xr1: format!("{:05o}", m.xr_read(1)),
            xr2: format!("{:05o}", m.xr_read(2)),
            xr4: format!("{:05o}", m.xr_read(4)),
            overflow: m.overflow,
            divide_check: m.divide_check,
            mq_overflow: m.mq_overflow,
            trap_mode: m.trap_mode,
            sense_indicators: format!("{:012o}", m.sense_indicators),
            sense_lights: m.sense_lights,
        }
    }
}

/// A run of one diagnostic (`diag --json`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Report {
    /// The program (`9M10A`).
    pub diagnostic: String,
    /// What it tests.
    pub title: String,
    /// Sense switches down.
    pub switches: Vec<u8>,
    /// The entry keys at the start, octal.
    pub keys: String,
    /// How the run ended.
    pub verdict: Verdict,
    /// The last stop.
    pub stop: StopSeen,
    /// Every stop met, the last included.
    pub stops: Vec<StopSeen>,
    /// The registers at the end.
    pub registers: Registers,
    /// Cards in the deck loaded.
    pub cards_in_deck: usize,
    /// Cards the reader fed.
    pub cards_read: u64,
    /// How many lines the printer printed.
    pub lines_printed: usize,
    /// The printer's lines.
    pub printed: Vec<String>,
    /// The 9DEPR stand-in printed an error line (switch 3 up): the run is an error run.
    pub depr_errors: usize,
    pub instructions: u64,
    pub cycles: u64,
    /// The cycle budget of the run.
    pub budget_cycles: u64,
    /// The period time (2.18 µs a cycle).
    pub emulated_seconds: f64,
}

/// What to run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Sense switches down; `None`: the write-up's clean-run setting.
    pub switches: Option<u8>,
    pub keys: u64,
    /// `None`: the row's budget.
    pub limit_cycles: Option<u64>,
}

/// A diagnostic ready to run: its row, its assembly, its data file.
pub struct Prepared {
    pub row: &'static Diagnostic,
    pub program: ap9::Program,
    pub data: Option<String>,
}

/// ../shared/diags beside the checkout (the period material is read from there, never copied).
pub fn shared_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/diags")
}

fn read(path: &Path) -> Result<String, DiagError> {
    emu::input::read_text(path, emu::input::Kind::Source).map_err(|e| DiagError::Read {
        path: path.display().to_string(),
        error: e.to_string(),
    })
}

/// Assemble a diagnostic's source. `path` names the program by its file name's stem
/// (`9m21a.asm`, `/x/9M21A.asm`); its data file is looked for beside it.
pub fn prepare(path: &Path) -> Result<Prepared, DiagError> {
    prepare_source(path, &read(path)?)
}

/// `prepare` with the source already read (`path` names it and places its data file).
pub fn prepare_source(path: &Path, source: &str) -> Result<Prepared, DiagError> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let row = find(&stem).ok_or_else(|| DiagError::Unknown {
        file: path.display().to_string(),
        names: DIAGNOSTICS.map(|d| d.name).join(", "),
    })?;
    let program = assemble(path, source)?;
    let data = match row.data {
        Some((file, _)) => Some(read(&path.with_file_name(file))?),
        None => None,
    };
    Ok(Prepared { row, program, data })
}

/// Assemble `source` by the 9AP dialect, under the name of `path`'s file.
pub(crate) fn assemble(path: &Path, source: &str) -> Result<ap9::Program, DiagError> {
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    ap9::assemble(source, &name).map_err(|d| DiagError::Assembly {
        file: path.display().to_string(),
        errors: d.to_string(),
    })
}

impl Prepared {
    /// Change one word of the program's deck (a deliberate fault); false if no card loads it.
    pub fn patch(&mut self, address: u16, word: u64) -> bool {
        deck::patch(&mut self.program.cards, address, word)
    }

    /// The deck for these switches.
    pub fn deck(&self, switches: u8) -> Result<Vec<Card>, DiagError> {
        deck::deck(self.row, &self.program, switches, self.data.as_deref())
    }

    /// Load the deck, press LOAD CARDS, run and play the operator script to the end.
    pub fn run(&self, options: &Options) -> Result<Report, DiagError> {
        let d = self.row;
        let switches = options.switches.unwrap_or(d.switches);
        let cards = self.deck(switches)?;
        let budget = options.limit_cycles.unwrap_or(d.budget_cycles);
        let mut run = Run::load(cards, switches, options.keys, budget)?;
        let mut next = 0;
        let script: Vec<&Step> = d
            .script
            .iter()
            .filter(|s| switches & s.when == s.when)
            .collect();
        let (verdict, stops) = run.run_to_end(|m, stop| {
            if let Some(step) = script.get(next).filter(|s| matches(&s.stop, stop)) {
                let action = match step.action {
                    Action::Start => "START".to_string(),
                    Action::KeysStart(k) => format!("keys {k:012o}, START"),
                };
                let seen = seen(m, stop, "script", Some(&step.stop), Some(action));
                if let Action::KeysStart(k) = step.action {
                    m.keys = k;
                }
                next += 1;
                return (seen, None);
            }
            if next == script.len() && matches(&d.end, stop) {
                return (
                    seen(m, stop, "normal", Some(&d.end), None),
                    Some(Verdict::Normal),
                );
            }
            if let Some(r) = d.errors.iter().find(|r| matches(r, stop)) {
                return (seen(m, stop, "error", Some(r), None), Some(Verdict::Error));
            }
            if let Some(r) = d.unsupported.iter().find(|r| matches(r, stop)) {
                return (
                    seen(m, stop, "unsupported", Some(r), None),
                    Some(Verdict::Unexpected),
                );
            }
            (
                seen(m, stop, "unexpected", None, None),
                Some(Verdict::Unexpected),
            )
        });
        let depr_errors = if d.depr {
            run.m
                .io
                .printer
                .lines
                .iter()
                .filter(|l| l.as_str() == deck::DEPR_LINE)
                .count()
        } else {
            0
        };
        let verdict = if verdict == Verdict::Normal && depr_errors > 0 {
            Verdict::Error
        } else {
            verdict
        };
        Ok(run.report(
            d.name.to_uppercase(),
            d.title.to_string(),
            verdict,
            stops,
            depr_errors,
        ))
    }
}

/// A deck's run, the seven's (`Prepared`) and a diagnostic's without a write-up
/// (`unknown::Unjudged`) alike: the machine, and how it was set up.
pub(crate) struct Run {
    pub(crate) m: Machine,
    switches: u8,
    keys: u64,
    cards_in_deck: usize,
    /// The cycle budget, loading included.
    budget: u64,
}

impl Run {
    /// The machine with the sense switches down and the entry keys set, the deck in the
    /// reader's hopper and LOAD CARDS pressed.
    pub(crate) fn load(
        cards: Vec<Card>,
        switches: u8,
        keys: u64,
        budget: u64,
    ) -> Result<Run, DiagError> {
        let mut m = Machine::new();
        m.sense_switches = switches;
        m.keys = keys;
        let cards_in_deck = cards.len();
        m.io.reader.hopper.extend(cards);
        m.load_cards().map_err(|e| DiagError::Load(e.to_string()))?;
        Ok(Run {
            m,
            switches,
            keys,
            cards_in_deck,
            budget,
        })
    }

    /// Run from stop to stop until the budget is spent or `judge` ends the run: at each stop
    /// short of the budget `judge` says what the stop is (and may act as the operator on the
    /// machine) and, where the run ends there, its verdict. The verdict and every stop met,
    /// the last included.
    pub(crate) fn run_to_end(
        &mut self,
        mut judge: impl FnMut(&mut Machine, &Stop) -> (StopSeen, Option<Verdict>),
    ) -> (Verdict, Vec<StopSeen>) {
        let mut stops = Vec::new();
        loop {
            let left = self.budget.saturating_sub(self.m.cycles());
            let stop = self.m.run(Limits::cycles(left));
            if matches!(stop, Stop::CycleBudget | Stop::InstructionBudget) {
                stops.push(seen(&self.m, &stop, "budget", None, None));
                return (Verdict::Budget, stops);
            }
            let (seen, end) = judge(&mut self.m, &stop);
            stops.push(seen);
            if let Some(verdict) = end {
                return (verdict, stops);
            }
        }
    }

    /// The report of the run as it ended, under the program's name and title.
    pub(crate) fn report(
        &self,
        diagnostic: String,
        title: String,
        verdict: Verdict,
        stops: Vec<StopSeen>,
        depr_errors: usize,
    ) -> Report {
        let m = &self.m;
        let printed = m.io.printer.lines.clone();
        Report {
            diagnostic,
            title,
            switches: (1..=6)
                .filter(|n| self.switches >> (n - 1) & 1 == 1)
                .collect(),
            keys: format!("{:012o}", self.keys),
            verdict,
            stop: stops.last().cloned().expect("a run ends on a stop"),
            stops,
            registers: Registers::of(m),
            cards_in_deck: self.cards_in_deck,
            cards_read: m.io.reader.cards_read,
            lines_printed: printed.len(),
            printed,
            depr_errors,
            instructions: m.instructions(),
            cycles: m.cycles(),
            budget_cycles: self.budget,
            emulated_seconds: m.emulated_us() / 1e6,
        }
    }
}

/// The stop is the row's.
fn matches(row: &StopRow, stop: &Stop) -> bool {
    let (halt, at) = match *stop {
        Stop::Halt { address, .. } => (Halt::Htr, address),
        Stop::HaltProceed { address } => (Halt::Hpr, address),
        Stop::DivideCheckHalt { address } => (Halt::DivideCheck, address),
        Stop::ReaderEmpty { address } => (Halt::ReaderEmpty, address),
        _ => return false,
    };
    row.halt == halt && (row.from..=row.to).contains(&at)
}

/// The meaning of a stop that no row of the tables has.
pub(crate) const NOT_IN_TABLES: &str = "not in the write-up's tables";

pub(crate) fn seen(
    m: &Machine,
    stop: &Stop,
    kind: &str,
    row: Option<&StopRow>,
    action: Option<String>,
) -> StopSeen {
    let meaning = match (row, stop) {
        (Some(r), _) => r.meaning.to_string(),
        (None, Stop::Halt { target: 0, .. }) => {
            "a zero word executed (HTR 0): the program went astray".to_string()
        }
        (None, Stop::CycleBudget | Stop::InstructionBudget) => {
            "the cycle budget ran out before the normal stop".to_string()
        }
        (None, _) => NOT_IN_TABLES.to_string(),
    };
    StopSeen {
        reason: stop.reason().to_string(),
        address: stop.address().map(|a| format!("{a:05o}")),
        number: row
            .filter(|r| !r.number.is_empty())
            .map(|r| r.number.to_string()),
        kind: kind.to_string(),
        meaning,
        cite: row.map(|r| r.cite.to_string()),
        action,
        message: stop.to_string(),
        registers: Registers::of(m),
    }
}

/// The path of a diagnostic given as a file or a name (`9m21a` looks in `dir`).
pub fn resolve(arg: &str, dir: &Path) -> PathBuf {
    let p = PathBuf::from(arg);
    if p.exists() || arg.contains('/') || arg.contains('.') {
        p
    } else {
        dir.join(format!("{}.asm", arg.to_ascii_lowercase()))
    }
}
