//! Faithful emulators of the machines the first game-playing programs ran on.
//!
//! One module per machine, one file per hardware unit inside it.

pub mod bound;
mod host;
pub mod ibm7090;
pub mod input;
pub mod silliac;
pub mod snapshot;

pub use bound::{Bound, Spread, TimingStatus};
