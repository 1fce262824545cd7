//! Search for games of more than two players (trichess), written once, generic over players.
//!
//! Two algorithms, chosen by the caller:
//! - **Paranoid**: the root player against a coalition of all the others, who are assumed to
//!   minimise the root player's score; plain alpha-beta with max and min layers.
//! - **Best-Reply Search** (Schadd & Winands, 2011): between two moves of the root player, only
//!   the single strongest reply of any one opponent is considered, the others pass. Deeper
//!   lines for the root player at the price of illegal-in-reality pass sequences.
//!
//! Scores are centipawns from the root player's point of view. A finished game scores by the
//! root player's share of the points: all of them is a mate score, an equal share is zero.
//!
//! The principal variation is kept with Best-Reply Search's passes in it, so that the position
//! at its end (where every player's score is read) is the one the search evaluated; protocols
//! show only its playable beginning, up to the first pass.

use super::limits::Limits;
use super::score::{INFINITE, MATE};
use crate::core::Player;
use crate::game::Game;
use crate::outcome::Outcome;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the search needs of a variant with more than two players.
pub trait MultiSearchable: Game {
    /// Static evaluation in centipawns for `player` (higher is better for that player).
    fn evaluate_for(&self, player: Player) -> i32;
    /// For a capture or promotion, its worth for ordering; None for a quiet move.
    fn tactical_value(&self, mv: Self::Move) -> Option<i32>;
    /// The position with the turn handed to the next player without a move (Best-Reply
    /// Search's passes); None where the position cannot pass (a finished game).
    fn pass(&self) -> Option<Self>;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Paranoid,
    BestReply,
}

impl Algorithm {
    /// Best-Reply Search: Schadd & Winands found it stronger than paranoid search in most of
    /// the multi-player games they tried, since it looks deeper for the root player; in
    /// trichess it leads too (docs/strength.md, bench/tri_algorithms.py).
    pub const DEFAULT: Algorithm = Algorithm::BestReply;
    /// Every algorithm, by the names protocols use for them.
    pub const ALL: [Algorithm; 2] = [Algorithm::BestReply, Algorithm::Paranoid];

    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Paranoid => "paranoid",
            Algorithm::BestReply => "brs",
        }
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name))
    }
}

/// A finished game from `player`'s view, `ply` plies from the root: its share s of the two
/// points maps to (3s - 2) / 4 of a mate score, so all points is a mate, an equal share zero,
/// none half a mate lost (being mated with the points going to others is still a loss).
pub fn result_score(outcome: Option<Outcome>, player: Player, ply: usize) -> i32 {
    let mate = MATE - ply as i32;
    match outcome {
        Some(Outcome::Points {
            points,
            denominator,
            ..
        }) => {
            let p = points.get(player.index()).map_or(0, |&p| p as i32);
            let d = denominator.max(1) as i32;
            (3 * p - 2 * d) * mate / (4 * d)
        }
        Some(Outcome::Win { winner, .. }) if winner == player => mate,
        Some(Outcome::Win { .. }) => -mate,
        _ => 0,
    }
}

/// One step of a principal variation: a move, or a pass of Best-Reply Search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    Move(M),
    Pass,
}

/// What the search reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct MultiInfo<G: Game> {
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// The root player's score.
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    /// The principal variation's moves up to its first pass: a line that can be played.
    pub pv: Vec<G::Move>,
    /// The position at the end of the whole principal variation, passes included: the one
    /// whose evaluation (or result) the score is, where every player's score can be read.
    pub leaf: G,
}

#[derive(Clone, Debug)]
pub struct MultiResult<M> {
    pub best: Option<M>,
    /// The root player's score.
    pub score: i32,
    /// Every player's static evaluation at the end of the principal variation, for the
    /// protocol's per-player scores.
    pub scores: Vec<i32>,
    pub depth: i32,
    pub nodes: u64,
    /// The playable beginning of the principal variation (see `MultiInfo::pv`).
    pub pv: Vec<M>,
}

