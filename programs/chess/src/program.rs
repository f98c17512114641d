//! One shape for every chess program: a FAP source for the emulated 7090 beside a native twin.
//!
//! A program says, once, what differs from the others: its name and FAP file, the settings of a
//! problem and the program card that carries them, how its printout reads back, and its native
//! twin (`FapProgram`). A program that plays moves adds how it is named, its UCI options, its
//! score units and the problems of its cross-check (`Player`). Everything else is written once,
//! here and in `crosscheck`: the deck, the run on the machine, the period time, both UCI
//! engines, and the registry (`registry`) through which the command line, UCI, cross-checks,
//! matches and benches find the programs.
//!
//! The data path of one emulated move (docs/architecture.md walks through it): `run` asks the
//! program for its card, `emulated::problem_deck` adds the GAME card and the position in
//! INITIA's cards, `emulated::run_problem_with` loads the assembled image into a fresh machine,
//! mounts the deck as the system input tape A2 and runs to the read past its last card at the
//! next problem, and the lines on the output tape A3 come back to `FapProgram::read`.

use std::collections::HashMap;
use std::fmt::{Debug, Display};
use std::sync::{Mutex, OnceLock};

use emu::ibm7090::{Limits, Machine};
use emu::{Bound, Spread};

use super::board::{Position, START_FEN};
use super::emulated::{
    cycle_spread, problem_deck, run_problem_timed, run_problem_until, Clock, EmulatedError,
    LastRun, Outcome, PrintoutError, Program, DEFAULT_BUDGET,
};
use super::movegen::legal_moves;
use super::printer;
use super::report::crosscheck::{Answer, CaseSettings};
use super::report::period::PeriodReport;
use super::report::ProgramFields;
use super::search::{Cancel, SearchResult};
use super::uci::Engine;

/// A program's name and its own FAP file: the path in the repository (for messages) and the
/// text.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    pub name: &'static str,
    pub path: &'static str,
    pub text: &'static str,
}

/// `fap_source!("kotok", "src/kotok/kotok.fap")`: the program `kotok` and its file in the
/// chess crate, built in.
#[macro_export]
macro_rules! fap_source {
    ($name:literal, $file:literal) => {
        $crate::program::Source {
            name: $name,
            path: concat!("programs/chess/", $file),
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file)),
        }
    };
}

/// A chess program with its FAP source and its native twin.
pub trait FapProgram: 'static {
    /// The name commands take (`kotok`) and the program's own FAP file, assembled after
    /// `core.fap` and `initia.fap`; it carries `END START`.
    const SOURCE: Source;
    /// The name commands take.
    const NAME: &'static str = Self::SOURCE.name;
    /// The settings of one problem (Kotok's widths, SOMA's rule set and coin seed, ...).
    type Params: Clone + Debug + Default + Send + Sync + 'static;
    /// What the program answers for a position; the twins must give the same.
    type Answer: Clone + Debug + PartialEq + Display + Send;

    /// The program card for `params`, or why the card cannot carry them.
    fn card(params: &Self::Params) -> Result<String, String>;

    /// The answer read from the printer's lines of one problem on position `p`.
    fn read(
        p: &Position,
        params: &Self::Params,
        printed: &[String],
    ) -> Result<Self::Answer, PrintoutError>;

    /// The native twin's answer.
    fn native(p: &Position, params: &Self::Params) -> Self::Answer;

    /// The run's budget: the period-time rule of a problem. Every program's period time is
    /// the machine's (cycles x 2.18 us); only a program whose searches can run for hours
    /// bounds them more tightly.
    fn limits(_params: &Self::Params) -> Limits {
        Limits::instructions(DEFAULT_BUDGET)
    }

    /// Whether the emulated answer agrees with the native one.
    fn agree(native: &Self::Answer, emulated: &Self::Answer) -> bool {
        native == emulated
    }
}

