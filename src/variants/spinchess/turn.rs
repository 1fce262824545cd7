//! A spinchess turn (docs/rules/spinchess.md §4, §10.2): a move (A), a spin (B), or a move then a spin
//! of the destination's block (C), each spin with the promotion it causes, in 32 bits.

use super::block::{Block, Rotation};
use crate::variants::board8::{Move, Role};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Turn(u32);

const SPIN_SHIFT: u32 = 16;
const ROTATION_SHIFT: u32 = 20;
const PROMOTION_SHIFT: u32 = 22;

impl Turn {
    /// Type A: a move alone.
    #[inline(always)]
    pub fn from_move(mv: Move) -> Turn {
        Turn(move_bits(mv))
    }

    /// Type B (no move) or C: a spin of `block`, after `mv` when there is one, with the piece an
    /// own pawn the spin brings onto its last rank becomes.
    #[inline(always)]
    pub fn spin(
        mv: Option<Move>,
        block: Block,
        rotation: Rotation,
        promotion: Option<Role>,
    ) -> Turn {
        let rot = match rotation {
            Rotation::Clockwise => 1,
            Rotation::Anticlockwise => 2,
        };
        let promo = promotion.map_or(0, |r| r as u32);
        Turn(
            mv.map_or(0, move_bits)
                | (block.index() as u32) << SPIN_SHIFT
                | rot << ROTATION_SHIFT
                | promo << PROMOTION_SHIFT,
        )
    }

    /// The raw 32 bits (for the transposition table).
    #[inline(always)]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The move part (types A and C).
    #[inline(always)]
    pub fn mv(self) -> Option<Move> {
        let bits = (self.0 & 0xffff) as u16;
        // No generated move is a1a1 with kind 0, so all-zero bits mean "no move".
        (bits != 0).then(|| Move::from_bits(bits))
    }

    /// The spin (types B and C).
    #[inline(always)]
    pub fn spin_part(self) -> Option<(Block, Rotation)> {
        let block = Block::new((self.0 >> SPIN_SHIFT & 15) as u8);
        match self.0 >> ROTATION_SHIFT & 3 {
            1 => Some((block, Rotation::Clockwise)),
            2 => Some((block, Rotation::Anticlockwise)),
            _ => None,
        }
    }

    /// What a pawn brought onto its last rank by the spin becomes.
    #[inline(always)]
    pub fn spin_promotion(self) -> Option<Role> {
        match self.0 >> PROMOTION_SHIFT & 7 {
            0 => None,
            i => Some(Role::ALL[i as usize]),
        }
    }
}

#[inline(always)]
fn move_bits(mv: Move) -> u32 {
    mv.bits() as u32
}

impl fmt::Display for Turn {
    /// The machine token of §10.2: `e2e4`, `c7cw`, `e7cwq`, `g4g7,g7ccw`; blocks by their
    /// lower-left square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(mv) = self.mv() {
            write!(f, "{mv}")?;
            if self.spin_part().is_some() {
                f.write_str(",")?;
            }
        }
        if let Some((block, rotation)) = self.spin_part() {
            write!(f, "{}{}", block.lower_left(), rotation.token())?;
            if let Some(role) = self.spin_promotion() {
                write!(f, "{}", role.letter())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
