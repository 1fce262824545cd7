//! Quiescence: past the nominal depth only captures and promotions are searched, until the
//! position is quiet, so that no line ends in the middle of an exchange; a side in check
//! searches every evasion for the first few plies.

use super::Searcher;
use crate::game::Searchable;
use crate::search::params::{DELTA_MARGIN, MAX_PLY, QUIESCENCE_CHECK_PLIES};
use crate::search::score::{DRAW, INFINITE};

impl<G: Searchable> Searcher<'_, G> {
    /// Captures and promotions only, until the position is quiet; every move when in check.
    pub(super) fn quiesce(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if !self.enter(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        if pos.decided() {
            return Self::terminal(pos, ply);
        }
        let in_check = self.quiet_plies < QUIESCENCE_CHECK_PLIES && pos.in_check();
        let mut best = -INFINITE;
        if !in_check {
            let stand_pat = self.static_eval(pos, ply);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return Self::terminal(pos, ply);
        }
        let mut keyed = std::mem::take(&mut self.tactical_lists[ply]);
        keyed.clear();
        keyed.extend(moves.iter().filter_map(|&mv| match pos.tactical_value(mv) {
            Some(v) => Some((mv, v)),
            None if in_check => Some((mv, -INFINITE)),
            None => None,
        }));
        self.move_lists[ply] = moves;
        keyed.sort_unstable_by_key(|&(_, v)| -v);
        let best = self.quiesce_moves(pos, ply, &keyed, in_check, best, alpha, beta);
        self.tactical_lists[ply] = keyed;
        best
    }

    /// Quiescence's move loop over `keyed`, best first, from `best` (the stand-pat score, or
    /// -INFINITE in check).
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        pos: &G,
        ply: usize,
        keyed: &[(G::Move, i32)],
        in_check: bool,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        for &(mv, _) in keyed {
            // Delta pruning: a capture that cannot bring the score near alpha is not worth
            // a look (never in check, where every evasion counts).
            // Captures that lose material (by their static exchange) are left out too.
            if !in_check
                && (pos
                    .material_gain(mv)
                    .is_some_and(|gain| best + gain + DELTA_MARGIN() <= alpha)
                    || Self::losing(pos, mv))
            {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.quiet_plies += 1;
            let score = self.child(pos, &child, None, ply, alpha, beta);
            self.quiet_plies -= 1;
            if self.stopped() {
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
