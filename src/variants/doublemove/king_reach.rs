//! How soon a side could capture the enemy king if the king's side did nothing: at once (one
//! sub-move), within two sub-moves (one whole turn), or not within a turn. In double-move chess
//! a king that the opponent can reach within two sub-moves of its coming turn is lost unless its
//! own side parries first, so this is the evaluation's king-safety fact (rules §1, §2, §6).
//!
//! Everything is answered with attack sets from the king's square outwards: the squares from
//! which each kind of man would attack the king, met with the squares the attacker's men can
//! move to. The two-sub-move answer is sound (every route found is a real pair of sub-moves)
//! and misses only rare routes: castling, en passant, a promotion followed by the new piece's
//! capture, and a slider uncovered by moving its own pawn out of the way.

use crate::core::{Bitboard, Color, Square};
use crate::variants::board8::flat::attacks::between;
use crate::variants::board8::Flat;
use crate::variants::board8::{Board, Geometry, Role};

/// How many of its own sub-moves a side needs to capture the enemy king.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Reach {
    /// Not within one turn.
    Never,
    /// A first sub-move that brings a man into play, then the capture.
    TwoSubMoves,
    /// A man attacks the king now.
    OneSubMove,
}

/// The king of `color`, if it is still on the board (it is gone once captured).
#[inline(always)]
pub(super) fn king_of(b: &Board<Flat>, color: Color) -> Option<Square> {
    let kings = b.pieces(color, Role::King);
    kings.any().then(|| kings.lsb())
}

/// Whether `test` holds for some square of `set`.
#[inline(always)]
fn some_square(mut set: Bitboard, test: impl FnMut(Square) -> bool) -> bool {
    Iterator::any(&mut set, test)
}

/// How soon `by` could capture the man on `king` (normally the enemy king) with the men as they
/// stand.
pub(super) fn king_reach(b: &Board<Flat>, by: Color, king: Square) -> Reach {
    let occ = b.occupied();
    let ours = b.by_color(by);
    if (b.attackers_to(king, occ) & ours).any() {
        return Reach::OneSubMove;
    }
    // A sub-move may end on any square not holding a man of the mover's own.
    let free = !ours;

    // Leapers: a square that a knight (king) can step to and from which it attacks the king.
    let knight_spots = Flat::knight(king) & free;
    if knight_spots.any()
        && some_square(b.pieces(by, Role::Knight), |n| {
            Flat::knight(n).intersects(knight_spots)
        })
    {
        return Reach::TwoSubMoves;
    }
    if some_square(b.pieces(by, Role::King), |k| {
        (Flat::king(k) & Flat::king(king)).intersects(free)
    }) {
        return Reach::TwoSubMoves;
    }

    // Sliders: a square on one of the king's open lines that the slider can reach. Leaving its
    // own square can only open lines, so the current blockers are the right ones.
    let diagonal = Flat::bishop(king, occ);
    let straight = Flat::rook(king, occ);
    let diagonal_spots = diagonal & free;
    let straight_spots = straight & free;
    let queens = b.pieces(by, Role::Queen);
    if some_square(b.pieces(by, Role::Bishop) | queens, |s| {
        Flat::bishop(s, occ).intersects(diagonal_spots)
    }) || some_square(b.pieces(by, Role::Rook) | queens, |s| {
        Flat::rook(s, occ).intersects(straight_spots)
    }) || some_square(queens, |q| {
        Flat::bishop(q, occ).intersects(straight_spots)
            || Flat::rook(q, occ).intersects(diagonal_spots)
    }) {
        return Reach::TwoSubMoves;
    }

    // Pawns: a square from which a pawn attacks the king, reached by a push, a double step or
    // a capture.
    let pawns = b.pieces(by, Role::Pawn);
    let pawn_spots = Flat::pawn(!by, king) & free;
    if pawn_spots.any() {
        let empty = !occ;
        let (single, double) = match by {
            Color::White => {
                let one = pawns.shl(8) & empty;
                (one, (one & Bitboard::rank(2)).shl(8) & empty)
            }
            Color::Black => {
                let one = pawns.shr(8) & empty;
                (one, (one & Bitboard::rank(5)).shr(8) & empty)
            }
        };
        let theirs = b.by_color(!by);
        let captures = pawn_spots & theirs;
        if (pawn_spots & (single | double)).any()
            || some_square(captures, |s| Flat::pawn(!by, s).intersects(pawns))
        {
            return Reach::TwoSubMoves;
        }
    }

    // X-rays: a slider with exactly one man between it and the king. An enemy man there is
    // captured by the slider itself, which then takes the king; a man of the slider's own side
    // steps off the line first. A pawn of its own is not counted: it may only be able to push
    // along the line, so the route is not certain.
    let first_blockers = (diagonal | straight) & occ;
    let thinned = occ & !first_blockers;
    let xray = (Flat::bishop(king, thinned) & !diagonal & (b.pieces(by, Role::Bishop) | queens))
        | (Flat::rook(king, thinned) & !straight & (b.pieces(by, Role::Rook) | queens));
    let own_pawns = pawns;
    if some_square(xray, |s| !(between(s, king) & occ).intersects(own_pawns)) {
        return Reach::TwoSubMoves;
    }
    Reach::Never
}

