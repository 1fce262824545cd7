//! What spins add to the FIDE evaluation: captures that escape the recapture by a spin.
//!
//! Why this term and not another: of everything a spin can do (docs/rules/spinchess.md §3-§5), only
//! one thing wins material within a single turn. A spin never captures and always ends the
//! turn, so a spin that carries one of our men next to an enemy man, or an enemy man next to
//! ours, only makes a threat the opponent answers on the next turn; the search sees those
//! one ply deep like any quiet move. But a C-turn may be a *capture* followed by a spin of the
//! capture square's block (§4), and the spin carries the capturer on to a neighbouring square
//! of that block. So a man guarded in FIDE terms is not safe: a queen may take a guarded
//! knight and, in the same turn, step aside out of reach of the recapture.
//!
//! The quiescence search cannot see this: it searches plain captures only (every capture also
//! comes with two spins, and opening them all explodes, see search.rs), and a plain capture of a
//! guarded, cheaper man looks like a loss there. So at the leaves a side with such a capture
//! in hand is worth more than the FIDE evaluation says, and a side facing one is worth less.
//!
//! The test, per enemy man, uses a few attack look-ups on the board as it stands: the man is
//! not a king and stands in a block without a king (a king's block never spins, §5); a man of
//! ours other than the king (a king move is never followed by a spin) attacks it; the man is
//! guarded and every attacker is worth more than it (otherwise the plain capture is good
//! already and quiescence finds it); and one of the two squares the spin can carry the capture
//! square to is attacked by no enemy man outside the block once the spin is made (the men
//! inside the block turn with it; leaving them out is the cheap approximation).

use super::block::{Block, Rotation};
use crate::core::{Bitboard, Color};
use crate::variants::board8::eval::VALUES;
use crate::variants::board8::Flat;
use crate::variants::board8::{Board, Role};

// Measured (100 games at 20,000 nodes against the evaluation without this term, same
// openings): these shares scored 70-25-5, +168 Elo; 3/4 and 1/4 scored 69-28-3, +151 Elo, no
// better, so the smaller, safer shares stay.

/// The side to move plays its best such capture now, but the capture square's neighbours may
/// hold surprises the cheap test misses (a discovered line, a man turned by the spin), so only
/// half the victim is counted.
const MOVER_SHARE: (i32, i32) = (1, 2);
/// The waiting side's capture is only a threat: the side to move answers it first (moves the
/// man away, guards the escape squares), so it costs a small part of the victim.
const WAITING_SHARE: (i32, i32) = (1, 8);

/// The spin-capture term from the side to move's point of view, in centipawns.
pub fn spin_capture_threats(b: &Board<Flat>) -> i32 {
    let us = b.side_to_move();
    // Spins are allowed from fullmove 2 on (§4): at fullmove 1 White's reply is Black's first
    // turn, still spinless, while Black's reply is White's second turn.
    let mover_spins = b.fullmove_number() >= 2;
    let waiting_spins = mover_spins || us == Color::Black;
    let ours = if mover_spins {
        escape_capture(b, us) * MOVER_SHARE.0 / MOVER_SHARE.1
    } else {
        0
    };
    let theirs = if waiting_spins {
        escape_capture(b, !us) * WAITING_SHARE.0 / WAITING_SHARE.1
    } else {
        0
    };
    ours - theirs
}

