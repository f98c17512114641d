//! `firstmoves chess ...`: one file per subcommand. The playing programs come from the registry
//! (`chess::registry`): `--program` takes any name there, and a program's settings
//! reach it as its UCI options, from `--option NAME=VALUE` or the flags named after them.

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
mod uci;

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

/// Which program, which twin, and its settings: what `best`, `uci` and `cards` take.
#[derive(clap::Args)]
pub struct Which {
    #[arg(long, default_value = "kotok", value_parser = program_names())]
    pub program: String,
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    #[command(flatten)]
    pub search: SearchOpts,
    #[command(flatten)]
    pub other: ProgramOpts,
    #[command(flatten)]
    pub timing: crate::cmd::timing::TimingArg,
}

impl Which {
    /// The program's entry and the settings the flags give.
    pub fn program(&self) -> anyhow::Result<(&'static dyn Entry, Given)> {
        let mut g = self.search.given()?;
        self.other.add(&mut g);
        Ok((program(&self.program)?, g))
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
                bound: self.timing.bound(),
                spread,
            },
        }
    }
}

/// Kotok's settings as flags (the memo's input parameters).
#[derive(clap::Args)]
pub struct SearchOpts {
    /// Kotok: plausible moves kept at each ply (the memo's input parameters; default
    /// 4,3,2,2,1,1,1,1,0,0). Option `Widths`.
    #[arg(long, value_delimiter = ',')]
    pub widths: Option<Vec<usize>>,
    /// Kotok: plain minimax, as on the 709 in spring 1961 (same move and value, more
    /// positions). Option `AlphaBeta=false`.
    #[arg(long)]
    pub no_alpha_beta: bool,
    /// Kotok: the first ply at which a stable position ends the search (default 4; 0 to 32).
    /// Option `StableFrom`.
    #[arg(long, value_parser = crate::cmd::usize_within(0, 32))]
    pub stable_from: Option<usize>,
    /// A program's option by its UCI name, e.g. `Widths=4,3,2` or `Rules=somac1966`
    /// (repeatable); `chess uci` lists a program's options after `uci`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// The one-move programs' settings as flags.
#[derive(clap::Args)]
pub struct ProgramOpts {
    /// SOMA's rule set: soma1961 (the New Scientist text) or somac1966 (the 1966 appendix).
    /// Option `Rules`.
    #[arg(long)]
    pub rules: Option<String>,
    /// The seed of SOMA's coin (ties; default 1961). Option `Seed`.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Turochamp: plies in which every move is considerable (the typescript: 2; 1 to 24).
    /// Option `FullPlies`.
    #[arg(long, value_parser = crate::cmd::usize_within(1, 24))]
    pub full_plies: Option<usize>,
    /// Turochamp: value dead positions by W - B instead of Turing's W/B. Option
    /// `Material=difference`.
    #[arg(long)]
    pub difference: bool,
}

/// The settings the flags give: (option, value) pairs, and the flags as given, for messages.
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub settings: Vec<(String, String)>,
    pub flags: Vec<String>,
}

impl Given {
    fn push(&mut self, flag: String, option: &str, value: String) {
        // Messages quote the flag, not a whole list someone generated.
        let flag = match flag.char_indices().nth(60) {
            Some((cut, _)) => format!("{}...", &flag[..cut]),
            None => flag,
        };
        self.flags.push(flag);
        self.settings.push((option.to_string(), value));
    }

    /// What an error of `program` with these settings is about: the program and the flags.
    pub fn context(&self, program: &str) -> String {
        if self.flags.is_empty() {
            program.to_string()
        } else {
            format!("{program} with {}", self.flags.join(" "))
        }
    }
}

impl SearchOpts {
    /// The settings of these flags, in the order given here.
    pub fn given(&self) -> anyhow::Result<Given> {
        let mut g = Given::default();
        self.add(&mut g)?;
        Ok(g)
    }

    fn add(&self, g: &mut Given) -> anyhow::Result<()> {
        if let Some(w) = &self.widths {
            let w: Vec<String> = w.iter().map(usize::to_string).collect();
            g.push(format!("--widths {}", w.join(",")), "Widths", w.join(" "));
        }
        if self.no_alpha_beta {
            g.push("--no-alpha-beta".into(), "AlphaBeta", "false".into());
        }
        if let Some(n) = self.stable_from {
            g.push(format!("--stable-from {n}"), "StableFrom", n.to_string());
        }
        for o in &self.options {
            let (n, v) = o
                .split_once('=')
                .with_context(|| format!("--option `{o}`: not NAME=VALUE"))?;
            g.push(format!("--option {o}"), n.trim(), v.trim().to_string());
        }
        Ok(())
    }
}

impl ProgramOpts {
    fn add(&self, g: &mut Given) {
        if let Some(r) = &self.rules {
            g.push(format!("--rules {r}"), "Rules", r.clone());
        }
        if let Some(s) = self.seed {
            g.push(format!("--seed {s}"), "Seed", s.to_string());
        }
        if let Some(n) = self.full_plies {
            g.push(format!("--full-plies {n}"), "FullPlies", n.to_string());
        }
        if self.difference {
            g.push("--difference".into(), "Material", "difference".into());
        }
    }
}
