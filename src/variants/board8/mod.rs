//! The machinery the FIDE-rules 8x8 variants share: board, FEN, move generation, make-move.
//! A variant plugs in its Geometry (how men attack); spinchess and doublemove build on this too.

mod attacked;
mod board;
pub mod board_view;
mod castle_notation;
pub(crate) mod castling;
pub mod eval;
pub(crate) mod fen;
pub mod flat;
mod game;
mod geometry;
pub(crate) mod inputs;
mod make;
pub(crate) mod movegen;
mod moves;
mod piece;
pub mod reference;
mod san;
mod search;
mod see;
pub mod shuffled;

pub use board::Board;
pub use castling::{CastlePath, Castling, CastlingRooks};
pub use fen::{CastlingForm, PawnRanks, START_FEN};
pub use flat::Flat;
pub(crate) use geometry::attacks_from;
pub use geometry::{Geometry, Safety};
pub use make::MoveEffect;
pub use movegen::{
    generate, generate_pseudo_men, generate_with_safety, MoveArray, MoveBuffer, MoveCounter,
    MoveSink,
};
pub use moves::{read_coordinates, Move, MoveKind};
pub use piece::{Piece, Role};
pub use san::{check_suffix, san_body};
