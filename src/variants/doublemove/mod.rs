//! Double-move chess (docs/rules/doublemove.md): White's first turn is one sub-move, every later turn
//! two; no check, a king capture ends the game; en passant by the written rules of §5.
//!
//! The position is a chess `Board<Flat>` (men, castling rights, clocks, side, its incremental
//! hash; its own e.p. field is never used) plus the turn state this variant adds: which sub-move
//! is next, the set of e.p. targets that still matter, and the winner once a king has been
//! taken. See docs/variants/doublemove.md.

mod board_view;
mod eval;
mod fen;
mod game;
mod hanging;
mod inputs;
mod king_reach;
mod movegen;
mod search;
#[cfg(test)]
mod tests;
mod xboard;

use crate::core::{zobrist, Bitboard, Color};
use crate::variants::board8::Flat;
use crate::variants::board8::{Board, Move, MoveKind, Role};

/// Which sub-move of its turn the side to move plays next (the digit of the FEN side field).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SubMove {
    /// A turn of one sub-move (`w`/`b`): White's first turn of a game.
    Only = 0,
    /// Sub-move 1 of a two-sub-move turn (`w1`/`b1`).
    First = 1,
    /// Sub-move 2 (`w2`/`b2`).
    Second = 2,
}

/// Zobrist keys on top of the board's: one per sub-move index, one per e.p. target square.
const SUB_MOVE_KEYS: usize = 0;
const EP_KEYS: usize = 3;
static KEYS: [u64; EP_KEYS + 64] = zobrist::keys(0x646f_7562_6c65_6d76);

/// Targets made by White lie on rank 3, by Black on rank 6: the rank tells the maker.
#[inline(always)]
const fn targets_made_by(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard::rank(2),
        Color::Black => Bitboard::rank(5),
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Doublemove {
    pub(crate) board: Board<Flat>,
    pub(crate) sub_move: SubMove,
    /// The e.p. targets that still matter, exactly the FEN field (§8): at a turn's start the
    /// valid targets the opponent made in its previous turn; at sub-move 2 the mover's own valid
    /// target from sub-move 1, or, after an e.p. capture on sub-move 1, the opponent's targets
    /// that are still valid. Every target in the set is valid; an invalid one never becomes
    /// valid again within the window in which it could be used, so it is dropped at once.
    pub(crate) ep: Bitboard,
    /// Set once a king has been captured; the position then has no moves.
    pub(crate) winner: Option<Color>,
}

impl Doublemove {
    /// The men, castling rights, side to move and clocks.
    pub fn board(&self) -> &Board<Flat> {
        &self.board
    }
    pub fn sub_move(&self) -> SubMove {
        self.sub_move
    }
    /// The e.p. targets that still matter (rank 3: made by White, rank 6: made by Black).
    pub fn en_passant_targets(&self) -> Bitboard {
        self.ep
    }
    /// The side that captured the enemy king, once the game has ended that way.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// The board's hash with the sub-move index and the e.p. set on top.
    #[inline(always)]
    fn extra_hash(&self) -> u64 {
        let mut h = KEYS[SUB_MOVE_KEYS + self.sub_move as usize];
        for sq in self.ep {
            h ^= KEYS[EP_KEYS + sq.index()];
        }
        h
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ self.extra_hash()
    }

    pub fn hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch() ^ self.extra_hash()
    }

    /// The targets of `set` that are valid (§5): the pawn that double-stepped still stands on
    /// its landing square and the target square is empty.
    #[inline(always)]
    fn valid_targets(&self, set: Bitboard) -> Bitboard {
        let b = &self.board;
        let empty = !b.occupied();
        let white = set & targets_made_by(Color::White) & b.pieces(Color::White, Role::Pawn).shr(8);
        let black = set & targets_made_by(Color::Black) & b.pieces(Color::Black, Role::Pawn).shl(8);
        (white | black) & empty
    }

    /// Plays a pseudo-legal sub-move: the men move, then the turn bookkeeping of §2, §5 and §6.
    pub fn play(&mut self, mv: Move) {
        let us = self.board.side;
        let effect = self.board.move_men(mv);
        self.board.halfmove = if effect.irreversible() {
            0
        } else {
            self.board.halfmove.saturating_add(1)
        };
        let made = match effect.passed {
            Some(sq) => Bitboard::from_square(sq),
            None => Bitboard::EMPTY,
        };
        if effect.captured.is_some_and(|p| p.role == Role::King) {
            // The game ends at once; sub-move 2 is not played.
            self.winner = Some(us);
            self.end_turn(us, made);
            return;
        }
        match self.sub_move {
            SubMove::Only | SubMove::Second => self.end_turn(us, made),
            SubMove::First => {
                // Sub-move 2 may capture e.p. only if sub-move 1 did (rule 2).
                let theirs = if mv.kind() == MoveKind::EnPassant {
                    self.ep & targets_made_by(!us)
                } else {
                    Bitboard::EMPTY
                };
                self.ep = self.valid_targets(made | theirs);
                self.sub_move = SubMove::Second;
                if !self.has_any_move() {
                    // No sub-move 2 exists: the turn ends after one sub-move (§2).
                    self.end_turn(us, Bitboard::EMPTY);
                }
            }
        }
    }

    /// Ends `us`'s turn: the opponent starts a two-sub-move turn, with the valid targets `us`
    /// made during this turn (those already in the set from sub-move 1, plus `made`).
    #[inline(always)]
    fn end_turn(&mut self, us: Color, made: Bitboard) {
        self.ep = self.valid_targets((self.ep & targets_made_by(us)) | made);
        self.sub_move = SubMove::First;
        if us == Color::Black {
            self.board.fullmove = self.board.fullmove.saturating_add(1);
        }
        self.board.flip_side();
    }
}
