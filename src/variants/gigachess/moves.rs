//! A move: from-square and to-square in 16 bits. Everything else is decided by the position:
//! promotion is automatic with one result (§5), and a Pawn or Corporal stepping diagonally onto
//! the e.p. square always captures e.p. (§4, Decision 6), so (from, to) names one move.

use super::square::Square;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 8)
    }
    /// The raw 16 bits (for the transposition table).
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 0xff) as usize)
    }
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 8) as usize)
    }
}

/// From- and to-square only; `Game::format_move` adds the promotion letter.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}
