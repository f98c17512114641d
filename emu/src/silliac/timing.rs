//! The ONE timing table: how long each order family takes, in exact nanoseconds, with a low and
//! a high bound on every figure.
//!
//! SILLIAC was asynchronous (each order starts when the previous one finishes), so time is a
//! per-order duration. The emulator's clock charges the nominal figures; `spread` turns a run's
//! order counts and per-unit work into the low / nominal / high period time, so that a figure
//! that rests on estimates says how far it can be off. Only addition and multiplication are
//! sourced for SILLIAC itself (Findler 1961); every other row gives its reasoning in the row
//! and in docs/timing.md. Nothing here is tuned to make any program's time come out a
//! particular way.

use super::orders::{info, TimingClass};

/// No time under any bound.
const ZERO: Spread = Spread::new(0, 0, 0);

/// One row: a fixed part per order plus, for some families, a part per unit of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimingRow {
    pub class: TimingClass,
    pub name: &'static str,
    /// ns an order takes, each bound `low <= nominal <= high` (checked by a test for every row).
    pub fixed: Spread,
    /// ns a unit of its work takes (a place shifted, a character read or punched).
    pub per_unit: Spread,
    /// What `per_unit` is charged for ("" if none).
    pub unit: &'static str,
    pub status: TimingStatus,
    /// Where the nominal figure comes from.
    pub source: &'static str,
    /// Why the low and high bounds are where they are.
    pub bounds: &'static str,
}

const US: u64 = 1_000;
const MS: u64 = 1_000_000;

/// One Williams-tube store access: ORDVAC (ILLIAC's twin) recalled a word "in 36 millionths of
/// a second" (Time, 28 Jan 1952; the 1951 Illinois press text says the same).
const ACCESS_NS: u64 = 36 * US;
/// An order's share of fetching its order pair (one access brings two orders): the least any
/// order can take.
const FETCH_SHARE_NS: u64 = ACCESS_NS / 2;
/// An addition (Findler 1961): an order that does no more than an addition takes no longer.
const ADD_NS: u64 = 75 * US;

/// Fixed part of an order that touches no operand in the store: the 75 us addition less one
/// store access (36 us), rounded.
pub const NO_OPERAND_NS: u64 = 40 * US;
/// One place of shift: half a multiply step ((700 - 75) / 39 = 16 us per add-and-shift step).
pub const SHIFT_PLACE_NS: u64 = 8 * US;
/// One character through the photoelectric reader (200 characters per second).
pub const READ_CHAR_NS: u64 = 5 * MS;
/// One character on the punch / teleprinter (10 characters per second).
pub const PUNCH_CHAR_NS: u64 = 100 * MS;

/// The fixed part of an order with no operand: at least its share of the pair fetch, at most
/// an addition (which does the same and more).
const NO_OPERAND: Spread = Spread::new(FETCH_SHARE_NS, NO_OPERAND_NS, ADD_NS);
/// An order with one store access and no more work than an addition's adder.
const ONE_ACCESS: Spread = Spread::new(FETCH_SHARE_NS + ACCESS_NS, ADD_NS, ADD_NS);
/// A punch or teleprinter character: Creed's 1955 high-speed punch (model 25, 33 characters/s)
/// at the fast end, ORDVAC's 1951 teleprinter (five strokes a second) at the slow end.
const PUNCH_CHAR: Spread = Spread::new(30 * MS, PUNCH_CHAR_NS, 200 * MS);
const PUNCH_BOUNDS: &str = "per character: low 30 ms = 33 characters/s, Creed's model 25 high-speed punch of 1955 (baudot.net/creed.htm); high 200 ms = ORDVAC's teleprinter, \"five strokes a second\" (Illinois press 1951, members.core.com/A0/BD/jackstar/computer.html: cubes of 1-2,000 took 1 h 15 min, ~4.7 characters/s); fixed part as a transfer";

