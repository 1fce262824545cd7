//! Correction history: the static evaluation adjusted by how wrong it has been, in this
//! search, at positions of the same structure (the variant's `structure_key`).

use super::Searcher;
use crate::game::Searchable;
use crate::search::params::{CORRECTION_GRAIN, CORRECTION_MAX, CORRECTION_WEIGHT_MAX};
use crate::search::score::MATE_BOUND;

/// Slots per side.
pub const CORRECTION_SIZE: usize = 1 << 14;

impl<G: Searchable> Searcher<'_, G> {
    /// The static evaluation corrected by what this search has learnt of its error at the
    /// position's structure.
    #[inline]
    pub(super) fn static_eval(&mut self, pos: &G, ply: usize) -> i32 {
        let raw = self.evaluate(pos, ply);
        match Self::correction_slot(pos) {
            Some(slot) => (raw + self.histories.correction.get(slot) / CORRECTION_GRAIN)
                .clamp(1 - MATE_BOUND, MATE_BOUND - 1),
            None => raw,
        }
    }

    /// The correction history slot of the position's side to move and structure key; None
    /// where the variant has no structure key.
    #[inline]
    fn correction_slot(pos: &G) -> Option<usize> {
        let key = pos.structure_key()?;
        let side = pos.side_to_move().index() & 1;
        Some(side * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1)))
    }

    /// Moves the correction at `pos`'s structure toward `error` (the searched score less the
    /// corrected evaluation), by more for deeper searches, which judge better.
    pub(super) fn correct(&mut self, pos: &G, error: i32, depth: i32) {
        let Some(slot) = Self::correction_slot(pos) else {
            return;
        };
        let weight = (depth + 1).min(CORRECTION_WEIGHT_MAX);
        let correction = &mut self.histories.correction;
        // The slot holds the error of the corrected evaluation added to its correction.
        let target = correction.get(slot)
            + (error * CORRECTION_GRAIN).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        correction.pull(slot, target, weight);
    }
}

// The correction's slots are history scores: they share the history's bound.
const _: () = assert!(CORRECTION_MAX == crate::search::history::HISTORY_MAX);
