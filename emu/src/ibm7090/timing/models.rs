//! The cycles of the 709 (12 us) and the 7094 (2.0 us), row by row, derived from the 7090's
//! (the row's own `timing`; for the 7094's additions the row's timing is the 7094's) by the
//! rules below, each with its status and source; every estimated count has a low and a high
//! bound beside the nominal one, and a machine charges the end its CPU bound names
//! (`Machine::set_cpu_bound`). Sources and reasoning: docs/timing.md "The 709 and the 7094",
//! the tags of /work/helpers' reference notes: [CHM709] the Computer History Museum's 709 CPU,
//! [D704] IBM's 704 announcement, [DIAG] IBM's 709 diagnostics (9M02A, 9EFPA, 9D01A, 9M08A),
//! [TH] Tom's Hardware's 7094 rates, [BN] Bell and Newell.

use crate::ibm7090::isa::{InstrInfo, Op, Timing};
use crate::ibm7090::model::Model;
use crate::{Bound, TimingStatus};

/// How a row's cycles are counted on one model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The row's own rule and counts (the 7090's), every bound.
    Row,
    /// A fixed count: low, nominal, high.
    Fixed([u8; 3]),
    /// MPY, MPR: 2 when the multiplicand is zero (the operation ends after E), else the count
    /// of the bound.
    Multiply([u8; 3]),
    /// DVP, DVH: 3 on divide check, else the count of the bound.
    Divide([u8; 3]),
    /// VLM: 2 for a count C of 0 or a zero multiplicand, else 2 + ⌈(n − 2)·C/35⌉ for the
    /// bound's MPY count n (C = 35 gives MPY's).
    CountMultiply([u8; 3]),
    /// VDP, VDH: 2 for C = 0, 3 on divide check, else 2 + ⌈(n − 2)·C/35⌉ for DVP's n.
    CountDivide([u8; 3]),
    /// FMP, UFM: 2 when the operation ends after E (the 7090's rule says when), else the count.
    FloatMultiply([u8; 3]),
    /// FDP, FDH: 3 on divide check or a zero dividend, else the count.
    FloatDivide([u8; 3]),
}

/// A row's cycles on a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelCycles {
    pub rule: Rule,
    pub status: TimingStatus,
    pub source: &'static str,
}

const fn row(status: TimingStatus, source: &'static str) -> ModelCycles {
    ModelCycles {
        rule: Rule::Row,
        status,
        source,
    }
}

const fn rule(rule: Rule, status: TimingStatus, source: &'static str) -> ModelCycles {
    ModelCycles {
        rule,
        status,
        source,
    }
}

use TimingStatus::{Derived, Estimate, Sourced};

/// The cycles of `info` on `model` (a row the model lacks: as if it had it).
pub fn of(info: &InstrInfo, model: Model) -> ModelCycles {
    match model {
        Model::Ibm7090 => row(info.timing_status(), info.timing_source),
        Model::Ibm7094 if !info.on(Model::Ibm7090) => row(info.timing_status(), info.timing_source),
        _ => by_op(model, info.op).unwrap_or_else(|| by_timing(model, info.timing)),
    }
}

/// The rule of a data-dependent order on `model` (the executor's: `Rule::Row` for the 7090's).
pub fn data_rule(model: Model, op: Op) -> Rule {
    match model {
        Model::Ibm7090 => Rule::Row,
        _ => by_op(model, op).map_or(Rule::Row, |c| c.rule),
    }
}

