//! Cylinder chess (docs/rules/cylinder.md): FIDE chess with files a and h joined.

pub mod attacks;
mod geometry;
mod xboard;

#[cfg(test)]
use super::board8::reference;
#[cfg(test)]
#[allow(dead_code)]
pub(crate) mod tables_gen;

pub use geometry::Wrapped;

/// A cylinder-chess position.
pub type Cylinder = super::board8::Board<Wrapped>;
