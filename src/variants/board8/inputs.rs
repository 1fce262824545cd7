//! The network inputs of the 8x8 boards: six kinds of man, 64 squares, Black seeing the board
//! from its own side (ranks mirrored; files keep their letters, so castling sides and the
//! cylinder's seam mean the same to both).

use super::board::Board;
use super::geometry::Geometry;
use super::Role;
use crate::game::{NetworkInputs, MIRRORED_KING_BUCKET};

/// The 8x8 games' king buckets: a king on the first rank in its corner (a, b; g, h) or its
/// centre (c to f), on the second rank, or further up, the board read mirrored while it is
/// on files e to h. Four first layers: few enough for the millions of positions the 8x8
/// networks are trained on, and the regions where a king's shelter differs most.
const KING_BUCKETS_8X8: [u8; 64] = king_buckets_8x8();

const fn king_buckets_8x8() -> [u8; 64] {
    let mut table = [0; 64];
    let mut cell = 0;
    while cell < 64 {
        let (rank, file) = (cell / 8, cell % 8);
        let from_edge = if file < 4 { file } else { 7 - file };
        let bucket = match rank {
            0 if from_edge < 2 => 0,
            0 => 1,
            1 => 2,
            _ => 3,
        };
        table[cell] = bucket | if file >= 4 { MIRRORED_KING_BUCKET } else { 0 };
        cell += 1;
    }
    table
}

impl<G: Geometry> NetworkInputs for Board<G> {
    const CELLS: usize = 64;
    const KINDS: usize = 6;
    const NETWORK: Option<&'static [u8]> = G::NETWORK;
    const KING: Option<usize> = Some(Role::King as usize);
    const KING_BUCKETS: &'static [u8] = &KING_BUCKETS_8X8;

    fn for_each_man(&self, mut f: impl FnMut(usize, usize, usize)) {
        for sq in self.occupied() {
            if let Some(piece) = self.piece_at(sq) {
                f(sq.index(), piece.role.index(), piece.color.index());
            }
        }
    }

    #[inline]
    fn relative_cell(cell: usize, perspective: usize) -> usize {
        if perspective == 0 {
            cell
        } else {
            cell ^ 56
        }
    }

    /// Files a to h swapped: the moves of every 8x8 game, the cylinder's seam and both spin
    /// directions look the same in the mirror; only castling's sides swap.
    #[inline]
    fn reflected_cell(cell: usize) -> Option<usize> {
        Some(cell ^ 7)
    }
}

/// `NetworkInputs` for a variant whose position keeps its men in a `board: Board<Flat>` field
/// (spinchess, doublemove): its inputs are that board's, read as chess's are. The second
/// argument, where given, is the variant's built-in network.
macro_rules! inputs_of_board {
    ($variant:ty) => {
        $crate::variants::board8::inputs::inputs_of_board!($variant, None);
    };
    ($variant:ty, $network:expr) => {
        impl $crate::game::NetworkInputs for $variant {
            const CELLS: usize = 64;
            const KINDS: usize = 6;
            const NETWORK: Option<&'static [u8]> = $network;
            const KING: Option<usize> =
                <$crate::variants::board8::Board<$crate::variants::board8::Flat> as $crate::game::NetworkInputs>::KING;
            const KING_BUCKETS: &'static [u8] =
                <$crate::variants::board8::Board<$crate::variants::board8::Flat> as $crate::game::NetworkInputs>::KING_BUCKETS;

            fn for_each_man(&self, f: impl FnMut(usize, usize, usize)) {
                $crate::game::NetworkInputs::for_each_man(&self.board, f)
            }

            #[inline]
            fn relative_cell(cell: usize, perspective: usize) -> usize {
                <$crate::variants::board8::Board<$crate::variants::board8::Flat> as $crate::game::NetworkInputs>::relative_cell(cell, perspective)
            }

            #[inline]
            fn reflected_cell(cell: usize) -> Option<usize> {
                <$crate::variants::board8::Board<$crate::variants::board8::Flat> as $crate::game::NetworkInputs>::reflected_cell(cell)
            }
        }
    };
}
pub(crate) use inputs_of_board;
