//! Training samples: `kaleido datagen` files read into the network's inputs and targets.
//!
//! Each kept position becomes its active inputs from every seat's perspective, the mover's
//! first and then the seats after it in playing order (the order the network's hidden halves
//! take), with the search's score and the game's result from the mover's point of view.

use crate::datagen::format::{read_header, FormatError, GameBlock, POINT_UNITS};
use crate::game::NetworkInputs;
use std::io::BufReader;
use std::path::Path;

/// Positions whose search score is beyond this are left out: mates and lines toward them say
/// how the game ends, not what the men are worth.
pub const SCORE_FILTER: i32 = 3000;

/// Samples stored flat: sample i's inputs for perspective k are
/// `inputs[offsets[i * players + k]..offsets[i * players + k + 1]]`.
#[derive(Default, Debug)]
pub struct Samples {
    pub players: usize,
    pub inputs: Vec<u32>,
    pub offsets: Vec<u32>,
    /// The search's score in centipawns, the mover's view.
    pub scores: Vec<i16>,
    /// The mover's result: its share of the game's points, 0 to 1 (trichess: points over 2).
    pub results: Vec<f32>,
    /// The game each sample came from (for the validation split).
    pub games: Vec<u32>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Sample `i`'s active inputs from its `k`-th perspective (0: the mover's).
    #[inline]
    pub fn inputs(&self, i: usize, k: usize) -> &[u32] {
        let at = i * self.players + k;
        &self.inputs[self.offsets[at] as usize..self.offsets[at + 1] as usize]
    }
}

/// What reading the files left out, for the log.
#[derive(Default, Debug, Clone, Copy)]
pub struct Skipped {
    pub bad_fen: u64,
    pub extreme_score: u64,
}

impl Samples {
    pub fn new(players: usize) -> Samples {
        Samples {
            players,
            offsets: vec![0],
            ..Samples::default()
        }
    }

    /// Adds a game's positions (of variant `G`), counting those left out in `skipped`.
    pub fn add_game<G: NetworkInputs>(&mut self, block: &GameBlock, skipped: &mut Skipped) {
        let players = self.players;
        let full_points = POINT_UNITS * if players == 2 { 1.0 } else { 2.0 };
        let mut scratch = Vec::new();
        for p in &block.positions {
            let mover = usize::from(p.mover) % players;
            let score = i32::from(p.scores.get(mover).copied().unwrap_or(0));
            if score.abs() > SCORE_FILTER {
                skipped.extreme_score += 1;
                continue;
            }
            let Ok(pos) = G::from_fen(&p.fen) else {
                skipped.bad_fen += 1;
                continue;
            };
            for k in 0..players {
                scratch.clear();
                pos.active_inputs((mover + k) % players, &mut scratch);
                self.inputs.extend(scratch.iter().map(|&i| i as u32));
                self.offsets.push(self.inputs.len() as u32);
            }
            self.scores.push(score as i16);
            let points = f64::from(block.points.get(mover).copied().unwrap_or(0));
            self.results.push((points / full_points) as f32);
            self.games.push(block.number);
        }
    }
}

/// Reads every position of `files` (each a `G` datagen file).
pub fn load<G: NetworkInputs>(files: &[impl AsRef<Path>]) -> Result<(Samples, Skipped), String> {
    let players = G::PLAYERS;
    let mut samples = Samples::new(players);
    let mut skipped = Skipped::default();
    for file in files {
        let name = file.as_ref().display().to_string();
        let here = |e: FormatError| format!("{name}: {e}");
        let file = std::fs::File::open(file).map_err(|e| format!("{name}: {e}"))?;
        let mut input = BufReader::new(file);
        read_header(&mut input, G::NAME, players).map_err(here)?;
        while let Some(block) =
            GameBlock::decode(&mut input, players).map_err(|e| format!("{name}: {e}"))?
        {
            samples.add_game::<G>(&block, &mut skipped);
        }
    }
    Ok((samples, skipped))
}
