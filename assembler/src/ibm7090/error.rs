//! Errors any 7090 dialect can raise: data items, instruction fields, the store.

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Ibm7090Error {
    #[error("'{0}' is not a DEC number (e.g. 12, -5, 3.5, 1.5E2, 1B17, .25B0)")]
    BadDecimal(String),
    #[error("DEC {0} does not fit in a 7090 word")]
    DecimalOutOfRange(String),
    #[error("'{0}' is not an octal number")]
    BadOctal(String),
    #[error("octal {0} does not fit in a 36-bit word")]
    OctalOutOfRange(String),
    /// A character the 7090's BCD set does not have.
    #[error("'{0}' is not a character of the 7090's BCD set")]
    NotBcd(char),
    /// An address or decrement outside -32767..32767.
    #[error(
        "{field} {value} does not fit in 15 bits (-32767..32767; negative values are taken as \
         the 2's complement)"
    )]
    FieldOutOfRange { field: &'static str, value: i64 },
    /// SWT 7, SLN 0: the operand selects a switch or light that does not exist.
    #[error("{op} {value}: the operand must be {min}..{max}")]
    OperandOutOfRange {
        op: &'static str,
        value: u32,
        min: u32,
        max: u32,
    },
    /// A tag outside 0..7: a warning, its low three bits are the tag, as in FAP.
    #[error("tag {0} is outside 0..7: its low three bits are assembled, as FAP does")]
    TagOutOfRange(i64),
    /// A decrement on an instruction that has none: a warning (FAP's D flag), the subfield
    /// goes into bits 3-17 all the same.
    #[error(
        "'{0}' has no decrement: the subfield is OR-ed into bits 3-17, as FAP does (its D flag)"
    )]
    DecrementWithout(&'static str),
    /// The location counter ran past 77777 octal.
    #[error("the program runs past location 77777 (octal), the end of the store")]
    PastEndOfStore,
    /// A word placed twice.
    #[error("location {address:05o} (octal) is already used by line {first_line}")]
    Overlap { address: u16, first_line: u32 },
}

impl From<crate::core::dialect::StoreError> for Ibm7090Error {
    fn from(e: crate::core::dialect::StoreError) -> Self {
        use crate::core::dialect::StoreError;
        match e {
            StoreError::PastEnd => Ibm7090Error::PastEndOfStore,
            StoreError::Overlap {
                address,
                first_line,
            } => Ibm7090Error::Overlap {
                address,
                first_line,
            },
        }
    }
}
