//! Iterative deepening for two players: aspiration windows around the last score, MultiPV
//! lines, the time manager's decisions between iterations, and Lazy SMP: helper threads
//! search the same root and share what they learn through the table.

use super::Searcher;
use crate::game::Searchable;
use crate::search::clock::NodeClock;
use crate::search::context::Context;
use crate::search::fuzz_caps;
use crate::search::limits::Limits;
use crate::search::params::{
    ASPIRATION_DELTA, ASPIRATION_DEPTH, ASPIRATION_FULL, FORECAST_TWO_PLAYERS, MAX_PLY,
};
use crate::search::score::{self, INFINITE, MATE_BOUND};
use crate::search::time::TimeManager;
use crate::search::tt::TranspositionTable;
use crate::search::{Event, Info, Line, SearchResult};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The two-player search: searches `pos` (reached through positions hashing to
/// `game_history`, oldest first) within `limits`, on `ctx.threads` threads, until a limit is
/// hit or `ctx.stop` is set, considering only the root moves in `search_moves` when it is not
/// empty (UCI's `go searchmoves`; moves not legal here are ignored). `on_event` hears about
/// every completed iteration of the main thread, and about the root moves it starts on once
/// it has run for `ctx.root_moves_after`.
pub fn search_among<G: Searchable>(
    pos: &G,
    game_history: &[u64],
    limits: &Limits,
    search_moves: &[G::Move],
    ctx: Context<'_>,
    on_event: &mut dyn FnMut(&Event<G::Move>),
) -> SearchResult<G::Move> {
    let start = Instant::now();
    let limits = &fuzz_caps::capped(limits);
    let threads = fuzz_caps::threads(ctx.threads).max(1);
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let (moves, outside): (Vec<G::Move>, Vec<G::Move>) = legal
        .into_iter()
        .partition(|mv| search_moves.is_empty() || search_moves.contains(mv));
    let Some(&first) = moves.first() else {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        };
    };
    let outside: Vec<u32> = outside.into_iter().map(G::move_bits).collect();
    let helper_nodes = AtomicU64::new(0);
    // Each helper's last completed iteration, for the choice of the answer at the end.
    let helper_results: Vec<Mutex<Option<SearchResult<G::Move>>>> =
        (1..threads).map(|_| Mutex::new(None)).collect();
    let (result, line_count) = std::thread::scope(|scope| {
        for (id, published) in (1..threads).zip(&helper_results) {
            let (helper_nodes, outside) = (&helper_nodes, outside.clone());
            scope.spawn(move || {
                let clock = NodeClock::new(ctx.stop, start, None, None, false);
                let mut helper = Searcher::<G>::new(ctx.tt, clock, game_history, ctx.network);
                helper.root_excluded = outside;
                help(&mut helper, pos, id, max_depth, published);
                helper_nodes.fetch_add(helper.nodes(), Ordering::Relaxed);
            });
        }
        let time = TimeManager::new(limits, start, FORECAST_TWO_PLAYERS);
        let clock = NodeClock::new(ctx.stop, start, time.hard_limit(), limits.nodes, true);
        let mut main = Searcher::<G>::new(ctx.tt, clock, game_history, ctx.network);
        main.listen(on_event, ctx.root_moves_after);
        let mut deepening = Deepening {
            main,
            tt: ctx.tt,
            pos,
            limits,
            time,
            start,
            outside,
            line_count: limits.multi_pv.clamp(1, moves.len()),
            helper_nodes: &helper_nodes,
        };
        let best = deepening.run(first, max_depth);
        limits.wait_for_stop(ctx.stop);
        ctx.stop.store(true, Ordering::Relaxed);
        (best, deepening.line_count)
    });
    let nodes = result.nodes + helper_nodes.load(Ordering::Relaxed);
    // A helper that completed a deeper iteration than the main thread knows better; its line
    // is reported so that the last line a GUI sees is the one played. Not under MultiPV,
    // whose lines come from the main thread alone.
    let deeper = helper_results
        .into_iter()
        .filter_map(|r| r.into_inner().unwrap_or_else(|e| e.into_inner()))
        .filter(|r| line_count == 1 && r.depth > result.depth)
        .max_by_key(|r| (r.depth, r.score));
    let Some(deeper) = deeper else {
        return SearchResult { nodes, ..result };
    };
    on_event(&Event::Line(Info {
        depth: deeper.depth,
        seldepth: deeper.pv.len(),
        score: deeper.score,
        nodes,
        time: start.elapsed(),
        pv: deeper.pv.clone(),
        hashfull: ctx.tt.hashfull(),
        multipv: 1,
        shares: Vec::new(),
    }));
    SearchResult { nodes, ..deeper }
}

