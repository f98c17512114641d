//! `firstmoves bench campaign`: one campaign (the chess cross-check) on one thread and on every
//! core, in alternating rounds, the host time of each, the median speed-up, and whether the
//! reports are all the same (they must be: the report does not depend on `--jobs`). A
//! benchmark, never a test of speed.

use std::time::Instant;

use anyhow::Context;
use chess::crosscheck::CrosscheckTiming;
use chess::registry::CrosscheckRun;
use harness::report::bench::{CampaignBenchReport, CampaignRound};
use harness::shard::Shard;

/// The seed of the positions (the cross-check's default).
const SEED: u64 = 1;

/// One run's report, as text and JSON less its host time, the host seconds it took and the
/// CPU seconds of all this process's threads meanwhile (where the host tells them).
struct Run {
    text: String,
    json: serde_json::Value,
    host: f64,
    cpu: Option<f64>,
}

/// CPU time of this process so far, all threads, finished ones included (Linux:
/// /proc/self/stat's utime and stime, in the kernel's fixed 100 ticks a second).
fn process_cpu_seconds() -> Option<f64> {
    let [utime, stime] = super::self_stat_ticks([11, 12])?;
    Some((utime + stime) as f64 / 100.0)
}

fn run_at(
    program: &str,
    positions: usize,
    jobs: usize,
    bound: emu::Bound,
    label: &'static str,
) -> anyhow::Result<Run> {
    let entry = crate::cmd::chess::program(program)?;
    let mut progress = crate::progress::Reporter::new(label);
    let cpu0 = process_cpu_seconds();
    let started = Instant::now();
    let r = entry
        .crosscheck(
            &CrosscheckRun {
                positions,
                seed: SEED,
                settings: &[],
                shard: Shard::WHOLE,
                jobs,
                timing: CrosscheckTiming {
                    cpu: emu::ibm7090::Model::Ibm7090,
                    bound,
                    spread: false,
                },
            },
            &mut progress,
        )
        .with_context(|| program.to_string())?;
    let host = started.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    drop(progress);
    let mut json =
        serde_json::to_value(r.report(host)).expect("a report of plain fields serialises");
    if let Some(o) = json.as_object_mut() {
        o.remove("host_seconds");
    }
    Ok(Run {
        text: r.text(),
        json,
        host,
        cpu,
    })
}

/// Rounds of (`--jobs 1`, every core), alternated so that the host's load falls on both alike:
/// one pair of runs on this host moved from 1.61x to 2.17x between runs (docs/scale.md).
const ROUNDS: usize = super::simh::ROUNDS;

/// Run the campaign at `--jobs 1` and on every core, `ROUNDS` times in turn, print the
/// figures (the median round's, every round's speed-up); exit status 1 when any report
/// differs from the first.
pub fn run(program: &str, positions: usize, json: bool, bound: emu::Bound) -> anyhow::Result<()> {
    let all = crate::cmd::Jobs { jobs: None }.get();
    // Assembled once before either clock starts, so neither run pays for it.
    crate::cmd::chess::program(program)?
        .assemble()
        .with_context(|| program.to_string())?;
    let mut rounds: Vec<(Run, Run)> = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let one = run_at(program, positions, 1, bound, "jobs 1")?;
        let many = run_at(program, positions, all, bound, "jobs all")?;
        rounds.push((one, many));
    }
    let first = &rounds[0].0;
    let identical = rounds
        .iter()
        .flat_map(|(a, b)| [a, b])
        .all(|r| r.json == first.json && r.text == first.text);
    let speed_ups: Vec<f64> = rounds.iter().map(|(a, b)| a.host / b.host).collect();
    let median = super::median_index(&speed_ups);
    let (one, many) = &rounds[median];
    let speed_up = speed_ups[median];
    let command =
        format!("chess crosscheck --program {program} --positions {positions} --seed {SEED}");
    if json {
        crate::cmd::output::print_json_pretty(CampaignBenchReport {
            campaign: command.clone(),
            program: program.to_string(),
            positions,
            seed: SEED,
            timing: bound.into(),
            jobs: all,
            host_seconds_jobs_1: one.host,
            host_seconds_jobs_all: many.host,
            cpu_seconds_jobs_1: one.cpu,
            cpu_seconds_jobs_all: many.cpu,
            speed_up,
            rounds: rounds
                .iter()
                .zip(&speed_ups)
                .map(|((a, b), &s)| CampaignRound {
                    host_seconds_jobs_1: a.host,
                    host_seconds_jobs_all: b.host,
                    speed_up: s,
                })
                .collect(),
            identical,
        })?;
    } else {
        println!("campaign: {command}");
        // CPU over host time: how many cores the host gave the run.
        let cpu = |r: &Run| match r.cpu {
            Some(c) => format!(", {c:.2} s CPU ({:.2} cores)", c / r.host),
            None => String::new(),
        };
        for (i, (a, b)) in rounds.iter().enumerate() {
            println!(
                "round {}: --jobs 1 {:.2} s host{}; --jobs {all} {:.2} s host{}; speed-up {:.2}x",
                i + 1,
                a.host,
                cpu(a),
                b.host,
                cpu(b),
                speed_ups[i]
            );
        }
        let (lo, hi) = speed_ups
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &s| (lo.min(s), hi.max(s)));
        println!(
            "speed-up: {speed_up:.2}x (median of {ROUNDS} rounds; {lo:.2}-{hi:.2}; wall clock, \
             other load on the host counts)"
        );
        println!(
            "reports (host time removed): {}",
            if identical { "identical" } else { "DIFFER" }
        );
    }
    if !identical {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::median_index;

    #[test]
    fn the_median_round_is_the_middle_speed_up() {
        assert_eq!(median_index(&[1.61, 2.17, 1.87]), 2);
        assert_eq!(median_index(&[1.9]), 0);
        assert_eq!(median_index(&[2.0, 1.0, 3.0, 4.0]), 2);
    }
}
