//! `firstmoves asm --json` as Rust types: the command fills them and prints them, and the
//! report's JSON Schema (docs/schema/asm.json) is generated from them, so the two cannot drift.

use schemars::JsonSchema;
use serde::Serialize;

/// The dialect assembled.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub enum Dialect {
    /// SILLIAC order notation.
    #[serde(rename = "sil")]
    Sil,
    /// The 7090's FAP.
    #[serde(rename = "fap")]
    Fap,
    /// 9AP, the 709 diagnostics' assembler.
    #[serde(rename = "9ap")]
    Ap9,
}

/// Where a program starts, as its machine writes addresses.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Start {
    /// SILLIAC: a decimal address.
    Silliac(u16),
    /// The 7090: five octal digits.
    Octal(String),
}

/// What was assembled and written (`asm --json`).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AsmReport {
    /// The source file.
    pub file: String,
    pub dialect: Dialect,
    /// Words the program occupies.
    pub words: usize,
    /// The start address (decimal for SILLIAC, 5 octal digits for the 7090).
    pub start: Start,
    /// The tape (`.pt`), object deck (`.obj`) or card deck (`.cbn`) written.
    pub output: String,
    /// SILLIAC only: tape frames written.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub frames: Option<usize>,
    /// 9AP only: cards in the deck.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub cards: Option<usize>,
}
