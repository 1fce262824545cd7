//! The static evaluation of double-move chess: the plain 8x8 evaluation, plus what the side to
//! move and its opponent can do with the sub-moves of their coming turns.
//!
//! The evaluation is asked mostly at quiescence's stand-pat, where only captures are searched.
//! Two things a double move makes decisive are invisible there:
//!
//! - a king the enemy can capture within two sub-moves (a quiet move, then the capture);
//! - men the enemy can capture with a whole turn before their side replies (two captures, or a
//!   capture and a retreat of the capturer, so that defenders never recapture).
//!
//! What counts depends on whose turn comes next (the sub-move index):
//!
//! - At sub-move 1 the side to move has a whole turn now. If it can reach the enemy king in two
//!   sub-moves it wins, though quiescence would not see the quiet first step: valued as nearly a
//!   win. Its captures quiescence searches itself, so they are not counted again.
//! - At sub-move 2 (or a one-sub-move turn) the side to move has one sub-move left, then hands
//!   the opponent a whole turn. Its king is lost if the opponent can reach it in two sub-moves
//!   and no single sub-move of ours parries every route (tried one by one); a parry that exists
//!   still costs the sub-move. The material the opponent's turn would win is charged, less the
//!   most valuable man our one sub-move can rescue (when it is not needed for the king).

use super::hanging::turn_gain;
use super::king_reach::{king_of, king_reach, Reach};
use super::{Doublemove, SubMove};

/// A king the opponent takes within its coming turn whatever we do, or the enemy king we take
/// within ours: as good as a decided game, but kept far below the search's mate scores, which
/// the search gives once it plays the route out.
pub(super) const KING_TAKEN: i32 = 4000;
/// The cost of having to spend the last sub-move of a turn on saving the king.
const FORCED_PARRY: i32 = 40;
/// Share (in 64ths) of the material the opponent's coming turn would win that is charged: the
/// estimate assumes the capturer can always retreat and that we have nothing better than
/// rescuing one man, so only half of it is taken as certain.
const HANGING_SHARE: i32 = 32;

impl Doublemove {
    /// Static evaluation in centipawns from the side to move's point of view.
    pub(super) fn evaluate_turns(&self) -> i32 {
        self.board.evaluate() + self.turn_threats()
    }

    /// The double-move terms described at the top of this file.
    pub(super) fn turn_threats(&self) -> i32 {
        if self.winner.is_some() {
            return 0;
        }
        let b = &self.board;
        let us = b.side;
        let them = !us;
        let (Some(our_king), Some(their_king)) = (king_of(b, us), king_of(b, them)) else {
            return 0;
        };
        match self.sub_move {
            SubMove::First => match king_reach(b, us, their_king) {
                // A capture at once is searched (and ordered first) by quiescence itself.
                Reach::OneSubMove | Reach::Never => 0,
                Reach::TwoSubMoves => KING_TAKEN,
            },
            SubMove::Second | SubMove::Only => {
                if (b.attackers_to(their_king, b.occupied()) & b.by_color(us)).any() {
                    // We take the king with our last sub-move; the search sees that capture.
                    return 0;
                }
                let parry_needed = king_reach(b, them, our_king) != Reach::Never;
                if parry_needed && !self.can_parry() {
                    return -KING_TAKEN;
                }
                let rescued = if parry_needed { 0 } else { 1 };
                let hanging = turn_gain(b, them, rescued) * HANGING_SHARE / 64;
                -hanging - if parry_needed { FORCED_PARRY } else { 0 }
            }
        }
    }

    /// Whether one sub-move of the side to move leaves its king out of the opponent's two-sub-
    /// move reach (by moving it, blocking, or capturing the attacker). Only asked when the king
    /// is threatened, so trying every sub-move is affordable.
    fn can_parry(&self) -> bool {
        let us = self.board.side;
        let mut moves = Vec::with_capacity(64);
        self.legal_moves(&mut moves);
        moves.into_iter().any(|mv| {
            let mut after = self.board;
            after.move_men(mv);
            king_of(&after, us).is_some_and(|k| king_reach(&after, !us, k) == Reach::Never)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Doublemove;
    use super::KING_TAKEN;

    fn eval(fen: &str) -> i32 {
        Doublemove::from_fen(fen).unwrap().evaluate_turns()
    }

    #[test]
    fn a_king_reachable_in_two_sub_moves_is_lost_for_its_side() {
        // Black to play a whole turn: Ra1 then Rxe1. The plain evaluation sees a rook against
        // three pawns; the route makes it a win.
        let open = "r6k/8/8/8/8/8/3PPP2/4K3 b1 - - 0 1";
        assert!(eval(open) > KING_TAKEN / 2, "{}", eval(open));
        // A knight on b1 blocks the first rank and the pawns the other lines: no route.
        let blocked = "r6k/8/8/8/8/8/3PPP2/1N2K3 b1 - - 0 1";
        assert!(eval(blocked).abs() < KING_TAKEN / 4, "{}", eval(blocked));
    }

    #[test]
    fn a_threat_no_single_sub_move_parries_is_lost_for_the_side_handing_over() {
        // White at its last sub-move; the knight on e4 reaches f2 or g3 and then takes h1, and
        // the walled-in king cannot step away. White is a rook up on the board.
        let lost = "7k/8/8/8/4n3/8/6PP/6RK w2 - - 0 1";
        assert!(eval(lost) < -KING_TAKEN / 2, "{}", eval(lost));
        // A bishop on b1 can take the knight: the threat is parried, the material counts.
        let parried = "7k/8/8/8/4n3/8/6PP/1B4RK w2 - - 0 1";
        assert!(eval(parried) > 300, "{}", eval(parried));
        // At sub-move 1 White has two sub-moves to deal with it: no verdict either way.
        let whole_turn = "7k/8/8/8/4n3/8/6PP/6RK w1 - - 0 1";
        assert!(
            eval(whole_turn).abs() < KING_TAKEN / 4,
            "{}",
            eval(whole_turn)
        );
    }

    #[test]
    fn a_slider_threat_that_one_sub_move_blocks_is_not_a_loss() {
        // White at its last sub-move, king on h1 behind its pawns; Black threatens Ra1 and Rxh1
        // along the open first rank, and Kg1 stays on that rank.
        let open = "r6k/8/8/8/8/8/6PP/7K w2 - - 0 1";
        assert!(eval(open) < -KING_TAKEN / 2, "{}", eval(open));
        // A knight on c3 can block on b1 or d1: the king is safe after one sub-move.
        let blockable = "r6k/8/8/8/8/2N5/6PP/7K w2 - - 0 1";
        assert!(eval(blockable) > -KING_TAKEN / 4, "{}", eval(blockable));
    }

    #[test]
    fn men_the_opponent_can_take_with_a_whole_turn_are_charged_at_the_last_sub_move() {
        // White at sub-move 2; the knight on d5 forks the queen and the rook (each defended by
        // the other). White's one sub-move saves the queen; Black's turn then takes the rook
        // and retreats the knight. With the knight on h5 nothing is attacked.
        let forked = "k7/8/8/3n4/8/2Q1R3/8/4K3 w2 - - 0 1";
        let quiet = "k7/8/8/7n/8/2Q1R3/8/4K3 w2 - - 0 1";
        let fork_cost = eval(quiet) - eval(forked);
        assert!(fork_cost > 150, "{fork_cost}");
    }
}
