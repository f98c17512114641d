//! `firstmoves dama exhibition`: Findler's program in SILLIAC orders on the emulated SILLIAC
//! against native opponents, every move checked against the native faithful engine; the same
//! games under the other two timing bounds beside it, and the report (`report.rs`) or the
//! terminal view.

use std::path::PathBuf;

use anyhow::{bail, Context};
use dama::exhibition::{self as ex, plot_svg, ExhibitionOptions, ExhibitionReport};
use dama::report::{BoundFigures, ByBound, ExhibitionJson};
use dama::times::TimeStats;

use super::report::{figures, print_report, spread_text, write_report, Evidence};
use super::RunArgs;

#[derive(clap::Args)]
pub struct ExhibitionArgs {
    /// Number of boards (1-25).
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u8).range(1..=25))]
    pub boards: u8,
    /// Opponent strategies, comma-separated, cycled over the boards (findler, grand, greedy,
    /// random, findler:a1+b1, random:7, ...; separated by `;` instead when grand's weights
    /// are given: grand:1,1,0.5,0.2,0.5,0.05@3;greedy). Default: a different player at every board
    /// (Findler's search in 10 settings, the grand strategy at several depths and weights,
    /// greedy, random players seeded from --seed), so the 25 games differ; the report names
    /// each board's opponent.
    #[arg(long)]
    pub opponents: Option<String>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Write a game record per board into this directory as the games go.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Replay the records in --record DIR into a fresh machine, then continue.
    #[arg(long, requires = "record")]
    pub resume: bool,
    /// Write an SVG of the move-time distribution beside Findler's 10-150 s band.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Leave the whole evidence in this directory: the game records (records/, unless --record
    /// names another place), report.json, times.svg, crosscheck.svg, phases.md (the phase table) and index.md
    /// tying them together.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Watch and play on a terminal: the boards, SILLIAC's registers and store.
    /// The same exhibition loop as the report: --record writes the same records, --resume
    /// continues them.
    #[arg(long, conflicts_with_all = ["json", "plot", "report"])]
    pub tui: bool,
    /// With --tui: period time shown a host second (1 = SILLIAC's own speed, 60 = a period
    /// minute a second) or max (as fast as this machine emulates).
    #[arg(long, default_value = "max", requires = "tui")]
    pub pace: crate::console::exhibition::Pace,
    /// With --tui: you play B on board N from the start (repeatable).
    #[arg(long, value_name = "N", requires = "tui")]
    pub human: Vec<u8>,
}

/// Why `text` is no strategy, if it is none (the seed does not change whether it is one).
fn strategy_error(text: &str) -> Option<dama::strategy::StrategyError> {
    dama::parse_strategy(text, 0).err()
}

/// What to play, from the arguments (shared by the report and the terminal view).
fn options(args: &ExhibitionArgs) -> anyhow::Result<ExhibitionOptions> {
    Ok(ExhibitionOptions {
        boards: args.boards,
        opponents: match &args.opponents {
            None => ex::DEFAULT_OPPONENTS
                .iter()
                .map(|s| s.to_string())
                .collect(),
            // `;` separates when present, so grand's comma-separated weights can be given. Each
            // item is a strategy text as it stands: an empty one or one with blanks is refused.
            Some(list) => {
                let items: Vec<String> = list
                    .split(if list.contains(';') { ';' } else { ',' })
                    .map(str::to_string)
                    .collect();
                if let Some(e) = items.iter().find_map(|s| strategy_error(s)) {
                    anyhow::bail!("--opponents `{list}`: {e}");
                }
                items
            }
        },
        seed: args.run.seed,
        setting: args.run.select,
        record_dir: args
            .record
            .clone()
            .or_else(|| args.report.as_ref().map(|d| d.join("records"))),
        resume: args.resume,
        timing: args.run.timing.bound(),
    })
}

pub fn run(args: ExhibitionArgs) -> anyhow::Result<()> {
    let opts = options(&args)?;
    if args.tui {
        return crate::console::exhibition::run(opts, args.pace, &args.human);
    }
    // The report is the fold of the exhibition loop's events; beside it the same games under
    // the other two bounds (no records written), for the move times' spread.
    let (r, others) = with_other_bounds(&opts)?;
    for w in &r.repaired {
        eprintln!("firstmoves: warning: {w}");
    }
    if let Some(plot) = &args.plot {
        std::fs::write(plot, plot_svg(&r))
            .with_context(|| format!("writing {}", plot.display()))?;
    }
    if let Some(dir) = &args.report {
        let records = match &opts.record_dir {
            Some(d) if args.record.is_some() => d.display().to_string(),
            _ => "records".to_string(),
        };
        let evidence = Evidence {
            seed: args.run.seed,
            opponents: args.opponents.as_deref(),
            records,
        };
        write_report(dir, &evidence, &r)?;
    }
    if args.run.json {
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json(exhibition_json(&r, &others))?;
    } else {
        print_report(&r);
        print_bounds(&r, &others);
    }
    if !r.mismatches.is_empty() {
        bail!(
            "{} mismatches between the emulated program and the native engine",
            r.mismatches.len()
        );
    }
    Ok(())
}

