//! Playing a move: captures (e.p. included), automatic promotion, the e.p. square, clocks and
//! the hash.

use super::board::Gigachess;
use super::moves::Move;
use super::piece::{Piece, Role};
use super::square::{Square, SIZE};
use crate::core::{clocks, Color};

/// What moving the men did, for the turn bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveEffect {
    /// A capture or a Pawn/Corporal move: resets the halfmove clock.
    pub irreversible: bool,
    /// The square a double step passed over (§4).
    pub passed: Option<Square>,
}

/// The rank on which a man of `color` promotes.
#[inline(always)]
pub(crate) const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => SIZE - 1,
        Color::Black => 0,
    }
}

impl Gigachess {
    /// Moves the men of a pseudo-legal move. Side, clocks and e.p. square are left to the
    /// caller; `HASH` is false on the scratch copies of legality tests.
    #[inline(always)]
    pub(crate) fn move_men<const HASH: bool>(&mut self, from: Square, to: Square) -> MoveEffect {
        let code = self.squares[from.index()];
        debug_assert!(code != 0, "a move starts on a man");
        let piece = Piece::from_code(code);
        let mut irreversible = piece.role.is_pawnlike();
        if irreversible && Some(to) == self.ep && to.file() != from.file() {
            // E.p. (§4): the man that double-stepped stands beside the capturer.
            let passed_by = Square::new(to.file(), from.rank());
            let captured = Piece::from_code(self.squares[passed_by.index()]);
            self.remove::<HASH>(passed_by, captured);
        } else if self.squares[to.index()] != 0 {
            let captured = Piece::from_code(self.squares[to.index()]);
            self.remove::<HASH>(to, captured);
            irreversible = true;
        }
        self.shift::<HASH>(from, to, piece);
        if let Some(promoted) = piece.role.promotion() {
            if to.rank() == last_rank(piece.color) {
                self.remove::<HASH>(to, piece);
                self.put::<HASH>(to, Piece::new(piece.color, promoted));
            }
        }
        // Pawns, Corporals and Princes never move backwards, so two ranks on one file is their
        // forward double step.
        let double_step = matches!(piece.role, Role::Pawn | Role::Corporal | Role::Prince)
            && from.file() == to.file()
            && from.rank().abs_diff(to.rank()) == 2;
        MoveEffect {
            irreversible,
            passed: double_step.then(|| Square::new(from.file(), (from.rank() + to.rank()) / 2)),
        }
    }

    /// Plays a legal move (as generated).
    pub fn play(&mut self, mv: Move) {
        let effect = self.move_men::<true>(mv.from(), mv.to());
        self.set_ep(effect.passed);
        clocks::advance(
            &mut self.halfmove,
            &mut self.fullmove,
            self.side,
            effect.irreversible,
        );
        self.flip_side();
    }
}
