//! kaleido as a player on the web board: strength levels named by their Elo (the engine's
//! levels, search/level.rs) and full strength, and a turn searched at one.

use crate::game::Searchable;
use crate::nnue;
use crate::record::GameRecord;
use crate::search::level::{fresh_seed, Level};
use crate::search::score::{MATE, MATE_BOUND};
use crate::search::{self, Context, Event, Info, Limits, Thought, TranspositionTable};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The Elos of the levels a page offers, weakest first; the level above them is full
/// strength.
const ELOS: [u32; 6] = [800, 1000, 1200, 1400, 1600, 1800];
/// The levels a page offers, 1 (weakest) to LEVELS (full strength).
pub const LEVELS: u8 = ELOS.len() as u8 + 1;

/// Full strength's nodes per move: the web board has no clock.
const FULL_NODES: u64 = 5_000_000;
/// No search keeps a person waiting longer than this, whatever the level.
const HARD_TIME: Duration = Duration::from_secs(10);

/// The Elo of `level` (clamped to 1..=LEVELS); None for full strength.
pub fn elo(level: u8) -> Option<u32> {
    ELOS.get(usize::from(level.clamp(1, LEVELS)) - 1).copied()
}

/// How a page names `level`: its Elo, or "full strength".
pub fn name(level: u8) -> String {
    elo(level).map_or_else(|| "full strength".to_string(), |e| e.to_string())
}

/// The search limits of `level`: a level keeps to its own budget (`think`); full strength to
/// FULL_NODES. Every level also stops after HARD_TIME.
pub fn limits(level: u8) -> Limits {
    Limits {
        nodes: elo(level).is_none().then_some(FULL_NODES),
        movetime: Some(HARD_TIME),
        ..Limits::default()
    }
}

/// A score for people: pawns with a sign, or `#N` (mate in N moves of the mover, `-#N` when
/// being mated).
pub fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("#{}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("-#{}", (MATE + score + 1) / 2)
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// The transposition table of one search: small, since a page's searches are short.
const TABLE_MIB: usize = 16;

/// kaleido's turn at `level` in the game's current position, until `stop` is set: the
/// search written for any number of players, on a fresh table and one thread, evaluating as
/// the engine does by default. `on_info` hears about every completed depth, so a page can
/// show the search while it runs.
pub fn think<G: Searchable>(
    record: &GameRecord<G>,
    level: u8,
    stop: &AtomicBool,
    mut on_info: impl FnMut(&Info<G::Move>),
) -> Thought<G::Move> {
    let history = record.hashes_before_current();
    let tt = TranspositionTable::new(TABLE_MIB);
    let network = nnue::built_in::<G>();
    let ctx = Context {
        network: network.as_deref(),
        level: elo(level).map(|e| Level::from_elo(e, fresh_seed())),
        ..Context::new(&tt, stop)
    };
    let limits = limits(level);
    // The page shows each depth's line; the move being searched is a GUI's view of a long
    // analysis, which a level's search is not.
    search::think(
        record.current(),
        &history,
        &limits,
        &[],
        ctx,
        &mut |event| {
            if let Event::Line(info) = event {
                on_info(info);
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_or_mates() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "+0.00");
        assert_eq!(score_text(MATE - 1), "#1");
        assert_eq!(score_text(MATE - 5), "#3");
        assert_eq!(score_text(-MATE + 2), "-#1");
    }

    #[test]
    fn levels_are_named_by_their_elo_and_clamped() {
        assert_eq!(name(1), "800");
        assert_eq!(name(0), name(1));
        assert_eq!(name(LEVELS), "full strength");
        assert_eq!(name(200), name(LEVELS));
        for level in 1..LEVELS - 1 {
            assert!(elo(level) < elo(level + 1));
        }
        assert_eq!(elo(LEVELS), None);
        assert_eq!(limits(LEVELS).nodes, Some(FULL_NODES));
        assert_eq!(limits(1).nodes, None, "a level's own budget applies");
    }
}