/// The table, one row per timing class.
pub static TIMING_TABLE: [TimingRow; 12] = TIMING_ROWS;

// A const so that `build_fixed` can read it at compile time (statics cannot be read in const fns).
const TIMING_ROWS: [TimingRow; 12] = [
    TimingRow {
        class: TimingClass::Add,
        name: "addition class (L, F, S, K families)",
        fixed: Spread::new(72 * US, ADD_NS, 100 * US),
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Sourced,
        source: "Findler 1961 footnote: \"the time for an addition is 75 microseconds\" (papers/findler-1961-dama-on-silliac.txt)",
        bounds: "low 72 us: ORDVAC, ILLIAC's twin (Wikipedia, ORDVAC: \"addition time was 72 microseconds\"); high 100 us: ORDVAC \"added numbers at the rate of 10,000 per second\" (Time, 28 Jan 1952)",
    },
    TimingRow {
        class: TimingClass::Multiply,
        name: "multiplication (7x)",
        fixed: Spread::new(620 * US, 700 * US, 1_000 * US),
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Sourced,
        source: "Findler 1961 footnote: \"for a multiplication 700 microseconds\"",
        bounds: "low 620 us: the parent IAS machine's multiply, the fastest of the family (BRL 1955 survey, ed-thelen.org BRL-i.html); high 1 ms: ORDVAC multiplied twelve-digit numbers \"in one thousandth of a second\" (Time, 28 Jan 1952); ORDVAC's 732 us (Wikipedia) lies between",
    },
    TimingRow {
        class: TimingClass::Divide,
        name: "division (6x)",
        fixed: Spread::new(700 * US, 1_040 * US, 1_400 * US),
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "700 us x the IAS machine's divide/multiply ratio 920/620 (BRL 1955 survey, ed-thelen.org BRL-i.html); same 39-step structure plus a trial subtraction per step",
        bounds: "low 700 us: not faster than a multiplication (the same 39 steps, each with a trial subtraction); high 1,400 us: twice a multiplication, JOHNNIAC's divide/multiply ratio 1000/500 (BRL 1955, ed-thelen.org BRL-j-n.html), the largest in the family",
    },
    TimingRow {
        class: TimingClass::Shift,
        name: "shift (0x, 1x)",
        fixed: NO_OPERAND,
        per_unit: Spread::new(2 * US, SHIFT_PLACE_NS, 16 * US),
        unit: "place",
        status: TimingStatus::Estimate,
        source: "fixed: addition 75 us less one store access (36 us, ORDVAC, Time 1952), rounded; per place: half a multiply step, (700-75)/39/2 = 8 us",
        bounds: "fixed: low 18 us, the order's share of its pair's fetch (half a 36 us access); high 75 us, an addition does this and more; per place: low 2 us, two register transfers of ~1 us flip-flop time each (Fosdick 1961: \"about 1 microsecond\"); high 16 us, a whole multiply step (shift and add)",
    },
    TimingRow {
        class: TimingClass::Transfer,
        name: "transfer and stop (2x, 3x)",
        fixed: NO_OPERAND,
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "no operand access: as the fixed part of a shift",
        bounds: "as the fixed part of a shift: low 18 us (share of the pair fetch), high 75 us (an addition)",
    },
    TimingRow {
        class: TimingClass::Store,
        name: "store A (40, 41, 44, 45, 49, 4J)",
        fixed: ONE_ACCESS,
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition, a write instead of a read",
        bounds: "low 54 us: the share of the pair fetch plus one store access (18 + 36); high 75 us: not slower than an addition, which adds an adder pass to the same access",
    },
    TimingRow {
        class: TimingClass::AddressStore,
        name: "address store (42, 43, 46, 47, 4S, 4L)",
        fixed: Spread::new(FETCH_SHARE_NS + 2 * ACCESS_NS, 110 * US, 2 * ADD_NS),
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "read-modify-write of one word: a store (75 us) plus one more access (36 us, ORDVAC, Time 1952), rounded",
        bounds: "low 90 us: the share of the pair fetch plus two store accesses (18 + 2 x 36); high 150 us: two additions, each access no slower than an addition",
    },
    TimingRow {
        class: TimingClass::QLoad,
        name: "load Q (5x)",
        fixed: ONE_ACCESS,
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition, no adder",
        bounds: "as a store: low 54 us (fetch share + one access), high 75 us (an addition)",
    },
    TimingRow {
        class: TimingClass::Extract,
        name: "extract (Jx)",
        fixed: ONE_ACCESS,
        per_unit: ZERO,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition",
        bounds: "as a store: low 54 us (fetch share + one access), high 75 us (an addition)",
    },
    TimingRow {
        class: TimingClass::Read,
        name: "tape read (80, 81)",
        fixed: NO_OPERAND,
        per_unit: Spread::new(MS, READ_CHAR_NS, 10 * MS),
        unit: "character",
        status: TimingStatus::Estimate,
        source: "guess: 200 characters/s, the speed class of early-1950s photoelectric readers; no SILLIAC or ILLIAC reader figure found",
        bounds: "per character: low 1 ms = 1,000 characters/s, the fastest photoelectric reader of the 1950s (EDSAC 2's, Cambridge relic 17/97) and the speed Gillies asked for ILLIAC II (DCL report 93: \"between 1,000 and 2,000 characters per second\"); high 10 ms = 100 characters/s, half the nominal (SILLIAC's reader was photoelectric, notes §1; those found run 200-1,000/s, e.g. Ferranti TR5 300/s, Orion manual §4.3); fixed part as a transfer",
    },
    TimingRow {
        class: TimingClass::Punch,
        name: "sexadecimal punch (82, 83)",
        fixed: NO_OPERAND,
        per_unit: PUNCH_CHAR,
        unit: "character",
        status: TimingStatus::Derived,
        source: "10 characters/s: CYCLONE's teleprinter (ILLIAC copy, acearchive.org, evidence §3); SILLIAC's Creed speed not found",
        bounds: PUNCH_BOUNDS,
    },
    TimingRow {
        class: TimingClass::Character,
        name: "character output (92)",
        fixed: NO_OPERAND,
        per_unit: PUNCH_CHAR,
        unit: "character",
        status: TimingStatus::Derived,
        source: "as the punch: one character at 10 characters/s",
        bounds: PUNCH_BOUNDS,
    },
];

