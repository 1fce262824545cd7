//! What a search needs to know of a variant beyond its rules: how good a position is, which
//! moves are tactical, and which positions a search may reach by passing. Each variant states
//! it in its own folder (`search.rs`); the search layer reads it and never names a variant.
//! One trait for any number of players: the two-player search reads `evaluate` and
//! `null_move`, the search for more than two reads `evaluate_for` and `pass`.

use super::NetworkInputs;
use crate::core::Player;
use crate::game::result_model::ResultModel;

/// Every searchable variant also says what an evaluation network reads of it, since the
/// search evaluates with a network where one is chosen.
pub trait Searchable: NetworkInputs {
    /// Whether the static evaluation judges a quiet move at shallow depth well enough for the
    /// two-player search to skip what it condemns: reverse futility, futility and late-move
    /// pruning. False where quiet moves carry the tactics the evaluation does not see.
    const SHALLOW_PRUNING: bool = true;

    /// What a score says of the result here: win, draw and loss chances for two players,
    /// expected shares of the points for more; fitted to kaleido's own games of the variant
    /// (`kaleido wdl`, docs/wdl.md).
    const RESULT_MODEL: ResultModel;

    /// The hand-written static evaluation in centipawns, from the side to move's point of view
    /// (the search's evaluation where no network is chosen).
    fn evaluate(&self) -> i32;

    /// The part of `evaluate` that a network is not asked to learn, in centipawns from the side
    /// to move's point of view: threats that a quiet move and then a capture carry out, which
    /// quiescence does not search and the men's placement does not show (a king the enemy
    /// reaches within one turn of two moves). The two-player search adds it to a network's
    /// output, and training fits the network to the searched scores with it added, so the
    /// network learns only the rest. Zero where the search sees every threat itself.
    fn unsearched_threats(&self) -> i32 {
        0
    }

    /// Static evaluation in centipawns for `player` (higher is better for that player). For two
    /// players it is `evaluate` with the sign of whose view it is; variants of more players
    /// weigh each player against its opponents themselves.
    fn evaluate_for(&self, player: Player) -> i32 {
        let score = self.evaluate();
        if player == self.side_to_move() {
            score
        } else {
            -score
        }
    }

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
    /// opponent guards. Where `see_ge` is None, quiescence leaves these out and the search
    /// tries them last (a cheap stand-in for the static exchange); variants that cannot tell
    /// say false.
    fn losing_capture(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether the static exchange on `mv`'s target square (`mv`, then captures there by
    /// both sides in turn, cheapest man first, each side free to stop) leaves the mover at
    /// least `threshold` centipawns up. None where the variant cannot tell (men that jump
    /// screens, turns of several moves, spins): the search then orders by
    /// `losing_capture` and prunes nothing by it. A variant in which a side may move twice in
    /// a row must say None, since the search trusts it to judge a move before playing it.
    fn see_ge(&self, _mv: Self::Move, _threshold: i32) -> Option<bool> {
        None
    }

    /// Whether the static evaluation of the position after quiet move `mv` tells what the
    /// move is worth, so that futility and late-move pruning may condemn it by that
    /// evaluation. False for a move whose point shows only later: a spin turns four men at
    /// once and opens lines that a search finds and a static evaluation does not. Only read
    /// where `SHALLOW_PRUNING` is on.
    fn judged_statically(&self, _mv: Self::Move) -> bool {
        true
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

    /// The position after passing, where passing is a sound pruning assumption for this
    /// two-player variant (null-move pruning); None in variants with zugzwang-like turn
    /// structures, when in check, and in games of more players.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// For games of more than two players: the position with the turn handed to the next
    /// player without a move (Best-Reply Search's passes); None where the position cannot
    /// pass: a finished game, or a player to move without a legal move (its mate or stalemate
    /// ends the game there).
    fn pass(&self) -> Option<Self> {
        None
    }

    /// A draw that the rules impose whatever is played next (the move-count rule, dead material).
    fn draw_by_rule(&self) -> bool {
        false
    }

    /// A hash of the part of the position that changes slowly and that the static evaluation
    /// tends to misjudge the same way wherever it recurs (chess's pawn structure). The
    /// two-player search learns, per key and side, how far the evaluation erred against the
    /// searched scores and corrects it by that much (correction history). None where no such
    /// part is known: the evaluation is taken as it is.
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// The move packed into the transposition table's 32-bit move word. Games of more than two
    /// players keep Best-Reply Search's pass count in its top 4 bits, so theirs must fit in 28.
    fn move_bits(mv: Self::Move) -> u32;
}
