//! Random openings judged by a search: a few random plies often hang a piece, and a game
//! from such an opening teaches a network (or scores a match) only that a piece up wins.
//! `kaleido openings` keeps the openings a fixed-depth search finds level; `datagen` with
//! `--opening-depth` draws another opening for a game until one is.

use crate::arbiter::openings::{seeded, Opening, Shuffle};
use crate::errors::{FenError, MoveError};
use crate::game::Searchable;
use crate::record::GameRecord;
use crate::search::{self, Context, Limits, TranspositionTable};
use std::sync::atomic::AtomicBool;

/// What makes an opening level enough: a search to `depth` scores it within `max_score`
/// centipawns of equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningCheck {
    pub depth: i32,
    pub max_score: i32,
}

/// Openings drawn for one game before it takes the most level of them.
pub const TRIES_PER_GAME: u64 = 20;

/// Why an opening does not play.
#[derive(Debug, thiserror::Error)]
pub enum UnplayableOpening {
    #[error("its start: {0}")]
    Start(#[from] FenError),
    #[error("{0}")]
    Move(#[from] MoveError),
}

/// The opening's moves played from its start.
pub fn play<G: Searchable>(opening: &Opening) -> Result<GameRecord<G>, UnplayableOpening> {
    let start = match &opening.fen {
        Some(fen) => G::from_fen(fen)?,
        None => G::startpos(),
    };
    let mut record = GameRecord::new(start);
    for token in &opening.moves {
        record.play_token(token)?;
    }
    Ok(record)
}

/// The score, from the mover's point of view, of a search to `depth` from the end of
/// `record`, with a cleared table (so that the verdict is the same wherever it is asked).
pub fn judge<G: Searchable>(record: &GameRecord<G>, depth: i32, tt: &TranspositionTable) -> i32 {
    tt.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth.clamp(1, 64)),
        ..Limits::default()
    };
    let history = record.hashes_before_current();
    let ctx = Context::new(tt, &stop);
    search::think(record.current(), &history, &limits, &[], ctx, &mut |_| {}).score
}

/// Game `number`'s opening: the match runner's random opening for the number (from a
/// shuffled start with `shuffle`, falling back to the variant's own start), and with a
/// `check`, the first of up to TRIES_PER_GAME draws that it finds level, or else the most
/// level of them. Each further draw comes from the seed moved on by a constant, so the
/// opening is a function of the seed and the number alone, and without a check it is the
/// first draw, the opening an unchecked run plays.
pub fn for_game<G: Searchable>(
    shuffle: Option<Shuffle>,
    plies: usize,
    seed: u64,
    number: u32,
    check: Option<OpeningCheck>,
    tt: &TranspositionTable,
) -> GameRecord<G> {
    let draw = |attempt: u64| {
        let seed = seed.wrapping_add(attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let opening = seeded::<G>(shuffle, plies, seed, u64::from(number))
            .or_else(|| seeded::<G>(None, plies, seed, u64::from(number)))
            .unwrap_or_default();
        // A random opening always plays; should one not, the game starts from the start.
        play::<G>(&opening).unwrap_or_else(|_| GameRecord::new(G::startpos()))
    };
    let Some(check) = check else {
        return draw(0);
    };
    let mut best: Option<(i32, GameRecord<G>)> = None;
    for attempt in 0..TRIES_PER_GAME {
        let record = draw(attempt);
        let score = judge(&record, check.depth, tt).abs();
        if score <= check.max_score {
            return record;
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, record));
        }
    }
    best.map_or_else(|| draw(0), |(_, record)| record)
}
