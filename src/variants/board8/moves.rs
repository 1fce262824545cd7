//! A move of the 8x8 variants in 16 bits: from (6), to (6), kind (4).

use super::piece::Role;
use crate::core::Square;
use crate::errors::MoveError;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    /// A pawn's two-square step: the only move that can create an en-passant target.
    DoublePush = 1,
    /// Written as the king's move; the rook goes beside it.
    Castle = 2,
    EnPassant = 3,
    PromoteKnight = 4,
    PromoteBishop = 5,
    PromoteRook = 6,
    PromoteQueen = 7,
}

impl MoveKind {
    pub const PROMOTIONS: [MoveKind; 4] = [
        MoveKind::PromoteQueen,
        MoveKind::PromoteRook,
        MoveKind::PromoteBishop,
        MoveKind::PromoteKnight,
    ];
    const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::Castle,
        MoveKind::EnPassant,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
    ];
    pub const fn promotion(self) -> Option<Role> {
        match self {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// The from-square, to-square and promotion of a coordinate token (`e2e4`, `e7e8q`), before
/// any test of legality; `what` names the token in the error ("move", "sub-move").
pub fn read_coordinates(
    token: &str,
    what: &str,
) -> Result<(Square, Square, Option<Role>), MoveError> {
    let shape = || MoveError::malformed(token, format!("expected a {what} like e2e4 or e7e8q"));
    if !token.is_ascii() || !(4..=5).contains(&token.len()) {
        return Err(shape());
    }
    let from = Square::parse(&token[0..2]).ok_or_else(shape)?;
    let to = Square::parse(&token[2..4]).ok_or_else(shape)?;
    let promotion =
        Role::promotion_suffix(&token[4..]).map_err(|e| MoveError::malformed(token, e))?;
    Ok((from, to, promotion))
}

impl Move {
    /// The move of `moves` from `from` to `to` with this promotion, as a coordinate token
    /// names it.
    pub fn find(moves: &[Move], from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        moves
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
    }

    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12) as usize & 7]
    }
    pub const fn promotion(self) -> Option<Role> {
        self.kind().promotion()
    }
    /// The raw 16 bits, for variants that pack a move into a larger turn.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl Move {
    /// UCI coordinate notation: `e2e4`, `e7e8q`; castling as the king's move. Written a
    /// character at a time: a program that lists every legal move as text (the Python
    /// package) spends half its time here through the formatting machinery.
    pub fn token(self) -> String {
        let mut token = String::with_capacity(5);
        self.write_token(&mut token);
        token
    }

    /// Appends the token to `out`.
    pub fn write_token(self, out: &mut String) {
        write_square(self.from(), out);
        write_square(self.to(), out);
        if let Some(role) = self.promotion() {
            out.push(role.letter());
        }
    }
}

/// Appends a square's name (`e4`) to `out`.
pub fn write_square(square: Square, out: &mut String) {
    out.push(char::from(b'a' + square.file()));
    out.push(char::from(b'1' + square.rank()));
}

impl fmt::Display for Move {
    /// UCI coordinate notation: `e2e4`, `e7e8q`; castling as the king's move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
