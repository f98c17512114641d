//! Which figure of every timing row a machine's clock charges, and how sure a row is.

/// Low, nominal or high: every period figure that rests on estimates carries bounds
/// (docs/timing.md), and a run can be charged with either end (`--timing`). The run is the same
/// order for order under each (nothing a program does depends on its machine's clock), only
/// its period time differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    Low,
    #[default]
    Nominal,
    High,
}

impl Bound {
    pub const ALL: [Bound; 3] = [Bound::Low, Bound::Nominal, Bound::High];

    pub fn name(self) -> &'static str {
        match self {
            Bound::Low => "low",
            Bound::Nominal => "nominal",
            Bound::High => "high",
        }
    }

    /// The bound named `low`, `nominal` or `high`.
    pub fn from_name(name: &str) -> Option<Bound> {
        Bound::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// How sure a timing row is (both machines' tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimingStatus {
    /// Stated by a source about the machine itself.
    Sourced,
    /// Derived from sourced figures (a sibling machine's, or the machine's own bounds with an
    /// inferred rule between them).
    Derived,
    /// A guess with reasoning; replace when the manual's table is read.
    Estimate,
}

impl TimingStatus {
    pub const ALL: [TimingStatus; 3] = [
        TimingStatus::Sourced,
        TimingStatus::Derived,
        TimingStatus::Estimate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TimingStatus::Sourced => "sourced",
            TimingStatus::Derived => "derived",
            TimingStatus::Estimate => "estimate",
        }
    }
}
