//! The dialect-independent part of the assembler: source spans, diagnostics, the symbol
//! table, expressions (with a bounded fixed point over layout passes) and the listing writer.

pub mod cursor;
pub mod diag;
pub mod expr;
pub mod listing;
pub mod span;
pub mod symbols;
