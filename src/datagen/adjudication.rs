//! Ending a data game once its result is clear, as strong engines' data generators do: the
//! moves after that teach a network little (a won position stays won, a dead draw drawn) and
//! cost a search each. Two-player games only: a three-player game's points depend on who
//! mates whom, which a score does not say.
//!
//! - **Win**: the search scores the position at least `WIN_SCORE` for the same seat at
//!   `WIN_PLIES` plies in a row; that seat wins.
//! - **Draw**: from ply `DRAW_FROM_PLY` on, the search scores it within `DRAW_SCORE` of level
//!   at `DRAW_PLIES` plies in a row.

use crate::core::Player;
use crate::outcome::{EndReason, Outcome};

/// A score (centipawns, the side ahead's view) that wins when it holds.
pub const WIN_SCORE: i32 = 2000;
/// Plies in a row a winning score must hold: both sides' searches agree, twice each.
pub const WIN_PLIES: u32 = 4;
/// A score within this of level draws when it holds.
pub const DRAW_SCORE: i32 = 10;
/// Plies in a row a level score must hold.
pub const DRAW_PLIES: u32 = 12;
/// A draw is adjudicated no earlier than this ply (from the game's start): the opening's
/// level positions are not dead draws.
pub const DRAW_FROM_PLY: usize = 80;

/// Watches a two-player game's scores, ply by ply. (The outcome's reason, checkmate or dead
/// position, is not stored in the data: only the points are.)
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudicator {
    /// Plies in a row the first seat's score has been beyond WIN_SCORE (positive: for it;
    /// negative: against it).
    winning: i32,
    level: u32,
}

impl Adjudicator {
    /// Takes the search's score at ply `ply` (the mover's view, `mover` to move) and says the
    /// game's result when it is clear.
    pub fn score(&mut self, ply: usize, mover: Player, score: i32) -> Option<Outcome> {
        // The first seat's view.
        let first = if mover.index() == 0 { score } else { -score };
        self.winning = match (first >= WIN_SCORE, first <= -WIN_SCORE) {
            (true, _) => self.winning.max(0) + 1,
            (_, true) => self.winning.min(0) - 1,
            _ => 0,
        };
        if self.winning.unsigned_abs() >= WIN_PLIES {
            let winner = Player(u8::from(self.winning < 0));
            return Some(Outcome::Win {
                winner,
                reason: EndReason::Checkmate,
            });
        }
        self.level = match ply >= DRAW_FROM_PLY && first.abs() <= DRAW_SCORE {
            true => self.level + 1,
            false => 0,
        };
        (self.level >= DRAW_PLIES).then_some(Outcome::Draw {
            reason: EndReason::DeadPosition,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_needs_both_sides_to_agree_for_four_plies() {
        let mut a = Adjudicator::default();
        // Black is to move at odd plies: its score is the negation of White's.
        let scores = [2500, -2400, 2100, -1900, 2200, -2300, 2600, -2000];
        let said: Vec<Option<Outcome>> = scores
            .iter()
            .enumerate()
            .map(|(ply, &s)| a.score(ply, Player((ply % 2) as u8), s))
            .collect();
        // The fourth ply scored 1,900 for White: the count starts again there.
        assert!(said[..7].iter().all(Option::is_none), "{said:?}");
        assert_eq!(
            said[7],
            Some(Outcome::Win {
                winner: Player(0),
                reason: EndReason::Checkmate
            })
        );
        let mut b = Adjudicator::default();
        let black_wins = (0..4).find_map(|ply| {
            let mover = Player((ply % 2) as u8);
            b.score(ply, mover, if ply % 2 == 0 { -3000 } else { 3000 })
        });
        assert!(matches!(black_wins, Some(Outcome::Win { winner, .. }) if winner == Player(1)));
    }

    #[test]
    fn a_draw_needs_a_level_score_for_twelve_plies_after_ply_80() {
        let mut early = Adjudicator::default();
        assert!((0..40).all(|ply| early.score(ply, Player((ply % 2) as u8), 0).is_none()));
        let mut late = Adjudicator::default();
        let ends: Vec<usize> = (80..100)
            .filter(|&ply| late.score(ply, Player((ply % 2) as u8), 5).is_some())
            .collect();
        assert_eq!(ends.first(), Some(&91));
        let mut broken = Adjudicator::default();
        let said = (80..110).find(|&ply| {
            let score = if ply == 88 { 40 } else { 0 };
            broken.score(ply, Player((ply % 2) as u8), score).is_some()
        });
        assert_eq!(said, Some(100), "the count starts again after ply 88");
    }
}
