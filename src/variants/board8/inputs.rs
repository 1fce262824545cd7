//! The network inputs of the 8x8 boards: six kinds of man, 64 squares, Black seeing the board
//! from its own side (ranks mirrored; files keep their letters, so castling sides and the
//! cylinder's seam mean the same to both).

use super::board::Board;
use super::geometry::Geometry;
use crate::game::NetworkInputs;

impl<G: Geometry> NetworkInputs for Board<G> {
    const CELLS: usize = 64;
    const KINDS: usize = 6;
    const NETWORK: Option<&'static [u8]> = G::NETWORK;

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
