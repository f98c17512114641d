//! `firstmoves dama moves|show|perft`: the rules of a position: its legal moves, its facts, and
//! the move paths below it.

use anyhow::bail;
use dama::movegen::{legal_moves, legal_moves_slow, perft as count_paths, perft_slow};
use dama::report::{MovesReport, PerftCount, PerftReport, ShowReport};

use super::At;

/// `moves`, and `perft` with its depth: a position, the generator, text or JSON.
#[derive(clap::Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pub at: At,
    /// The slow square-by-square generator, a cross-check (perft: counts with both and checks
    /// that they agree).
    #[arg(long)]
    pub slow: bool,
    /// The answer as JSON (moves: the position and its moves; perft: the counts).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub at: At,
    /// The position's facts as JSON (no diagram).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct PerftArgs {
    /// Half-moves down (0 to 12).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: u32,
    #[command(flatten)]
    pub moves: MovesArgs,
}

pub fn moves(args: MovesArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    let list: Vec<_> = if args.slow {
        legal_moves_slow(&p)
    } else {
        legal_moves(&p).iter().copied().collect()
    };
    if args.json {
        let v = MovesReport {
            position: p,
            side: p.side,
            moves: list,
        };
        print_pretty(v)?;
        return Ok(());
    }
    for m in list {
        println!("{m}");
    }
    Ok(())
}

pub fn show(args: ShowArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    if args.json {
        let over = dama::game::outcome(&p);
        print_pretty(ShowReport {
            position: p,
            side: p.side,
            middle_game: p.is_middle(),
            rank_number: p.rank_number(),
            legal_moves: legal_moves(&p).len(),
            winner: over.map(|(w, _)| w),
            end: over.map(|(_, e)| e),
        })?;
        return Ok(());
    }
    print!("{}", dama::board::diagram(&p));
    println!("{p}");
    println!(
        "{} to move; {}; rank number r = {} (start 72)",
        p.side,
        if p.is_middle() {
            "middle game (a piece on rows 4-5)"
        } else {
            "opening or end game"
        },
        p.rank_number()
    );
    match dama::game::outcome(&p) {
        Some((winner, end)) => println!("game over: {winner} has won ({end:?})"),
        None => println!("{} legal moves", legal_moves(&p).len()),
    }
    Ok(())
}

pub fn perft(args: PerftArgs) -> anyhow::Result<()> {
    let p = args.moves.at.get()?;
    if args.depth > 9 {
        bail!("--depth {}: at most 9", args.depth);
    }
    let mut counts = Vec::new();
    for d in 1..=args.depth {
        let n = count_paths(&p, d);
        if args.moves.slow {
            let s = perft_slow(&p, d);
            if s != n {
                bail!("depth {d}: fast generator {n}, slow generator {s}");
            }
        }
        if args.moves.json {
            counts.push(PerftCount { depth: d, paths: n });
        } else {
            println!("{d} {n}");
        }
    }
    if args.moves.json {
        print_pretty(PerftReport {
            position: p,
            slow_checked: args.moves.slow,
            counts,
        })?;
    }
    Ok(())
}

/// A report indented, through a Value: its keys sorted, as every JSON report (docs/json.md).
fn print_pretty(report: impl serde::Serialize) -> anyhow::Result<()> {
    crate::cmd::output::print_json_pretty(report)?;
    Ok(())
}
