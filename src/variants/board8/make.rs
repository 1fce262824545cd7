//! Playing a move on the 8x8 board, with the hash kept up to date as it goes.

use super::board::Board;
use super::geometry::Geometry;
use super::moves::{Move, MoveKind};
use super::piece::{Piece, Role};
use crate::core::{Color, Square};

impl<G: Geometry> Board<G> {
    /// Plays a legal move (as produced by the generator).
    pub fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let piece = self.squares[from.index()].expect("a legal move starts on a man");
        self.set_ep(None);
        self.halfmove += 1;
        match mv.kind() {
            MoveKind::Castle => {
                self.shift(from, to, piece);
                let (rook_from, rook_to) = if to.file() == 6 {
                    (
                        Square::from_coords(7, to.rank()),
                        Square::from_coords(5, to.rank()),
                    )
                } else {
                    (
                        Square::from_coords(0, to.rank()),
                        Square::from_coords(3, to.rank()),
                    )
                };
                self.shift(rook_from, rook_to, Piece::new(us, Role::Rook));
            }
            MoveKind::EnPassant => {
                self.shift(from, to, piece);
                let captured = Square::from_coords(to.file(), from.rank());
                self.remove(captured, Piece::new(!us, Role::Pawn));
                self.halfmove = 0;
            }
            kind => {
                if let Some(captured) = self.squares[to.index()] {
                    self.remove(to, captured);
                    self.halfmove = 0;
                }
                self.shift(from, to, piece);
                if piece.role == Role::Pawn {
                    self.halfmove = 0;
                    if let Some(role) = kind.promotion() {
                        self.remove(to, piece);
                        self.put(to, Piece::new(us, role));
                    } else if kind == MoveKind::DoublePush {
                        let ep = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
                        // Recorded only when a pawn of the opponent attacks it (see Board::ep).
                        if (G::pawn(us, ep) & self.pieces(!us, Role::Pawn)).any() {
                            self.set_ep(Some(ep));
                        }
                    }
                }
            }
        }
        let rights = self.castling_after(from, to);
        if rights != self.castling {
            self.set_castling(rights);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.flip_side();
    }
}
