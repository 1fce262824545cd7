//! Static exchange evaluation: what a move wins or loses in material if both sides then take
//! turns capturing on its target square, each with its cheapest man, and each free to stop.
//! The search orders captures by it and prunes moves that throw material away.
//!
//! The swap-list method: every capture on the square is recorded as the material the side
//! making it would be up if the exchange stopped there, and the list is then folded back from
//! the end, each side keeping the better of stopping and going on. Attacks come from the
//! board's `Geometry`, so the cylinder's sliders and pawns reach across the a/h seam, and a
//! man that leaves the square's lines is taken out of the occupancy before the attacks are read
//! again: a slider behind it (an x-ray) joins the exchange. Pins are not seen: a pinned man
//! counts as a capturer, as in most engines (the search, not this estimate, finds what a pin
//! costs).

use super::board::Board;
use super::eval::VALUES;
use super::geometry::Geometry;
use super::moves::{Move, MoveKind};
use super::piece::Role;
use crate::core::{Color, Square};

/// A king stands on the square for this much: no exchange ever captures it (a king takes only
/// when nothing can take back), but the fold must still never want to.
const KING_VALUE: i32 = 20_000;

/// Captures in one exchange: 32 men at most, so the list can never fill.
const MAX_SWAPS: usize = 32;

#[inline(always)]
fn value(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        VALUES[role.index()]
    }
}

/// The rank on which a pawn of `color` promotes.
#[inline(always)]
fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

