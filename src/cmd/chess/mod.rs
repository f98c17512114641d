//! `firstmoves chess ...`: one file per subcommand. The playing programs come from the registry
//! (`chess::registry`): `--program` takes any name there, and a program's settings reach it as
//! its UCI options, from `--option NAME=VALUE` or the flags it declares (`settings.rs`).

use anyhow::Context;
use chess::crosscheck::CrosscheckTiming;
use chess::program::Twin;
use chess::registry::{self, Ask, Entry};
use chess::{parse_fen, Position};
use clap::builder::{PossibleValue, PossibleValuesParser};

mod best;
mod cards;
mod crosscheck;
mod r#match;
mod mate;
mod perft;
mod period;
mod settings;
mod uci;

pub use settings::{Given, ProgramFlags};

#[derive(clap::Subcommand)]
pub enum ChessCommand {
    /// The program's move for a position: move, value, principal variation, positions examined.
    Best(best::BestArgs),
    /// Count leaf positions `depth` plies down (perft).
    Perft(perft::PerftArgs),
    /// Speak UCI on standard input and output.
    Uci(uci::UciArgs),
    /// A program on the emulated 7090 against its native twin, problem by problem (exit status
    /// 1 on any mismatch).
    Crosscheck(crosscheck::CrosscheckArgs),
    /// Read problems from cards in INITIA's language and print each answer as the printer does.
    Cards(cards::CardsArgs),
    /// The period comparison: positions examined per move on the middle-game set, with and
    /// without alpha-beta, and minutes at the memo's 1,100 positions a minute.
    Period(period::PeriodArgs),
    /// MATER I or II: search for a mating combination (found, line, positions examined).
    Mate(mate::MateArgs),
    /// MATER I and II on the 1,001 BWTC positions beside Stockfish's table.
    MateCampaign(mate::MateCampaignArgs),
    /// Play programs and UCI engines against each other; PGN as the games finish.
    Match(r#match::MatchArgs),
}

pub fn run(command: ChessCommand) -> anyhow::Result<()> {
    match command {
        ChessCommand::Best(a) => best::run(a),
        ChessCommand::Perft(a) => perft::run(a),
        ChessCommand::Uci(a) => uci::run(a),
        ChessCommand::Crosscheck(a) => crosscheck::run(a),
        ChessCommand::Cards(a) => cards::run(a),
        ChessCommand::Period(a) => period::run(a),
        ChessCommand::Mate(a) => mate::mate(a),
        ChessCommand::MateCampaign(a) => mate::mate_campaign(a),
        ChessCommand::Match(a) => r#match::run(a),
    }
}

/// Which twin runs the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// The Rust twin.
    Native,
    /// The FAP program on the emulated 7090.
    Emulated,
}

impl EngineArg {
    pub fn twin(self) -> Twin {
        match self {
            EngineArg::Native => Twin::Native,
            EngineArg::Emulated => Twin::Emulated,
        }
    }
}

/// `--program`: the registry's names, each with its one-line description.
pub fn program_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        registry::PLAYERS
            .iter()
            .map(|e| PossibleValue::new(e.name()).help(e.about())),
    )
}

/// The registry's entry of a name `program_names` accepted.
pub fn program(name: &str) -> anyhow::Result<&'static dyn Entry> {
    registry::find(name)
        .map(|(e, _)| e)
        .with_context(|| format!("no program `{name}` ({})", registry::names()))
}

/// The position of `--fen`, or the initial position.
pub fn position(fen: &Option<String>) -> anyhow::Result<Position> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => parse_fen(f).with_context(|| format!("--fen `{f}`")),
    }
}

/// `firstmoves chess`'s line in the command list, naming the registry's programs.
pub fn about() -> String {
    let names: Vec<&str> = registry::PLAYERS.iter().map(|e| e.name()).collect();
    format!(
        "Chess: the programs ({}) natively and on the emulated 7090, perft, cross-checks, UCI, \
         matches",
        names.join(", ")
    )
}

/// The program the commands take when none is named: the registry's first.
pub fn default_program() -> &'static str {
    registry::PLAYERS[0].name()
}

/// Which program, which twin, and its settings: what `best`, `uci` and `cards` take.
#[derive(clap::Args)]
pub struct Which {
    /// Which chess program (the registry's; see the values below).
    #[arg(long, default_value = default_program(), value_parser = program_names())]
    pub program: String,
    /// Which twin runs it: `native` (the Rust twin, the default) or `emulated` (the FAP
    /// program on the emulated 7090, with its period time).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[command(flatten)]
    pub settings: ProgramFlags,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
}

impl Which {
    /// The program's entry and the settings the flags give.
    pub fn program(&self) -> anyhow::Result<(&'static dyn Entry, Given)> {
        Ok((program(&self.program)?, self.settings.given()?))
    }

    /// The flags' question about `position` under `settings`; `spread`: the emulated run under
    /// all three I/O bounds too.
    pub fn ask<'a>(
        &self,
        position: &'a Position,
        settings: &'a [(String, String)],
        spread: bool,
    ) -> Ask<'a> {
        Ask {
            position,
            twin: self.engine.twin(),
            settings,
            timing: CrosscheckTiming {
                cpu: self.cpu.cpu,
                bound: self.timing.bound(),
                spread,
            },
        }
    }
}
