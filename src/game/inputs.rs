//! What an evaluation network reads of a position: which kind of man of which player stands on
//! which cell, seen from one player's side of the board. A network input ("feature") is one
//! such triple relative to a perspective: the owner counted from the perspective's player,
//! the cell as that player sees the board (turned so that its men start where the first
//! player's do). Each variant says how its board is laid out and turned; the trainer and the
//! engine's inference both derive their inputs from here, so they cannot disagree.

use super::Game;

/// The bit of a king-bucket entry (`NetworkInputs::KING_BUCKETS`) that says the board is
/// read reflected while the king stands there.
pub const MIRRORED_KING_BUCKET: u8 = 0x80;

pub trait NetworkInputs: Game {
    /// The size of the cell index space. It may hold indices no man can stand on (a padded
    /// board layout); their inputs are simply never active.
    const CELLS: usize;
    /// The kinds of man one player can own.
    const KINDS: usize;
    /// Inputs per perspective: every owner, kind and cell.
    const INPUTS: usize = Self::PLAYERS * Self::KINDS * Self::CELLS;
    /// The network built into the binary for this variant (a KLNN file's bytes), used unless
    /// the user chooses another evaluation; None where no network has beaten the hand-written
    /// evaluation yet.
    const NETWORK: Option<&'static [u8]> = None;
    /// The kind of man whose cell picks a perspective's king bucket (src/nnue/king_buckets.rs):
    /// the king; None where no man's place should shape the others' worth.
    const KING: Option<usize> = None;
    /// The king buckets `kaleido train --king-buckets` gives this variant's networks: an entry
    /// per cell as a perspective sees it, the bucket with `MIRRORED_KING_BUCKET`
    /// where the board is read reflected; empty where the variant suggests none.
    const KING_BUCKETS: &'static [u8] = &[];

    /// Calls `f(cell, kind, owner)` for every man on the board (owner: the seat, 0 first).
    fn for_each_man(&self, f: impl FnMut(usize, usize, usize));

    /// `cell` as seen by the player in seat `perspective`.
    fn relative_cell(cell: usize, perspective: usize) -> usize;

    /// Where a left-right reflection of the board takes `cell`, in variants whose rules treat
    /// a position and its reflection alike (up to castling, which the inputs do not show):
    /// the trainer doubles its data with reflected positions, and mirrored king buckets read
    /// the board through it. It must keep ranks, so that reflecting a cell and turning it to
    /// a perspective's side (`relative_cell`) may be done in either order. None where there
    /// is no such reflection.
    fn reflected_cell(_cell: usize) -> Option<usize> {
        None
    }

    /// The input index of a man of `kind` owned by seat `owner` on `cell`, seen by seat
    /// `perspective`.
    #[inline]
    fn input(cell: usize, kind: usize, owner: usize, perspective: usize) -> usize {
        let owner = (owner + Self::PLAYERS - perspective) % Self::PLAYERS;
        (owner * Self::KINDS + kind) * Self::CELLS + Self::relative_cell(cell, perspective)
    }

    /// Appends the active inputs of the position seen by seat `perspective`.
    fn active_inputs(&self, perspective: usize, out: &mut Vec<usize>) {
        self.for_each_man(|cell, kind, owner| {
            out.push(Self::input(cell, kind, owner, perspective))
        });
    }
}
