//! The network inputs of doublemove: its men are an 8x8 board's, read the way chess's are.

use super::Doublemove;
use crate::game::NetworkInputs;
use crate::variants::board8::Board;
use crate::variants::chess::Flat;

impl NetworkInputs for Doublemove {
    const CELLS: usize = <Board<Flat> as NetworkInputs>::CELLS;
    const KINDS: usize = <Board<Flat> as NetworkInputs>::KINDS;

    fn for_each_man(&self, f: impl FnMut(usize, usize, usize)) {
        self.board.for_each_man(f)
    }

    #[inline]
    fn relative_cell(cell: usize, perspective: usize) -> usize {
        Board::<Flat>::relative_cell(cell, perspective)
    }
}
