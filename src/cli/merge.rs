//! `kaleido merge`: one report from the PGN files of a match played in shards
//! (src/arbiter/merge.rs, docs/match.md).

use super::CliError;
use crate::arbiter::merge::{merge, PgnSource};
use crate::arbiter::sprt::Sprt;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The PGN files the shards wrote (`kaleido match --shard I/N --pgn FILE`)
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Also print the state of this SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05
    #[arg(long, num_args = 1..=4)]
    pub sprt: Option<Vec<String>>,
}

pub fn run(args: MergeArgs) -> Result<(), CliError> {
    let sprt = super::parse_given(args.sprt.as_deref(), Sprt::parse)?;
    let sources = args
        .files
        .iter()
        .map(|path| {
            std::fs::read_to_string(path)
                .map(|text| PgnSource {
                    name: path.display().to_string(),
                    text,
                })
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&sources, sprt.as_ref())?;
    for line in merged.lines {
        println!("{line}");
    }
    Ok(())
}
