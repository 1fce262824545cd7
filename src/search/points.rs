//! Every player's score as an expected share of the game's points, in hundredths of a point:
//! the per-player scores of the three-player protocol. A finished game gives its real split
//! (trichess shares two points: `200 0 0`, `100 0 100`, `67 67 67`); an unfinished one turns
//! the players' evaluations into shares by the variant's result model (wdl.rs: a softmax
//! fitted to kaleido's games), so equal positions share equally and the shares always add up
//! to the game's points (up to rounding).

use crate::core::Player;
use crate::game::result_model::ResultModel;
use crate::game::Searchable;
use crate::outcome::{EndReason, Outcome};
use crate::search::wdl::stage;

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
/// position ends the game, else what the variant's result model (wdl.rs) makes of every
/// player's evaluation at the position's stage.
pub fn expected_shares<G: Searchable>(pos: &G) -> Vec<i32> {
    if let Some(outcome) = pos.rule_outcome() {
        return outcome_shares(outcome, G::PLAYERS);
    }
    let evals: Vec<f64> = (0..G::PLAYERS as u8)
        .map(|p| f64::from(pos.evaluate_for(Player(p))))
        .collect();
    let stage = stage(pos);
    let shares = match G::RESULT_MODEL {
        ResultModel::MorePlayers(model) => model.shares(&evals, stage),
        // Two players: a draw is half a point each.
        ResultModel::TwoPlayers(model) => {
            let [win, draw, loss] = model.chances(evals[0], stage);
            vec![win + draw / 2.0, loss + draw / 2.0]
        }
    };
    let total = total_points(G::PLAYERS);
    shares
        .iter()
        .map(|w| (100.0 * total * w).round() as i32)
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
