//! What every IBM 7090 dialect shares (FAP, and 9AP, the diagnostic assembler's cards):
//! the 36-bit word and its data items (DEC, OCT, BCI: `data`, `bcd`), an instruction's
//! address, tag and decrement fields and their encoding through the emulator's instruction
//! table (`encode`), what a symbol holds (`symbol`), how listings print a word and its cycles
//! (`listing`), the object deck and flat image (`deck`), binary card images (`cards`), and the
//! errors of all of these (`Ibm7090Error`).

pub mod bcd;
pub mod cards;
pub mod data;
pub mod deck;
pub mod encode;
pub mod error;
pub mod listing;
pub mod symbol;

pub use error::Ibm7090Error;

/// Words in the store.
pub const STORE_WORDS: i64 = 32768;
/// Bits in a word.
pub const WORD_BITS: u32 = 36;
