//! One module per subcommand family.

pub mod asm;
pub mod bench;
pub mod bounds;
pub mod chess;
pub mod dama;
pub mod diag;
pub mod help;
pub mod ibsys;
pub mod job;
pub mod lisp;
pub mod merge;
pub mod output;
pub mod run;
pub mod tape;
pub mod timing;

/// A `usize` flag within `min..=max`, checked when the command line is read.
pub fn usize_within(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(min..=max)
}

/// A number of seconds for a flag: finite and within `min..=max`, checked when the command line
/// is read (a duration the host cannot represent would otherwise end in a panic).
pub fn seconds_within(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text: &str| match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (min..=max).contains(&s) => Ok(s),
        Ok(_) => Err(format!("{text} is not between {min} and {max} seconds")),
        Err(_) => Err(format!("{text} is not a number of seconds")),
    }
}

/// `--jobs N`: how many problems of a campaign run at once. The report is the same for every N
/// (problems are pure functions of their case, their results summed in problem order).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Jobs {
    /// Problems run at once, 1 to 1,024 (default: every core of this machine; 1 runs them one
    /// after another). The report does not depend on it.
    #[arg(long, value_parser = usize_within(1, 1024))]
    pub jobs: Option<usize>,
}

impl Jobs {
    pub fn get(self) -> usize {
        self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        })
    }
}

pub use emu::input::Kind;

/// A text input file through the one bounded reader (`emu::input`): refused past its kind's
/// cap, whatever the file is (a pipe or a device too), or when it is not UTF-8.
pub fn read_input(path: &std::path::Path, kind: Kind) -> anyhow::Result<String> {
    emu::input::read_text(path, kind).map_err(|e| input_error(path, e))
}

/// The bytes of an input file, bounded as `read_input`.
pub fn read_input_bytes(path: &std::path::Path, kind: Kind) -> anyhow::Result<Vec<u8>> {
    emu::input::read(path, kind).map_err(|e| input_error(path, e))
}

fn input_error(path: &std::path::Path, e: std::io::Error) -> anyhow::Error {
    use std::io::ErrorKind::{FileTooLarge, InvalidData};
    match e.kind() {
        FileTooLarge | InvalidData => anyhow::anyhow!("{}: {e}", path.display()),
        _ => anyhow::Error::new(e).context(format!("cannot read {}", path.display())),
    }
}
