//! Errors of the FAP dialect (those of the core and of every 7090 dialect are among them).

use thiserror::Error;

use crate::core::diag::CoreError;
use crate::core::dialect::StoreError;
use crate::ibm7090::Ibm7090Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FapError {
    /// Expressions, symbols, layout.
    #[error(transparent)]
    Core(#[from] CoreError),
    /// Data items, instruction fields, the store.
    #[error(transparent)]
    Machine(#[from] Ibm7090Error),
    /// An operation that is neither a pseudo-op nor in the 7090's instruction table.
    #[error("unknown operation '{0}' (neither a FAP pseudo-op nor a 7090 instruction)")]
    UnknownOperation(String),
    /// An operation written from column 1, where the location symbol goes.
    #[error(
        "'{0}' stands in the location field (column 1); an operation goes after a blank \
         (column 8 on a card)"
    )]
    OperationInLocationField(String),
    /// `*` after an operation that has no indirect form (Type A, shifts, pseudo-ops...).
    #[error("'{0}' has no indirect form ('*')")]
    NoIndirect(String),
    /// A subfield the operation does not have (e.g. a decrement on a Type B instruction).
    #[error("'{op}' has no {field} subfield")]
    UnexpectedSubfield { op: String, field: &'static str },
    /// The operation needs a variable field.
    #[error("{op} needs {what}")]
    MissingOperand { op: String, what: &'static str },
    /// ORG outside the store.
    #[error("ORG {0} is outside the store (0..32767)")]
    OriginOutOfRange(i64),
    /// A location-field name that is not a symbol.
    #[error("'{0}' is not a symbol (letters, digits, '.', '(' and ')', at least one not a digit)")]
    BadLabel(String),
    /// EQU, SYN, BOOL without a location symbol.
    #[error("{0} needs a symbol in the location field")]
    NeedsLabel(String),
    /// A literal that is not `=n`, `=On`, `=Hxxxxxx`.
    #[error("'{0}' is not a literal (=n, =-n, =3.5, =1B17, =On, =Hxxxxxx)")]
    BadLiteral(String),
    /// A negative or too large count (BSS, BES, BCI).
    #[error("{op} count {value} is out of range")]
    BadCount { op: &'static str, value: i64 },
    /// VFD fields that are malformed or wider than allowed.
    #[error("bad VFD field '{0}' (width/value, Owidth/octal or Hwidth/characters)")]
    BadVfd(String),
    /// A warning: a written operation's variable field starts in column 17.
    #[error(
        "the variable field starts in column 17: read as asm7090 reads it (FAP reads none \
         past column 16 and flags the card A)"
    )]
    LateVariableField,
    /// A DUP among the cards another DUP repeats.
    #[error("DUP inside the cards of another DUP")]
    NestedDup,
    /// Text after END.
    #[error("statement after END")]
    AfterEnd,
    /// A value that does not fit its field (VFD, BOOL).
    #[error("value {value} does not fit in {bits} bits")]
    ValueTooWide { value: i64, bits: u32 },
}

/// The store's errors are the 7090's.
impl From<StoreError> for FapError {
    fn from(e: StoreError) -> FapError {
        Ibm7090Error::from(e).into()
    }
}
