//! The three machines of the family the emulator runs: the 709 (1958), the 7090 (1959, the
//! 709 in transistors, "functionally the same" and five times faster) and the 7094 (1962: seven
//! index registers, double-precision floating point, a 2.0 us store). One instruction table
//! serves all three; a row says which models have it (`Models`), and each model has its own
//! cycle (docs/ibm7090.md "The 709 and the 7094", docs/timing.md).

use std::fmt;

/// A machine of the family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Model {
    Ibm709,
    #[default]
    Ibm7090,
    Ibm7094,
}

impl Model {
    pub const ALL: [Model; 3] = [Model::Ibm709, Model::Ibm7090, Model::Ibm7094];

    /// The name the command line takes (`--cpu 7094`) and the reports print.
    pub const fn name(self) -> &'static str {
        match self {
            Model::Ibm709 => "709",
            Model::Ibm7090 => "7090",
            Model::Ibm7094 => "7094",
        }
    }

    /// The model named `709`, `7090` or `7094`.
    pub fn from_name(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The machine's name in JSON reports (`ibm7090`).
    pub const fn machine(self) -> &'static str {
        match self {
            Model::Ibm709 => "ibm709",
            Model::Ibm7090 => "ibm7090",
            Model::Ibm7094 => "ibm7094",
        }
    }

    /// One storage cycle in picoseconds: the 709's 12 us [CHM 102728984, "A memory cycle ...
    /// took 12 microseconds"], the 7090's 2.18 us [CE-10], the 7094's 2.0 us [Bell and Newell,
    /// Computer Structures ch. 41, "Mp(2 us)"; the 7302A core].
    pub const fn cycle_ps(self) -> u64 {
        match self {
            Model::Ibm709 => 12_000_000,
            Model::Ibm7090 => 2_180_000,
            Model::Ibm7094 => 2_000_000,
        }
    }

    /// Emulated microseconds for a number of cycles (exact to the double's precision).
    pub fn cycles_to_us(self, cycles: u64) -> f64 {
        match self {
            Model::Ibm7090 => super::timing::cycles_to_us(cycles),
            other => cycles as f64 * (other.cycle_ps() as f64 / 1e6),
        }
    }

    /// The model's bit in a `Models` set.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Seven index registers and the multiple-tag mode (EMTM, LMTM).
    pub const fn has_seven_index_registers(self) -> bool {
        matches!(self, Model::Ibm7094)
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The models that have an instruction (a row of the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Models(u8);

impl Models {
    /// Every model: the 709's instruction set, which the 7090 kept and the 7094 extended.
    pub const ALL: Models = Models(0b111);
    /// The 7094's additions.
    pub const IBM7094: Models = Models(Model::Ibm7094.bit());

    pub const fn has(self, m: Model) -> bool {
        self.0 & m.bit() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_cycles() {
        for m in Model::ALL {
            assert_eq!(Model::from_name(m.name()), Some(m));
        }
        assert_eq!(Model::from_name("7040"), None);
        assert_eq!(Model::default(), Model::Ibm7090);
        assert_eq!(Model::Ibm7090.cycles_to_us(100), 100.0 * 2.18);
        assert_eq!(Model::Ibm7094.cycles_to_us(100), 200.0);
        assert_eq!(Model::Ibm709.cycles_to_us(2), 24.0);
        assert!(Models::ALL.has(Model::Ibm709) && !Models::IBM7094.has(Model::Ibm7090));
    }
}
