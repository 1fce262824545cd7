//! The search, generic over the variants: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta (alphabeta.rs), a shared lock-free transposition table
//! (tt.rs), time management (limits.rs), and Lazy SMP: helper threads search the same root and
//! share what they learn through the table.

mod alphabeta;
mod limits;
pub mod multi;
pub mod score;
mod searchable;
pub mod shares;
pub mod tt;

pub use alphabeta::MAX_PLY;
pub use limits::{Budget, Limits};
pub use searchable::Searchable;
pub use tt::TranspositionTable;

use alphabeta::Searcher;
use score::{INFINITE, MATE_BOUND};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What the search reports after each completed iteration.
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
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// None only when the position has no legal move.
    pub best: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// Searches `pos` (reached through positions hashing to `game_history`, oldest first) within
/// `limits`, on `threads` threads, until a limit is hit or `stop` is set. `on_info` hears about
/// every completed iteration of the main thread.
pub fn search<G: Searchable>(
    pos: &G,
    game_history: &[u64],
    limits: &Limits,
    tt: &TranspositionTable,
    threads: usize,
    stop: &AtomicBool,
    mut on_info: impl FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let budget = limits.budget();
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
    }
    let helper_nodes = AtomicU64::new(0);
    let result = std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            let helper_nodes = &helper_nodes;
            scope.spawn(move || {
                let mut helper = Searcher::<G>::new(tt, stop, game_history, start, None, None);
                helper.main = false;
                // Helpers start one ply apart so they fill the table with different depths.
                let mut depth = 1 + (id % 2) as i32;
                while depth <= max_depth && !helper.stopped() {
                    helper.root(pos, depth, -INFINITE, INFINITE);
                    depth += 1;
                }
                helper_nodes.fetch_add(helper.nodes, Ordering::Relaxed);
            });
        }
        let mut main = Searcher::<G>::new(tt, stop, game_history, start, budget.hard, limits.nodes);
        let mut best = SearchResult {
            best: Some(moves[0]),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![moves[0]],
        };
        for depth in 1..=max_depth {
            main.finish_iteration = depth == 1;
            let score = aspiration(&mut main, pos, depth, best.score);
            main.finish_iteration = false;
            // An iteration cut short says nothing; the first one always runs to its end.
            if main.stopped() && depth > 1 {
                break;
            }
            let pv = main.principal_variation().to_vec();
            best = SearchResult {
                best: pv.first().copied().or(best.best),
                score,
                depth,
                nodes: main.nodes,
                pv,
            };
            on_info(&Info {
                depth,
                seldepth: main.seldepth,
                score,
                nodes: main.nodes + helper_nodes.load(Ordering::Relaxed),
                time: start.elapsed(),
                pv: best.pv.clone(),
                hashfull: tt.hashfull(),
            });
            let past_soft = budget.soft.is_some_and(|s| start.elapsed() >= s);
            // A found mate needs no deeper look unless the user asked for depth.
            let mate_settled =
                score.abs() > MATE_BOUND && limits.depth.is_none() && !limits.infinite;
            if past_soft || mate_settled {
                break;
            }
        }
        // `go infinite` waits for `stop` even when the search ran out of depth.
        while limits.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        stop.store(true, Ordering::Relaxed);
        best.nodes = main.nodes;
        best
    });
    SearchResult {
        nodes: result.nodes + helper_nodes.load(Ordering::Relaxed),
        ..result
    }
}

/// A search in a window around the last score, widened on failure: narrow windows cut more.
fn aspiration<G: Searchable>(main: &mut Searcher<'_, G>, pos: &G, depth: i32, last: i32) -> i32 {
    if depth < 5 || last.abs() > MATE_BOUND {
        return main.root(pos, depth, -INFINITE, INFINITE);
    }
    let mut delta = 25;
    let (mut alpha, mut beta) = (last - delta, last + delta);
    loop {
        let score = main.root(pos, depth, alpha, beta);
        if main.stopped() {
            return score;
        }
        if score <= alpha {
            alpha = (alpha - delta).max(-INFINITE);
        } else if score >= beta {
            beta = (beta + delta).min(INFINITE);
        } else {
            return score;
        }
        delta *= 2;
        if delta > 1000 {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}
