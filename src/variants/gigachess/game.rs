//! Gigachess as a Game: the glue to the generic layers, and the game end of rules §7.

use super::board::Gigachess;
use super::fen::START_FEN;
use super::moves::Move;
use crate::core::Player;
use crate::errors::MoveError;
use crate::game::{rules_from_inherent_methods, Game};
use crate::outcome::{EndReason, Outcome};

/// §7: drawn after 100 plies with no capture and no Pawn or Corporal move.
const PLY_LIMIT: u16 = 100;

impl Game for Gigachess {
    type Move = Move;
    const NAME: &'static str = "gigachess";
    const PLAYERS: usize = 2;
    const XBOARD: crate::game::XboardFacts = super::xboard::XBOARD;
    const FILES: u8 = 14;
    const RANKS: u8 = 14;

    rules_from_inherent_methods!(START_FEN);
    fn side_to_move(&self) -> Player {
        self.side.player()
    }
    fn hash(&self) -> u64 {
        self.hash
    }

    /// §8.1 tokens: `e4e6`, `l12l14q`; the promotion letter may be left off.
    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        self.parse_uci(token)
    }
    fn format_move(&self, mv: Move) -> String {
        self.uci(mv)
    }
    fn human_notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    /// Mate and stalemate first, then the 100-ply rule (repetition, which the rules test in
    /// between, is GameRecord's, and it lets the move-count rule give way to it).
    fn rule_outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(Outcome::no_moves(self.in_check(), (!self.side).player()));
        }
        (self.halfmove >= PLY_LIMIT).then_some(Outcome::Draw {
            reason: EndReason::FiftyMoveRule,
        })
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }
}
