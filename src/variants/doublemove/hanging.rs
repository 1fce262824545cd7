//! What a whole turn of captures would win: with two sub-moves a side can take two men before
//! the opponent replies, or take one and carry the capturer back out of reach on its second
//! sub-move, so that the defenders never get to recapture. The evaluation charges this to the
//! side that hands the opponent a whole turn (see eval.rs).

use crate::core::{Bitboard, Color};
use crate::variants::board8::eval::VALUES;
use crate::variants::board8::Flat;
use crate::variants::board8::{Board, Geometry, Role};

/// The squares a side attacks, by kind of attacker (a square may be in several sets).
struct Attacks {
    pawn: Bitboard,
    minor: Bitboard,
    rook: Bitboard,
    queen: Bitboard,
    all: Bitboard,
}

fn attacks(b: &Board<Flat>, color: Color) -> Attacks {
    let occ = b.occupied();
    let pawns = b.pieces(color, Role::Pawn);
    let pawn = match color {
        Color::White => (pawns & !Bitboard::FILE_A).shl(7) | (pawns & !Bitboard::FILE_H).shl(9),
        Color::Black => (pawns & !Bitboard::FILE_H).shr(7) | (pawns & !Bitboard::FILE_A).shr(9),
    };
    let mut minor = Bitboard::EMPTY;
    for n in b.pieces(color, Role::Knight) {
        minor |= Flat::knight(n);
    }
    for s in b.pieces(color, Role::Bishop) {
        minor |= Flat::bishop(s, occ);
    }
    let mut rook = Bitboard::EMPTY;
    for s in b.pieces(color, Role::Rook) {
        rook |= Flat::rook(s, occ);
    }
    let mut queen = Bitboard::EMPTY;
    for q in b.pieces(color, Role::Queen) {
        queen |= Flat::rook(q, occ) | Flat::bishop(q, occ);
    }
    let mut king = Bitboard::EMPTY;
    for k in b.pieces(color, Role::King) {
        king |= Flat::king(k);
    }
    Attacks {
        pawn,
        minor,
        rook,
        queen,
        all: pawn | minor | rook | queen | king,
    }
}

impl Attacks {
    /// The value of the cheapest man attacking `sq` (a king counts as priceless: it must not be
    /// left where it can be recaptured).
    #[inline(always)]
    fn cheapest_on(&self, sq: crate::core::Square) -> i32 {
        if self.pawn.has(sq) {
            VALUES[Role::Pawn.index()]
        } else if self.minor.has(sq) {
            VALUES[Role::Knight.index()]
        } else if self.rook.has(sq) {
            VALUES[Role::Rook.index()]
        } else if self.queen.has(sq) {
            VALUES[Role::Queen.index()]
        } else {
            i32::MAX
        }
    }
}

/// Centipawns that `by` wins with a whole turn of captures against the men as they stand, the
/// victims' side not moving. `saved` men of the victims' side (0 or 1) are first taken out of
/// reach, most valuable first: the one sub-move the victims' side has left before handing over
/// the turn can rescue one man.
///
/// The turn's best is either one capture followed by a retreat (the victim's whole value, even
/// when defended) or two captures that each stand (a defended victim then yields its value less
/// the capturer's, an undefended one its whole value). Kings are not counted here (king capture
/// is king_reach's business).
pub(super) fn turn_gain(b: &Board<Flat>, by: Color, saved: usize) -> i32 {
    let ours = attacks(b, by);
    let victims = b.by_color(!by) & ours.all & !b.by_role(Role::King);
    if victims.is_empty() {
        return 0;
    }
    let defended = attacks(b, !by).all;
    // (whole value, standing gain) of each victim.
    let mut gains: [(i32, i32); 16] = [(0, 0); 16];
    let mut n = 0;
    for sq in victims {
        let Some(man) = b.piece_at(sq) else { continue };
        let value = VALUES[man.role.index()];
        let standing = if defended.has(sq) {
            (value - ours.cheapest_on(sq).min(value)).max(0)
        } else {
            value
        };
        if n < gains.len() {
            gains[n] = (value, standing);
            n += 1;
        }
    }
    let gains = &mut gains[..n];
    gains.sort_unstable_by(|a, c| c.0.cmp(&a.0).then(c.1.cmp(&a.1)));
    let left = &mut gains[saved.min(n)..];
    let take_and_retreat = left.first().map_or(0, |g| g.0);
    left.sort_unstable_by_key(|g| std::cmp::Reverse(g.1));
    let two_captures: i32 = left.iter().take(2).map(|g| g.1).sum();
    take_and_retreat.max(two_captures)
}