/// The program assembled (core + INITIA + its own file), once per process and program.
pub fn assembled<P: FapProgram>() -> Result<&'static Program, EmulatedError> {
    // A generic function's `static` is shared by every `P`, so the cells are keyed by name;
    // each program is assembled once and lives as long as the process.
    type Cell = &'static Result<Program, EmulatedError>;
    static CELLS: OnceLock<Mutex<HashMap<&'static str, Cell>>> = OnceLock::new();
    let cells = CELLS.get_or_init(Default::default);
    let mut cells = cells.lock().unwrap_or_else(|e| e.into_inner());
    let cell: Cell = cells
        .entry(P::NAME)
        .or_insert_with(|| Box::leak(Box::new(Program::chess(P::SOURCE.path, P::SOURCE.text))));
    cell.as_ref().map_err(Clone::clone)
}

/// One problem on the emulated machine: the answer and the run (printout, cycles, period time).
#[derive(Clone, Debug, PartialEq)]
pub struct Run<A> {
    pub answer: A,
    pub outcome: Outcome,
}

/// Run `P` on position `p` with `params` on the emulated 7090, within the program's budget.
pub fn run<P: FapProgram>(
    p: &Position,
    params: &P::Params,
) -> Result<Run<P::Answer>, EmulatedError> {
    run_with::<P>(p, params, P::limits(params), Clock::default())
}

/// `run` within the caller's budget (a run beyond it is an `UnexpectedStop`), on `clock`'s
/// machine and timed with its bound.
pub fn run_with<P: FapProgram>(
    p: &Position,
    params: &P::Params,
    limits: Limits,
    clock: Clock,
) -> Result<Run<P::Answer>, EmulatedError> {
    let card = P::card(params).map_err(EmulatedError::Params)?;
    let program = assembled::<P>()?;
    let deck = problem_deck(p, &card)?;
    let outcome = run_problem_timed(program, &deck, limits, clock)?;
    let answer = P::read(p, params, &outcome.printed)?;
    Ok(Run { answer, outcome })
}

/// The cycles of a finished run of `P` on `p` under all three I/O bounds (the other two run
/// again: `emulated::cycle_spread`).
pub fn spread_of<P: FapProgram>(
    p: &Position,
    params: &P::Params,
    done: &Outcome,
) -> Result<Spread, EmulatedError> {
    let card = P::card(params).map_err(EmulatedError::Params)?;
    let deck = problem_deck(p, &card)?;
    cycle_spread(assembled::<P>()?, &deck, done)
}

/// A program's settings as (option, value) pairs in its UCI option names.
pub type Settings = Vec<(String, String)>;

/// Another name of a program and the settings it stands for: (`somac1966`, [("Rules",
/// "somac1966")]).
pub type Alias = (&'static str, &'static [(&'static str, &'static str)]);

/// A command-line flag of a program: a short way to one of its options, which
/// `--option NAME=VALUE` reaches too. The command line makes its flags from these, so a
/// program's flags live in its own folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The long name: `widths` for `--widths`.
    pub long: &'static str,
    /// The option it sets.
    pub option: &'static str,
    pub takes: Takes,
    /// What it does, for `--help`; the command line adds the option it sets.
    pub help: &'static str,
}

/// What a flag takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// A value, handed to the option as it is.
    Text,
    /// Comma-separated whole numbers, handed to the option blank-separated.
    Numbers,
    /// A whole number from `min` to `max`, refused outside them when the flag is read.
    Number { min: u64, max: u64 },
    /// Nothing: the flag sets the option to this value.
    Switch(&'static str),
}

/// A run of a player given up when `cancel` was set: what the program had found by then, read
/// from the store (`Player::so_far`), and the period time it had taken.
#[derive(Clone, Debug)]
pub struct Stopped {
    pub so_far: SearchResult,
    pub emulated_seconds: f64,
}

