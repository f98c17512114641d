//! A program's settings from the command line: the flags every program of the registry
//! declares for its options (`Player::FLAGS`, in the program's own folder), and
//! `--option NAME=VALUE` for any option at all. They reach the program as its UCI options.

use anyhow::Context;
use chess::program::{Flag, Takes};
use chess::registry::PLAYERS;
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches};

/// The settings the flags give: (option, value) pairs, and the flags as given, for messages.
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub settings: Vec<(String, String)>,
    pub flags: Vec<String>,
}

impl Given {
    fn push(&mut self, flag: String, option: &str, value: String) {
        // Messages quote the flag, not a whole list someone generated.
        let flag = match flag.char_indices().nth(60) {
            Some((cut, _)) => format!("{}...", &flag[..cut]),
            None => flag,
        };
        self.flags.push(flag);
        self.settings.push((option.to_string(), value));
    }

    /// What an error of `program` with these settings is about: the program and the flags.
    pub fn context(&self, program: &str) -> String {
        if self.flags.is_empty() {
            program.to_string()
        } else {
            format!("{program} with {}", self.flags.join(" "))
        }
    }
}

/// Every program's flags, and `--option`, as given: the flag's text, the option and its value,
/// in the registry's order; then each `--option`.
#[derive(Clone, Debug, Default)]
pub struct ProgramFlags {
    flags: Vec<(String, &'static str, String)>,
    options: Vec<String>,
}

impl ProgramFlags {
    /// The settings of these flags, in the order above.
    pub fn given(&self) -> anyhow::Result<Given> {
        let mut g = Given::default();
        for (text, option, value) in &self.flags {
            g.push(text.clone(), option, value.clone());
        }
        for o in &self.options {
            let (n, v) = o
                .split_once('=')
                .with_context(|| format!("--option `{o}`: not NAME=VALUE"))?;
            g.push(format!("--option {o}"), n.trim(), v.trim().to_string());
        }
        Ok(g)
    }
}

/// The flags of every row, each long name once (the first row to declare it has it).
fn flags() -> Vec<&'static Flag> {
    let mut out: Vec<&'static Flag> = Vec::new();
    for f in PLAYERS.iter().flat_map(|e| e.flags()) {
        if !out.iter().any(|o| o.long == f.long) {
            out.push(f);
        }
    }
    out
}

/// The option names of a UCI `option name NAME type ...` line.
fn option_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    Some(rest.split(" type ").next().unwrap_or(rest))
}

/// `--option`'s help: every program's options by name.
fn option_help() -> String {
    let lists: Vec<String> = PLAYERS
        .iter()
        .map(|e| {
            let names: Vec<String> = e
                .options()
                .iter()
                .filter_map(|l| option_name(l).map(str::to_string))
                .collect();
            format!("{}'s {}", e.name(), names.join(", "))
        })
        .collect();
    format!(
        "A program's option by its UCI name, as NAME=VALUE (repeatable): {}. `chess uci` lists \
         a program's options with their defaults after `uci`",
        lists.join("; ")
    )
}

/// The flag's id among the command's arguments: its own, so that a command's flag of the same
/// name (`chess crosscheck --seed`) is not taken for it.
fn id(f: &Flag) -> String {
    format!("program flag {}", f.long)
}

fn arg(f: &Flag) -> Arg {
    let setting = match f.takes {
        Takes::Switch(value) => format!("{}={value}", f.option),
        _ => f.option.to_string(),
    };
    let a = Arg::new(id(f))
        .long(f.long)
        .help(format!("{} Option `{setting}`", f.help));
    let name = f.long.to_uppercase().replace('-', "_");
    match f.takes {
        Takes::Text => a.value_name(name),
        Takes::Numbers => a
            .value_name(name)
            .value_delimiter(',')
            .value_parser(clap::value_parser!(u64))
            .action(ArgAction::Append),
        Takes::Number { min, max } => a
            .value_name(name)
            .value_parser(clap::value_parser!(u64).range(min..=max)),
        Takes::Switch(_) => a.action(ArgAction::SetTrue),
    }
}

/// The text of `f` as given, and the option's value, if it was given (a flag the command does
/// not take is not given).
fn read(f: &Flag, m: &ArgMatches) -> Option<(String, String)> {
    let (flag, id) = (f.long, id(f));
    match f.takes {
        Takes::Text => m
            .try_get_one::<String>(&id)
            .ok()?
            .map(|v| (format!("--{flag} {v}"), v.clone())),
        Takes::Numbers => m.try_get_many::<u64>(&id).ok()?.map(|v| {
            let v: Vec<String> = v.map(u64::to_string).collect();
            (format!("--{flag} {}", v.join(",")), v.join(" "))
        }),
        Takes::Number { .. } => m
            .try_get_one::<u64>(&id)
            .ok()?
            .map(|v| (format!("--{flag} {v}"), v.to_string())),
        Takes::Switch(value) => m
            .try_get_one::<bool>(&id)
            .ok()?
            .filter(|&&on| on)
            .map(|_| (format!("--{flag}"), value.to_string())),
    }
}

impl FromArgMatches for ProgramFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let flags = flags()
            .into_iter()
            .filter_map(|f| read(f, m).map(|(text, value)| (text, f.option, value)))
            .collect();
        let options = m
            .get_many::<String>("option")
            .map(|v| v.cloned().collect())
            .unwrap_or_default();
        Ok(ProgramFlags { flags, options })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = ProgramFlags::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for ProgramFlags {
    /// The program flags a command does not name itself (`chess crosscheck`'s own `--seed`
    /// draws its positions), then `--option`.
    fn augment_args(cmd: Command) -> Command {
        let mut cmd = cmd;
        for f in flags() {
            if cmd.get_arguments().all(|a| a.get_long() != Some(f.long)) {
                cmd = cmd.arg(arg(f));
            }
        }
        cmd.arg(
            Arg::new("option")
                .long("option")
                .value_name("NAME=VALUE")
                .action(ArgAction::Append)
                .help(option_help()),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_lines_name_their_option() {
        assert_eq!(
            option_name("option name Widths type string default 4 3 2"),
            Some("Widths")
        );
        assert_eq!(option_name("id name x"), None);
    }

    #[test]
    fn no_two_programs_mean_two_things_by_one_flag() {
        for f in PLAYERS.iter().flat_map(|e| e.flags()) {
            let first = flags().into_iter().find(|o| o.long == f.long).unwrap();
            assert_eq!(
                (first.option, first.takes),
                (f.option, f.takes),
                "--{}",
                f.long
            );
        }
    }
}