/// The 7094: 2.0 us, "250,000 additions or subtractions, 100,000 multiplications, and 62,500
/// divisions per second" [TH]: add 2 cycles, multiply 5, divide 8. Every other row keeps the
/// 7090's count (add in 2 cycles at 2.0 us matches the rate, so the instruction look-ahead
/// saves no whole cycle on a simple order), bounded below by one less (an order the IBR
/// already holds [BN]).
///
/// The 709: 12 us; fixed add 24 us and multiply 240 us [CHM709]; MPY 20 cycles, 2 with a zero
/// multiplicand [DIAG 9M02A]; DVP 20, a divide check in its first ER cycle (3) [DIAG 9EFPA];
/// FAD as 9M08A (a 709 diagnostic) simulates it; FMP 204 us, FDP 216 us [D704]; NOP 2 cycles,
/// ANA 3 [DIAG 9D01A]. Every other row: the 7090's count, at least 2 (9D01A's NOP is the
/// 709's shortest order seen), bounded by the 7090's count and one more.
///
/// The orders these name (`None`: the rule goes by the row's timing, `by_timing`).
fn by_op(model: Model, op: Op) -> Option<ModelCycles> {
    const RATES: &str = "[S2] TH: 100,000 mult., 62,500 div. a second; [I] bounds";
    let c = match (model, op) {
        (Model::Ibm7094, Op::Add | Op::Adm | Op::Sub | Op::Sbm) => rule(
            Rule::Fixed([2, 2, 2]),
            Derived,
            "[S2] TH: 250,000 additions or subtractions a second",
        ),
        (Model::Ibm7094, Op::Mpy | Op::Mpr) => rule(Rule::Multiply([5, 5, 14]), Derived, RATES),
        (Model::Ibm7094, Op::Dvh | Op::Dvp) => rule(Rule::Divide([8, 8, 14]), Derived, RATES),
        (Model::Ibm7094, Op::Vlm) => rule(
            Rule::CountMultiply([5, 5, 14]),
            Estimate,
            "[I] MPY's, by the count",
        ),
        (Model::Ibm7094, Op::Vdh | Op::Vdp) => rule(
            Rule::CountDivide([8, 8, 14]),
            Estimate,
            "[I] DVP's, by the count",
        ),
        (Model::Ibm709, Op::Add | Op::Adm | Op::Sub | Op::Sbm) => rule(
            Rule::Fixed([2, 2, 2]),
            Sourced,
            "[S] CHM709: fixed add 24 us",
        ),
        (Model::Ibm709, Op::Nop) => {
            rule(Rule::Fixed([2, 2, 2]), Sourced, "[S] 9D01A: a 2 cycle NOP")
        }
        (Model::Ibm709, Op::Ana) => rule(
            Rule::Fixed([3, 3, 3]),
            Sourced,
            "[S] 9D01A: the 3 cycle ANA",
        ),
        (Model::Ibm709, Op::Mpy | Op::Mpr) => rule(
            Rule::Multiply([20, 20, 20]),
            Sourced,
            "[S] 9M02A: 20 cycles, 2 with a zero multiplicand",
        ),
        (Model::Ibm709, Op::Dvh | Op::Dvp) => rule(
            Rule::Divide([20, 20, 20]),
            Sourced,
            "[S] 9EFPA: I, E, 18 ER; check in the 1st ER",
        ),
        (Model::Ibm709, Op::Vlm) => rule(
            Rule::CountMultiply([20, 20, 20]),
            Estimate,
            "[I] MPY's, by the count",
        ),
        (Model::Ibm709, Op::Vdh | Op::Vdp) => rule(
            Rule::CountDivide([20, 20, 20]),
            Estimate,
            "[I] DVP's, by the count",
        ),
        (Model::Ibm709, Op::Fmp | Op::Ufm) => rule(
            Rule::FloatMultiply([17, 17, 17]),
            Derived,
            "[S] D704: 204 us; [I] the 7090's early end",
        ),
        (Model::Ibm709, Op::Fdh | Op::Fdp) => rule(
            Rule::FloatDivide([18, 18, 18]),
            Derived,
            "[S] D704: 216 us; [I] the 7090's early end",
        ),
        _ => return None,
    };
    Some(c)
}

/// The other rows of the 709 and the 7094, by the 7090's rule.
fn by_timing(model: Model, timing: Timing) -> ModelCycles {
    match (model, timing) {
        // Channel commands and data words: never executed by the CPU.
        (_, Timing::Fixed(0)) => row(Estimate, "[I]"),
        (Model::Ibm709, Timing::FloatAdd | Timing::FloatAddUnnormalized) => {
            row(Sourced, "[S] 9M08A steps (a 709 diagnostic)")
        }
        (Model::Ibm709, Timing::Shift) => row(Derived, "[S] 9M08A: 12 places a 12 us cycle"),
        (Model::Ibm709, Timing::Fixed(n)) => rule(
            Rule::Fixed([n, n.max(2), n + 1]),
            Estimate,
            "[I] the 7090's count, at least 2; high + 1",
        ),
        (Model::Ibm709, Timing::Execute) => rule(
            Rule::Fixed([1, 2, 2]),
            Estimate,
            "[I] the 7090's, at least 2, + target",
        ),
        (_, Timing::Fixed(n)) => rule(
            Rule::Fixed([n.saturating_sub(1).max(1), n, n]),
            Estimate,
            "[I] the 7090's count; low one less (IBR)",
        ),
        (_, Timing::Execute) => rule(Rule::Fixed([1, 1, 1]), Estimate, "[I] the 7090's, + target"),
        _ => row(Estimate, "[I] the 7090's rule"),
    }
}

