//! The tree: a node's checks before its moves (rule draws, repetitions, mate distance, the
//! table, reverse futility, the null move, singular extensions), its move loop over the
//! shared picker, and what it leaves in the table and the correction history.

use super::ordering::NodeKeys;
use super::{PlyState, Searcher, NO_EVAL, NO_EXCLUDED};
use crate::game::Searchable;
use crate::search::params::{
    MAX_PLY, NULL_BASE, NULL_BASE_CAUTIOUS, NULL_DEPTH_DIVISOR, NULL_DEPTH_DIVISOR_CAUTIOUS,
    NULL_EVAL_DIVISOR, NULL_EVAL_MAX, NULL_MOVE_DEPTH, RFP_DEPTH, RFP_MARGIN, SINGULAR_DEPTH,
    SINGULAR_MARGIN, SINGULAR_TABLE_SLACK,
};
use crate::search::picker::{MovePicker, Stage};
use crate::search::score::{from_table, mate_in, mated_in, to_table, DRAW, INFINITE, MATE_BOUND};
use crate::search::tt::{Bound, Entry};

/// Where a node of the tree stands: the depth left, its distance from the root, and whether its
/// side to move is in check.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub depth: i32,
    pub ply: usize,
    pub in_check: bool,
    /// The static evaluation (NO_EVAL in check) and whether it is better than at the side's
    /// previous node on this line: an improving position is pruned less.
    pub eval: i32,
    pub improving: bool,
    /// Plies added to the first move's depth (the table's move): 1 where it is singular, -1
    /// where another move likely holds beta too.
    pub first_extension: i32,
}

/// What the singular-extension search found of the table move.
enum Singular {
    /// Every other move stays well below it: search it a ply deeper.
    Extend,
    /// Another move holds beta too: the node is cut with this score.
    Cut(i32),
    /// Not singular, and the table expects a cut-off: the table move is searched a ply
    /// shallower, since another move will likely cut if it fails.
    Reduce,
    No,
}

/// The table's score for a node when its entry is deep enough and its bound settles the
/// window (alpha, beta).
#[inline]
fn table_cut(entry: Option<Entry>, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let e = entry?;
    let s = from_table(e.score, ply);
    (e.depth >= depth && e.bound.cuts(s, alpha, beta)).then_some(s)
}

