//! `firstmoves dama learn`: Findler's learning process for the weights of the six figures of
//! merit.

use anyhow::{bail, Context};
use dama::fom::Weights;
use dama::learn::{learn_with, LearnOptions};

#[derive(clap::Args)]
pub struct LearnArgs {
    /// Seed of the generator that says whether each variant moves its weight up or down.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// At most this many iterations (1 to 10,000).
    #[arg(long, default_value_t = 10, value_parser = crate::cmd::usize_within(1, 10_000))]
    pub iterations: usize,
    /// How far a variant moves one weight (a positive number up to 100).
    #[arg(long, default_value_t = 0.25, value_parser = mesh)]
    pub mesh: f64,
    /// The starting weights of the figure of merit (Findler's first base set): a2,a2',a3,a4,
    /// a5,a6, with a1 = 1.
    #[arg(long)]
    pub start: Option<String>,
    /// Look-ahead of every player in half-moves (1..6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=6))]
    pub depth: u32,
    /// Play every board twice with the sides swapped; the variant must win both.
    #[arg(long)]
    pub both_sides: bool,
    /// Print the whole report as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: crate::cmd::Jobs,
}

/// `--mesh`: a positive finite step, at most 100.
fn mesh(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(m) if m.is_finite() && m > 0.0 && m <= 100.0 => Ok(m),
        _ => Err(format!("{text} is not a positive number up to 100")),
    }
}

pub fn run(args: LearnArgs) -> anyhow::Result<()> {
    if !(args.mesh.is_finite() && args.mesh > 0.0) {
        bail!("--mesh {}: must be a positive number", args.mesh);
    }
    if !(1..=6).contains(&args.depth) {
        bail!("--depth {}: must be 1..6", args.depth);
    }
    let start = match &args.start {
        None => Weights::default(),
        Some(t) => t.parse::<Weights>().context("--start")?,
    };
    let opts = LearnOptions {
        start,
        mesh: args.mesh,
        iterations: args.iterations,
        depth: args.depth,
        seed: args.seed,
        both_sides: args.both_sides,
    };
    let report = learn_with(
        &opts,
        args.jobs.get(),
        &mut crate::progress::Reporter::new("learn"),
    )?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "learning: seed {} mesh {} depth {}{}; weights a2,a2',a3,a4,a5,a6 (a1 = 1)",
        report.seed,
        report.mesh,
        report.depth,
        if report.both_sides {
            ", both sides"
        } else {
            ""
        }
    );
    for (i, it) in report.iterations.iter().enumerate() {
        println!("iteration {i}: base {}", it.base);
        for (j, t) in it.trials.iter().enumerate() {
            let games: Vec<String> = t
                .games
                .iter()
                .map(|g| {
                    format!(
                        "variant as {}: {} in {} ({:?}, loser lacks {})",
                        g.variant_side,
                        if g.variant_won { "won" } else { "lost" },
                        g.half_moves,
                        g.end,
                        g.loser_deficit
                    )
                })
                .collect();
            println!(
                "  variant {} ({} {:+}): {}{}",
                j + 1,
                t.changed,
                t.delta,
                games.join("; "),
                if it.chosen == Some(j) {
                    "  <- chosen"
                } else {
                    ""
                }
            );
        }
    }
    println!(
        "final {} ({})",
        report.final_weights,
        if report.converged {
            "no variant beat it"
        } else {
            "iteration limit reached"
        }
    );
    Ok(())
}
