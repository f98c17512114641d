//! The exhibition's report: the JSON object, the text, the phase table, and the evidence
//! folder of `--report DIR`.

use anyhow::Context;
use dama::exhibition::{crosscheck_svg, plot_svg, ExhibitionReport};
use dama::report::{BoardJson, ExhibitionFigures, Results};
use dama::times::{ByPhase, Phase, TimeStats};
use dama::Side;

pub fn spread_text(s: Option<TimeStats>) -> String {
    match s {
        Some(s) => format!(
            "{:3} moves  min {:7.1} s  median {:7.1} s  max {:7.1} s",
            s.count, s.min, s.median, s.max
        ),
        None => "  0 moves".to_string(),
    }
}

/// The exhibition's own figures, as the report (and `--report DIR`'s report.json) gives them.
pub fn figures(r: &ExhibitionReport) -> ExhibitionFigures {
    let emulated = r.emulated_ns as f64 / 1e9;
    let per_board = r
        .results
        .iter()
        .map(|b| BoardJson {
            board: b.board,
            opponent: b.opponent.clone(),
            winner: b.winner,
            end: b.end,
            half_moves: b.half_moves,
            move_seconds: r.by_board(b.board),
        })
        .collect();
    ExhibitionFigures {
        boards: r.boards,
        setting: r.setting.clone(),
        machine_moves: r.moves.len(),
        mismatches: r.mismatches.len(),
        mismatch_list: r.mismatches.clone(),
        move_seconds: TimeStats::of(&r.move_times()),
        within_10_150_s: r.band(|_| true).inside,
        band: r.band(|_| true),
        phase_table: r.phase_table(),
        by_phase: ByPhase {
            opening: r.by_phase(Phase::Opening),
            middle: r.by_phase(Phase::Middle),
            end: r.by_phase(Phase::End),
        },
        emulated_seconds: emulated,
        host_seconds: r.host_seconds,
        speed_up: emulated / r.host_seconds.max(1e-9),
        results: Results {
            a: r.wins(Side::A),
            b: r.wins(Side::B),
        },
        words_used: r.words_used,
        orders: r.orders,
        order_counts: r.order_counts.clone(),
        per_board,
    }
}

/// The figures as JSON, their keys sorted.
pub fn report_json(r: &ExhibitionReport) -> serde_json::Value {
    serde_json::to_value(figures(r)).expect("a report of plain fields serialises")
}

pub fn print_report(r: &ExhibitionReport) {
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
        spread_text(TimeStats::of(&r.move_times()))
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

/// What the evidence's index says of the command beyond its report: the seed, the opponents as
/// given, and the folder of the game records (`records` in the evidence's own).
pub struct Evidence<'a> {
    pub seed: u64,
    pub opponents: Option<&'a str>,
    pub records: String,
}

/// `--report DIR`: the records (written as the games went), report.json, times.svg,
/// crosscheck.svg, phases.md and index.md.
pub fn write_report(
    dir: &std::path::Path,
    evidence: &Evidence,
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
    write("crosscheck.svg", crosscheck_svg(r))?;
    let phases = phase_markdown(r);
    write(
        "phases.md",
        format!(
            "# Phase table, setting {}\n\nMachine moves by phase and by Findler's band (10-150 s a move).\n\n{phases}",
            r.setting
        ),
    )?;
    let records = &evidence.records;
    let band = r.band(|_| true);
    let all = TimeStats::of(&r.move_times());
    let mut md = format!(
        "# SILLIAC dama exhibition: {} boards, setting {}\n\n\
         Command: `firstmoves dama exhibition --boards {} --select {} --seed {}{} --report DIR`.\n\n\
         - {} machine moves, every one checked against the native faithful engine: {} mismatches.\n\
         - Period time a move (min / median / max): {}.\n\
         - Findler's 10-150 s: {} below, {} inside, {} above.\n\
         - Results: SILLIAC (A) won {}, the opponents (B) {}.\n\
         - Emulated time {:.1} s ({:.2} h), {} orders; the program holds {} words of 1,024.\n\n\
         Files: [report.json](report.json) (the `--json` report), [times.svg](times.svg) (the move \
         times beside the band), [crosscheck.svg](crosscheck.svg) (the cross-check: positions \
         examined a move, SILLIAC against the native engine), [phases.md](phases.md) (the phase table), the game records in \
         `{records}/` (`firstmoves dama replay {records}/board-NN.txt` steps through one).\n\n\
         ## Phase table\n\n{phases}\n## Boards\n\n| board | opponent (B) | result | half-moves | record |\n| ---: | --- | --- | ---: | --- |\n",
        r.boards,
        r.setting,
        r.boards,
        r.setting,
        evidence.seed,
        evidence.opponents.map_or(String::new(), |o| format!(" --opponents \"{o}\"")),
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
