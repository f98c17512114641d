//! What `lisp` and `ibsys` share: a period system's job run on the emulated 7090 family to its
//! stop, with the same flags for what the run writes besides standard output and for its
//! budget (`JobArgs`), and the same end: those files written, the stop and the period time on
//! standard error (`period_time`), the exit status the stop calls for.

use std::path::PathBuf;

use anyhow::Context;
use emu::ibm7090::tape::Code;
use emu::ibm7090::{Limits, Machine, Stop};

use super::bounds::TimingArg;
use super::run::ibm7090::{write_punch, DEFAULT_INSTRUCTIONS};

/// The flags that follow each command's own, in this order. Which printer `--printer` means
/// and which reels `--tapes` writes under which names each command says in its own words
/// (`#[command(mut_arg(...))]` on its arguments).
#[derive(clap::Args)]
pub struct JobArgs {
    /// Write the printer's lines here.
    #[arg(long)]
    pub printer: Option<PathBuf>,
    /// Write the punch's cards here (`.cbn` column binary, else text).
    #[arg(long)]
    pub punch: Option<PathBuf>,
    /// Write every reel as the run left it into this folder.
    #[arg(long)]
    pub tapes: Option<PathBuf>,
    /// Stop after this many instructions (default 10^10, with exit status 3).
    #[arg(long)]
    pub limit_orders: Option<u64>,
    #[command(flatten)]
    pub timing: TimingArg,
}

impl JobArgs {
    /// Run `m` to its stop, within `--limit-orders` instructions or else the default budget.
    pub fn run(&self, m: &mut Machine) -> Stop {
        m.run(Limits::instructions(
            self.limit_orders.unwrap_or(DEFAULT_INSTRUCTIONS),
        ))
    }

    /// What the flags ask for, from the machine as the run left it: the printer's lines, the
    /// punch's cards, and each of `reels` (its unit, its file name in `--tapes`) that has a
    /// reel on its unit.
    pub fn write(&self, m: &Machine, reels: &[(u16, &str)]) -> anyhow::Result<()> {
        if let Some(path) = &self.printer {
            let mut text = m.io.printer.lines.join("\n");
            if !text.is_empty() {
                text.push('\n');
            }
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
        }
        if let Some(path) = &self.punch {
            write_punch(m, path)?;
        }
        if let Some(dir) = &self.tapes {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            for &(unit, name) in reels {
                if let Some(t) = m.io.tape(unit) {
                    super::tape::write_tape(&dir.join(name), t, Code::Tape)?;
                }
            }
        }
        Ok(())
    }

    /// End the process with the status `stop` calls for (`run::exit_for_stop`), naming the
    /// default budget where `--limit-orders` gave none; a stop the system meant returns.
    pub fn exit_for(&self, stop: &Stop) {
        super::run::exit_for_stop(
            stop.is_error(),
            matches!(stop, Stop::InstructionBudget),
            self.limit_orders
                .is_none()
                .then_some((DEFAULT_INSTRUCTIONS, "instructions")),
        );
    }
}

/// The run's line for standard error: the stop, the instructions and cycles, and the period
/// time at the machine's cycle with its parts, the CPU's and the I/O wait.
pub fn period_time(m: &Machine, stop: &Stop) -> String {
    let model = m.model();
    let seconds = |cycles: u64| model.cycles_to_us(cycles) / 1e6;
    let (cycles, wait) = (m.cycles(), m.io_wait_cycles());
    format!(
        "stop: {stop}; {} instructions, {cycles} cycles: period time {:.2} s (CPU {:.2} s, I/O wait {:.2} s)",
        m.instructions(),
        seconds(cycles),
        seconds(cycles - wait),
        seconds(wait),
    )
}
