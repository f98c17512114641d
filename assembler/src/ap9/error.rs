//! Errors of the 9AP dialect. 9AP itself flags some of these in its listing and goes on (an
//! undefined symbol or an unknown operation contributes 0); here they stop the assembly, so a
//! deck is never punched from a program 9AP would have flagged. Others are corners where 9AP's
//! two passes disagree (docs/assembler.md, "Where 9AP's own passes disagree"), refused rather
//! than imitated.

use thiserror::Error;

use crate::core::diag::CoreError;
use crate::core::dialect::StoreError;
use crate::ibm7090::Ibm7090Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Ap9Error {
    /// Expressions, symbols, layout.
    #[error(transparent)]
    Core(#[from] CoreError),
    /// The store.
    #[error(transparent)]
    Machine(#[from] Ibm7090Error),
    #[error("'{0}' is not a character of the 709's BCD set")]
    NotBcd(char),
    /// A warning: a tab in a transcribed card.
    #[error(
        "a tab in column {column}: read as blanks to column {to}, as asm7090 reads a tab (stops \
         at columns 8, 16, then every 8)"
    )]
    Tab { column: usize, to: usize },
    #[error(
        "the operation does not end by column 15 (9AP wants a blank or '*' in columns 11-15; \
         it would blank columns 7-12 of this card and assemble the rest)"
    )]
    OperationTooLong,
    #[error("unknown operation '{0}' (not in 9AP's operation table nor a pseudo-operation)")]
    UnknownOperation(String),
    #[error("the field runs past column 72 (9AP would read on into columns 73-84)")]
    FieldPastColumn72,
    #[error("undefined symbol '{0}'")]
    Undefined(String),
    #[error("symbol '{name}' is already defined on line {first_line}")]
    Duplicate { name: String, first_line: u32 },
    #[error(
        "{op}: '{name}' is defined further on; 9AP's pass 1 sees only symbols defined above, \
         and would take it as 0"
    )]
    ForwardReference { op: &'static str, name: String },
    #[error(
        "{0}: '*' here would be the previous card's location in 9AP's pass 1 and this card's \
         in pass 2"
    )]
    HereInPass1(&'static str),
    #[error("a count of 0 makes 9AP's passes disagree ({0} gives 0 words in pass 1, 1 in pass 2)")]
    ZeroCount(&'static str),
    #[error("BCI needs its word count (a digit 1-9) as the first character of the variable field")]
    BciCount,
    #[error("DEC number out of range (9AP would punch 0 and flag it)")]
    DecimalOutOfRange,
    #[error(
        "a decimal location field on a card of {0} words: 9AP's pass 1 applies it after the \
         card, pass 2 before"
    )]
    DecimalLocation(usize),
    #[error("{0} is not supported: {1}")]
    Unsupported(&'static str, &'static str),
    #[error("card after END (9AP would start another assembly with it)")]
    AfterEnd,
    #[error("no END card (9AP would stop at the end of its input without punching)")]
    NoEnd,
    #[error("{0} needs a symbol in the location field")]
    NeedsLabel(&'static str),
    #[error("ORG, BSS or BES takes the location to {0}, outside the store (0..32767)")]
    OutOfStore(i64),
}

/// The store's errors are the 7090's.
impl From<StoreError> for Ap9Error {
    fn from(e: StoreError) -> Ap9Error {
        Ibm7090Error::from(e).into()
    }
}