/// The exhibition under `opts.timing`, and (unless it resumes records, which only the first run
/// may read) the same games under the other two bounds, run beside it on other threads. The
/// games must be the same move for move: nothing SILLIAC does depends on its clock.
fn with_other_bounds(
    opts: &ExhibitionOptions,
) -> anyhow::Result<(ExhibitionReport, Vec<ExhibitionReport>)> {
    let others: Vec<emu::Bound> = if opts.resume {
        Vec::new()
    } else {
        emu::Bound::ALL
            .into_iter()
            .filter(|&b| b != opts.timing)
            .collect()
    };
    let (r, rest) = std::thread::scope(|s| -> anyhow::Result<_> {
        let handles: Vec<_> = others
            .iter()
            .map(|&b| {
                let o = ExhibitionOptions {
                    timing: b,
                    record_dir: None,
                    ..opts.clone()
                };
                std::thread::Builder::new()
                    .stack_size(harness::THREAD_STACK)
                    .spawn_scoped(s, move || ex::exhibition(&o))
            })
            .collect::<std::io::Result<Vec<_>>>()
            .context("starting the exhibition's threads")?;
        let r = ex::exhibition(opts);
        let rest: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().expect("an exhibition thread panicked"))
            .collect();
        Ok((r, rest))
    })?;
    let r = r?;
    let moves = |x: &ExhibitionReport| -> Vec<(u8, String)> {
        x.moves
            .iter()
            .map(|m| (m.board, m.mv.to_string()))
            .collect()
    };
    let mut reports = Vec::new();
    for o in rest {
        let o = o?;
        if moves(&o) != moves(&r) {
            bail!(
                "the exhibition under the {} figures played other moves than under the {}: the emulator's run must not depend on its clock",
                o.timing.name(),
                r.timing.name()
            );
        }
        reports.push(o);
    }
    Ok((r, reports))
}

/// The report of every bound, low to high (the chosen one among them).
fn by_bound<'a>(
    r: &'a ExhibitionReport,
    others: &'a [ExhibitionReport],
) -> Vec<&'a ExhibitionReport> {
    let mut all: Vec<&ExhibitionReport> = std::iter::once(r).chain(others.iter()).collect();
    all.sort_by_key(|x| emu::Bound::ALL.iter().position(|&b| b == x.timing));
    all
}

/// The report of `--json`: the exhibition's figures, the bound they are under, the total under
/// every bound, and the same games' move times under each bound (none when `others` is empty).
fn exhibition_json(r: &ExhibitionReport, others: &[ExhibitionReport]) -> ExhibitionJson {
    let figures_under = |b: emu::Bound| {
        by_bound(r, others)
            .into_iter()
            .find(|x| x.timing == b)
            .map(|x| BoundFigures {
                move_seconds: TimeStats::of(&x.move_times()),
                band: x.band(|_| true),
                phase_table: x.phase_table(),
            })
    };
    let by_bound = (!others.is_empty())
        .then(|| {
            Some(ByBound {
                low: figures_under(emu::Bound::Low)?,
                nominal: figures_under(emu::Bound::Nominal)?,
                high: figures_under(emu::Bound::High)?,
            })
        })
        .flatten();
    ExhibitionJson {
        exhibition: figures(r),
        timing: r.timing.into(),
        emulated_seconds_spread: r.period.map(|ns| ns as f64 / 1e9).into(),
        by_bound,
    }
}

fn print_bounds(r: &ExhibitionReport, others: &[ExhibitionReport]) {
    println!(
        "period time under the timing bounds (docs/timing.md; --timing {} above): {}",
        r.timing.name(),
        crate::cmd::bounds::seconds_text(r.period)
    );
    for x in by_bound(r, others) {
        let b = x.band(|_| true);
        println!(
            "  {:<8} {}   below/in/above 10-150 s: {}/{}/{}",
            x.timing.name(),
            spread_text(TimeStats::of(&x.move_times())),
            b.below,
            b.inside,
            b.above
        );
    }
}
