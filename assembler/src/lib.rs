//! Assemblers for the project's machines: one shared core (spans, diagnostics, symbols,
//! expressions with a bounded fixed point, listing writer, the `Dialect` trait and the one
//! driver) and a folder per dialect: SILLIAC (`sil`, `*.sil`), the 7090's FAP (`fap`, `*.fap`)
//! and 9AP, the 709 diagnostics' assembler (`ap9`), with what every 7090 dialect shares in
//! `ibm7090`; `guess` tells a source's dialect by its content; `report` is what `firstmoves asm
//! --json` prints of an assembly.

pub mod ap9;
pub mod core;
pub mod fap;
pub mod guess;
pub mod ibm7090;
pub mod report;
pub mod sil;

pub use crate::core::diag::{CoreError, Diagnostic, Diagnostics, Warning};
