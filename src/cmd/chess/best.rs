//! `firstmoves chess best`: one program's answer for a position, from either twin.

use chess::notation::line_san;
use chess::program::Best;
use chess::Position;
use serde_json::{json, Value};

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

/// The answer as JSON; the emulated twin's run and the program's own fields beside it (a
/// null there drops a field the printout does not give).
pub(super) fn best_json(p: &Position, b: &Best) -> Value {
    let r = &b.result;
    let san = line_san(p, &r.pv);
    let mut v = json!({
        "move": r.best.map(|m| m.uci()),
        "san": san.first(),
        "value": r.value,
        "pv": r.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
        "pv_san": san,
        "positions": r.positions,
        "depth": r.depth,
        "engine": if b.outcome.is_some() { "emulated" } else { "native" },
    });
    let Some(o) = v.as_object_mut() else {
        return v;
    };
    if let Some(out) = &b.outcome {
        o.insert("emulated_seconds".into(), json!(out.emulated_seconds));
        o.insert("cpu_seconds".into(), json!(out.cpu_seconds()));
        o.insert("io_wait_seconds".into(), json!(out.io_wait_seconds()));
        o.insert("timing".into(), json!(out.bound.name()));
        // The machine only when not the 7090, whose reports stay as they were.
        if out.cpu != emu::ibm7090::Model::Ibm7090 {
            o.insert("cpu".into(), json!(out.cpu.name()));
        }
        if let Some(s) = b.spread {
            o.insert(
                "emulated_seconds_spread".into(),
                harness::json::spread(s.map(|c| out.seconds(c))),
            );
        }
        o.insert("cycles".into(), json!(out.cycles));
        o.insert("io_wait_cycles".into(), json!(out.io_wait_cycles));
        o.insert("instructions".into(), json!(out.instructions));
    }
    for (k, x) in &b.fields {
        if x.is_null() {
            o.remove(*k);
        } else {
            o.insert(k.to_string(), x.clone());
        }
    }
    v
}
