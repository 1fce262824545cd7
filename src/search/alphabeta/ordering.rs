//! What orders the two-player search's moves: the killers and counter moves, the butterfly,
//! continuation and capture histories, and the keys the shared picker reads of them.

use super::Searcher;
use crate::game::Searchable;
use crate::search::history::{
    butterfly_slot, capture_slot, continuation_slot, History, BUTTERFLY_SIZE, CAPTURE_HISTORY_SIZE,
    CONTINUATION_SLOTS, NO_SLOT,
};
use crate::search::params::{
    CAPTURE_HISTORY_WEIGHT, HISTORY_BONUS_MAX, HISTORY_BONUS_SCALE, MAX_PLY,
};
use crate::search::picker::{
    MoveKeys, KEY_BAD_CAPTURE, KEY_COUNTER, KEY_GOOD_CAPTURE, KEY_KILLER, KEY_SECOND_KILLER,
};
use std::sync::Mutex;

/// No move in a killer or counter-move slot.
const NO_MOVE: u32 = u32::MAX;

/// One thread's move-ordering memory.
pub struct Histories {
    /// Per ply, the last two quiet moves that cut off there.
    killers: [[u32; 2]; MAX_PLY + 1],
    /// Quiet moves' successes by side and move.
    butterfly: History,
    /// Quiet moves' successes after the previous move (one ply back) and after the move
    /// before that (two plies back): [previous slot][move slot].
    continuation: [History; 2],
    /// The quiet move that last refuted each move, by the refuted move's slot.
    counters: Vec<u32>,
    /// Captures' and promotions' successes by side and capture slot.
    capture: History,
    /// The static evaluation's error by side and structure key (correction.rs).
    pub correction: History,
}

/// The histories of finished searches, wiped and handed to the next ones. A search starts
/// with empty histories, and building them new each time cost more than the search itself at
/// a few thousand nodes a move: four megabytes freed and allocated again are mapped afresh by
/// the system page by page (in a node-limited match, two thirds of the engine's CPU time went
/// to those page faults). Wiping kept memory is a memset instead.
static SPARE: Mutex<Vec<Histories>> = Mutex::new(Vec::new());
/// Spare histories kept at most (one per thread of the largest searches run so far, up to
/// this); any beyond are freed.
const MAX_SPARE: usize = 64;

impl Histories {
    /// Empty histories for a search: spare ones wiped, or new ones when none is spare.
    pub fn take() -> Histories {
        let spare = SPARE.lock().ok().and_then(|mut spare| spare.pop());
        match spare {
            Some(mut histories) => {
                histories.wipe();
                histories
            }
            None => Histories::new(),
        }
    }

    /// Hands a finished search's histories back for the next search.
    pub fn give_back(self) {
        if let Ok(mut spare) = SPARE.lock() {
            if spare.len() < MAX_SPARE {
                spare.push(self);
            }
        }
    }

    /// Histories that hold nothing (what a searcher keeps once it has given its own back).
    pub fn none() -> Histories {
        Histories {
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            butterfly: History::new(0),
            continuation: [History::new(0), History::new(0)],
            counters: Vec::new(),
            capture: History::new(0),
            correction: History::new(0),
        }
    }

    /// Every killer, counter move and score back to where `new` starts them.
    fn wipe(&mut self) {
        self.killers = [[NO_MOVE; 2]; MAX_PLY + 1];
        self.butterfly.wipe();
        for table in &mut self.continuation {
            table.wipe();
        }
        self.counters.fill(NO_MOVE);
        self.capture.wipe();
        self.correction.wipe();
    }

    fn new() -> Histories {
        Histories {
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            butterfly: History::new(2 * BUTTERFLY_SIZE),
            continuation: [
                History::new(CONTINUATION_SLOTS * CONTINUATION_SLOTS),
                History::new(CONTINUATION_SLOTS * CONTINUATION_SLOTS),
            ],
            counters: vec![NO_MOVE; CONTINUATION_SLOTS],
            capture: History::new(2 * CAPTURE_HISTORY_SIZE),
            correction: History::new(2 * super::correction::CORRECTION_SIZE),
        }
    }
}

/// The history bonus of a cut-off at `depth`.
fn bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_SCALE() * depth * depth).min(HISTORY_BONUS_MAX())
}

/// The keys of one node's moves: what the picker reads of the search.
pub struct NodeKeys<'s, 'a, G: Searchable> {
    pub searcher: &'s Searcher<'a, G>,
    pub pos: &'s G,
    pub ply: usize,
}

impl<G: Searchable> MoveKeys<G::Move> for NodeKeys<'_, '_, G> {
    /// By the exchange, the victim and the capture history.
    #[inline]
    fn tactical_key(&self, mv: G::Move) -> Option<i32> {
        let s = self.searcher;
        let v = self.pos.tactical_value(mv)?;
        let history =
            s.histories.capture.get(s.capture_slot(mv, v, self.ply)) / CAPTURE_HISTORY_WEIGHT;
        let base = if Searcher::<G>::losing(self.pos, mv) {
            KEY_BAD_CAPTURE
        } else {
            KEY_GOOD_CAPTURE
        };
        Some(base + v + history)
    }

    /// Killers, the counter move, then the histories.
    #[inline]
    fn quiet_key(&self, mv: G::Move) -> i32 {
        let s = self.searcher;
        let ply = self.ply;
        let prev = s.slot_back(ply, 1);
        let counter = if prev == NO_SLOT {
            NO_MOVE
        } else {
            s.histories.counters[prev]
        };
        let bits = G::move_bits(mv);
        let killers = s.histories.killers[ply];
        if bits == killers[0] {
            KEY_KILLER
        } else if bits == killers[1] {
            KEY_SECOND_KILLER
        } else if bits == counter {
            KEY_COUNTER
        } else {
            s.quiet_score(mv, ply)
        }
    }
}

