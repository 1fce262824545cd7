//! Spinchess on the web board: the 8x8 board; a turn is a move, a spin, or a move then a spin
//! of the destination's block. A spin's gesture names the block's four squares and the
//! direction, and the page turns the block's men a quarter turn when one is played.

use super::{Block, Rotation, Spinchess, Turn};
use crate::game::{BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE};
use crate::variants::board8::board_view;

/// A block's squares clockwise from its lower left: BL, TL, TR, BR.
fn block_cells(block: Block) -> Vec<String> {
    let ll = block.lower_left();
    [(0, 0), (0, 1), (1, 1), (1, 0)]
        .iter()
        .map(|&(df, dr)| {
            crate::core::Square::from_coords(ll.file() + df, ll.rank() + dr).to_string()
        })
        .collect()
}

impl BoardView for Spinchess {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        let mut shape = board_view::square_board(
            "From move 2 a turn may spin a 2x2 block (dashed lines) a quarter turn, alone or \
             after a move into it.",
        );
        shape.regions = Block::all().map(block_cells).collect();
        shape
    }
    fn kings_in_check(&self) -> Vec<String> {
        board_view::king_in_check(self.board())
    }
    fn men(&self) -> Vec<ManView> {
        board_view::men(self.board())
    }
    /// The move's gestures (step, promotion), then the spin's (block and direction, then the
    /// piece a pawn it brings to the last rank becomes).
    fn gestures(&self, turn: Turn) -> Vec<Gesture> {
        let mut out = turn.mv().map(board_view::move_gestures).unwrap_or_default();
        if let Some((block, rotation)) = turn.spin_part() {
            out.push(Gesture::Spin {
                cells: block_cells(block),
                clockwise: rotation == Rotation::Clockwise,
            });
            out.extend(turn.spin_promotion().map(board_view::promotion_choice));
        }
        out
    }
}