/// A Lazy SMP helper's deepening: every depth its id does not skip, each completed one
/// `published` for the choice of the answer.
fn help<G: Searchable>(
    helper: &mut Searcher<'_, G>,
    pos: &G,
    id: usize,
    max_depth: i32,
    published: &Mutex<Option<SearchResult<G::Move>>>,
) {
    let mut score = 0;
    for depth in (1..=max_depth).filter(|&d| !skips_depth(id, d)) {
        let found = aspiration(helper, pos, depth, score);
        if helper.stopped() {
            break;
        }
        score = found;
        let pv = helper.principal_variation().to_vec();
        if let Some(&best) = pv.first() {
            let done = SearchResult {
                best: Some(best),
                score,
                depth,
                nodes: 0,
                lines: vec![Line {
                    score,
                    pv: pv.clone(),
                }],
                pv,
            };
            *published.lock().unwrap_or_else(|e| e.into_inner()) = Some(done);
        }
    }
}

/// Whether helper thread `id` (the main thread is 0) leaves out iteration `depth`. Helpers
/// skip depths in blocks of different sizes and phases, so that at any moment the threads
/// work on different depths and fill the shared table with results the others then find,
/// rather than repeat the same tree in step.
fn skips_depth(id: usize, depth: i32) -> bool {
    const SIZE: [i32; 12] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3];
    const PHASE: [i32; 12] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5];
    let i = id % SIZE.len();
    ((depth + PHASE[i]) / SIZE[i]) % 2 != 0
}

/// The main thread's iterative deepening: one iteration per depth, each with its MultiPV
/// lines, until a limit or a settled result ends it.
struct Deepening<'a, G: Searchable> {
    main: Searcher<'a, G>,
    tt: &'a TranspositionTable,
    pos: &'a G,
    limits: &'a Limits,
    time: TimeManager,
    start: Instant,
    /// The root moves left out (`go searchmoves`), as move bits.
    outside: Vec<u32>,
    line_count: usize,
    helper_nodes: &'a AtomicU64,
}

