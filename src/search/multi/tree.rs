//! The multi-player search tree: the root player's max layers, the opponents' min layers
//! (paranoid: each opponent in turn; Best-Reply Search: the single strongest reply of any one
//! opponent), a transposition table and move ordering. Quiescence is in quiescence.rs.

use super::ordering::MoveOrder;
use super::pool::Pool;
use super::{result_score, Algorithm, Step};
use crate::core::Player;
use crate::game::Searchable;
use crate::search::clock::NodeClock;
use crate::search::context::Context;
use crate::search::evaluation::Evaluator;
use crate::search::limits::Limits;
use crate::search::params::{
    BRS_PLUS_PLIES, MAX_PLY, MULTI_LMR_DEEP_DEPTH, MULTI_LMR_DEEP_MOVES, MULTI_LMR_DEPTH,
    MULTI_LMR_FIRST_MOVES,
};
use crate::search::path::Path;
use crate::search::pv::PvTable;
use crate::search::score::{from_table, to_table, INFINITE};
use crate::search::time::TimeManager;
use crate::search::tt::{Bound, Entry, TranspositionTable};

/// A Best-Reply min layer's table move may be any opponent's: the number of opponents that
/// passed before it is kept in the entry's move word above the variant's move bits.
const PASSES_SHIFT: u32 = 28;
const MOVE_MASK: u32 = (1 << PASSES_SHIFT) - 1;

/// The table is keyed by position and root player: a node's value is the root player's, so
/// the same position searched for another root player must not share its entry.
fn root_key(root: Player) -> u64 {
    0x9e37_79b9_7f4a_7c15u64.wrapping_mul(u64::from(root.0) + 1)
}

/// Where a move stands in its node's order, for the reductions of `child_value`.
#[derive(Clone, Copy)]
struct Late {
    /// Moves searched before it in the node.
    index: usize,
    /// Not a capture or promotion, and the mover not in check.
    quiet: bool,
}

pub(super) struct MultiSearcher<'a, G: Searchable> {
    pub root: Player,
    pub algorithm: Algorithm,
    pub clock: NodeClock<'a>,
    pub tt: &'a TranspositionTable,
    /// The positions before the current node: the game so far, then the search's line.
    pub path: Path,
    /// The best line found from each node on the current line, passes included.
    pub pv: PvTable<Step<G::Move>>,
    pub order: MoveOrder<G::Move>,
    /// Move, step and capture lists for the nodes, reused instead of allocated.
    move_pool: Pool<G::Move>,
    pub(super) step_pool: Pool<Step<G::Move>>,
    pub(super) capture_pool: Pool<(G::Move, i32)>,
    pub evaluator: Evaluator<'a>,
}

