//! `firstmoves dama exhibition` and `firstmoves dama crosscheck`: Findler's program in SILLIAC
//! orders on the emulated SILLIAC, every move checked against the native faithful engine.

use std::path::PathBuf;

use anyhow::{bail, Context};
use dama::exhibition::{
    self as ex, plot_svg, spread, ExhibitionOptions, ExhibitionReport, Phase, Spread,
};
use dama::search::Setting;
use dama::Side;
use harness::shard::Shard;
use serde_json::json;

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
    /// each board's.
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
    /// names another place), report.json, times.svg, phases.md (the phase table) and index.md
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
    pub pace: crate::console::exhibition_tui::Pace,
    /// With --tui: you play B on board N from the start (repeatable).
    #[arg(long, value_name = "N", requires = "tui")]
    pub human: Vec<u8>,
}

#[derive(clap::Args)]
pub struct CrosscheckArgs {
    /// Number of random reachable positions (machine to move as A), 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = super::usize_within(1, 1_000_000))]
    pub positions: usize,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub jobs: super::Jobs,
    /// Run only the K-th of N equal slices of the random positions (1 <= K <= N; the start
    /// position is the first slice's), for spreading the campaign over machines; `firstmoves
    /// merge` combines the N JSON reports into the whole run's (needs --json).
    #[arg(long, value_name = "K/N", requires = "json")]
    pub shard: Option<Shard>,
}

/// What both commands take: the seed, the machine's setting, the report's form.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Seed of the random choices (the opponents', or the random positions).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The machine's setting: demo (a3+b3), selective, or aN+bM (a1..a3 with b1..b4).
    #[arg(long, value_name = "SETTING", default_value = "demo", value_parser = super::dama::setting_arg)]
    pub select: Setting,
    /// One JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub timing: super::timing::TimingArg,
}

fn spread_json(s: Option<Spread>) -> serde_json::Value {
    match s {
        Some(s) => json!({"count": s.count, "min": s.min, "median": s.median, "max": s.max}),
        None => json!(null),
    }
}