/// The row of a timing class (`None` for refused orders).
pub fn row(class: TimingClass) -> Option<&'static TimingRow> {
    TIMING_TABLE.iter().find(|r| r.class == class)
}

/// Fixed part of every function code's time, for the emulator's hot loop (0 for refused orders).
pub const FIXED_NS: [u64; 256] = build_fixed(Bound::Nominal);

const fn build_fixed(b: Bound) -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut c = 0;
    while c < 256 {
        let class = info_const(c as u8);
        let mut i = 0;
        while i < TIMING_ROWS.len() {
            if TIMING_ROWS[i].class as u8 == class as u8 {
                t[c] = TIMING_ROWS[i].fixed.get(b);
            }
            i += 1;
        }
        c += 1;
    }
    t
}

const fn info_const(code: u8) -> TimingClass {
    super::orders::ORDER_TABLE_CONST[code as usize].timing
}

/// Total nominal duration of one order of `code` doing `units` of per-unit work (places,
/// characters).
pub fn duration_ns(code: u8, units: u64) -> u64 {
    match row(info(code).timing) {
        Some(r) => r.fixed.nominal + r.per_unit.nominal * units,
        None => 0,
    }
}

pub use crate::bound::{Bound, Spread, TimingStatus};

/// The figures the clock charges under one bound, laid out for the hot loop.
#[derive(Debug, PartialEq, Eq)]
pub struct Figures {
    /// Fixed part of every function code's time (0 for refused orders).
    pub fixed: [u64; 256],
    pub shift_place_ns: u64,
    pub read_char_ns: u64,
    /// A character punched (82/83) or put out (92): the two rows share their figures.
    pub punch_char_ns: u64,
}

