//! The ONE timing table: how long each order family takes, in exact nanoseconds.
//!
//! SILLIAC was asynchronous (each order starts when the previous one finishes), so time is a
//! per-order duration. Only two figures are sourced (Findler 1961: addition 75 us,
//! multiplication 700 us); every other row is an estimate whose reasoning is given in the row
//! and in docs/silliac.md. Nothing here is tuned to make any program's time come out a
//! particular way.

use super::orders::{info, TimingClass};

/// How sure a row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimingStatus {
    /// Stated by a source about SILLIAC.
    Sourced,
    /// Derived from a sourced figure of a sibling machine or device.
    Inferred,
    /// A guess with reasoning; replace when the manual's table is read.
    Estimate,
}

/// One row: a fixed part per order plus, for some families, a part per unit of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimingRow {
    pub class: TimingClass,
    pub name: &'static str,
    pub fixed_ns: u64,
    pub per_unit_ns: u64,
    /// What `per_unit_ns` is charged for ("" if none).
    pub unit: &'static str,
    pub status: TimingStatus,
    pub source: &'static str,
}

const US: u64 = 1_000;
const MS: u64 = 1_000_000;

/// Fixed part of an order that touches no operand in the store: the 75 us addition less one
/// store access (~36 us, ORDVAC press figure, notes §5), rounded.
pub const NO_OPERAND_NS: u64 = 40 * US;
/// One place of shift: half a multiply step ((700 - 75) / 39 = 16 us per add-and-shift step).
pub const SHIFT_PLACE_NS: u64 = 8 * US;
/// One character through the photoelectric reader (200 characters per second).
pub const READ_CHAR_NS: u64 = 5 * MS;
/// One character on the punch / teleprinter (10 characters per second).
pub const PUNCH_CHAR_NS: u64 = 100 * MS;

/// The table, one row per timing class.
pub static TIMING_TABLE: [TimingRow; 12] = TIMING_ROWS;

// A const so that `build_fixed` can read it at compile time (statics cannot be read in const fns).
const TIMING_ROWS: [TimingRow; 12] = [
    TimingRow {
        class: TimingClass::Add,
        name: "addition class (L, F, S, K families)",
        fixed_ns: 75 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Sourced,
        source: "Findler 1961 footnote: \"the time for an addition is 75 microseconds\" (papers/findler-1961-dama-on-silliac.txt)",
    },
    TimingRow {
        class: TimingClass::Multiply,
        name: "multiplication (7x)",
        fixed_ns: 700 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Sourced,
        source: "Findler 1961 footnote: \"for a multiplication 700 microseconds\"",
    },
    TimingRow {
        class: TimingClass::Divide,
        name: "division (6x)",
        fixed_ns: 1_040 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "700 us x the IAS machine's divide/multiply ratio 920/620 (BRL 1955 survey, evidence §3); same 39-step structure plus a trial subtraction per step",
    },
    TimingRow {
        class: TimingClass::Shift,
        name: "shift (0x, 1x)",
        fixed_ns: NO_OPERAND_NS,
        per_unit_ns: SHIFT_PLACE_NS,
        unit: "place",
        status: TimingStatus::Estimate,
        source: "fixed: addition 75 us less one store access (~36 us, ORDVAC 1951 press, notes §5); per place: half a multiply step, (700-75)/39/2 = 8 us",
    },
    TimingRow {
        class: TimingClass::Transfer,
        name: "transfer and stop (2x, 3x)",
        fixed_ns: NO_OPERAND_NS,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "no operand access: as the fixed part of a shift",
    },
    TimingRow {
        class: TimingClass::Store,
        name: "store A (40, 41, 44, 45, 49, 4J)",
        fixed_ns: 75 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition, a write instead of a read",
    },
    TimingRow {
        class: TimingClass::AddressStore,
        name: "address store (42, 43, 46, 47, 4S, 4L)",
        fixed_ns: 110 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "read-modify-write of one word: a store (75 us) plus one more access (~36 us, ORDVAC 1951 press), rounded",
    },
    TimingRow {
        class: TimingClass::QLoad,
        name: "load Q (5x)",
        fixed_ns: 75 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition, no adder",
    },
    TimingRow {
        class: TimingClass::Extract,
        name: "extract (Jx)",
        fixed_ns: 75 * US,
        per_unit_ns: 0,
        unit: "",
        status: TimingStatus::Estimate,
        source: "one store access like an addition",
    },
    TimingRow {
        class: TimingClass::Read,
        name: "tape read (80, 81)",
        fixed_ns: NO_OPERAND_NS,
        per_unit_ns: READ_CHAR_NS,
        unit: "character",
        status: TimingStatus::Estimate,
        source: "guess: 200 characters/s, the speed class of early-1950s photoelectric readers (e.g. Ferranti's TR5); no SILLIAC or ILLIAC reader figure found",
    },
    TimingRow {
        class: TimingClass::Punch,
        name: "sexadecimal punch (82, 83)",
        fixed_ns: NO_OPERAND_NS,
        per_unit_ns: PUNCH_CHAR_NS,
        unit: "character",
        status: TimingStatus::Inferred,
        source: "10 characters/s: CYCLONE's teleprinter (ILLIAC copy, acearchive.org, evidence §3); SILLIAC's Creed speed not found",
    },
    TimingRow {
        class: TimingClass::Character,
        name: "character output (92)",
        fixed_ns: NO_OPERAND_NS,
        per_unit_ns: PUNCH_CHAR_NS,
        unit: "character",
        status: TimingStatus::Inferred,
        source: "as the punch: one character at 10 characters/s",
    },
];