/// `run`, giving up when `cancel` is set (then `Err` with what the program had).
pub fn run_until<P: Player>(
    p: &Position,
    params: &P::Params,
    limits: Limits,
    clock: Clock,
    cancel: &Cancel,
) -> Result<Result<Run<P::Answer>, Stopped>, EmulatedError> {
    let card = P::card(params).map_err(EmulatedError::Params)?;
    let program = assembled::<P>()?;
    let deck = problem_deck(p, &card)?;
    let outcome = match run_problem_until(program, &deck, limits, clock, cancel)? {
        Ok(outcome) => outcome,
        Err(m) => {
            return Ok(Err(Stopped {
                so_far: P::so_far(program, &m, p, params),
                emulated_seconds: crate::emulated::seconds_on(m.model(), m.cycles()),
            }))
        }
    };
    let answer = P::read(p, params, &outcome.printed)?;
    Ok(Ok(Run { answer, outcome }))
}

/// Which twin answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twin {
    /// The Rust twin.
    Native,
    /// The FAP program on the emulated 7090.
    Emulated,
}

/// A cross-check problem: a named position and the settings it is tried with.
#[derive(Clone, Debug)]
pub struct Case<Params> {
    pub name: String,
    pub position: Position,
    pub params: Params,
}

/// The fields of a cross-check report beyond the common ones; each program's report keeps the
/// fields it has always had, so reports stay comparable from run to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportField {
    /// Problems (positions x settings).
    Problems,
    /// Problems both twins answered alike.
    Agreed,
    /// Problems whose emulated run passed the cross-check's budget.
    OverBudget,
    /// Positions examined over the emulated runs.
    PositionsExamined,
    /// The slowest emulated problem.
    MaxEmulatedSeconds,
}

