//! The search, generic over the variants: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta (alphabeta.rs), a shared lock-free transposition table
//! (tt.rs), time management (limits.rs), and Lazy SMP: helper threads search the same root and
//! share what they learn through the table.

mod alphabeta;
pub mod fuzz_caps;
mod limits;
pub mod multi;
pub mod points;
pub mod score;
mod think;
pub mod tt;

pub use alphabeta::MAX_PLY;
pub use limits::{Budget, Limits};
pub use think::{restricts_root_moves, think, Context, Thought};
pub use tt::TranspositionTable;

use crate::game::Searchable;
use alphabeta::Searcher;
use score::{INFINITE, MATE_BOUND};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// None only when the position has no legal move.
    pub best: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// One of the best lines found at the last completed depth.
struct Line<M> {
    score: i32,
    pv: Vec<M>,
}

/// The two-player search: searches `pos` (reached through positions hashing to
/// `game_history`, oldest first) within `limits`, on `ctx.threads` threads, until a limit is
/// hit or `ctx.stop` is set, considering only the root moves in `search_moves` when it is not
/// empty (UCI's `go searchmoves`; moves not legal here are ignored). `on_info` hears about
/// every completed iteration of the main thread.
pub fn search_among<G: Searchable>(
    pos: &G,
    game_history: &[u64],
    limits: &Limits,
    search_moves: &[G::Move],
    ctx: Context<'_>,
    on_info: impl FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let (tt, stop) = (ctx.tt, ctx.stop);
    let start = Instant::now();
    let limits = &fuzz_caps::capped(limits);
    let threads = fuzz_caps::threads(ctx.threads);
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 1)
        .clamp(1, MAX_PLY as i32 - 1);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let (moves, outside): (Vec<G::Move>, Vec<G::Move>) = legal
        .into_iter()
        .partition(|mv| search_moves.is_empty() || search_moves.contains(mv));
    if moves.is_empty() {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
    }
    let outside: Vec<u32> = outside.into_iter().map(G::move_bits).collect();
    let helper_nodes = AtomicU64::new(0);
    // Each helper's last completed iteration, for the choice of the answer at the end.
    let helper_results: Vec<Mutex<Option<SearchResult<G::Move>>>> =
        (1..threads.max(1)).map(|_| Mutex::new(None)).collect();
    let mut on_info = on_info;
    let result = std::thread::scope(|scope| {
        for (id, published) in (1..threads.max(1)).zip(&helper_results) {
            let (helper_nodes, outside) = (&helper_nodes, outside.clone());
            scope.spawn(move || {
                let mut helper =
                    Searcher::<G>::new(tt, stop, game_history, start, None, None, ctx.network);
                helper.main = false;
                helper.root_excluded = outside;
                let mut score = 0;
                for depth in (1..=max_depth).filter(|&d| !skips_depth(id, d)) {
                    let found = aspiration(&mut helper, pos, depth, score);
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
                            pv,
                        };
                        *published.lock().unwrap_or_else(|e| e.into_inner()) = Some(done);
                    }
                }
                helper_nodes.fetch_add(helper.nodes, Ordering::Relaxed);
            });
        }
        let main = Searcher::<G>::new(
            tt,
            stop,
            game_history,
            start,
            limits.budget().hard,
            limits.nodes,
            ctx.network,
        );
        let mut deepening = Deepening {
            main,
            tt,
            pos,
            limits,
            start,
            outside,
            line_count: limits.multi_pv.clamp(1, moves.len()),
            helper_nodes: &helper_nodes,
        };
        let best = deepening.run(moves[0], max_depth, &mut on_info);
        // `go infinite` waits for `stop` even when the search ran out of depth.
        while limits.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        stop.store(true, Ordering::Relaxed);
        (best, deepening.line_count)
    });
    let (mut result, line_count) = result;
    let nodes = result.nodes + helper_nodes.load(Ordering::Relaxed);
    // A helper that completed a deeper iteration than the main thread knows better; its line
    // is reported so that the last line a GUI sees is the one played. Not under MultiPV,
    // whose lines come from the main thread alone.
    if line_count == 1 {
        let deepest = helper_results
            .into_iter()
            .filter_map(|r| r.into_inner().unwrap_or_else(|e| e.into_inner()))
            .filter(|r| r.depth > result.depth)
            .max_by_key(|r| (r.depth, r.score));
        if let Some(deeper) = deepest {
            on_info(&Info {
                depth: deeper.depth,
                seldepth: deeper.pv.len(),
                score: deeper.score,
                nodes,
                time: start.elapsed(),
                pv: deeper.pv.clone(),
                hashfull: tt.hashfull(),
                multipv: 1,
                shares: Vec::new(),
            });
            result = deeper;
        }
    }
    SearchResult { nodes, ..result }
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
    start: Instant,
    /// The root moves left out (`go searchmoves`), as move bits.
    outside: Vec<u32>,
    line_count: usize,
    helper_nodes: &'a AtomicU64,
}

