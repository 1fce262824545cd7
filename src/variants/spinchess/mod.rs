//! Spinchess (docs/rules/spinchess.md): FIDE chess plus 90-degree spins of 2x2 blocks.

mod block;
mod board_view;
mod eval;
mod inputs;
mod movegen;
mod notation;
mod search;
mod turn;
mod xboard;

pub use block::{Block, Rotation};
pub use turn::Turn;

use crate::core::{Color, Player};
use crate::errors::{FenError, MoveError};
use crate::game::Game;
use crate::outcome::{EndReason, Outcome};
use crate::variants::board8::Flat;
use crate::variants::board8::{Board, Castling, MoveCounter, PawnRanks, Piece, Role, START_FEN};
use movegen::last_rank;

/// A spinchess position: a FIDE board whose rules add spins (§10.3), and how far back an
/// earlier position could repeat it.
#[derive(Clone, Copy, Debug)]
pub struct Spinchess {
    board: Board<Flat>,
    /// Plies since the last capture, promotion or change of castling rights. Not the halfmove
    /// clock: a pawn move resets that, yet a spin can carry the pawn back, so positions before
    /// a pawn move can recur (a pawn shuttling e1-e2 and spun back repeated one position 370
    /// times in a match, never drawn, because repetition was looked for only since the last
    /// pawn move).
    reversible: u16,
}

impl Spinchess {
    pub fn board(&self) -> &Board<Flat> {
        &self.board
    }

    pub(crate) fn from_board(board: Board<Flat>) -> Spinchess {
        Spinchess {
            board,
            reversible: 0,
        }
    }

    /// What no later position can get back: the men (a capture or promotion changes their
    /// count or kinds) and the castling rights.
    fn irreversible_state(&self) -> (u32, u32, u8) {
        let b = &self.board;
        (
            b.occupied().count(),
            b.by_role(Role::Pawn).count(),
            b.castling().0,
        )
    }

    /// Exactly K v K, K+B v K and K+N v K (§6): spins change bishops' colours, so no more.
    pub fn is_dead_position(&self) -> bool {
        let b = &self.board;
        let others = b.occupied() & !b.by_role(Role::King);
        let minors = b.by_role(Role::Bishop) | b.by_role(Role::Knight);
        others.is_empty() || (others.at_most_one() && others.intersects(minors))
    }

    /// Rotates the men of `block`; a spin of the block holding a castling rook's start square
    /// clears that right, whoever spins (§8, Decision 11). A spin never moves a king.
    fn spin(&mut self, block: Block, rotation: Rotation) {
        let b = &mut self.board;
        let mut men = [None; 4];
        for (slot, sq) in men.iter_mut().zip(block.squares()) {
            if let Some(piece) = b.piece_at(sq) {
                b.remove(sq, piece);
                *slot = Some((sq, piece));
            }
        }
        for (sq, piece) in men.into_iter().flatten() {
            b.put(rotation.destination(block, sq), piece);
        }
        if b.castling().0 != 0 {
            let mut cleared = 0;
            for right in [1u8, 2, 4, 8] {
                if block.squares().has(b.castling_rooks().square(right)) {
                    cleared |= right;
                }
            }
            if b.castling().has(cleared) {
                b.set_castling(Castling(b.castling().0 & !cleared));
            }
        }
    }

    /// Plays a turn on the board: the move, the spin, a promotion by spin, the counters.
    fn play_turn(&mut self, turn: Turn) {
        let Some((block, rotation)) = turn.spin_part() else {
            if let Some(mv) = turn.mv() {
                // A type-A turn is a FIDE move, and only it can leave an e.p. target (§7).
                self.board.play(mv);
            }
            return;
        };
        let us = self.board.side_to_move();
        self.board.set_ep(None);
        let mut irreversible = false;
        if let Some(mv) = turn.mv() {
            irreversible = self.board.move_men(mv).irreversible();
        }
        self.spin(block, rotation);
        if let Some(role) = turn.spin_promotion() {
            let pawn = Piece::new(us, Role::Pawn);
            let promoted = self.board.pieces(us, Role::Pawn) & last_rank(us);
            if promoted.any() {
                let sq = promoted.lsb();
                self.board.remove(sq, pawn);
                self.board.put(sq, Piece::new(us, role));
                irreversible = true;
            }
        }
        let b = &mut self.board;
        b.halfmove = if irreversible {
            0
        } else {
            b.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            b.fullmove = b.fullmove.saturating_add(1);
        }
        b.flip_side();
    }
}

impl Game for Spinchess {
    type Move = Turn;
    const NAME: &'static str = "spinchess";
    const PLAYERS: usize = 2;
    const XBOARD: crate::game::XboardFacts = xboard::XBOARD;
    const SHUFFLED_STARTS: bool = true;

    fn startpos() -> Self {
        Spinchess::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Standard FEN; a pawn may stand on its own first rank, where a spin can put it (§7).
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let board = Board::from_fen_with(fen, PawnRanks::OwnFirstRankToo)?;
        Ok(Spinchess::from_board(board))
    }

    fn fen(&self) -> String {
        self.board.to_fen()
    }

    fn side_to_move(&self) -> Player {
        self.board.side_to_move().player()
    }

    fn legal_moves(&self, moves: &mut Vec<Turn>) {
        movegen::generate(&self.board, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        movegen::generate(&self.board, &mut counter);
        counter.0
    }

    fn play(&mut self, turn: Turn) {
        let before = self.irreversible_state();
        self.play_turn(turn);
        self.reversible = if self.irreversible_state() == before {
            self.reversible.saturating_add(1)
        } else {
            0
        };
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch()
    }

    fn parse_move(&self, token: &str) -> Result<Turn, MoveError> {
        notation::parse_token(self, token)
    }

    fn set_chess960(&mut self, on: bool) {
        self.board.set_chess960(on);
    }

    fn chess960(&self) -> bool {
        self.board.chess960()
    }

    fn shredder_fen(&self) -> Option<String> {
        Some(
            self.board
                .to_fen_as(crate::variants::board8::CastlingForm::Shredder),
        )
    }

    fn shuffled_start(white: u16, black: u16) -> Option<Self> {
        let fen = crate::variants::board8::shuffled::shuffled_start_fen(white, black)?;
        Self::from_fen(&fen).ok()
    }

    /// Castling (never followed by a spin) in the board's form, king-takes-rook in Chess960.
    fn format_move(&self, turn: Turn) -> String {
        match turn.mv() {
            Some(mv) if turn.spin_part().is_none() => self.board.move_token(mv),
            _ => turn.to_string(),
        }
    }

    fn human_notation(&self, turn: Turn) -> String {
        notation::human(self, turn)
    }

    /// Mate and stalemate count every turn type (Decision 5).
    fn rule_outcome(&self) -> Option<Outcome> {
        let b = &self.board;
        if self.count_legal_moves() == 0 {
            return Some(Outcome::no_moves(
                b.in_check(),
                (!b.side_to_move()).player(),
            ));
        }
        if b.halfmove_clock() >= 100 {
            return Some(Outcome::Draw {
                reason: EndReason::FiftyMoveRule,
            });
        }
        if self.is_dead_position() {
            return Some(Outcome::Draw {
                reason: EndReason::DeadPosition,
            });
        }
        None
    }

    fn reversible_plies(&self) -> u32 {
        u32::from(self.reversible)
    }
}
