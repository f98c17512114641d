//! `firstmoves dama play`: one game between two strategies, and its record.

use anyhow::Context;
use dama::{parse_strategy, play_from};

use super::At;

#[derive(clap::Args)]
pub struct PlayArgs {
    /// Player A (moves first): findler[:SETTING] (SETTING as for --select: demo, selective,
    /// aN+bM), findler-faithful[:SETTING],
    /// grand[:A2,A2',A3,A4,A5,A6][@K], greedy, random[:SEED].
    #[arg(long, default_value = "findler")]
    pub a: String,
    /// Player B, same forms.
    #[arg(long, default_value = "greedy")]
    pub b: String,
    /// Seed for `random` players without their own seed (B gets seed + 1).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub at: At,
    /// Print the record as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let mut a = parse_strategy(&args.a, args.seed).context("--a")?;
    let mut b = parse_strategy(&args.b, args.seed.wrapping_add(1)).context("--b")?;
    let start = args.at.get()?;
    let record = play_from(a.as_mut(), b.as_mut(), start)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&record)?);
    } else {
        println!("{record}");
    }
    Ok(())
}
