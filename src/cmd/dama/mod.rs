//! `firstmoves dama ...`: Findler's dama, one file per subcommand: the rules (`rules.rs`: moves,
//! show, perft), the native engines (`best.rs`, `play.rs`, `learn.rs`, `match.rs`,
//! `bench.rs`) and the program in SILLIAC orders on the emulated SILLIAC (`exhibition.rs` with
//! its report in `report.rs`, `crosscheck.rs`, `replay.rs`).

use anyhow::Context;
use dama::search::Setting;
use dama::Position;

mod bench;
mod best;
mod crosscheck;
mod exhibition;
mod learn;
mod r#match;
mod play;
mod replay;
mod report;
mod rules;

#[derive(clap::Subcommand)]
pub enum DamaCommand {
    /// List the legal moves of a position, one a line, in canonical order.
    Moves(rules::MovesArgs),
    /// Draw a position, with its phase, rank number and the state of the game.
    Show(rules::ShowArgs),
    /// Findler's search: the move, its value (the figure of merit Findler calls C(1)) and the
    /// positions examined.
    Best(best::BestArgs),
    /// Play one game between two strategies and print the record.
    Play(play::PlayArgs),
    /// Findler's learning process for the weights of the six figures of merit.
    Learn(learn::LearnArgs),
    /// Many games between two strategies from random openings, sides swapped.
    Match(r#match::MatchArgs),
    /// Positions per second of the faithful and fast engines; time of one move.
    Bench(bench::BenchArgs),
    /// Count move paths from a position (perft), fast and optionally slow generator.
    Perft(rules::PerftArgs),
    /// Findler's program on the emulated SILLIAC against native opponents.
    Exhibition(exhibition::ExhibitionArgs),
    /// Compare the emulated SILLIAC program with the native engine move by move.
    Crosscheck(crosscheck::CrosscheckArgs),
    /// Step through one board's game record (from --record or --report) with the period time
    /// of each of SILLIAC's moves.
    Replay(replay::ReplayArgs),
}

/// `--position`, shared by the commands that take a position.
#[derive(clap::Args)]
pub struct At {
    /// Position `A:1,..,8/B:25,..,32/A` (the side to move last); default: the start.
    #[arg(long)]
    pub position: Option<String>,
}

impl At {
    /// The start position unless `--position` is given.
    pub fn get(&self) -> anyhow::Result<Position> {
        match &self.position {
            None => Ok(Position::start()),
            Some(t) => t
                .parse()
                .with_context(|| format!("--position `{t}` is not a dama position")),
        }
    }
}

/// The setting language of every dama command (`--select`, and `findler:SETTING` in the
/// strategies): one parser, `Setting`'s, and its one error.
pub fn setting_arg(text: &str) -> Result<Setting, String> {
    text.parse()
        .map_err(|e: dama::search::SettingError| e.to_string())
}

/// What the exhibition and the cross-check both take: the seed, the machine's setting, the
/// report's form.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Seed of the random choices (the opponents', or the random positions).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The machine's setting: demo (a3+b3), selective, or aN+bM (a1..a3 with b1..b4).
    #[arg(long, value_name = "SETTING", default_value = "demo", value_parser = setting_arg)]
    pub select: Setting,
    /// One JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
}

pub fn run(command: DamaCommand) -> anyhow::Result<()> {
    match command {
        DamaCommand::Moves(args) => rules::moves(args),
        DamaCommand::Show(args) => rules::show(args),
        DamaCommand::Best(args) => best::run(args),
        DamaCommand::Play(args) => play::run(args),
        DamaCommand::Learn(args) => learn::run(args),
        DamaCommand::Match(args) => r#match::run(args),
        DamaCommand::Bench(args) => bench::run(args),
        DamaCommand::Perft(args) => rules::perft(args),
        DamaCommand::Exhibition(args) => exhibition::run(args),
        DamaCommand::Crosscheck(args) => crosscheck::run(args),
        DamaCommand::Replay(args) => replay::run(args),
    }
}
