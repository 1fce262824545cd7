//! What an 8x8 variant's board shape decides: how men attack, and what pins and checks look like.
//! FIDE chess and the cylinder implement this; everything else on the 8x8 board is shared.

use super::board::Board;
use super::piece::Role;
use crate::core::{Bitboard, Color, Square};
use std::fmt::Debug;

pub trait Geometry: Copy + Default + Send + Sync + Debug + 'static {
    /// The variant's UCI_Variant name.
    const VARIANT: &'static str;
    /// True when the a- and h-files are joined: pawn captures then cross the edge.
    const WRAPS: bool;
    /// How the variant is offered over XBoard (see `Game::XBOARD`).
    const XBOARD: crate::game::XboardFacts;
    /// One line on what is unusual about the board, shown under it on the web board.
    const NOTE: &'static str;
    /// The variant's built-in evaluation network (see `NetworkInputs::NETWORK`).
    const NETWORK: Option<&'static [u8]> = None;
    /// The variant's result model (see `Searchable::RESULT_MODEL`).
    const RESULT_MODEL: crate::game::result_model::ResultModel;

    fn knight(sq: Square) -> Bitboard;
    fn king(sq: Square) -> Bitboard;
    /// The squares a pawn of `color` on `sq` attacks.
    fn pawn(color: Color, sq: Square) -> Bitboard;
    fn rook(sq: Square, occ: Bitboard) -> Bitboard;
    fn bishop(sq: Square, occ: Bitboard) -> Bitboard;

    /// Checks against, and pins of, the side to move (whose king stands on `king`).
    fn safety(board: &Board<Self>, king: Square) -> Safety;

    /// True when no sequence of legal moves can end in mate (rules: dead position).
    fn is_dead_position(board: &Board<Self>) -> bool;
}

/// What king safety allows the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Safety {
    /// Destinations that answer every check (capture or interpose); all squares when not in
    /// check, none when no single non-king move can answer (double check).
    pub evasion: Bitboard,
    pub in_check: bool,
    pub pinned: Bitboard,
    pins: [(Square, Bitboard); 8],
    pin_count: usize,
}

impl Safety {
    pub fn new() -> Safety {
        Safety {
            evasion: Bitboard::ALL,
            in_check: false,
            pinned: Bitboard::EMPTY,
            pins: [(Square::A1, Bitboard::EMPTY); 8],
            pin_count: 0,
        }
    }

    /// A check along `line` (the checker's square included): moves must land on it.
    #[inline(always)]
    pub fn add_check(&mut self, line: Bitboard) {
        self.evasion &= line;
        self.in_check = true;
    }

    /// `sq` is pinned and may only move within `ray` (pinner included). On a cylinder one man
    /// can be pinned along two rays at once; then it may move only where both allow.
    #[inline(always)]
    pub fn add_pin(&mut self, sq: Square, ray: Bitboard) {
        debug_assert!(self.pin_count < 8, "one pin per direction from the king");
        self.pins[self.pin_count] = (sq, ray);
        self.pin_count += 1;
        self.pinned = self.pinned.with(sq);
    }

    /// Where the pinned man on `sq` may go.
    #[inline]
    pub fn pin_ray(&self, sq: Square) -> Bitboard {
        self.pins[..self.pin_count]
            .iter()
            .filter(|(s, _)| *s == sq)
            .fold(Bitboard::ALL, |acc, (_, ray)| acc & *ray)
    }
}

impl Safety {
    /// The checks by enemy knights and pawns, which no man can block; a geometry adds the
    /// sliders' checks and pins to them.
    #[inline(always)]
    pub fn leaper_checks<G: Geometry>(b: &Board<G>, king: Square) -> Safety {
        let us = b.side_to_move();
        let them = !us;
        let mut safety = Safety::new();
        let leapers = (G::knight(king) & b.pieces(them, Role::Knight))
            | (G::pawn(us, king) & b.pieces(them, Role::Pawn));
        for checker in leapers {
            safety.add_check(Bitboard::from_square(checker));
        }
        safety
    }
}

/// The attack functions of a `Geometry`, forwarded to the module of attack tables named
/// `$attacks` (which has functions of the same names).
macro_rules! attacks_from {
    ($attacks:ident) => {
        #[inline(always)]
        fn knight(sq: $crate::core::Square) -> $crate::core::Bitboard {
            $attacks::knight(sq)
        }
        #[inline(always)]
        fn king(sq: $crate::core::Square) -> $crate::core::Bitboard {
            $attacks::king(sq)
        }
        #[inline(always)]
        fn pawn(color: $crate::core::Color, sq: $crate::core::Square) -> $crate::core::Bitboard {
            $attacks::pawn(color, sq)
        }
        #[inline(always)]
        fn rook(sq: $crate::core::Square, occ: $crate::core::Bitboard) -> $crate::core::Bitboard {
            $attacks::rook(sq, occ)
        }
        #[inline(always)]
        fn bishop(sq: $crate::core::Square, occ: $crate::core::Bitboard) -> $crate::core::Bitboard {
            $attacks::bishop(sq, occ)
        }
    };
}
pub(crate) use attacks_from;

impl Default for Safety {
    fn default() -> Self {
        Safety::new()
    }
}
