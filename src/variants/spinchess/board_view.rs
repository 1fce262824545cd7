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
        let mut out = turn
            .mv()
            .map(|mv| board_view::move_gestures(self.board(), mv))
            .unwrap_or_default();
        out.extend(spin_gestures(turn));
        out
    }
    /// Castling's other form (the king's step), followed by the same spin.
    fn other_gestures(&self, turn: Turn) -> Vec<Vec<Gesture>> {
        let Some(mv) = turn.mv() else {
            return Vec::new();
        };
        board_view::other_move_gestures(self.board(), mv)
            .into_iter()
            .map(|mut form| {
                form.extend(spin_gestures(turn));
                form
            })
            .collect()
    }
}

/// A turn's spin (block and direction, then the piece a pawn it brings to the last rank
/// becomes); none for a turn without one.
fn spin_gestures(turn: Turn) -> Vec<Gesture> {
    let mut out = Vec::new();
    if let Some((block, rotation)) = turn.spin_part() {
        out.push(Gesture::Spin {
            cells: block_cells(block),
            clockwise: rotation == Rotation::Clockwise,
        });
        out.extend(turn.spin_promotion().map(board_view::promotion_choice));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn step(from: &str, to: &str) -> Gesture {
        Gesture::Step {
            from: from.into(),
            to: to.into(),
        }
    }

    #[test]
    fn castling_is_the_king_onto_its_rook_or_its_step_with_the_same_spin() {
        let pos = Spinchess::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 5")
            .expect("a valid FEN");
        let mut turns = Vec::new();
        pos.legal_moves(&mut turns);
        let castles: Vec<Turn> = turns
            .into_iter()
            .filter(|&t| pos.format_move(t).starts_with("e1g1"))
            .collect();
        assert!(!castles.is_empty());
        for turn in castles {
            let gestures = pos.gestures(turn);
            assert_eq!(gestures[0], step("e1", "h1"), "{}", pos.format_move(turn));
            let others = pos.other_gestures(turn);
            assert_eq!(others.len(), 1);
            assert_eq!(others[0][0], step("e1", "g1"));
            assert_eq!(
                others[0][1..],
                gestures[1..],
                "the same spin after either form"
            );
        }
    }
}
