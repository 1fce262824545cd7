//! The position: bitboards by colour and role, a mailbox, the line occupancies, the state FEN
//! carries, and an incremental Zobrist hash of the repetition key (placement, side to move,
//! e.p. square; rules §7). Copied, not unmade (copy-make, as the 8x8 boards).

use super::lines::Lines;
use super::piece::{Piece, Role, ROLES};
use super::square::{squares, Square, SQUARES};
use crate::core::{zobrist, Bitboard256, Color};

const PIECE_KEYS: usize = 0;
const EP_KEYS: usize = 2 * ROLES * SQUARES;
const SIDE_KEY: usize = EP_KEYS + SQUARES;
static KEYS: [u64; SIDE_KEY + 1] = zobrist::keys(0x6769_6761_6368_6573);

#[inline(always)]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[PIECE_KEYS + (piece.color.index() * ROLES + piece.role.index()) * SQUARES + sq.index()]
}
#[inline(always)]
fn ep_key(sq: Square) -> u64 {
    KEYS[EP_KEYS + sq.index()]
}

/// A Gigachess position.
#[derive(Clone, Copy)]
pub struct Gigachess {
    pub(crate) colors: [Bitboard256; 2],
    pub(crate) roles: [Bitboard256; ROLES],
    /// 0 for an empty square, else `Piece::code`.
    pub(crate) squares: [u8; SQUARES],
    pub(crate) lines: Lines,
    pub(crate) kings: [Square; 2],
    pub(crate) side: Color,
    /// The square passed over by the last move's double step (§4), whether or not a capture is
    /// possible: it is part of the repetition key.
    pub(crate) ep: Option<Square>,
    /// Plies since the last capture or Pawn/Corporal move.
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
}

impl Gigachess {
    pub(crate) fn empty() -> Gigachess {
        Gigachess {
            colors: [Bitboard256::EMPTY; 2],
            roles: [Bitboard256::EMPTY; ROLES],
            squares: [0; SQUARES],
            lines: Lines::EMPTY,
            kings: [Square::default(); 2],
            side: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.squares[sq.index()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard256 {
        self.colors[color.index()]
    }
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard256 {
        self.roles[role.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard256 {
        self.colors[color.index()] & self.roles[role.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard256 {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts a man on an empty square. `HASH` is false for the scratch copies legality tests
    /// make, which never look at the hash.
    #[inline(always)]
    pub(crate) fn put<const HASH: bool>(&mut self, sq: Square, piece: Piece) {
        let bb = sq.bb();
        self.colors[piece.color.index()] |= bb;
        self.roles[piece.role.index()] |= bb;
        self.squares[sq.index()] = piece.code();
        self.lines.toggle(piece.color.index(), sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq;
        }
        if HASH {
            self.hash ^= piece_key(piece, sq);
        }
    }

    #[inline(always)]
    pub(crate) fn remove<const HASH: bool>(&mut self, sq: Square, piece: Piece) {
        let bb = sq.bb();
        self.colors[piece.color.index()] ^= bb;
        self.roles[piece.role.index()] ^= bb;
        self.squares[sq.index()] = 0;
        self.lines.toggle(piece.color.index(), sq);
        if HASH {
            self.hash ^= piece_key(piece, sq);
        }
    }

    /// Moves a man to an empty square.
    #[inline(always)]
    pub(crate) fn shift<const HASH: bool>(&mut self, from: Square, to: Square, piece: Piece) {
        let bb = from.bb() | to.bb();
        self.colors[piece.color.index()] ^= bb;
        self.roles[piece.role.index()] ^= bb;
        self.squares[from.index()] = 0;
        self.squares[to.index()] = piece.code();
        self.lines.toggle(piece.color.index(), from);
        self.lines.toggle(piece.color.index(), to);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = to;
        }
        if HASH {
            self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        }
    }

    pub(crate) fn set_ep(&mut self, ep: Option<Square>) {
        zobrist::replace(&mut self.hash, &mut self.ep, ep, ep_key);
    }

    pub(crate) fn flip_side(&mut self) {
        self.side = !self.side;
        self.hash ^= KEYS[SIDE_KEY];
    }

    /// The hash computed from nothing, to check the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in squares(self.occupied()) {
            if let Some(piece) = self.piece_at(sq) {
                h ^= piece_key(piece, sq);
            }
        }
        if let Some(ep) = self.ep {
            h ^= ep_key(ep);
        }
        if self.side == Color::Black {
            h ^= KEYS[SIDE_KEY];
        }
        h
    }
}

impl std::fmt::Debug for Gigachess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Gigachess({})", self.to_fen())
    }
}
