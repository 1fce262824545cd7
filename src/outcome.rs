//! How a game ends.

use crate::core::Player;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// The move-count rule: 50 moves in FIDE chess, 200 sub-moves in doublemove.
    FiftyMoveRule,
    Repetition,
    DeadPosition,
    /// A king was captured (variants without check).
    KingCapture,
    /// The side to move has no move at all at the start of its turn (doublemove).
    NoMoves,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoveRule => "move-count rule",
            EndReason::Repetition => "threefold repetition",
            EndReason::DeadPosition => "insufficient material",
            EndReason::KingCapture => "king captured",
            EndReason::NoMoves => "no move to play",
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win {
        winner: Player,
        reason: EndReason,
    },
    Draw {
        reason: EndReason,
    },
    /// A three-player game (trichess) shares out two points: player i scores
    /// `points[i] / denominator`, kept in lowest terms so that equal splits compare equal.
    Points {
        points: [u16; 3],
        denominator: u16,
        reason: EndReason,
    },
}

fn gcd(a: u16, b: u16) -> u16 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Outcome {
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::Points { reason, .. } => reason,
        }
    }

    /// Two points shared among three players in proportion to `weights` (trichess §9: the
    /// attackers of a mated or captured king, or equal weights for a draw). All-zero weights
    /// share equally.
    pub fn split(weights: [u8; 3], reason: EndReason) -> Outcome {
        let weights = if weights == [0; 3] { [1; 3] } else { weights };
        let total: u16 = weights.iter().map(|&w| u16::from(w)).sum();
        let points = weights.map(|w| 2 * u16::from(w));
        let common = points.iter().fold(total, |g, &p| gcd(g, p));
        Outcome::Points {
            points: points.map(|p| p / common),
            denominator: total / common,
            reason,
        }
    }

    /// A draw among `players` players: `Draw` for two; for three, two points shared equally.
    /// A two-player game whose side to move has no legal move: mated by `opponent` when in
    /// check, else stalemate.
    pub fn no_moves(in_check: bool, opponent: Player) -> Outcome {
        if in_check {
            Outcome::Win {
                winner: opponent,
                reason: EndReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: EndReason::Stalemate,
            }
        }
    }

    pub fn draw(players: usize, reason: EndReason) -> Outcome {
        if players == 3 {
            Outcome::split([1; 3], reason)
        } else {
            Outcome::Draw { reason }
        }
    }

    /// Each seat's points among `players` seats: 1 or 0 for a win, ½ each for a draw, and for
    /// three players their share of the two points.
    pub fn seat_points(self, players: usize) -> Vec<f64> {
        match self {
            Outcome::Win { winner, .. } => (0..players)
                .map(|s| if s == winner.index() { 1.0 } else { 0.0 })
                .collect(),
            Outcome::Draw { .. } => vec![0.5; players],
            Outcome::Points {
                points,
                denominator,
                ..
            } => (0..players)
                .map(|s| {
                    let p = points.get(s).copied().unwrap_or(0);
                    f64::from(p) / f64::from(denominator.max(1))
                })
                .collect(),
        }
    }

    /// The result as a PGN-style string: `1-0`, `0-1` or `1/2-1/2` for two players; for three,
    /// each player's points in seat order (`4/3-2/3-0`, `2/3-2/3-2/3`).
    pub fn result_string(self) -> String {
        match self {
            Outcome::Win { winner, .. } if winner == Player::WHITE => "1-0".to_string(),
            Outcome::Win { .. } => "0-1".to_string(),
            Outcome::Draw { .. } => "1/2-1/2".to_string(),
            Outcome::Points {
                points,
                denominator,
                ..
            } => points
                .map(|p| {
                    let g = gcd(p, denominator);
                    match (p / g, denominator / g) {
                        (n, 1) => n.to_string(),
                        (n, d) => format!("{n}/{d}"),
                    }
                })
                .join("-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_of_two_points() {
        let mate = |w| Outcome::split(w, EndReason::Checkmate).result_string();
        // docs/rules/trichess.md §9's examples: a queen and a knight of different players, 1 and 1;
        // two pieces of player 2 and one of player 0, 2/3 and 4/3.
        assert_eq!(mate([1, 0, 1]), "1-0-1");
        assert_eq!(mate([1, 0, 2]), "2/3-0-4/3");
        assert_eq!(mate([0, 3, 0]), "0-2-0");
        assert_eq!(mate([0, 2, 3]), "0-4/5-6/5");
        assert_eq!(
            Outcome::draw(3, EndReason::Stalemate).result_string(),
            "2/3-2/3-2/3"
        );
        assert_eq!(
            Outcome::draw(2, EndReason::Stalemate).result_string(),
            "1/2-1/2"
        );
        // Lowest terms: the same split compares equal however it was weighted.
        assert_eq!(
            Outcome::split([2, 0, 2], EndReason::Checkmate),
            Outcome::split([1, 0, 1], EndReason::Checkmate)
        );
        assert_eq!(
            Outcome::split([1, 0, 1], EndReason::Checkmate),
            Outcome::Points {
                points: [1, 0, 1],
                denominator: 1,
                reason: EndReason::Checkmate
            }
        );
    }
}