/// A chess program that plays: a move for a position, behind UCI and in matches.
pub trait Player: FapProgram {
    /// What the program is called, with its year (`Kotok-McCarthy 1962`); may name the setting.
    fn title(params: &Self::Params) -> String;
    /// `id author`.
    const AUTHOR: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// Other names that pick a setting.
    const ALIASES: &'static [Alias] = &[];
    /// The option that seeds the program's coin, set per game in matches (SOMA's `Seed`).
    const SEED_OPTION: Option<&'static str> = None;
    /// The command line's flags for the options people set most (none by default:
    /// `--option NAME=VALUE` reaches every option).
    const FLAGS: &'static [Flag] = &[];
    /// The cross-check report's fields beyond the common ones.
    const REPORT: &'static [ReportField] = &[
        ReportField::Problems,
        ReportField::Agreed,
        ReportField::OverBudget,
        ReportField::PositionsExamined,
        ReportField::MaxEmulatedSeconds,
    ];

    /// What `firstmoves timing --program` profiles, in words.
    const TIMING_RUN: &'static str;

    /// The position (a FEN) and settings `firstmoves timing --program` profiles: by default
    /// the initial position under the default settings.
    fn timing_problem() -> (&'static str, Self::Params) {
        (START_FEN, Self::Params::default())
    }

    /// The UCI engine name: the title and which twin.
    fn engine_name(params: &Self::Params, twin: Twin) -> String {
        match twin {
            Twin::Native => format!("{} (firstmoves native)", Self::title(params)),
            Twin::Emulated => format!(
                "{} (FAP on the emulated IBM 7090, firstmoves)",
                Self::title(params)
            ),
        }
    }

    /// The answer as a move search's result.
    fn result(answer: &Self::Answer) -> SearchResult;

    /// The UCI `option` lines (defaults those of `Params::default()`).
    fn options() -> Vec<String>;

    /// `setoption name NAME value VALUE` (also the command line's program flags).
    fn set_option(params: &mut Self::Params, name: &str, value: &str) -> Result<(), String>;

    /// The settings for `go depth N` (default: the program's own depth rule stands).
    fn at_depth(params: &Self::Params, _depth: usize) -> Self::Params {
        params.clone()
    }

    /// The native twin's answer, giving up when `cancel` is set: then `Err` with what it had
    /// (the best move so far, if any, and the positions examined), as `so_far` reads the
    /// emulated twin's. A program whose search is short is not interrupted.
    fn native_until(
        p: &Position,
        params: &Self::Params,
        _cancel: &Cancel,
    ) -> Result<Self::Answer, SearchResult> {
        Ok(Self::native(p, params))
    }

    /// What an emulated run stopped before the program answered had found, read from the
    /// machine's store: the best move so far where the program keeps one (with its line and
    /// value), and the positions examined, as the program counts them.
    fn so_far(program: &Program, m: &Machine, p: &Position, params: &Self::Params) -> SearchResult;

    /// UCI's `depth` for an answer: by default the program's own reading of depth, which
    /// both twins must give alike (a program whose printout gives none defines it from what
    /// the printout does give).
    fn uci_depth(r: &SearchResult, _params: &Self::Params) -> usize {
        r.depth
    }

    /// The `info string` when the program gave no move and the engine plays the first legal
    /// one in the canonical order.
    fn no_move_note(_params: &Self::Params) -> String {
        "the program gave no move: the move played is the first legal one in the canonical \
         order"
            .into()
    }

    /// The settings of the next move of a game, after `answer` (SOMA's coin goes on).
    fn next(_params: &mut Self::Params, _answer: &Self::Answer) {}

    /// The UCI `score` of `r` for position `p`, in centipawns or mate.
    fn score(p: &Position, r: &SearchResult, params: &Self::Params) -> String;

    /// Program fields of `chess best --json` for the emulated twin beside the common ones.
    fn emulated_fields(_answer: &Self::Answer) -> ProgramFields {
        ProgramFields::default()
    }

    /// The cross-check's problems: `positions` positions drawn from `seed`, each under the
    /// settings the program is checked with (`params` where the program has one setting).
    fn cases(positions: usize, seed: u64, params: &Self::Params) -> Vec<Case<Self::Params>>;

    /// A case's settings in a mismatch's report (`rules`, `seed`; `full_plies`, `ratio`).
    fn case_fields(_params: &Self::Params) -> CaseSettings {
        CaseSettings::default()
    }

    /// An answer in a mismatch's report.
    fn answer_json(answer: &Self::Answer) -> Answer {
        Answer::Text(answer.to_string())
    }

    /// The cross-check's budget a problem in machine cycles, beyond which the problem is
    /// listed as over budget and not compared (None: the program's own budget; a run that
    /// reaches it is a mismatch).
    fn crosscheck_cycles() -> Option<u64> {
        None
    }

    /// The program's period figures (`chess period`) on `twin` (the emulated one on `clock`'s
    /// machine), if it has any.
    fn period(_twin: Twin, _clock: Clock) -> Option<Result<Figures, FiguresError>> {
        None
    }
}

/// Figures a program reports beside its period sources (Kotok's `chess period`).
#[derive(Clone, Debug)]
pub struct Figures {
    pub json: PeriodReport,
    pub text: String,
}

/// Why a program's period figures could not be had.
pub type FiguresError = Box<dyn std::error::Error + Send + Sync>;

/// Settings from (option, value) pairs over the program's defaults.
pub fn params_from<P: Player>(settings: &[(String, String)]) -> Result<P::Params, String> {
    let mut params = P::Params::default();
    for (name, value) in settings {
        P::set_option(&mut params, name, value)?;
    }
    Ok(params)
}

/// Either twin of a player behind the UCI engine trait. The emulated twin runs each `go` as
/// one problem deck on the machine and adds the period time to the info line.
#[derive(Debug)]
pub struct TwinEngine<P: Player> {
    pub params: P::Params,
    twin: Twin,
    /// The emulated twin's machine (UCI option `Cpu`) and its bound (UCI option `Timing`).
    clock: Clock,
    /// The most period time an emulated search may take, in whole seconds (UCI option
    /// `PeriodBudget`; 0: the program's own budget only).
    budget_seconds: u64,
    /// The last search ran out of that budget.
    over_budget: bool,
    last: LastRun,
    /// How the last search ended other than with the program's own answer.
    ended: Ended,
}