/// The value of the most valuable enemy man `by` could take with a capture and then spin its
/// capturer out of reach of the recapture, where the plain capture would lose material; 0 if
/// there is none.
pub fn escape_capture(b: &Board<Flat>, by: Color) -> i32 {
    let them = !by;
    let occ = b.occupied();
    let kings = b.by_role(Role::King);
    let king_blocks = kings.fold(Bitboard::EMPTY, |acc, k| acc | Block::of(k).squares());
    let capturers = b.by_color(by) & !kings;
    let mut best = 0;
    for target in b.by_color(them) & !king_blocks {
        let Some(victim) = b.piece_at(target) else {
            continue;
        };
        let value = VALUES[victim.role.index()];
        if value <= best {
            continue;
        }
        let attackers = b.attackers_to(target, occ) & capturers;
        // The cheapest capturer: taking with it is what the exchange would be about.
        let Some((from, cost)) = attackers
            .into_iter()
            .filter_map(|sq| b.piece_at(sq).map(|p| (sq, VALUES[p.role.index()])))
            .min_by_key(|&(_, cost)| cost)
        else {
            continue;
        };
        // Unguarded men and cheap captures are plain quiescence captures already.
        if cost <= value || !b.is_attacked(target, them, occ) {
            continue;
        }
        let block = Block::of(target);
        let outside = b.by_color(them) & !block.squares();
        let escapes = Rotation::BOTH.into_iter().any(|rotation| {
            let landing = rotation.destination(block, target);
            // After the capture `from` is empty and `target` holds the capturer; the spin then
            // turns the block's occupancy, opening or closing lines through it.
            let after = rotation.apply(block, occ.without(from));
            (b.attackers_to(landing, after) & outside).is_empty()
        });
        if escapes {
            best = value;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::Searchable;
    use crate::variants::spinchess::Spinchess;

    fn position(fen: &str) -> Spinchess {
        match Spinchess::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("test FEN {fen}: {e}"),
        }
    }

    // The white queen on d1 attacks the black knight on d5, which the e6 pawn guards. The
    // knight's block c5-d6 holds no king; a spin carries d5 to c5 (clockwise) or d6
    // (anticlockwise). With the black pawns on b7/e6 both are unguarded.
    const QUEEN_TAKES_AND_SPINS: &str = "4k3/1p6/4p3/3n4/8/8/8/3QK3 w - - 0 5";

    #[test]
    fn a_guarded_man_is_lost_to_a_capture_and_spin() {
        let p = position(QUEEN_TAKES_AND_SPINS);
        assert_eq!(escape_capture(p.board(), Color::White), VALUES[1]);
        // The knight attacks nothing of White's worth a spin capture.
        assert_eq!(escape_capture(p.board(), Color::Black), 0);
    }

    /// The same men at fullmove 1, where no spin is allowed yet (§4), and at fullmove 5: only
    /// the spin's reach differs, and the evaluation must rank the spinning position higher.
    #[test]
    fn the_evaluation_counts_the_capture_only_where_spins_are_allowed() {
        let spinless = position("4k3/1p6/4p3/3n4/8/8/8/3QK3 w - - 0 1");
        let spinning = position(QUEEN_TAKES_AND_SPINS);
        assert_eq!(spin_capture_threats(spinless.board()), 0);
        assert!(
            spinning.evaluate() >= spinless.evaluate() + VALUES[1] / 4,
            "{} vs {}",
            spinning.evaluate(),
            spinless.evaluate()
        );
    }

    /// The same capture where the squares the spin reaches are guarded: the e6 pawn still guards
    /// d5, a pawn on e7 guards d6 and one on b6 guards c5.
    #[test]
    fn no_escape_square_no_gain() {
        let caught = position("4k3/4p3/1p2p3/3n4/8/8/8/3QK3 w - - 0 5");
        assert_eq!(escape_capture(caught.board(), Color::White), 0);
        // One escape left open is enough.
        let one_open = position("4k3/4p3/4p3/3n4/8/8/8/3QK3 w - - 0 5");
        assert_eq!(escape_capture(one_open.board(), Color::White), VALUES[1]);
    }

    #[test]
    fn a_kings_block_never_spins_and_the_king_never_spins_after_a_capture() {
        // The black king on c6 shares the knight's block: no spin there.
        let king_block = position("8/1p6/2k1p3/3n4/8/8/8/3QK3 w - - 0 5");
        assert_eq!(escape_capture(king_block.board(), Color::White), 0);
        // Only the white king attacks the guarded knight: a king move is never spun.
        let king_only = position("4k3/8/4p3/3n4/3K4/8/8/8 w - - 0 5");
        assert_eq!(escape_capture(king_only.board(), Color::White), 0);
    }

    #[test]
    fn a_cheap_or_unguarded_capture_is_left_to_quiescence() {
        // A pawn takes the knight: the plain capture wins already.
        let pawn = position("4k3/1p6/4p3/3n4/4P3/8/8/4K3 w - - 0 5");
        assert_eq!(escape_capture(pawn.board(), Color::White), 0);
        // Nothing guards the knight: the plain capture wins it.
        let loose = position("4k3/1p6/8/3n4/8/8/8/3QK3 w - - 0 5");
        assert_eq!(escape_capture(loose.board(), Color::White), 0);
    }

    /// Facing the capture costs the side to move a little; having it is worth more.
    #[test]
    fn the_waiting_sides_capture_is_a_smaller_threat() {
        let white_to_move = position(QUEEN_TAKES_AND_SPINS);
        let black_to_move = position("4k3/1p6/4p3/3n4/8/8/8/3QK3 b - - 0 5");
        let mine = spin_capture_threats(white_to_move.board());
        let theirs = spin_capture_threats(black_to_move.board());
        assert!(mine > 0 && theirs < 0 && mine > -theirs, "{mine} {theirs}");
    }
}