/// The row of a timing class (`None` for refused orders).
pub fn row(class: TimingClass) -> Option<&'static TimingRow> {
    TIMING_TABLE.iter().find(|r| r.class == class)
}

/// Fixed part of every function code's time, for the emulator's hot loop (0 for refused orders).
pub const FIXED_NS: [u64; 256] = build_fixed();

const fn build_fixed() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut c = 0;
    while c < 256 {
        let class = info_const(c as u8);
        let mut i = 0;
        while i < TIMING_ROWS.len() {
            if TIMING_ROWS[i].class as u8 == class as u8 {
                t[c] = TIMING_ROWS[i].fixed_ns;
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

/// Total duration of one order of `code` doing `units` of per-unit work (places, characters).
pub fn duration_ns(code: u8, units: u64) -> u64 {
    match row(info(code).timing) {
        Some(r) => r.fixed_ns + r.per_unit_ns * units,
        None => 0,
    }
}

/// The timing table as Markdown (docs/silliac.md embeds it; a test keeps the two identical).
pub fn markdown_table() -> String {
    let mut s =
        String::from("| class | fixed (us) | per unit (us) | status | source and reasoning |\n");
    s.push_str("| --- | ---: | ---: | --- | --- |\n");
    for r in TIMING_TABLE.iter() {
        let per = if r.unit.is_empty() {
            "-".to_string()
        } else {
            format!("{} per {}", us(r.per_unit_ns), r.unit)
        };
        s.push_str(&format!(
            "| {} | {} | {} | {:?} | {} |\n",
            r.name,
            us(r.fixed_ns),
            per,
            r.status,
            r.source
        ));
    }
    s
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

    #[test]
    fn fixed_times_come_from_the_table() {
        for code in 0..=255u8 {
            assert_eq!(FIXED_NS[code as usize], duration_ns(code, 0));
        }
    }

    #[test]
    fn sourced_figures() {
        assert_eq!(duration_ns(0xF5, 0), 75_000); // L5
        assert_eq!(duration_ns(0x75, 0), 700_000);
        assert_eq!(duration_ns(0x00, 3), 40_000 + 3 * 8_000);
        assert_eq!(duration_ns(0x28, 0), 0); // unwanted: never charged
    }
}
