//! One module per subcommand family.

pub mod asm;
pub mod bench;
pub mod bounds;
pub mod chess;
pub mod dama;
pub mod diag;
pub mod help;
pub mod ibsys;
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

/// Input files are read whole; none the project takes is near this size, so a larger one is a
/// mistake (a wrong path, a device) refused with a clear error instead of filling memory.
pub const INPUT_LIMIT: u64 = 256 << 20;

/// A text input file, refused when it is over `INPUT_LIMIT` or not UTF-8.
pub fn read_input(path: &std::path::Path) -> anyhow::Result<String> {
    use anyhow::Context;
    let name = path.display();
    let size = std::fs::metadata(path)
        .with_context(|| format!("cannot read {name}"))?
        .len();
    if size > INPUT_LIMIT {
        anyhow::bail!(
            "{name}: {size} bytes, over the {} MiB limit for an input file",
            INPUT_LIMIT >> 20
        );
    }
    std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))
}
