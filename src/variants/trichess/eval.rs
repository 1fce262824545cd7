//! Trichess's evaluation of one player's men: material, the reach of its pieces (men nearer
//! the centre of the hexagon reach more cells), its pawns' progress toward promotion, and the
//! men that shelter its king. The three-player search weighs one player's strength against
//! its two opponents' (search.rs).

use super::board::Trichess;
use super::cell::Cell;
use super::tables::KING;
use crate::core::Player;
use crate::variants::board8::Role;

/// Centipawn values of pawn, knight, bishop, rook, queen; the king has none.
pub const VALUES: [i32; 6] = [100, 300, 325, 500, 900, 0];

/// A pawn's bonus by the fewest steps it still needs to reach its promotion zone (index 0 is
/// never used: a pawn in the zone has promoted). The zone is three edges, so pawns near a
/// neutral edge are nearer than the middle ones.
const PAWN_PROGRESS: [i32; 14] = [0, 140, 80, 45, 25, 12, 5, 0, 0, 0, 0, 0, 0, 0];

/// Per man of the king's own that stands next to it, up to `SHELTER_MEN` of them.
const SHELTER: i32 = 8;
const SHELTER_MEN: u32 = 4;

/// `cell`'s cube coordinates (q, r, s) as `player` sees the board: turned by the rules' 120°
/// symmetry (§1) so that its home edge is r = +7, as player 0's is.
fn seen_by(player: Player, cell: Cell) -> (i32, i32, i32) {
    let (q, r, s) = (cell.q(), cell.r(), cell.s());
    match player.0 {
        0 => (q, r, s),
        1 => (r, s, q),
        _ => (s, q, r),
    }
}

/// Steps a pawn of `player` on `cell` still needs to reach its zone (r = -7, q = +7 or
/// s = +7 in its own view, §6): each step takes r down by one and q or s up by one.
fn steps_to_zone(player: Player, cell: Cell) -> usize {
    let (q, r, s) = seen_by(player, cell);
    (r + 7).min(7 - q).min(7 - s).clamp(0, 13) as usize
}

impl Trichess {
    /// Material and position of one player's men, in centipawns.
    pub(super) fn strength(&self, player: Player) -> i32 {
        let mut total = 0;
        for role in Role::ALL {
            for bit in self.pieces(player, role) {
                total += VALUES[role as usize];
                let cell = Cell::from_index(bit);
                match role {
                    Role::Knight | Role::Bishop | Role::Queen => {
                        let rim = cell.q().abs().max(cell.r().abs()).max(cell.s().abs());
                        total += 4 * (7 - rim);
                    }
                    Role::Pawn => total += PAWN_PROGRESS[steps_to_zone(player, cell)],
                    _ => {}
                }
            }
        }
        if let Some(king) = self.king(player) {
            let guards = (KING[king.index()] & self.men(player)).count();
            total += SHELTER * guards.min(SHELTER_MEN) as i32;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Searchable};
    use crate::variants::trichess::cell::CELLS;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `pos` turned by the rules' rotation (§1): every man of player p on a cell goes to the
    /// rotated cell as player p + 1's, and the turn and castling rights move on a seat with it.
    fn rotated(pos: &Trichess) -> Trichess {
        let mut out = Trichess::empty();
        for cell in CELLS {
            if let Some(piece) = pos.piece_at(cell) {
                let player = (piece.player.index() + 1) % 3;
                out.put(cell.rotated().index(), player, piece.role as usize);
            }
        }
        out.side = (pos.side + 1) % 3;
        out.castling = ((pos.castling << 2) | (pos.castling >> 4)) & 0b11_1111;
        out.halfmove = pos.halfmove;
        out.fullmove = pos.fullmove;
        out.hash = out.hash_from_scratch();
        out
    }

    /// The start position, and positions that random legal moves lead to from it.
    fn positions() -> Vec<Trichess> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut out = vec![Trichess::startpos()];
        for plies in [3, 8, 15, 30, 60] {
            let mut pos = Trichess::startpos();
            let mut moves = Vec::new();
            for _ in 0..plies {
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
            out.push(pos);
        }
        out
    }

    #[test]
    fn the_evaluation_turns_with_the_board() {
        let start = Trichess::startpos();
        assert_eq!(rotated(&rotated(&rotated(&start))).fen(), start.fen());
        // The start position is the same for every seat: equal evaluations.
        let evals: Vec<i32> = (0..3).map(|p| start.evaluate_for(Player(p))).collect();
        assert_eq!(evals, [0, 0, 0]);
        for pos in positions() {
            let turned = rotated(&pos);
            assert_eq!(
                pos.count_legal_moves(),
                turned.count_legal_moves(),
                "{}",
                pos.fen()
            );
            for p in 0..3u8 {
                let next = Player((p + 1) % 3);
                assert_eq!(
                    pos.strength(Player(p)),
                    turned.strength(next),
                    "{}",
                    pos.fen()
                );
                assert_eq!(
                    pos.evaluate_for(Player(p)),
                    turned.evaluate_for(next),
                    "player {p} in {}",
                    pos.fen()
                );
            }
        }
    }

    #[test]
    fn start_pawns_are_six_to_thirteen_steps_from_promotion_in_every_seat() {
        // Player 0's pawns on r = 6: the corner ones stand on a neutral edge, 6 steps from
        // the zone along it; the middle ones 7 or more.
        let corner = Cell::new(-7, 6).unwrap();
        let middle = Cell::new(-2, 6).unwrap();
        assert_eq!(steps_to_zone(Player(0), corner), 6);
        assert_eq!(steps_to_zone(Player(0), middle), 9);
        // The rules' rotation takes player 0's cells to player 1's and 2's.
        for p in 1..3u8 {
            let (mut c, mut m) = (corner, middle);
            for _ in 0..p {
                c = c.rotated();
                m = m.rotated();
            }
            assert_eq!(steps_to_zone(Player(p), c), 6, "player {p}");
            assert_eq!(steps_to_zone(Player(p), m), 9, "player {p}");
        }
        // One step from the top edge, player 0's zone.
        assert_eq!(steps_to_zone(Player(0), Cell::new(0, -6).unwrap()), 1);
    }
}
