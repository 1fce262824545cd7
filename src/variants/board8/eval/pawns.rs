//! Pawn structure: passed pawns (worth more the nearer they are to promotion, and most in the
//! ending), doubled and isolated pawns, and the files rooks want.

use super::super::board::Board;
use super::super::geometry::Geometry;
use super::super::piece::Role;
use super::files::{behind, beside, file_fill};
use super::score::{s, Tapered};
use crate::core::{Bitboard, Color};

/// By the pawn's rank seen from its own side (rank 1 = its second rank).
const PASSED: [Tapered; 8] = [
    s(0, 0),
    s(2, 10),
    s(5, 15),
    s(12, 25),
    s(25, 45),
    s(45, 80),
    s(70, 120),
    s(0, 0),
];
const DOUBLED: Tapered = s(-8, -15);
const ISOLATED: Tapered = s(-10, -12);
const ROOK_OPEN_FILE: Tapered = s(25, 10);
const ROOK_HALF_OPEN_FILE: Tapered = s(12, 6);

/// The pawn-structure terms of `color`. Computed a whole set of pawns at a time (fills and
/// file shifts) instead of pawn by pawn: it runs at every node.
pub fn pawn_structure<G: Geometry>(board: &Board<G>, color: Color) -> Tapered {
    let ours = board.pieces(color, Role::Pawn);
    let theirs = board.pieces(!color, Role::Pawn);
    let mut total = Tapered::default();
    // Squares behind an own pawn on its file: a pawn there has a pawn of its own ahead.
    let doubled = ours & behind(color, ours);
    // Squares behind an enemy pawn on its file or the files beside it: a pawn there is
    // stopped or can be taken on its way.
    let stopped = behind(color, theirs);
    let guarded = stopped | beside::<G>(stopped);
    for sq in ours & !guarded & !doubled {
        let rank = if color == Color::White {
            sq.rank()
        } else {
            7 - sq.rank()
        };
        total += PASSED[rank as usize];
    }
    total += DOUBLED * doubled.count() as i32;
    let own_files = file_fill(ours);
    total += ISOLATED * (ours & !beside::<G>(own_files)).count() as i32;
    total + rook_files(board, color)
}

/// `color`'s rooks on files without pawns of their own: open, or half open (enemy pawns only).
fn rook_files<G: Geometry>(board: &Board<G>, color: Color) -> Tapered {
    let ours = board.pieces(color, Role::Pawn);
    let theirs = board.pieces(!color, Role::Pawn);
    let mut total = Tapered::default();
    for sq in board.pieces(color, Role::Rook) {
        let file = Bitboard::file(sq.file());
        if (ours & file).is_empty() {
            total += if (theirs & file).is_empty() {
                ROOK_OPEN_FILE
            } else {
                ROOK_HALF_OPEN_FILE
            };
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;
    use crate::game::Game;
    use crate::variants::board8::eval::files::adjacent_files;
    use crate::variants::chess::Chess;
    use crate::variants::cylinder::Cylinder;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The pawn terms pawn by pawn, as the definitions read: the set-wise code must agree.
    fn by_pawn<G: Geometry>(board: &Board<G>, color: Color) -> Tapered {
        let ours = board.pieces(color, Role::Pawn);
        let theirs = board.pieces(!color, Role::Pawn);
        let ahead_of = |sq: Square| {
            let rank = u32::from(sq.rank());
            match color {
                Color::White if rank < 7 => Bitboard::ALL.shl(8 * (rank + 1)),
                Color::Black if rank > 0 => Bitboard::ALL.shr(8 * (8 - rank)),
                _ => Bitboard::EMPTY,
            }
        };
        let mut total = Tapered::default();
        for sq in ours {
            let file = Bitboard::file(sq.file());
            let beside = adjacent_files::<G>(sq.file());
            let ahead = ahead_of(sq);
            if (theirs & (file | beside) & ahead).is_empty() && (ours & file & ahead).is_empty() {
                let rank = if color == Color::White {
                    sq.rank()
                } else {
                    7 - sq.rank()
                };
                total += PASSED[rank as usize];
            }
            if (ours & file & ahead).any() {
                total += DOUBLED;
            }
            if (ours & beside).is_empty() {
                total += ISOLATED;
            }
        }
        total
    }

    /// The given positions and those random games from the first lead to.
    fn positions<G: Geometry>(given: Vec<Board<G>>, games: usize) -> Vec<Board<G>>
    where
        Board<G>: Game,
    {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut out = given.clone();
        for _ in 0..games {
            let mut pos = given[0];
            let mut moves = Vec::new();
            for _ in 0..120 {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.random_range(0..moves.len())]);
                out.push(pos);
            }
        }
        out
    }

    fn agree<G: Geometry>(positions: &[Board<G>])
    where
        Board<G>: Game,
    {
        for pos in positions {
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    pawn_structure(pos, color) - rook_files(pos, color),
                    by_pawn(pos, color),
                    "{color:?} in {}",
                    pos.fen()
                );
            }
        }
    }

    const FENS: [&str; 3] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Passers on both edges, doubled and isolated pawns, pawns on the far files.
        "4k3/P6p/8/1p4P1/1P6/8/P1P4P/4K3 w - - 0 1",
        "4k3/p6P/7p/8/8/P7/7P/4K3 b - - 0 1",
    ];

    #[test]
    fn set_wise_pawn_terms_match_the_pawn_by_pawn_definition() {
        let chess: Vec<Chess> = FENS.iter().map(|f| Chess::from_fen(f).unwrap()).collect();
        agree(&positions(chess, 30));
        let cylinder: Vec<Cylinder> = FENS
            .iter()
            .map(|f| Cylinder::from_fen(f).unwrap())
            .collect();
        agree(&positions(cylinder, 30));
    }
}
