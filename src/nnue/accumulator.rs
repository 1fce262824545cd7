//! The network's first layer kept up to date along the search's line, one frame per ply.
//!
//! A frame holds the board as the network reads it (a man code per cell) and every seat's
//! hidden pre-activations. Entering a child only records the child's men; the pre-activations
//! are worked out when a position is evaluated, from the nearest frame above it that has
//! them, by the cells whose man differs from one frame to the next: each such cell takes its
//! old man's weight row out and puts its new man's in. Nothing here knows what a move is, so
//! castling, en passant, promotions, spins and passes need no code of their own, and a node
//! cut off before its evaluation costs no update at all. A network of king buckets
//! (king_buckets.rs) reads each seat's rows through the view its king's cell gives; where a
//! seat's view differs from the parent frame's, its block is worked out from scratch.

use super::file::QuantisedNetwork;
use super::king_buckets::{KingBuckets, View};
use super::simd::Simd;
use crate::game::NetworkInputs;

/// The most cells a variant's inputs may index (trichess's layout has 240).
pub const MAX_CELLS: usize = 256;
/// The most players a variant's network may have perspectives for.
pub const MAX_SEATS: usize = 4;
/// The code of an empty cell; a man's is 1 + owner * KINDS + kind.
const EMPTY: u8 = 0;

struct Frame {
    men: [u8; MAX_CELLS],
    /// The men on the board: they pick the network's output layer.
    count: usize,
    /// How each seat reads the board (its king bucket).
    views: [View; MAX_SEATS],
    /// Each seat's hidden pre-activations, in seat order.
    accs: Vec<i32>,
    /// Whether `accs` belongs to `men` (false until the frame is first evaluated).
    current: bool,
}

/// The accumulators of one search thread.
pub struct Accumulators<'a> {
    net: &'a QuantisedNetwork,
    /// The instructions the rows are added and the output summed in.
    simd: Simd,
    frames: Vec<Frame>,
    /// An update's changed cells (cell, old code, new code), and one seat's rows to add and
    /// to take out: kept here so that updating allocates nothing once they have grown.
    changes: Vec<(usize, u8, u8)>,
    added: Vec<&'a [i16]>,
    removed: Vec<&'a [i16]>,
}

