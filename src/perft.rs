//! Perft: the number of move sequences of a given length, the standard proof of a move generator.

use crate::game::Game;
use rayon::prelude::*;

/// Leaf nodes at `depth`. The last ply is counted in bulk (count_legal_moves), as Stockfish's
/// `go perft` does.
///
/// ```
/// use kaleido::game::Game;
/// use kaleido::perft::perft;
/// use kaleido::variants::{chess::Chess, cylinder::Cylinder};
///
/// assert_eq!(perft(&Chess::startpos(), 3), 8902);
/// // On the cylinder, 1.c3 lets the queen pin f7 round the edge: 392 rather than 400.
/// assert_eq!(perft(&Cylinder::startpos(), 2), 392);
/// ```
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = Vec::with_capacity(64);
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = pos.clone();
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Leaf nodes below each root move, in generation order; root moves are shared out over
/// `threads` threads.
pub fn divide<G: Game>(pos: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let count = |&mv: &G::Move| {
        let mut child = pos.clone();
        child.play(mv);
        (mv, perft(&child, depth.saturating_sub(1)))
    };
    if threads <= 1 {
        return moves.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        Err(e) => {
            log::warn!("could not start {threads} threads ({e}); counting on one");
            moves.iter().map(count).collect()
        }
    }
}
