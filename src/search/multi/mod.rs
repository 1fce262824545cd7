//! Search for games of more than two players (trichess), written once, generic over players.
//!
//! Three algorithms, chosen by the caller:
//! - **Paranoid**: the root player against a coalition of all the others, who are assumed to
//!   minimise the root player's score; plain alpha-beta with max and min layers.
//! - **Best-Reply Search** (Schadd & Winands, 2011): between two moves of the root player, only
//!   the single strongest reply of any one opponent is considered, the others pass. Deeper
//!   lines for the root player at the price of illegal-in-reality pass sequences.
//! - **BRS+** (Esser, Gras, Winands, Schadd & Lanctot, 2013): the same, but in the layer of
//!   replies to the root player's move the opponents that do not reply play their first move
//!   by move ordering instead of passing (the default). Deeper they pass, as in BRS: moves
//!   there let both opponents take turns against the root player in every round, and the
//!   score fell with depth in level positions (tree.rs, `BRS_PLUS_PLIES`).
//!
//! Scores are centipawns from the root player's point of view. A finished game scores by the
//! root player's share of the points: all of them is a mate score, an equal share is zero.
//!
//! The principal variation is kept with Best-Reply Search's passes in it, so that the position
//! at its end (where every player's score is read) is the one the search evaluated; protocols
//! show only its playable beginning, up to the first pass.

mod ordering;
mod pool;
mod quiescence;
mod tree;

pub use super::context::Algorithm;

use super::context::Context;
use super::limits::Limits;
use super::params::{FORECAST_MORE_PLAYERS, MULTI_MAX_DEPTH};
use super::score::{INFINITE, MATE, MATE_BOUND};
use super::time::TimeManager;
use super::{tells_root_moves, Line, RootMove};
use crate::core::Player;
use crate::game::Searchable;
use crate::nnue::{self, QuantisedNetwork};
use crate::outcome::Outcome;
use std::time::{Duration, Instant};
use tree::MultiSearcher;

/// Centipawns of evaluation that multiply a player's odds of the points by e, in the model
/// that prices a shared result (see `result_score`).
pub const SHARE_ODDS_CP: f64 = 400.0;

/// A finished game from `player`'s view, `ply` plies from the root.
///
/// All the points is a mate score, none a loss (half a mate lost: being mated, or seeing the
/// others share the points, is still a loss). A part s of the total T among n players is
/// priced as the evaluation at which a logistic model expects that part: odds of
/// s (n - 1) / (T - s) at `SHARE_ODDS_CP` per factor e. So an equal share is zero, and half
/// the points in a three-player game (a mate shared one to one) is worth some three pawns:
/// the search takes such a share when level, and plays on for all of the points when it is
/// clearly ahead, which a mate score for any share would not let it.
pub fn result_score(outcome: Option<Outcome>, player: Player, ply: usize) -> i32 {
    let mate = MATE - ply as i32;
    match outcome {
        Some(Outcome::Points {
            points,
            denominator,
            ..
        }) => {
            let d = f64::from(denominator.max(1));
            let share = points
                .get(player.index())
                .map_or(0.0, |&p| f64::from(p) / d);
            let total = points.iter().map(|&p| f64::from(p)).sum::<f64>() / d;
            let others = points.len().saturating_sub(1) as f64;
            if share >= total {
                mate
            } else if share <= 0.0 {
                -mate / 2
            } else {
                let value = SHARE_ODDS_CP * (share * others / (total - share)).ln();
                value.clamp(-f64::from(MATE_BOUND), f64::from(MATE_BOUND)) as i32
            }
        }
        Some(Outcome::Win { winner, .. }) if winner == player => mate,
        Some(Outcome::Win { .. }) => -mate,
        _ => 0,
    }
}

/// The root player's moves to the win of all the points that `score` promises (None when it
/// promises no such win), in a tree of `plies_per_round` plies from one of the root player's
/// moves to its next (`Algorithm::plies_per_round`). This is what "mate in N" means with more
/// than two players: N moves of the side to move, its winning move the last of them, however
/// many moves the opponents make between them. A win scores `MATE` less its distance in
/// plies (`result_score`), and the root player moves at plies 0, k, 2k, ...: a game ended at
/// ply p > 0 saw the moves among plies 0 to p - 1, (p - 1) / k + 1 of them.
pub fn root_moves_to_win(score: i32, plies_per_round: usize) -> Option<u32> {
    if score <= MATE_BOUND {
        return None;
    }
    let plies = (MATE - score).max(1) as u32;
    let per_round = plies_per_round.max(1) as u32;
    Some((plies - 1) / per_round + 1)
}

