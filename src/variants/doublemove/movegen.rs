//! Pseudo-legal move generation: every move the men can make, with no test of king safety at
//! all (§1, Decision 7). Written once against board8's MoveSink, so perft leaves are counted
//! with popcounts and lists come from the same code.

use super::{targets_made_by, Doublemove};
use crate::core::{Bitboard, Color};
use crate::variants::board8::movegen::pawn_captures;
use crate::variants::board8::{flat::attacks, Flat};
use crate::variants::board8::{
    generate_pseudo_men, Castling, Move, MoveCounter, MoveKind, MoveSink, Role,
};

/// Where generate and has_any_move start: the side to move, all men, and squares not its own.
#[derive(Clone, Copy)]
struct Mover {
    us: Color,
    occ: Bitboard,
    target: Bitboard,
}

impl Doublemove {
    /// The side to move's view of the board; None once a king has been captured (no moves).
    #[inline(always)]
    fn mover(&self) -> Option<Mover> {
        if self.winner.is_some() {
            return None;
        }
        let b = &self.board;
        let us = b.side;
        Some(Mover {
            us,
            occ: b.occupied(),
            target: !b.by_color(us),
        })
    }

    /// Generates every pseudo-legal sub-move of the side to move into `sink`; nothing once a
    /// king has been captured.
    #[inline(always)]
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let Some(Mover { us, occ, target }) = self.mover() else {
            return;
        };
        let b = &self.board;

        for from in b.pieces(us, Role::King) {
            sink.piece_moves(from, attacks::king(from) & target);
        }
        // The men: board8's pseudo-legal generator (no pin or check filter). The board's own
        // e.p. field is never set here, so it adds no e.p. capture; those follow below.
        generate_pseudo_men(b, sink);

        // Castling (§4): the right, and every square king and rook cross or land on empty but
        // for the two of them (from the classical start: the squares between them), nothing
        // else. A right implies king and rook on their start squares (FEN checks it; a move
        // from or onto either square clears it).
        if b.castling.has(Castling::both(us)) {
            for kingside in [true, false] {
                if b.castling.has(Castling::right(us, kingside)) {
                    let path = b.castle_path(us, kingside);
                    if (occ & path.clear).is_empty() {
                        sink.single(Move::new(path.king_from, path.king_to, MoveKind::Castle));
                    }
                }
            }
        }

        // En passant (§5): only against the opponent's targets in the set. At a turn's start
        // the set holds nothing else; at sub-move 2 it holds the opponent's targets only after
        // an e.p. capture on sub-move 1 (rule 2), and the mover's own target is never usable.
        let pawns = b.pieces(us, Role::Pawn);
        for ep in self.ep & targets_made_by(!us) {
            for from in attacks::pawn(!us, ep) & pawns {
                sink.single(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    /// Appends every pseudo-legal sub-move.
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    /// The number of pseudo-legal sub-moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the side to move has any pseudo-legal sub-move; stops at the first found. Runs
    /// after every sub-move 1 (does a sub-move 2 exist?), so the king, which nearly always has
    /// a step, is asked first. Castling needs no test: it needs the square beside the king
    /// empty, and then the king can step there.
    #[inline(always)]
    pub fn has_any_move(&self) -> bool {
        let Some(Mover { us, occ, target }) = self.mover() else {
            return false;
        };
        let b = &self.board;
        let theirs = b.by_color(!us);
        for from in b.pieces(us, Role::King) {
            if (attacks::king(from) & target).any() {
                return true;
            }
        }
        let pawns = b.pieces(us, Role::Pawn);
        let pushes = match us {
            Color::White => pawns.shl(8),
            Color::Black => pawns.shr(8),
        };
        if (pushes & !occ).any()
            || ((pawn_captures::<Flat>(pawns, us, true) | pawn_captures::<Flat>(pawns, us, false))
                & theirs)
                .any()
        {
            return true;
        }
        for from in b.pieces(us, Role::Knight) {
            if (attacks::knight(from) & target).any() {
                return true;
            }
        }
        let queens = b.pieces(us, Role::Queen);
        for from in b.pieces(us, Role::Bishop) | queens {
            if (attacks::bishop(from, occ) & target).any() {
                return true;
            }
        }
        for from in b.pieces(us, Role::Rook) | queens {
            if (attacks::rook(from, occ) & target).any() {
                return true;
            }
        }
        for ep in self.ep & targets_made_by(!us) {
            if (attacks::pawn(!us, ep) & pawns).any() {
                return true;
            }
        }
        false
    }
}