impl<G: Geometry> Board<G> {
    /// The material the side to move is up (in centipawns, by the evaluation's values) after
    /// `mv` and the best sequence of captures on its target square that follows. A quiet move
    /// counts only what it may lose there; castling counts nothing. A pawn that captures on its
    /// last rank is taken to become a queen.
    pub fn see(&self, mv: Move) -> i32 {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else {
            return 0;
        };
        if mv.kind() == MoveKind::Castle {
            return 0;
        }
        let queen = VALUES[Role::Queen.index()];
        let pawn = VALUES[Role::Pawn.index()];
        let mut occ = self.occupied().without(from);
        let mut gain = [0i32; MAX_SWAPS];
        gain[0] = if mv.kind() == MoveKind::EnPassant {
            // The victim stands beside the target square; its leaving may open a file to it.
            occ = occ.without(Square::from_coords(to.file(), from.rank()));
            pawn
        } else {
            self.piece_at(to).map_or(0, |p| value(p.role))
        };
        // The value of the man standing on the square, for the side that takes it next.
        let mut standing = match mv.promotion() {
            Some(role) => {
                gain[0] += VALUES[role.index()] - pawn;
                VALUES[role.index()]
            }
            None => value(mover.role),
        };
        let diagonal = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let straight = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let mut attackers = self.attackers_to(to, occ) & occ;
        let mut side = !mover.color;
        let mut depth = 0;
        while depth + 1 < MAX_SWAPS {
            let ours = attackers & self.by_color(side);
            let Some(role) = Role::ALL
                .into_iter()
                .find(|&r| (ours & self.by_role(r)).any())
            else {
                break;
            };
            let sq = (ours & self.by_role(role)).lsb();
            let next_occ = occ.without(sq);
            let mut next_attackers = attackers;
            // Whoever leaves a line through the square may uncover a slider on it. A pawn
            // takes diagonally, so only diagonal lines open behind it; a knight opens none.
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
                next_attackers |= G::bishop(to, next_occ) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen | Role::King) {
                next_attackers |= G::rook(to, next_occ) & straight;
            }
            next_attackers &= next_occ;
            // A king may take only when nothing can take it back, x-rays included.
            if role == Role::King && (next_attackers & self.by_color(!side)).any() {
                break;
            }
            let promotes = role == Role::Pawn && to.rank() == promotion_rank(side);
            depth += 1;
            gain[depth] = standing - gain[depth - 1];
            standing = if promotes {
                gain[depth] += queen - pawn;
                queen
            } else {
                value(role)
            };
            occ = next_occ;
            attackers = next_attackers;
            side = !side;
        }
        // Fold back: each side takes the worse for its opponent of stopping before its capture
        // and making it.
        while depth > 0 {
            gain[depth - 1] = gain[depth - 1].min(-gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// Whether `see(mv)` is at least `threshold`. Two bounds answer most calls without the
    /// exchange: the mover can never end up with more than `mv` takes at once (the opponent
    /// may leave it there), and never with less than that minus the man left on the square
    /// (it may stop after one recapture), unless that recapture promotes.
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        let pawn = VALUES[Role::Pawn.index()];
        let (taken, standing) = match mv.promotion() {
            Some(role) => (VALUES[role.index()] - pawn, VALUES[role.index()]),
            None => (0, self.piece_at(mv.from()).map_or(0, |p| value(p.role))),
        };
        let immediate = taken
            + if mv.kind() == MoveKind::EnPassant {
                pawn
            } else {
                self.piece_at(mv.to()).map_or(0, |p| value(p.role))
            };
        if immediate < threshold {
            return false;
        }
        let them = !self.side_to_move();
        if immediate - standing >= threshold
            && mv.kind() != MoveKind::Castle
            && mv.to().rank() != promotion_rank(them)
        {
            return true;
        }
        self.see(mv) >= threshold
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::variants::board8::Flat;
    use crate::variants::board8::{Board, Geometry, Move};
    use crate::variants::cylinder::Wrapped;

    /// The legal move written `uci` in the position `fen`.
    fn legal<G: Geometry>(fen: &str, uci: &str) -> (Board<G>, Move) {
        let board = Board::<G>::from_fen(fen).unwrap();
        let mv = board.parse_move(uci).unwrap();
        (board, mv)
    }

    fn chess(fen: &str, uci: &str) -> i32 {
        let (board, mv) = legal::<Flat>(fen, uci);
        board.see(mv)
    }

    fn cylinder(fen: &str, uci: &str) -> i32 {
        let (board, mv) = legal::<Wrapped>(fen, uci);
        board.see(mv)
    }

    #[test]
    fn an_undefended_man_is_won_whole() {
        assert_eq!(
            chess("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
    }

    #[test]
    fn a_rook_taking_a_pawn_a_pawn_guards_loses_the_difference() {
        assert_eq!(chess("4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5"), -400);
    }

    #[test]
    fn the_classic_knight_exchange_with_x_rays_on_both_sides() {
        // NxP, NxN, RxN, BxR, QxB, QxQ: the rook and queen behind each other and the queen
        // behind the bishop come in as the men in front of them go.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert_eq!(chess(fen, "d3e5"), 100 - 320);
    }

    #[test]
    fn a_rook_behind_the_capturer_makes_the_capture_safe() {
        // RxP, RxR, RxR: without the rook on e1 seen through e2, it would lose 400.
        let fen = "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1";
        assert_eq!(chess(fen, "e2e5"), 100);
        let alone = "4r1k1/8/8/4p3/8/8/4R3/6K1 w - - 0 1";
        assert_eq!(chess(alone, "e2e5"), -400);
    }

    #[test]
    fn a_knight_takes_a_pawn_with_rooks_doubled_behind() {
        // NxP, RxN, RxR, RxR, RxR: the d1 rook, behind the d2 one, has the last word, so
        // the knight wins its pawn; seen without it, the exchange would cost the knight.
        let fen = "3r2k1/3r4/8/3p4/8/4N3/3R4/3R2K1 w - - 0 1";
        assert_eq!(chess(fen, "e3d5"), 100);
        let single = "3r2k1/3r4/8/3p4/8/4N3/3R4/6K1 w - - 0 1";
        assert_eq!(chess(single, "e3d5"), 100 - 320);
    }

    #[test]
    fn en_passant_takes_the_pawn_beside_the_square() {
        // exd6 e.p., cxd6, Rxd6: the rook reaches d6 only because the captured pawn has left
        // d5.
        let fen = "4k3/2p5/8/3pP3/8/8/8/3RK3 w - d6 0 1";
        assert_eq!(chess(fen, "e5d6"), 100);
        let no_rook = "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(chess(no_rook, "e5d6"), 0);
    }

    #[test]
    fn promotions_count_the_new_man() {
        // axb8=Q wins a rook and a queen for a pawn when nothing takes back.
        assert_eq!(
            chess("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
            500 + 800
        );
        // With the d7 knight guarding b8, the new queen is lost: a rook for the pawn.
        let guarded = "1r2k3/P2n4/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(chess(guarded, "a7b8q"), 400);
        assert_eq!(chess(guarded, "a7b8n"), 400);
        // A pawn that steps onto a guarded last rank is lost.
        assert_eq!(chess("7r/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), -100);
    }

    #[test]
    fn a_recapture_that_promotes_counts_the_queen() {
        // Rxb1 is answered by axb1=Q: the rook, and a pawn turned queen, are lost for a knight.
        assert_eq!(
            chess("4k3/8/8/8/8/7K/p7/1n5R w - - 0 1", "h1b1"),
            320 - 500 - 800
        );
    }

    #[test]
    fn a_king_takes_only_when_nothing_takes_back() {
        // NxP, RxN, KxR: the king may end the exchange, a pawn up.
        let fen = "7k/3r4/2K5/3p4/5N2/8/8/8 w - - 0 1";
        assert_eq!(chess(fen, "f4d5"), 100);
        // With the queen behind the rook the king may not take back: the knight is lost.
        let guarded = "3q3k/3r4/2K5/3p4/5N2/8/8/8 w - - 0 1";
        assert_eq!(chess(guarded, "f4d5"), 100 - 320);
    }

    #[test]
    fn quiet_moves_count_what_they_hang() {
        // Nd5 puts the knight where the e6 pawn takes it.
        assert_eq!(chess("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), -320);
        assert_eq!(chess("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3b5"), 0);
        assert_eq!(chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }

    #[test]
    fn see_ge_agrees_with_see() {
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        let (board, mv) = legal::<Flat>(fen, "d3e5");
        assert!(board.see_ge(mv, -220));
        assert!(!board.see_ge(mv, -219));
        assert!(!board.see_ge(mv, 101));
        // The quick bounds, and where they must not answer: a recapture that promotes.
        let pawn_takes_queen = "4k3/8/3q4/4P3/8/8/8/4K3 w - - 0 1";
        let (board, mv) = legal::<Flat>(pawn_takes_queen, "e5d6");
        assert!(board.see_ge(mv, 900) && !board.see_ge(mv, 901));
        let (board, mv) = legal::<Flat>("4k3/8/8/8/8/7K/p7/1n5R w - - 0 1", "h1b1");
        assert!(board.see_ge(mv, -980) && !board.see_ge(mv, -979));
    }

    #[test]
    fn on_the_cylinder_a_pawn_guards_across_the_seam() {
        // The h5 pawn guards a4 only where files a and h are joined.
        let fen = "4k3/8/8/7p/p7/8/8/R3K3 w - - 0 1";
        assert_eq!(chess(fen, "a1a4"), 100);
        assert_eq!(cylinder(fen, "a1a4"), -400);
    }

    #[test]
    fn on_the_cylinder_a_rook_takes_across_the_seam_with_another_behind() {
        // Rh4xa4 goes round the edge (the d4 pawn blocks the way across the board), the a8
        // rook takes, and the g4 rook, behind h4 on the rank's ring, takes back.
        let fen = "r3k3/8/8/8/p2P2RR/8/8/4K3 w - - 0 1";
        assert_eq!(cylinder(fen, "h4a4"), 100);
        let alone = "r3k3/8/8/8/p2P3R/8/8/4K3 w - - 0 1";
        assert_eq!(cylinder(alone, "h4a4"), -400);
    }
}
