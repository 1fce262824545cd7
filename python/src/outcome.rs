//! How a game ended, as Python sees it: python-chess's `Outcome` with every seat's points.

use kaleido::outcome::{EndReason, Outcome as GameOutcome};
use pyo3::prelude::*;

/// The end of a game: why it ended, who won (a seat index, or None when it did not end in
/// one seat's win), each seat's points and the result as PGN writes it.
#[pyclass(module = "kaleido", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Why the game ended: `checkmate`, `stalemate`, `move_count_rule`,
    /// `threefold_repetition`, `insufficient_material`, `king_captured` or `no_moves`.
    #[pyo3(get)]
    termination: &'static str,
    /// The winning seat (0 is White): the one that took all the points, or None for a draw
    /// or a share of them among several seats.
    #[pyo3(get)]
    winner: Option<usize>,
    /// Each seat's points in seat order: 1 and 0, ½ each, or trichess's shares of two.
    #[pyo3(get)]
    points: Vec<f64>,
    result: String,
}

/// The name Python gets for a reason a game ended.
fn termination(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::FiftyMoveRule => "move_count_rule",
        EndReason::Repetition => "threefold_repetition",
        EndReason::DeadPosition => "insufficient_material",
        EndReason::KingCapture => "king_captured",
        EndReason::NoMoves => "no_moves",
    }
}

impl Outcome {
    pub fn termination(&self) -> &'static str {
        self.termination
    }

    pub fn new(outcome: GameOutcome, players: usize) -> Outcome {
        let points = outcome.seat_points(players);
        // A share of the points has a winner when one seat took them all (trichess's 2-0-0).
        let winner = match outcome {
            GameOutcome::Win { winner, .. } => Some(winner.index()),
            _ => {
                let scorers: Vec<usize> = (0..players).filter(|&s| points[s] > 0.0).collect();
                match scorers.as_slice() {
                    [only] if players > 2 => Some(*only),
                    _ => None,
                }
            }
        };
        Outcome {
            termination: termination(outcome.reason()),
            winner,
            points,
            result: outcome.result_string(),
        }
    }
}

#[pymethods]
impl Outcome {
    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or three seats' points
    /// (`4/3-2/3-0`).
    pub fn result(&self) -> String {
        self.result.clone()
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| w.to_string());
        format!(
            "Outcome(termination='{}', winner={winner}, result='{}')",
            self.termination, self.result
        )
    }
}
