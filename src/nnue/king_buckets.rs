//! King buckets: a network may keep one first layer per region of the board its perspective's
//! king stands in, and read the board mirrored left-right while that king is on the far half.
//! What a man is worth on a cell depends most on where the kings are (a pawn storm is good
//! against a castled king, a rook on an open file near it); a first layer per king region
//! learns that directly, and mirroring halves the regions it must learn.
//!
//! The layout is a table over the cells as the perspective sees them (`relative_cell`): each
//! entry is a bucket number, with the `MIRRORED` bit where the board is read reflected. It
//! travels in the network file, so the engine reads any layout a trainer chose; variants
//! suggest one (`NetworkInputs::KING_BUCKETS`). An input is then
//! `bucket * G::INPUTS + G::input(cell, ...)`, the cell reflected first where the view is
//! mirrored. Reflecting the absolute cell before turning it to the perspective's side is the
//! same as reflecting the turned one, for every variant whose reflection keeps ranks.
//!
//! A king moving into another bucket, or across the mirror line, changes its perspective's
//! every input: the accumulators then work that perspective out from scratch.

use crate::game::NetworkInputs;
pub use crate::game::MIRRORED_KING_BUCKET as MIRRORED;
use std::fmt;
/// The most buckets a table may name (the entry's other seven bits).
pub const MAX_KING_BUCKETS: usize = 0x7f;

/// How a perspective reads the board: which first layer, and whether mirrored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    pub bucket: u8,
    pub mirrored: bool,
}

/// A network's king buckets: empty for a network of one first layer, read unmirrored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KingBuckets {
    table: Vec<u8>,
}

/// Why a table is no layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(String);

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LayoutError {}

impl KingBuckets {
    /// One first layer, never mirrored: the network of no king buckets.
    pub const NONE: KingBuckets = KingBuckets { table: Vec::new() };

    /// The layout `table` gives, one entry per cell. Its buckets must run from 0 without a
    /// gap (each names a first layer of the file) and number at most `MAX_KING_BUCKETS`.
    pub fn new(table: Vec<u8>) -> Result<KingBuckets, LayoutError> {
        let layout = KingBuckets { table };
        if layout.is_none() {
            return Ok(layout);
        }
        let count = layout.count();
        let mut used = vec![false; count];
        for &entry in &layout.table {
            used[usize::from(entry & !MIRRORED)] = true;
        }
        if let Some(missing) = used.iter().position(|&u| !u) {
            return Err(LayoutError(format!(
                "the king buckets name bucket {} but not {missing}",
                count - 1
            )));
        }
        if count > MAX_KING_BUCKETS {
            return Err(LayoutError(format!(
                "{count} king buckets (at most {MAX_KING_BUCKETS})"
            )));
        }
        Ok(layout)
    }

    /// Whether this is the plain network's one first layer.
    pub fn is_none(&self) -> bool {
        self.table.is_empty()
    }

    /// The first layers: 1 without king buckets.
    pub fn count(&self) -> usize {
        self.table
            .iter()
            .map(|&entry| usize::from(entry & !MIRRORED) + 1)
            .max()
            .unwrap_or(1)
    }

    /// Whether some king cells read the board mirrored.
    pub fn mirrors(&self) -> bool {
        self.table.iter().any(|&entry| entry & MIRRORED != 0)
    }

    /// The table, one entry per cell (empty without king buckets).
    pub fn table(&self) -> &[u8] {
        &self.table
    }

    /// Whether the layout fits `G`: a table for its cells, mirrored only where its board has
    /// a reflection, and a king to place.
    pub fn fits<G: NetworkInputs>(&self) -> bool {
        self.is_none()
            || (self.table.len() == G::CELLS
                && G::KING.is_some()
                && (!self.mirrors() || G::reflected_cell(0).is_some()))
    }

    /// How seat `seat` reads the board when its king stands on `king` (None: it has none,
    /// as after a king's capture, and reads the first layer unmirrored).
    #[inline]
    pub fn view<G: NetworkInputs>(&self, king: Option<usize>, seat: usize) -> View {
        match king.and_then(|cell| self.table.get(G::relative_cell(cell, seat))) {
            Some(&entry) => View {
                bucket: entry & !MIRRORED,
                mirrored: entry & MIRRORED != 0,
            },
            None => View::default(),
        }
    }

    /// The input of a man of `kind` owned by `owner` on `cell`, for seat `seat` reading the
    /// board as `view` says.
    #[inline]
    pub fn input<G: NetworkInputs>(
        view: View,
        cell: usize,
        kind: usize,
        owner: usize,
        seat: usize,
    ) -> usize {
        let cell = match view.mirrored {
            true => G::reflected_cell(cell).unwrap_or(cell),
            false => cell,
        };
        usize::from(view.bucket) * G::INPUTS + G::input(cell, kind, owner, seat)
    }

