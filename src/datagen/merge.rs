//! One training set from the shards of one data run: the games of every shard file, in game
//! number order, under one header. A shard of another run (another seed, budget, opening,
//! evaluation or variant), a version-1 file, or a game found twice (the same shard given
//! twice, or shards of different splits) is refused, so that a merged file is exactly some
//! of the games the whole run would have played.

use super::format::{self, read_any_header, run_difference, FormatError, VERSION};
use super::games::TrainingGame;
use std::collections::BTreeMap;
use std::io::{Read, Write};

/// Why shards cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("no shard files given")]
    Nothing,
    #[error("{file}: {source}")]
    Read { file: String, source: FormatError },
    #[error("{file}: version-1 data has no run to check; only datagen's version-2 files merge")]
    OldVersion { file: String },
    #[error("{file} is from another run than {first}: {difference}")]
    OtherRun {
        file: String,
        first: String,
        difference: String,
    },
    #[error("game {number} is in both {first} and {second}")]
    Twice {
        number: u32,
        first: String,
        second: String,
    },
    #[error("writing the merged file: {0}")]
    Write(#[from] std::io::Error),
}

/// What a merge wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    pub games: u64,
    pub positions: u64,
}

/// Merges `shards` (each a name and its data) into `out`.
pub fn merge<R: Read>(
    shards: Vec<(String, R)>,
    out: &mut impl Write,
) -> Result<Merged, MergeError> {
    let mut readers = Vec::with_capacity(shards.len());
    let mut first: Option<(String, String, u8, String)> = None;
    for (file, mut input) in shards {
        let read = |source| MergeError::Read {
            file: file.clone(),
            source,
        };
        let (variant, players, header) = read_any_header(&mut input).map_err(read)?;
        if header.version != VERSION {
            return Err(MergeError::OldVersion { file });
        }
        match &first {
            None => first = Some((file.clone(), variant, players, header.run)),
            Some((first_file, v, p, run)) => {
                if (&variant, players, &header.run) != (v, *p, run) {
                    let found = format!("variant={variant} players={players} {}", header.run);
                    let expected = format!("variant={v} players={p} {run}");
                    return Err(MergeError::OtherRun {
                        file,
                        first: first_file.clone(),
                        difference: run_difference(&found, &expected),
                    });
                }
            }
        }
        readers.push((file, input, usize::from(players)));
    }
    let Some((_, variant, players, run)) = first else {
        return Err(MergeError::Nothing);
    };
    out.write_all(&format::header(&variant, usize::from(players), &run))?;
    // The next game of each shard, by number; each shard's games come in increasing order.
    let mut next: BTreeMap<u32, (usize, Vec<u8>)> = BTreeMap::new();
    let mut merged = Merged::default();
    let pull = |i: usize,
                readers: &mut Vec<(String, R, usize)>,
                next: &mut BTreeMap<u32, (usize, Vec<u8>)>|
     -> Result<(), MergeError> {
        let (file, input, _) = &mut readers[i];
        let game = TrainingGame::next_raw(input).map_err(|e| MergeError::Read {
            file: file.clone(),
            source: e.into(),
        })?;
        let Some((number, raw)) = game else {
            return Ok(());
        };
        if let Some((other, _)) = next.get(&number) {
            return Err(MergeError::Twice {
                number,
                first: readers[*other].0.clone(),
                second: readers[i].0.clone(),
            });
        }
        next.insert(number, (i, raw));
        Ok(())
    };
    for i in 0..readers.len() {
        pull(i, &mut readers, &mut next)?;
    }
    let mut last: Option<(u32, usize)> = None;
    while let Some((number, (i, raw))) = next.pop_first() {
        if let Some((n, j)) = last.filter(|&(n, _)| n == number) {
            return Err(MergeError::Twice {
                number: n,
                first: readers[j].0.clone(),
                second: readers[i].0.clone(),
            });
        }
        let game = TrainingGame::decode(&raw, readers[i].2).map_err(|source| MergeError::Read {
            file: readers[i].0.clone(),
            source,
        })?;
        out.write_all(&raw)?;
        merged.games += 1;
        merged.positions += u64::from(game.kept);
        last = Some((number, i));
        pull(i, &mut readers, &mut next)?;
    }
    Ok(merged)
}
