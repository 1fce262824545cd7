//! Types every variant shares: bitboards, squares, players, Zobrist keys, move counters.

pub mod bitboard;
pub mod bitboard256;
pub mod clocks;
pub mod color;
pub mod player;
pub mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use bitboard256::Bitboard256;
pub use color::Color;
pub use player::Player;
pub use square::Square;