/// One step of a principal variation: a move, or a pass of Best-Reply Search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    Move(M),
    Pass,
}

/// What the search reports after each completed iteration, once per line under MultiPV.
#[derive(Clone, Debug)]
pub struct MultiInfo<G: Searchable> {
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
    /// Which of the best lines this is, from 1.
    pub multipv: usize,
}

/// What the search tells while it runs: each line of a completed iteration, and (once it has
/// run for `Context::root_moves_after`) each root move as it starts on it.
#[derive(Clone, Debug)]
pub enum MultiEvent<G: Searchable> {
    Line(MultiInfo<G>),
    RootMove(RootMove<G::Move>),
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
    /// The best lines of the last completed depth, best first, each scored exactly and cut
    /// at its first pass: as many as MultiPV asked for (one without it).
    pub lines: Vec<Line<M>>,
    /// Every player's static evaluation at the end of each of `lines`.
    pub line_scores: Vec<Vec<i32>>,
}

/// Searches `pos` for the player to move with `ctx.algorithm`, iteratively deeper, within
/// `limits`, with `ctx.tt` as its transposition table (it may be kept from move to move) and
/// one thread, over the root moves in `search_moves` only when it is not empty. Under
/// MultiPV the best `limits.multi_pv` root moves are scored exactly. `on_event` hears about
/// every completed iteration, once per line, and about each root move the search starts on
/// once it has run for `ctx.root_moves_after`. `go mate N` (`limits.mate`) ends the search
/// once it has proven a win of all the points within N of the root player's moves
/// (`root_moves_to_win`).
pub fn search_multi<G: Searchable>(
    pos: &G,
    game_history: &[u64],
    limits: &Limits,
    search_moves: &[G::Move],
    ctx: Context<'_>,
    on_event: &mut dyn FnMut(&MultiEvent<G>),
) -> MultiResult<G::Move> {
    let start = Instant::now();
    let limits = &super::fuzz_caps::capped(limits);
    let mut time = TimeManager::new(limits, start, FORECAST_MORE_PLAYERS);
    let mut searcher = MultiSearcher::new(pos.side_to_move(), game_history, limits, ctx, &time);
    // The root's moves, best first: captures first at the start, then by the last iteration.
    let mut moves = MultiSearcher::legal_moves(pos);
    moves.retain(|mv| search_moves.is_empty() || search_moves.contains(mv));
    searcher.order.sort(pos, &mut moves, None, 0);
    let wanted = limits.multi_pv.clamp(1, moves.len().max(1));
    let mut result = MultiResult {
        best: moves.first().copied(),
        score: 0,
        scores: Vec::new(),
        depth: 0,
        nodes: 0,
        pv: moves.first().copied().into_iter().collect(),
        lines: moves
            .first()
            .map(|&mv| Line {
                score: 0,
                pv: vec![mv],
            })
            .into_iter()
            .collect(),
        line_scores: Vec::new(),
    };
    let max_depth = limits
        .depth
        .unwrap_or(MULTI_MAX_DEPTH)
        .clamp(1, MULTI_MAX_DEPTH);
    for depth in 1..=max_depth {
        // The first iteration completes through an early stop (up to the clock's grace), so
        // that even a search stopped at once, or a level's budget of a few nodes, answers
        // with searched moves.
        searcher.clock.first_iteration_grace = depth == 1;
        let tell = RootTeller {
            tell: &mut *on_event,
            after: ctx.root_moves_after,
        };
        let RootPass { top, mut scored } = searcher.root_pass(pos, &moves, depth, wanted, tell);
        let complete = !searcher.clock.must_stop();
        searcher.clock.first_iteration_grace = false;
        let previous = result.best;
        // An unfinished iteration still counts when its first move, the last iteration's
        // best, was searched in full: any move that then scored higher is the better move.
        // Under MultiPV a cut iteration says nothing: its further lines would be partial.
        if !top.is_empty() && (complete || wanted == 1) {
            let (found, leaves) =
                iteration_result(pos, &top, depth, searcher.clock.nodes, ctx.network);
            if complete {
                for (index, (line, leaf)) in found.lines.iter().zip(leaves).enumerate() {
                    on_event(&MultiEvent::Line(MultiInfo {
                        depth,
                        seldepth: searcher.clock.seldepth,
                        score: line.score,
                        nodes: searcher.clock.nodes,
                        time: start.elapsed(),
                        pv: line.pv.clone(),
                        leaf,
                        multipv: index + 1,
                    }));
                }
            }
            result = found;
        }
        if !complete {
            break;
        }
        time.iteration_done(result.best == previous);
        // The next iteration starts with this one's best moves.
        scored.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        moves = scored.into_iter().map(|(mv, _)| mv).collect();
        // A game won outright needs no deeper look unless the user asked for depth; a shared
        // win does, since a deeper search may find the points for the root player alone.
        let settled = result.score > MATE_BOUND && limits.depth.is_none() && wanted == 1;
        let per_round = ctx.algorithm.plies_per_round(G::PLAYERS);
        let mate_found = limits.mate.is_some_and(|n| {
            root_moves_to_win(result.score, per_round).is_some_and(|moves| moves <= n)
        });
        let soft_nodes = limits.soft_nodes.is_some_and(|n| searcher.clock.nodes >= n);
        if time.past_soft(None)
            || settled
            || mate_found
            || soft_nodes
            // An iteration cut short gives nothing here: the whole of it must fit.
            || !time.next_iteration_fits(1.0)
        {
            break;
        }
    }
    result.nodes = searcher.clock.nodes;
    result
}

