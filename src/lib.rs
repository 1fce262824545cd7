//! kaleido: a chess-variant engine. See docs/architecture.md for the map of this crate.

pub mod arbiter;
pub mod cli;
pub mod core;
pub mod datagen;
pub mod diagram;
pub mod errors;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod game;
pub mod gui;
pub mod nnue;
pub mod outcome;
pub mod perft;
pub mod pgn_text;
pub mod protocol;
pub mod record;
pub mod registry;
pub mod search;
pub mod selfplay;
pub mod stats;
pub mod train;
pub mod tune;
pub mod variants;
pub mod version;
