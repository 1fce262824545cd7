//! The transposition table, shared by all search threads without locks: each entry is two
//! atomic words, the key stored XORed with the data, so a torn write reads as a miss instead of
//! as a wrong entry (the "lockless hashing" of Hyatt and Mann).

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    /// The score is at least this (a beta cut-off).
    Lower = 2,
    /// The score is at most this (no move raised alpha).
    Upper = 3,
}

impl Bound {
    /// The bound a search's `best` score within (alpha, beta) is: at or above beta a lower
    /// bound, at or below alpha an upper one, between them exact.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node searched with (alpha, beta):
    /// an exact score always, a lower bound at or above beta, an upper one at or below alpha.
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// `len` empty slots, taken from the allocator as zeroed memory: the system maps zero pages
/// as the search first touches them, where building the slots one by one would write them all.
fn zeroed_slots(len: usize) -> Vec<Slot> {
    let layout = std::alloc::Layout::array::<Slot>(len).expect("a table that fits in memory");
    if layout.size() == 0 {
        return Vec::new();
    }
    // SAFETY: the layout is Vec<Slot>'s for `len` slots and non-zero in size; a Slot is two
    // AtomicU64, which have u64's size, alignment and bit validity, so all-zero bytes are
    // `len` valid empty slots, and the Vec frees them with the same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, len, len)
    }
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two of entries, at least one).
    pub fn new(mib: usize) -> TranspositionTable {
        let mib = super::fuzz_caps::hash_mib(mib);
        let wanted = (mib.max(1) << 20) / std::mem::size_of::<Slot>();
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            slots: zeroed_slots(len),
            mask: len - 1,
        }
    }

    /// An empty table of the same size. Unlike `clear`, which writes every slot, it costs
    /// nothing until the search touches it: a new game in an engine that a tournament starts
    /// for each game, or a test that starts hundreds, no longer writes 64 MiB first.
    pub fn renewed(&self) -> TranspositionTable {
        TranspositionTable {
            slots: zeroed_slots(self.slots.len()),
            mask: self.mask,
        }
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    fn pack(e: &Entry) -> u64 {
        e.mv as u64
            | ((e.score as i16 as u16 as u64) << 32)
            | ((e.depth.clamp(-1, 126) as i8 as u8 as u64) << 48)
            | ((e.bound as u64) << 56)
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match data >> 56 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            mv: data as u32,
            score: (data >> 32) as u16 as i16 as i32,
            depth: (data >> 48) as u8 as i8 as i32,
            bound,
        })
    }

    /// Asks the processor to start loading `hash`'s slot, so that the probe a little later
    /// (at the child node a move leads to) finds it in cache instead of waiting on memory: on
    /// a table of many MiB nearly every probe misses the cache. A hint only; elsewhere than
    /// x86-64 it does nothing.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = &self.slots[hash as usize & self.mask];
            // SAFETY: a prefetch never faults and changes no memory; the address is a slot
            // of the table.
            #[allow(unused_unsafe)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = &self.slots[hash as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let key = slot.key.load(Ordering::Relaxed);
        if key ^ data == hash {
            TranspositionTable::unpack(data)
        } else {
            None
        }
    }

    /// Stores an entry; a deeper entry for the same position is kept unless this one is exact.
    pub fn store(&self, hash: u64, entry: Entry) {
        let slot = &self.slots[hash as usize & self.mask];
        if let Some(old) = self.probe(hash) {
            if old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        let data = TranspositionTable::pack(&entry);
        slot.key.store(hash ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille, from a sample (UCI's hashfull).
    pub fn hashfull(&self) -> usize {
        let sample = self.slots.len().min(1000);
        self.slots[..sample]
            .iter()
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count()
            * 1000
            / sample.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_with_negative_scores() {
        let tt = TranspositionTable::new(1);
        let e = Entry {
            mv: 0xdead_beef,
            score: -30_950,
            depth: 7,
            bound: Bound::Lower,
        };
        tt.store(0x1234_5678_9abc_def0, e);
        let got = tt.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(
            (got.mv, got.score, got.depth, got.bound),
            (e.mv, e.score, e.depth, e.bound)
        );
        assert!(tt.probe(0x1234_5678_9abc_def1).is_none());
    }

    #[test]
    fn a_new_or_renewed_table_is_empty_and_keeps_its_size() {
        let tt = TranspositionTable::new(2);
        assert!((0..1000u64).all(|h| tt.probe(h.wrapping_mul(0x9e37_79b9_7f4a_7c15)).is_none()));
        let e = Entry {
            mv: 7,
            score: 12,
            depth: 3,
            bound: Bound::Exact,
        };
        tt.store(42, e);
        assert!(tt.probe(42).is_some());
        let renewed = tt.renewed();
        assert!(renewed.probe(42).is_none());
        assert_eq!(renewed.slots.len(), tt.slots.len());
        assert_eq!(renewed.slots.len() * std::mem::size_of::<Slot>(), 2 << 20);
    }
}