fn spread_text(s: Option<Spread>) -> String {
    match s {
        Some(s) => format!(
            "{:3} moves  min {:7.1} s  median {:7.1} s  max {:7.1} s",
            s.count, s.min, s.median, s.max
        ),
        None => "  0 moves".to_string(),
    }
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
            // `;` separates when present, so grand's comma-separated weights can be given.
            Some(list) => list
                .split(if list.contains(';') { ';' } else { ',' })
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
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

pub fn exhibition(args: ExhibitionArgs) -> anyhow::Result<()> {
    let opts = options(&args)?;
    if args.tui {
        return crate::console::exhibition_tui::run(opts, args.pace, &args.human);
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
        write_report(dir, &args, &opts, &r)?;
    }
    if args.run.json {
        let mut j = report_json(&r);
        add_bounds_json(&mut j, &r, &others);
        println!("{j}");
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
    let (r, rest) = std::thread::scope(|s| {
        let handles: Vec<_> = others
            .iter()
            .map(|&b| {
                let o = ExhibitionOptions {
                    timing: b,
                    record_dir: None,
                    ..opts.clone()
                };
                s.spawn(move || ex::exhibition(&o))
            })
            .collect();
        let r = ex::exhibition(opts);
        let rest: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().expect("an exhibition thread panicked"))
            .collect();
        (r, rest)
    });
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

fn add_bounds_json(j: &mut serde_json::Value, r: &ExhibitionReport, others: &[ExhibitionReport]) {
    j["timing"] = json!(r.timing.name());
    j["emulated_seconds_spread"] = super::timing::seconds_json(r.period);
    if others.is_empty() {
        return;
    }
    let mut per = serde_json::Map::new();
    for x in by_bound(r, others) {
        per.insert(
            x.timing.name().to_string(),
            json!({
                "move_seconds": spread_json(spread(&x.move_times())),
                "band": x.band(|_| true),
                "phase_table": x.phase_table(),
            }),
        );
    }
    j["by_bound"] = serde_json::Value::Object(per);
}

fn print_bounds(r: &ExhibitionReport, others: &[ExhibitionReport]) {
    println!(
        "period time under the timing bounds (docs/timing.md; --timing {} above): {}",
        r.timing.name(),
        super::timing::seconds_text(r.period)
    );
    for x in by_bound(r, others) {
        let b = x.band(|_| true);
        println!(
            "  {:<8} {}   below/in/above 10-150 s: {}/{}/{}",
            x.timing.name(),
            spread_text(spread(&x.move_times())),
            b.below,
            b.inside,
            b.above
        );
    }
}

fn report_json(r: &ExhibitionReport) -> serde_json::Value {
    let emulated = r.emulated_ns as f64 / 1e9;
    let boards: Vec<serde_json::Value> = r
        .results
        .iter()
        .map(|b| {
            json!({
                "board": b.board,
                "opponent": b.opponent,
                "winner": b.winner.map(|s| s.to_string()),
                "end": b.end,
                "half_moves": b.half_moves,
                "move_seconds": spread_json(r.by_board(b.board)),
            })
        })
        .collect();
    json!({
        "boards": r.boards,
        "setting": r.setting,
        "machine_moves": r.moves.len(),
        "mismatches": r.mismatches.len(),
        "mismatch_list": r.mismatches,
        "move_seconds": spread_json(spread(&r.move_times())),
        "within_10_150_s": r.band(|_| true).inside,
        "band": r.band(|_| true),
        "phase_table": r.phase_table(),
        "by_phase": {
            "opening": spread_json(r.by_phase(Phase::Opening)),
            "middle": spread_json(r.by_phase(Phase::Middle)),
            "end": spread_json(r.by_phase(Phase::End)),
        },
        "emulated_seconds": emulated,
        "host_seconds": r.host_seconds,
        "speed_up": emulated / r.host_seconds.max(1e-9),
        "results": {"A": r.wins(Side::A), "B": r.wins(Side::B)},
        "words_used": r.words_used,
        "orders": r.orders,
        "order_counts": r.order_counts.iter().map(|(n, c)| json!([n, c])).collect::<Vec<_>>(),
        "per_board": boards,
    })
}

fn print_report(r: &ExhibitionReport) {
    println!(
        "SILLIAC dama exhibition: {} boards, setting {}, program {} words of 1024",
        r.boards, r.setting, r.words_used
    );
    // The opponents' column as wide as the longest name (a grand strategy's weights run past
    // 28 characters), so the columns after it stay aligned.
    let width = r
        .results
        .iter()
        .map(|b| b.opponent.chars().count())
        .max()
        .unwrap_or(0)
        .max(28);
    for b in &r.results {
        let res = match (b.winner, b.end) {
            (Some(s), Some(e)) => format!("{s} wins ({e:?})"),
            _ => "unfinished".to_string(),
        };
        println!(
            "  board {:02}  {:<width$} {:<18} {:3} half-moves  {}",
            b.board,
            b.opponent,
            res,
            b.half_moves,
            spread_text(r.by_board(b.board))
        );
    }
    println!(
        "machine moves: {}   results: A (SILLIAC) {}  B {}",
        r.moves.len(),
        r.wins(Side::A),
        r.wins(Side::B)
    );
    println!(
        "period time per move: {}",
        spread_text(spread(&r.move_times()))
    );
    for (name, p) in [
        ("opening", Phase::Opening),
        ("middle", Phase::Middle),
        ("end", Phase::End),
    ] {
        let b = r.band(|m| m.phase == p);
        println!(
            "  {name:<8} {}   below/in/above 10-150 s: {}/{}/{}",
            spread_text(r.by_phase(p)),
            b.below,
            b.inside,
            b.above
        );
    }
    let emulated = r.emulated_ns as f64 / 1e9;
    println!(
        "emulated time {:.1} s ({:.2} h), host time {:.2} s, speed-up {:.0}x, {} orders",
        emulated,
        emulated / 3600.0,
        r.host_seconds,
        emulated / r.host_seconds.max(1e-9),
        r.orders
    );
    println!(
        "mismatches with the native faithful engine: {}",
        r.mismatches.len()
    );
    for m in &r.mismatches {
        println!("  {m}");
    }
}

pub fn crosscheck(args: CrosscheckArgs) -> anyhow::Result<()> {
    let r = ex::crosscheck_with(
        args.positions,
        args.run.seed,
        args.run.select,
        args.run.timing.bound(),
        args.shard.unwrap_or(Shard::WHOLE),
        args.jobs.get(),
        &mut crate::progress::Reporter::new("crosscheck"),
    )?;
    if args.run.json {
        let mut v = r.json();
        if let Some(shard) = args.shard {
            // What makes shards of one run: the command, the campaign, the binary.
            let run = json!({
                "command": "dama crosscheck",
                "positions": r.positions,
                "seed": r.seed,
                "setting": r.setting,
                "timing": args.run.timing.bound().name(),
                "version": crate::VERSION,
            });
            let mut o = json!({"k": shard.k, "n": shard.n, "run": run});
            if let (Some(o), Some(f)) = (o.as_object_mut(), r.shard_figures().as_object()) {
                o.extend(f.clone());
            }
            v["shard"] = o;
        }
        println!("{v}");
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
            super::timing::seconds_text(r.period)
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

/// The phase table in markdown: per phase and band the moves and what their positions have in
/// common (medians), from `ExhibitionReport::phase_table`.
pub fn phase_markdown(r: &ExhibitionReport) -> String {
    let mut s = String::from(
        "| phase | 10-150 s | moves | median time | forced (1 legal move) | all root moves jumps | median root moves | median replies at half-move 2 | median positions examined |\n\
         | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".to_string());
    for row in r.phase_table() {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            json_name(&row.phase),
            json_name(&row.band),
            row.moves,
            opt(row.median_seconds.map(|x| format!("{x:.1} s"))),
            row.forced,
            row.jumps_only,
            opt(row.median_root_moves.map(|x| x.to_string())),
            opt(row.median_replies.map(|x| x.to_string())),
            opt(row.median_positions.map(|x| x.to_string())),
        ));
    }
    s
}

/// The lower-case name the JSON gives a phase or band.
fn json_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// `--report DIR`: the records (written as the games went), report.json, times.svg,
/// phases.md and index.md.
fn write_report(
    dir: &std::path::Path,
    args: &ExhibitionArgs,
    opts: &ExhibitionOptions,
    r: &ExhibitionReport,
) -> anyhow::Result<()> {
    let write = |name: &str, text: String| {
        let f = dir.join(name);
        std::fs::write(&f, text).with_context(|| format!("writing {}", f.display()))
    };
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    write(
        "report.json",
        serde_json::to_string_pretty(&report_json(r))? + "\n",
    )?;
    write("times.svg", plot_svg(r))?;
    let phases = phase_markdown(r);
    write(
        "phases.md",
        format!(
            "# Phase table, setting {}\n\nMachine moves by phase and by Findler's band (10-150 s a move).\n\n{phases}",
            r.setting
        ),
    )?;
    let records = match &opts.record_dir {
        Some(d) if args.record.is_some() => d.display().to_string(),
        _ => "records".to_string(),
    };
    let band = r.band(|_| true);
    let all = spread(&r.move_times());
    let mut md = format!(
        "# SILLIAC dama exhibition: {} boards, setting {}\n\n\
         Command: `firstmoves dama exhibition --boards {} --select {} --seed {}{} --report DIR`.\n\n\
         - {} machine moves, every one checked against the native faithful engine: {} mismatches.\n\
         - Period time a move (min / median / max): {}.\n\
         - Findler's 10-150 s: {} below, {} inside, {} above.\n\
         - Results: SILLIAC (A) won {}, the opponents (B) {}.\n\
         - Emulated time {:.1} s ({:.2} h), {} orders; the program holds {} words of 1,024.\n\n\
         Files: [report.json](report.json) (the `--json` report), [times.svg](times.svg) (the move \
         times beside the band), [phases.md](phases.md) (the phase table), the game records in \
         `{records}/` (`firstmoves dama replay {records}/board-NN.txt` steps through one).\n\n\
         ## Phase table\n\n{phases}\n## Boards\n\n| board | opponent (B) | result | half-moves | record |\n| ---: | --- | --- | ---: | --- |\n",
        r.boards,
        r.setting,
        r.boards,
        r.setting,
        args.run.seed,
        args.opponents.as_ref().map_or(String::new(), |o| format!(" --opponents \"{o}\"")),
        r.moves.len(),
        r.mismatches.len(),
        all.map_or("-".to_string(), |s| format!("{:.1} / {:.1} / {:.1} s", s.min, s.median, s.max)),
        band.below,
        band.inside,
        band.above,
        r.wins(Side::A),
        r.wins(Side::B),
        r.emulated_ns as f64 / 1e9,
        r.emulated_ns as f64 / 3.6e12,
        r.orders,
        r.words_used,
    );
    for b in &r.results {
        let res = match (b.winner, b.end) {
            (Some(s), Some(e)) => format!("{s} wins ({e:?})"),
            _ => "unfinished".to_string(),
        };
        md.push_str(&format!(
            "| {} | `{}` | {res} | {} | [board-{:02}.txt]({records}/board-{:02}.txt) |\n",
            b.board, b.opponent, b.half_moves, b.board, b.board
        ));
    }
    write("index.md", md)
}

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// A board's record (board-NN.txt from --record DIR or --report DIR).
    pub file: PathBuf,
    /// Wait for Enter after each half-move.
    #[arg(long)]
    pub step: bool,
}

/// `dama replay FILE`: the record's half-moves one by one, each with the board after it and,
/// for SILLIAC's, the value, positions examined and period time, and the period clock.
pub fn replay(args: ReplayArgs) -> anyhow::Result<()> {
    use dama::board::diagram;
    use dama::exhibition::Recorded;
    use dama::movegen::is_legal;
    use dama::Position;
    let rec = ex::read_record(&args.file)?;
    if rec.header.is_empty() && rec.lines.is_empty() {
        bail!("{}: no such record, or an empty one", args.file.display());
    }
    println!("{}", rec.header);
    let mut pos = Position::start();
    let mut clock = 0.0;
    let stdin = std::io::stdin();
    for (i, line) in rec.lines.iter().enumerate() {
        match line {
            Recorded::Move { side, mv, machine } => {
                if pos.side != *side || !is_legal(&pos, *mv) {
                    bail!(
                        "{}: half-move {} ({side} {mv}) is not legal in {pos}",
                        args.file.display(),
                        i + 1
                    );
                }
                pos = pos.apply(*mv);
                match machine {
                    Some((v, n, secs)) => {
                        clock += secs;
                        println!(
                            "{:3}. {side} {mv}  value {v:+}  {n} positions  {secs:.1} s  (period clock {})",
                            i + 1,
                            clock_text(clock)
                        );
                    }
                    None => println!("{:3}. {side} {mv}", i + 1),
                }
                print!("{}", diagram(&pos));
            }
            Recorded::End(text) => println!("     = {text}"),
        }
        if args.step {
            let mut s = String::new();
            stdin.read_line(&mut s)?;
        }
    }
    println!("SILLIAC's period time on this board: {}", clock_text(clock));
    Ok(())
}

/// h:mm:ss of period seconds.
fn clock_text(s: f64) -> String {
    let t = s.round() as u64;
    format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
}
