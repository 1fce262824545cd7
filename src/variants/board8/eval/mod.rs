//! The static evaluation of the FIDE-men variants: material, piece-square terms, bishop pair,
//! pawn structure, mobility and king safety, blended by how much material is left, then the
//! endgame corrections (mop-up, unwinnable material, the fifty-move count), plus a small bonus
//! for having the move. Centipawns.

mod activity;
mod endgame;
mod files;
mod king_safety;
mod pawns;
mod score;

use super::board::Board;
use super::geometry::Geometry;
use super::piece::Role;
use crate::core::{Color, Square};
use activity::{activity, pawn_attacks};
use king_safety::king_safety;
use pawns::pawn_structure;
use score::Tapered;

/// Having the move is worth something; it also evens out odd and even search depths.
const TEMPO: i32 = 10;

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
        let raw =
            score + self.positional_white().blend(phase) + endgame::mop_up(self, Color::White)
                - endgame::mop_up(self, Color::Black);
        let ahead = if raw >= 0 { Color::White } else { Color::Black };
        let realised = raw * endgame::winnable(self, ahead) / 64;
        endgame::fade_with_halfmove(realised, self.halfmove)
    }

    /// Pawn structure, mobility and king safety, White's terms minus Black's.
    fn positional_white(&self) -> Tapered {
        let guards = [
            pawn_attacks(self, Color::White),
            pawn_attacks(self, Color::Black),
        ];
        let white = activity(self, Color::White, guards[1]);
        let black = activity(self, Color::Black, guards[0]);
        (pawn_structure(self, Color::White) - pawn_structure(self, Color::Black))
            + (white.mobility - black.mobility)
            + (king_safety(self, Color::White, &black) - king_safety(self, Color::Black, &white))
    }

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&self) -> i32 {
        TEMPO
            + match self.side_to_move() {
                Color::White => self.evaluate_white(),
                Color::Black => -self.evaluate_white(),
            }
    }

    /// What `mv` wins at once: its victim and the promotion's gain in value.
    pub fn material_gain(&self, mv: super::Move) -> i32 {
        // A castling king may land on its own rook's square in a shuffled start: no victim.
        let victim = match mv.kind() {
            super::MoveKind::EnPassant => VALUES[Role::Pawn.index()],
            super::MoveKind::Castle => 0,
            _ => self.piece_at(mv.to()).map_or(0, |p| VALUES[p.role.index()]),
        };
        victim + mv.promotion().map_or(0, |r| VALUES[r.index()] - VALUES[0])
    }

    /// A capture of a cheaper man on a square the opponent guards (seen with the capturer
    /// gone from its square, so a slider behind it counts); promotions are never "losing".
    pub fn losing_capture(&self, mv: super::Move) -> bool {
        if mv.promotion().is_some() {
            return false;
        }
        let Some(attacker) = self.piece_at(mv.from()) else {
            return false;
        };
        let gain = self.material_gain(mv);
        let occ = self.occupied().without(mv.from());
        VALUES[attacker.role.index()] > gain
            && attacker.role != Role::King
            && self.is_attacked(mv.to(), !self.side_to_move(), occ)
    }

    /// MVV-LVA key of a capture or promotion by `mv` (None for a quiet move): the most valuable
    /// victim first, then the least valuable attacker.
    pub fn tactical_value(&self, mv: super::Move) -> Option<i32> {
        let victim = match mv.kind() {
            super::MoveKind::EnPassant => Some(Role::Pawn),
            super::MoveKind::Castle => None,
            _ => self.piece_at(mv.to()).map(|p| p.role),
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
        assert_eq!(
            up_a_rook.evaluate(),
            up_a_rook.evaluate_white() + super::TEMPO
        );
        let black_to_move = Chess::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert_eq!(
            black_to_move.evaluate(),
            -black_to_move.evaluate_white() + super::TEMPO
        );
    }

    #[test]
    fn the_cylinder_has_no_edge_files() {
        // A knight on a1 is as good as one on d1 on the cylinder, worse on a flat board.
        // (A pawn on h2 keeps the knight's side able to win, so the scores are not scaled away.)
        let rim = "4k3/8/8/8/8/8/7P/N3K3 w - - 0 1";
        let centre = "4k3/8/8/8/8/8/7P/3NK3 w - - 0 1";
        let flat = |f| Chess::from_fen(f).unwrap().evaluate_white();
        let wrapped = |f| Cylinder::from_fen(f).unwrap().evaluate_white();
        assert!(flat(rim) < flat(centre));
        assert_eq!(wrapped(rim), wrapped(centre));
    }

    fn white(fen: &str) -> i32 {
        Chess::from_fen(fen).unwrap().evaluate_white()
    }

    #[test]
    fn a_passed_pawn_is_worth_more_than_a_blocked_one_and_more_when_further() {
        // Same material: White's d-pawn either passed or faced by a black pawn on its file.
        let passed = white("4k3/p7/8/8/3P4/8/8/4K3 w - - 0 1");
        let blocked = white("4k3/3p4/8/8/3P4/8/8/4K3 w - - 0 1");
        assert!(passed > blocked + 10, "{passed} vs {blocked}");
        let further = white("4k3/p7/3P4/8/8/8/8/4K3 w - - 0 1");
        assert!(further > passed + 30, "{further} vs {passed}");
    }

    #[test]
    fn isolated_and_doubled_pawns_cost() {
        let healthy = white("4k3/8/8/8/8/8/2PP4/4K3 w - - 0 1");
        let isolated = white("4k3/8/8/8/8/8/P2P4/4K3 w - - 0 1");
        let doubled = white("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
        assert!(healthy > isolated && healthy > doubled);
    }

    #[test]
    fn on_the_cylinder_the_a_and_h_files_are_neighbours() {
        use super::pawns::pawn_structure;
        use crate::core::Color;
        // An a-pawn beside an h-pawn is isolated on a flat board, not on the cylinder.
        let pair = "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1";
        let flat = |f: &str| pawn_structure(&Chess::from_fen(f).unwrap(), Color::White);
        let wrapped = |f: &str| pawn_structure(&Cylinder::from_fen(f).unwrap(), Color::White);
        assert!(wrapped(pair).eg > flat(pair).eg);
        // A black h-pawn ahead stops a white a-pawn from being passed only on the cylinder.
        let stopper = "4k3/7p/8/8/8/8/P7/4K3 w - - 0 1";
        assert!(flat(stopper).eg > wrapped(stopper).eg);
    }

    #[test]
    fn mobility_and_open_files_favour_the_free_rook() {
        let free = white("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let boxed =
            white("4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1") - white("4k3/8/8/8/8/8/PP6/1N2K3 w - - 0 1");
        assert!(free - white("4k3/8/8/8/8/8/8/4K3 w - - 0 1") > boxed);
    }

    #[test]
    fn a_sheltered_king_is_safer_than_a_bare_one() {
        // The same pawns in front of the castled king, or on the far wing.
        let sheltered = white("r2qk2r/pppppppp/8/8/3Q4/8/5PPP/R5K1 w - - 0 1");
        let bare = white("r2qk2r/pppppppp/8/8/3Q4/8/PPP5/R5K1 w - - 0 1");
        assert!(sheltered > bare + 10, "{sheltered} vs {bare}");
    }

    #[test]
    fn gathered_attackers_endanger_the_king() {
        // Queen and knight both reach the white king's zone in the first position only.
        let attacked = white("4k3/8/8/8/8/5n2/5PPP/3q2K1 w - - 0 1");
        let apart = white("n3k3/8/8/8/8/8/5PPP/q5K1 w - - 0 1");
        assert!(attacked < apart - 20, "{attacked} vs {apart}");
    }

    #[test]
    fn a_bare_king_belongs_on_the_mating_edge() {
        // Rook and king against a bare king: the closer the bare king is pushed to where mate
        // is possible, and the closer our king stands, the better.
        let centre = white("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = white("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let corner = white("k7/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert!(
            edge > centre + 50 && corner > edge,
            "{centre} {edge} {corner}"
        );
        let far = white("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let near = white("3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
        assert!(near > far + 20, "{near} vs {far}");
    }

    #[test]
    fn on_the_cylinder_only_the_first_and_last_ranks_are_edges() {
        let wrapped = |f: &str| Cylinder::from_fen(f).unwrap().evaluate_white();
        // The a-file is no edge: a bare king there is no nearer mate than on the d-file.
        let a_file = wrapped("8/8/8/k7/8/8/8/1R2K3 w - - 0 1");
        let d_file = wrapped("8/8/8/3k4/8/8/8/1R2K3 w - - 0 1");
        assert_eq!(a_file, d_file);
        let back_rank = wrapped("3k4/8/8/8/8/8/8/1R2K3 w - - 0 1");
        assert!(back_rank > d_file + 50, "{back_rank} vs {d_file}");
        // King distance is measured round the cylinder: h- and a-files touch.
        let across = wrapped("7k/8/K7/8/8/8/8/1R6 w - - 0 1");
        let apart = wrapped("7k/8/4K3/8/8/8/8/1R6 w - - 0 1");
        assert!(across > apart, "{across} vs {apart}");
    }

    #[test]
    fn material_that_cannot_mate_is_not_a_win() {
        // A knight against a pawn cannot win; rook against bishop is nearly always a draw.
        assert!(white("4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1") <= 0);
        let rook_v_bishop = white("4k3/4b3/8/8/8/8/8/4KR2 w - - 0 1");
        assert!((0..60).contains(&rook_v_bishop), "{rook_v_bishop}");
        // With a pawn more the same edge is a real one.
        assert!(white("4k3/4b3/8/8/8/8/P7/4KR2 w - - 0 1") > 150);
    }

    #[test]
    fn a_score_fades_as_the_fifty_move_count_runs() {
        let fresh = white("4k3/8/8/8/8/8/8/Q3K3 w - - 0 60");
        let stale = white("4k3/8/8/8/8/8/8/Q3K3 w - - 80 60");
        assert!(stale < fresh * 7 / 10 && stale > 0, "{stale} vs {fresh}");
    }
}
