//! `firstmoves dama crosscheck`: the program on the emulated SILLIAC against the native
//! faithful engine on random reachable positions, spread over threads or shards.

use anyhow::bail;
use dama::crosscheck::{
    crosscheck_with, CrosscheckCommand, CrosscheckJson, CrosscheckRun, CrosscheckRunId,
    CrosscheckShard,
};
use harness::shard::Shard;

use super::RunArgs;

#[derive(clap::Args)]
pub struct CrosscheckArgs {
    /// Number of random reachable positions (machine to move as A), 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = crate::cmd::usize_within(1, 1_000_000))]
    pub positions: usize,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub jobs: crate::cmd::Jobs,
    /// Run only the K-th of N equal slices of the random positions (1 <= K <= N; the start
    /// position is the first slice's), for spreading the campaign over machines; `firstmoves
    /// merge` combines the N JSON reports into the whole run's (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

pub fn run(args: CrosscheckArgs) -> anyhow::Result<()> {
    let run = CrosscheckRun {
        positions: args.positions,
        seed: args.run.seed,
        setting: args.run.select,
        timing: args.run.timing.bound(),
        shard: args.shard.unwrap_or(Shard::WHOLE),
        jobs: args.jobs.get(),
    };
    let r = crosscheck_with(&run, &mut crate::progress::Reporter::new("crosscheck"))?;
    if args.run.json {
        // What makes shards of one run: the command, the campaign, the binary.
        let shard = args.shard.map(|shard| CrosscheckShard {
            k: shard.k,
            n: shard.n,
            run: CrosscheckRunId {
                command: CrosscheckCommand::DamaCrosscheck,
                positions: r.positions,
                seed: r.seed,
                setting: r.setting.clone(),
                timing: args.run.timing.bound().into(),
                version: crate::VERSION.to_string(),
            },
            figures: r.figures(),
        });
        let report = CrosscheckJson {
            shard,
            ..r.report()
        };
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json(report)?;
    } else {
        println!(
            "crosscheck: {} random positions (seed {}, setting {}) on the emulated SILLIAC and the native faithful engine",
            r.positions, r.seed, r.setting
        );
        println!(
            "mismatches: {}   positions examined {}   emulated {:.1} s   host {:.2} s",
            r.mismatches.len(),
            r.positions_examined,
            r.emulated_ns as f64 / 1e9,
            r.host_seconds
        );
        println!(
            "period time under the timing bounds (--timing {}): {}",
            args.run.timing.bound().name(),
            crate::cmd::bounds::seconds_text(r.period)
        );
        for m in &r.mismatches {
            println!("  {m}");
        }
    }
    if !r.mismatches.is_empty() {
        bail!("{} mismatches", r.mismatches.len());
    }
    Ok(())
}
