//! What the search needs of doublemove. There is no check here, and no null move: a pass of a
//! whole turn at a turn's start was measured: it applied at few nodes and made the search no
//! cheaper (docs/variants/doublemove.md). A king
//! capture wins at once, so it is ordered before every other capture.

use super::Doublemove;
use crate::game::Searchable;
use crate::variants::board8::{Move, Role};

impl Searchable for Doublemove {
    /// Fitted to kaleido's own games by `kaleido wdl`; docs/wdl.md gives the data and the check.
    const RESULT_MODEL: crate::game::result_model::ResultModel =
        crate::game::result_model::ResultModel::TwoPlayers(
            crate::game::result_model::WinRateModel {
                a: crate::game::result_model::Cubic([743.4, -1347.2, 63.6, 597.1]),
                b: crate::game::result_model::Cubic([67.3, 484.0, -102.7, -157.7]),
            },
        );
    /// The 8x8 evaluation plus the double-move threat terms (eval.rs).
    fn evaluate(&self) -> i32 {
        self.evaluate_turns()
    }
    /// A network reads the men, not the routes of a turn of two moves: the threat terms of
    /// eval.rs stand beside it.
    fn unsearched_threats(&self) -> i32 {
        self.turn_threats()
    }
    fn in_check(&self) -> bool {
        false
    }
    fn tactical_value(&self, mv: Move) -> Option<i32> {
        if self
            .board
            .piece_at(mv.to())
            .is_some_and(|p| p.role == Role::King)
        {
            return Some(1 << 24);
        }
        self.board.tactical_value(mv)
    }
    /// A captured king ends the game at once; the evaluation of what is left must not stand in
    /// for that loss.
    fn decided(&self) -> bool {
        self.winner.is_some()
    }
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// The 200-sub-move rule (§6); doublemove has no dead-position rule.
    fn draw_by_rule(&self) -> bool {
        self.winner.is_none() && self.board.halfmove_clock() >= 200
    }
    fn move_bits(mv: Move) -> u32 {
        mv.bits() as u32
    }
}
