//! `firstmoves chess perft`: leaf positions `depth` plies down, by the native move generator or
//! the FAP core's perft program on the emulated 7090.

use std::time::Instant;

use anyhow::bail;
use chess::movegen::divide;
use chess::report::perft::{Divide, PerftReport, PerftRun};
use chess::report::Engine;

use super::{position, EngineArg};

#[derive(clap::Args)]
pub struct PerftArgs {
    /// The position (FEN); default: the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Plies down (0 to 15; the FAP perft program goes to 9).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=15))]
    pub depth: u32,
    /// Which counts: `native` (the Rust move generator, the default) or `emulated` (the FAP
    /// perft program on the emulated 7090).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// Counts by first move.
    #[arg(long)]
    pub divide: bool,
    /// The count (and with --divide the counts by move; emulated: the machine's figures) as
    /// JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: PerftArgs) -> anyhow::Result<()> {
    if a.json {
        return json(a);
    }
    let mut p = position(&a.fen)?;
    let t = Instant::now();
    if a.engine == EngineArg::Emulated {
        if a.divide {
            bail!("--divide: the FAP perft program counts the total only; use --engine native");
        }
        let (n, out) = chess::perft::emulated(&p, a.depth)?;
        let host = t.elapsed().as_secs_f64();
        println!("{n}");
        println!("emulated 7090: {:.6} s", out.emulated_seconds);
        eprintln!(
            "{} instructions, {} cycles; host {host:.3} s, {:.1} M instructions/s",
            out.instructions,
            out.cycles,
            out.instructions as f64 / host / 1e6
        );
    } else if a.divide {
        let mut total = 0;
        for (m, n) in divide(&mut p, a.depth) {
            println!("{m}: {n}");
            total += n;
        }
        println!("total {total}");
    } else {
        println!("{}", chess::perft(&mut p, a.depth));
    }
    eprintln!("{:.3} s", t.elapsed().as_secs_f64());
    Ok(())
}

/// `--json`: the same counts as one object; host time stays on stderr.
fn json(a: PerftArgs) -> anyhow::Result<()> {
    let mut p = position(&a.fen)?;
    let t = Instant::now();
    let mut report = PerftReport {
        fen: chess::fen::to_fen(&p),
        depth: a.depth,
        engine: Engine::Native,
        nodes: 0,
        divide: None,
        run: None,
    };
    if a.engine == EngineArg::Emulated {
        if a.divide {
            bail!("--divide: the FAP perft program counts the total only; use --engine native");
        }
        let (n, out) = chess::perft::emulated(&p, a.depth)?;
        report.engine = Engine::Emulated;
        report.nodes = n;
        report.run = Some(PerftRun {
            instructions: out.instructions,
            cycles: out.cycles,
            emulated_seconds: out.emulated_seconds,
        });
    } else if a.divide {
        let moves: Vec<Divide> = divide(&mut p, a.depth)
            .into_iter()
            .map(|(m, nodes)| Divide {
                first: m.to_string(),
                nodes,
            })
            .collect();
        report.nodes = moves.iter().map(|m| m.nodes).sum();
        report.divide = Some(moves);
    } else {
        report.nodes = chess::perft(&mut p, a.depth);
    }
    crate::cmd::output::print_json_pretty(report)?;
    eprintln!("{:.3} s", t.elapsed().as_secs_f64());
    Ok(())
}
