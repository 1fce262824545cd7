//! Pawn structure: passed pawns (worth more the nearer they are to promotion, and most in the
//! ending), doubled and isolated pawns, and the files rooks want.

use super::super::board::Board;
use super::super::geometry::Geometry;
use super::super::piece::Role;
use super::files::{adjacent_files, ranks_ahead};
use super::score::{s, Tapered};
use crate::core::{Bitboard, Color};

/// By the pawn's rank seen from its own side (rank 1 = its second rank).
const PASSED: [Tapered; 8] = [
    s(0, 0),
    s(2, 10),
    s(5, 15),
    s(12, 25),
    s(25, 45),
    s(45, 80),
    s(70, 120),
    s(0, 0),
];
const DOUBLED: Tapered = s(-8, -15);
const ISOLATED: Tapered = s(-10, -12);
const ROOK_OPEN_FILE: Tapered = s(25, 10);
const ROOK_HALF_OPEN_FILE: Tapered = s(12, 6);

/// The pawn-structure terms of `color`.
pub fn pawn_structure<G: Geometry>(board: &Board<G>, color: Color) -> Tapered {
    let ours = board.pieces(color, Role::Pawn);
    let theirs = board.pieces(!color, Role::Pawn);
    let mut total = Tapered::default();
    for sq in ours {
        let file = Bitboard::file(sq.file());
        let beside = adjacent_files::<G>(sq.file());
        let ahead = ranks_ahead(color, sq);
        if (theirs & (file | beside) & ahead).is_empty() && (ours & file & ahead).is_empty() {
            let rank = if color == Color::White {
                sq.rank()
            } else {
                7 - sq.rank()
            };
            total += PASSED[rank as usize];
        }
        if (ours & file & ahead).any() {
            total += DOUBLED;
        }
        if (ours & beside).is_empty() {
            total += ISOLATED;
        }
    }
    for sq in board.pieces(color, Role::Rook) {
        let file = Bitboard::file(sq.file());
        if (ours & file).is_empty() {
            total += if (theirs & file).is_empty() {
                ROOK_OPEN_FILE
            } else {
                ROOK_HALF_OPEN_FILE
            };
        }
    }
    total
}
