//! What the search needs of gigachess: the evaluation (eval.rs) from the mover's side, captures
//! first, the null move.

use super::board::Gigachess;
use super::eval::{TEMPO, VALUES};
use super::moves::Move;
use super::piece::Role;
use crate::core::{clocks, Color};
use crate::game::Searchable;

impl Searchable for Gigachess {
    /// Fitted to kaleido's own games by `kaleido wdl`; docs/wdl.md gives the data and the check.
    const RESULT_MODEL: crate::game::result_model::ResultModel =
        crate::game::result_model::ResultModel::TwoPlayers(
            crate::game::result_model::WinRateModel {
                a: crate::game::result_model::Cubic([1465.0, -1277.5, -590.2, 739.7]),
                b: crate::game::result_model::Cubic([723.2, 286.8, -58.1, -372.4]),
            },
        );
    /// Long-range men, cannons and a hundred quiet moves a side: the static evaluation misses
    /// the threats quiet moves make, and with shallow pruning on gigachess lost 19 of 20
    /// games to the search without it (docs/strength.md).
    const SHALLOW_PRUNING: bool = false;

    fn evaluate(&self) -> i32 {
        let white = self.evaluate_white();
        TEMPO
            + match self.side_to_move() {
                Color::White => white,
                Color::Black => -white,
            }
    }
    fn in_check(&self) -> bool {
        Gigachess::in_check(self)
    }
    fn tactical_value(&self, mv: Move) -> Option<i32> {
        let victim = self.piece_at(mv.to())?;
        let attacker = self.piece_at(mv.from()).map_or(0, |p| p.role as i32);
        Some(8 * VALUES[victim.role as usize] - attacker)
    }
    fn material_gain(&self, mv: Move) -> Option<i32> {
        Some(
            self.piece_at(mv.to())
                .map_or(0, |p| VALUES[p.role as usize]),
        )
    }
    /// A man takes a cheaper one on a square the opponent attacks (as the board stands).
    fn losing_capture(&self, mv: Move) -> bool {
        let (Some(attacker), Some(victim)) = (self.piece_at(mv.from()), self.piece_at(mv.to()))
        else {
            return false;
        };
        attacker.role != Role::King
            && VALUES[attacker.role as usize] > VALUES[victim.role as usize]
            && self.is_attacked(mv.to(), !self.side_to_move())
    }
    /// Passing as in FIDE chess (not while in check).
    fn null_move(&self) -> Option<Self> {
        if Gigachess::in_check(self) {
            return None;
        }
        let mut next = *self;
        next.set_ep(None);
        clocks::advance(&mut next.halfmove, &mut next.fullmove, next.side, false);
        next.flip_side();
        Some(next)
    }
    /// The 100-ply rule (unless the last move mated); gigachess has no dead-position rule.
    fn draw_by_rule(&self) -> bool {
        self.halfmove >= 100 && !(Gigachess::in_check(self) && self.count_legal_moves() == 0)
    }
    fn move_bits(mv: Move) -> u32 {
        mv.bits() as u32
    }
}
