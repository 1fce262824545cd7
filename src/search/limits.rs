//! When to stop: the limits of a `go` command, turned into a time budget.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// No iteration starts once this many nodes are searched (`nodes` still cuts the one
    /// running): a data generator's budget whose scores come from whole iterations.
    pub soft_nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// The mover's clock and increment, and moves to the next time control.
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
    /// Kept back from every move for the GUI's and the pipe's delays.
    pub overhead: Duration,
    pub infinite: bool,
    /// `go mate N`: stop once a mate in N moves (or fewer) is proven.
    pub mate: Option<u32>,
    /// How many best lines to search and report (MultiPV); 0 and 1 both mean one.
    pub multi_pv: usize,
}

/// The time budget of one search: a soft limit (do not start another iteration after it) and
/// a hard one (stop in the middle of an iteration).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Limits {
    /// No limit of its own: `go infinite`, or a `go` that names none (depth, nodes, time or
    /// clock); only a `stop` ends such a search.
    pub fn is_open_ended(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.time_left.is_none())
    }

    /// `go infinite` answers only after `stop`, even when the search ran out of depth: waits
    /// for it then.
    pub fn wait_for_stop(&self, stop: &AtomicBool) {
        while self.infinite && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    pub fn budget(&self) -> Budget {
        if self.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        if let Some(t) = self.movetime {
            let t = t
                .saturating_sub(self.overhead)
                .max(Duration::from_millis(1));
            return Budget {
                soft: Some(t),
                hard: Some(t),
            };
        }
        let Some(left) = self.time_left else {
            return Budget {
                soft: None,
                hard: None,
            };
        };
        let usable = left.saturating_sub(self.overhead);
        // Spread the clock over the moves to come (a guess of 40 with no control given), plus
        // half the increment. Never plan more than a tenth of what is left, and never let
        // a hard stop take more than an eighth: the clock then settles at about ten times
        // what a move costs beyond its increment, not near zero, and a loaded machine's
        // scheduling delays (which the arbiter's clock counts and ours cannot) have a reserve
        // to come out of. A plan of a fifth and a half let the clock sink to 0.2 s at 10 s +
        // 0.1 s, and one slow move then lost on time.
        let moves = self.moves_to_go.unwrap_or(40).clamp(1, 50);
        let share = usable / moves + self.increment / 2;
        let soft = share.min(usable / 10).max(Duration::from_millis(1));
        let hard = (soft * 4).min(usable / 8).max(soft);
        Budget {
            soft: Some(soft),
            hard: Some(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let one_second = Limits {
            time_left: Some(Duration::from_millis(1000)),
            increment: Duration::from_millis(10),
            overhead: Duration::from_millis(10),
            ..Limits::default()
        };
        let b = one_second.budget();
        assert!(b.hard.unwrap() <= Duration::from_millis(124));
        assert!(b.soft.unwrap() >= Duration::from_millis(25));
        let fixed = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        assert_eq!(fixed.budget().hard, Some(Duration::from_millis(100)));
        assert!(Limits::default().budget().hard.is_none());
    }

    #[test]
    fn a_clock_down_to_a_few_increments_keeps_a_reserve() {
        // 300 ms left, 100 ms a move: the search must not eat a big part of the clock.
        let low = Limits {
            time_left: Some(Duration::from_millis(300)),
            increment: Duration::from_millis(100),
            overhead: Duration::from_millis(10),
            ..Limits::default()
        };
        let b = low.budget();
        assert!(b.hard.unwrap() <= Duration::from_millis(37), "{b:?}");
        assert!(b.soft.unwrap() >= Duration::from_millis(25), "{b:?}");
    }
}
