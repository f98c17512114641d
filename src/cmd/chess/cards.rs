//! `firstmoves chess cards`: problems from a deck in INITIA's card language, each answered by
//! a program and printed as the printer does.

use anyhow::Context;
use programs::chess::initia;

use super::Which;

#[derive(clap::Args)]
pub struct CardsArgs {
    /// The deck: a text file, one card a line (columns 1-72 read).
    pub file: String,
    #[command(flatten)]
    pub which: Which,
}

pub fn run(a: CardsArgs) -> anyhow::Result<()> {
    let deck = crate::cmd::read_input(std::path::Path::new(&a.file))?;
    let (entry, g) = a.which.program()?;
    let context = || g.context(&a.which.program);
    entry.check(&g.settings).with_context(context)?;
    for (n, problem) in initia::read_cards(&deck).into_iter().enumerate() {
        println!("PROBLEM {}", n + 1);
        match problem {
            Ok(pb) => {
                for c in &pb.comments {
                    println!("/{c}/");
                }
                let b = entry
                    .best(&pb.position, a.which.engine.twin(), &g.settings)
                    .with_context(context)?;
                print!("{}", b.text(&pb.position));
            }
            Err(e) => println!("{}: {e}; problem skipped", a.file),
        }
        println!();
    }
    Ok(())
}
