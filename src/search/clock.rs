//! One search thread's node clock: it counts the nodes, stops at the node limit exactly, reads
//! the time every few nodes, and answers one question, whether the search must stop.

use super::params::{FIRST_ITERATION_GRACE_NODES, NODES_PER_CLOCK_CHECK};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub struct NodeClock<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    hard_limit: Option<Duration>,
    /// The count that raises the stop: the node limit, for the thread that watches the limits
    /// (u64::MAX otherwise). Exact, since a strength level's budget may be a few hundred nodes.
    stop_at_nodes: u64,
    /// Only the thread that watches the limits sets the stop; Lazy SMP's helpers stop when it
    /// says so.
    watches_limits: bool,
    /// Set while a first iteration runs: a stop within its first FIRST_ITERATION_GRACE_NODES
    /// nodes is held back, so that even a search stopped at once answers with a searched
    /// move, not merely the first one generated. After that the stop holds (a variant whose
    /// first iteration is slow, such as gigachess in a sharp position, must not overrun its
    /// clock).
    pub first_iteration_grace: bool,
    pub nodes: u64,
    /// The deepest ply a node was counted at.
    pub seldepth: usize,
}

impl<'a> NodeClock<'a> {
    /// A clock that raises `stop` once `hard_limit` has passed since `start` or `node_limit`
    /// nodes are counted, if it `watches_limits`.
    pub fn new(
        stop: &'a AtomicBool,
        start: Instant,
        hard_limit: Option<Duration>,
        node_limit: Option<u64>,
        watches_limits: bool,
    ) -> Self {
        NodeClock {
            stop,
            start,
            hard_limit,
            stop_at_nodes: match watches_limits {
                true => node_limit.unwrap_or(u64::MAX),
                false => u64::MAX,
            },
            watches_limits,
            first_iteration_grace: false,
            nodes: 0,
            seldepth: 0,
        }
    }

    /// Counts a node at `ply` and reads the limits when it is time to; true when the search
    /// must stop.
    #[inline(always)]
    pub fn count(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if self.nodes >= self.stop_at_nodes {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.watches_limits && self.nodes & (NODES_PER_CLOCK_CHECK - 1) == 0 {
            let out_of_time = self.hard_limit.is_some_and(|h| self.start.elapsed() >= h);
            if out_of_time {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.must_stop() {
            return true;
        }
        self.seldepth = self.seldepth.max(ply);
        false
    }

    /// The time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop: it was told to, and no grace holds the stop back.
    #[inline]
    pub fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            && !(self.first_iteration_grace && self.nodes < FIRST_ITERATION_GRACE_NODES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_limit_stops_at_its_count_exactly() {
        let stop = AtomicBool::new(false);
        let mut clock = NodeClock::new(&stop, Instant::now(), None, Some(1500), true);
        let stopped_at = (1..=5000).find(|_| clock.count(3)).unwrap();
        assert_eq!(stopped_at, 1500);
        assert_eq!(clock.seldepth, 3);
        let mut tiny = NodeClock::new(&stop, Instant::now(), None, Some(1), true);
        stop.store(false, Ordering::Relaxed);
        assert!(tiny.count(1));
    }

    #[test]
    fn a_helper_never_raises_the_stop_itself() {
        let stop = AtomicBool::new(false);
        let mut clock = NodeClock::new(&stop, Instant::now(), None, Some(10), false);
        assert!((0..5000).all(|_| !clock.count(1)));
        stop.store(true, Ordering::Relaxed);
        assert!(clock.count(1));
    }

    #[test]
    fn the_first_iteration_holds_a_stop_back_for_its_grace_nodes() {
        let stop = AtomicBool::new(true);
        let mut clock = NodeClock::new(&stop, Instant::now(), None, None, true);
        clock.first_iteration_grace = true;
        let stopped_at = (1..).find(|_| clock.count(1)).unwrap();
        assert_eq!(stopped_at, FIRST_ITERATION_GRACE_NODES);
        clock.first_iteration_grace = false;
        assert!(clock.must_stop());
    }
}
