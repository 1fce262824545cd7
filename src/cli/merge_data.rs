//! `kaleido merge-data`: one training file from the shards of one data run
//! (`kaleido datagen --shard I/N`, src/datagen/merge.rs, docs/nnue.md).

use super::CliError;
use crate::datagen::merge::merge;
use clap::Args;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct MergeDataArgs {
    /// The file to write (refused if it is one of the shards)
    #[arg(long)]
    pub out: PathBuf,
    /// The shard files (`kaleido datagen --shard I/N --out FILE`), all of one run
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
}

pub fn run(args: MergeDataArgs) -> Result<(), CliError> {
    let same = |a: &PathBuf, b: &PathBuf| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if let Some(shard) = args.shards.iter().find(|s| same(s, &args.out)) {
        return Err(CliError(format!(
            "--out {} is one of the shards",
            shard.display()
        )));
    }
    let shards = args
        .shards
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            File::open(path)
                .map(|f| (name.clone(), BufReader::new(f)))
                .map_err(|e| CliError(format!("{name}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let out_name = args.out.display().to_string();
    // Written beside the output and renamed at the end: a refused merge leaves no file.
    let partial = args.out.with_extension("merging");
    let file = File::create(&partial).map_err(|e| CliError(format!("{out_name}: {e}")))?;
    let mut out = BufWriter::new(file);
    let merged = merge(shards, &mut out).and_then(|m| {
        out.flush()?;
        Ok(m)
    });
    let merged = match merged {
        Ok(m) => m,
        Err(e) => {
            drop(out);
            let _ = std::fs::remove_file(&partial);
            return Err(CliError(e.to_string()));
        }
    };
    drop(out);
    std::fs::rename(&partial, &args.out).map_err(|e| CliError(format!("{out_name}: {e}")))?;
    eprintln!(
        "{out_name}: {} positions from {} games of {} shards",
        merged.positions,
        merged.games,
        args.shards.len()
    );
    Ok(())
}
