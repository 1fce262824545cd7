//! What the three-player search needs of trichess: each player's evaluation (eval.rs)
//! against its opponents', captures first, passes.

use super::board::{side_key, Trichess};
use super::eval::VALUES;
use super::moves::Move;
use crate::core::Player;
use crate::game::Game;
use crate::game::Searchable;

impl Searchable for Trichess {
    /// Fitted to kaleido's own games by `kaleido wdl`; docs/wdl.md gives the data and the check.
    const RESULT_MODEL: crate::game::result_model::ResultModel =
        crate::game::result_model::ResultModel::MorePlayers(
            crate::game::result_model::ShareModel {
                temperature: crate::game::result_model::Cubic([794.4, 169.3, 1.9, -41.8]),
            },
        );
    fn evaluate(&self) -> i32 {
        self.evaluate_for(self.side_to_move())
    }

    /// Own strength against the average of the two opponents'.
    fn evaluate_for(&self, player: Player) -> i32 {
        let others: i32 = (0..3u8)
            .filter(|&p| p != player.0)
            .map(|p| self.strength(Player(p)))
            .sum();
        self.strength(player) - others / 2
    }

    fn tactical_value(&self, mv: Move) -> Option<i32> {
        let victim = self.piece_at(mv.to()).map(|p| VALUES[p.role as usize]);
        let promotion = mv.promotion().map(|r| VALUES[r as usize] - VALUES[0]);
        if victim.is_none() && promotion.is_none() {
            return None;
        }
        let attacker = self.piece_at(mv.from()).map_or(0, |p| p.role as i32);
        Some(8 * victim.unwrap_or(0) + promotion.unwrap_or(0) - attacker)
    }

    fn in_check(&self) -> bool {
        Trichess::in_check(self, self.side())
    }

    /// A man takes a cheaper one on a cell that either opponent of the mover attacks (seen
    /// through the mover's own cell, which it leaves).
    fn losing_capture(&self, mv: Move) -> bool {
        let (Some(attacker), Some(victim)) = (self.piece_at(mv.from()), self.piece_at(mv.to()))
        else {
            return false;
        };
        if mv.promotion().is_some()
            || VALUES[victim.role as usize] >= VALUES[attacker.role as usize]
        {
            return false;
        }
        let mut occ = self.occupied();
        occ.clear(mv.from().index());
        self.is_attacked(mv.to().index(), self.side as usize, occ)
    }

    fn move_bits(mv: Move) -> u32 {
        mv.from().index() as u32 | (mv.to().index() as u32) << 8 | (mv.kind() as u32) << 16
    }

    /// The next player's turn without a move. A finished game cannot pass, and neither can a
    /// player without a legal move: the game ends there (mate or stalemate), so a search that
    /// passes through it must stop and score it, not hand the move on.
    fn pass(&self) -> Option<Self> {
        if self.king_capture.is_some() || !self.has_legal_move() {
            return None;
        }
        let mut next = *self;
        let (us, them) = (self.side as usize, (self.side as usize + 1) % 3);
        next.hash ^= side_key(us) ^ side_key(them);
        next.side = them as u8;
        Some(next)
    }
}
