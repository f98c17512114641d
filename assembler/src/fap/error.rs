//! Errors of the FAP dialect (those shared with other dialects are in `core::diag`).

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FapError {
    /// An operation that is neither a pseudo-op nor in the 7090's instruction table.
    UnknownOperation(String),
    /// An operation written from column 1, where the location symbol goes.
    OperationInLocationField(String),
    /// `*` after an operation that has no indirect form (Type A, shifts, pseudo-ops...).
    NoIndirect(String),
    /// A subfield the operation does not have (e.g. a decrement on a Type B instruction).
    UnexpectedSubfield {
        op: String,
        field: &'static str,
    },
    /// The operation needs a variable field.
    MissingOperand {
        op: String,
        what: &'static str,
    },
    /// An address or decrement outside -32767..32767.
    FieldOutOfRange {
        field: &'static str,
        value: i64,
    },
    /// SWT 7, SLN 0: the operand selects a switch or light that does not exist.
    OperandOutOfRange {
        op: &'static str,
        value: u32,
        min: u32,
        max: u32,
    },
    /// A tag outside 0..7.
    TagOutOfRange(i64),
    /// ORG outside the store.
    OriginOutOfRange(i64),
    /// The location counter ran past 77777 octal.
    PastEndOfStore,
    /// A word placed twice.
    Overlap {
        address: u16,
        first_line: u32,
    },
    /// A location-field name that is not a symbol.
    BadLabel(String),
    /// EQU, SYN, BOOL without a location symbol.
    NeedsLabel(String),
    BadDecimal(String),
    DecimalOutOfRange(String),
    BadOctal(String),
    OctalOutOfRange(String),
    /// A character the 7090's BCD set does not have.
    NotBcd(char),
    /// A literal that is not `=n`, `=On`, `=Hxxxxxx`.
    BadLiteral(String),
    /// A negative or too large count (BSS, BES, BCI).
    BadCount {
        op: &'static str,
        value: i64,
    },
    /// VFD fields that are malformed or wider than allowed.
    BadVfd(String),
    /// Text after END.
    AfterEnd,
    /// A value that does not fit its field (VFD, BOOL).
    ValueTooWide {
        value: i64,
        bits: u32,
    },
}

impl fmt::Display for FapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FapError::UnknownOperation(op) => write!(
                f,
                "unknown operation '{op}' (neither a FAP pseudo-op nor a 7090 instruction)"
            ),
            FapError::OperationInLocationField(op) => write!(
                f,
                "'{op}' stands in the location field (column 1); an operation goes after a \
                 blank (column 8 on a card)"
            ),
            FapError::NoIndirect(op) => write!(f, "'{op}' has no indirect form ('*')"),
            FapError::UnexpectedSubfield { op, field } => {
                write!(f, "'{op}' has no {field} subfield")
            }
            FapError::MissingOperand { op, what } => write!(f, "{op} needs {what}"),
            FapError::FieldOutOfRange { field, value } => write!(
                f,
                "{field} {value} does not fit in 15 bits (-32767..32767; negative values are \
                 taken as the 2's complement)"
            ),
            FapError::OperandOutOfRange {
                op,
                value,
                min,
                max,
            } => write!(f, "{op} {value}: the operand must be {min}..{max}"),
            FapError::TagOutOfRange(t) => write!(f, "tag {t} is outside 0..7"),
            FapError::OriginOutOfRange(a) => {
                write!(f, "ORG {a} is outside the store (0..32767)")
            }
            FapError::PastEndOfStore => write!(
                f,
                "the program runs past location 77777 (octal), the end of the store"
            ),
            FapError::Overlap {
                address,
                first_line,
            } => write!(
                f,
                "location {address:05o} (octal) is already used by line {first_line}"
            ),
            FapError::BadLabel(l) => write!(
                f,
                "'{l}' is not a symbol (letters, digits and '.', at least one letter)"
            ),
            FapError::NeedsLabel(op) => write!(f, "{op} needs a symbol in the location field"),
            FapError::BadDecimal(d) => write!(
                f,
                "'{d}' is not a DEC number (e.g. 12, -5, 3.5, 1.5E2, 1B17, .25B0)"
            ),
            FapError::DecimalOutOfRange(d) => {
                write!(f, "DEC {d} does not fit in a 7090 word")
            }
            FapError::BadOctal(o) => write!(f, "'{o}' is not an octal number"),
            FapError::OctalOutOfRange(o) => {
                write!(f, "octal {o} does not fit in a 36-bit word")
            }
            FapError::NotBcd(c) => write!(f, "'{c}' is not a character of the 7090's BCD set"),
            FapError::BadLiteral(l) => write!(
                f,
                "'{l}' is not a literal (=n, =-n, =3.5, =1B17, =On, =Hxxxxxx)"
            ),
            FapError::BadCount { op, value } => write!(f, "{op} count {value} is out of range"),
            FapError::BadVfd(v) => write!(
                f,
                "bad VFD field '{v}' (width/value, Owidth/octal or Hwidth/characters)"
            ),
            FapError::AfterEnd => write!(f, "statement after END"),
            FapError::ValueTooWide { value, bits } => {
                write!(f, "value {value} does not fit in {bits} bits")
            }
        }
    }
}

impl From<FapError> for crate::core::diag::ErrorKind {
    fn from(e: FapError) -> Self {
        crate::core::diag::ErrorKind::Fap(e)
    }
}

impl std::error::Error for FapError {}
