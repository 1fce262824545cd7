//! Chess: the FIDE Laws (docs/rules/chess.md), on the shared 8x8 machinery with the FIDE
//! board's geometry (board8's `Flat`, which also carries chess's name, network and XBoard facts).

use super::board8::{Board, Flat};

/// A chess position.
pub type Chess = Board<Flat>;
