//! `firstmoves diag FILE|NAME`: run one of IBM's 709/7090 diagnostics (../shared/diags) as the
//! write-up says: assemble it (9AP), make the deck with our loader and 9DEPR stand-in, press
//! LOAD CARDS with the write-up's switches, play the operator's script and classify the stop
//! by the write-up's tables (`diag`; docs/diagnostics.md). Exit status 0 on the
//! normal stop, 1 on an error or unexpected stop, 3 when the cycle budget is spent.
//!
//! A diagnostic without tables (any other file, or one of the seven given `--start`) is run
//! as `diag::unknown` lays it out: the same deck with a transfer card to `--start` or to its
//! END card's address, START pressed at every halt, every stop reported; its verdict
//! `unjudged` (exit 0) says that no write-up judged it.

use std::path::{Path, PathBuf};

use anyhow::Context;
use diag::{self, Options, Report, Verdict};

use monitor::ibm7090::{keys_word, switch_bits};

#[derive(clap::Args)]
pub struct DiagArgs {
    /// A diagnostic's 9AP source (`../shared/diags/9m21a.asm`) or its name (`9m21a`, looked
    /// for in ../shared/diags).
    #[arg(required_unless_present = "all")]
    pub file: Option<String>,
    /// Sense switches down, e.g. `1,3` (`none` for all up); default: the write-up's clean run.
    #[arg(long, value_parser = switches_down)]
    pub switches: Option<u8>,
    /// The entry keys at the start, an octal word (`-` for the sign).
    #[arg(long, value_parser = keys_word)]
    pub keys: Option<u64>,
    /// The cycle budget for the whole run (loading included).
    #[arg(long)]
    pub limit_cycles: Option<u64>,
    /// The report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the deck it loads (column-binary, for SIMH's `att -c cdr` or `run`).
    #[arg(long, conflicts_with = "all")]
    pub deck: Option<PathBuf>,
    /// With --deck: also write the SIMH command file that boots that deck in SIMH's `i7094`
    /// (`i7094 FILE`): the LOAD CARDS words deposited by hand, the switches and keys, the
    /// operator's script, a breakpoint at the program's end; the printer goes to FILE's name
    /// with `.lpt`.
    #[arg(long, requires = "deck", value_name = "FILE")]
    pub simh: Option<PathBuf>,
    /// Run all seven with their clean-run switches, one line each.
    #[arg(long)]
    pub all: bool,
    /// The transfer card's address, octal: runs FILE as a diagnostic with no write-up (the
    /// default for a file that is not one of the seven, which then starts at its END card's
    /// address).
    #[arg(long, value_parser = octal_address, conflicts_with = "all")]
    pub start: Option<u16>,
}

/// `--start 30`: an octal address 0-77777.
fn octal_address(s: &str) -> Result<u16, String> {
    u16::from_str_radix(s.trim(), 8)
        .ok()
        .filter(|&a| a <= 0o77777)
        .ok_or_else(|| format!("`{s}` is not an octal address 0-77777"))
}

/// Where a bare name is looked for: ../shared/diags from here, else beside the checkout.
fn diags_dir() -> PathBuf {
    let here = Path::new("../shared/diags");
    if here.is_dir() {
        here.to_path_buf()
    } else {
        diag::shared_dir()
    }
}

/// `--switches 1,3` (or `none`) as the bits of the switches down; a bad one is a usage error.
fn switches_down(s: &str) -> Result<u8, String> {
    if s.eq_ignore_ascii_case("none") {
        Ok(0)
    } else {
        switch_bits(s)
    }
}

pub fn run(args: DiagArgs) -> anyhow::Result<u8> {
    let options = Options {
        switches: args.switches,
        keys: args.keys.unwrap_or(0),
        limit_cycles: args.limit_cycles,
    };
    let dir = diags_dir();
    if args.all {
        let mut reports = Vec::new();
        for d in diag::DIAGNOSTICS {
            let p = diag::prepare(&dir.join(format!("{}.asm", d.name)))?;
            reports.push(p.run(&options)?);
        }
        if args.json {
            crate::cmd::output::print_json_pretty(&reports)?;
        } else {
            println!(
                "{:<6} {:<9} {:<10} {:<28} {:>11} {:>11} {:>9}",
                "diag", "switches", "verdict", "stop", "instructions", "cycles", "seconds"
            );
            for r in &reports {
                println!(
                    "{:<6} {:<9} {:<10} {:<28} {:>11} {:>11} {:>9.3}",
                    r.diagnostic,
                    switch_list(r),
                    verdict_name(r.verdict),
                    stop_text(r),
                    r.instructions,
                    r.cycles,
                    r.emulated_seconds
                );
            }
        }
        let worst = reports
            .iter()
            .map(|r| r.verdict.exit_code())
            .max()
            .unwrap_or(0);
        return Ok(worst);
    }
    let file = args.file.as_deref().unwrap_or_default();
    let path = diag::resolve(file, &dir);
    let source = super::read_input(&path, super::Kind::Source)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let r = if args.start.is_some() || diag::find(&stem).is_none() {
        let u = diag::unknown::prepare_unjudged(&path, &source, args.start)?;
        if let Some(out) = &args.deck {
            write_deck(out, &u.deck()?)?;
            write_simh(
                &args,
                out,
                options.switches.unwrap_or(0),
                options.keys,
                None,
            )?;
        }
        u.run(&options)?
    } else {
        let p = diag::prepare_source(&path, &source)?;
        if let Some(out) = &args.deck {
            let switches = options.switches.unwrap_or(p.row.switches);
            write_deck(out, &p.deck(switches)?)?;
            write_simh(&args, out, switches, options.keys, Some(p.row))?;
        }
        p.run(&options)?
    };
    if args.json {
        // Through a Value: its keys sorted, as every JSON report (docs/json.md).
        crate::cmd::output::print_json_pretty(&r)?;
    } else {
        print_report(&r);
    }
    Ok(r.verdict.exit_code())
}

