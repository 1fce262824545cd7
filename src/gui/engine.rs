//! kaleido as a player on the web board: strength levels as search budgets, and the two ways
//! a variant can search (two players with alpha-beta, more with the multi-player search). A
//! variant's `GuiVariant::think` calls the one that fits it.

use super::view::Thought;
use crate::record::GameRecord;
use crate::search::multi::{search_multi, Algorithm, MultiSearchable};
use crate::search::score::{MATE, MATE_BOUND};
use crate::search::{search, Limits, Searchable, TranspositionTable};
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

/// A two-player variant's turn: the principal-variation search, then, where the same side moves
/// again (doublemove's second sub-move), the rest of the turn from the principal variation or,
/// when it stops short, a short search of its own.
pub fn two_player<G: Searchable>(
    record: &GameRecord<G>,
    limits: &Limits,
    stop: &AtomicBool,
) -> Thought<G::Move> {
    let pos = record.current();
    let history = record.hashes_before_current();
    let tt = TranspositionTable::new(TABLE_MIB);
    let result = search(pos, &history, limits, &tt, 1, stop, |_| {});
    let mut thought = Thought {
        plies: Vec::new(),
        score: score_text(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: result.pv.clone(),
        player_scores: Vec::new(),
    };
    let Some(best) = result.best else {
        return thought;
    };
    if thought.pv.first() != Some(&best) {
        thought.pv = vec![best];
    }
    thought.plies.push(best);
    let mut after = pos.clone();
    after.play(best);
    // A turn of several plies: keep the mover's plies, at most a few.
    while after.side_to_move() == pos.side_to_move()
        && after.rule_outcome().is_none()
        && thought.plies.len() < 4
    {
        let next = match thought.pv.get(thought.plies.len()) {
            Some(&mv) => mv,
            None => {
                let quick = Limits {
                    depth: Some(2),
                    ..Limits::default()
                };
                let no_stop = AtomicBool::new(false);
                match search(&after, &history, &quick, &tt, 1, &no_stop, |_| {}).best {
                    Some(mv) => {
                        thought.pv.truncate(thought.plies.len());
                        thought.pv.push(mv);
                        mv
                    }
                    None => break,
                }
            }
        };
        thought.plies.push(next);
        after.play(next);
    }
    thought
}

/// A variant of more than two players: the three-player search's default algorithm (Best-Reply
/// Search, which looks deepest at the mover's own plans); its principal variation as far as it
/// is playable, and every player's evaluation at the end of it.
pub fn multi_player<G: MultiSearchable>(
    record: &GameRecord<G>,
    limits: &Limits,
    stop: &AtomicBool,
) -> Thought<G::Move> {
    let pos = record.current();
    let history = record.hashes_before_current();
    let tt = TranspositionTable::new(TABLE_MIB);
    let result = search_multi(pos, &history, limits, Algorithm::DEFAULT, &tt, stop, |_| {});
    Thought {
        plies: result.best.into_iter().collect(),
        score: score_text(result.score),
        depth: result.depth,
        nodes: result.nodes,
        pv: if result.pv.is_empty() {
            result.best.into_iter().collect()
        } else {
            result.pv.clone()
        },
        player_scores: result.scores.iter().map(|&s| score_text(s)).collect(),
    }
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
