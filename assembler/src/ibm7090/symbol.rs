//! What a symbol of a 7090 dialect holds: a value, and whether it names a location or is a
//! value without storage (EQU, SYN, BOOL...).

use crate::core::dialect::Valued;

/// What a symbol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SymbolKind {
    /// A location (instruction, data, reserved block, literal).
    Location,
    /// EQU, SYN, BOOL: a value without storage.
    Equ,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymVal {
    pub value: i64,
    pub kind: SymbolKind,
}

impl Valued for SymVal {
    fn value(&self) -> i64 {
        self.value
    }
}

/// A symbol of an assembled 7090 program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub value: i64,
    pub kind: SymbolKind,
    /// The line that defines it.
    pub line: u32,
}