impl<G: Searchable> Searcher<'_, G> {
    /// The score of `pos` for its side to move, searched to `depth` within (alpha, beta).
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if !self.enter(ply) {
            return DRAW;
        }
        if ply > 0 {
            if pos.draw_by_rule() || self.path.repeats(pos) {
                return DRAW;
            }
            // No line from here can beat a mate already found nearer the root.
            (alpha, beta) = (alpha.max(mated_in(ply)), beta.min(mate_in(ply + 1)));
            if alpha >= beta {
                return alpha;
            }
        }
        // A game the last move ended (doublemove's king capture) scores as the rules say, before
        // any pruning can stand on a static evaluation of a board with a king gone.
        if pos.decided() {
            return Self::terminal(pos, ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let in_check = pos.in_check();
        let extend = in_check && (ply as i32) < 2 * self.root_depth;
        let depth = if extend { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let entry = self.tt.probe(pos.hash());
        // A singular-extension search of this position without its table move: the table's
        // score is the whole position's, not this search's.
        let singular_search = self.excluded[ply] != NO_EXCLUDED;
        if ply > 0 && !pv_node && !singular_search {
            if let Some(s) = table_cut(entry, depth, ply, alpha, beta) {
                return s;
            }
        }
        self.expand(pos, depth, ply, in_check, entry, alpha, beta)
    }

    /// A node the table did not settle: its static evaluation, the prunings that stand on it,
    /// the singular extension of its table move, then its moves.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        in_check: bool,
        entry: Option<Entry>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let singular_search = self.excluded[ply] != NO_EXCLUDED;
        // Without shallow pruning only the null move reads the evaluation: a variant whose
        // evaluation is dear (gigachess) then pays for it only where the null move may run.
        let wanted = G::SHALLOW_PRUNING || (!pv_node && depth >= NULL_MOVE_DEPTH && ply > 0);
        let eval = if in_check || !wanted {
            NO_EVAL
        } else {
            self.static_eval(pos, ply)
        };
        let side = pos.side_to_move();
        let improving = !in_check
            && eval != NO_EVAL
            && ply >= 2
            && self.stack[ply - 2].side == side
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;
        self.stack[ply] = PlyState {
            eval,
            side,
            null: false,
            slot: crate::search::history::NO_SLOT,
        };
        if !pv_node && !in_check && ply > 0 && beta.abs() < MATE_BOUND && !singular_search {
            // Reverse futility: standing this far above beta, the node will hold.
            if G::SHALLOW_PRUNING
                && depth <= RFP_DEPTH()
                && eval < MATE_BOUND
                && eval - RFP_MARGIN() * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if depth >= NULL_MOVE_DEPTH
                && eval != NO_EVAL
                && eval >= beta
                && !self.stack[ply - 1].null
            {
                if let Some(score) = self.null_move_cut(pos, depth, ply, eval, beta) {
                    return score;
                }
            }
        }
        // Before the move list is taken: the singular search below reuses this ply's lists.
        // Where the evaluation cannot judge quiet moves (spins, cannon screens), the half-depth
        // search without the table move misses what the deeper one saw nearly every time, calls
        // the move singular and extends line after line: the spinchess bench grew from 13 to 91
        // million nodes. Only where the shallow prunings are sound.
        let mut first_extension = 0;
        if let Some(e) = entry.filter(|_| {
            G::SHALLOW_PRUNING && ply > 0 && !singular_search && depth >= SINGULAR_DEPTH()
        }) {
            match self.singular_verdict(pos, e, depth, ply, beta) {
                Singular::Extend => first_extension = ((ply as i32) < 2 * self.root_depth) as i32,
                Singular::Reduce => first_extension = -1,
                Singular::Cut(score) => return score,
                Singular::No => {}
            }
            if self.stopped() {
                return DRAW;
            }
        }
        let node = Node {
            depth,
            ply,
            in_check,
            eval,
            improving,
            first_extension,
        };
        self.search_node(pos, node, entry, alpha, beta)
    }

    /// The node's moves (less those left out at the root or by a singular search), searched
    /// best first; the result goes into the table and the correction history.
    #[inline]
    fn search_node(
        &mut self,
        pos: &G,
        node: Node,
        entry: Option<Entry>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let ply = node.ply;
        let excluded = self.excluded[ply];
        let singular_search = excluded != NO_EXCLUDED;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let restricted = (ply == 0 && !self.root_excluded.is_empty()) || singular_search;
        let legal = !moves.is_empty();
        if ply == 0 && !self.root_excluded.is_empty() {
            moves.retain(|&mv| !self.root_excluded.contains(&G::move_bits(mv)));
        } else if singular_search {
            moves.retain(|&mv| G::move_bits(mv) != excluded);
        }
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return if legal {
                -INFINITE
            } else {
                Self::terminal(pos, ply)
            };
        }
        let table_move =
            entry.and_then(|e| moves.iter().copied().find(|&m| G::move_bits(m) == e.mv));
        let mut keys = std::mem::take(&mut self.key_lists[ply]);
        let searched = {
            let picker = MovePicker::new(&mut moves, &mut keys, table_move);
            self.search_moves(pos, node, picker, alpha, beta)
        };
        self.move_lists[ply] = moves;
        self.key_lists[ply] = keys;
        let Some((best, best_move)) = searched else {
            return DRAW;
        };
        if restricted {
            // The score of a node with moves left out is not the position's: keep it out of
            // the table.
            return best;
        }
        self.remember(pos, node, best, best_move, alpha, beta);
        best
    }

    /// Stores a searched node's result in the table, and what its score says of the static
    /// evaluation's error in the correction history.
    #[inline]
    fn remember(
        &mut self,
        pos: &G,
        node: Node,
        best: i32,
        best_move: G::Move,
        alpha: i32,
        beta: i32,
    ) {
        let bound = Bound::of(best, alpha, beta);
        // The search's score says how far the evaluation erred here, where the bound tells
        // on which side: a fail-high shows only that the truth is above, a fail-low below.
        // Not after a capture or promotion, whose gain is no error of the static judgement.
        let eval = node.eval;
        if eval != NO_EVAL
            && best.abs() < MATE_BOUND
            && pos.tactical_value(best_move).is_none()
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            self.correct(pos, best - eval, node.depth);
        }
        let entry = Entry {
            mv: G::move_bits(best_move),
            score: to_table(best, node.ply),
            depth: node.depth,
            bound,
        };
        self.tt.store(pos.hash(), entry);
    }

    /// Whether the table move `entry.mv` is singular at `pos`: searched without it to about
    /// half the depth, does every other move stay below the table's lower bound less a
    /// margin? If another move reaches it and that lowered bound still beats beta, several
    /// moves hold beta and the node is cut.
    fn singular_verdict(
        &mut self,
        pos: &G,
        entry: Entry,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let table_score = from_table(entry.score, ply);
        if entry.bound == Bound::Upper
            || entry.depth < depth - SINGULAR_TABLE_SLACK
            || table_score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = table_score - SINGULAR_MARGIN() * depth;
        let saved = self.stack[ply];
        self.excluded[ply] = entry.mv;
        let score = self.negamax(pos, (depth - 1) / 2, ply, singular_beta - 1, singular_beta);
        self.excluded[ply] = NO_EXCLUDED;
        self.stack[ply] = saved;
        // Its line is no line of this node's.
        self.pv.clear(ply);
        if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if table_score >= beta {
            Singular::Reduce
        } else {
            Singular::No
        }
    }

    /// Searches the moves `picker` hands out: the first with the full window, the others by
    /// `later_move`, until one reaches beta. The best score and its move; None when the
    /// search was stopped.
    #[inline]
    fn search_moves(
        &mut self,
        pos: &G,
        node: Node,
        mut picker: MovePicker<'_, G::Move>,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, G::Move)> {
        let (depth, ply) = (node.depth, node.ply);
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_seen = 0;
        let mut tried = std::mem::take(&mut self.quiet_lists[ply]);
        tried.clear();
        let mut tried_captures = std::mem::take(&mut self.capture_lists[ply]);
        tried_captures.clear();
        let mut searched = 0;
        // Set once late-move pruning has cut a quiet move: every later quiet move that the
        // evaluation judges would be cut too (the count only grows), so they are skipped
        // before being made.
        let mut skip_quiets = false;
        let pv_node = beta - alpha > 1;
        for i in 0.. {
            let next = picker.next(&NodeKeys {
                searcher: self,
                pos,
                ply,
            });
            let Some(picked) = next else {
                break;
            };
            let mv = picked.mv;
            best_move.get_or_insert(mv);
            let tactical = pos.tactical_value(mv);
            let quiet = tactical.is_none();
            if quiet && skip_quiets && pos.judged_statically(mv) {
                continue;
            }
            let reduction = Self::reduction(node, picked, i, quiet, pv_node);
            if Self::skips_capture(pos, node, picked, i, best) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            // The child probes the table first thing (quiescence does not): start loading its
            // slot now, while the pruning below decides whether it is searched at all.
            if depth > 1 {
                self.tt.prefetch(child.hash());
            }
            let prunable = Self::quiet_prunable(pos, &child, mv, node, i, quiet, best);
            if prunable {
                quiets_seen += 1;
                if Self::past_late_move_limit(node, quiets_seen) {
                    skip_quiets = true;
                    continue;
                }
                if Self::skips_quiet(pos, &child, node, mv, reduction, alpha) {
                    continue;
                }
            }
            self.root_move_started(ply, mv, searched);
            self.stack[ply].slot = Self::continuation_slot(mv);
            let nodes_before = self.clock.nodes;
            let score = if searched == 0 {
                let extension = match picked.stage {
                    Stage::TableMove => node.first_extension,
                    _ => 0,
                };
                self.child(pos, &child, Some(depth - 1 + extension), ply, alpha, beta)
            } else {
                self.later_move(pos, &child, depth, reduction, ply, alpha, beta)
            };
            if ply == 0 {
                self.count_root_nodes(G::move_bits(mv), self.clock.nodes - nodes_before);
            }
            searched += 1;
            if self.stopped() {
                self.quiet_lists[ply] = tried;
                self.capture_lists[ply] = tried_captures;
                return None;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.root_best = score;
                    }
                    self.pv.extend(ply, &[mv]);
                    if score >= beta {
                        self.reward(mv, tactical, &tried, &tried_captures, ply, depth);
                        break;
                    }
                }
            }
            match tactical {
                None => tried.push(mv),
                Some(v) => tried_captures.push(self.capture_slot(mv, v, ply)),
            }
        }
        self.quiet_lists[ply] = tried;
        self.capture_lists[ply] = tried_captures;
        best_move.map(|mv| (best, mv))
    }

    /// Null-move pruning: if passing still holds beta, a real move will too (where the
    /// variant says passing is a sound assumption). The score to return when it cuts.
    #[inline]
    fn null_move_cut(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        eval: i32,
        beta: i32,
    ) -> Option<i32> {
        let null = pos.null_move()?;
        // Deeper nodes, and positions further above beta, are reduced more; where the
        // evaluation is a poor judge of threats (no shallow pruning), by the depth alone and
        // less.
        let r = if G::SHALLOW_PRUNING {
            NULL_BASE()
                + depth / NULL_DEPTH_DIVISOR()
                + ((eval - beta) / NULL_EVAL_DIVISOR()).min(NULL_EVAL_MAX())
        } else {
            NULL_BASE_CAUTIOUS + depth / NULL_DEPTH_DIVISOR_CAUTIOUS
        };
        self.stack[ply].null = true;
        self.stack[ply].slot = crate::search::history::NO_SLOT;
        let score = self.child(pos, &null, Some(depth - 1 - r), ply, beta - 1, beta);
        self.stack[ply].null = false;
        if self.stopped() {
            return Some(DRAW);
        }
        (score >= beta).then_some(if score > MATE_BOUND { beta } else { score })
    }

    /// A move after the first: searched `reduction` plies shallower with a null window, again
    /// at full depth if it surprises, and with the full window if it may be the best.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn later_move(
        &mut self,
        pos: &G,
        child: &G,
        depth: i32,
        reduction: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let reduced = Some(depth - 1 - reduction);
        let mut s = self.child(pos, child, reduced, ply, alpha, alpha + 1);
        if s > alpha && reduction > 0 {
            s = self.child(pos, child, Some(depth - 1), ply, alpha, alpha + 1);
        }
        if s > alpha && s < beta {
            s = self.child(pos, child, Some(depth - 1), ply, alpha, beta);
        }
        s
    }
}