impl<'a, G: Searchable> MultiSearcher<'a, G> {
    /// A search for `root`, the player to move, after the game whose positions hash to
    /// `game_history`, within `limits` (the hard time limit `time`'s).
    pub fn new(
        root: Player,
        game_history: &[u64],
        limits: &Limits,
        ctx: Context<'a>,
        time: &TimeManager,
    ) -> MultiSearcher<'a, G> {
        MultiSearcher {
            root,
            algorithm: ctx.algorithm,
            clock: NodeClock::new(
                ctx.stop,
                time.start(),
                time.hard_limit(),
                limits.nodes,
                true,
            ),
            tt: ctx.tt,
            path: Path::new(game_history),
            pv: PvTable::new(),
            order: MoveOrder::new(),
            move_pool: Pool::new(),
            step_pool: Pool::new(),
            capture_pool: Pool::new(),
            evaluator: Evaluator::new::<G>(ctx.network),
        }
    }

    /// Records `pos` as the node at `ply` of the line (below the root), for the network.
    #[inline]
    pub(super) fn record(&mut self, pos: &G, ply: usize) {
        if ply > 0 {
            self.evaluator.enter(pos, ply);
        }
    }

    /// The static evaluation of `pos`, the node at `ply`, for the root player.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &G, ply: usize) -> i32 {
        let nodes = self.clock.nodes;
        self.evaluator.evaluate(pos, ply, self.root, nodes)
    }

    /// `pos`'s legal moves, in a list from the pool; hand it back with `give_moves`.
    pub(super) fn take_moves(&mut self, pos: &G) -> Vec<G::Move> {
        let mut moves = self.move_pool.take();
        pos.legal_moves(&mut moves);
        moves
    }

    pub(super) fn give_moves(&mut self, moves: Vec<G::Move>) {
        self.move_pool.give(moves);
    }

    /// The line at `ply` becomes `steps` followed by the child's line.
    pub fn set_line(&mut self, ply: usize, steps: &[Step<G::Move>]) {
        self.pv.extend(ply, steps);
    }

    /// Counts a node at `ply` and empties its line; true when the search must stop.
    pub fn enter(&mut self, ply: usize) -> bool {
        let stop = self.clock.count(ply);
        self.pv.clear(ply);
        stop
    }

    pub fn terminal(&self, pos: &G, ply: usize) -> i32 {
        result_score(pos.rule_outcome(), self.root, ply)
    }

    pub fn legal_moves(pos: &G) -> Vec<G::Move> {
        let mut moves = Vec::with_capacity(64);
        pos.legal_moves(&mut moves);
        moves
    }

    fn key(&self, pos: &G) -> u64 {
        pos.hash() ^ root_key(self.root)
    }

    /// The table's entry for `pos`: the stored move (with the passes before it) and the entry.
    fn probe(&self, pos: &G) -> Option<Entry> {
        self.tt.probe(self.key(pos))
    }

    fn store(&self, pos: &G, ply: usize, depth: i32, best: i32, window: (i32, i32), mv: u32) {
        if self.clock.must_stop() {
            return;
        }
        let bound = Bound::of(best, window.0, window.1);
        let entry = Entry {
            mv,
            score: to_table(best, ply),
            depth,
            bound,
        };
        self.tt.store(self.key(pos), entry);
    }

    /// The move among `moves` whose bits are `bits` (the table's move).
    fn find(moves: &[G::Move], bits: u32) -> Option<G::Move> {
        moves.iter().copied().find(|&mv| G::move_bits(mv) == bits)
    }

    /// The value of `pos` for the root player, searched `depth` plies deep.
    pub fn search(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        self.record(pos, ply);
        if ply > 0 && self.path.repeats(pos) {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let maximising = pos.side_to_move() == self.root;
        // A check on the root player is searched a ply deeper: its answers are few, and the
        // position is too sharp to end on.
        let depth = if maximising && pos.in_check() {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let entry = self.probe(pos);
        if let Some(e) = entry.filter(|e| e.depth >= depth) {
            let score = from_table(e.score, ply);
            if e.bound.cuts(score, alpha, beta) {
                return score;
            }
        }
        let mut moves = self.take_moves(pos);
        if moves.is_empty() {
            self.give_moves(moves);
            return self.terminal(pos, ply);
        }
        let window = (alpha, beta);
        if !maximising && self.algorithm.best_reply() {
            let best = self.best_reply(pos, moves, entry.map(|e| e.mv), depth, ply, alpha, beta);
            return best;
        }
        let table_move = entry.and_then(|e| Self::find(&moves, e.mv & MOVE_MASK));
        self.order.sort(pos, &mut moves, table_move, ply);
        let mut best = if maximising { -INFINITE } else { INFINITE };
        let mut best_move = moves[0];
        let in_check = pos.in_check();
        self.path.push(pos.hash());
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play(mv);
            let late = Late {
                index,
                quiet: !in_check && pos.tactical_value(mv).is_none(),
            };
            let v = self.child_value(&child, maximising, late, depth, ply, alpha, beta);
            if (maximising && v > best) || (!maximising && v < best) {
                best = v;
                best_move = mv;
                self.set_line(ply, &[Step::Move(mv)]);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.order.reward(pos, mv, ply, depth);
                break;
            }
        }
        self.path.pop();
        self.give_moves(moves);
        self.store(pos, ply, depth, best, window, G::move_bits(best_move));
        best
    }

    /// The value of `child`, a move of a max (`maximising`) or min layer's node at `ply` with
    /// `depth` to go, within (alpha, beta). Principal variation search: the first move gets the
    /// whole window, the others a null window on the bound they must beat, and only one that
    /// beats it is searched again in full. Late quiet moves are searched a ply or two
    /// shallower first (late move reductions), and again at full depth if they beat the bound.
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        child: &G,
        maximising: bool,
        late: Late,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if late.index == 0 {
            return self.search(child, depth - 1, ply + 1, alpha, beta);
        }
        let reduction =
            if late.quiet && depth >= MULTI_LMR_DEPTH && late.index >= MULTI_LMR_FIRST_MOVES {
                1 + i32::from(late.index >= MULTI_LMR_DEEP_MOVES && depth >= MULTI_LMR_DEEP_DEPTH)
            } else {
                0
            };
        // The null window on the bound this node's mover must beat.
        let (lo, hi) = if maximising {
            (alpha, alpha + 1)
        } else {
            (beta - 1, beta)
        };
        let beats = |v: i32| if maximising { v > alpha } else { v < beta };
        let mut v = self.search(child, depth - 1 - reduction, ply + 1, lo, hi);
        if beats(v) && reduction > 0 {
            v = self.search(child, depth - 1, ply + 1, lo, hi);
        }
        if beats(v) && alpha + 1 < beta {
            v = self.search(child, depth - 1, ply + 1, alpha, beta);
        }
        v
    }

    /// An opponent that does not make the reply of a Best-Reply layer steps aside: it passes,
    /// or in BRS+'s first layer (`BRS_PLUS_PLIES`) plays its first move by the move ordering
    /// (the table's, a capture, a killer), so that a threat needing both opponents' moves
    /// right after the root player's move shows. None when it can do neither (no legal move:
    /// the game ends there). Quiescence always passes (`in_tree` false): a move generation
    /// per stand-in there would cost more than it tells.
    fn stand_aside(&self, pos: &G, ply: usize, in_tree: bool) -> Option<(G, Step<G::Move>)> {
        if in_tree && self.algorithm == Algorithm::BestReplyPlus && ply <= BRS_PLUS_PLIES {
            let moves = Self::legal_moves(pos);
            let table = self
                .probe(pos)
                .and_then(|e| Self::find(&moves, e.mv & MOVE_MASK));
            let mv = table.or_else(|| self.order.first(pos, &moves, ply))?;
            let mut next = pos.clone();
            next.play(mv);
            Some((next, Step::Move(mv)))
        } else {
            pos.pass().map(|next| (next, Step::Pass))
        }
    }

    /// After an opponent's reply in Best-Reply Search, the opponents after it step aside
    /// until the root player is to move (or one cannot: the game ends there); each step goes
    /// into `steps`.
    pub(super) fn pass_to_root(
        &self,
        pos: &mut G,
        steps: &mut Vec<Step<G::Move>>,
        ply: usize,
        in_tree: bool,
    ) {
        while pos.side_to_move() != self.root {
            match self.stand_aside(pos, ply, in_tree) {
                Some((next, step)) => {
                    *pos = next;
                    steps.push(step);
                }
                None => break,
            }
        }
    }

    /// The position after `aside` opponents in turn order stepped aside, if it is still an
    /// opponent's turn, and their steps.
    fn after_stepping_aside(
        &self,
        pos: &G,
        aside: u32,
        ply: usize,
        steps: &mut Vec<Step<G::Move>>,
    ) -> Option<G> {
        let mut mover = pos.clone();
        steps.clear();
        for _ in 0..aside {
            let (next, step) = self.stand_aside(&mover, ply, true)?;
            mover = next;
            steps.push(step);
        }
        (mover.side_to_move() != self.root).then_some(mover)
    }

    /// A min layer of Best-Reply Search: every opponent offers its replies, the opponents
    /// before it in turn order having passed; after the reply the remaining ones pass too, so
    /// the root player is to move again. The table's reply (which may be any opponent's) is
    /// tried first, and its opponent's replies before the others'.
    #[allow(clippy::too_many_arguments)]
    fn best_reply(
        &mut self,
        pos: &G,
        first_moves: Vec<G::Move>,
        table: Option<u32>,
        depth: i32,
        ply: usize,
        alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let window = (alpha, beta);
        let opponents = (G::PLAYERS - 1) as u32;
        let table_passes = table.map_or(0, |t| (t >> PASSES_SHIFT).min(opponents - 1));
        let mut best = INFINITE;
        let mut best_word = 0;
        let mut first_moves = Some(first_moves);
        let mut replies = 0;
        // The line to a reply: the steps aside of the opponents before the replier, its
        // move, then the steps aside of those after it.
        let mut steps = self.step_pool.take();
        let mut cut = false;
        self.path.push(pos.hash());
        for i in 0..opponents {
            let passes = (table_passes + i) % opponents;
            let Some(mover) = self.after_stepping_aside(pos, passes, ply, &mut steps) else {
                continue;
            };
            let mut moves = match (passes, first_moves.take()) {
                (0, Some(moves)) => moves,
                (_, unused) => {
                    if let Some(unused) = unused {
                        self.give_moves(unused);
                    }
                    self.take_moves(&mover)
                }
            };
            let table_move = table
                .filter(|t| t >> PASSES_SHIFT == passes)
                .and_then(|t| Self::find(&moves, t & MOVE_MASK));
            self.order.sort(&mover, &mut moves, table_move, ply);
            for &mv in &moves {
                let mut child = mover.clone();
                child.play(mv);
                steps.truncate(passes as usize);
                steps.push(Step::Move(mv));
                self.pass_to_root(&mut child, &mut steps, ply, true);
                let late = Late {
                    index: replies,
                    quiet: mover.tactical_value(mv).is_none() && !mover.in_check(),
                };
                replies += 1;
                let v = self.child_value(&child, false, late, depth, ply, alpha, beta);
                if v < best {
                    best = v;
                    best_word = G::move_bits(mv) | passes << PASSES_SHIFT;
                    self.set_line(ply, &steps);
                }
                beta = beta.min(v);
                if alpha >= beta {
                    self.order.reward(&mover, mv, ply, depth);
                    cut = true;
                    break;
                }
            }
            self.give_moves(moves);
            if cut {
                break;
            }
        }
        if let Some(unused) = first_moves {
            self.give_moves(unused);
        }
        self.step_pool.give(steps);
        self.path.pop();
        self.store(pos, ply, depth, best, window, best_word);
        best
    }
}
