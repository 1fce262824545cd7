//! The game layer: the interfaces every variant implements, and the plain data a front end needs
//! of a variant. `Game` is the rules; `Searchable` what a search needs beyond them (evaluation,
//! tactical values, passes); `BoardView` how the web board draws it; `XboardFacts` how XBoard is
//! told about it. Search, protocols, perft and the match runner are written once against these
//! and monomorphised per variant (see docs/architecture.md).

use crate::core::Player;
use crate::errors::{FenError, MoveError};
use crate::outcome::Outcome;
use std::fmt::Debug;

mod board_view;
mod castling_word;
mod inputs;
pub mod result_model;
mod searchable;
mod xboard;

pub use board_view::{
    fide_glyph, rectangle, BoardShape, BoardView, CellView, Gesture, Label, ManView, Seat, BLACK,
    WHITE,
};
pub use castling_word::castling_word;
pub use inputs::{NetworkInputs, MIRRORED_KING_BUCKET};
pub use searchable::Searchable;
pub use xboard::{Display, Setup, XboardFacts};

/// The `Game` methods a variant's type already has as inherent methods of the same meaning:
/// FEN reading and writing (`from_fen`, `to_fen`; `$start` is the start position's FEN),
/// listing, counting and playing moves, and the hash from scratch. Inside `impl Game`, `Self::f`
/// names the inherent method; a missing one would name the trait's own and recurse, which the
/// `unconditional_recursion` lint refuses.
macro_rules! rules_from_inherent_methods {
    ($start:expr) => {
        fn startpos() -> Self {
            Self::from_fen($start).expect("the start position is valid")
        }
        fn from_fen(fen: &str) -> Result<Self, $crate::errors::FenError> {
            Self::from_fen(fen)
        }
        fn fen(&self) -> String {
            self.to_fen()
        }
        fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
            Self::legal_moves(self, moves)
        }
        fn count_legal_moves(&self) -> u64 {
            Self::count_legal_moves(self)
        }
        fn play(&mut self, mv: Self::Move) {
            Self::play(self, mv)
        }
        fn hash_from_scratch(&self) -> u64 {
            Self::hash_from_scratch(self)
        }
    };
}
pub(crate) use rules_from_inherent_methods;

/// Everything a front end needs of a variant: its rules, what a search needs of it, what an
/// evaluation network reads of it, and how its board is drawn. Every variant of the registry
/// is one.
pub trait Variant: Searchable + BoardView {}

impl<G: Searchable + BoardView> Variant for G {}
use std::hash::Hash;

pub trait Game: Clone + Send + Sync + 'static {
    /// A move as the variant encodes it (for the 8x8 variants, 16 bits).
    type Move: Copy + Eq + Hash + Debug + Send + Sync;

    /// The UCI_Variant name.
    const NAME: &'static str;
    /// Number of players: 2, or 3 for trichess.
    const PLAYERS: usize;
    /// The board's size for GUIs: files and ranks (for a hexagon, its widest extent).
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    /// How the variant is offered over XBoard (name, setup, piece definitions); stated in the
    /// variant's folder (`xboard.rs`). The default keeps it off the XBoard variant list.
    const XBOARD: XboardFacts = XboardFacts::NONE;

    /// Whether the game has shuffled (Chess960) starts, with castling from wherever king and
    /// rooks stand; `set_chess960` then chooses how castling is written.
    const SHUFFLED_STARTS: bool = false;

    fn startpos() -> Self;
    fn from_fen(fen: &str) -> Result<Self, FenError>;

    /// Writes castling as the king taking its own rook (`on`, UCI_Chess960's form) or as the
    /// king's step; games without shuffled starts ignore it.
    fn set_chess960(&mut self, _on: bool) {}

    /// Whether castling is written as the king taking its own rook: asked for with
    /// `set_chess960`, or forced by castling rooks that stand off the classical squares.
    fn chess960(&self) -> bool {
        false
    }

    /// The FEN with its castling field in Shredder-FEN (`HAha`: every right by its rook's
    /// file), where the game has castling; None elsewhere. `fen` writes X-FEN.
    fn shredder_fen(&self) -> Option<String> {
        None
    }

    /// The shuffled start whose first ranks are numbered `white` and `black` as Scharnagl
    /// numbers the Chess960 arrangements (0 to 959, 518 the classical one; equal numbers give a
    /// Chess960 start, two a double-shuffled one). None past 959 or where the game has no
    /// shuffled starts (`SHUFFLED_STARTS`).
    fn shuffled_start(_white: u16, _black: u16) -> Option<Self> {
        None
    }
    fn fen(&self) -> String;

    /// A text picture of the board for people (`d`); drawn from the FEN's placement unless
    /// the board is not a grid of FILES columns.
    fn diagram(&self) -> String {
        let fen = self.fen();
        let placement = fen.split_whitespace().next().unwrap_or_default();
        crate::diagram::grid(placement, Self::FILES).unwrap_or_default()
    }

    fn side_to_move(&self) -> Player;

    /// Appends every legal move of the position (each distinct move once).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves; variants count without listing where they can (perft leaves).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays a legal move. Callers that need the old position clone it first.
    fn play(&mut self, mv: Self::Move);

    /// The Zobrist hash, kept up to date by `play`.
    fn hash(&self) -> u64;
    /// The same hash computed from scratch, for checking the incremental one.
    fn hash_from_scratch(&self) -> u64;

    /// Reads a move in the variant's notation and checks that it is legal here.
    fn parse_move(&self, token: &str) -> Result<Self::Move, MoveError>;
    fn format_move(&self, mv: Self::Move) -> String;

    /// Appends `format_move(mv)` to `out`: a front end that writes many moves (the Python
    /// package lists every legal move) reuses one buffer instead of a string per move.
    fn write_move(&self, mv: Self::Move, out: &mut String) {
        out.push_str(&self.format_move(mv));
    }

    /// The move as people write it (SAN for FIDE-like variants), for PGN and displays.
    fn human_notation(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }

    /// Reads one token of a move list, which may stand for several plies in variants whose turns
    /// have several (doublemove's `leg1,leg2`); the plies come back in playing order.
    fn parse_turn(&self, token: &str) -> Result<Vec<Self::Move>, MoveError> {
        Ok(vec![self.parse_move(token)?])
    }

    /// False between the plies of a multi-ply turn: repetitions are counted only at turn
    /// boundaries.
    fn is_turn_boundary(&self) -> bool {
        true
    }

    /// The end of the game that this position alone decides (mate, stalemate, the move-count
    /// rule, dead position); repetition needs the history and is judged by GameRecord.
    fn rule_outcome(&self) -> Option<Outcome>;

    /// Plies since the last irreversible move: no earlier position can repeat this one.
    fn reversible_plies(&self) -> u32;
}

/// `moves`, played in turn from `pos`, each written by `write` in the position it is played
/// from (`Game::format_move` for tokens, `Game::human_notation` for SAN).
pub fn written_along<G: Game>(
    pos: &G,
    moves: &[G::Move],
    write: impl Fn(&G, G::Move) -> String,
) -> Vec<String> {
    let mut at = pos.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = write(&at, mv);
            at.play(mv);
            text
        })
        .collect()
}
