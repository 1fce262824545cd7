//! Gigachess (docs/rules/gigachess.md): Cazaux's game on a 14x14 board with 20 man types, as Jocly
//! plays it. See docs/variants/gigachess.md for the representation and the rule readings.
//!
//! One concept per file: `square` (the 16-bit-row layout), `piece` (roles, letters,
//! promotions), `tables` (leaper targets), `lines` (line occupancies and slider scans),
//! `board` (the position and its hash), `attacks` (attacks and king safety), `eval` (the
//! evaluation), `movegen`, `make`, `fen`, `notation`, `game` (the Game impl).

mod attacks;
mod board;
mod board_view;
mod eval;
mod fen;
mod game;
mod inputs;
mod lines;
mod make;
mod movegen;
mod moves;
mod notation;
mod piece;
mod search;
mod square;
mod tables;
mod xboard;

pub use board::Gigachess;
pub use fen::START_FEN;
pub use movegen::{MoveCounter, MoveSink};
pub use moves::Move;
pub use piece::{Piece, Role};
pub use square::Square;