/// The result of an iteration whose best lines are `top` (best first, passes included), and
/// the position at each line's end, where every player's evaluation is read.
fn iteration_result<G: Searchable>(
    pos: &G,
    top: &[RootLine<G::Move>],
    depth: i32,
    nodes: u64,
    network: Option<&QuantisedNetwork>,
) -> (MultiResult<G::Move>, Vec<G>) {
    let (lines, leaves): (Vec<Line<G::Move>>, Vec<G>) = top
        .iter()
        .map(|root| {
            let (pv, leaf) = walk(pos, &root.line);
            let score = root.score;
            (Line { score, pv }, leaf)
        })
        .unzip();
    let network = network.filter(|net| nnue::Accumulators::fits::<G>(net));
    let line_scores: Vec<Vec<i32>> = leaves.iter().map(|leaf| scores_at(leaf, network)).collect();
    let result = MultiResult {
        best: Some(top[0].mv),
        score: top[0].score,
        scores: line_scores[0].clone(),
        depth,
        nodes,
        pv: lines[0].pv.clone(),
        lines,
        line_scores,
    };
    (result, leaves)
}

/// Every player's static evaluation of `leaf`, in seat order.
fn scores_at<G: Searchable>(leaf: &G, network: Option<&QuantisedNetwork>) -> Vec<i32> {
    (0..G::PLAYERS)
        .map(|p| match network {
            Some(net) => {
                nnue::evaluate_from_scratch(net, leaf, p) + nnue::hand_written_part(net, leaf, p)
            }
            None => leaf.evaluate_for(Player(p as u8)),
        })
        .collect()
}

/// A root move searched in full, with its score and its line (passes included).
struct RootLine<M> {
    mv: M,
    score: i32,
    line: Vec<Step<M>>,
}

/// Tells the listener of each root move a search starts on, once it has run for `after`.
struct RootTeller<'a, G: Searchable> {
    tell: &'a mut dyn FnMut(&MultiEvent<G>),
    after: Duration,
}

/// What one iteration over the root's moves found.
struct RootPass<M> {
    /// The best moves searched in full, best first: as many as the lines asked for, or fewer
    /// when the iteration was cut short.
    top: Vec<RootLine<M>>,
    /// Every move searched in full, with its score (exact for those in `top`, a bound for
    /// the others).
    scored: Vec<(M, i32)>,
}