/// How a search ended, for the `info string` after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum Ended {
    /// With the program's answer.
    #[default]
    Answered,
    /// With the program's answer, which had no move: the first legal one is played (the
    /// program's note says why, under the settings of the search).
    NoMove(String),
    /// Stopped; the best move so far is played.
    StoppedWithMove,
    /// Stopped before the program had a move: the first legal one is played.
    StoppedWithout,
}

impl<P: Player> Clone for TwinEngine<P> {
    fn clone(&self) -> Self {
        TwinEngine {
            params: self.params.clone(),
            twin: self.twin,
            clock: self.clock,
            budget_seconds: self.budget_seconds,
            over_budget: self.over_budget,
            last: self.last.clone(),
            ended: self.ended.clone(),
        }
    }
}

/// The largest `PeriodBudget`: a day of period time.
const MAX_BUDGET_SECONDS: u64 = 86_400;

impl<P: Player> TwinEngine<P> {
    /// The emulated run's budget: the program's own, and the period-time budget in cycles
    /// (2.18 us each on the 7090) when one is set.
    fn limits(&self, params: &P::Params) -> Limits {
        let mut limits = P::limits(params);
        if self.budget_seconds > 0 {
            let cycles = self.budget_seconds * 1_000_000_000_000 / self.clock.cpu.cycle_ps();
            limits.max_cycles = Some(limits.max_cycles.map_or(cycles, |c| c.min(cycles)));
        }
        limits
    }

    /// Whether the last search's move is the first legal one, played for want of the
    /// program's.
    fn move_owed(&self) -> bool {
        matches!(self.ended, Ended::NoMove(_) | Ended::StoppedWithout)
    }

    pub fn new(twin: Twin, params: P::Params) -> TwinEngine<P> {
        TwinEngine {
            params,
            twin,
            clock: Clock::default(),
            budget_seconds: 0,
            over_budget: false,
            last: LastRun::default(),
            ended: Ended::Answered,
        }
    }
}

/// A search that gave no move where legal moves exist (MATER without a mate, a search
/// stopped before its first move) owes one: the first legal move in the canonical order, the
/// rest of the search (the positions examined) as it was; true when the move was owed.
fn owe_a_move(p: &Position, r: &mut SearchResult) -> bool {
    if r.best.is_some() {
        return false;
    }
    let Some(&m) = legal_moves(p).first() else {
        return false;
    };
    r.best = Some(m);
    r.pv = vec![m];
    r.value = 0;
    true
}

/// The answer of a search given up before the program answered: what it had, and a move
/// owed when it had none.
fn stopped(p: &Position, mut so_far: SearchResult) -> (SearchResult, Ended) {
    let ended = if owe_a_move(p, &mut so_far) {
        Ended::StoppedWithout
    } else {
        Ended::StoppedWithMove
    };
    (so_far, ended)
}

impl<P: Player> Engine for TwinEngine<P> {
    fn name(&self) -> String {
        P::engine_name(&self.params, self.twin)
    }

    fn author(&self) -> String {
        P::AUTHOR.into()
    }

    fn search(&mut self, p: &Position, depth: Option<usize>) -> SearchResult {
        self.search_until(p, depth, &Cancel::never())
    }

