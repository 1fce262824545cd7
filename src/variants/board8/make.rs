//! Playing a move on the 8x8 board, with the hash kept up to date as it goes.

use super::board::Board;
use super::castling::Castling;
use super::geometry::Geometry;
use super::moves::{Move, MoveKind};
use super::piece::{Piece, Role};
use crate::core::{clocks, Square};

/// What moving the men did, for the turn bookkeeping around it (clocks, e.p., side to move),
/// which differs between variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    pub captured: Option<Piece>,
    pub pawn_moved: bool,
    /// The square a pawn's double step passed over.
    pub passed: Option<Square>,
}

impl MoveEffect {
    /// True when the move resets the halfmove clock (a capture or a pawn move).
    pub fn irreversible(self) -> bool {
        self.captured.is_some() || self.pawn_moved
    }
}

impl<G: Geometry> Board<G> {
    /// Moves the men of a pseudo-legal move and updates castling rights, with the hash. Side to
    /// move, clocks and e.p. are left to the caller.
    pub fn move_men(&mut self, mv: Move) -> MoveEffect {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.squares[from.index()].expect("a generated move starts on a man");
        let us = piece.color;
        let mut effect = MoveEffect {
            captured: None,
            pawn_moved: piece.role == Role::Pawn,
            passed: None,
        };
        match mv.kind() {
            MoveKind::Castle => {
                // Lifted and put down rather than shifted: in a shuffled start the king may
                // stay where it is, or land where its rook stood.
                let rook = Piece::new(us, Role::Rook);
                let path = self.castle_path(us, to.file() == 6);
                self.remove(from, piece);
                self.remove(path.rook_from, rook);
                self.put(to, piece);
                self.put(path.rook_to, rook);
            }
            MoveKind::EnPassant => {
                self.shift(from, to, piece);
                let captured = Square::from_coords(to.file(), from.rank());
                let pawn = Piece::new(!us, Role::Pawn);
                self.remove(captured, pawn);
                effect.captured = Some(pawn);
            }
            kind => {
                if let Some(captured) = self.squares[to.index()] {
                    self.remove(to, captured);
                    effect.captured = Some(captured);
                }
                self.shift(from, to, piece);
                if let Some(role) = kind.promotion() {
                    self.remove(to, piece);
                    self.put(to, Piece::new(us, role));
                } else if kind == MoveKind::DoublePush {
                    effect.passed = Some(Square::from_coords(
                        from.file(),
                        (from.rank() + to.rank()) / 2,
                    ));
                }
            }
        }
        if self.castling.0 != 0 {
            let mut rights = self.castling_after(piece, from, to);
            // A captured king (doublemove's win) takes its side's rights with it.
            if effect.captured.is_some_and(|p| p.role == Role::King) {
                rights.0 &= !Castling::both(!us);
            }
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        effect
    }

    /// The position after the side to move passes (for null-move pruning; never a legal move).
    pub fn null_move(&self) -> Board<G> {
        let mut next = *self;
        next.set_ep(None);
        clocks::advance(&mut next.halfmove, &mut next.fullmove, next.side, false);
        next.flip_side();
        next
    }

    /// Plays a legal move (as produced by the generator): one FIDE turn.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        self.set_ep(None);
        let effect = self.move_men(mv);
        // Recorded only when a pawn of the opponent attacks it (see Board::ep).
        if let Some(ep) = effect.passed {
            if (G::pawn(us, ep) & self.pieces(!us, Role::Pawn)).any() {
                self.set_ep(Some(ep));
            }
        }
        clocks::advance(
            &mut self.halfmove,
            &mut self.fullmove,
            us,
            effect.irreversible(),
        );
        self.flip_side();
    }
}
