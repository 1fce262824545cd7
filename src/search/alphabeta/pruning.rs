//! Which moves of a node are searched, and how deep: late move reductions, SEE pruning of
//! losing captures, and the shallow prunings of quiet moves (late move pruning, futility and
//! SEE), each where the variant says its evaluation can judge them (`SHALLOW_PRUNING`).

use super::tree::Node;
use super::Searcher;
use crate::game::Searchable;
use crate::search::lmr::base_reduction;
use crate::search::params::{
    FUTILITY_BASE, FUTILITY_DEPTH, FUTILITY_MARGIN, LMP_DEPTH, LMP_MIN_DEPTH, LMR_DEPTH,
    LMR_FIRST_MOVES, LMR_HISTORY_DIVISOR, SEE_CAPTURE_MARGIN, SEE_PRUNE_DEPTH, SEE_QUIET_MARGIN,
};
use crate::search::picker::{Picked, Stage};
use crate::search::score::MATE_BOUND;

impl<G: Searchable> Searcher<'_, G> {
    /// How many plies shallower the `index`-th move is searched first: late quiet moves by
    /// the table, a ply less in PV nodes, for the refutations (killers and the counter move)
    /// and for moves with a good history, more where the position is not improving or the
    /// history is bad.
    #[inline]
    pub(super) fn reduction(
        node: Node,
        picked: Picked<G::Move>,
        index: usize,
        quiet: bool,
        pv_node: bool,
    ) -> i32 {
        let depth = node.depth;
        if depth < LMR_DEPTH() || index < LMR_FIRST_MOVES || !quiet || node.in_check {
            return 0;
        }
        let refutation = picked.stage == Stage::Refutation;
        let history = if refutation {
            0
        } else {
            picked.key / LMR_HISTORY_DIVISOR()
        };
        let r = base_reduction(depth, index) - pv_node as i32 - refutation as i32
            + (G::SHALLOW_PRUNING && !node.improving) as i32
            - history;
        r.clamp(0, depth - 2)
    }

    /// SEE pruning of a losing capture: at shallow depth one that gives away more than a
    /// pawn a ply is not worth searching, once a move has been searched (`best`) and no mate
    /// is at stake. Only where the variant judges exchanges (see_ge is Some).
    #[inline]
    pub(super) fn skips_capture(
        pos: &G,
        node: Node,
        picked: Picked<G::Move>,
        index: usize,
        best: i32,
    ) -> bool {
        G::SHALLOW_PRUNING
            && picked.stage == Stage::BadTactical
            && node.ply > 0
            && !node.in_check
            && index > 0
            && best > -MATE_BOUND
            && node.depth <= SEE_PRUNE_DEPTH
            && pos.see_ge(picked.mv, -SEE_CAPTURE_MARGIN() * node.depth) == Some(false)
    }

    /// Whether a quiet move `mv` leading to `child` may be pruned at all: once a move has
    /// been searched and no mate is at stake, where the evaluation judges the move
    /// (`judged_statically`: not a spin). Not a move after which the same side moves again
    /// (doublemove's first sub-move): it is worth what the next one makes of it, a king
    /// capture included.
    #[inline]
    pub(super) fn quiet_prunable(
        pos: &G,
        child: &G,
        mv: G::Move,
        node: Node,
        index: usize,
        quiet: bool,
        best: i32,
    ) -> bool {
        G::SHALLOW_PRUNING
            && quiet
            && pos.judged_statically(mv)
            && node.ply > 0
            && !node.in_check
            && index > 0
            && best > -MATE_BOUND
            && child.side_to_move() != pos.side_to_move()
    }

    /// Late move pruning: whether `quiets_seen` prunable quiet moves are more than a
    /// shallow node is worth searching (fewer where the position is not improving).
    #[inline]
    pub(super) fn past_late_move_limit(node: Node, quiets_seen: i32) -> bool {
        let depth = node.depth;
        let limit = (3 + depth * depth) / (2 - node.improving as i32);
        (LMP_MIN_DEPTH..=LMP_DEPTH()).contains(&depth) && quiets_seen > limit
    }

    /// Futility and SEE pruning of a prunable quiet move `mv` (to `child`), which would be
    /// searched `reduction` plies shallower first, at a node searched with `alpha`.
    #[inline]
    pub(super) fn skips_quiet(
        pos: &G,
        child: &G,
        node: Node,
        mv: G::Move,
        reduction: i32,
        alpha: i32,
    ) -> bool {
        let depth = node.depth;
        let lmr_depth = (depth - 1 - reduction).max(0);
        // A quiet move that leaves its man where the exchange loses it: the margin it may
        // lose grows with the depth it would be searched to. A check may be a sacrifice that
        // mates, so it is held to the wider margin of captures.
        let gives_check = child.in_check();
        let see_margin = if gives_check {
            SEE_CAPTURE_MARGIN() * depth
        } else {
            SEE_QUIET_MARGIN() * lmr_depth * lmr_depth
        };
        // Futility first: it is a comparison, the exchange a computation, and either cuts
        // the move.
        if !gives_check
            && lmr_depth <= FUTILITY_DEPTH()
            && node.eval + FUTILITY_BASE() + FUTILITY_MARGIN() * lmr_depth <= alpha
        {
            return true;
        }
        depth <= SEE_PRUNE_DEPTH && pos.see_ge(mv, -see_margin) == Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::spinchess::Spinchess;

    fn moves<G: Game>(pos: &G) -> Vec<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
    }

    fn node(depth: i32) -> Node {
        Node {
            depth,
            ply: 3,
            in_check: false,
            eval: 0,
            improving: false,
            first_extension: 0,
        }
    }

    #[test]
    fn spins_are_never_pruned_by_the_evaluation_and_plain_moves_are() {
        let pos =
            Spinchess::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 5")
                .unwrap();
        let (mut spins, mut plain) = (0, 0);
        for turn in moves(&pos) {
            if pos.tactical_value(turn).is_some() {
                continue;
            }
            let mut child = pos;
            child.play(turn);
            let prunable =
                Searcher::<Spinchess>::quiet_prunable(&pos, &child, turn, node(2), 5, true, 0);
            match turn.spin_part() {
                Some(_) => {
                    assert!(!prunable, "{turn:?}");
                    spins += 1;
                }
                None => {
                    assert!(prunable, "{turn:?}");
                    plain += 1;
                }
            }
        }
        assert!(
            spins > 10 && plain > 10,
            "{spins} spins, {plain} plain moves"
        );
    }
}
