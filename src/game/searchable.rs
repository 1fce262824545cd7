//! What the search needs of a variant beyond its rules. Kept apart from `Game` while not every
//! variant has an evaluation yet; it will fold into `Game` once all do.

use crate::game::Game;

pub trait Searchable: Game {
    /// Static evaluation in centipawns, from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// Whether the side to move is in check (false in variants without check). Drives the check
    /// extension and keeps stand-pat out of positions where it would be a lie.
    fn in_check(&self) -> bool;

    /// For a capture or promotion, its worth for ordering (most valuable victim first, least
    /// valuable attacker first); None for a quiet move. Quiescence searches only these.
    fn tactical_value(&self, mv: Self::Move) -> Option<i32>;

    /// The most material `mv` wins at once (its victim, and what a promotion adds), in
    /// centipawns, for quiescence's delta pruning: a capture that could not lift the score to
    /// alpha even with a margin is not searched. None where a single move's gain says too
    /// little (a turn goes on after it, or a spin follows): no pruning then.
    fn material_gain(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    /// A capture that likely loses material: a man takes a cheaper one on a square the
    /// opponent guards. Quiescence leaves these out (a cheap stand-in for a static exchange
    /// evaluation); variants that cannot tell say false.
    fn losing_capture(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether the last move ended the game outright (doublemove's king capture), so that the
    /// position's score is the rules' outcome. Quiescence asks this before standing pat: the
    /// static evaluation of a position whose king is gone knows nothing of the loss, and a
    /// stand-pat cut-off there would score a king capture at the horizon as a quiet position.
    /// Variants whose games end by checkmate say false: their mated side is in check, and
    /// quiescence searches its (absent) evasions instead of standing pat.
    fn decided(&self) -> bool {
        false
    }

    /// The position after passing, where passing is a sound pruning assumption for this variant
    /// (None in variants with zugzwang-like turn structures, or when in check).
    fn null_move(&self) -> Option<Self>;

    /// A draw that the rules impose whatever is played next (the move-count rule, dead material).
    fn draw_by_rule(&self) -> bool;

    /// The move packed into 32 bits, for the transposition table.
    fn move_bits(mv: Self::Move) -> u32;
}
