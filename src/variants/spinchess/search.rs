//! What the search needs of spinchess: the FIDE evaluation plus what the quiescence search
//! cannot see of spins, captures that spin away from the recapture (eval.rs). Only plain captures and promotions (A-turns) are tactical: every capture also comes
//! followed by either spin, and spins open new captures, so a quiescence search over all of
//! them explodes (about 90,000 nodes for one ply in a middlegame).

use super::{eval, Spinchess, Turn};
use crate::game::Game;
use crate::game::Searchable;

impl Searchable for Spinchess {
    /// Fitted to kaleido's own games by `kaleido wdl`; docs/wdl.md gives the data and the check.
    const RESULT_MODEL: crate::game::result_model::ResultModel =
        crate::game::result_model::ResultModel::TwoPlayers(
            crate::game::result_model::WinRateModel {
                a: crate::game::result_model::Cubic([663.0, -1066.9, -142.9, 624.4]),
                b: crate::game::result_model::Cubic([328.2, -280.4, 91.1, 250.7]),
            },
        );
    /// Spins are quiet moves that move four men at once and open or close lines the static
    /// evaluation cannot foresee: with shallow pruning of every quiet turn, spinchess lost 31
    /// of 34 games to the search without it (docs/strength.md). Plain moves are pruned as in
    /// chess; turns with a spin never by the evaluation (`judged_statically`).
    const SHALLOW_PRUNING: bool = true;

    fn evaluate(&self) -> i32 {
        self.board().evaluate() + eval::spin_capture_threats(self.board())
    }
    fn in_check(&self) -> bool {
        self.board().in_check()
    }
    /// A plain move's capture or promotion.
    fn tactical_value(&self, turn: Turn) -> Option<i32> {
        match turn.spin_part() {
            None => turn.mv().and_then(|mv| self.board().tactical_value(mv)),
            Some(_) => None,
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
    /// A plain move, yes; a turn with a spin, no.
    fn judged_statically(&self, turn: Turn) -> bool {
        turn.spin_part().is_none()
    }
    fn move_bits(turn: Turn) -> u32 {
        turn.bits()
    }
}