impl<G: Searchable> MultiSearcher<'_, G> {
    /// Searches each of the root's `moves` to `depth`, with principal variation search: once
    /// `wanted` moves are scored, a move need only be shown not to beat the last of them (a
    /// null window), and is searched in full when it does. `teller` hears of each move as it
    /// is started on, once the search has run long enough.
    fn root_pass(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: i32,
        wanted: usize,
        teller: RootTeller<'_, G>,
    ) -> RootPass<G::Move> {
        let mut pass = RootPass {
            top: Vec::with_capacity(wanted + 1),
            scored: Vec::with_capacity(moves.len()),
        };
        self.evaluator.set_root(pos);
        self.path.push(pos.hash());
        for (index, &mv) in moves.iter().enumerate() {
            if tells_root_moves(self.clock.elapsed(), teller.after) {
                let number = index + 1;
                (teller.tell)(&MultiEvent::RootMove(RootMove { mv, number, depth }));
            }
            let mut child = pos.clone();
            child.play(mv);
            // What a move must score to be one of the lines kept.
            let alpha = match pass.top.get(wanted - 1) {
                Some(last) => last.score,
                None => -INFINITE,
            };
            let mut v = -INFINITE;
            if alpha > -INFINITE {
                v = self.search(&child, depth - 1, 1, alpha, alpha + 1);
            }
            if alpha == -INFINITE || v > alpha {
                v = self.search(&child, depth - 1, 1, alpha, INFINITE);
            }
            if self.clock.must_stop() {
                break;
            }
            pass.scored.push((mv, v));
            if v > alpha {
                // After the lines that score as much: the earlier move keeps a tie.
                let at = pass.top.partition_point(|kept| kept.score >= v);
                let mut line = vec![Step::Move(mv)];
                line.extend_from_slice(self.pv.line(1));
                pass.top.insert(at, RootLine { mv, score: v, line });
                pass.top.truncate(wanted);
            }
        }
        self.path.pop();
        pass
    }
}

/// Plays a principal variation from `pos`: its moves up to the first pass, and the position
/// at its very end.
fn walk<G: Searchable>(pos: &G, line: &[Step<G::Move>]) -> (Vec<G::Move>, G) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::EndReason;

    fn split(points: [u16; 3], denominator: u16) -> Option<Outcome> {
        Some(Outcome::Points {
            points,
            denominator,
            reason: EndReason::Checkmate,
        })
    }

    #[test]
    fn a_win_counts_the_root_players_moves_to_it() {
        use crate::search::score::mate_in;
        // Three players, paranoid: the root player moves at plies 0, 3, 6; its second move
        // wins at ply 4 and its third at ply 7.
        let paranoid = Algorithm::Paranoid.plies_per_round(3);
        assert_eq!(root_moves_to_win(mate_in(1), paranoid), Some(1));
        assert_eq!(root_moves_to_win(mate_in(4), paranoid), Some(2));
        assert_eq!(root_moves_to_win(mate_in(7), paranoid), Some(3));
        // Best-Reply Search: one layer of replies between two of the root player's moves.
        let brs = Algorithm::BestReplyPlus.plies_per_round(3);
        assert_eq!(root_moves_to_win(mate_in(1), brs), Some(1));
        assert_eq!(root_moves_to_win(mate_in(3), brs), Some(2));
        assert_eq!(root_moves_to_win(mate_in(5), brs), Some(3));
        // A share of the points, a level score and a loss are no win.
        let half = result_score(split([1, 0, 1], 1), Player(0), 1);
        assert_eq!(root_moves_to_win(half, brs), None);
        assert_eq!(root_moves_to_win(0, brs), None);
        assert_eq!(root_moves_to_win(-mate_in(1), brs), None);
    }

    #[test]
    fn shares_are_priced_between_a_loss_and_a_mate() {
        let me = Player(0);
        // All the points: a mate; none: a loss; an equal share: level.
        assert_eq!(result_score(split([2, 0, 0], 1), me, 3), MATE - 3);
        assert_eq!(result_score(split([0, 1, 1], 1), me, 3), -(MATE - 3) / 2);
        assert_eq!(result_score(split([2, 2, 2], 3), me, 3), 0);
        // Half the points (a mate shared one to one): some three pawns, below a clear lead.
        let half = result_score(split([1, 0, 1], 1), me, 3);
        assert!((250..350).contains(&half), "{half}");
        // Two of three attackers (4/3 of the 2 points) is worth more; one of three less than
        // an equal share.
        let two_thirds = result_score(split([4, 0, 2], 3), me, 3);
        let one_third = result_score(split([2, 0, 4], 3), me, 3);
        assert!(two_thirds > half && two_thirds < MATE_BOUND, "{two_thirds}");
        assert_eq!(one_third, 0);
    }
}
