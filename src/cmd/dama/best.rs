//! `firstmoves dama best`: Findler's search on a position, by the native engine, the fast one or
//! the program on the emulated SILLIAC.

use dama::report::{BestReport, Engine, RootMove};
use dama::search::{faithful, fast, root_table, Setting};

use super::{setting_arg, At};

/// Which engine runs the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// Plain minimax, counting positions examined as Findler's paper does (docs/dama.md).
    Native,
    /// Alpha-beta: same move and value, its own smaller count.
    Fast,
    /// Findler's program in SILLIAC orders on the emulated SILLIAC (adds `emulated_seconds`).
    Emulated,
}

#[derive(clap::Args)]
pub struct BestArgs {
    #[command(flatten)]
    pub at: At,
    /// Which engine searches (default `native`; see the values below).
    #[arg(long, value_enum, default_value = "native")]
    pub engine: EngineArg,
    /// Findler's setting: demo (a3+b3), selective, or aN+bM (a1..a3 with b1..b4).
    #[arg(long, value_name = "SETTING", default_value = "demo", value_parser = setting_arg)]
    pub select: Setting,
    /// Print JSON: move, value, positions, setting, engine.
    #[arg(long)]
    pub json: bool,
    /// Also list the value of every move from the position (for `selective`, the first
    /// pass's).
    #[arg(long)]
    pub root: bool,
}

pub fn run(args: BestArgs) -> anyhow::Result<()> {
    let p = args.at.get()?;
    let setting = args.select;
    let mut emulated_ns = None;
    let r = match args.engine {
        EngineArg::Native => faithful(&p, setting),
        EngineArg::Fast => fast(&p, setting),
        EngineArg::Emulated => {
            let (r, ns) = dama::sil::best(&p, setting)?;
            emulated_ns = Some(ns);
            r
        }
    };
    let engine = match args.engine {
        EngineArg::Native => Engine::Native,
        EngineArg::Fast => Engine::Fast,
        EngineArg::Emulated => Engine::Emulated,
    };
    let root = args.root.then(|| root_table(&p, setting).0);
    if args.json {
        let report = BestReport {
            position: p.to_string(),
            setting: setting.to_string(),
            engine,
            best: r.mv.map(|m| m.to_string()),
            value: r.value,
            positions: r.positions,
            emulated_seconds: emulated_ns.map(|ns| ns as f64 / 1e9),
            root: root.as_ref().map(|root| {
                root.iter()
                    .map(|(m, c)| RootMove {
                        mv: m.to_string(),
                        value: *c,
                    })
                    .collect()
            }),
        };
        // Through a `Value`: its keys print sorted, as the report always printed them.
        crate::cmd::output::print_json(report)?;
    } else {
        match r.mv {
            Some(m) => match emulated_ns {
                Some(ns) => println!(
                    "{m} value {} positions {} emulated {:.1} s",
                    r.value,
                    r.positions,
                    ns as f64 / 1e9
                ),
                None => println!("{m} value {} positions {}", r.value, r.positions),
            },
            None => println!(
                "no move: {} is blocked and so has won (positions 0)",
                p.side
            ),
        }
        for (m, c) in root.iter().flatten() {
            println!("  {m} {c}");
        }
    }
    Ok(())
}