struct MultiSearcher<'a, M> {
    root: Player,
    algorithm: Algorithm,
    stop: &'a AtomicBool,
    start: Instant,
    limits: &'a Limits,
    hard: Option<Duration>,
    nodes: u64,
    seldepth: usize,
    path: Vec<u64>,
    /// `lines[ply]`: the best line found from the node at `ply` (triangular PV table).
    lines: Vec<Vec<Step<M>>>,
}

impl<M: Copy> MultiSearcher<'_, M> {
    /// Empties the line of the node at `ply` before it is searched.
    fn clear_line(&mut self, ply: usize) {
        if self.lines.len() <= ply + 1 {
            self.lines.resize_with(ply + 2, Vec::new);
        }
        self.lines[ply].clear();
    }

    /// The line at `ply` becomes `steps` followed by the child's line.
    fn set_line(&mut self, ply: usize, steps: &[Step<M>]) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.extend_from_slice(steps);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    fn stopped(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            let late = self.hard.is_some_and(|h| self.start.elapsed() >= h);
            let spent = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if late || spent {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stop.load(Ordering::Relaxed)
    }

    fn terminal<G: MultiSearchable<Move = M>>(&self, pos: &G, ply: usize) -> i32 {
        result_score(pos.rule_outcome(), self.root, ply)
    }

    fn repeated<G: MultiSearchable<Move = M>>(&self, pos: &G) -> bool {
        let window = (pos.reversible_plies() as usize).min(self.path.len());
        let hash = pos.hash();
        self.path[self.path.len() - window..].contains(&hash)
    }

    fn ordered<G: MultiSearchable<Move = M>>(pos: &G) -> Vec<G::Move> {
        let mut moves = Vec::with_capacity(64);
        pos.legal_moves(&mut moves);
        moves.sort_by_key(|&mv| std::cmp::Reverse(pos.tactical_value(mv).unwrap_or(i32::MIN)));
        moves
    }

    /// The value of `pos` for the root player.
    fn search<G: MultiSearchable<Move = M>>(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.clear_line(ply);
        if self.stopped() {
            return 0;
        }
        if ply > 0 && self.repeated(pos) {
            return 0;
        }
        let moves = Self::ordered(pos);
        if moves.is_empty() {
            return self.terminal(pos, ply);
        }
        if depth <= 0 {
            return pos.evaluate_for(self.root);
        }
        let maximising = pos.side_to_move() == self.root;
        if !maximising && self.algorithm == Algorithm::BestReply {
            return self.best_reply(pos, moves, depth, ply, alpha, beta);
        }
        let mut best = if maximising { -INFINITE } else { INFINITE };
        self.path.push(pos.hash());
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let v = self.search(&child, depth - 1, ply + 1, alpha, beta);
            if (maximising && v > best) || (!maximising && v < best) {
                self.set_line(ply, &[Step::Move(mv)]);
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        best
    }

    /// A min layer of Best-Reply Search: every opponent in turn order offers its replies, the
    /// opponents before it in that order having passed, and after the reply the remaining ones
    /// pass too, so the root player is to move again.
    fn best_reply<G: MultiSearchable<Move = M>>(
        &mut self,
        pos: &G,
        first_moves: Vec<G::Move>,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let mut best = INFINITE;
        let mut mover = pos.clone();
        let mut moves = first_moves;
        // The line to the reply: the passes of the opponents before the replier, its move, then
        // the passes of those after it.
        let mut steps: Vec<Step<M>> = Vec::new();
        self.path.push(pos.hash());
        'opponents: loop {
            for &mv in &moves {
                let mut child = mover.clone();
                child.play(mv);
                let passes_before = steps.len();
                steps.push(Step::Move(mv));
                while child.side_to_move() != self.root {
                    match child.pass() {
                        Some(next) => {
                            child = next;
                            steps.push(Step::Pass);
                        }
                        None => break,
                    }
                }
                let v = self.search(&child, depth - 1, ply + 1, alpha, beta);
                if v < best {
                    self.set_line(ply, &steps);
                }
                steps.truncate(passes_before);
                best = best.min(v);
                beta = beta.min(v);
                if alpha >= beta {
                    break 'opponents;
                }
            }
            match mover.pass() {
                Some(next) if next.side_to_move() != self.root => {
                    mover = next;
                    moves = Self::ordered(&mover);
                    steps.push(Step::Pass);
                }
                _ => break,
            }
        }
        self.path.pop();
        best
    }
}

