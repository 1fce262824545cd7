//! Legal move generation for the FIDE-rules 8x8 variants, generic over the board geometry.
//!
//! Legality comes from king safety computed once per position (the check-evasion mask and the
//! pins, see Geometry::safety), so no move is made and unmade to be tested, except en passant,
//! which is rare and can uncover a king along a rank. The generator writes into a MoveSink: perft
//! leaves count whole target sets with popcount instead of listing moves.

use super::board::Board;
use super::castling::Castling;
use super::geometry::{Geometry, Safety};
use super::moves::{Move, MoveKind};
use super::piece::Role;
use crate::core::{Bitboard, Color, Square};

pub trait MoveSink {
    /// Ordinary moves of the man on `from` to each of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// One pawn move to each of `targets`, from `origin(to)`.
    fn pawn_moves(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square, kind: MoveKind);
    /// The four promotions on each of `targets`.
    fn promotions(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square);
    fn single(&mut self, mv: Move);
}

/// Counts moves without listing them.
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _: impl Fn(Square) -> Square, _: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: impl Fn(Square) -> Square) {
        self.0 += 4 * targets.count() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// A list that moves can be appended to; every such list is a MoveSink that expands target
/// sets into single moves.
pub trait MoveBuffer {
    fn push_move(&mut self, mv: Move);
}

impl<T: MoveBuffer> MoveSink for T {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push_move(Move::new(from, to, MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square, kind: MoveKind) {
        for to in targets {
            self.push_move(Move::new(origin(to), to, kind));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, origin: impl Fn(Square) -> Square) {
        for to in targets {
            let from = origin(to);
            for kind in MoveKind::PROMOTIONS {
                self.push_move(Move::new(from, to, kind));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push_move(mv);
    }
}

impl MoveBuffer for Vec<Move> {
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A move list on the stack, for generators that run at every node.
pub struct MoveArray {
    moves: [Move; MoveArray::CAPACITY],
    len: usize,
}

impl MoveArray {
    /// Above the most pseudo-legal moves any 8x8 position has (the record is in the low 200s).
    pub const CAPACITY: usize = 320;

    pub fn new() -> MoveArray {
        MoveArray {
            moves: [Move::default(); MoveArray::CAPACITY],
            len: 0,
        }
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveArray {
    fn default() -> Self {
        MoveArray::new()
    }
}

impl MoveBuffer for MoveArray {
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

/// The square `df` files and `dr` ranks away, wrapping files when the geometry does. Only called
/// for squares known to be on the board.
#[inline(always)]
pub(crate) fn offset<G: Geometry>(sq: Square, df: i8, dr: i8) -> Square {
    if G::WRAPS {
        let file = (sq.file() as i8 + df) & 7;
        Square::from_coords(file as u8, (sq.rank() as i8 + dr) as u8)
    } else {
        Square::new((sq.index() as i8 + dr * 8 + df) as u8)
    }
}

/// Squares attacked towards the a-file (`west`) or the h-file by pawns of `color` on `pawns`.
#[inline(always)]
pub(crate) fn pawn_captures<G: Geometry>(pawns: Bitboard, color: Color, west: bool) -> Bitboard {
    let (edge, inner) = if west {
        (pawns & Bitboard::FILE_A, pawns & !Bitboard::FILE_A)
    } else {
        (pawns & Bitboard::FILE_H, pawns & !Bitboard::FILE_H)
    };
    let (straight, wrapped) = match (color, west) {
        (Color::White, true) => (inner.shl(7), edge.shl(15)),
        (Color::White, false) => (inner.shl(9), edge.shl(1)),
        (Color::Black, true) => (inner.shr(9), edge.shr(1)),
        (Color::Black, false) => (inner.shr(7), edge.shr(15)),
    };
    if G::WRAPS {
        straight | wrapped
    } else {
        straight
    }
}

/// Generates every legal move of the side to move into `sink`.
#[inline(always)]
pub fn generate<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S) {
    generate_with_safety(b, sink);
}

/// `generate`, returning the king safety it computed, for variants that need it afterwards.
#[inline(always)]
pub fn generate_with_safety<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S) -> Safety {
    let us = b.side;
    let them = !us;
    let ours = b.by_color(us);
    let theirs = b.by_color(them);
    let occ = ours | theirs;
    let king = b.king_square(us);
    let safety = G::safety(b, king);

    // The king may not step onto an attacked square, nor along the line of a checking slider
    // (hence the occupancy without the king).
    let without_king = occ.without(king);
    let mut king_targets = Bitboard::EMPTY;
    for to in G::king(king) & !ours {
        if !b.is_attacked(to, them, without_king) {
            king_targets = king_targets.with(to);
        }
    }
    sink.piece_moves(king, king_targets);

    men_moves(b, sink, &safety);
    if !safety.in_check && b.castling.has(Castling::both(us)) {
        castling_moves(b, sink);
    }
    en_passant(b, sink, king);
    safety
}

/// Every move of the men other than the king (e.p. aside) that `safety` allows.
#[inline(always)]
fn men_moves<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S, safety: &Safety) {
    let us = b.side;
    let ours = b.by_color(us);
    let occ = b.occupied();
    let target = safety.evasion & !ours;
    if target.is_empty() {
        return;
    }
    let pinned = safety.pinned;
    // A pinned knight can never stay on its pin line, on either geometry.
    for from in b.pieces(us, Role::Knight) & !pinned {
        sink.piece_moves(from, G::knight(from) & target);
    }
    let queens = b.pieces(us, Role::Queen);
    let diagonal = b.pieces(us, Role::Bishop) | queens;
    let orthogonal = b.pieces(us, Role::Rook) | queens;
    for from in diagonal & !pinned {
        sink.piece_moves(from, G::bishop(from, occ) & target);
    }
    for from in orthogonal & !pinned {
        sink.piece_moves(from, G::rook(from, occ) & target);
    }
    for from in (diagonal | orthogonal) & pinned {
        let ray = safety.pin_ray(from) & target;
        let mut reach = Bitboard::EMPTY;
        if diagonal.has(from) {
            reach |= G::bishop(from, occ);
        }
        if orthogonal.has(from) {
            reach |= G::rook(from, occ);
        }
        sink.piece_moves(from, reach & ray);
    }
    pawn_moves(b, sink, safety, target);
}

/// Every pseudo-legal move of the men other than the king, e.p. included, whatever it does to
/// the king: for variants that judge legality after more than the move (spinchess's C-turns).
pub fn generate_pseudo_men<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S) {
    men_moves(b, sink, &Safety::new());
    if let Some(ep) = b.ep {
        for from in G::pawn(!b.side, ep) & b.pieces(b.side, Role::Pawn) {
            sink.single(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

#[inline(always)]
fn pawn_moves<G: Geometry, S: MoveSink>(
    b: &Board<G>,
    sink: &mut S,
    safety: &Safety,
    target: Bitboard,
) {
    let us = b.side;
    let theirs = b.by_color(!us);
    let empty = !b.occupied();
    let pawns = b.pieces(us, Role::Pawn);
    let (forward, start_rank, third_rank, last_rank): (i8, u8, u8, u8) = match us {
        Color::White => (1, 1, 2, 7),
        Color::Black => (-1, 6, 5, 0),
    };
    let promo = Bitboard::rank(last_rank);
    let advance = |bb: Bitboard| match us {
        Color::White => bb.shl(8),
        Color::Black => bb.shr(8),
    };

    let free = pawns & !safety.pinned;
    let single = advance(free) & empty;
    let double = advance(single & Bitboard::rank(third_rank)) & empty & target;
    let single = single & target;
    let back1 = |to: Square| offset::<G>(to, 0, -forward);
    sink.pawn_moves(single & !promo, back1, MoveKind::Normal);
    sink.promotions(single & promo, back1);
    sink.pawn_moves(
        double,
        |to| offset::<G>(to, 0, -2 * forward),
        MoveKind::DoublePush,
    );

    let west = pawn_captures::<G>(free, us, true) & theirs & target;
    let from_west = |to: Square| offset::<G>(to, 1, -forward);
    sink.pawn_moves(west & !promo, from_west, MoveKind::Normal);
    sink.promotions(west & promo, from_west);
    let east = pawn_captures::<G>(free, us, false) & theirs & target;
    let from_east = |to: Square| offset::<G>(to, -1, -forward);
    sink.pawn_moves(east & !promo, from_east, MoveKind::Normal);
    sink.promotions(east & promo, from_east);

    for from in pawns & safety.pinned {
        let allowed = safety.pin_ray(from) & target;
        let mut pushes = Bitboard::EMPTY;
        let one = offset::<G>(from, 0, forward);
        if empty.has(one) {
            pushes = pushes.with(one);
            if from.rank() == start_rank {
                let two = offset::<G>(one, 0, forward);
                if empty.has(two) && allowed.has(two) {
                    sink.single(Move::new(from, two, MoveKind::DoublePush));
                }
            }
        }
        let targets = (pushes | (G::pawn(us, from) & theirs)) & allowed;
        sink.pawn_moves(targets & !promo, |_| from, MoveKind::Normal);
        sink.promotions(targets & promo, |_| from);
    }
}

/// Castling by the FIDE conditions on the ordinary path, from the classical start or a
/// shuffled one: every square king and rook cross or land on empty but for the two of them, and
/// no square the king passes over attacked. The king's destination is tested with king and rook
/// already moved: on a cylinder the rook's corner, once empty, can open a line round the edge
/// onto the king, and in a shuffled start the rook may have stood between the king's landing
/// square and an enemy slider on the rank.
#[inline(always)]
fn castling_moves<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S) {
    // Written out for each side rather than looped over: this runs at nearly every node while
    // rights are held, and the straight-line form measured faster in perft.
    castle::<G, S>(b, sink, Castling::kingside(b.side));
    castle::<G, S>(b, sink, Castling::queenside(b.side));
}

/// Castling for one held right, if allowed.
#[inline(always)]
fn castle<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S, right: u8) {
    if !b.castling.has(right) {
        return;
    }
    let them = !b.side;
    let occ = b.occupied();
    let path = b.castling_rooks.path(right);
    if (occ & path.clear).any() {
        return;
    }
    for sq in path.king_crosses {
        if b.is_attacked(sq, them, occ) {
            return;
        }
    }
    let after = occ
        .without(path.king_from)
        .without(path.rook_from)
        .with(path.king_to)
        .with(path.rook_to);
    if !b.is_attacked(path.king_to, them, after) {
        sink.single(Move::new(path.king_from, path.king_to, MoveKind::Castle));
    }
}

/// En passant, tested by looking at the king after the capture: the two pawns leave one rank at
/// once, which no pin test sees.
#[inline(always)]
fn en_passant<G: Geometry, S: MoveSink>(b: &Board<G>, sink: &mut S, king: Square) {
    let Some(ep) = b.ep else { return };
    let us = b.side;
    let forward = if us == Color::White { 1 } else { -1 };
    let captured = offset::<G>(ep, 0, -forward);
    let theirs = b.by_color(!us) & !Bitboard::from_square(captured);
    for from in G::pawn(!us, ep) & b.pieces(us, Role::Pawn) {
        let occ = (b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
            | Bitboard::from_square(ep);
        if (b.attackers_to(king, occ) & theirs).is_empty() {
            sink.single(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

impl<G: Geometry> Board<G> {
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        generate(self, moves);
    }
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        generate(self, &mut counter);
        counter.0
    }
}
