//! `firstmoves dama replay FILE`: one board's game record step by step, with the period time of
//! each of SILLIAC's moves.

use std::path::PathBuf;

use anyhow::bail;
use dama::exhibition as ex;

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
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
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
    let mut stdin = std::io::stdin().lock();
    let mut typed = Vec::new();
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
            // What is typed is not used; the bounded reader keeps a long line from costing more.
            emu::input::read_line(&mut stdin, &mut typed)?;
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
