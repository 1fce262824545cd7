//! Process-wide ceilings on what one search may cost, whatever a protocol command asked for.
//!
//! A GUI may legitimately ask for `go depth 127`, `go infinite`, a 64 GiB hash table or 256
//! threads; a fuzz target or property test that feeds arbitrary protocol scripts through
//! `protocol::serve` must still finish every input in milliseconds, without knowing which
//! protocol the script speaks or what its time controls mean. So the harness (src/fuzzing.rs)
//! lowers these ceilings once, and every search and table in the process stays under them.
//! By default there is no ceiling: the engine behaves exactly as asked.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

static NODES: AtomicU64 = AtomicU64::new(u64::MAX);
static HASH_MIB: AtomicUsize = AtomicUsize::new(usize::MAX);
static THREADS: AtomicUsize = AtomicUsize::new(usize::MAX);

/// The ceilings to apply from now on, to every search in this process.
#[derive(Clone, Copy, Debug)]
pub struct Ceiling {
    /// Nodes of the main search thread per search; an infinite or pondering search ends here
    /// too, and answers as if its time had run out.
    pub nodes: u64,
    /// Size of any transposition table made from now on.
    pub hash_mib: usize,
    /// Search threads per search.
    pub threads: usize,
}

/// Sets the ceilings for the rest of the process (harness use: fuzzing and property tests).
pub fn set_ceiling(ceiling: Ceiling) {
    NODES.store(ceiling.nodes.max(1), Ordering::Relaxed);
    HASH_MIB.store(ceiling.hash_mib.max(1), Ordering::Relaxed);
    THREADS.store(ceiling.threads.max(1), Ordering::Relaxed);
}

/// The node ceiling, or None when there is none.
pub(crate) fn nodes() -> Option<u64> {
    Some(NODES.load(Ordering::Relaxed)).filter(|&n| n != u64::MAX)
}

pub(crate) fn hash_mib(asked: usize) -> usize {
    asked.min(HASH_MIB.load(Ordering::Relaxed))
}

pub(crate) fn threads(asked: usize) -> usize {
    asked.min(THREADS.load(Ordering::Relaxed))
}

/// `limits` under the node ceiling: with one, even an infinite search ends at it, since it
/// must not wait for a `stop` that may never come.
pub(crate) fn capped(limits: &super::Limits) -> super::Limits {
    match nodes() {
        Some(cap) => super::Limits {
            nodes: Some(limits.nodes.map_or(cap, |n| n.min(cap))),
            infinite: false,
            ..limits.clone()
        },
        None => limits.clone(),
    }
}
