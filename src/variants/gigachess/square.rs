//! Squares of the 14x14 board. A square's index is `16 * rank + file`: each rank takes a 16-bit
//! row of the 256-bit bitboard, so files 14 and 15 are padding. A one-file step never wraps onto
//! another square of the board (it lands on padding), which lets pawn captures be whole-board
//! shifts with no file masks, and a rank's occupancy is one 16-bit chunk of a word.

use crate::core::Bitboard256;
use std::fmt;

/// Files and ranks of the board.
pub const SIZE: u8 = 14;
/// Bits per rank in the bitboard layout.
pub const STRIDE: u8 = 16;
/// Mailbox and table length: every index a square can have (the last square, n14, is 221).
pub const SQUARES: usize = 224;

/// Every square of the board, padding excluded.
pub const BOARD: Bitboard256 = {
    let mut w = [0u64; 4];
    let mut rank = 0;
    while rank < SIZE as usize {
        // 14 low bits of the rank's 16-bit row.
        w[rank / 4] |= 0x3fff << ((rank % 4) * 16);
        rank += 1;
    }
    Bitboard256(w)
};

/// A square of the board (never a padding index).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < SIZE && rank < SIZE);
        Square(rank * STRIDE + file)
    }

    /// The square of a bitboard index; the index must be on the board.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < SQUARES && (index % 16) < SIZE as usize);
        Square(index as u8)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline(always)]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file >= 0 && file < SIZE as i8 && rank >= 0 && rank < SIZE as i8 {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 15
    }
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }
    #[inline(always)]
    pub const fn bb(self) -> Bitboard256 {
        Bitboard256::from_bit(self.0 as usize)
    }

    /// Reads a square name: a file letter `a`-`n` and a rank `1`-`14` without leading zero.
    pub fn parse(text: &str) -> Option<Square> {
        let (square, rest) = Square::parse_prefix(text)?;
        rest.is_empty().then_some(square)
    }

    /// Reads a square name at the start of `text` (the rank's digits taken greedily) and returns
    /// it with the rest of the text.
    pub fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let bytes = text.as_bytes();
        let file = match bytes.first() {
            Some(&c @ b'a'..=b'n') => c - b'a',
            _ => return None,
        };
        let digits = bytes[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let rank_text = &text[1..1 + digits];
        if digits == 0 || digits > 2 || rank_text.starts_with('0') {
            return None;
        }
        let rank: u8 = rank_text.parse().ok()?;
        if !(1..=SIZE).contains(&rank) {
            return None;
        }
        Some((Square::new(file, rank - 1), &text[1 + digits..]))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The squares of a bitboard (padding bits are never set in the boards this variant keeps).
#[inline(always)]
pub fn squares(bb: Bitboard256) -> impl Iterator<Item = Square> {
    bb.into_iter().map(Square::from_index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rank in 0..SIZE {
            for file in 0..SIZE {
                let sq = Square::new(file, rank);
                assert_eq!(Square::parse(&sq.to_string()), Some(sq));
                assert!(BOARD.has(sq.index()));
            }
        }
        assert_eq!(BOARD.count(), 196);
        assert_eq!(Square::parse("a1"), Some(Square::new(0, 0)));
        assert_eq!(Square::parse("n14"), Some(Square::new(13, 13)));
        assert_eq!(Square::new(13, 13).index(), 221);
        for bad in ["", "a", "a0", "a01", "a15", "o1", "A1", "a1x", "a100", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Square::parse_prefix("l12l14q"),
            Some((Square::new(11, 11), "l14q"))
        );
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1 = Square::new(0, 0);
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(0, -1), None);
        assert_eq!(a1.offset(13, 13), Some(Square::new(13, 13)));
        assert_eq!(Square::new(13, 5).offset(1, 0), None);
        assert_eq!(Square::new(5, 13).offset(0, 1), None);
    }
}
