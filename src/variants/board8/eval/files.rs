//! File and rank masks as the geometry sees them: on the cylinder the a- and h-files are
//! neighbours, so a pawn on the a-file is not isolated by an h-pawn and can be stopped by one.

use super::super::geometry::Geometry;
use crate::core::{Bitboard, Color};

/// The files beside `file` (both of them on a cylinder, one at a flat board's edge).
#[inline(always)]
pub fn adjacent_files<G: Geometry>(file: u8) -> Bitboard {
    let left = match file {
        0 if G::WRAPS => Bitboard::file(7),
        0 => Bitboard::EMPTY,
        f => Bitboard::file(f - 1),
    };
    let right = match file {
        7 if G::WRAPS => Bitboard::file(0),
        7 => Bitboard::EMPTY,
        f => Bitboard::file(f + 1),
    };
    left | right
}

/// The squares strictly behind some man of `men` on its file, as `color`'s pawns advance:
/// a pawn of `color` on one of them has a man of `men` ahead of it on its file.
#[inline(always)]
pub fn behind(color: Color, men: Bitboard) -> Bitboard {
    let mut x = men.0;
    match color {
        Color::White => {
            x >>= 8;
            x |= x >> 8;
            x |= x >> 16;
            x |= x >> 32;
        }
        Color::Black => {
            x <<= 8;
            x |= x << 8;
            x |= x << 16;
            x |= x << 32;
        }
    }
    Bitboard(x)
}

/// Every square of each file that holds a man of `men`.
#[inline(always)]
pub fn file_fill(men: Bitboard) -> Bitboard {
    let mut x = men.0;
    x |= x << 8;
    x |= x << 16;
    x |= x << 32;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    Bitboard(x)
}

/// The squares one file to either side of `squares`, on the same ranks (across the a/h seam
/// on a cylinder).
#[inline(always)]
pub fn beside<G: Geometry>(squares: Bitboard) -> Bitboard {
    let x = squares.0;
    let (a, h) = (Bitboard::FILE_A.0, Bitboard::FILE_H.0);
    let mut out = ((x >> 1) & !h) | ((x << 1) & !a);
    if G::WRAPS {
        out |= ((x & a) << 7) | ((x & h) >> 7);
    }
    Bitboard(out)
}
