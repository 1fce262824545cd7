//! Trichess as a Game: the glue between this variant and the generic layers.

use super::board::Trichess;
use super::fen::START_FEN;
use super::movegen::MoveCounter;
use super::moves::Move;
use crate::core::Player;
use crate::errors::{FenError, MoveError};
use crate::game::Game;
use crate::outcome::Outcome;

impl Game for Trichess {
    type Move = Move;
    const NAME: &'static str = "trichess";
    const PLAYERS: usize = 3;
    /// The hexagon spans 15 cells across and 15 rows.
    const FILES: u8 = 15;
    const RANKS: u8 = 15;
    const XBOARD: crate::game::XboardFacts = super::xboard::XBOARD;

    fn startpos() -> Self {
        Trichess::from_fen(START_FEN).expect("the start position is valid")
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Trichess::from_fen(fen)
    }
    fn fen(&self) -> String {
        self.to_fen()
    }
    fn diagram(&self) -> String {
        Trichess::diagram(self)
    }
    fn side_to_move(&self) -> Player {
        self.side()
    }
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }
    fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }
    fn play(&mut self, mv: Move) {
        Trichess::play(self, mv)
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        Trichess::hash_from_scratch(self)
    }
    /// §10: `BNDL`, `HBHAq`, castling as the king's two-cell move (`DOBO`).
    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        self.parse_token(token)
    }
    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }
    fn rule_outcome(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn reversible_plies(&self) -> u32 {
        u32::from(self.halfmove)
    }
}
