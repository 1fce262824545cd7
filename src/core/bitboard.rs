//! The 64-bit bitboard of the 8x8 variants: bit `8 * rank + file`, a1 = bit 0, h8 = bit 63.

use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub const RANK_1: Bitboard = Bitboard(0xff);
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);
    /// Light squares (a1 is dark): used by the same-coloured-bishops dead-position test.
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }
    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * rank))
    }
    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file)
    }
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline(always)]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }
    /// True when at most one bit is set.
    #[inline(always)]
    pub const fn at_most_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) == 0
    }
    /// The lowest square; the board must not be empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::new(self.0.trailing_zeros() as u8)
    }
    #[inline(always)]
    pub const fn msb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::new(63 - self.0.leading_zeros() as u8)
    }
    #[inline(always)]
    pub fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        sq
    }
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }
    #[inline(always)]
    pub const fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
    #[inline(always)]
    pub const fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(self.pop_lsb())
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Drawn as a board, rank 8 on top, so a failing test shows the squares at a glance.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = self.0 >> (8 * rank + file) & 1;
                write!(f, "{}", if bit == 1 { 'x' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_is_ascending_and_complete() {
        let bb = Bitboard(0x8000_0000_0000_0101);
        let squares: Vec<u8> = bb.map(|s| s.index() as u8).collect();
        assert_eq!(squares, vec![0, 8, 63]);
    }

    #[test]
    fn lsb_msb_and_set_operations() {
        let bb = Bitboard::from_square(Square::new(3)).with(Square::new(40));
        assert_eq!(bb.lsb().index(), 3);
        assert_eq!(bb.msb().index(), 40);
        assert_eq!(bb.count(), 2);
        assert!(!bb.at_most_one());
        assert!(bb.without(Square::new(3)).at_most_one());
        assert_eq!((bb & Bitboard::RANK_1).count(), 1);
        assert_eq!(Bitboard::LIGHT.count(), 32);
        assert!(!Bitboard::LIGHT.has(Square::new(0)), "a1 is dark");
        assert!(Bitboard::LIGHT.has(Square::new(7)), "h1 is light");
    }
}
