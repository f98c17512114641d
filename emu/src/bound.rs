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

/// A figure under each bound, low, nominal and high: a timing row's nanoseconds, a run's period
/// time, a chess problem's cycles. Spreads add and subtract bound by bound (problems run one
/// after another; the part of a run after a point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spread<T = u64> {
    pub low: T,
    pub nominal: T,
    pub high: T,
}

impl<T: Copy> Spread<T> {
    pub const fn new(low: T, nominal: T, high: T) -> Spread<T> {
        Spread { low, nominal, high }
    }

    /// The figure under bound `b`.
    pub const fn get(&self, b: Bound) -> T {
        match b {
            Bound::Low => self.low,
            Bound::Nominal => self.nominal,
            Bound::High => self.high,
        }
    }

    /// Sets the figure under bound `b`.
    pub fn set(&mut self, b: Bound, value: T) {
        match b {
            Bound::Low => self.low = value,
            Bound::Nominal => self.nominal = value,
            Bound::High => self.high = value,
        }
    }

    /// Each figure in other units (cycles as seconds, ns as seconds).
    pub fn map<U>(self, f: impl Fn(T) -> U) -> Spread<U> {
        Spread {
            low: f(self.low),
            nominal: f(self.nominal),
            high: f(self.high),
        }
    }

    /// Each bound's name with its figure, low first: what a report writes.
    pub fn named(self) -> [(&'static str, T); 3] {
        Bound::ALL.map(|b| (b.name(), self.get(b)))
    }
}

impl<T: std::ops::Add<Output = T>> std::ops::Add for Spread<T> {
    type Output = Spread<T>;

    fn add(self, o: Spread<T>) -> Spread<T> {
        Spread {
            low: self.low + o.low,
            nominal: self.nominal + o.nominal,
            high: self.high + o.high,
        }
    }
}

impl<T: std::ops::Sub<Output = T>> std::ops::Sub for Spread<T> {
    type Output = Spread<T>;

    fn sub(self, o: Spread<T>) -> Spread<T> {
        Spread {
            low: self.low - o.low,
            nominal: self.nominal - o.nominal,
            high: self.high - o.high,
        }
    }
}

impl<T: std::ops::AddAssign> std::ops::AddAssign for Spread<T> {
    fn add_assign(&mut self, o: Spread<T>) {
        self.low += o.low;
        self.nominal += o.nominal;
        self.high += o.high;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreads_add_subtract_and_name_their_bounds() {
        let a = Spread::new(1u64, 2, 3);
        let b = Spread::new(10u64, 20, 30);
        assert_eq!(a + b, Spread::new(11, 22, 33));
        assert_eq!(b - a, Spread::new(9, 18, 27));
        let mut c = a;
        c += b;
        c.set(Bound::High, 7);
        assert_eq!(c, Spread::new(11, 22, 7));
        assert_eq!(Bound::ALL.map(|x| b.get(x)), [10, 20, 30]);
        assert_eq!(a.map(|x| x * 2), Spread::new(2, 4, 6));
        assert_eq!(a.named(), [("low", 1), ("nominal", 2), ("high", 3)]);
    }
}
