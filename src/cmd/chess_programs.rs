//! `--program soma|turochamp` for `firstmoves chess best` and `uci` (issue 7, native half):
//! the options those programs take and their answers.

use anyhow::bail;
use programs::chess::soma::{self, engine::NativeSoma, Rules};
use programs::chess::turochamp::{self, engine::NativeTurochamp};
use programs::chess::uci::Engine;
use programs::chess::Position;
use programs::chess::SearchResult;
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

/// `chess best --program soma --engine emulated`: SOMA's FAP program on the emulated 7090
/// (the rule set and the coin's seed on its program card); the printer's lines and the
/// emulated time, or JSON with `emulated_seconds`.
pub fn soma_emulated_best(p: &Position, o: &ProgramOpts, json: bool) -> anyhow::Result<()> {
    let (r, out) = programs::chess::soma::crosscheck::emulated_best(p, o.rules.rules(), o.seed)?;
    super::print_emulated_best(p, &r, &out, serde_json::Value::Null, json);
    Ok(())
}

/// `chess uci --program soma --engine emulated`: the FAP program behind UCI, the coin carried
/// from move to move on the program cards. Assembled first, so a broken program is reported
/// before the first `go`.
pub fn soma_emulated_engine(o: &ProgramOpts) -> anyhow::Result<Box<dyn Engine>> {
    programs::chess::soma::crosscheck::program()?;
    Ok(Box::new(
        programs::chess::soma::crosscheck::EmulatedSoma::new(o.rules.rules(), o.seed),
    ))
}

/// `chess crosscheck --program soma`: SOMA's FAP program against `soma::best` on the
/// middle-game set and random play, each position under both rule sets with its own coin
/// seed; exit status 1 on any mismatch.
pub fn soma_crosscheck(positions: usize, seed: u64, json: bool) -> anyhow::Result<()> {
    use programs::chess::soma::crosscheck::{cases, crosscheck_with, program};
    program()?;
    let list = cases(positions, seed);
    let mut progress = crate::progress::Reporter::new("crosscheck");
    let started = std::time::Instant::now();
    let r = crosscheck_with(&list, &mut progress);
    drop(progress);
    let host = started.elapsed().as_secs_f64();
    let rules = |r: Rules| match r {
        Rules::Soma1961 => "soma1961",
        Rules::Somac1966 => "somac1966",
    };
    if json {
        let mismatches: Vec<serde_json::Value> = r
            .mismatches
            .iter()
            .map(|m| {
                serde_json::json!({
                    "name": m.name,
                    "fen": m.fen,
                    "rules": rules(m.rules),
                    "seed": m.seed,
                    "native": m.native.to_string(),
                    "emulated": m.emulated.to_string(),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({
                "program": "soma",
                "positions": positions,
                "problems": r.problems,
                "mismatches": mismatches,
                "seed": seed,
                "emulated_seconds": r.emulated_seconds,
                "max_emulated_seconds": r.max_emulated_seconds,
                "host_seconds": host,
            })
        );
    } else {
        for m in &r.mismatches {
            println!(
                "MISMATCH {} {} seed {} {}: native {}; emulated {}",
                m.name,
                rules(m.rules),
                m.seed,
                m.fen,
                m.native,
                m.emulated
            );
        }
        println!(
            "{} problems ({positions} positions x 2 rule sets), {} mismatches (seed {seed}); \
             {:.1} emulated minutes, the slowest move {:.1} s",
            r.problems,
            r.mismatches.len(),
            r.emulated_seconds / 60.0,
            r.max_emulated_seconds
        );
    }
    if !r.mismatches.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}
