//! Which men attack a square of a board, and check: the board's men read through its
//! geometry's attack sets. Kept apart from board.rs so that the position does not depend on
//! the geometry, which itself reads positions (`Geometry::safety`).

use super::board::Board;
use super::geometry::Geometry;
use super::piece::Role;
use crate::core::{Bitboard, Color, Square};

impl<G: Geometry> Board<G> {
    /// Every man of either colour that attacks `sq`, with `occ` as the blockers.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let queens = self.roles[Role::Queen.index()];
        (G::knight(sq) & self.roles[Role::Knight.index()])
            | (G::king(sq) & self.roles[Role::King.index()])
            | (G::pawn(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (G::pawn(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
            | (G::rook(sq, occ) & (self.roles[Role::Rook.index()] | queens))
            | (G::bishop(sq, occ) & (self.roles[Role::Bishop.index()] | queens))
    }

    /// Whether `by` attacks `sq` with `occ` as the blockers; cheapest tests first.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let them = self.colors[by.index()];
        if (G::knight(sq) & self.roles[Role::Knight.index()] & them).any()
            || (G::pawn(!by, sq) & self.roles[Role::Pawn.index()] & them).any()
            || (G::king(sq) & self.roles[Role::King.index()] & them).any()
        {
            return true;
        }
        let queens = self.roles[Role::Queen.index()];
        (G::rook(sq, occ) & (self.roles[Role::Rook.index()] | queens) & them).any()
            || (G::bishop(sq, occ) & (self.roles[Role::Bishop.index()] | queens) & them).any()
    }

    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king_square(self.side), !self.side, self.occupied())
    }

    /// True when a pawn of the side to move could capture on `ep` (by the board's geometry).
    pub(crate) fn ep_capturable(&self, ep: Square) -> bool {
        (G::pawn(!self.side, ep) & self.pieces(self.side, Role::Pawn)).any()
    }
}
