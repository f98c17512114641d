//! Which figure of every timing row a machine's clock charges.

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
}
