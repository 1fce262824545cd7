//! The variants, one folder each; board8 holds what the 8x8 ones share.

pub mod board8;
pub mod chess;
pub mod cylinder;
pub mod doublemove;
pub mod gigachess;
pub mod spinchess;
pub mod trichess;
