//! Why the machine stopped, and how a stop reads to the operator.

use super::Half;
use crate::silliac::orders::Order;
use std::fmt;

/// Why the machine stopped. Address and half are where control was: for the order-stops, the
/// order itself; `run` again continues as the console would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A 20/24-family (or taken 30/34-family) stop order; control has already been set to its
    /// target, so `run` again continues there as the console's restart would.
    StopOrder {
        address: u16,
        half: Half,
        order: Order,
    },
    /// The reader has fewer frames than the order at (address, half) needs; the order has not
    /// started. Push frames and `run` again.
    WaitingForTape { address: u16, half: Half },
    /// Control reached the breakpoint; the order there has not been obeyed.
    Breakpoint { address: u16, half: Half },
    /// A transfer that goes on at once to its own order (`26 n` at nL, or `3x` to itself with
    /// A >= 0): obeyed, control on it, and nothing else can change, so the machine would loop
    /// for ever (the loop an operator stopped by hand; SIMH's "Infinite loop").
    TightLoop { address: u16, half: Half },
    /// `Limits::max_orders` reached.
    OrderBudget,
    /// `Limits::max_ns` reached.
    TimeBudget,
    /// A divide whose quotient is outside -1 <= x < 1 (or divisor 0); the order is not obeyed
    /// and control stays on it.
    DivideOverflow {
        address: u16,
        half: Half,
        order: Order,
    },
    /// A variant the documents call unwanted or hardware SILLIAC lacked; not obeyed.
    UnwantedOrder {
        address: u16,
        half: Half,
        order: Order,
        reason: &'static str,
    },
    /// An order (or operand) whose behaviour no source gives; not obeyed.
    UnknownOrder {
        address: u16,
        half: Half,
        order: Order,
        reason: &'static str,
    },
}

impl Stop {
    /// A short name of the reason, stable for JSON output.
    pub fn reason(&self) -> &'static str {
        match self {
            Stop::StopOrder { .. } => "stop-order",
            Stop::WaitingForTape { .. } => "waiting-for-tape",
            Stop::Breakpoint { .. } => "breakpoint",
            Stop::TightLoop { .. } => "tight-loop",
            Stop::OrderBudget => "order-budget",
            Stop::TimeBudget => "time-budget",
            Stop::DivideOverflow { .. } => "divide-overflow",
            Stop::UnwantedOrder { .. } => "unwanted-order",
            Stop::UnknownOrder { .. } => "unknown-order",
        }
    }

    /// Where it happened, if the stop is tied to an order position.
    pub fn location(&self) -> Option<(u16, Half)> {
        match *self {
            Stop::StopOrder { address, half, .. }
            | Stop::WaitingForTape { address, half }
            | Stop::Breakpoint { address, half }
            | Stop::TightLoop { address, half }
            | Stop::DivideOverflow { address, half, .. }
            | Stop::UnwantedOrder { address, half, .. }
            | Stop::UnknownOrder { address, half, .. } => Some((address, half)),
            Stop::OrderBudget | Stop::TimeBudget => None,
        }
    }

    /// The machine refused an order, or loops for ever: the program cannot go on.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Stop::DivideOverflow { .. }
                | Stop::UnwantedOrder { .. }
                | Stop::UnknownOrder { .. }
                | Stop::TightLoop { .. }
        )
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at =
            |f: &mut fmt::Formatter<'_>, a: u16, h: Half| write!(f, " at {a:04}{}", h.letter());
        match *self {
            Stop::StopOrder {
                address,
                half,
                order,
            } => {
                write!(f, "stop order {}", order.to_text())?;
                at(f, address, half)
            }
            Stop::WaitingForTape { address, half } => {
                write!(f, "waiting for tape")?;
                at(f, address, half)
            }
            Stop::Breakpoint { address, half } => {
                write!(f, "breakpoint")?;
                at(f, address, half)
            }
            Stop::TightLoop { address, half } => {
                write!(f, "tight loop")?;
                at(f, address, half)?;
                write!(
                    f,
                    ": a transfer to itself, nothing changing (infinite loop)"
                )
            }
            Stop::OrderBudget => write!(f, "order budget used up"),
            Stop::TimeBudget => write!(f, "emulated time budget used up"),
            Stop::DivideOverflow {
                address,
                half,
                order,
            } => {
                write!(f, "divide overflow in {}", order.to_text())?;
                at(f, address, half)
            }
            Stop::UnwantedOrder {
                address,
                half,
                order,
                reason,
            }
            | Stop::UnknownOrder {
                address,
                half,
                order,
                reason,
            } => {
                let kind = if matches!(self, Stop::UnwantedOrder { .. }) {
                    "unwanted"
                } else {
                    "unknown"
                };
                write!(f, "{kind} order {}", order.to_text())?;
                at(f, address, half)?;
                write!(f, ": {reason}")
            }
        }
    }
}
