//! Double-move chess on the web board: the 8x8 board; each sub-move is picked on its own, and
//! the page shows a turn's two sub-moves as two arrows.

use super::Doublemove;
use crate::game::{BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE};
use crate::variants::board8::{board_view, Move};

impl BoardView for Doublemove {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        board_view::square_board(
            "Every turn is two moves (White's first is one). No check: capture the king to win.",
        )
    }
    fn men(&self) -> Vec<ManView> {
        board_view::men(self.board())
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        board_view::move_gestures(self.board(), mv)
    }
    fn other_gestures(&self, mv: Move) -> Vec<Vec<Gesture>> {
        board_view::other_move_gestures(self.board(), mv)
    }
}