impl Rule {
    /// The fixed part a decoded word carries (`decode::Decoded::cycles`): a fixed count, or
    /// MPY's long count (the executor takes 2 instead for a zero multiplicand); `None` for
    /// the row's own rule and the other data-dependent rules, which the executor counts.
    pub fn fixed(self, bound: Bound) -> Option<u8> {
        match self {
            Rule::Fixed(c) | Rule::Multiply(c) => Some(c[bound as usize]),
            _ => None,
        }
    }
}

/// MPY, MPR off the 7090 (`Rule::Multiply`): `long` the bound's count.
#[inline(always)]
pub fn multiply(long: u32, zero_multiplicand: bool) -> u32 {
    if zero_multiplicand {
        2
    } else {
        long
    }
}

/// The cycles of a data-dependent order on a model other than the 7090 whose rule is not the
/// row's: `cycles_7090` what the 7090's rule gave for the same operands (it tells the early
/// ends), `count` VLM's or VDx's count C, `check` a divide check, `zero` a zero multiplicand.
pub fn data_cycles(
    rule: Rule,
    bound: Bound,
    cycles_7090: u32,
    count: u32,
    check: bool,
    zero: bool,
) -> u32 {
    let by_count = |n: u8| 2 + ((u32::from(n) - 2) * count).div_ceil(35);
    match rule {
        Rule::Row | Rule::Fixed(_) => cycles_7090,
        Rule::Multiply(c) => multiply(c[bound as usize].into(), zero),
        Rule::Divide(c) => match check {
            true => 3,
            false => c[bound as usize].into(),
        },
        Rule::CountMultiply(_) if count == 0 || zero => 2,
        Rule::CountMultiply(c) => by_count(c[bound as usize]),
        Rule::CountDivide(_) if count == 0 => 2,
        Rule::CountDivide(_) if check => 3,
        Rule::CountDivide(c) => by_count(c[bound as usize]),
        Rule::FloatMultiply(c) => match cycles_7090 {
            2 => 2,
            _ => c[bound as usize].into(),
        },
        Rule::FloatDivide(c) => match cycles_7090 {
            3 => 3,
            _ => c[bound as usize].into(),
        },
    }
}

impl Rule {
    /// The counts as docs/timing.md shows them: `low/nominal/high`, or the rule.
    fn text(self, row: &InstrInfo) -> String {
        let three = |c: [u8; 3], what: &str| {
            let counts = if c[0] == c[1] && c[1] == c[2] {
                c[1].to_string()
            } else {
                format!("{}/{}/{}", c[0], c[1], c[2])
            };
            format!("{what}{counts}")
        };
        match self {
            Rule::Row => match row.timing {
                Timing::Fixed(n) => n.to_string(),
                _ => "the 7090's rule".to_string(),
            },
            Rule::Fixed(c) => three(c, ""),
            Rule::Multiply(c) => three(c, "2 (zero) or "),
            Rule::Divide(c) => three(c, "3 (check) or "),
            Rule::CountMultiply(c) => three(c, "by count, C = 35: "),
            Rule::CountDivide(c) => three(c, "by count, C = 35: "),
            Rule::FloatMultiply(c) => three(c, "2 (ends after E) or "),
            Rule::FloatDivide(c) => three(c, "3 (check) or "),
        }
    }
}

/// The 709's and the 7094's cycles of every row the CPU executes, as a Markdown table
/// (docs/timing.md embeds it; a test keeps the two identical).
pub fn markdown_table() -> String {
    use crate::ibm7090::isa::{is_extended, Format, TABLE};
    let mut s = String::from(
        "| Mnemonic | 709 cycles (low/nominal/high) | 709 status | 709 source | 7094 cycles (low/nominal/high) | 7094 status | 7094 source |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for info in TABLE.iter().filter(|i| {
        !matches!(i.format, Format::ChannelCommand | Format::PrefixData) && !is_extended(i)
    }) {
        let cell = |model: Model| {
            if !info.on(model) {
                return "(none) | | ".to_string();
            }
            let c = of(info, model);
            format!("{} | {} | {}", c.rule.text(info), c.status.name(), c.source)
        };
        s.push_str(&format!(
            "| {} | {} | {} |\n",
            info.mnemonic,
            cell(Model::Ibm709),
            cell(Model::Ibm7094)
        ));
    }
    s
}
