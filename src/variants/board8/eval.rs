//! A first static evaluation for the FIDE-men variants: material, piece-square terms, bishop
//! pair, and the king's place tapered by how much material is left. Centipawns, White's view.

use super::board::Board;
use super::geometry::Geometry;
use super::piece::Role;
use crate::core::{Color, Square};

/// Centipawn values of pawn, knight, bishop, rook, queen (and nothing for the king).
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Phase weights: 24 with all minor and major pieces on the board, 0 with none.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Distance of a file from the nearest edge (0..3); on a cylinder every file is as central as
/// any other, so the geometry turns this term off.
#[inline(always)]
fn file_centrality<G: Geometry>(sq: Square) -> i32 {
    if G::WRAPS {
        0
    } else {
        (sq.file().min(7 - sq.file())) as i32
    }
}

/// Piece-square bonus of a man of `role` on `sq`, seen from its own side (rank 0 = its home).
#[inline(always)]
fn placement<G: Geometry>(role: Role, sq: Square, phase: i32) -> i32 {
    let rank = sq.rank() as i32;
    let rank_centrality = rank.min(7 - rank);
    let file = file_centrality::<G>(sq);
    match role {
        Role::Pawn => 6 * rank + if rank >= 3 { 3 * file } else { 0 },
        Role::Knight => 8 * file + 6 * rank_centrality - 20,
        Role::Bishop => 4 * file + 4 * rank_centrality - 10,
        Role::Rook => {
            if rank == 6 {
                20
            } else {
                0
            }
        }
        Role::Queen => 2 * file + 2 * rank_centrality - 5,
        Role::King => {
            // Sheltered on its home rank while pieces are about; central in the ending.
            let middlegame = if rank == 0 { 10 } else { -20 * rank };
            let endgame = 10 * (file + rank_centrality) - 30;
            (middlegame * phase + endgame * (24 - phase)) / 24
        }
    }
}

impl<G: Geometry> Board<G> {
    /// Static evaluation from White's point of view.
    pub fn evaluate_white(&self) -> i32 {
        let phase = Role::ALL
            .iter()
            .map(|&r| PHASE[r.index()] * self.by_role(r).count() as i32)
            .sum::<i32>()
            .min(24);
        let mut score = 0;
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            let mut side = 0;
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    let own_view = if color == Color::White {
                        sq
                    } else {
                        sq.flip_rank()
                    };
                    side += VALUES[role.index()] + placement::<G>(role, own_view, phase);
                }
            }
            if self.pieces(color, Role::Bishop).count() >= 2 {
                side += 30;
            }
            score += sign * side;
        }
        score
    }

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&self) -> i32 {
        match self.side_to_move() {
            Color::White => self.evaluate_white(),
            Color::Black => -self.evaluate_white(),
        }
    }

    /// MVV-LVA key of a capture or promotion by `mv` (None for a quiet move): the most valuable
    /// victim first, then the least valuable attacker.
    pub fn tactical_value(&self, mv: super::Move) -> Option<i32> {
        let victim = if mv.kind() == super::MoveKind::EnPassant {
            Some(Role::Pawn)
        } else {
            self.piece_at(mv.to()).map(|p| p.role)
        };
        let promotion = mv.promotion().map(|r| VALUES[r.index()] - VALUES[0]);
        if victim.is_none() && promotion.is_none() {
            return None;
        }
        let attacker = self
            .piece_at(mv.from())
            .map_or(0, |p| p.role.index() as i32);
        Some(8 * victim.map_or(0, |r| VALUES[r.index()]) + promotion.unwrap_or(0) - attacker)
    }
}

#[cfg(test)]
mod tests {
    use crate::variants::chess::Chess;
    use crate::variants::cylinder::Cylinder;

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Chess::from_fen(super::super::START_FEN).unwrap();
        assert_eq!(start.evaluate_white(), 0);
        let up_a_rook = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(up_a_rook.evaluate_white() > 400);
        assert_eq!(up_a_rook.evaluate(), up_a_rook.evaluate_white());
        let black_to_move = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert_eq!(black_to_move.evaluate(), -black_to_move.evaluate_white());
    }

    #[test]
    fn the_cylinder_has_no_edge_files() {
        // A knight on a1 is as good as one on d1 on the cylinder, worse on a flat board.
        let rim = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
        let centre = "4k3/8/8/8/8/8/8/3NK3 w - - 0 1";
        let flat = |f| Chess::from_fen(f).unwrap().evaluate_white();
        let wrapped = |f| Cylinder::from_fen(f).unwrap().evaluate_white();
        assert!(flat(rim) < flat(centre));
        assert_eq!(wrapped(rim), wrapped(centre));
    }
}
