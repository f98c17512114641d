//! Errors of the SILLIAC dialect (those of the core are among them).

use emu::silliac::orders::function_name;
use thiserror::Error;

use super::Half;
use crate::core::diag::CoreError;
use crate::core::dialect::StoreError;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SilError {
    /// An error of the core (expressions, symbols, layout).
    #[error(transparent)]
    Core(#[from] CoreError),
    /// A word that is neither an order (two sexadecimal characters) nor a directive.
    #[error(
        "'{0}' is not an order (two sexadecimal characters 0-9 K S N J F L, then an address) \
         nor a directive; a label needs a ':'"
    )]
    NotAnOrder(String),
    #[error("unknown directive '.{0}'")]
    UnknownDirective(String),
    /// An order whose status in the emulator's order table is not Defined.
    #[error(
        "order {} has no known effect on SILLIAC ({status}); `.allow {}` permits it",
        name(.code),
        name(.code)
    )]
    NoKnownEffect { code: u8, status: String },
    /// An address outside the store.
    #[error("address {0} is outside the store (0..1023)")]
    AddressOutOfRange(i64),
    /// `.org` to an address outside the store.
    #[error(".org {0} is outside the store (0..1023)")]
    OriginOutOfRange(i64),
    /// Layout ran past word 1023.
    #[error("the program runs past word 1023, the end of the store")]
    PastEndOfStore,
    /// An initialised word at 0, 1 or 2 (the loader's words while the tape is read).
    #[error(
        "word {0} belongs to the tape loader while the tape is read: words 0, 1, 2 may be \
         named (.bss, .equ) but not initialised (put code at 3 or above with .org)"
    )]
    LoaderWord(u16),
    /// A word placed twice.
    #[error("word {address} is already used by line {first_line}")]
    Overlap { address: u16, first_line: u32 },
    /// A "left" transfer to a label in a right half, or a "right" transfer to a left half.
    #[error(
        "order {} goes to the {}-hand order of its word, but '{label}' is a {}-hand order",
        name(.code),
        other_side(.half),
        side(.half)
    )]
    TransferHalf { code: u8, label: String, half: Half },
    /// `.start` names a label in a right half: the loader starts at a left-hand order.
    #[error(
        "'{0}' is a right-hand order, but a program starts at the left-hand order of its start \
         word"
    )]
    StartRightHalf(String),
    #[error("the start is already set on line {first_line}")]
    DuplicateStart { first_line: u32 },
    #[error(".start {0} is outside the store (0..1023)")]
    StartOutOfRange(i64),
    /// `.start` at 0, 1 or 2: those words still hold the loader when the program starts.
    #[error(".start {0}: words 0, 1, 2 hold the tape loader when the program starts")]
    StartInLoader(i64),
    /// `.dec` outside -1 <= x < 1 (after rounding to 39 binary places).
    #[error("{0} is outside the range of a fraction, -1 <= x < 1")]
    DecimalOutOfRange(String),
    #[error("'{0}' is not a decimal fraction (e.g. 0.25, -.5, -1)")]
    BadDecimal(String),
    /// `.int` outside -2^39 <= n < 2^39.
    #[error("{0} is outside the range of a word integer, -2^39 <= n < 2^39")]
    IntegerOutOfRange(i64),
    /// `.sex` operand not exactly ten sexadecimal characters.
    #[error("'{0}' is not ten sexadecimal characters (0-9 K S N J F L)")]
    BadSexWord(String),
    /// `.bss` with a negative count.
    #[error(".bss {0}: the count is negative")]
    NegativeCount(i64),
    /// `.allow` operand not a function code.
    #[error("'{0}' is not a function code (two sexadecimal characters)")]
    BadFunction(String),
    /// A directive needs an operand.
    #[error(".{directive} needs {what}")]
    MissingOperand {
        directive: &'static str,
        what: &'static str,
    },
    /// `|` not followed by a second order.
    #[error("expected a right-hand order after '|', found {0}")]
    ExpectedRightOrder(String),
}

impl From<StoreError> for SilError {
    fn from(e: StoreError) -> SilError {
        match e {
            StoreError::PastEnd => SilError::PastEndOfStore,
            StoreError::Overlap {
                address,
                first_line,
            } => SilError::Overlap {
                address,
                first_line,
            },
        }
    }
}

fn name(code: &u8) -> String {
    function_name(*code)
}

fn side(half: &Half) -> &'static str {
    match half {
        Half::Left => "left",
        Half::Right => "right",
    }
}

fn other_side(half: &Half) -> &'static str {
    match half {
        Half::Left => "right",
        Half::Right => "left",
    }
}
