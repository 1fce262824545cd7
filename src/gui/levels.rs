//! kaleido as a player on the web board: strength levels as search budgets, and a turn
//! searched within one.

use crate::game::Searchable;
use crate::nnue;
use crate::record::GameRecord;
use crate::search::score::{MATE, MATE_BOUND};
use crate::search::{self, Context, Info, Limits, Thought, TranspositionTable};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The levels a page offers, 1 (weakest) to LEVELS.
pub const LEVELS: u8 = 8;

/// Nodes per move at each level; every level also stops after HARD_TIME.
const NODES: [u64; LEVELS as usize] = [
    300, 2_000, 10_000, 40_000, 150_000, 500_000, 1_500_000, 5_000_000,
];
/// No search keeps a person waiting longer than this, whatever the level.
const HARD_TIME: Duration = Duration::from_secs(10);

/// The search limits of `level` (clamped to 1..=LEVELS).
pub fn limits(level: u8) -> Limits {
    let index = level.clamp(1, LEVELS) as usize - 1;
    Limits {
        nodes: Some(NODES[index]),
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

/// kaleido's turn in the game's current position within `limits`, until `stop` is set: the
/// search written for any number of players, on a fresh table and one thread, evaluating as
/// the engine does by default. `on_info` hears
/// about every completed depth, so a page can show the search while it runs.
pub fn think<G: Searchable>(
    record: &GameRecord<G>,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: impl FnMut(&Info<G::Move>),
) -> Thought<G::Move> {
    let history = record.hashes_before_current();
    let tt = TranspositionTable::new(TABLE_MIB);
    let network = nnue::built_in::<G>();
    let ctx = Context {
        network: network.as_deref(),
        ..Context::new(&tt, stop)
    };
    search::think(record.current(), &history, limits, &[], ctx, on_info)
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
    fn levels_grow_and_are_clamped() {
        assert_eq!(limits(0).nodes, limits(1).nodes);
        assert_eq!(limits(200).nodes, limits(LEVELS).nodes);
        for level in 1..LEVELS {
            assert!(limits(level).nodes < limits(level + 1).nodes);
        }
    }
}
