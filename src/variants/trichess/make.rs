//! Playing a move in place (rules §6, §7, §9): men, promotion, the castling rook, rights,
//! clocks, the turn and the hash; a king capture records the split of the points.

use super::board::{castling_key, side_key, KingCapture, Trichess, KING_ROLE, PAWN};
use super::moves::{Move, MoveKind};
use super::tables::{CASTLES, RIGHTS_KEPT};
use crate::core::Player;

impl Trichess {
    /// The role index of the man on `cell` (which holds one).
    #[inline(always)]
    fn role_index(&self, cell: usize) -> usize {
        (0..6).find(|&r| self.roles[r].has(cell)).unwrap_or(PAWN)
    }

    /// Plays a legal move of the side to move.
    pub fn play(&mut self, mv: Move) {
        let us = self.side as usize;
        let (from, to) = (mv.from().index(), mv.to().index());
        let role = self.role_index(from);
        let mut irreversible = role == PAWN;

        if let Some(victim) = (0..3).find(|&p| p != us && self.players[p].has(to)) {
            let captured = self.role_index(to);
            if captured == KING_ROLE {
                // §9 case 1: the split counts the attackers in the position before the capture.
                let victim = Player(victim as u8);
                self.king_capture = Some(KingCapture {
                    victim,
                    attackers: self.king_attackers(victim),
                });
            }
            self.remove(to, victim, captured);
            irreversible = true;
        }

        self.remove(from, us, role);
        let landing = match mv.promotion() {
            Some(promoted) => promoted as usize,
            None => role,
        };
        self.put(to, us, landing);
        if mv.kind() == MoveKind::Castle {
            if let Some(castle) = CASTLES[us].iter().find(|c| c.king_to == mv.to()) {
                self.remove(castle.rook_from.index(), us, super::board::ROOK);
                self.put(castle.rook_to.index(), us, super::board::ROOK);
            }
        }

        let rights = self.castling & RIGHTS_KEPT[from] & RIGHTS_KEPT[to];
        self.hash ^= castling_key(self.castling ^ rights);
        self.castling = rights;

        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == 2 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let next = (us + 1) % 3;
        self.hash ^= side_key(us) ^ side_key(next);
        self.side = next as u8;
    }
}
