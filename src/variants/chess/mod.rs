//! Chess: the FIDE Laws (docs/rules/chess.md), on the shared 8x8 machinery with flat geometry.

pub mod attacks;
mod geometry;
mod xboard;

#[cfg(test)]
use super::board8::reference;
#[cfg(test)]
#[allow(dead_code)]
mod tables_gen;

pub use geometry::Flat;

/// A chess position.
pub type Chess = super::board8::Board<Flat>;