impl<G: Searchable> Deepening<'_, G> {
    /// Deepens from depth 1 to `max_depth`; before any iteration ends, `first` is the answer.
    fn run(&mut self, first: G::Move, max_depth: i32) -> SearchResult<G::Move> {
        let mut best = SearchResult {
            best: Some(first),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![first],
            lines: Vec::new(),
        };
        let mut lines: Vec<Line<G::Move>> = Vec::new();
        for depth in 1..=max_depth {
            let Some(found) = self.iteration(depth, &lines, best.score) else {
                break;
            };
            lines = found;
            let Some(top) = lines.first() else {
                break;
            };
            let previous = best.best;
            best = SearchResult {
                best: top.pv.first().copied().or(best.best),
                score: top.score,
                depth,
                nodes: self.main.nodes(),
                pv: top.pv.clone(),
                lines: Vec::new(),
            };
            self.time.iteration_done(best.best == previous);
            self.report(depth, &lines);
            let share = self.share(&best);
            if self.settled(&best, share) || !self.time.next_iteration_fits(share) {
                break;
            }
        }
        best.nodes = self.main.nodes();
        best.lines = match lines.is_empty() {
            true => vec![Line {
                score: best.score,
                pv: best.pv.clone(),
            }],
            false => lines,
        };
        best
    }

    /// The lines of one depth, best first; None when the search stopped with nothing to show
    /// for it. Each further line is the best search of the root without the lines above it.
    fn iteration(
        &mut self,
        depth: i32,
        last: &[Line<G::Move>],
        last_best: i32,
    ) -> Option<Vec<Line<G::Move>>> {
        let main = &mut self.main;
        let mut found: Vec<Line<G::Move>> = Vec::with_capacity(self.line_count);
        for index in 0..self.line_count {
            main.root_excluded = self.outside.clone();
            main.root_move_base = index;
            main.root_excluded.extend(
                found
                    .iter()
                    .filter_map(|l| l.pv.first().map(|&m| G::move_bits(m))),
            );
            let guess = last.get(index).map_or(last_best, |l| l.score);
            main.set_first_iteration_grace(depth == 1);
            let score = aspiration(main, self.pos, depth, guess);
            let stopped = main.stopped();
            main.set_first_iteration_grace(false);
            // An iteration cut short still has an answer once a root move raised alpha: that
            // move was searched to the end at this depth and beat every move before it, the
            // last iteration's best among them (searched first). In the first iteration it is
            // better than no searched move at all. Under MultiPV a cut iteration says nothing
            // after the first, whose lines would come out partial and out of order, except
            // that the first iteration keeps the lines it completed: each is exact and the
            // best of the moves left to it, and there is no iteration before to fall back on
            // (a level whose budget ends among its candidates' lines chooses among those, not
            // the first move generated).
            if stopped {
                if depth == 1 && !found.is_empty() {
                    break;
                }
                let partial = main.principal_variation().to_vec();
                let raised = main.root_best > -INFINITE;
                if partial.is_empty()
                    || !raised
                    || !found.is_empty()
                    || (depth > 1 && self.line_count > 1)
                {
                    return None;
                }
                found.push(Line {
                    score: main.root_best,
                    pv: partial,
                });
                break;
            }
            found.push(Line {
                score,
                pv: main.principal_variation().to_vec(),
            });
        }
        found.sort_by_key(|l| -l.score);
        Some(found)
    }

    /// Tells the listener of each of an iteration's lines.
    fn report(&mut self, depth: i32, lines: &[Line<G::Move>]) {
        for (index, line) in lines.iter().enumerate() {
            let info = Event::Line(Info {
                depth,
                seldepth: self.main.seldepth(),
                score: line.score,
                nodes: self.main.nodes() + self.helper_nodes.load(Ordering::Relaxed),
                time: self.start.elapsed(),
                pv: line.pv.clone(),
                hashfull: self.tt.hashfull(),
                multipv: index + 1,
                shares: Vec::new(),
            });
            self.main.tell(&info);
        }
    }

    /// The best move's share of the main thread's nodes so far.
    fn share(&self, best: &SearchResult<G::Move>) -> f64 {
        best.best.map_or(0.0, |mv| {
            self.main.root_move_nodes(G::move_bits(mv)) as f64 / self.main.nodes().max(1) as f64
        })
    }

    /// Whether no deeper iteration is wanted: the soft time limit (scaled by the best move's
    /// stability and share of the nodes) has passed, or a mate is found (one that `go mate`
    /// asked for, or any when no depth was asked for).
    fn settled(&self, best: &SearchResult<G::Move>, share: f64) -> bool {
        let limits = self.limits;
        let mate_settled = best.score.abs() > MATE_BOUND
            && limits.depth.is_none()
            && !limits.infinite
            && self.line_count == 1;
        let mate_found = limits
            .mate
            .is_some_and(|n| best.score > MATE_BOUND && score::moves_to_mate(best.score) <= n);
        let soft_nodes = limits
            .soft_nodes
            .is_some_and(|n| self.main.nodes() + self.helper_nodes.load(Ordering::Relaxed) >= n);
        self.time.past_soft(Some(share)) || mate_settled || mate_found || soft_nodes
    }
}

/// A search in a window around the last score, widened on failure: narrow windows cut more.
fn aspiration<G: Searchable>(main: &mut Searcher<'_, G>, pos: &G, depth: i32, last: i32) -> i32 {
    if depth < ASPIRATION_DEPTH || last.abs() > MATE_BOUND {
        return main.root(pos, depth, -INFINITE, INFINITE);
    }
    let mut delta = ASPIRATION_DELTA();
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
        if delta > ASPIRATION_FULL {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}
