//! The 169 cells of the hexagon (rules §1): axial coordinates, names, colours and the 120°
//! rotation that maps player 0's side of the board onto player 1's.

use crate::core::Bitboard256;
use std::fmt;

/// A cell, stored as its bit in a 16-wide layout: `(r + 7) * 16 + (q + 7)`.
///
/// Each row of constant r is a run of 16 bits (up to 15 cells, then padding), so every one of
/// the 12 directions is a fixed shift (`dq + 16 * dr`); the tables of tables.rs say which cells
/// may take which step, so the padding and the cut-off corners never need masking by hand. The
/// last cell, OH, is bit 238: everything fits in a `Bitboard256`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

/// Half the board's width: coordinates run from -RADIUS to RADIUS.
pub const RADIUS: i32 = 7;

/// The bit index of axial (q, r), on the board or not (callers check).
const fn bit(q: i32, r: i32) -> usize {
    ((r + RADIUS) * 16 + (q + RADIUS)) as usize
}

/// Whether axial (q, r) is one of the 169 cells.
pub const fn on_board(q: i32, r: i32) -> bool {
    let s = -q - r;
    q >= -RADIUS && q <= RADIUS && r >= -RADIUS && r <= RADIUS && s >= -RADIUS && s <= RADIUS
}

impl Cell {
    /// The cell at axial (q, r), if it is on the board.
    #[inline]
    pub const fn new(q: i32, r: i32) -> Option<Cell> {
        if on_board(q, r) {
            Some(Cell(bit(q, r) as u8))
        } else {
            None
        }
    }

    /// The cell of a bit index taken from a board bitboard (so known to be a cell).
    #[inline(always)]
    pub(crate) const fn from_index(index: usize) -> Cell {
        debug_assert!(index < 240);
        Cell(index as u8)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline(always)]
    pub const fn q(self) -> i32 {
        (self.0 & 15) as i32 - RADIUS
    }
    #[inline(always)]
    pub const fn r(self) -> i32 {
        (self.0 >> 4) as i32 - RADIUS
    }
    #[inline(always)]
    pub const fn s(self) -> i32 {
        -self.q() - self.r()
    }

    /// The cell `dq, dr` away, if that is on the board.
    #[inline]
    pub const fn offset(self, dq: i32, dr: i32) -> Option<Cell> {
        Cell::new(self.q() + dq, self.r() + dr)
    }

    /// The rotation ρ of §1: (q, r, s) → (s, q, r), which maps player 0's cells to player 1's
    /// and player 1's to player 2's.
    #[inline]
    pub const fn rotated(self) -> Cell {
        Cell(bit(self.s(), self.q()) as u8)
    }

    /// The cell colour (2q + r) mod 3, 0..3: diagonal moves keep it, straight moves change it.
    pub const fn colour(self) -> u8 {
        (2 * self.q() + self.r()).rem_euclid(3) as u8
    }

    /// Reads a two-letter name (`HH`, `DO`); None unless both letters are capitals A..O and the
    /// cell is on the board.
    pub fn parse(name: &str) -> Option<Cell> {
        match name.as_bytes() {
            &[q @ b'A'..=b'O', r @ b'A'..=b'O'] => Cell::new(i32::from(q) - 72, i32::from(r) - 72),
            _ => None,
        }
    }

    /// The two capital letters `chr(72 + q) chr(72 + r)`.
    pub const fn name(self) -> [u8; 2] {
        [(72 + self.q()) as u8, (72 + self.r()) as u8]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.name();
        write!(f, "{}{}", char::from(a), char::from(b))
    }
}

/// Every cell, row by row from r = -7 (the top) and by increasing q within a row: the order of
/// TriFEN's placement field.
pub const CELLS: [Cell; 169] = {
    let mut out = [Cell(0); 169];
    let mut n = 0;
    let mut r = -RADIUS;
    while r <= RADIUS {
        let mut q = -RADIUS;
        while q <= RADIUS {
            if on_board(q, r) {
                out[n] = Cell(bit(q, r) as u8);
                n += 1;
            }
            q += 1;
        }
        r += 1;
    }
    assert!(n == 169);
    out
};

/// The set of all 169 cells.
pub const BOARD: Bitboard256 = {
    let mut bb = Bitboard256::EMPTY;
    let mut i = 0;
    while i < CELLS.len() {
        bb.0[CELLS[i].index() >> 6] |= 1 << (CELLS[i].index() & 63);
        i += 1;
    }
    bb
};

/// The cells of a set, as a set of `Cell`s: iterating a board bitboard.
#[inline(always)]
pub fn cells(bb: Bitboard256) -> impl Iterator<Item = Cell> {
    bb.into_iter().map(Cell::from_index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_169_cells_with_rows_of_8_to_15() {
        assert_eq!(BOARD.count(), 169);
        for r in -7..=7 {
            let row = CELLS.iter().filter(|c| c.r() == r).count();
            assert_eq!(row as i32, 15 - i32::abs(r), "row r = {r}");
        }
        assert!(CELLS.windows(2).all(|w| w[0] < w[1]), "row-major order");
    }

    #[test]
    fn names_follow_the_rules_table() {
        let name = |q, r| Cell::new(q, r).unwrap().to_string();
        assert_eq!(name(0, 0), "HH");
        assert_eq!(name(0, -7), "HA");
        assert_eq!(name(7, -7), "OA");
        assert_eq!(name(-7, 0), "AH");
        assert_eq!(name(-7, 7), "AO");
        assert_eq!(name(0, 7), "HO");
        assert_eq!(name(-4, 7), "DO");
        assert_eq!(name(-6, 6), "BN");
        for c in CELLS {
            assert_eq!(Cell::parse(&c.to_string()), Some(c));
            assert_eq!(c.index() as i32, (c.r() + 7) * 16 + c.q() + 7);
        }
        // Letters of cells off the board, lowercase and other lengths are refused.
        for bad in ["AA", "OO", "AG", "hh", "H", "HHH", "", "PH", "H@", "ÀH"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn rotation_is_a_cycle_of_three_that_keeps_the_board() {
        for c in CELLS {
            let r = c.rotated();
            assert!(BOARD.has(r.index()));
            assert_eq!(r.rotated().rotated(), c);
            assert_eq!(r.colour(), c.colour(), "the rotation keeps colours");
        }
        // §4: player 0's king DO goes to player 1's ED, then to player 2's OE.
        let king = Cell::parse("DO").unwrap();
        assert_eq!(king.rotated().to_string(), "ED");
        assert_eq!(king.rotated().rotated().to_string(), "OE");
        // Only the centre is fixed.
        let fixed: Vec<Cell> = CELLS.into_iter().filter(|c| c.rotated() == *c).collect();
        assert_eq!(fixed, vec![Cell::new(0, 0).unwrap()]);
    }

    #[test]
    fn three_colours() {
        let mut n = [0; 3];
        for c in CELLS {
            n[c.colour() as usize] += 1;
        }
        // The centre's colour is the rarest: the other two have one cell more in each sixth.
        assert_eq!(n, [55, 57, 57]);
        assert_eq!(Cell::new(0, 0).unwrap().colour(), 0);
        // Player 0's three bishops stand on the three colours (§4).
        let mut bishops: Vec<u8> = ["BO", "GO", "EN"]
            .iter()
            .map(|n| Cell::parse(n).unwrap().colour())
            .collect();
        bishops.sort();
        assert_eq!(bishops, [0, 1, 2]);
    }
}
