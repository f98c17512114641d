//! `firstmoves chess match`: our programs against each other and against external UCI
//! engines, games written to PGN as they finish. docs/chess-match.md has the choices.

use std::fs::File;
use std::io::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context};
use chess::matchplay::{
    self, parse_openings, pgn, EnginePlayer, GameOptions, MatchOptions, Played, Player, UciConfig,
    UciPlayer,
};
use chess::registry;
use chess::report::matchplay::{GameRow, MatchReport, MatchRun, MatchShard, SideSeconds};
use chess::uci::Engine;
use chess::{parse_fen, Position};
use harness::progress::{each_in_order, Progress};
use harness::shard::Shard;

use super::EngineArg;

/// The programs that toss a coin (they have a seed option).
fn coin_programs() -> impl Iterator<Item = &'static dyn registry::Entry> {
    registry::PLAYERS
        .iter()
        .copied()
        .filter(|e| e.seed_option().is_some())
}

/// The default seed of a coin in a match: the first coin-tossing program's own default (its
/// UCI option line's), or 0.
fn default_seed() -> u64 {
    coin_programs()
        .find_map(|e| {
            let option = e.seed_option()?;
            let prefix = format!("option name {option} type ");
            let line = e.options().into_iter().find(|l| l.starts_with(&prefix))?;
            let (_, default) = line.split_once(" default ")?;
            default.split_whitespace().next()?.parse().ok()
        })
        .unwrap_or(0)
}

fn white_help() -> String {
    format!(
        "The first player: a program of the registry ({}), optionally as `native:P` or \
         `emulated:P`, or `uci:COMMAND` for an external UCI engine (e.g. `uci:stockfish`). White \
         in game 1; the score is counted from its side",
        registry::names()
    )
}

fn seed_help() -> String {
    let names: Vec<String> = coin_programs().map(|e| format!("{}'s", e.name())).collect();
    format!(
        "The seed of a program's coin ({}): game g (from 1) seeds White's coin with S + 2(g-1) \
         and Black's with S + 2(g-1) + 1",
        names.join(", ")
    )
}

