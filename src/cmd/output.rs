//! `-o FILE` / `--output FILE` on every command, with one meaning: what the command would print
//! on standard output goes to FILE instead (the report, the JSON, the PGN, the printout).
//! `asm` keeps its own `-o`, the file it produces (tape or deck), as `cc -o` does; its
//! `--disassemble` text follows the common rule.
//!
//! The flag is added to the command tree here, once, rather than to each command's arguments,
//! so that no command can forget it or spell it differently; standard output itself is moved to
//! the file, so every `println!` of every command follows without change.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Arg, ArgMatches, Command};

/// The argument's id: distinct from `asm`'s own `output`.
const ID: &str = "stdout_file";

/// Flags that draw on the terminal, where moving standard output to a file makes no sense.
const TERMINAL: &[&str] = &["tui", "step"];

/// `cmd` with `-o/--output FILE` on every leaf command that does not already name an output.
pub fn add(cmd: Command) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    if names.is_empty() {
        return add_to_leaf(cmd);
    }
    names
        .iter()
        .fold(cmd, |cmd, name| cmd.mut_subcommand(name, add))
}

fn add_to_leaf(cmd: Command) -> Command {
    if cmd.get_name() == "help" || cmd.get_arguments().any(|a| a.get_long() == Some("output")) {
        return cmd;
    }
    let terminal: Vec<&str> = TERMINAL
        .iter()
        .copied()
        .filter(|t| cmd.get_arguments().any(|a| a.get_id() == *t))
        .collect();
    cmd.arg(
        Arg::new(ID)
            .short('o')
            .long("output")
            .value_name("FILE")
            .value_parser(clap::value_parser!(PathBuf))
            .conflicts_with_all(terminal)
            .help("Write what would go to standard output to FILE instead (created or replaced)"),
    )
}

/// If the command line gave `-o FILE`, create FILE and make it the process's standard output.
/// Called before the command runs, so nothing has been written yet.
pub fn redirect(matches: &ArgMatches) -> anyhow::Result<()> {
    let mut leaf = matches;
    while let Some((_, sub)) = leaf.subcommand() {
        leaf = sub;
    }
    // `try_`: commands without the flag (asm) do not know the id.
    let Ok(Some(path)) = leaf.try_get_one::<PathBuf>(ID) else {
        return Ok(());
    };
    let file = std::fs::File::create(path)
        .with_context(|| format!("-o {}: cannot create it", path.display()))?;
    rustix::stdio::dup2_stdout(&file)
        .with_context(|| format!("-o {}: cannot write standard output there", path.display()))?;
    Ok(())
}

/// A report as one line of JSON on standard output. Through a `Value`, whose keys serde_json
/// keeps sorted: every report prints its keys in that order, whatever its type's field order.
pub fn print_json(report: impl serde::Serialize) -> anyhow::Result<()> {
    println!("{}", serde_json::to_value(report)?);
    Ok(())
}

/// `print_json`, pretty-printed (the reports that have always been printed so).
pub fn print_json_pretty(report: impl serde::Serialize) -> anyhow::Result<()> {
    println!(
        "{}",
        serde_json::to_string_pretty(&serde_json::to_value(report)?)?
    );
    Ok(())
}