const fn per_unit(class: TimingClass, b: Bound) -> u64 {
    let mut i = 0;
    while i < TIMING_ROWS.len() {
        if TIMING_ROWS[i].class as u8 == class as u8 {
            return TIMING_ROWS[i].per_unit.get(b);
        }
        i += 1;
    }
    0
}

const fn build_figures(b: Bound) -> Figures {
    Figures {
        fixed: build_fixed(b),
        shift_place_ns: per_unit(TimingClass::Shift, b),
        read_char_ns: per_unit(TimingClass::Read, b),
        punch_char_ns: per_unit(TimingClass::Punch, b),
    }
}

/// The three bounds' figures in `Bound::ALL`'s order (0 low, 1 nominal, 2 high). A constant,
/// so that the hot loop's copy for one order code charges its fixed time as an immediate.
pub(crate) const FIGURES: [Figures; 3] = [
    build_figures(Bound::Low),
    build_figures(Bound::Nominal),
    build_figures(Bound::High),
];

/// `FIGURES` at one place in memory, for references.
pub(crate) static BY_BOUND: [Figures; 3] = FIGURES;

/// The figures of a bound.
pub fn figures(b: Bound) -> &'static Figures {
    &BY_BOUND[b as usize]
}

/// The per-unit work a run did, beside its per-code order counts: what the clock charged per
/// place or per character. Kept by the machine (`Machine::work`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Places shifted by the 0x and 1x orders.
    pub shift_places: u64,
    /// Characters read by 80/81 (the console's read included).
    pub read_chars: u64,
    /// Sexadecimal characters punched by 82/83.
    pub punched_chars: u64,
    /// Characters put out by 92 (one an order).
    pub printed_chars: u64,
}

impl Work {
    /// The units of work charged at the per-unit rate of `class` (0 for classes without one).
    pub fn units(&self, class: TimingClass) -> u64 {
        match class {
            TimingClass::Shift => self.shift_places,
            TimingClass::Read => self.read_chars,
            TimingClass::Punch => self.punched_chars,
            TimingClass::Character => self.printed_chars,
            _ => 0,
        }
    }
}

/// The period time of a run from its per-code order counts (`Machine::counts`) and its
/// per-unit work (`Machine::work`). `nominal` equals the machine's clock for the same run.
pub fn spread(counts: &[u64; 256], work: &Work) -> Spread {
    let mut s = Spread::default();
    for r in TIMING_TABLE.iter() {
        let orders: u64 = (0..=255u8)
            .filter(|&c| info(c).timing == r.class)
            .map(|c| counts[c as usize])
            .sum();
        let units = work.units(r.class);
        s += r.fixed.map(|ns| orders * ns) + r.per_unit.map(|ns| units * ns);
    }
    s
}

/// The nominal time of a run split by the status of the rows it was charged from: how much of
/// a period figure rests on sourced, derived and estimated rows (in that order).
pub fn nominal_by_status(counts: &[u64; 256], work: &Work) -> [(TimingStatus, u64); 3] {
    let mut out = TimingStatus::ALL.map(|s| (s, 0));
    for r in TIMING_TABLE.iter() {
        let orders: u64 = (0..=255u8)
            .filter(|&c| info(c).timing == r.class)
            .map(|c| counts[c as usize])
            .sum();
        let ns = orders * r.fixed.nominal + work.units(r.class) * r.per_unit.nominal;
        if let Some(slot) = out.iter_mut().find(|(s, _)| *s == r.status) {
            slot.1 += ns;
        }
    }
    out
}