impl<G: Searchable> Searcher<'_, G> {
    fn butterfly_slot(mv: G::Move) -> usize {
        butterfly_slot(G::move_bits(mv))
    }

    pub(super) fn continuation_slot(mv: G::Move) -> usize {
        continuation_slot(G::move_bits(mv))
    }

    /// The slot of the move `back` plies above `ply` (1: the move that led here), if any.
    fn slot_back(&self, ply: usize, back: usize) -> usize {
        if ply >= back {
            self.stack[ply - back].slot
        } else {
            NO_SLOT
        }
    }

    /// The side to move at `ply`, as a history's half.
    fn side_half(&self, ply: usize) -> usize {
        self.stack[ply].side.index() & 1
    }

    /// A quiet move's history scores at `ply`: butterfly plus both continuations.
    fn quiet_score(&self, mv: G::Move, ply: usize) -> i32 {
        let side = self.side_half(ply);
        let h = &self.histories;
        let mut score = h
            .butterfly
            .get(side * BUTTERFLY_SIZE + Self::butterfly_slot(mv));
        let slot = Self::continuation_slot(mv);
        for (back, table) in [1, 2].into_iter().zip(&h.continuation) {
            let prev = self.slot_back(ply, back);
            if prev != NO_SLOT {
                score += table.get(prev * CONTINUATION_SLOTS + slot);
            }
        }
        score
    }

    /// The capture history slot of a capture or promotion of tactical value `value`, for the
    /// side to move at `ply`.
    pub(super) fn capture_slot(&self, mv: G::Move, value: i32, ply: usize) -> usize {
        self.side_half(ply) * CAPTURE_HISTORY_SIZE + capture_slot(G::move_bits(mv), value)
    }

    /// Whether a capture loses material: by its static exchange where the variant has one,
    /// else by the variant's cheaper guess.
    #[inline]
    pub(super) fn losing(pos: &G, mv: G::Move) -> bool {
        match pos.see_ge(mv, 0) {
            Some(holds) => !holds,
            None => pos.losing_capture(mv),
        }
    }

    /// A move that cut off at `ply`: if quiet, it becomes a killer and the counter move of
    /// the move before, and its histories rise; if a capture or promotion (of tactical value
    /// `tactical`), its capture history rises. The quiet moves `tried` and the captures
    /// `tried_captures` (by slot) before it fall by as much, whichever kind of move cut off
    /// (they were searched for nothing).
    pub(super) fn reward(
        &mut self,
        mv: G::Move,
        tactical: Option<i32>,
        tried: &[G::Move],
        tried_captures: &[usize],
        ply: usize,
        depth: i32,
    ) {
        let bonus = bonus(depth);
        for &slot in tried_captures {
            self.histories.capture.nudge(slot, -bonus);
        }
        if let Some(v) = tactical {
            let slot = self.capture_slot(mv, v, ply);
            self.histories.capture.nudge(slot, bonus);
        } else {
            let bits = G::move_bits(mv);
            let killers = &mut self.histories.killers[ply];
            if killers[0] != bits {
                killers[1] = killers[0];
                killers[0] = bits;
            }
            let prev = self.slot_back(ply, 1);
            if prev != NO_SLOT {
                self.histories.counters[prev] = bits;
            }
            self.update_histories(mv, ply, bonus);
        }
        for &other in tried {
            self.update_histories(other, ply, -bonus);
        }
    }

    /// Moves a quiet move's butterfly and continuation histories by `bonus`, with gravity.
    fn update_histories(&mut self, mv: G::Move, ply: usize, bonus: i32) {
        let side = self.side_half(ply);
        let slot = Self::butterfly_slot(mv);
        self.histories
            .butterfly
            .nudge(side * BUTTERFLY_SIZE + slot, bonus);
        let slot = Self::continuation_slot(mv);
        for back in [1, 2] {
            let prev = self.slot_back(ply, back);
            if prev != NO_SLOT {
                self.histories.continuation[back - 1]
                    .nudge(prev * CONTINUATION_SLOTS + slot, bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_handed_back_come_out_again_as_new() {
        let mut used = Histories::new();
        used.killers[3] = [7, 9];
        used.butterfly.nudge(5, 900);
        used.continuation[1].nudge(11, -700);
        used.counters[2] = 42;
        used.capture.nudge(1, 300);
        used.correction.pull(4, 2560, 128);
        used.give_back();
        // Whichever spare histories this gets (tests run side by side), they are empty.
        let again = Histories::take();
        assert!(again.killers.iter().all(|k| *k == [NO_MOVE; 2]));
        assert!(again.counters.iter().all(|&c| c == NO_MOVE));
        assert_eq!(again.counters.len(), CONTINUATION_SLOTS);
        for (table, slots) in [
            (&again.butterfly, 2 * BUTTERFLY_SIZE),
            (
                &again.continuation[0],
                CONTINUATION_SLOTS * CONTINUATION_SLOTS,
            ),
            (
                &again.continuation[1],
                CONTINUATION_SLOTS * CONTINUATION_SLOTS,
            ),
            (&again.capture, 2 * CAPTURE_HISTORY_SIZE),
            (
                &again.correction,
                2 * super::super::correction::CORRECTION_SIZE,
            ),
        ] {
            assert!((0..slots).all(|slot| table.get(slot) == 0));
        }
    }
}
