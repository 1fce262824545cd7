//! File and rank masks as the geometry sees them: on the cylinder the a- and h-files are
//! neighbours, so a pawn on the a-file is not isolated by an h-pawn and can be stopped by one.

use super::super::geometry::Geometry;
use crate::core::{Bitboard, Color, Square};

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

/// The squares strictly in front of `sq` for `color`, on every file.
#[inline(always)]
pub fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank() as u32;
    match color {
        Color::White if rank < 7 => Bitboard::ALL.shl(8 * (rank + 1)),
        Color::Black if rank > 0 => Bitboard::ALL.shr(8 * (8 - rank)),
        _ => Bitboard::EMPTY,
    }
}
