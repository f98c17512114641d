//! The registry: the playing programs, one row each. The command line (`chess best`, `uci`,
//! `crosscheck`, `cards`, `match`, `bench 7090 --program`, `timing --program`) finds a program
//! here by name and reaches it through `Entry`, which every `Player` has by the blanket
//! implementation below; adding a program is its folder under `programs/chess/src/`, its FAP
//! file and one row.

use std::marker::PhantomData;

use emu::{Bound, Spread};

use super::board::Position;
use super::crosscheck::{crosscheck, CrosscheckTiming, Report};
use super::emulated::profile::profile;
use super::emulated::{problem_deck, Clock, EmulatedError, Outcome, Program};
use super::fen::parse_fen;
use super::kotok::Kotok;
use super::mater::program::Mater;
use super::program::{
    assembled, best, params_from, spread_of, Alias, Best, Figures, FiguresError, Flag, Player,
    Settings, Source, Twin, TwinEngine,
};
use super::report::crosscheck::Crosscheck;
use super::soma::Soma;
use super::turochamp::Turochamp;
use super::uci::Engine;
use harness::progress::Progress;
use harness::shard::Shard;

/// The rows, in the order `--help` lists them; the first is the program the commands take
/// when none is named. Every list of programs the command line, its tests, its fuzzer and its
/// documents keep is made from these rows (or checked against them).
pub static PLAYERS: &[&dyn Entry] = &[
    &Row::<Kotok>(PhantomData),
    &Row::<Soma>(PhantomData),
    &Row::<Turochamp>(PhantomData),
    &Row::<Mater>(PhantomData),
];

/// A program by its name or an alias, with the settings the alias stands for.
pub fn find(name: &str) -> Option<(&'static dyn Entry, Settings)> {
    PLAYERS.iter().find_map(|e| {
        if e.name() == name {
            return Some((*e, Vec::new()));
        }
        e.aliases().iter().find(|(a, _)| *a == name).map(|(_, s)| {
            let settings = s.iter().map(|(k, v)| (k.to_string(), v.to_string()));
            (*e, settings.collect())
        })
    })
}

/// The names commands take, aliases included, comma-separated.
pub fn names() -> String {
    let mut out = Vec::new();
    for e in PLAYERS {
        out.push(e.name().to_string());
        out.extend(e.aliases().iter().map(|(a, _)| a.to_string()));
    }
    out.join(", ")
}

/// Why a program could not answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ProgramError {
    /// A setting the program does not have or does not take.
    #[error("{0}")]
    Setting(String),
    /// The emulated run: assembly, the card, the machine's stop, the printout.
    #[error(transparent)]
    Emulated(#[from] EmulatedError),
}

/// A finished cross-check, whatever the program.
pub trait CrosscheckReport {
    /// The report as `--json` prints it (`host_seconds` the caller's measurement).
    fn report(&self, host_seconds: f64) -> Crosscheck;
    fn text(&self) -> String;
    fn mismatches(&self) -> usize;
    /// Each finished emulated run's seconds in problem order (for `--shard`).
    fn seconds(&self) -> &[f64];
    /// The finished runs' cycles under each I/O bound, summed, if asked for.
    fn spread(&self) -> Option<Spread>;
}

impl<P: Player> CrosscheckReport for Report<P> {
    fn report(&self, host_seconds: f64) -> Crosscheck {
        Report::report(self, host_seconds)
    }

    fn text(&self) -> String {
        Report::text(self)
    }

    fn seconds(&self) -> &[f64] {
        &self.seconds
    }

    fn spread(&self) -> Option<Spread> {
        self.spread
    }

    fn mismatches(&self) -> usize {
        self.mismatches.len()
    }
}

/// What the commands ask of a program. Settings are (option, value) pairs in the program's UCI
/// option names, applied over its defaults.
pub trait Entry: Sync {
    fn name(&self) -> &'static str;
    fn about(&self) -> &'static str;
    fn aliases(&self) -> &'static [Alias];
    /// The option that seeds the program's coin, if it has one.
    fn seed_option(&self) -> Option<&'static str>;
    /// The UCI `option` lines.
    fn options(&self) -> Vec<String>;
    /// The command line's flags for its options.
    fn flags(&self) -> &'static [Flag];
    /// Its FAP source.
    fn source(&self) -> Source;
    /// What `firstmoves timing --program` runs, in words.
    fn timing_run(&self) -> &'static str;
    /// Check settings without running anything.
    fn check(&self, settings: &[(String, String)]) -> Result<(), ProgramError>;
    /// Assemble the FAP program now, so a broken one is reported before the first move.
    fn assemble(&self) -> Result<(), ProgramError>;
    /// The program assembled.
    fn program(&self) -> Result<&'static Program, ProgramError>;
    /// Either twin behind the UCI engine trait.
    fn engine(
        &self,
        twin: Twin,
        settings: &[(String, String)],
    ) -> Result<Box<dyn Engine>, ProgramError>;
    /// The answer `ask` asks for (see [`Ask`]).
    fn best(&self, ask: &Ask) -> Result<Best, ProgramError>;
    /// The program assembled and the deck of one problem, for a run on another machine
    /// (`bench 7090 --program` gives them to SIMH).
    fn problem(
        &self,
        p: &Position,
        settings: &[(String, String)],
    ) -> Result<(&'static Program, String), ProgramError>;
    /// The program's period figures (`chess period`), if it has any.
    fn period(&self, twin: Twin, clock: Clock) -> Option<Result<Figures, FiguresError>>;
    /// The problem of `firstmoves timing --program` (`Player::timing_problem`) run on the
    /// emulated 7090 with the profile on, and its cycles under the three I/O bounds.
    fn timing(&self) -> Result<Timed, ProgramError>;
    /// The cross-check `run` asks for (see [`CrosscheckRun`]).
    fn crosscheck(
        &self,
        run: &CrosscheckRun,
        progress: &mut dyn Progress,
    ) -> Result<Box<dyn CrosscheckReport>, ProgramError>;
}

/// What `Entry::best` answers: either twin's answer for `position` under `settings`; the
/// emulated run timed with `timing`'s bound, and with its `spread` under all three I/O bounds.
#[derive(Clone, Copy, Debug)]
pub struct Ask<'a> {
    pub position: &'a Position,
    pub twin: Twin,
    pub settings: &'a [(String, String)],
    pub timing: CrosscheckTiming,
}

