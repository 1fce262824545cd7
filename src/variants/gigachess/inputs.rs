//! The network inputs of gigachess: twenty kinds of man on the padded 16-wide layout of
//! square.rs (the padding files are never occupied), Black seeing the board with its ranks
//! mirrored. Every gigachess man moves alike to both sides and there is no castling, so a
//! position and its left-right reflection are the same game mirrored, which the trainer uses.

use super::board::Gigachess;
use super::piece::{code_role, ROLES};
use super::square::{SIZE, SQUARES, STRIDE};
use crate::game::NetworkInputs;

impl NetworkInputs for Gigachess {
    const CELLS: usize = SQUARES;
    const KINDS: usize = ROLES;
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("../../../nets/gigachess.nnue"));

    fn for_each_man(&self, mut f: impl FnMut(usize, usize, usize)) {
        for index in (self.colors[0] | self.colors[1]).iter() {
            let code = self.squares[index];
            f(index, code_role(code), usize::from(code >= 32));
        }
    }

    #[inline]
    fn relative_cell(cell: usize, perspective: usize) -> usize {
        if perspective == 0 {
            cell
        } else {
            let (rank, file) = (cell / STRIDE as usize, cell % STRIDE as usize);
            (SIZE as usize - 1 - rank) * STRIDE as usize + file
        }
    }

    /// Files a to n swapped. With 14 files a square and its reflection differ in colour, but
    /// no rule reads a square's colour: the colour-bound men simply keep to the other colour.
    #[inline]
    fn reflected_cell(cell: usize) -> Option<usize> {
        let (rank, file) = (cell / STRIDE as usize, cell % STRIDE as usize);
        Some(rank * STRIDE as usize + SIZE as usize - 1 - file)
    }
}
