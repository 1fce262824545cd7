//! The 16 fixed 2x2 spin blocks and their rotations (docs/rules/spinchess.md §2-3).

use crate::core::{Bitboard, Square};

/// A block, 0..16, row-major from a1: index = 4 * (rank / 2) + file / 2; its area number in
/// human notation is index + 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Block(u8);

/// Lower-left squares of every block: files a, c, e, g on ranks 1, 3, 5, 7.
pub(crate) const LOWER_LEFT: Bitboard = Bitboard(0x0055_0055_0055_0055);

impl Block {
    pub const fn new(index: u8) -> Block {
        debug_assert!(index < 16);
        Block(index)
    }
    /// The block holding `sq`.
    #[inline(always)]
    pub const fn of(sq: Square) -> Block {
        Block(4 * (sq.rank() / 2) + sq.file() / 2)
    }
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn area_number(self) -> u8 {
        self.0 + 1
    }
    /// The name used in tokens: its lower-left square.
    #[inline(always)]
    pub const fn lower_left(self) -> Square {
        Square::from_coords(2 * (self.0 % 4), 2 * (self.0 / 4))
    }
    #[inline(always)]
    pub const fn squares(self) -> Bitboard {
        Bitboard(0x0303 << self.lower_left().index())
    }
    pub fn all() -> impl Iterator<Item = Block> {
        (0..16).map(Block)
    }
}

/// Clockwise (`cw`, `R`) or anticlockwise (`ccw`, `L`), seen from White's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rotation {
    Clockwise,
    Anticlockwise,
}

impl Rotation {
    pub const BOTH: [Rotation; 2] = [Rotation::Clockwise, Rotation::Anticlockwise];

    pub const fn token(self) -> &'static str {
        match self {
            Rotation::Clockwise => "cw",
            Rotation::Anticlockwise => "ccw",
        }
    }
    /// `R` or `L`, as in human notation.
    pub const fn letter(self) -> char {
        match self {
            Rotation::Clockwise => 'R',
            Rotation::Anticlockwise => 'L',
        }
    }

    /// Where the man on `sq` (inside `block`) goes.
    pub fn destination(self, block: Block, sq: Square) -> Square {
        let ll = block.lower_left();
        let (right, top) = (sq.file() != ll.file(), sq.rank() != ll.rank());
        // Clockwise: BL->TL, TL->TR, TR->BR, BR->BL; anticlockwise the reverse.
        let (right, top) = match self {
            Rotation::Clockwise => (top, !right),
            Rotation::Anticlockwise => (!top, right),
        };
        Square::from_coords(ll.file() + right as u8, ll.rank() + top as u8)
    }

    /// A bitboard with `block`'s four bits rotated and every other bit kept.
    #[inline(always)]
    pub fn apply(self, block: Block, bb: Bitboard) -> Bitboard {
        let inside = bb & block.squares();
        let (bl, br) = (inside & LOWER_LEFT, inside & LOWER_LEFT.shl(1));
        let (tl, tr) = (inside & LOWER_LEFT.shl(8), inside & LOWER_LEFT.shl(9));
        let moved = match self {
            Rotation::Clockwise => bl.shl(8) | tl.shl(1) | tr.shr(8) | br.shr(1),
            Rotation::Anticlockwise => tl.shr(8) | bl.shl(1) | br.shl(8) | tr.shr(1),
        };
        (bb & !block.squares()) | moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn blocks_and_area_numbers() {
        assert_eq!(Block::of(sq("h8")).area_number(), 16);
        assert_eq!(Block::of(sq("d8")).lower_left(), sq("c7"));
        assert_eq!(Block::of(sq("c1")).area_number(), 2);
        assert_eq!(Block::of(sq("e4")).lower_left(), sq("e3"));
        let all = Block::all().fold(Bitboard::EMPTY, |acc, b| {
            assert!((acc & b.squares()).is_empty());
            acc | b.squares()
        });
        assert_eq!(all, Bitboard::ALL);
    }

    /// The rules' own example, block a1: cw a2->b2, b2->b1, b1->a1, a1->a2.
    #[test]
    fn rotations_match_the_rules_example() {
        let a1 = Block::of(sq("a1"));
        let cw = Rotation::Clockwise;
        assert_eq!(cw.destination(a1, sq("a2")), sq("b2"));
        assert_eq!(cw.destination(a1, sq("b2")), sq("b1"));
        assert_eq!(cw.destination(a1, sq("b1")), sq("a1"));
        assert_eq!(cw.destination(a1, sq("a1")), sq("a2"));
        let ccw = Rotation::Anticlockwise;
        assert_eq!(ccw.destination(a1, sq("a2")), sq("a1"));
        assert_eq!(ccw.destination(a1, sq("a1")), sq("b1"));
        assert_eq!(ccw.destination(a1, sq("b1")), sq("b2"));
        assert_eq!(ccw.destination(a1, sq("b2")), sq("a2"));
    }

    #[test]
    fn bitboard_rotation_agrees_with_squares() {
        for block in Block::all() {
            for rot in Rotation::BOTH {
                for s in block.squares() {
                    let moved = rot.apply(block, Bitboard::from_square(s));
                    assert!(moved.has(rot.destination(block, s)));
                    assert_eq!((moved & block.squares()).count(), 1);
                }
                let outside = !block.squares();
                assert_eq!(rot.apply(block, outside), outside);
            }
        }
    }
}