/// Searches `pos` for the player to move with `algorithm`, iteratively deeper, within `limits`.
/// `on_depth` hears about every completed iteration.
pub fn search_multi<G: MultiSearchable>(
    pos: &G,
    game_history: &[u64],
    limits: &Limits,
    algorithm: Algorithm,
    stop: &AtomicBool,
    mut on_depth: impl FnMut(&MultiInfo<G>),
) -> MultiResult<G::Move> {
    let start = Instant::now();
    let limits = &super::ceiling::capped(limits);
    let budget = limits.budget();
    let root = pos.side_to_move();
    let mut searcher = MultiSearcher {
        root,
        algorithm,
        stop,
        start,
        limits,
        hard: budget.hard,
        nodes: 0,
        seldepth: 0,
        path: game_history.to_vec(),
        lines: Vec::new(),
    };
    let moves = MultiSearcher::ordered(pos);
    let mut result = MultiResult {
        best: moves.first().copied(),
        score: 0,
        scores: Vec::new(),
        depth: 0,
        nodes: 0,
        pv: moves.first().copied().into_iter().collect(),
    };
    let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
    let mut last_iteration: Option<Duration> = None;
    for depth in 1..=max_depth {
        let iteration_start = Instant::now();
        let mut best: Option<(G::Move, i32)> = None;
        let mut line: Vec<Step<G::Move>> = Vec::new();
        let mut alpha = -INFINITE;
        searcher.path.push(pos.hash());
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let v = searcher.search(&child, depth - 1, 1, alpha, INFINITE);
            if searcher.stop.load(Ordering::Relaxed) {
                break;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
                alpha = alpha.max(v);
                line.clear();
                line.push(Step::Move(mv));
                line.extend_from_slice(&searcher.lines[1]);
            }
        }
        searcher.path.pop();
        if searcher.stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some((mv, v)) = best {
            let (pv, leaf) = walk(pos, &line);
            result = MultiResult {
                best: Some(mv),
                score: v,
                scores: (0..G::PLAYERS as u8)
                    .map(|p| leaf.evaluate_for(Player(p)))
                    .collect(),
                depth,
                nodes: searcher.nodes,
                pv: pv.clone(),
            };
            on_depth(&MultiInfo {
                depth,
                seldepth: searcher.seldepth,
                score: v,
                nodes: searcher.nodes,
                time: start.elapsed(),
                pv,
                leaf,
            });
        }
        // A decided game needs no deeper look unless the user asked for depth.
        let settled = result.score.abs() >= MATE / 4 && limits.depth.is_none();
        if budget.soft.is_some_and(|s| start.elapsed() >= s) || settled {
            break;
        }
        // Without a table or move ordering from the last iteration, each one costs many times
        // the one before (trichess: some 10 to 30), and one cut off by the hard limit is thrown
        // away; so an iteration that would not finish in time is not started.
        let took = iteration_start.elapsed();
        let growth = last_iteration
            .filter(|last| !last.is_zero())
            .map_or(8.0, |last| took.as_secs_f64() / last.as_secs_f64())
            .clamp(4.0, 40.0);
        last_iteration = Some(took);
        if budget
            .hard
            .is_some_and(|h| start.elapsed() + took.mul_f64(growth) > h)
        {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result
}

/// Plays a principal variation from `pos`: its moves up to the first pass, and the position
/// at its very end.
fn walk<G: MultiSearchable>(pos: &G, line: &[Step<G::Move>]) -> (Vec<G::Move>, G) {
    let mut leaf = pos.clone();
    let mut playable = Vec::new();
    let mut passed = false;
    for step in line {
        match *step {
            Step::Move(mv) => {
                leaf.play(mv);
                if !passed {
                    playable.push(mv);
                }
            }
            Step::Pass => match leaf.pass() {
                Some(next) => {
                    leaf = next;
                    passed = true;
                }
                None => break,
            },
        }
    }
    (playable, leaf)
}
