//! Cylinder chess on the web board: the 8x8 board, with a note that its side edges meet.

use super::Cylinder;
use crate::game::{BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE};
use crate::variants::board8::{board_view, Move};

impl BoardView for Cylinder {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        let mut shape = board_view::square_board(
            "The a- and h-files are joined: men move across the side edges.",
        );
        shape.wrap_width = Some(8.0);
        shape
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
