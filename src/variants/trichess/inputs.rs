//! The network inputs of trichess: six kinds of man on the 16-wide cell layout of cell.rs
//! (indices off the hexagon are never occupied), each player seeing the board turned by the
//! rotation of §1 so that its men start where player 0's do.

use super::board::Trichess;
use super::cell::Cell;
use crate::game::NetworkInputs;

/// The cell layout's index space: the last cell, OH, is bit 238.
const LAYOUT: usize = 240;

impl NetworkInputs for Trichess {
    const CELLS: usize = LAYOUT;
    const KINDS: usize = 6;
    /// A network that corrects the hand-written evaluation (docs/nnue.md): one trained from
    /// nothing on the same data played worse than the evaluation it learned from.
    const NETWORK: Option<&'static [u8]> = Some(include_bytes!("../../../nets/trichess.nnue"));

    fn for_each_man(&self, mut f: impl FnMut(usize, usize, usize)) {
        for (owner, men) in self.players.iter().enumerate() {
            for (kind, role) in self.roles.iter().enumerate() {
                for cell in (*men & *role).iter() {
                    f(cell, kind, owner);
                }
            }
        }
    }

    /// The rotation maps player p's cells onto player p + 1's, so player p's view turns the
    /// board back p times (three turns are none).
    #[inline]
    fn relative_cell(cell: usize, perspective: usize) -> usize {
        let mut cell = Cell::from_index(cell);
        for _ in 0..(3 - perspective % 3) % 3 {
            cell = cell.rotated();
        }
        cell.index()
    }
}
