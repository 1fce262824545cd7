//! The 8x8 position: bitboards by colour and by role, a square-indexed mailbox, and the state
//! FEN carries. Copied, not unmade: at ~200 bytes a copy is cheaper than bookkeeping an undo.
//! The position is the same whatever the board's geometry (`G`); what depends on how men
//! attack on it is in attacked.rs.

use super::castling::{CastlePath, Castling, CastlingRooks};
use super::piece::{Piece, Role};
use crate::core::{zobrist, Bitboard, Color, Square};
use std::marker::PhantomData;

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
    /// Where the castling rooks started; the classical corners unless the game began from a
    /// shuffled start.
    pub(crate) castling_rooks: CastlingRooks,
    /// Castling is written as the king taking its own rook (`e1h1`), as UCI_Chess960 asks, in
    /// place of the king's two-square step. On for any position whose castling king or rooks
    /// stand off the classical squares, where the step alone could read as an ordinary king
    /// move; a front end may turn it on for the classical start too.
    pub(crate) chess960: bool,
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
            castling_rooks: CastlingRooks::CLASSICAL,
            chess960: false,
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
    pub fn castling_rooks(&self) -> CastlingRooks {
        self.castling_rooks
    }
    /// The squares of `color` castling towards the h-file (`kingside`) or the a-file; only
    /// meaningful while that right is held.
    #[inline(always)]
    pub fn castle_path(&self, color: Color, kingside: bool) -> CastlePath {
        *self.castling_rooks.path(Castling::right(color, kingside))
    }
    /// Whether castling is written king-takes-rook (see the field).
    pub fn chess960(&self) -> bool {
        self.chess960
    }
    /// Writes castling king-takes-rook (`on`) or as the king's step; a position whose castling
    /// men stand off the classical squares keeps king-takes-rook, which alone is unambiguous
    /// there.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on || self.castling_off_classical();
    }
    /// Whether a held right's king or rook stands off the classical squares (e-file king,
    /// corner rooks).
    pub(crate) fn castling_off_classical(&self) -> bool {
        [Color::White, Color::Black].into_iter().any(|color| {
            self.castling.has(Castling::both(color))
                && (self.pieces(color, Role::King).next().map(Square::file) != Some(4)
                    || [Castling::kingside(color), Castling::queenside(color)]
                        .into_iter()
                        .any(|right| {
                            self.castling.has(right)
                                && self.castling_rooks.file(right)
                                    != CastlingRooks::CLASSICAL.file(right)
                        }))
        })
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

    /// Rights left after `piece` moves from `from` to `to`.
    #[inline(always)]
    pub(crate) fn castling_after(&self, piece: Piece, from: Square, to: Square) -> Castling {
        self.castling_rooks.kept(
            self.castling,
            piece.color,
            piece.role == Role::King,
            from,
            to,
        )
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
