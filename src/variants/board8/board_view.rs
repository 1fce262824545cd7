//! What the web board shows of the 8x8 variants, shared by chess, cylinder, spinchess and
//! doublemove: the square board, the men, and a move's gestures (a step, then the promotion
//! piece when there is one). Chess and the cylinder are drawn entirely from here.

use super::{Board, Geometry, Move, Role};
use crate::core::{Color, Square};
use crate::game::{
    fide_glyph, rectangle, BoardShape, BoardView, Gesture, ManView, Seat, BLACK, WHITE,
};

impl<G: Geometry> BoardView for Board<G> {
    const SEATS: &'static [Seat] = &[WHITE, BLACK];

    fn board_shape() -> BoardShape {
        let mut shape = square_board(G::NOTE);
        // Arrows across a joined edge take the short way round.
        shape.wrap_width = G::WRAPS.then_some(8.0);
        shape
    }
    fn kings_in_check(&self) -> Vec<String> {
        king_in_check(self)
    }
    fn men(&self) -> Vec<ManView> {
        men(self)
    }
    fn gestures(&self, mv: Move) -> Vec<Gesture> {
        move_gestures(mv)
    }
}

pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The 8x8 board, a1 at the lower left.
pub fn square_board(note: &'static str) -> BoardShape {
    rectangle(8, 8, |f, r| Square::from_coords(f, r).to_string(), note)
}

/// The men of an 8x8 board.
pub fn men<G: Geometry>(board: &Board<G>) -> Vec<ManView> {
    (0..64u8)
        .map(Square::new)
        .filter_map(|sq| {
            let piece = board.piece_at(sq)?;
            Some(ManView {
                cell: sq.to_string(),
                owner: u8::from(piece.color == Color::Black),
                glyph: fide_glyph(piece.role.letter()).unwrap_or_default(),
                name: role_name(piece.role),
            })
        })
        .collect()
}

/// The side to move's king, when it is in check.
pub fn king_in_check<G: Geometry>(board: &Board<G>) -> Vec<String> {
    if board.in_check() {
        vec![board.king_square(board.side_to_move()).to_string()]
    } else {
        Vec::new()
    }
}

/// A promotion's choice gesture: the piece's capital letter.
pub fn promotion_choice(role: Role) -> Gesture {
    Gesture::Choice {
        label: role.letter().to_ascii_uppercase().to_string(),
    }
}

/// A move's gestures: from-square to to-square (castling as the king's move), then the
/// promotion piece.
pub fn move_gestures(mv: Move) -> Vec<Gesture> {
    let mut out = vec![Gesture::Step {
        from: mv.from().to_string(),
        to: mv.to().to_string(),
    }];
    out.extend(mv.promotion().map(promotion_choice));
    out
}
