//! Trichess (docs/rules/trichess.md): three players on a 169-cell hexagon, in the order 0, 1, 2.
//! Legality against both opponents, king capture ending the game, points shared by attackers.
//!
//! Cells are axial (q, r) in a 16-wide layout of a 256-bit bitboard (cell.rs); each of the 12
//! directions is then one shift, and static ray tables give slider attacks (tables.rs). The
//! position is bitboards by player and by role (board.rs); the generator emits only legal moves
//! into a sink, so perft's last ply is popcounts (movegen.rs). See docs/variants/trichess.md.

mod board;
mod board_view;
pub mod cell;
mod diagram;
mod eval;
mod fen;
mod game;
mod inputs;
mod make;
mod movegen;
mod moves;
mod notation;
mod scoring;
mod search;
mod tables;
mod xboard;

pub use board::{KingCapture, Trichess};
pub use cell::{Cell, CELLS};
pub use fen::START_FEN;
pub use moves::{Move, MoveKind, Piece, Role};
pub use scoring::PLY_LIMIT;