impl<'a> Accumulators<'a> {
    /// Frames for `plies` plies (more are added if a line goes deeper), for a network whose
    /// shape the caller has checked against the variant (`fits`), in the widest instructions
    /// the processor runs (`Simd::chosen`).
    pub fn new(net: &'a QuantisedNetwork, plies: usize) -> Accumulators<'a> {
        Accumulators::with_simd(net, plies, Simd::chosen())
    }

    /// The same in the instructions `simd` (every path gives the same evaluations).
    pub fn with_simd(net: &'a QuantisedNetwork, plies: usize, simd: Simd) -> Accumulators<'a> {
        let mut accumulators = Accumulators {
            net,
            simd,
            frames: Vec::new(),
            changes: Vec::new(),
            added: Vec::new(),
            removed: Vec::new(),
        };
        accumulators.reserve(plies);
        accumulators
    }

    /// The network.
    pub fn network(&self) -> &'a QuantisedNetwork {
        self.net
    }

    /// Makes sure there are frames for plies 0 to `plies - 1`.
    fn reserve(&mut self, plies: usize) {
        let size = self.net.players * self.net.hidden;
        while self.frames.len() < plies {
            self.frames.push(Frame {
                men: [EMPTY; MAX_CELLS],
                count: 0,
                views: [View::default(); MAX_SEATS],
                accs: vec![0; size],
                current: false,
            });
        }
    }

    /// Whether `net` reads `G`'s inputs: the same variant, input count and players, and
    /// king buckets laid out for its board.
    pub fn fits<G: NetworkInputs>(net: &QuantisedNetwork) -> bool {
        net.variant == G::NAME
            && net.inputs == G::INPUTS * net.king_buckets.count()
            && net.king_buckets.fits::<G>()
            && net.players == G::PLAYERS
            && G::PLAYERS <= MAX_SEATS
            && G::CELLS <= MAX_CELLS
            && G::PLAYERS * G::KINDS < usize::from(u8::MAX)
    }

    /// Sets the line's first position, worked out from scratch.
    pub fn set_root<G: NetworkInputs>(&mut self, pos: &G) {
        self.enter(pos, 0);
        let (net, simd) = (self.net, self.simd);
        let frame = &mut self.frames[0];
        for (seat, acc) in frame.accs.chunks_exact_mut(net.hidden).enumerate() {
            refresh::<G>(net, simd, &frame.men, frame.views[seat], seat, acc);
        }
        frame.current = true;
    }

    /// Records the position at `ply` of the line (a child of the one at `ply - 1`).
    #[inline]
    pub fn enter<G: NetworkInputs>(&mut self, pos: &G, ply: usize) {
        if ply >= self.frames.len() {
            self.reserve(ply + 1);
        }
        let frame = &mut self.frames[ply];
        frame.men = [EMPTY; MAX_CELLS];
        let mut count = 0;
        let mut kings = [None; MAX_SEATS];
        let royal = G::KING.unwrap_or(usize::MAX);
        pos.for_each_man(|cell, kind, owner| {
            frame.men[cell] = (1 + owner * G::KINDS + kind) as u8;
            count += 1;
            if kind == royal {
                kings[owner] = Some(cell);
            }
        });
        frame.count = count;
        let layout = &self.net.king_buckets;
        if !layout.is_none() {
            for (seat, view) in frame.views[..G::PLAYERS].iter_mut().enumerate() {
                *view = layout.view::<G>(kings[seat], seat);
            }
        }
        frame.current = false;
    }

    /// The network's evaluation in centipawns of the position at `ply`, for the player in
    /// seat `mover` (in games of more than two players, any seat: the network then judges the
    /// position as if that player were to move).
    pub fn evaluate<G: NetworkInputs>(&mut self, ply: usize, mover: usize) -> i32 {
        let first = (0..=ply)
            .rev()
            .find(|&p| self.frames[p].current)
            .unwrap_or(0);
        for p in first + 1..=ply {
            self.update::<G>(p);
        }
        let frame = &self.frames[ply];
        self.net
            .output_with(&frame.accs, mover, frame.count, self.simd)
    }

    /// Works out frame `p`'s pre-activations from frame `p - 1`'s: each seat's block in one
    /// pass that reads the parent's, adds and takes out the changed cells' rows and writes the
    /// child's; or from scratch, for a seat whose king has moved to another view.
    fn update<G: NetworkInputs>(&mut self, p: usize) {
        let (net, simd) = (self.net, self.simd);
        let (above, below) = self.frames.split_at_mut(p);
        let (parent, frame) = (&above[p - 1], &mut below[0]);
        self.changes.clear();
        // Eight cells at a time: a move changes a few cells of up to 240, and the cells past
        // the variant's last are empty in every frame.
        let span = G::CELLS.div_ceil(8) * 8;
        let words = parent.men[..span]
            .chunks_exact(8)
            .zip(frame.men.chunks_exact(8));
        for (word, (olds, news)) in words.enumerate() {
            if olds == news {
                continue;
            }
            for (i, (&old, &new)) in olds.iter().zip(news).enumerate() {
                if old != new {
                    self.changes.push((word * 8 + i, old, new));
                }
            }
        }
        let blocks = frame.accs.chunks_exact_mut(net.hidden);
        for (seat, (acc, from)) in blocks.zip(parent.accs.chunks_exact(net.hidden)).enumerate() {
            let view = frame.views[seat];
            if view != parent.views[seat] {
                refresh::<G>(net, simd, &frame.men, view, seat, acc);
                continue;
            }
            self.added.clear();
            self.removed.clear();
            for &(cell, old, new) in &self.changes {
                if old != EMPTY {
                    self.removed.push(row::<G>(net, cell, old, view, seat));
                }
                if new != EMPTY {
                    self.added.push(row::<G>(net, cell, new, view, seat));
                }
            }
            simd.update(acc, from, &self.added, &self.removed);
        }
        frame.current = true;
    }
}

/// Seat `seat`'s pre-activations of the board `men`, read as `view` says, from scratch.
fn refresh<G: NetworkInputs>(
    net: &QuantisedNetwork,
    simd: Simd,
    men: &[u8; MAX_CELLS],
    view: View,
    seat: usize,
    acc: &mut [i32],
) {
    acc.iter_mut()
        .zip(&net.b1)
        .for_each(|(a, &b)| *a = i32::from(b));
    for (cell, &code) in men[..G::CELLS].iter().enumerate() {
        if code != EMPTY {
            simd.add_row(acc, row::<G>(net, cell, code, view, seat));
        }
    }
}

/// The first-layer weights of the man coded `code` on `cell`, seen from `seat` reading the
/// board as `view` says.
#[inline]
fn row<G: NetworkInputs>(
    net: &QuantisedNetwork,
    cell: usize,
    code: u8,
    view: View,
    seat: usize,
) -> &[i16] {
    let code = usize::from(code - 1);
    let (owner, kind) = (code / G::KINDS, code % G::KINDS);
    let input = KingBuckets::input::<G>(view, cell, kind, owner, seat);
    &net.w1[input * net.hidden..(input + 1) * net.hidden]
}