#[cfg(test)]
mod tests {
    use super::{king_of, king_reach, Reach};
    use crate::core::Color;
    use crate::variants::doublemove::Doublemove;

    /// How soon White reaches Black's king in the set-up position `placement`.
    fn white_reach(placement: &str) -> Reach {
        let pos = Doublemove::from_fen(&format!("{placement} w1 - - 0 1")).unwrap();
        let b = pos.board();
        king_reach(b, Color::White, king_of(b, Color::Black).unwrap())
    }

    /// Set-up positions, how soon White reaches Black's king there, and why.
    const ROUTES: &[(&str, Reach, &str)] = &[
        (
            "k7/8/8/8/8/8/8/R6K",
            Reach::OneSubMove,
            "the rook attacks now",
        ),
        (
            "1k6/8/8/8/8/8/8/R6K",
            Reach::TwoSubMoves,
            "Rb1 or Ra8, then the capture",
        ),
        (
            "8/8/8/8/3k4/8/8/N6K",
            Reach::TwoSubMoves,
            "Nb3 or Nc2, then Nxd4",
        ),
        (
            "8/3k4/8/4P3/8/8/8/K7",
            Reach::TwoSubMoves,
            "e6, then the pawn takes d7",
        ),
        (
            "8/8/8/3k4/8/8/4P3/K7",
            Reach::TwoSubMoves,
            "the double step e4 attacks d5",
        ),
        (
            "8/8/8/3k4/8/4n3/4P3/K7",
            Reach::Never,
            "the pawn is blocked",
        ),
        (
            "8/3k4/2n5/3P4/8/8/8/K7",
            Reach::TwoSubMoves,
            "dxc6 attacks d7",
        ),
        ("k7/8/8/8/n7/8/8/R6K", Reach::TwoSubMoves, "Rxa4, then Rxa8"),
        (
            "k7/8/8/8/8/N7/8/R6K",
            Reach::TwoSubMoves,
            "the knight leaves the a-file",
        ),
        (
            "k7/8/8/8/8/P7/8/R6K",
            Reach::Never,
            "the pawn only pushes along the file",
        ),
        (
            "k7/1K6/8/8/8/8/8/8",
            Reach::OneSubMove,
            "kings side by side",
        ),
        ("k7/8/2K5/8/8/8/8/8", Reach::TwoSubMoves, "Kb7, then Kxa8"),
        ("k7/8/8/8/8/8/8/7K", Reach::Never, "nothing near"),
    ];

    #[test]
    fn each_kind_of_route_is_found() {
        for &(placement, expected, why) in ROUTES {
            assert_eq!(white_reach(placement), expected, "{placement}: {why}");
        }
    }
}
