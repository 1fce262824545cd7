//! Double-move chess on the web board: the 8x8 board; each sub-move is picked on its own, and
//! the page shows a turn's two sub-moves as two arrows.

use super::Doublemove;
use crate::gui::engine;
use crate::gui::view::{BoardShape, Gesture, GuiVariant, ManView, Seat, Thought, BLACK, WHITE};
use crate::record::GameRecord;
use crate::search::Limits;
use crate::variants::board8::{gui, Move};
use std::sync::atomic::AtomicBool;

impl GuiVariant for Doublemove {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        gui::square_board(
            "Every turn is two moves (White's first is one). No check: capture the king to win.",
        )
    }
    fn men(&self) -> Vec<ManView> {
        gui::men(self.board())
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        gui::move_gestures(mv)
    }
    fn think(record: &GameRecord<Self>, limits: &Limits, stop: &AtomicBool) -> Thought<Move> {
        engine::two_player(record, limits, stop)
    }
}
