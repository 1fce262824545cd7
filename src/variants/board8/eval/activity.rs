//! Piece activity and king danger, from one pass over each side's pieces: mobility counts the
//! squares a piece reaches that no enemy pawn guards, and the same attacks, where they land
//! next to the enemy king, build up its danger.

use super::super::board::Board;
use super::super::geometry::Geometry;
use super::super::piece::Role;
use super::score::{s, Tapered};
use crate::core::{Bitboard, Color};

/// Per reachable square, by role (pawn and king unused), centred on a typical count so that an
/// average piece scores about nothing.
const MOBILITY: [Tapered; 6] = [s(0, 0), s(4, 4), s(5, 5), s(2, 4), s(1, 2), s(0, 0)];
const TYPICAL: [i32; 6] = [0, 4, 6, 7, 14, 0];
/// Danger units an attacker brings to the enemy king's surroundings.
const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// What one side's pieces do: their mobility, and the danger they put the enemy king in.
pub struct Activity {
    pub mobility: Tapered,
    /// Summed attack units of the pieces reaching the enemy king's zone.
    pub king_attack: i32,
    pub king_attackers: i32,
}

/// The squares pawns of `color` attack.
pub fn pawn_attacks<G: Geometry>(board: &Board<G>, color: Color) -> Bitboard {
    board
        .pieces(color, Role::Pawn)
        .fold(Bitboard::EMPTY, |acc, sq| acc | G::pawn(color, sq))
}

pub fn activity<G: Geometry>(
    board: &Board<G>,
    color: Color,
    enemy_pawn_guard: Bitboard,
) -> Activity {
    let occ = board.occupied();
    let own = board.by_color(color);
    // Where kings can be captured (doublemove) the enemy king may be gone: no zone then.
    let zone = board
        .pieces(!color, Role::King)
        .fold(Bitboard::EMPTY, |acc, k| acc | G::king(k).with(k));
    let usable = !own & !enemy_pawn_guard;
    let mut result = Activity {
        mobility: Tapered::default(),
        king_attack: 0,
        king_attackers: 0,
    };
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in board.pieces(color, role) {
            let attacks = match role {
                Role::Knight => G::knight(sq),
                Role::Bishop => G::bishop(sq, occ),
                Role::Rook => G::rook(sq, occ),
                _ => G::rook(sq, occ) | G::bishop(sq, occ),
            };
            let count = (attacks & usable).count() as i32;
            result.mobility += MOBILITY[role.index()] * (count - TYPICAL[role.index()]);
            if (attacks & zone).any() {
                result.king_attack += KING_ATTACK_UNITS[role.index()];
                result.king_attackers += 1;
            }
        }
    }
    result
}
