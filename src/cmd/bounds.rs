//! `--timing low|nominal|high`, which figures of the timing table the emulated clock charges,
//! and a period time under the three bounds as the reports give it.

use emu::silliac::timing::Spread;
use emu::Bound;

/// Which figures of the timing table the emulated clock charges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TimingBound {
    /// Every row's low bound: the least the period machine can have taken.
    Low,
    /// The nominal figures (the default; the reports' plain fields are these).
    #[default]
    Nominal,
    /// Every row's high bound.
    High,
}

impl From<TimingBound> for Bound {
    fn from(b: TimingBound) -> Bound {
        match b {
            TimingBound::Low => Bound::Low,
            TimingBound::Nominal => Bound::Nominal,
            TimingBound::High => Bound::High,
        }
    }
}

/// The flag, for the commands that report emulated time.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct TimingArg {
    /// Charge the low, nominal or high figure of every timing row (docs/timing.md): SILLIAC's
    /// orders and tape, the 7090's input and output. The run is the same, its period time that
    /// bound's. The JSON gives all three beside the chosen one.
    #[arg(long, value_enum, default_value = "nominal")]
    pub timing: TimingBound,
}

impl TimingArg {
    pub fn bound(&self) -> Bound {
        self.timing.into()
    }
}

/// The same in words, e.g. "low 1.0 s, nominal 2.0 s, high 3.5 s".
pub fn seconds_text(s: Spread) -> String {
    format!(
        "low {:.1} s, nominal {:.1} s, high {:.1} s",
        s.low as f64 / 1e9,
        s.nominal as f64 / 1e9,
        s.high as f64 / 1e9
    )
}
