//! Assemblers for the project's machines: one shared core (spans, diagnostics, symbols,
//! expressions with a bounded fixed point, listing writer, the `Dialect` trait and the one
//! driver) and a folder per dialect: SILLIAC (`sil`, `*.sil`) and the 7090's FAP (`fap`,
//! `*.fap`), with what every 7090 dialect shares in `ibm7090`.

pub mod ap9;
pub mod core;
pub mod fap;
pub mod guess;
pub mod ibm7090;
pub mod sil;

pub use crate::core::diag::{CoreError, Diagnostic, Diagnostics};
