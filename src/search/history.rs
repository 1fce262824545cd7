//! A history table: scores of moves (or of positions' structures) learnt from the search's
//! cut-offs and errors, each within +/- HISTORY_MAX. The butterfly, continuation, capture and
//! correction histories are all instances; the owner decides what a slot stands for.

/// Scores stay within +/- this, which an i16 holds.
pub const HISTORY_MAX: i32 = 16_384;
/// Butterfly history slots per player: a move hashed by its bits.
pub const BUTTERFLY_SIZE: usize = 1 << 14;
/// Continuation histories index a move by the move before it: both hashed to this many slots.
pub const CONTINUATION_SLOTS: usize = 1 << 10;
/// Capture history slots per player: a capture is hashed by its move bits and its tactical
/// value (which tells the victim and the capturer apart).
pub const CAPTURE_HISTORY_SIZE: usize = 1 << 14;
/// No move at this ply (the root's parent, a null move or a pass).
pub const NO_SLOT: usize = usize::MAX;

/// A move's butterfly slot, within one player's part of the table.
#[inline]
pub fn butterfly_slot(bits: u32) -> usize {
    (bits.wrapping_mul(0x9e37_79b1) >> 18) as usize & (BUTTERFLY_SIZE - 1)
}

/// A move's slot as the move before another (continuation histories, counter moves) or as
/// the move after it.
#[inline]
pub fn continuation_slot(bits: u32) -> usize {
    (bits.wrapping_mul(0x85eb_ca6b) >> 22) as usize & (CONTINUATION_SLOTS - 1)
}

/// A capture's or promotion's slot, within one player's part of the capture history.
#[inline]
pub fn capture_slot(bits: u32, value: i32) -> usize {
    let key = u64::from(bits) << 32 | u64::from(value as u32);
    let hashed = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50) as usize;
    hashed & (CAPTURE_HISTORY_SIZE - 1)
}

pub struct History {
    scores: Vec<i16>,
}

impl History {
    /// A table of `slots` scores, all zero.
    pub fn new(slots: usize) -> History {
        History {
            scores: vec![0; slots],
        }
    }

    /// Every score back to zero, keeping the memory.
    pub fn wipe(&mut self) {
        self.scores.fill(0);
    }

    #[inline]
    pub fn get(&self, slot: usize) -> i32 {
        i32::from(self.scores[slot])
    }

    /// Moves a score by `bonus`, with gravity: the nearer the bound the score already stands,
    /// the less it moves toward it, so that old lessons fade and no score saturates.
    #[inline]
    pub fn nudge(&mut self, slot: usize, bonus: i32) {
        let old = self.get(slot);
        self.scores[slot] = (old + bonus - old * bonus.abs() / HISTORY_MAX) as i16;
    }

    /// Moves a score toward `target` by `weight`/256 of the way, and back inside the bound: a
    /// running average that gives recent lessons the weight asked for.
    #[inline]
    pub fn pull(&mut self, slot: usize, target: i32, weight: i32) {
        let old = self.get(slot);
        let new = (old * (256 - weight) + target * weight) / 256;
        self.scores[slot] = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_a_score_inside_the_bound_however_often_it_is_rewarded() {
        let mut history = History::new(2);
        for _ in 0..10_000 {
            history.nudge(0, 2048);
            history.nudge(1, -2048);
        }
        assert!((HISTORY_MAX - 2048..=HISTORY_MAX).contains(&history.get(0)));
        assert!((-HISTORY_MAX..=2048 - HISTORY_MAX).contains(&history.get(1)));
    }

    #[test]
    fn a_score_near_the_bound_moves_less_toward_it_than_away() {
        let mut history = History::new(1);
        for _ in 0..20 {
            history.nudge(0, 1024);
        }
        let high = history.get(0);
        history.nudge(0, 1024);
        let up = history.get(0) - high;
        history.nudge(0, -1024);
        let down = history.get(0) - (high + up);
        assert!(up > 0 && up < 1024 / 2, "{up}");
        assert!(-down > 1024, "{down}");
    }

    #[test]
    fn a_pull_averages_toward_its_target() {
        let mut history = History::new(1);
        history.pull(0, 256 * 10, 128);
        assert_eq!(history.get(0), 1280, "half way at weight 128");
        history.pull(0, 1_000_000, 256);
        assert_eq!(
            history.get(0),
            HISTORY_MAX,
            "the result stays inside the bound"
        );
    }
}
