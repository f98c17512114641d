//! `firstmoves ibsys JOB`: an IBSYS job on the emulated 7094, its tapes laid out as s709's
//! procedure and SIMH's `ibsys.ini` lay them (docs/ibsys.md): the system library tapes SYSLB1
//! and SYSLB2 on A1 and A2 with their rings out, SYSIN1 on A3 a BCD tape made from the job
//! (`$LIST`, `$DATE` with the date in column 16, the job's cards, a tape mark, `$IBSYS`,
//! `$STOP`), SYSOU1 on A4 and the work tapes on A5-A10, all ten 729s on channel A; the entry
//! keys 0, LOAD TAPE from A1, and where the bootstrap halts the operator's `TRA 3` into IBSYS
//! (`--as-is`: the job file is the whole input deck).
//! The run goes to IBSYS's halt at END OF JOBS; SYSOU1 is printed as print lines on standard
//! output (column 1 the carriage control, as s709's `bcd2txt -p`); on standard error the stop
//! and the period time (the CPU's and the I/O wait; `--timing low|high` for the ends of the
//! estimated figures), then the host's time.

use std::path::{Path, PathBuf};

use anyhow::Context;
use emu::ibm7090::ibsys::{self, sysin_deck, REELS, SYSOU1};
use emu::ibm7090::tape::{Code, Tape};
use emu::ibm7090::{Machine, Model};

use super::job::period_time;
use super::run::ibm7090::{machine, parse_model, read_tape};

#[derive(clap::Args)]
#[command(mut_arg("printer", |a| a.help("Write the on-line printer's lines here")))]
#[command(mut_arg("tapes", |a| a.help(
    "Write every reel but the library tapes as the run left it into this folder, under the \
     names SIMH's ibsys.ini attaches (sysin.bcd, sysou1.bcd, sysut1.bin ...)"
)))]
pub struct IbsysArgs {
    /// The job: a card deck in text, a line a card (../shared/period/ibsys/jobs/hello.job).
    pub job: PathBuf,
    /// The folder holding the library tapes ASYS1.BIN (SYSLB1) and ASYS8.BIN (SYSLB2), P7B
    /// images.
    #[arg(long, default_value = "../shared/period/ibsys")]
    pub system: PathBuf,
    /// JOB is the whole input deck SYSIN1, used as it is: no `$LIST`, `$DATE`, tape mark,
    /// `$IBSYS` or `$STOP` added.
    #[arg(long)]
    pub as_is: bool,
    /// The date of the `$DATE` card, MMDDYY (IBSYS reads it from column 16).
    #[arg(long, default_value = "010164", value_parser = parse_date)]
    pub date: String,
    /// The machine of the family: IBSYS on these tapes needs the 7094 (on a 7090 or 709 it
    /// stops at its first EMTM).
    #[arg(long, value_parser = parse_model, default_value = "7094")]
    pub cpu: Model,
    #[command(flatten)]
    pub job_args: super::job::JobArgs,
}

fn parse_date(s: &str) -> Result<String, String> {
    let ok = s.len() == 6
        && s.bytes().all(|b| b.is_ascii_digit())
        && (1..=12).contains(&s[..2].parse::<u8>().unwrap_or(0))
        && (1..=31).contains(&s[2..4].parse::<u8>().unwrap_or(0));
    match ok {
        true => Ok(s.to_string()),
        false => Err(format!("`{s}` is not a date MMDDYY")),
    }
}

/// The library tapes' files in the system folder: SYSLB1, SYSLB2.
pub const LIBRARY: [&str; 2] = ["ASYS1.BIN", "ASYS8.BIN"];

/// The machine ready to run the input deck `sysin` (a card deck in text, read from `job`):
/// reels mounted, the keys 0, LOAD TAPE pressed, the bootstrap run to its halt and the
/// operator's TRA 3 given (`emu::ibm7090::ibsys::boot`).
pub fn machine_for(
    system: &Path,
    job: &Path,
    sysin: &str,
    model: Model,
    bound: emu::Bound,
) -> anyhow::Result<Machine> {
    let mut m = machine(model, bound);
    let sysin = Tape::from_cards_text(sysin).with_context(|| format!("{}", job.display()))?;
    let [lb1, lb2] = LIBRARY.map(|file| read_tape(&system.join(file), true, Code::Tape));
    ibsys::boot(&mut m, lb1?, lb2?, sysin)?;
    Ok(m)
}

pub fn run(args: IbsysArgs) -> anyhow::Result<()> {
    let job_args = &args.job_args;
    let bound = job_args.timing.bound();
    let deck = super::read_input(&args.job, super::Kind::Source)?;
    let sysin = match args.as_is {
        true => deck,
        false => sysin_deck(&deck, &args.date),
    };
    let mut m = machine_for(&args.system, &args.job, &sysin, args.cpu, bound)?;
    let host = std::time::Instant::now();
    let stop = job_args.run(&mut m);
    let host = host.elapsed().as_secs_f64();
    let sysou1 = m.io.tape(SYSOU1).context("no reel on SYSOU1's unit")?;
    print!("{}", sysou1.to_print_text());
    job_args.write(&m, &REELS)?;
    eprintln!("{} on the {}", period_time(&m, &stop), m.model().machine());
    eprintln!(
        "host: {host:.2} s, {:.1} M instructions a second",
        m.instructions() as f64 / host.max(1e-9) / 1e6
    );
    job_args.exit_for(&stop);
    Ok(())
}
