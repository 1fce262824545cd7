//! What the search needs of gigachess: a first evaluation, captures first, the null move.
//!
//! The rules file gives no piece values, only each man's reach on an empty board (§3). The
//! values below keep the FIDE men at their usual worth and place the others by reach and kind
//! (leapers a little under sliders of equal reach, bent riders under straight ones, Cannon and
//! Bow between their mover and a minor piece); docs/variants/gigachess.md says so. They are a
//! starting point for tuning, not a finding.

use super::board::Gigachess;
use super::moves::Move;
use super::piece::{Role, ROLES};
use crate::core::Color;
use crate::search::Searchable;

/// Centipawns, in `Role` order: King, Queen, Rook, Bishop, Knight, Elephant, Machine, Camel,
/// Buffalo, Lion, Marshall, Cardinal, Amazon, Cannon, Bow, Eagle, Ship, Prince, Corporal, Pawn.
const VALUES: [i32; ROLES] = [
    0, 900, 500, 350, 300, 250, 250, 250, 650, 700, 850, 800, 1200, 450, 350, 750, 400, 300, 130,
    100,
];

impl Gigachess {
    /// Material, and Pawns, Corporals and Princes further up the board (they promote).
    fn evaluate_white(&self) -> i32 {
        let mut score = 0;
        for color in [Color::White, Color::Black] {
            let sign = if color == Color::White { 1 } else { -1 };
            for role in Role::ALL {
                for sq in super::square::squares(self.pieces(color, role)) {
                    let mut value = VALUES[role as usize];
                    if matches!(role, Role::Pawn | Role::Corporal | Role::Prince) {
                        let advance = match color {
                            Color::White => sq.rank() as i32,
                            Color::Black => 13 - sq.rank() as i32,
                        };
                        value += 4 * advance;
                    }
                    score += sign * value;
                }
            }
        }
        score
    }
}

impl Searchable for Gigachess {
    fn evaluate(&self) -> i32 {
        match self.side_to_move() {
            Color::White => self.evaluate_white(),
            Color::Black => -self.evaluate_white(),
        }
    }
    fn in_check(&self) -> bool {
        Gigachess::in_check(self)
    }
    fn tactical_value(&self, mv: Move) -> Option<i32> {
        let victim = self.piece_at(mv.to())?;
        let attacker = self.piece_at(mv.from()).map_or(0, |p| p.role as i32);
        Some(8 * VALUES[victim.role as usize] - attacker)
    }
    fn material_gain(&self, mv: Move) -> Option<i32> {
        Some(
            self.piece_at(mv.to())
                .map_or(0, |p| VALUES[p.role as usize]),
        )
    }
    /// A man takes a cheaper one on a square the opponent attacks (as the board stands).
    fn losing_capture(&self, mv: Move) -> bool {
        let (Some(attacker), Some(victim)) = (self.piece_at(mv.from()), self.piece_at(mv.to()))
        else {
            return false;
        };
        attacker.role != Role::King
            && VALUES[attacker.role as usize] > VALUES[victim.role as usize]
            && self.is_attacked(mv.to(), !self.side_to_move())
    }
    /// Passing as in FIDE chess (not while in check).
    fn null_move(&self) -> Option<Self> {
        if Gigachess::in_check(self) {
            return None;
        }
        let mut next = *self;
        next.set_ep(None);
        next.halfmove = next.halfmove.saturating_add(1);
        if next.side == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.flip_side();
        Some(next)
    }
    /// The 100-ply rule (unless the last move mated); gigachess has no dead-position rule.
    fn draw_by_rule(&self) -> bool {
        self.halfmove >= 100 && !(Gigachess::in_check(self) && self.count_legal_moves() == 0)
    }
    fn move_bits(mv: Move) -> u32 {
        mv.bits() as u32
    }
}
