//! What the web board shows of the 8x8 variants, shared by chess, cylinder, spinchess and
//! doublemove: the square board, the men, and a move's gestures (a step, then the promotion
//! piece when there is one; castling the king onto its own rook, or its step to where it
//! lands). Chess and the cylinder are drawn entirely from here.

use super::{Board, Geometry, Move, MoveKind, Role};
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
        move_gestures(self, mv)
    }
    fn other_gestures(&self, mv: Move) -> Vec<Vec<Gesture>> {
        other_move_gestures(self, mv)
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

/// A move's gestures: from-square to to-square, then the promotion piece. Castling is the
/// king put onto its own rook, as Chess960 writes it: in a shuffled start the king may land
/// where it stands, or where an ordinary king step also goes, and only king-onto-rook is
/// always a move of its own.
pub fn move_gestures<G: Geometry>(board: &Board<G>, mv: Move) -> Vec<Gesture> {
    let to = castling_rook(board, mv).unwrap_or(mv.to());
    let mut out = vec![step(mv.from(), to)];
    out.extend(mv.promotion().map(promotion_choice));
    out
}

/// Castling's other form: the king's step to where it lands (`e1g1`), unless it lands where it
/// stands or on its rook's square (then king-onto-rook is that step already).
pub fn other_move_gestures<G: Geometry>(board: &Board<G>, mv: Move) -> Vec<Vec<Gesture>> {
    match castling_rook(board, mv) {
        Some(rook) if mv.to() != mv.from() && mv.to() != rook => {
            vec![vec![step(mv.from(), mv.to())]]
        }
        _ => Vec::new(),
    }
}

/// The square of the rook a castling move takes along; None for other moves.
fn castling_rook<G: Geometry>(board: &Board<G>, mv: Move) -> Option<Square> {
    if mv.kind() != MoveKind::Castle {
        return None;
    }
    // The king's own colour: doublemove's board keeps its own turn books.
    let color = board.piece_at(mv.from())?.color;
    Some(board.castle_path(color, mv.to().file() == 6).rook_from)
}

fn step(from: Square, to: Square) -> Gesture {
    Gesture::Step {
        from: from.to_string(),
        to: to.to_string(),
    }
}
