//! `firstmoves chess cards`: problems from a deck in INITIA's card language, each answered by
//! a program and printed as the printer does.

use anyhow::Context;
use chess::initia;
use chess::report::cards::{Answered, CardProblem, CardsReport, Skipped};
use chess::report::Engine;

use super::Which;

#[derive(clap::Args)]
pub struct CardsArgs {
    /// The deck: a text file, one card a line (columns 1-72 read).
    pub file: String,
    #[command(flatten)]
    pub which: Which,
    /// One JSON object: the deck, the program, and per problem its comments, the printout's
    /// lines and the answer as `chess best --json` gives it (or why the problem was skipped).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: CardsArgs) -> anyhow::Result<()> {
    let deck = crate::cmd::read_input(std::path::Path::new(&a.file), crate::cmd::Kind::Source)?;
    let (entry, g) = a.which.program()?;
    let context = || g.context(&a.which.program);
    entry.check(&g.settings).with_context(context)?;
    let mut problems = Vec::new();
    let read = initia::read_cards(&deck);
    let (total, mut answered) = (read.len(), 0);
    for (n, problem) in read.into_iter().enumerate() {
        let number = n + 1;
        match problem {
            Ok(pb) => {
                answered += 1;
                let b = entry
                    .best(&a.which.ask(&pb.position, &g.settings, a.json))
                    .with_context(context)?;
                let printout = b.text(&pb.position);
                if a.json {
                    problems.push(CardProblem::Answered(Box::new(Answered {
                        problem: number,
                        comments: pb.comments,
                        printout: printout.lines().map(String::from).collect(),
                        answer: super::best::best_report(&pb.position, &b),
                    })));
                    continue;
                }
                println!("PROBLEM {number}");
                for c in &pb.comments {
                    println!("/{c}/");
                }
                print!("{printout}");
            }
            Err(e) if a.json => {
                problems.push(CardProblem::Skipped(Skipped {
                    problem: number,
                    skipped: e.to_string(),
                }));
                continue;
            }
            Err(e) => {
                println!("PROBLEM {number}");
                println!("{}: {e}; problem skipped", a.file);
            }
        }
        println!();
    }
    if a.json {
        let report = CardsReport {
            deck: a.file.clone(),
            program: a.which.program.clone(),
            engine: if a.which.engine == super::EngineArg::Emulated {
                Engine::Emulated
            } else {
                Engine::Native
            },
            problems,
        };
        crate::cmd::output::print_json_pretty(report)?;
    }
    if answered == 0 {
        // A deck of which nothing could be read is not a deck of problems (a wrong file).
        anyhow::bail!(
            "{}: no problem in INITIA's cards could be read ({total} skipped)",
            a.file
        );
    }
    Ok(())
}
