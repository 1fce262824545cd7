//! Men and moves: a piece is a player and a role (the six FIDE roles, shared with board8); a
//! move is two cells and a kind, three bytes.

use super::cell::Cell;
use crate::core::Player;
pub use crate::variants::board8::Role;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub player: Player,
    pub role: Role,
}

impl Piece {
    pub const fn new(player: Player, role: Role) -> Piece {
        Piece { player, role }
    }
}

/// The TriFEN letter of a player: `a`, `b`, `c` (§11).
pub const fn player_letter(player: Player) -> char {
    (b'a' + player.0) as char
}

impl fmt::Display for Piece {
    /// TriFEN: the player letter, then the uppercase role letter (`aK`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            player_letter(self.player),
            self.role.letter().to_ascii_uppercase()
        )
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Normal,
    /// The king's two-cell move of §7; the rook moves too.
    Castle,
    PromoteKnight,
    PromoteBishop,
    PromoteRook,
    PromoteQueen,
}

impl MoveKind {
    /// The four promotion choices, as tokens list them: q, r, b, n.
    pub const PROMOTIONS: [MoveKind; 4] = [
        MoveKind::PromoteQueen,
        MoveKind::PromoteRook,
        MoveKind::PromoteBishop,
        MoveKind::PromoteKnight,
    ];

    pub const fn promotion(self) -> Option<Role> {
        match self {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            MoveKind::Normal | MoveKind::Castle => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: Cell,
    to: Cell,
    kind: MoveKind,
}

impl Move {
    #[inline(always)]
    pub const fn new(from: Cell, to: Cell, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }
    #[inline(always)]
    pub const fn from(self) -> Cell {
        self.from
    }
    #[inline(always)]
    pub const fn to(self) -> Cell {
        self.to
    }
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }
    pub const fn promotion(self) -> Option<Role> {
        self.kind.promotion()
    }
}

impl fmt::Display for Move {
    /// The move token of §10: from-cell, to-cell, and the promotion letter if any (`HBHAq`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.letter())?;
        }
        Ok(())
    }
}
