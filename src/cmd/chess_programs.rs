//! `--program soma|turochamp` for `firstmoves chess best` and `uci` (issue 7, native half):
//! the options those programs take and their answers.

use anyhow::bail;
use programs::chess::kotok::SearchResult;
use programs::chess::soma::{self, engine::NativeSoma, Rules};
use programs::chess::turochamp::{self, engine::NativeTurochamp};
use programs::chess::uci::Engine;
use programs::chess::Position;
use programs::rng::Rng;

/// SOMA's rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesArg {
    /// The New Scientist text (1961), the 1966 values for what it leaves unquantified.
    Soma1961,
    /// Maynard Smith's SOMAC appendix (1966), transparencies included.
    Somac1966,
}

impl RulesArg {
    fn rules(self) -> Rules {
        match self {
            RulesArg::Soma1961 => Rules::Soma1961,
            RulesArg::Somac1966 => Rules::Somac1966,
        }
    }
}

/// Options of the one-ply programs.
#[derive(clap::Args)]
pub struct ProgramOpts {
    /// SOMA's rule set.
    #[arg(long, value_enum, default_value = "soma1961")]
    pub rules: RulesArg,
    /// The seed of SOMA's coin (ties).
    #[arg(long, default_value_t = soma::SEED)]
    pub seed: u64,
    /// Turochamp: plies in which every move is considerable (the typescript: 2).
    #[arg(long, default_value_t = 2)]
    pub full_plies: usize,
    /// Turochamp: value dead positions by W - B instead of Turing's W/B.
    #[arg(long)]
    pub difference: bool,
}

fn turochamp_params(o: &ProgramOpts) -> turochamp::Params {
    turochamp::Params {
        full_plies: o.full_plies.max(1),
        ratio: !o.difference,
        ..turochamp::Params::default()
    }
}

/// Turochamp's answer for `p` (value in thousandths of W/B; mate is +-1,000,000).
pub fn turochamp_best(p: &Position, o: &ProgramOpts) -> SearchResult {
    turochamp::best(p, &turochamp_params(o)).0
}

/// Turochamp as a UCI engine.
pub fn turochamp_engine(o: &ProgramOpts) -> Box<dyn Engine> {
    Box::new(NativeTurochamp {
        params: turochamp_params(o),
    })
}

/// The program's answer for `p`.
pub fn soma_best(p: &Position, o: &ProgramOpts) -> SearchResult {
    soma::best(p, o.rules.rules(), &mut Rng::new(o.seed))
}

/// The UCI engine for the program.
pub fn soma_engine(o: &ProgramOpts) -> Box<dyn Engine> {
    Box::new(NativeSoma::new(o.rules.rules(), o.seed))
}

/// A plain-text answer: move, value, positions.
pub fn text(p: &Position, r: &SearchResult) -> anyhow::Result<String> {
    let Some(mv) = r.best else {
        bail!("no legal move in this position");
    };
    Ok(format!(
        "{} ({}) value {} positions {}\n",
        programs::chess::san(p, mv),
        mv.uci(),
        r.value,
        r.positions
    ))
}
