//! One module per subcommand family.

pub mod asm;
pub mod bench;
pub mod chess;
pub mod dama;
pub mod diag;
pub mod exhibition;
pub mod run;

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
