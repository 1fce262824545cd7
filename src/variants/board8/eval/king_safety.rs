//! King safety in the middlegame: the pawns sheltering a castled king, and the danger from
//! enemy pieces gathering around it (which grows faster than the number of attackers).

use super::super::board::Board;
use super::super::geometry::Geometry;
use super::super::piece::Role;
use super::activity::Activity;
use super::files::adjacent_files;
use super::score::{s, Tapered};
use crate::core::{Bitboard, Color};

const SHIELD_NEAR: Tapered = s(12, 0);
const SHIELD_FAR: Tapered = s(6, 0);

/// The shelter of `color`'s king and the danger `enemy` (the other side's activity) puts it in.
pub fn king_safety<G: Geometry>(board: &Board<G>, color: Color, enemy: &Activity) -> Tapered {
    // Where kings can be captured (doublemove) this king may be gone: nothing to keep safe.
    let Some(king) = board.pieces(color, Role::King).next() else {
        return Tapered::default();
    };
    let rank = if color == Color::White {
        king.rank()
    } else {
        7 - king.rank()
    };
    let mut total = Tapered::default();
    // A shield counts only for a king still at home; a king that walked out has none to keep.
    if rank <= 1 {
        let files = Bitboard::file(king.file()) | adjacent_files::<G>(king.file());
        let pawns = board.pieces(color, Role::Pawn) & files;
        let (near, far) = match color {
            Color::White => (Bitboard::rank(rank + 1), Bitboard::rank(rank + 2)),
            Color::Black => (Bitboard::rank(6 - rank), Bitboard::rank(5 - rank)),
        };
        total += SHIELD_NEAR * (pawns & near).count() as i32;
        total += SHIELD_FAR * (pawns & far).count() as i32;
    }
    // One attacker is no attack; several together are, and more so with a queen among them.
    if enemy.king_attackers >= 2 && board.pieces(!color, Role::Queen).any() {
        let units = enemy.king_attack.min(40);
        total += s(-(units * units) / 2, 0);
    }
    total
}
