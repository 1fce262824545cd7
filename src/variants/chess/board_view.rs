//! Chess on the web board: the plain 8x8 board.

use super::Chess;
use crate::gui::engine;
use crate::gui::view::{BoardShape, Gesture, GuiVariant, ManView, Seat, Thought, BLACK, WHITE};
use crate::record::GameRecord;
use crate::search::Limits;
use crate::variants::board8::{gui, Move};
use std::sync::atomic::AtomicBool;

impl GuiVariant for Chess {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        gui::square_board("")
    }
    fn kings_in_check(&self) -> Vec<String> {
        gui::king_in_check(self)
    }
    fn men(&self) -> Vec<ManView> {
        gui::men(self)
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        gui::move_gestures(mv)
    }
    fn think(record: &GameRecord<Self>, limits: &Limits, stop: &AtomicBool) -> Thought<Move> {
        engine::two_player(record, limits, stop)
    }
}