impl<G: Searchable> Deepening<'_, G> {
    /// Deepens from depth 1 to `max_depth`; before any iteration ends, `first` is the answer.
    fn run(
        &mut self,
        first: G::Move,
        max_depth: i32,
        mut on_info: impl FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut best = SearchResult {
            best: Some(first),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![first],
        };
        let mut lines: Vec<Line<G::Move>> = Vec::new();
        let mut stable = 0;
        let mut pace = IterationPace::default();
        for depth in 1..=max_depth {
            let Some(found) = self.iteration(depth, &lines, best.score) else {
                break;
            };
            pace.record(self.start.elapsed());
            lines = found;
            let Some(top) = lines.first() else {
                break;
            };
            let previous = best.best;
            best = SearchResult {
                best: top.pv.first().copied().or(best.best),
                score: top.score,
                depth,
                nodes: self.main.nodes,
                pv: top.pv.clone(),
            };
            self.report(depth, &lines, &mut on_info);
            stable = if best.best == previous { stable + 1 } else { 0 };
            if self.settled(best.score, self.time_scale(best.best, stable))
                || !self.can_start_another(&pace)
            {
                break;
            }
        }
        best.nodes = self.main.nodes;
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
            main.root_excluded.extend(
                found
                    .iter()
                    .filter_map(|l| l.pv.first().map(|&m| G::move_bits(m))),
            );
            let guess = last.get(index).map_or(last_best, |l| l.score);
            main.finish_iteration = depth == 1;
            let score = aspiration(main, self.pos, depth, guess);
            let stopped = main.stopped();
            main.finish_iteration = false;
            // An iteration cut short still has an answer once a root move raised alpha: that
            // move was searched to the end at this depth and beat every move before it, the
            // last iteration's best among them (searched first). In the first iteration it is
            // better than no searched move at all. Under MultiPV a cut iteration says nothing
            // after the first, whose lines would come out partial and out of order.
            if stopped {
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

    fn report(
        &self,
        depth: i32,
        lines: &[Line<G::Move>],
        on_info: &mut impl FnMut(&Info<G::Move>),
    ) {
        for (index, line) in lines.iter().enumerate() {
            on_info(&Info {
                depth,
                seldepth: self.main.seldepth,
                score: line.score,
                nodes: self.main.nodes + self.helper_nodes.load(Ordering::Relaxed),
                time: self.start.elapsed(),
                pv: line.pv.clone(),
                hashfull: self.tt.hashfull(),
                multipv: index + 1,
                shares: Vec::new(),
            });
        }
    }

    /// Whether no deeper iteration is wanted: the soft time limit has passed, or a mate is
    /// found (one that `go mate` asked for, or any when no depth was asked for).
    fn settled(&self, best: i32, time_scale: f64) -> bool {
        let limits = self.limits;
        let budget = limits.budget();
        let past_soft = budget.soft.is_some_and(|soft| {
            let scaled = soft.mul_f64(time_scale);
            self.start.elapsed() >= budget.hard.map_or(scaled, |hard| scaled.min(hard))
        });
        let mate_settled = best.abs() > MATE_BOUND
            && limits.depth.is_none()
            && !limits.infinite
            && self.line_count == 1;
        let mate_found = limits
            .mate
            .is_some_and(|n| best > MATE_BOUND && score::moves_to_mate(best) <= n);
        past_soft || mate_settled || mate_found
    }

    /// Whether the next iteration may be started: not when iterations grow explosively and
    /// the forecast one would end past the hard limit. Its first root move alone may then
    /// take all the time left, so that it says nothing and only burns clock that later moves
    /// could use. Where iterations grow slowly (chess) the forecast is too unsure to act on:
    /// stopping on it, even at the smaller of the last two growths, lost about 50 Elo.
    fn can_start_another(&self, pace: &IterationPace) -> bool {
        if self.limits.depth.is_some() || self.limits.nodes.is_some() {
            return true;
        }
        let Some(hard) = self.limits.budget().hard else {
            return true;
        };
        !pace.explosive() || self.start.elapsed() + pace.next() <= hard
    }

    /// How much of the soft time limit to use before another iteration, from how settled the
    /// search is: a best move that has stood for several iterations and takes most of the
    /// nodes needs less time than one that just changed or shares the effort with rivals.
    /// At the typical settled iteration (best move unchanged four times, 80% of the nodes)
    /// the factor is about 1.
    fn time_scale(&self, best: Option<G::Move>, stable: usize) -> f64 {
        const STABILITY: [f64; 5] = [2.5, 1.2, 0.9, 0.8, 0.75];
        let share = best.map_or(0.0, |mv| {
            self.main.root_move_nodes(G::move_bits(mv)) as f64 / self.main.nodes.max(1) as f64
        });
        let effort = (1.5 - share) * 1.35;
        1.4 * STABILITY[stable.min(4)] * effort
    }
}

/// How long iterations take, to foresee the next one: the last one's time times the smaller
/// of the last two growths (at least 1.5, at most 5; 2 until two iterations are timed).
#[derive(Default)]
struct IterationPace {
    ended: Duration,
    last: Duration,
    growth: Option<f64>,
    smaller_growth: f64,
}

impl IterationPace {
    const MIN_GROWTH: f64 = 1.5;
    const MAX_GROWTH: f64 = 5.0;
    const EXPLOSIVE: f64 = 3.0;
    /// Iterations shorter than this are timed too coarsely to give a growth.
    const TIMED: Duration = Duration::from_millis(1);

    fn record(&mut self, now: Duration) {
        let took = now.saturating_sub(self.ended);
        let growth = (self.last >= Self::TIMED).then(|| {
            (took.as_secs_f64() / self.last.as_secs_f64()).clamp(Self::MIN_GROWTH, Self::MAX_GROWTH)
        });
        self.smaller_growth = match (growth, self.growth) {
            (Some(g), Some(before)) => g.min(before),
            (Some(g), None) => g,
            (None, _) => 2.0,
        };
        self.growth = growth;
        self.ended = now;
        self.last = took;
    }

    fn next(&self) -> Duration {
        self.last.mul_f64(self.smaller_growth)
    }

    /// Whether each iteration costs several times the one before (a game of many moves a
    /// turn, such as gigachess): only then is the forecast sure enough to act on.
    fn explosive(&self) -> bool {
        self.smaller_growth >= Self::EXPLOSIVE
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

#[cfg(test)]
mod tests {
    use super::IterationPace;
    use std::time::Duration;

    #[test]
    fn the_next_iteration_is_foreseen_from_the_growth_of_the_last_two() {
        let ms = Duration::from_millis;
        let mut pace = IterationPace::default();
        pace.record(ms(10));
        assert_eq!(pace.next(), ms(20), "no growth known yet: twice the last");
        pace.record(ms(40));
        assert_eq!(pace.next(), ms(90), "30 ms after 10 ms: three times");
        pace.record(ms(340));
        assert_eq!(
            pace.next(),
            ms(900),
            "300 after 30 (capped at 5) and 30 after 10: three"
        );
        pace.record(ms(1840));
        assert_eq!(pace.next(), ms(7500), "the smaller of five and five");
        pace.record(ms(2440));
        assert_eq!(
            pace.next(),
            ms(900),
            "600 after 1500: floored at one and a half"
        );
        assert!(!pace.explosive());
        pace.record(ms(4240));
        assert!(
            !pace.explosive(),
            "1800 after 600 is threefold, but the one before was not"
        );
        pace.record(ms(9640));
        assert!(
            pace.explosive(),
            "5400 after 1800 after 600: threefold twice"
        );
    }
}
