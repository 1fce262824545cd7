//! Quiescence for the multi-player search: past the nominal depth only captures and
//! promotions are searched, until the position is quiet, so that no line ends in the middle
//! of an exchange (the horizon effect). Each player to move may "stand pat" on the static
//! evaluation instead of capturing, except the root player in check, who must answer it.
//!
//! In Best-Reply Search an opponents' layer is as in the full tree: standing pat means every
//! opponent passes, and otherwise the single strongest capture of any one of them is played
//! while the others pass.

use super::tree::MultiSearcher;
use super::Step;
use crate::game::Searchable;
use crate::search::params::{MAX_PLY, MULTI_QUIESCENCE_PLIES};
use crate::search::score::INFINITE;

impl<G: Searchable> MultiSearcher<'_, G> {
    pub(super) fn quiesce(&mut self, pos: &G, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.quiesce_from(pos, ply, ply, alpha, beta)
    }

    /// `horizon`: the ply at which quiescence began.
    fn quiesce_from(
        &mut self,
        pos: &G,
        horizon: usize,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        self.record(pos, ply);
        let mut moves = self.take_moves(pos);
        if moves.is_empty() {
            self.give_moves(moves);
            return self.terminal(pos, ply);
        }
        if ply - horizon >= MULTI_QUIESCENCE_PLIES || ply >= MAX_PLY {
            self.give_moves(moves);
            return self.evaluate(pos, ply);
        }
        let maximising = pos.side_to_move() == self.root;
        if maximising && pos.in_check() {
            // Every answer to the check, since standing pat would be a lie.
            let best = self.answer_check(pos, &moves, horizon, ply, alpha, beta);
            self.give_moves(moves);
            return best;
        }
        let stand = self.evaluate(pos, ply);
        if maximising {
            if stand >= beta {
                self.give_moves(moves);
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                self.give_moves(moves);
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut best = stand;
        // The movers whose captures are tried: the one to move; where an opponent moves
        // under Best-Reply Search, then each later opponent, the ones before it passing.
        let mut mover = pos.clone();
        let mut passes = 0;
        let mut captures = self.capture_pool.take();
        let mut steps = self.step_pool.take();
        'movers: loop {
            captures.clear();
            captures.extend(
                moves
                    .iter()
                    .filter(|&&mv| !mover.losing_capture(mv))
                    .filter_map(|&mv| mover.tactical_value(mv).map(|v| (mv, v))),
            );
            captures.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
            for &(mv, _) in &captures {
                let mut child = mover.clone();
                child.play(mv);
                steps.clear();
                steps.resize(passes, Step::Pass);
                steps.push(Step::Move(mv));
                if !maximising && self.algorithm.best_reply() {
                    self.pass_to_root(&mut child, &mut steps, ply, false);
                }
                let v = self.quiesce_from(&child, horizon, ply + 1, alpha, beta);
                if maximising {
                    if v > best {
                        best = v;
                        self.set_line(ply, &steps);
                    }
                    alpha = alpha.max(v);
                } else {
                    if v < best {
                        best = v;
                        self.set_line(ply, &steps);
                    }
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break 'movers;
                }
            }
            if maximising || !self.algorithm.best_reply() {
                break;
            }
            let Some(next) = mover.pass().filter(|n| n.side_to_move() != self.root) else {
                break;
            };
            passes += 1;
            self.give_moves(moves);
            moves = self.take_moves(&next);
            mover = next;
        }
        self.give_moves(moves);
        self.capture_pool.give(captures);
        self.step_pool.give(steps);
        best
    }

    /// The root player in check at the horizon: every legal move, each followed by quiescence.
    fn answer_check(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        horizon: usize,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INFINITE;
        for &mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let v = self.quiesce_from(&child, horizon, ply + 1, alpha, beta);
            if v > best {
                best = v;
                self.set_line(ply, &[Step::Move(mv)]);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