/// The timing table as Markdown (docs/silliac.md embeds it; a test keeps the two identical).
pub fn markdown_table() -> String {
    let mut s = String::from(
        "| class | fixed low / nominal / high (us) | per unit low / nominal / high (us) | status | source of the nominal | reasoning of the bounds |\n",
    );
    s.push_str("| --- | ---: | ---: | --- | --- | --- |\n");
    for r in TIMING_TABLE.iter() {
        let per = if r.unit.is_empty() {
            "-".to_string()
        } else {
            format!("{} per {}", us3(&r.per_unit), r.unit)
        };
        s.push_str(&format!(
            "| {} | {} | {} | {:?} | {} | {} |\n",
            r.name,
            us3(&r.fixed),
            per,
            r.status,
            r.source,
            r.bounds
        ));
    }
    s
}

fn us3(b: &Spread) -> String {
    format!("{} / {} / {}", us(b.low), us(b.nominal), us(b.high))
}

fn us(ns: u64) -> String {
    match ns % 1000 {
        0 => (ns / 1000).to_string(),
        frac => format!("{}.{frac:03}", ns / 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The low figure never exceeds the nominal, nor the nominal the high, for any run.
        #[test]
        fn spread_is_ordered(
            counts in proptest::collection::vec(0u64..1 << 20, 256),
            units in proptest::array::uniform4(0u64..1 << 20),
        ) {
            let counts: [u64; 256] = counts.try_into().unwrap();
            let work = Work {
                shift_places: units[0],
                read_chars: units[1],
                punched_chars: units[2],
                printed_chars: units[3],
            };
            let s = spread(&counts, &work);
            prop_assert!(s.low <= s.nominal && s.nominal <= s.high);
            let parts: u64 = nominal_by_status(&counts, &work).iter().map(|p| p.1).sum();
            prop_assert_eq!(parts, s.nominal);
        }
    }

    #[test]
    fn fixed_times_come_from_the_table() {
        for code in 0..=255u8 {
            assert_eq!(FIXED_NS[code as usize], duration_ns(code, 0));
        }
    }

    #[test]
    fn each_bound_gets_its_own_figures() {
        for b in Bound::ALL {
            assert_eq!(*figures(b), build_figures(b), "{b:?}");
        }
        assert_ne!(figures(Bound::Low), figures(Bound::High));
    }

    #[test]
    fn sourced_figures() {
        assert_eq!(duration_ns(0xF5, 0), 75_000); // L5
        assert_eq!(duration_ns(0x75, 0), 700_000);
        assert_eq!(duration_ns(0x00, 3), 40_000 + 3 * 8_000);
        assert_eq!(duration_ns(0x28, 0), 0); // unwanted: never charged
    }

    #[test]
    fn every_row_is_bounded_and_reasoned() {
        for r in TIMING_TABLE.iter() {
            for b in [r.fixed, r.per_unit] {
                assert!(b.low <= b.nominal && b.nominal <= b.high, "{}", r.name);
            }
            assert!(r.fixed.low > 0, "{}: an order takes some time", r.name);
            assert_eq!(r.unit.is_empty(), r.per_unit == ZERO, "{}", r.name);
            assert!(!r.source.is_empty() && !r.bounds.is_empty(), "{}", r.name);
        }
    }

    #[test]
    fn spread_of_a_small_run() {
        let mut counts = [0u64; 256];
        counts[0xF5] = 2; // two additions
        counts[0x00] = 1; // one left shift ...
        let work = Work {
            shift_places: 5, // ... of five places
            ..Work::default()
        };
        let s = spread(&counts, &work);
        assert_eq!(s.nominal, 2 * 75_000 + 40_000 + 5 * 8_000);
        assert_eq!(s.low, 2 * 72_000 + 18_000 + 5 * 2_000);
        assert_eq!(s.high, 2 * 100_000 + 75_000 + 5 * 16_000);
        let parts = nominal_by_status(&counts, &work);
        assert_eq!(parts[0], (TimingStatus::Sourced, 150_000));
        assert_eq!(parts[2], (TimingStatus::Estimate, 80_000));
    }
}
