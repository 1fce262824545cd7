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
    Win { winner: Player, reason: EndReason },
    Draw { reason: EndReason },
}

impl Outcome {
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The PGN result of a two-player game: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(self) -> &'static str {
        match self {
            Outcome::Win { winner, .. } if winner == Player::WHITE => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}
