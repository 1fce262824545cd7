//! Zobrist keys, made at compile time from a fixed seed so hashes are the same on every run and machine
//! (search signatures and tests depend on that).

/// SplitMix64: tiny, fast, and its outputs are well spread, which is all Zobrist keys need.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `N` keys from `seed`; every variant takes its own seed so no two tables coincide.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

/// Replaces an optional keyed feature (the e.p. square) by `new`, taking the old key out of `hash`
/// and putting the new one in.
#[inline(always)]
pub fn replace<T: Copy>(
    hash: &mut u64,
    slot: &mut Option<T>,
    new: Option<T>,
    key: impl Fn(T) -> u64,
) {
    if let Some(old) = *slot {
        *hash ^= key(old);
    }
    if let Some(new) = new {
        *hash ^= key(new);
    }
    *slot = new;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let k: [u64; 1024] = keys(7);
        let mut sorted = k.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1024);
        assert!(k.iter().all(|&x| x != 0));
    }
}
