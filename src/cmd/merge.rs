//! `firstmoves merge FILE...`: the shards of a campaign (`--shard K/N --json`, one file each)
//! combined into the report the whole run would have printed, byte for byte.

use std::path::PathBuf;

use anyhow::Context;
use harness::shard::Campaign;

#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shards' JSON reports, in any order; all N of one run.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(a: MergeArgs) -> anyhow::Result<()> {
    let mut shards = Vec::new();
    // Printed as the shards were (and so as the whole run prints): indented or on one line.
    let mut pretty = false;
    for path in &a.files {
        let name = path.display().to_string();
        let text = super::read_input(path, super::Kind::Report)?;
        let v: serde_json::Value =
            serde_json::from_str(&text).with_context(|| format!("{name}: not JSON"))?;
        pretty |= text.trim().contains('\n');
        shards.push((name, v));
    }
    let campaigns: Vec<&Campaign> = chess::shard::CAMPAIGNS
        .iter()
        .chain(dama::shard::CAMPAIGNS)
        .collect();
    let whole = harness::shard::merge(&shards, &campaigns)?;
    if pretty {
        println!("{}", serde_json::to_string_pretty(&whole)?);
    } else {
        println!("{whole}");
    }
    Ok(())
}
