//! `firstmoves dama match`: many games between two strategies from random openings, sides
//! swapped, spread over threads or shards.

use anyhow::Context;
use dama::learn::{play_match_with, MatchOptions};
use dama::parse_strategy;
use dama::report::{MatchCommand, MatchJson, MatchRun, ShardOf};
use harness::shard::Shard;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// One strategy (same forms as `play`).
    #[arg(long)]
    pub x: String,
    /// The other strategy.
    #[arg(long)]
    pub y: String,
    /// Pairs of games (1 to 100,000); each pair starts from one random opening, played with
    /// sides swapped.
    #[arg(long, default_value_t = 50, value_parser = crate::cmd::usize_within(1, 100_000))]
    pub pairs: usize,
    /// Random half-moves before the strategies take over (0 to 200).
    #[arg(long, default_value_t = 4, value_parser = crate::cmd::usize_within(0, 200))]
    pub opening: usize,
    /// Seed of the random opening half-moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON object: the strategies, the pairs and the wins, losses and draws of each.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: crate::cmd::Jobs,
    /// Play only the K-th of N equal slices of the pairs (1 <= K <= N), for spreading the match
    /// over machines; `firstmoves merge` combines the N JSON reports into the whole match's
    /// (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    // Check both texts once, so that the factories below cannot fail.
    parse_strategy(&args.x, args.seed).context("--x")?;
    parse_strategy(&args.y, args.seed).context("--y")?;
    let (x, y, seed) = (args.x.clone(), args.y.clone(), args.seed);
    let r = play_match_with(
        &|| parse_strategy(&x, seed).expect("checked above"),
        &|| parse_strategy(&y, seed.wrapping_add(1)).expect("checked above"),
        &MatchOptions {
            pairs: args.pairs,
            opening: args.opening,
            seed: args.seed,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            jobs: args.jobs.get(),
        },
        &mut crate::progress::Reporter::new("match"),
    )?;
    if args.json {
        // What makes shards of one match: the command, the match, the binary.
        let shard = args.shard.map(|shard| ShardOf {
            k: shard.k,
            n: shard.n,
            run: MatchRun {
                command: MatchCommand::DamaMatch,
                x: args.x.clone(),
                y: args.y.clone(),
                pairs: args.pairs,
                opening: args.opening,
                seed: args.seed,
                version: crate::VERSION.to_string(),
            },
        });
        // Through a map, so its keys are sorted as a merge of shards prints them.
        crate::cmd::output::print_json_pretty(MatchJson { result: r, shard })?;
    } else {
        println!(
            "{} games from {}-half-move random openings (seed {}): {} won {}, {} won {}; the first mover won {}, {} ended blocked",
            r.games, args.opening, args.seed, r.x, r.x_wins, r.y, r.y_wins, r.first_mover_wins, r.blocked_ends
        );
    }
    Ok(())
}
