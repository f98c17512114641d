//! The machines' reports as Rust types (`run`, `bench`, `timing`): the command line fills
//! them and prints them, and each report's JSON Schema (docs/schema/) is generated from them,
//! so the two cannot drift. They live here, beside the typed spread and bound they share,
//! because the emulators themselves know nothing of JSON.

pub mod bench;
pub mod run;
pub mod timing;
