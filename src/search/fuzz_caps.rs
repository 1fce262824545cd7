//! Process-wide caps on what one search may cost, whatever a protocol command asked for, for
//! the fuzz harness only (cargo feature `fuzzing`).
//!
//! A GUI may legitimately ask for `go depth 127`, `go infinite`, a 64 GiB hash table or 256
//! threads; a fuzz target or property test that feeds arbitrary protocol scripts through
//! `protocol::serve` must still finish every input in milliseconds, without knowing which
//! protocol the script speaks or what its time controls mean. So the harness (src/fuzzing.rs)
//! lowers these caps once, and every search and table in the process stays under them. There
//! are no caps until it does; without the feature the functions below are the identity and
//! the release search pays nothing for them.

use super::Limits;

#[cfg(feature = "fuzzing")]
mod caps {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

    static NODES: AtomicU64 = AtomicU64::new(u64::MAX);
    static HASH_MIB: AtomicUsize = AtomicUsize::new(usize::MAX);
    static THREADS: AtomicUsize = AtomicUsize::new(usize::MAX);

    /// The caps to apply from now on, to every search in this process.
    #[derive(Clone, Copy, Debug)]
    pub struct Caps {
        /// Nodes of the main search thread per search; an infinite or pondering search ends
        /// here too, and answers as if its time had run out.
        pub nodes: u64,
        /// Size of any transposition table made from now on.
        pub hash_mib: usize,
        /// Search threads per search.
        pub threads: usize,
    }

    /// Sets the caps for the rest of the process.
    pub fn set_caps(caps: Caps) {
        NODES.store(caps.nodes.max(1), Ordering::Relaxed);
        HASH_MIB.store(caps.hash_mib.max(1), Ordering::Relaxed);
        THREADS.store(caps.threads.max(1), Ordering::Relaxed);
    }

    pub(crate) fn nodes() -> Option<u64> {
        Some(NODES.load(Ordering::Relaxed)).filter(|&n| n != u64::MAX)
    }

    pub(crate) fn hash_mib(asked: usize) -> usize {
        asked.min(HASH_MIB.load(Ordering::Relaxed))
    }

    pub(crate) fn threads(asked: usize) -> usize {
        asked.min(THREADS.load(Ordering::Relaxed))
    }
}

#[cfg(not(feature = "fuzzing"))]
mod caps {
    #[inline(always)]
    pub(crate) fn nodes() -> Option<u64> {
        None
    }

    #[inline(always)]
    pub(crate) fn hash_mib(asked: usize) -> usize {
        asked
    }

    #[inline(always)]
    pub(crate) fn threads(asked: usize) -> usize {
        asked
    }
}

pub(crate) use caps::{hash_mib, threads};
#[cfg(feature = "fuzzing")]
pub use caps::{set_caps, Caps};

/// `limits` under the node cap: with one, even an infinite search ends at it, since it must
/// not wait for a `stop` that may never come.
pub(crate) fn capped(limits: &Limits) -> Limits {
    match caps::nodes() {
        Some(cap) => Limits {
            nodes: Some(limits.nodes.map_or(cap, |n| n.min(cap))),
            infinite: false,
            ..limits.clone()
        },
        None => limits.clone(),
    }
}
