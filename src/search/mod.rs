//! The search, generic over the variants: two trees over one set of parts. `think` is the
//! one entry, and plays at a strength level when one is set (level.rs); the two-player tree
//! is alpha-beta (alphabeta/), the tree for more players paranoid or Best-Reply Search
//! (multi/). What they share: the context a search runs with (context.rs), the node clock
//! (clock.rs), the time manager (time.rs, over the limits of limits.rs), the repetition
//! window (path.rs), the principal variation (pv.rs), the transposition table (tt.rs), the
//! evaluation step (evaluation.rs), the history tables (history.rs), the staged move picker
//! (picker.rs) and the tuning constants (params.rs).

mod alphabeta;
mod clock;
mod context;
mod evaluation;
pub mod fuzz_caps;
mod history;
pub mod level;
mod limits;
mod lmr;
pub mod multi;
pub mod params;
mod path;
mod picker;
pub mod points;
mod pv;
pub mod score;
mod think;
mod time;
pub mod tt;
pub mod wdl;

pub use alphabeta::search_among;
pub use context::{Algorithm, Context, ROOT_MOVES_AFTER};
pub use limits::{Budget, Limits};
pub use params::MAX_PLY;
pub use think::{think, Thought};
pub use tt::TranspositionTable;

use std::time::Duration;

/// What the search reports after each completed iteration, once per line under MultiPV.
#[derive(Clone, Debug)]
pub struct Info<M> {
    pub depth: i32,
    pub seldepth: usize,
    /// From the side to move's point of view (score::uci formats it).
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<M>,
    pub hashfull: usize,
    /// Which of the best lines this is, from 1 (always 1 without MultiPV).
    pub multipv: usize,
    /// In games of more than two players, every player's expected points at the end of the
    /// principal variation, in hundredths, in seat order (points.rs); empty otherwise.
    pub shares: Vec<i32>,
}

/// What a search tells while it runs: each line of a completed iteration, and (once it has
/// run a while) each root move as it starts on it.
#[derive(Clone, Debug)]
pub enum Event<M> {
    Line(Info<M>),
    RootMove(RootMove<M>),
}

/// The root move a search has started on (UCI's `info currmove`, XBoard's `stat01`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove<M> {
    pub mv: M,
    /// Its place in the order the root's moves are searched, from 1. Under MultiPV the lines
    /// already found in the iteration count before it, as their moves are searched no more.
    pub number: usize,
    /// The depth of the iteration searching it.
    pub depth: i32,
}

/// Whether a search that has run for `elapsed` tells of the root move it starts on: only once
/// it has run for `after` (`Context::root_moves_after`). A GUI shows the move being searched
/// for long searches; in a fast game a line per root move would only flood the pipe.
pub fn tells_root_moves(elapsed: Duration, after: Duration) -> bool {
    elapsed >= after
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// None only when the position has no legal move.
    pub best: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<M>,
    /// The best lines of the last completed depth, best first: as many as MultiPV asked for
    /// (one without it), each scored exactly; empty only when there is no legal move.
    pub lines: Vec<Line<M>>,
}

/// One of the best lines a search found: its score from the mover's point of view and its
/// moves from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    pub score: i32,
    pub pv: Vec<M>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_moves_are_told_only_once_the_search_has_run_for_the_delay() {
        let ms = Duration::from_millis;
        assert!(!tells_root_moves(ms(0), ROOT_MOVES_AFTER));
        assert!(!tells_root_moves(ms(2_999), ROOT_MOVES_AFTER));
        assert!(tells_root_moves(ms(3_000), ROOT_MOVES_AFTER));
        assert!(tells_root_moves(ms(0), Duration::ZERO));
    }
}
