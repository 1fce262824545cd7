//! Gigachess on the web board: the 14x14 board; the FIDE roles as chess symbols, the other
//! fourteen as their letters (named on hover). Promotion is automatic, so a move is one step.

use super::{Gigachess, Move, Square};
use crate::core::Color;
use crate::game::{
    fide_glyph, rectangle, BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE,
};

const SIZE: u8 = 14;

impl BoardView for Gigachess {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        rectangle(
            SIZE,
            SIZE,
            |f, r| Square::new(f, r).to_string(),
            "Letters: A amazon, C cardinal, D machine, E elephant, F buffalo, H eagle, I prince, \
             J camel, L lion, M marshall, O corporal, W bow, X ship, Z cannon.",
        )
    }
    fn kings_in_check(&self) -> Vec<String> {
        if self.in_check() {
            vec![self.king_square(self.side_to_move()).to_string()]
        } else {
            Vec::new()
        }
    }
    fn men(&self) -> Vec<ManView> {
        let mut out = Vec::new();
        for rank in 0..SIZE {
            for file in 0..SIZE {
                let sq = Square::new(file, rank);
                if let Some(piece) = self.piece_at(sq) {
                    let letter = piece.role.letter();
                    out.push(ManView {
                        cell: sq.to_string(),
                        owner: u8::from(piece.color == Color::Black),
                        glyph: fide_glyph(letter)
                            .unwrap_or_else(|| letter.to_ascii_uppercase().to_string()),
                        name: piece.role.name(),
                    });
                }
            }
        }
        out
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        vec![Gesture::Step {
            from: mv.from().to_string(),
            to: mv.to().to_string(),
        }]
    }
}
