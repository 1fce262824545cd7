//! What the search needs of spinchess: the FIDE evaluation for now (spins change no value of
//! a man), captures and promotions of either part of a turn as tactical moves.

use super::{Spinchess, Turn};
use crate::game::Game;
use crate::search::Searchable;
use crate::variants::board8::eval::VALUES;
use crate::variants::board8::Role;

impl Searchable for Spinchess {
    fn evaluate(&self) -> i32 {
        self.board().evaluate()
    }
    fn in_check(&self) -> bool {
        self.board().in_check()
    }
    /// The move part's capture or promotion, plus a pawn the spin promotes.
    fn tactical_value(&self, turn: Turn) -> Option<i32> {
        let by_move = turn.mv().and_then(|mv| self.board().tactical_value(mv));
        let by_spin = turn
            .spin_promotion()
            .map(|r| VALUES[r.index()] - VALUES[Role::Pawn.index()]);
        match (by_move, by_spin) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        }
    }
    /// Passing is as sound an assumption as in FIDE chess (a spin is one more way to move).
    fn null_move(&self) -> Option<Self> {
        let b = self.board();
        (!b.in_check()).then(|| Spinchess::from_board(b.null_move()))
    }
    /// The fifty-move rule (unless the last turn mated) and dead material.
    fn draw_by_rule(&self) -> bool {
        let b = self.board();
        (b.halfmove_clock() >= 100 && !(b.in_check() && self.count_legal_moves() == 0))
            || self.is_dead_position()
    }
    fn move_bits(turn: Turn) -> u32 {
        turn.bits()
    }
}
