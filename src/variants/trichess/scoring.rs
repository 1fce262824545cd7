//! The end of the game and its points (rules §9), as far as the position alone decides it:
//! a king capture, then mate or stalemate of the player on move, then the 150-ply rule.
//! Repetition needs the history and is judged by GameRecord, before the 150-ply rule.

use super::board::Trichess;
use crate::outcome::{EndReason, Outcome};

/// §9 case 4: this many consecutive plies without a capture or pawn move end the game.
pub const PLY_LIMIT: u16 = 150;

impl Trichess {
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(end) = self.king_capture {
            // The capturer's side and the third player share by their attackers before the capture.
            return Some(Outcome::split(end.attackers, EndReason::KingCapture));
        }
        if !self.has_legal_move() {
            let side = self.side();
            return Some(if self.in_check(side) {
                // Only direct attacks on the king's cell count, pins ignored (Decision 7).
                Outcome::split(self.king_attackers(side), EndReason::Checkmate)
            } else {
                Outcome::draw(3, EndReason::Stalemate)
            });
        }
        if self.halfmove >= PLY_LIMIT {
            return Some(Outcome::draw(3, EndReason::FiftyMoveRule));
        }
        None
    }
}