    /// The cell of seat `seat`'s king in `pos`, if it has one.
    pub fn king_of<G: NetworkInputs>(pos: &G, seat: usize) -> Option<usize> {
        let mut king = None;
        if let Some(royal) = G::KING {
            pos.for_each_man(|cell, kind, owner| {
                if kind == royal && owner == seat {
                    king = Some(cell);
                }
            });
        }
        king
    }

    /// Appends the active inputs of `pos` seen by seat `seat`.
    pub fn active_inputs<G: NetworkInputs>(&self, pos: &G, seat: usize, out: &mut Vec<u32>) {
        let view = self.view::<G>(KingBuckets::king_of(pos, seat), seat);
        pos.for_each_man(|cell, kind, owner| {
            out.push(KingBuckets::input::<G>(view, cell, kind, owner, seat) as u32)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::NetworkInputs;
    use crate::variants::chess::Chess;

    /// The 8x8 games' suggested layout.
    fn chess_layout() -> KingBuckets {
        KingBuckets::new(Chess::KING_BUCKETS.to_vec()).unwrap()
    }

    #[test]
    fn tables_with_a_gap_or_too_many_buckets_are_refused() {
        assert!(KingBuckets::new(vec![0, 2, 1 | MIRRORED]).is_ok());
        assert!(KingBuckets::new(vec![0, 2]).is_err());
        assert!(KingBuckets::new(vec![0x7f]).is_err());
        assert_eq!(KingBuckets::new(Vec::new()), Ok(KingBuckets::NONE));
        assert_eq!(KingBuckets::NONE.count(), 1);
        assert!(!KingBuckets::NONE.mirrors());
        let layout = chess_layout();
        assert!(layout.fits::<Chess>() && layout.mirrors());
        assert_eq!(layout.count(), 4);
    }

    #[test]
    fn a_king_on_the_far_half_reads_the_board_mirrored_and_each_side_its_own_bucket() {
        let layout = chess_layout();
        // 1. e4 Nf6 2. Ke2: White's king on e2 reads mirrored, in the bucket of d2 (its
        // reflection); Black's on e8 reads as a White king on e1 would.
        let pos =
            Chess::from_fen("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 2 2").unwrap();
        let (white, black) = (
            KingBuckets::king_of(&pos, 0).unwrap(),
            KingBuckets::king_of(&pos, 1).unwrap(),
        );
        assert_eq!((white, black), (12, 60));
        let (e2, d2) = (
            layout.view::<Chess>(Some(white), 0),
            layout.view::<Chess>(Some(11), 0),
        );
        assert_eq!(e2.bucket, d2.bucket);
        assert!(e2.mirrored && !d2.mirrored);
        assert_eq!(
            layout.view::<Chess>(Some(black), 1),
            layout.view::<Chess>(Some(4), 0)
        );
        assert_ne!(
            layout.view::<Chess>(Some(white), 0).bucket,
            layout.view::<Chess>(Some(black), 1).bucket
        );
        assert_eq!(layout.view::<Chess>(None, 0), View::default());
    }

    #[test]
    fn a_mirrored_layout_reads_a_position_and_its_reflection_alike() {
        let layout = chess_layout();
        let fens = [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            "8/5k2/3p4/2pP4/2P5/4K3/8/8 w - - 0 50",
        ];
        for fen in fens {
            let pos = Chess::from_fen(fen).unwrap();
            // The reflection, built cell by cell (castling rights dropped: the inputs do not
            // show them).
            let mut cells = vec![None; 64];
            pos.for_each_man(|cell, kind, owner| cells[cell ^ 7] = Some((kind, owner)));
            let mirror =
                Chess::from_fen(&reflected_fen(&cells, pos.side_to_move().index())).unwrap();
            for seat in 0..2 {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                layout.active_inputs(&pos, seat, &mut a);
                layout.active_inputs(&mirror, seat, &mut b);
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{fen}, seat {seat}");
                // Without buckets the inputs are the plain ones.
                let (mut plain, mut expected) = (Vec::new(), Vec::new());
                KingBuckets::NONE.active_inputs(&pos, seat, &mut plain);
                pos.active_inputs(seat, &mut expected);
                let expected: Vec<u32> = expected.into_iter().map(|i| i as u32).collect();
                assert_eq!(plain, expected);
            }
        }
    }

    /// A FEN of men `cells` (index = rank * 8 + file) with `mover` to move and no castling.
    fn reflected_fen(cells: &[Option<(usize, usize)>], mover: usize) -> String {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match cells[rank * 8 + file] {
                    None => empty += 1,
                    Some((kind, owner)) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = b"pnbrqk"[kind] as char;
                        fen.push(if owner == 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if mover == 0 {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        fen
    }
}
