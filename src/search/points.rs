//! Every player's score as an expected share of the game's points, in hundredths of a point:
//! the per-player scores of the three-player protocol. A finished game gives its real split
//! (trichess shares two points: `200 0 0`, `100 0 100`, `67 67 67`); an unfinished one turns
//! the players' evaluations into shares that grow with the evaluation (a softmax), so equal
//! positions share equally and the shares always add up to the game's points (up to rounding).

use crate::core::Player;
use crate::game::Searchable;
use crate::outcome::{EndReason, Outcome};

/// Centipawns of evaluation lead that multiply a player's expected share by e relative to
/// another's. A display convention, not fitted to game results: a pawn up against two equal
/// opponents reads about 103 against 48 and 48.
pub const SHARE_SCALE_CP: f64 = 200.0;

/// The points a game of `players` shares out (a draw's total: 2 for trichess, 1 for chess).
pub fn total_points(players: usize) -> f64 {
    match Outcome::draw(players, EndReason::Stalemate) {
        Outcome::Points {
            points,
            denominator,
            ..
        } => points.iter().map(|&p| f64::from(p)).sum::<f64>() / f64::from(denominator.max(1)),
        _ => 1.0,
    }
}

/// Each player's points in a finished game, in hundredths, in seat order.
pub fn outcome_shares(outcome: Outcome, players: usize) -> Vec<i32> {
    let total = total_points(players);
    (0..players)
        .map(|p| {
            let points = match outcome {
                Outcome::Points {
                    points,
                    denominator,
                    ..
                } => points.get(p).map_or(0.0, |&n| f64::from(n)) / f64::from(denominator.max(1)),
                Outcome::Win { winner, .. } if winner.index() == p => total,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => total / players as f64,
            };
            (100.0 * points).round() as i32
        })
        .collect()
}

/// Each player's expected points at `pos` in hundredths, in seat order: the real split if the
/// position ends the game, else a softmax of the evaluations over `SHARE_SCALE_CP`.
pub fn expected_shares<G: Searchable>(pos: &G) -> Vec<i32> {
    if let Some(outcome) = pos.rule_outcome() {
        return outcome_shares(outcome, G::PLAYERS);
    }
    let evals: Vec<f64> = (0..G::PLAYERS as u8)
        .map(|p| f64::from(pos.evaluate_for(Player(p))))
        .collect();
    let top = evals.iter().copied().fold(f64::MIN, f64::max);
    // Subtracting the largest keeps exp() finite for any evaluation.
    let weights: Vec<f64> = evals
        .iter()
        .map(|e| ((e - top) / SHARE_SCALE_CP).exp())
        .collect();
    let sum: f64 = weights.iter().sum();
    let total = total_points(G::PLAYERS);
    weights
        .iter()
        .map(|w| (100.0 * total * w / sum).round() as i32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::trichess::Trichess;

    #[test]
    fn finished_games_give_the_real_split() {
        let split = |w| outcome_shares(Outcome::split(w, EndReason::Checkmate), 3);
        assert_eq!(split([0, 1, 0]), vec![0, 200, 0]);
        assert_eq!(split([1, 0, 1]), vec![100, 0, 100]);
        assert_eq!(split([1, 0, 2]), vec![67, 0, 133]);
        assert_eq!(
            outcome_shares(Outcome::draw(3, EndReason::Repetition), 3),
            vec![67, 67, 67]
        );
        assert_eq!(total_points(3), 2.0);
        assert_eq!(total_points(2), 1.0);
    }

    #[test]
    fn the_start_position_is_shared_equally() {
        assert_eq!(expected_shares(&Trichess::startpos()), vec![67, 67, 67]);
    }
}