    fn search_until(
        &mut self,
        p: &Position,
        depth: Option<usize>,
        cancel: &Cancel,
    ) -> SearchResult {
        let params = match depth {
            Some(d) => P::at_depth(&self.params, d),
            None => self.params.clone(),
        };
        self.ended = Ended::Answered;
        self.over_budget = false;
        let answered = |ended: &mut Ended, mut r: SearchResult| {
            if owe_a_move(p, &mut r) {
                *ended = Ended::NoMove(P::no_move_note(&params));
            }
            r
        };
        match self.twin {
            Twin::Native => match P::native_until(p, &params, cancel) {
                Ok(answer) => {
                    P::next(&mut self.params, &answer);
                    answered(&mut self.ended, P::result(&answer))
                }
                Err(so_far) => {
                    let (r, ended) = stopped(p, so_far);
                    self.ended = ended;
                    r
                }
            },
            Twin::Emulated => {
                match run_until::<P>(p, &params, self.limits(&params), self.clock, cancel) {
                    Ok(Err(halted)) => {
                        let (r, ended) = stopped(p, halted.so_far);
                        self.ended = ended;
                        self.last
                            .keep(Ok::<_, EmulatedError>((r, halted.emulated_seconds)))
                    }
                    Err(EmulatedError::UnexpectedStop { reason, .. })
                        if self.budget_seconds > 0
                            && reason == emu::ibm7090::Stop::CycleBudget.reason() =>
                    {
                        // Out of period time before the program answered: a move is owed, as
                        // when a GUI's clock stops the search.
                        self.over_budget = true;
                        self.last = LastRun::default();
                        self.ended = Ended::StoppedWithout;
                        stopped(p, SearchResult::none()).0
                    }
                    Ok(Ok(r)) => {
                        P::next(&mut self.params, &r.answer);
                        let answer = (
                            answered(&mut self.ended, P::result(&r.answer)),
                            r.outcome.emulated_seconds,
                        );
                        self.last.keep(Ok::<_, EmulatedError>(answer))
                    }
                    Err(e) => self.last.keep(Err(e)),
                }
            }
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        // Every program's twins are one engine: `Engine` switches between them (the command
        // line's `--engine`), assembling the FAP program when it is first wanted.
        if name.eq_ignore_ascii_case("engine") {
            self.twin = match value.trim().to_ascii_lowercase().as_str() {
                "native" => Twin::Native,
                "emulated" => {
                    assembled::<P>().map_err(|e| format!("Engine emulated: {e}"))?;
                    Twin::Emulated
                }
                _ => return Err(format!("Engine: `{value}` is not native or emulated")),
            };
            // The last emulated run's figures belong to that twin, not to the next search.
            self.last = LastRun::default();
            return Ok(());
        }
        // Every program's emulated runs are timed alike: `Timing` picks the I/O bound (the
        // command line's `--timing`).
        if name.eq_ignore_ascii_case("periodbudget") {
            self.budget_seconds = value
                .trim()
                .parse()
                .ok()
                .filter(|&s: &u64| s <= MAX_BUDGET_SECONDS)
                .ok_or_else(|| {
                    format!(
                        "PeriodBudget: `{value}` is not a whole number of seconds from 0 to \
                         {MAX_BUDGET_SECONDS}"
                    )
                })?;
            return Ok(());
        }
        if name.eq_ignore_ascii_case("timing") {
            self.clock.bound = Bound::from_name(&value.trim().to_ascii_lowercase())
                .ok_or_else(|| format!("Timing: `{value}` is not low, nominal or high"))?;
            self.last = LastRun::default();
            return Ok(());
        }
        // `Cpu` picks the machine of the family (the command line's `--cpu`).
        if name.eq_ignore_ascii_case("cpu") {
            self.clock.cpu = emu::ibm7090::Model::from_name(value.trim())
                .ok_or_else(|| format!("Cpu: `{value}` is not 709, 7090 or 7094"))?;
            self.last = LastRun::default();
            return Ok(());
        }
        P::set_option(&mut self.params, name, value)
    }

    fn options(&self) -> Vec<String> {
        let twin = match self.twin {
            Twin::Native => "native",
            Twin::Emulated => "emulated",
        };
        let mut o = vec![format!(
            "option name Engine type combo default {twin} var native var emulated"
        )];
        o.push(format!(
            "option name Timing type combo default {} var low var nominal var high",
            self.clock.bound.name()
        ));
        o.push(format!(
            "option name PeriodBudget type spin default {} min 0 max {MAX_BUDGET_SECONDS}",
            self.budget_seconds
        ));
        o.push(format!(
            "option name Cpu type combo default {} var 709 var 7090 var 7094",
            self.clock.cpu.name()
        ));
        o.extend(P::options());
        o
    }

    fn info_extra(&self) -> Option<String> {
        if self.over_budget {
            return Some(format!(
                "period-time budget of {} s spent before the program answered: the move is \
                 the first legal one",
                self.budget_seconds
            ));
        }
        let note = match &self.ended {
            Ended::Answered => None,
            Ended::NoMove(why) => Some(why.clone()),
            Ended::StoppedWithMove => Some(
                "stopped before the program answered: the move is the best of the moves it \
                 had searched to the end, nodes the positions it had examined"
                    .to_string(),
            ),
            Ended::StoppedWithout => Some(
                "stopped before the program had a move: the move played is the first legal one \
                 in the canonical order, nodes the positions it had examined"
                    .to_string(),
            ),
        };
        match (note, self.last.info_extra()) {
            // The note last: python-chess keeps the last `info string` of a search.
            (Some(n), Some(e)) if self.twin == Twin::Emulated => Some(format!("{e}\n{n}")),
            (Some(n), _) => Some(n),
            (None, e) => e,
        }
    }

    fn score(&self, p: &Position, r: &SearchResult) -> String {
        if self.move_owed() {
            // The move played is not the program's: it has no reading of it.
            return "cp 0".into();
        }
        P::score(p, r, &self.params)
    }

    /// 0 when the move played is not the program's (it searched no line to it).
    fn depth(&self, r: &SearchResult) -> usize {
        if self.move_owed() {
            return 0;
        }
        P::uci_depth(r, &self.params)
    }
}

/// `chess best`: a twin's answer for one position.
#[derive(Clone, Debug)]
pub struct Best {
    pub result: SearchResult,
    /// The emulated run (None for the native twin).
    pub outcome: Option<Outcome>,
    /// The program's own fields of the emulated answer (`Player::emulated_fields`).
    pub fields: ProgramFields,
    /// The emulated run's cycles under each I/O bound, when asked for.
    pub spread: Option<Spread>,
}

impl Best {
    /// The answer as `chess best` prints it without `--json`: the printer's lines of the
    /// emulated run and its period time, or the same block from the native twin.
    pub fn text(&self, p: &Position) -> String {
        match &self.outcome {
            None => printer::figure1(p, &self.result),
            Some(out) => {
                let mut s = String::new();
                for l in &out.printed {
                    s.push_str(l.trim_end());
                    s.push('\n');
                }
                s.push_str(&format!(
                    "EMULATED {} TIME  {:.1} S ({} CYCLES)\n",
                    out.cpu.name(),
                    out.emulated_seconds,
                    out.cycles
                ));
                s
            }
        }
    }
}

/// `P`'s answer for `p` from the chosen twin.
/// The emulated twin's run is on `clock`'s machine, timed with its bound; with `spread` it
/// runs under the other two bounds as well.
pub fn best<P: Player>(
    p: &Position,
    params: &P::Params,
    twin: Twin,
    clock: Clock,
    spread: bool,
) -> Result<Best, EmulatedError> {
    Ok(match twin {
        Twin::Native => Best {
            result: P::result(&P::native(p, params)),
            outcome: None,
            fields: ProgramFields::default(),
            spread: None,
        },
        Twin::Emulated => {
            let r = run_with::<P>(p, params, P::limits(params), clock)?;
            let spread = if spread {
                Some(spread_of::<P>(p, params, &r.outcome)?)
            } else {
                None
            };
            Best {
                result: P::result(&r.answer),
                fields: P::emulated_fields(&r.answer),
                outcome: Some(r.outcome),
                spread,
            }
        }
    })
}
