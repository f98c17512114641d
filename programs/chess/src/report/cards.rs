//! `chess cards --json` as Rust types (docs/schema/chess-cards.json): a deck of problems in
//! INITIA's card language, each answered as `chess best --json` answers.

use schemars::JsonSchema;
use serde::Serialize;

use super::{BestReport, Engine};

/// A deck's problems and their answers.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CardsReport {
    /// The deck read (the file as given).
    pub deck: String,
    /// The program that answered, as given (`--program`).
    pub program: String,
    /// Which twin answered.
    pub engine: Engine,
    /// Per problem, in deck order.
    pub problems: Vec<CardProblem>,
}

/// A problem of the deck: answered, or skipped.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum CardProblem {
    Answered(Box<Answered>),
    Skipped(Skipped),
}

/// A problem the program answered.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Answered {
    /// Its number in the deck, from 1.
    pub problem: usize,
    /// Its comment cards (`/.../`), without the slashes.
    pub comments: Vec<String>,
    /// The printer's lines, as the text output gives them.
    pub printout: Vec<String>,
    /// The answer as `chess best --json` prints it.
    pub answer: BestReport,
}

/// A problem whose cards did not give a position.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Skipped {
    /// Its number in the deck, from 1.
    pub problem: usize,
    /// Why it was skipped.
    pub skipped: String,
}
