//! Chess on the web board: the plain 8x8 board.

use super::Chess;
use crate::game::{BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE};
use crate::variants::board8::{board_view, Move};

impl BoardView for Chess {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        board_view::square_board("")
    }
    fn kings_in_check(&self) -> Vec<String> {
        board_view::king_in_check(self)
    }
    fn men(&self) -> Vec<ManView> {
        board_view::men(self)
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        board_view::move_gestures(mv)
    }
}
