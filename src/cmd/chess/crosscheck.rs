//! `firstmoves chess crosscheck`: a program's FAP twin on the emulated 7090 against its native
//! twin on the program's own problems; exit status 1 on any mismatch.

use std::time::Instant;

use anyhow::Context;

use chess::crosscheck::CrosscheckTiming;
use chess::registry::CrosscheckRun;
use chess::report::crosscheck::{CrosscheckShard, CrosscheckShardRun};
use harness::shard::Shard;

use super::{default_program, program, program_names, ProgramFlags};

#[derive(clap::Args)]
pub struct CrosscheckArgs {
    /// Which chess program (the registry's; see the values below).
    #[arg(long, default_value = default_program(), value_parser = program_names())]
    pub program: String,
    /// How many positions, 1 to 1,000,000 (the middle-game set and random play; each program
    /// tries each under the settings it is checked with).
    #[arg(long, default_value_t = 20, value_parser = crate::cmd::usize_within(1, 1_000_000))]
    pub positions: usize,
    /// The seed the positions (and a program's coins) are drawn from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub settings: ProgramFlags,
    /// One JSON object: the program, positions, problems, mismatches (with both answers),
    /// emulated seconds.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: crate::cmd::Jobs,
    #[command(flatten)]
    pub timing: crate::cmd::bounds::TimingArg,
    #[command(flatten)]
    pub cpu: crate::cmd::run::ibm7090::CpuArg,
    /// Run only the K-th of N equal slices of the problems (1 <= K <= N), for spreading a
    /// campaign over machines; `firstmoves merge` combines the N JSON reports into the whole
    /// run's (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

pub fn run(a: CrosscheckArgs) -> anyhow::Result<()> {
    let entry = program(&a.program)?;
    let mut progress = crate::progress::Reporter::new("crosscheck");
    let started = Instant::now();
    let g = a.settings.given()?;
    let r = entry
        .crosscheck(
            &CrosscheckRun {
                positions: a.positions,
                seed: a.seed,
                settings: &g.settings,
                shard: a.shard.unwrap_or(Shard::WHOLE),
                jobs: a.jobs.get(),
                timing: CrosscheckTiming {
                    cpu: a.cpu.cpu,
                    bound: a.timing.bound(),
                    // The other two bounds' runs only for the JSON's spread.
                    spread: a.json,
                },
            },
            &mut progress,
        )
        .with_context(|| g.context(&a.program))?;
    drop(progress);
    let host = started.elapsed().as_secs_f64();
    if a.json {
        let mut report = r.report(host);
        report.shard = a.shard.map(|shard| CrosscheckShard {
            k: shard.k,
            n: shard.n,
            // What makes shards of one run: the command, the settings, the binary, and the
            // machine when not the 7090, so that shards of two machines do not merge.
            run: CrosscheckShardRun {
                command: "chess crosscheck".into(),
                settings: g.settings.clone(),
                timing: a.timing.bound().into(),
                version: crate::VERSION.into(),
                cpu: (a.cpu.cpu != emu::ibm7090::Model::Ibm7090)
                    .then(|| a.cpu.cpu.name().to_string()),
            },
            seconds: r.seconds().to_vec(),
            // Summed in cycles, so the merged spread is the whole run's to the bit.
            cycles_spread: r.spread().map(Into::into),
        });
        crate::cmd::output::print_json(report)?;
    } else {
        print!("{}", r.text());
    }
    if r.mismatches() > 0 {
        std::process::exit(1);
    }
    Ok(())
}