#[derive(clap::Args)]
pub struct MatchArgs {
    #[arg(long, help = white_help())]
    pub white: String,
    /// The second player, named as --white.
    #[arg(long)]
    pub black: String,
    /// Games to play (1 to 100,000).
    #[arg(long, default_value_t = 2, value_parser = crate::cmd::usize_within(1, 100_000))]
    pub games: usize,
    /// Swap colours every game (each opening is then played once with each colour).
    #[arg(long)]
    pub alternate: bool,
    /// The start position of every game (FEN); default: the initial position.
    #[arg(long, conflicts_with = "openings")]
    pub fen: Option<String>,
    /// Start positions, one a line: a FEN or UCI moves from the initial position; `#` comments.
    #[arg(long)]
    pub openings: Option<String>,
    /// Full moves after which a game is adjudicated a draw (0: no cap; at most 10,000).
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub max_moves: u32,
    #[arg(long, default_value_t = default_seed(), help = seed_help())]
    pub seed: u64,
    /// Write the games here, each as it finishes.
    #[arg(long)]
    pub pgn: Option<String>,
    /// One JSON object at the end: players, score, and per game result, termination, plies.
    #[arg(long)]
    pub json: bool,
    /// Which twin plays our programs (`native:P` or `emulated:P` as a player name sets it for
    /// one side).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// For external engines: `setoption`, as "NAME=VALUE" (repeatable).
    #[arg(long = "uci-option", value_name = "NAME=VALUE")]
    pub uci_options: Vec<String>,
    /// For external engines: `go movetime MS` (100 when neither this nor --depth is given; at
    /// most an hour).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// For external engines: `go depth D` (1 to 100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// For external engines: the longest wait in seconds for an answer (beyond the movetime);
    /// an engine that does not answer in time loses the game.
    #[arg(long, default_value_t = 30.0, value_parser = crate::cmd::seconds_within(0.1, 86_400.0))]
    pub timeout: f64,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
    /// Games played at once (default: every core; 1 with a `uci:` player, which refuses more:
    /// an external engine's moves depend on the time it gets). Each game's players are built
    /// for it alone, so the games, the PGN and the report are the same for every N.
    #[arg(long, value_parser = crate::cmd::usize_within(1, 1024))]
    pub jobs: Option<usize>,
    /// Play only the K-th of N equal slices of the games (rounds keep their numbers), for
    /// spreading a match over machines; `firstmoves merge` combines the N JSON reports into the
    /// whole match's (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

/// Our program `name` (a registry name or alias) as an engine for the games, native or
/// emulated, its coin (if it has one) seeded with `seed`.
fn program(
    name: &str,
    engine: EngineArg,
    seed: u64,
    bound: emu::Bound,
    cpu: emu::ibm7090::Model,
) -> anyhow::Result<Box<dyn Engine>> {
    let Some((entry, mut settings)) = registry::find(name) else {
        bail!(
            "`{name}`: not a program ({}) or uci:COMMAND",
            registry::names()
        );
    };
    if let Some(option) = entry.seed_option() {
        settings.push((option.to_string(), seed.to_string()));
    }
    let mut e = entry.engine(engine.twin(), &settings)?;
    e.set_option("Timing", bound.name())
        .map_err(anyhow::Error::msg)?;
    e.set_option("Cpu", cpu.name())
        .map_err(anyhow::Error::msg)?;
    Ok(e)
}

/// The player named `name`; `colour` (0 for --white, 1 for --black) picks its coin seeds.
fn player(a: &MatchArgs, name: &str, colour: u64) -> anyhow::Result<Box<dyn Player>> {
    if let Some(command) = name.strip_prefix("uci:") {
        let mut config = UciConfig::new(command);
        for o in &a.uci_options {
            let Some((n, v)) = o.split_once('=') else {
                bail!("--uci-option `{o}`: not NAME=VALUE");
            };
            config
                .options
                .push((n.trim().to_string(), v.trim().to_string()));
        }
        config.movetime = a.movetime;
        config.depth = a.depth;
        config.timeout = Duration::from_secs_f64(a.timeout);
        return Ok(Box::new(UciPlayer::start(config)?));
    }
    // `native:P` or `emulated:P` picks the twin for this side alone.
    let (name, engine) = match name.split_once(':') {
        Some(("native", p)) => (p, EngineArg::Native),
        Some(("emulated", p)) => (p, EngineArg::Emulated),
        _ => (name, a.engine),
    };
    // Fail here, before any game, on a bad name or a missing twin.
    let (bound, cpu) = (a.timing.bound(), a.cpu.cpu);
    program(name, engine, a.seed, bound, cpu)?;
    let (name, seed) = (name.to_string(), a.seed);
    // The seat in game g is White's when (g even or no --alternate) for --white: the seed
    // follows the colour played, so a game replays alone from its number.
    let alternate = a.alternate;
    let make = move |g: usize| {
        let is_white = (colour == 0) == (!alternate || g & 1 == 0);
        let s = seed.wrapping_add(2 * g as u64 + u64::from(!is_white));
        program(&name, engine, s, bound, cpu).expect("checked above")
    };
    Ok(Box::new(EnginePlayer::new(Box::new(make), None)))
}

/// Today (UTC) as PGN writes a date, from the system clock by the civil-from-days algorithm.
fn today() -> String {
    let Ok(d) = SystemTime::now().duration_since(UNIX_EPOCH) else {
        return "????.??.??".into();
    };
    let z = (d.as_secs() / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn openings(a: &MatchArgs) -> anyhow::Result<Vec<Position>> {
    if let Some(f) = &a.fen {
        return Ok(vec![parse_fen(f).with_context(|| format!("--fen `{f}`"))?]);
    }
    let Some(file) = &a.openings else {
        return Ok(Vec::new());
    };
    let text = crate::cmd::read_input(std::path::Path::new(file), crate::cmd::Kind::Source)?;
    match parse_openings(&text) {
        Ok(o) if o.is_empty() => bail!("{file}: no opening in it"),
        Ok(o) => Ok(o),
        Err(e) => bail!("{file}:{}:{}: {}", e.line, e.column, e.message),
    }
}

/// How many games run at once: `--jobs`, or every core; an external engine plays one game at a
/// time (its moves depend on the host time it gets, so games beside each other would not be
/// the games played alone).
fn jobs(a: &MatchArgs) -> anyhow::Result<usize> {
    let external = [&a.white, &a.black]
        .into_iter()
        .find(|p| p.starts_with("uci:"));
    match (a.jobs, external) {
        (Some(n), Some(p)) if n > 1 => bail!(
            "--jobs {n}: `{p}` is an external engine, whose games are played one at a time \
             (its moves depend on the time it gets); use --jobs 1, or --shard to spread the games"
        ),
        (_, Some(_)) => Ok(1),
        (Some(n), None) => Ok(n),
        (None, None) => Ok(crate::cmd::Jobs { jobs: None }.get()),
    }
}

pub fn run(a: MatchArgs) -> anyhow::Result<()> {
    let jobs = jobs(&a)?;
    let opts = MatchOptions {
        games: a.games,
        alternate: a.alternate,
        openings: openings(&a)?,
        game: GameOptions {
            max_moves: a.max_moves,
        },
    };
    let mut first = player(&a, &a.white, 0).with_context(|| format!("--white {}", a.white))?;
    let mut second = player(&a, &a.black, 1).with_context(|| format!("--black {}", a.black))?;
    let mut out = match &a.pgn {
        Some(p) => Some(File::create(p).with_context(|| format!("cannot write {p}"))?),
        None => None,
    };
    let date = today();
    let mut rows = Vec::new();
    let mut progress = crate::progress::Reporter::new("match");
    let mut score = matchplay::Score::default();
    let mut on_game = |p: Played| {
        score.add(&p);
        let g = &p.game;
        if let (Some(f), Some(path)) = (out.as_mut(), &a.pgn) {
            let header = pgn::Header {
                event: format!("firstmoves chess match {} vs {}", a.white, a.black),
                site: "firstmoves".into(),
                date: date.clone(),
                round: (p.index + 1).to_string(),
            };
            f.write_all(pgn::write(g, &header).as_bytes())
                .and_then(|_| f.flush())
                .with_context(|| format!("cannot write {path}"))?;
        }
        if !a.json {
            print_game(&p);
        }
        rows.push(game_row(&p, &a));
        anyhow::Ok(())
    };
    let games: Vec<usize> = a.shard.unwrap_or(Shard::WHOLE).range(opts.games).collect();
    if jobs == 1 {
        // The same two players throughout (an external engine keeps its process).
        for (done, &g) in games.iter().enumerate() {
            on_game(matchplay::play_one(
                first.as_mut(),
                second.as_mut(),
                &opts,
                g,
            ))?;
            progress.update(done + 1, games.len());
        }
    } else {
        drop((first, second));
        // Each game with players of its own, built on its thread: a program's engine is
        // rebuilt for every game anyway (`EnginePlayer::new_game`), so this is the same game.
        let play = |&g: &usize| -> anyhow::Result<Played> {
            let mut first = player(&a, &a.white, 0)?;
            let mut second = player(&a, &a.black, 1)?;
            Ok(matchplay::play_one(
                first.as_mut(),
                second.as_mut(),
                &opts,
                g,
            ))
        };
        each_in_order(&games, jobs, &mut progress, play, |p| on_game(p?))?;
    }
    drop(progress);
    if a.json {
        crate::cmd::output::print_json(report(&a, rows, &score))?;
    } else {
        println!(
            "{} vs {}: +{} ={} -{}, score {:.1}/{} for {}",
            a.white,
            a.black,
            score.wins,
            score.draws,
            score.losses,
            score.points(),
            opts.games,
            a.white
        );
    }
    Ok(())
}

/// A finished game as its line of text.
fn print_game(p: &Played) {
    let g = &p.game;
    let mut emulated = String::new();
    for (side, s) in ["White", "Black"].iter().zip(g.emulated_seconds) {
        if let Some(s) = s {
            emulated += &format!("; {side} {s:.1} s emulated");
        }
    }
    println!(
        "game {}: {} - {}  {}  ({}, {} plies{emulated})",
        p.index + 1,
        g.white,
        g.black,
        g.outcome.pgn(),
        g.reason(),
        g.moves.len()
    );
}

/// A finished game as the report's row.
fn game_row(p: &Played, a: &MatchArgs) -> GameRow {
    let g = &p.game;
    GameRow {
        round: p.index + 1,
        white: g.white.clone(),
        black: g.black.clone(),
        first_is_white: p.first_is_white,
        result: g.outcome.into(),
        termination: (&g.termination).into(),
        reason: g.reason(),
        plies: g.moves.len(),
        emulated_seconds: SideSeconds {
            white: g.emulated_seconds[0],
            black: g.emulated_seconds[1],
        },
        pgn: a.pgn.clone(),
    }
}

/// The match's report: the players, the games' rows, the score; a shard's what makes shards of
/// one match.
fn report(a: &MatchArgs, games: Vec<GameRow>, score: &matchplay::Score) -> MatchReport {
    let engine = match a.engine {
        EngineArg::Native => chess::report::Engine::Native,
        EngineArg::Emulated => chess::report::Engine::Emulated,
    };
    MatchReport {
        white: a.white.clone(),
        black: a.black.clone(),
        engine,
        timing: a.timing.bound().into(),
        games,
        wins: score.wins,
        draws: score.draws,
        losses: score.losses,
        score: score.points(),
        pgn: a.pgn.clone(),
        shard: a.shard.map(|shard| MatchShard {
            k: shard.k,
            n: shard.n,
            // What makes shards of one match: every setting a game depends on, the machine
            // of the emulated players when not the 7090, and the binary.
            run: MatchRun {
                command: "chess match".into(),
                white: a.white.clone(),
                black: a.black.clone(),
                games: a.games,
                alternate: a.alternate,
                fen: a.fen.clone(),
                openings: a.openings.clone(),
                max_moves: a.max_moves,
                seed: a.seed,
                engine,
                timing: a.timing.bound().into(),
                uci_options: a.uci_options.clone(),
                movetime: a.movetime,
                depth: a.depth,
                version: crate::VERSION.into(),
                cpu: (a.cpu.cpu != emu::ibm7090::Model::Ibm7090)
                    .then(|| a.cpu.cpu.name().to_string()),
            },
            seconds: Vec::new(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_looks_like_a_pgn_date() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert!(d.starts_with("20"), "{d}");
        assert_eq!(&d[4..5], ".");
    }
}
