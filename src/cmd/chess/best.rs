//! `firstmoves chess best`: one program's answer for a position, from either twin.

use chess::notation::line_san;
use chess::program::Best;
use chess::report::{BestReport, EmulatedRun, Engine};
use chess::Position;
use serde_json::Value;

use anyhow::Context;

use super::{position, Which};

#[derive(clap::Args)]
pub struct BestArgs {
    #[command(flatten)]
    pub which: Which,
    /// The position (FEN); default: the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    /// One JSON object: move (UCI), san, value, pv, positions; the emulated twin adds its
    /// emulated seconds (CPU, I/O wait, and the total under each timing bound), cycles and
    /// instructions.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: BestArgs) -> anyhow::Result<()> {
    let p = position(&a.fen)?;
    let (entry, g) = a.which.program()?;
    let b = entry
        .best(&a.which.ask(&p, &g.settings, a.json))
        .with_context(|| g.context(&a.which.program))?;
    if a.json {
        println!("{}", best_json(&p, &b));
    } else {
        print!("{}", b.text(&p));
    }
    Ok(())
}

/// The answer as `chess best --json` prints it (`chess::report::BestReport`).
fn best_json(p: &Position, b: &Best) -> Value {
    serde_json::to_value(best_report(p, b)).expect("a report of plain fields serialises")
}

/// The answer as its report: the common fields, the emulated twin's run and the program's own
/// fields.
pub(super) fn best_report(p: &Position, b: &Best) -> BestReport {
    let r = &b.result;
    let san = line_san(p, &r.pv);
    let run = b.outcome.as_ref().map(|out| EmulatedRun {
        emulated_seconds: out.emulated_seconds,
        cpu_seconds: out.cpu_seconds(),
        io_wait_seconds: out.io_wait_seconds(),
        timing: out.bound.into(),
        // The machine only when not the 7090, whose reports stay as they were.
        cpu: (out.cpu != emu::ibm7090::Model::Ibm7090).then(|| out.cpu.name().to_string()),
        emulated_seconds_spread: b.spread.map(|s| s.map(|c| out.seconds(c)).into()),
        cycles: out.cycles,
        io_wait_cycles: out.io_wait_cycles,
        instructions: out.instructions,
    });
    BestReport {
        best: r.best.map(|m| m.uci()),
        san: san.first().cloned(),
        value: r.value,
        pv: r.pv.iter().map(|m| m.uci()).collect(),
        pv_san: san,
        positions: r.positions,
        depth: (!b.fields.no_depth).then_some(r.depth),
        engine: if run.is_some() {
            Engine::Emulated
        } else {
            Engine::Native
        },
        run,
        program: b.fields.clone(),
    }
}