/// What `Entry::crosscheck` runs: `positions` positions drawn from `seed` under `settings`, on
/// `jobs` threads (the report is the same for every `jobs`); only the problems of `shard`. The
/// emulated runs are timed with `timing`'s bound, and with its `spread` under all three.
#[derive(Clone, Copy, Debug)]
pub struct CrosscheckRun<'a> {
    pub positions: usize,
    pub seed: u64,
    pub settings: &'a [(String, String)],
    pub shard: Shard,
    pub jobs: usize,
    pub timing: CrosscheckTiming,
}

/// `Entry::timing`'s run: what the problem is, the program's answer, the profiled run, and its
/// cycles under the three I/O bounds (the CPU's are the same under every bound).
pub struct Timed {
    pub run: &'static str,
    pub answer: String,
    pub outcome: Outcome,
    pub profile: emu::ibm7090::Profile,
    pub cycles: Spread,
}

/// The registry row of a player.
pub struct Row<P>(pub PhantomData<fn() -> P>);

impl<P: Player> Row<P> {
    fn params(&self, settings: &[(String, String)]) -> Result<P::Params, ProgramError> {
        params_from::<P>(settings).map_err(ProgramError::Setting)
    }
}

impl<P: Player> Entry for Row<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn about(&self) -> &'static str {
        P::ABOUT
    }

    fn aliases(&self) -> &'static [Alias] {
        P::ALIASES
    }

    fn seed_option(&self) -> Option<&'static str> {
        P::SEED_OPTION
    }

    fn options(&self) -> Vec<String> {
        P::options()
    }

    fn flags(&self) -> &'static [Flag] {
        P::FLAGS
    }

    fn source(&self) -> Source {
        P::SOURCE
    }

    fn timing_run(&self) -> &'static str {
        P::TIMING_RUN
    }

    fn check(&self, settings: &[(String, String)]) -> Result<(), ProgramError> {
        self.params(settings).map(|_| ())
    }

    fn assemble(&self) -> Result<(), ProgramError> {
        assembled::<P>()?;
        Ok(())
    }

    fn program(&self) -> Result<&'static Program, ProgramError> {
        Ok(assembled::<P>()?)
    }

    fn engine(
        &self,
        twin: Twin,
        settings: &[(String, String)],
    ) -> Result<Box<dyn Engine>, ProgramError> {
        let params = self.params(settings)?;
        if twin == Twin::Emulated {
            self.assemble()?;
        }
        Ok(Box::new(TwinEngine::<P>::new(twin, params)))
    }

    fn best(&self, ask: &Ask) -> Result<Best, ProgramError> {
        let params = self.params(ask.settings)?;
        let t = ask.timing;
        Ok(best::<P>(
            ask.position,
            &params,
            ask.twin,
            t.clock(),
            t.spread,
        )?)
    }

    fn problem(
        &self,
        p: &Position,
        settings: &[(String, String)],
    ) -> Result<(&'static Program, String), ProgramError> {
        let card = P::card(&self.params(settings)?).map_err(EmulatedError::Params)?;
        Ok((
            assembled::<P>()?,
            problem_deck(p, &card).map_err(EmulatedError::from)?,
        ))
    }

    fn period(&self, twin: Twin, clock: Clock) -> Option<Result<Figures, FiguresError>> {
        P::period(twin, clock)
    }

    fn timing(&self) -> Result<Timed, ProgramError> {
        let (fen, params) = P::timing_problem();
        let p = parse_fen(fen)
            .map_err(|e| ProgramError::Setting(format!("the timing problem's position: {e}")))?;
        let r = profile::<P>(&p, &params, Bound::Nominal).map_err(ProgramError::Emulated)?;
        let cycles = spread_of::<P>(&p, &params, &r.outcome).map_err(ProgramError::Emulated)?;
        Ok(Timed {
            run: P::TIMING_RUN,
            answer: r.answer.to_string(),
            outcome: r.outcome,
            profile: r.profile,
            cycles,
        })
    }

    fn crosscheck(
        &self,
        run: &CrosscheckRun,
        progress: &mut dyn Progress,
    ) -> Result<Box<dyn CrosscheckReport>, ProgramError> {
        let params = self.params(run.settings)?;
        // The card of the settings and the program itself, before the first problem runs.
        P::card(&params).map_err(|e| ProgramError::Emulated(EmulatedError::Params(e)))?;
        self.assemble()?;
        let cases = P::cases(run.positions, run.seed, &params);
        let cases = &cases[run.shard.range(cases.len())];
        Ok(Box::new(crosscheck::<P>(
            run.positions,
            run.seed,
            cases,
            run.jobs,
            run.timing,
            progress,
        )))
    }
}
