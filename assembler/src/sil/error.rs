//! Errors of the SILLIAC dialect (those shared with other dialects are in `core::diag`).

use std::fmt;

use emu::silliac::orders::function_name;

use super::Half;
use crate::core::diag::CoreError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SilError {
    /// An error of the core (expressions, symbols, layout).
    Core(CoreError),
    /// A word that is neither an order (two sexadecimal characters) nor a directive.
    NotAnOrder(String),
    UnknownDirective(String),
    /// An order whose status in the emulator's order table is not Defined.
    NoKnownEffect {
        code: u8,
        status: String,
    },
    /// An address outside the store.
    AddressOutOfRange(i64),
    /// `.org` to an address outside the store.
    OriginOutOfRange(i64),
    /// Layout ran past word 1023.
    PastEndOfStore,
    /// An initialised word at 0, 1 or 2 (the loader's words while the tape is read).
    LoaderWord(u16),
    /// A word placed twice.
    Overlap {
        address: u16,
        first_line: u32,
    },
    /// A "left" transfer to a label in a right half, or a "right" transfer to a left half.
    TransferHalf {
        code: u8,
        label: String,
        half: Half,
    },
    /// `.start` names a label in a right half: the loader starts at a left-hand order.
    StartRightHalf(String),
    DuplicateStart {
        first_line: u32,
    },
    StartOutOfRange(i64),
    /// `.start` at 0, 1 or 2: those words still hold the loader when the program starts.
    StartInLoader(i64),
    /// `.dec` outside -1 <= x < 1 (after rounding to 39 binary places).
    DecimalOutOfRange(String),
    BadDecimal(String),
    /// `.int` outside -2^39 <= n < 2^39.
    IntegerOutOfRange(i64),
    /// `.sex` operand not exactly ten sexadecimal characters.
    BadSexWord(String),
    /// `.bss` with a negative count.
    NegativeCount(i64),
    /// `.allow` operand not a function code.
    BadFunction(String),
    /// A directive needs an operand.
    MissingOperand {
        directive: &'static str,
        what: &'static str,
    },
    /// `|` not followed by a second order.
    ExpectedRightOrder(String),
}

impl fmt::Display for SilError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SilError::Core(e) => e.fmt(f),
            SilError::NotAnOrder(w) => write!(
                f,
                "'{w}' is not an order (two sexadecimal characters 0-9 K S N J F L, then an \
                 address) nor a directive; a label needs a ':'"
            ),
            SilError::UnknownDirective(d) => write!(f, "unknown directive '.{d}'"),
            SilError::NoKnownEffect { code, status } => write!(
                f,
                "order {} has no known effect on SILLIAC ({status}); `.allow {}` permits it",
                function_name(*code),
                function_name(*code)
            ),
            SilError::AddressOutOfRange(a) => {
                write!(f, "address {a} is outside the store (0..1023)")
            }
            SilError::OriginOutOfRange(a) => {
                write!(f, ".org {a} is outside the store (0..1023)")
            }
            SilError::PastEndOfStore => {
                write!(f, "the program runs past word 1023, the end of the store")
            }
            SilError::LoaderWord(a) => write!(
                f,
                "word {a} belongs to the tape loader while the tape is read: words 0, 1, 2 may \
                 be named (.bss, .equ) but not initialised (put code at 3 or above with .org)"
            ),
            SilError::Overlap {
                address,
                first_line,
            } => write!(f, "word {address} is already used by line {first_line}"),
            SilError::TransferHalf { code, label, half } => {
                let (goes, is) = match half {
                    Half::Left => ("right", "left"),
                    Half::Right => ("left", "right"),
                };
                write!(
                    f,
                    "order {} goes to the {goes}-hand order of its word, but '{label}' is a \
                     {is}-hand order",
                    function_name(*code)
                )
            }
            SilError::StartRightHalf(l) => write!(
                f,
                "'{l}' is a right-hand order, but a program starts at the left-hand order of \
                 its start word"
            ),
            SilError::DuplicateStart { first_line } => {
                write!(f, "the start is already set on line {first_line}")
            }
            SilError::StartOutOfRange(a) => {
                write!(f, ".start {a} is outside the store (0..1023)")
            }
            SilError::StartInLoader(a) => write!(
                f,
                ".start {a}: words 0, 1, 2 hold the tape loader when the program starts"
            ),
            SilError::DecimalOutOfRange(x) => {
                write!(f, "{x} is outside the range of a fraction, -1 <= x < 1")
            }
            SilError::BadDecimal(x) => {
                write!(f, "'{x}' is not a decimal fraction (e.g. 0.25, -.5, -1)")
            }
            SilError::IntegerOutOfRange(n) => write!(
                f,
                "{n} is outside the range of a word integer, -2^39 <= n < 2^39"
            ),
            SilError::BadSexWord(w) => write!(
                f,
                "'{w}' is not ten sexadecimal characters (0-9 K S N J F L)"
            ),
            SilError::NegativeCount(n) => write!(f, ".bss {n}: the count is negative"),
            SilError::BadFunction(w) => write!(
                f,
                "'{w}' is not a function code (two sexadecimal characters)"
            ),
            SilError::MissingOperand { directive, what } => {
                write!(f, ".{directive} needs {what}")
            }
            SilError::ExpectedRightOrder(found) => {
                write!(f, "expected a right-hand order after '|', found {found}")
            }
        }
    }
}

impl From<CoreError> for SilError {
    fn from(e: CoreError) -> Self {
        SilError::Core(e)
    }
}

impl std::error::Error for SilError {}
