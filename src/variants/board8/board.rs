//! The 8x8 position: bitboards by colour and by role, a square-indexed mailbox, and the state
//! FEN carries. Copied, not unmade: at ~200 bytes a copy is cheaper than bookkeeping an undo.
//! The position is the same whatever the board's geometry (`G`); what depends on how men
//! attack on it is in attacked.rs.

use super::piece::{Piece, Role};
use crate::core::{zobrist, Bitboard, Color, Square};
use std::marker::PhantomData;

/// Castling rights: bit 0 White O-O, 1 White O-O-O, 2 Black O-O, 3 Black O-O-O.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(pub u8);

impl Castling {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;

    pub const fn kingside(color: Color) -> u8 {
        match color {
            Color::White => Castling::WHITE_KING,
            Color::Black => Castling::BLACK_KING,
        }
    }
    pub const fn queenside(color: Color) -> u8 {
        match color {
            Color::White => Castling::WHITE_QUEEN,
            Color::Black => Castling::BLACK_QUEEN,
        }
    }
    #[inline(always)]
    pub const fn has(self, right: u8) -> bool {
        self.0 & right != 0
    }
}

/// Rights kept when a move starts or ends on a square: moving the king or a rook, or capturing on
/// a rook's corner, clears the matching rights.
const CASTLING_KEPT: [u8; 64] = {
    let mut kept = [15u8; 64];
    kept[0] = 15 & !Castling::WHITE_QUEEN;
    kept[4] = 15 & !(Castling::WHITE_KING | Castling::WHITE_QUEEN);
    kept[7] = 15 & !Castling::WHITE_KING;
    kept[56] = 15 & !Castling::BLACK_QUEEN;
    kept[60] = 15 & !(Castling::BLACK_KING | Castling::BLACK_QUEEN);
    kept[63] = 15 & !Castling::BLACK_KING;
    kept
};

const PIECE_KEYS: usize = 0;
const CASTLING_KEYS: usize = 12 * 64;
const EP_KEYS: usize = CASTLING_KEYS + 16;
const SIDE_KEY: usize = EP_KEYS + 8;
static KEYS: [u64; SIDE_KEY + 1] = zobrist::keys(0x3638_6b61_6c65_6964);

#[inline(always)]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[PIECE_KEYS + piece.index() * 64 + sq.index()]
}
#[inline(always)]
fn castling_key(c: Castling) -> u64 {
    KEYS[CASTLING_KEYS + c.0 as usize]
}
#[inline(always)]
fn ep_key(sq: Square) -> u64 {
    KEYS[EP_KEYS + sq.file() as usize]
}

#[derive(Clone, Copy, Debug)]
pub struct Board<G> {
    pub(crate) colors: [Bitboard; 2],
    pub(crate) roles: [Bitboard; 6],
    pub(crate) squares: [Option<Piece>; 64],
    pub(crate) side: Color,
    pub(crate) castling: Castling,
    /// Set only when an enemy pawn could capture there, so that hashes (and repetitions) do not
    /// tell apart positions that differ only by an unusable target.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
    geometry: PhantomData<G>,
}

impl<G> Board<G> {
    pub fn empty() -> Board<G> {
        Board {
            colors: [Bitboard::EMPTY; 2],
            roles: [Bitboard::EMPTY; 6],
            squares: [None; 64],
            side: Color::White,
            castling: Castling(0),
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            geometry: PhantomData,
        }
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lsb()
    }
    pub fn castling(&self) -> Castling {
        self.castling
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

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.colors[piece.color.index()] |= bb;
        self.roles[piece.role.index()] |= bb;
        self.squares[sq.index()] = Some(piece);
        self.hash ^= piece_key(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.colors[piece.color.index()] ^= bb;
        self.roles[piece.role.index()] ^= bb;
        self.squares[sq.index()] = None;
        self.hash ^= piece_key(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn shift(&mut self, from: Square, to: Square, piece: Piece) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.colors[piece.color.index()] ^= bb;
        self.roles[piece.role.index()] ^= bb;
        self.squares[from.index()] = None;
        self.squares[to.index()] = Some(piece);
        self.hash ^= piece_key(piece, from) ^ piece_key(piece, to);
    }

    pub(crate) fn set_castling(&mut self, rights: Castling) {
        self.hash ^= castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
    }

    /// Rights left after a move from `from` to `to`.
    #[inline(always)]
    pub(crate) fn castling_after(&self, from: Square, to: Square) -> Castling {
        Castling(self.castling.0 & CASTLING_KEPT[from.index()] & CASTLING_KEPT[to.index()])
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
        let mut h = castling_key(self.castling);
        for sq in self.occupied() {
            h ^= piece_key(
                self.squares[sq.index()].expect("occupied square has a piece"),
                sq,
            );
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
