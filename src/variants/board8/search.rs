//! What the search needs of chess and the cylinder.

use super::board::Board;
use super::geometry::Geometry;
use super::moves::Move;
use super::piece::Role;
use crate::core::Color;
use crate::game::Searchable;

impl<G: Geometry> Searchable for Board<G> {
    const RESULT_MODEL: crate::game::result_model::ResultModel = G::RESULT_MODEL;
    fn evaluate(&self) -> i32 {
        Board::evaluate(self)
    }
    fn in_check(&self) -> bool {
        Board::in_check(self)
    }
    fn tactical_value(&self, mv: Move) -> Option<i32> {
        Board::tactical_value(self, mv)
    }
    fn material_gain(&self, mv: Move) -> Option<i32> {
        Some(Board::material_gain(self, mv))
    }
    fn losing_capture(&self, mv: Move) -> bool {
        Board::losing_capture(self, mv)
    }
    /// The swap list of see.rs, on this board's geometry.
    fn see_ge(&self, mv: Move, threshold: i32) -> Option<bool> {
        Some(Board::see_ge(self, mv, threshold))
    }
    /// Passing is the usual null-move assumption of FIDE chess; not while in check, and not
    /// with nothing but king and pawns, where zugzwang (every move worsens the position) is
    /// common and a pass would read it as a strength.
    fn null_move(&self) -> Option<Self> {
        let us = self.side_to_move();
        let pieces = self.by_color(us) & !self.by_role(Role::Pawn) & !self.by_role(Role::King);
        (!Board::in_check(self) && pieces.any()).then(|| Board::null_move(self))
    }
    /// The fifty-move rule (unless the last move mated) and dead material.
    fn draw_by_rule(&self) -> bool {
        (self.halfmove >= 100 && !(Board::in_check(self) && self.count_legal_moves() == 0))
            || G::is_dead_position(self)
    }
    /// The pawns of each side: they move seldom, and the evaluation's errors (a weak pawn it
    /// overrates, a passer it underrates) follow the structure from node to node.
    fn structure_key(&self) -> Option<u64> {
        let pawns = self.by_role(Role::Pawn);
        let white = (pawns & self.by_color(Color::White)).0;
        let black = (pawns & self.by_color(Color::Black)).0;
        let mixed =
            white.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ black.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        Some(mixed ^ (mixed >> 29))
    }
    fn move_bits(mv: Move) -> u32 {
        mv.bits() as u32
    }
}