/// With `--simh`, the command file that boots `deck` in SIMH's `i7094`. The deck and the
/// printer file are named from the command file's folder, where `i7094` is to run.
fn write_simh(
    args: &DiagArgs,
    deck: &Path,
    switches: u8,
    keys: u64,
    row: Option<&diag::Diagnostic>,
) -> anyhow::Result<()> {
    let Some(ini) = &args.simh else {
        return Ok(());
    };
    let folder = |p: &Path| {
        let parent = p.parent().unwrap_or(Path::new(""));
        std::path::absolute(parent).unwrap_or_else(|_| parent.to_path_buf())
    };
    let deck_name = if folder(deck) == folder(ini) {
        deck.file_name().map(PathBuf::from).unwrap_or_default()
    } else {
        std::path::absolute(deck)?
    };
    let printer = ini.with_extension("lpt");
    let made_by = format!(
        "Written by `firstmoves diag {} --deck {} --simh {}`.",
        args.file.as_deref().unwrap_or_default(),
        deck.display(),
        ini.display()
    );
    let text = diag::simh::command_file(&diag::simh::Boot {
        deck: &deck_name.display().to_string(),
        printer: &printer
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default(),
        switches,
        keys,
        row,
        made_by: &made_by,
    });
    std::fs::write(ini, text).with_context(|| format!("writing {}", ini.display()))
}

/// The deck in SIMH's column-binary format.
fn write_deck(out: &Path, cards: &[emu::ibm7090::card::Card]) -> anyhow::Result<()> {
    let text: String = cards.iter().map(|c| c.to_column_binary() + "\n").collect();
    std::fs::write(out, text).with_context(|| format!("writing {}", out.display()))
}

fn switch_list(r: &Report) -> String {
    if r.switches.is_empty() {
        "none".to_string()
    } else {
        r.switches
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Normal => "normal",
        Verdict::Error => "error",
        Verdict::Unexpected => "unexpected",
        Verdict::Budget => "budget",
        Verdict::Unjudged => "unjudged (no write-up judged this run)",
    }
}

fn stop_text(r: &Report) -> String {
    match (&r.stop.address, &r.stop.number) {
        (Some(a), Some(n)) => format!("{} {a} ({n})", r.stop.reason),
        (Some(a), None) => format!("{} {a}", r.stop.reason),
        _ => r.stop.reason.clone(),
    }
}

fn print_report(r: &Report) {
    println!(
        "{} {} (switches down: {})",
        r.diagnostic,
        r.title,
        switch_list(r)
    );
    for s in &r.stops {
        let number = s
            .number
            .as_deref()
            .map(|n| format!(" [write-up {n}]"))
            .unwrap_or_default();
        let action = s
            .action
            .as_deref()
            .map(|a| format!(" -> {a}"))
            .unwrap_or_default();
        println!(
            "  {}{number}: {} - {}{action}",
            s.message, s.kind, s.meaning
        );
    }
    for line in &r.printed {
        println!("  printed: {line}");
    }
    let g = &r.registers;
    println!(
        "  AC={} MQ={} XR1={} XR2={} XR4={} SI={} overflow={} IC={}",
        g.ac, g.mq, g.xr1, g.xr2, g.xr4, g.sense_indicators, g.overflow, g.ic
    );
    println!(
        "{}: {}; {} instructions, {} cycles, {:.3} emulated s, {} of {} cards read",
        r.diagnostic,
        verdict_name(r.verdict),
        r.instructions,
        r.cycles,
        r.emulated_seconds,
        r.cards_read,
        r.cards_in_deck
    );
}
