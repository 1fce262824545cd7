//! 256-bit bitboards for the boards that do not fit in a `u64`.
//!
//! Layout: bit `i` (0..256) lives in word `i / 64` at bit position `i % 64`,
//! so word 0 holds squares 0..64, word 1 squares 64..128 and so on. Shifting
//! left moves bits towards higher square indices, exactly as with a `u64`.
//!
//! Users: gigachess (14x14 = 196 squares, `sq = rank * 14 + file`) and the
//! 169-cell trichess hexagon (mapped into a wider padded layout by that
//! variant). Bits beyond a variant's last square are the variant's business;
//! this type treats all 256 bits uniformly, so callers mask off padding after
//! shifts or `!` as needed.
//!
//! The 8x8 variants (chess, cylinder, spinchess, doublemove) use the separate
//! `u64` bitboard (`core::bitboard::Bitboard`) and never touch this type, so
//! they pay nothing for it.
//!
//! Plain safe Rust on `[u64; 4]`: the word-wise loops are fixed-length, which
//! lets LLVM unroll and vectorise them without intrinsics.

use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, ShlAssign, Shr,
    ShrAssign,
};

/// A set of up to 256 squares; bit `i` is word `i / 64`, bit `i % 64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard256(pub [u64; 4]);

/// Number of 64-bit words; named so loops read as intent rather than a magic 4.
const WORDS: usize = 4;

impl Bitboard256 {
    /// Number of addressable bits, for bounds checks in callers.
    pub const BITS: usize = 256;

    /// The empty set, the identity for `|` and `^`.
    pub const EMPTY: Self = Self([0; WORDS]);

    /// Every bit set, the identity for `&`; callers mask off board padding.
    pub const ALL: Self = Self([u64::MAX; WORDS]);

    /// Singleton set `{i}`; const so square tables can be built at compile time.
    /// Panics if `i >= 256`.
    #[inline]
    pub const fn from_bit(i: usize) -> Self {
        let mut w = [0u64; WORDS];
        w[i >> 6] = 1u64 << (i & 63);
        Self(w)
    }

    /// Whether square `i` is in the set. Panics if `i >= 256`.
    #[inline]
    pub const fn has(self, i: usize) -> bool {
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// Adds square `i` to the set. Panics if `i >= 256`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    /// Removes square `i` from the set. Panics if `i >= 256`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    /// Flips square `i`, e.g. for incremental from/to updates. Panics if `i >= 256`.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i >> 6] ^= 1u64 << (i & 63);
    }

    /// True when no bit is set; ORs the words so there is a single branch.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// True when at least one bit is set.
    #[inline]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of set bits (popcount), e.g. for mobility terms.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Lowest set square, or `None` when empty.
    #[inline]
    pub const fn lsb(self) -> Option<usize> {
        let mut i = 0;
        while i < WORDS {
            let w = self.0[i];
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// Highest set square, or `None` when empty.
    #[inline]
    pub const fn msb(self) -> Option<usize> {
        let mut i = WORDS;
        while i > 0 {
            i -= 1;
            let w = self.0[i];
            if w != 0 {
                return Some(i * 64 + 63 - w.leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the lowest set square; the move-generation loop primitive.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let sq = i * 64 + w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(sq);
            }
        }
        None
    }

    /// Iterates set squares in ascending order without mutating `self`.
    #[inline]
    pub const fn iter(self) -> Bits {
        Bits(self)
    }

    /// `self & !other`, one call for "these squares minus those".
    #[inline]
    pub const fn andnot(self, other: Self) -> Self {
        Self([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }

    /// True when every set square of `self` is also in `other`.
    #[inline]
    pub const fn is_subset(self, other: Self) -> bool {
        self.andnot(other).is_empty()
    }

    /// True when `self` and `other` share a square; avoids building the `&`.
    #[inline]
    pub const fn intersects(self, other: Self) -> bool {
        ((self.0[0] & other.0[0])
            | (self.0[1] & other.0[1])
            | (self.0[2] & other.0[2])
            | (self.0[3] & other.0[3]))
            != 0
    }

    /// Moves every bit `n` places towards higher indices, carrying across
    /// words; bits pushed past 255 are dropped, and `n >= 256` gives `EMPTY`
    /// (total rather than panicking, so ray code needs no special case).
    #[inline]
    pub const fn shl(self, n: u32) -> Self {
        let Some((ws, bs)) = split_shift(n) else {
            return Self::EMPTY;
        };
        let mut out = [0u64; WORDS];
        let mut i = ws;
        while i < WORDS {
            let src = i - ws;
            let mut w = self.0[src] << bs;
            // A zero bit-shift has no carry; `>> 64` would overflow, hence the guard.
            if bs != 0 && src > 0 {
                w |= self.0[src - 1] >> (64 - bs);
            }
            out[i] = w;
            i += 1;
        }
        Self(out)
    }

    /// Moves every bit `n` places towards lower indices, carrying across
    /// words; bits pushed below 0 are dropped, and `n >= 256` gives `EMPTY`.
    #[inline]
    pub const fn shr(self, n: u32) -> Self {
        let Some((ws, bs)) = split_shift(n) else {
            return Self::EMPTY;
        };
        let mut out = [0u64; WORDS];
        let mut i = 0;
        while i + ws < WORDS {
            let src = i + ws;
            let mut w = self.0[src] >> bs;
            // A zero bit-shift has no carry; `<< 64` would overflow, hence the guard.
            if bs != 0 && src + 1 < WORDS {
                w |= self.0[src + 1] << (64 - bs);
            }
            out[i] = w;
            i += 1;
        }
        Self(out)
    }
}

/// A shift of `n` bits as whole words and the bits left over; None when every bit leaves.
#[inline(always)]
const fn split_shift(n: u32) -> Option<(usize, usize)> {
    let n = n as usize;
    if n >= Bitboard256::BITS {
        return None;
    }
    Some((n / 64, n % 64))
}

/// Ascending iterator over set squares; owns a copy so the board stays usable.
#[derive(Clone, Copy, Debug)]
pub struct Bits(Bitboard256);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lsb()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count() as usize
    }
}

impl ExactSizeIterator for Bits {}
impl FusedIterator for Bits {}

impl IntoIterator for Bitboard256 {
    type Item = usize;
    type IntoIter = Bits;

    #[inline]
    fn into_iter(self) -> Bits {
        Bits(self)
    }
}

/// Builds a set from square indices, handy for tests and tables.
impl FromIterator<usize> for Bitboard256 {
    #[inline]
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut bb = Self::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

/// Implements a word-wise binary operator and its assigning form.
macro_rules! wordwise_op {
    ($Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $tok:tt) => {
        impl $Op for Bitboard256 {
            type Output = Self;

            #[inline]
            fn $op(self, rhs: Self) -> Self {
                Self([
                    self.0[0] $tok rhs.0[0],
                    self.0[1] $tok rhs.0[1],
                    self.0[2] $tok rhs.0[2],
                    self.0[3] $tok rhs.0[3],
                ])
            }
        }

        impl $OpAssign for Bitboard256 {
            #[inline]
            fn $op_assign(&mut self, rhs: Self) {
                *self = $Op::$op(*self, rhs);
            }
        }
    };
}

wordwise_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard256 {
    type Output = Self;

    /// Complements all 256 bits, padding included; mask afterwards if needed.
    #[inline]
    fn not(self) -> Self {
        Self([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Shl<u32> for Bitboard256 {
    type Output = Self;

    /// Same as [`Bitboard256::shl`]: `n >= 256` yields `EMPTY`.
    #[inline]
    fn shl(self, n: u32) -> Self {
        Bitboard256::shl(self, n)
    }
}

impl Shr<u32> for Bitboard256 {
    type Output = Self;

    /// Same as [`Bitboard256::shr`]: `n >= 256` yields `EMPTY`.
    #[inline]
    fn shr(self, n: u32) -> Self {
        Bitboard256::shr(self, n)
    }
}

impl ShlAssign<u32> for Bitboard256 {
    #[inline]
    fn shl_assign(&mut self, n: u32) {
        *self = Bitboard256::shl(*self, n);
    }
}

impl ShrAssign<u32> for Bitboard256 {
    #[inline]
    fn shr_assign(&mut self, n: u32) {
        *self = Bitboard256::shr(*self, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Naive reference: one bool per square.
    type Model = [bool; 256];

    const EDGES: [usize; 8] = [0, 63, 64, 127, 128, 191, 192, 255];

    /// Seeded test data.
    struct Rng(rand_chacha::ChaCha8Rng);

    impl Rng {
        fn new(seed: u64) -> Rng {
            Rng(rand::SeedableRng::seed_from_u64(seed))
        }

        fn next(&mut self) -> u64 {
            rand::RngCore::next_u64(&mut self.0)
        }

        fn below(&mut self, n: usize) -> usize {
            rand::Rng::random_range(&mut self.0, 0..n)
        }

        /// Mix of densities (sparse, half, dense, single words, edge bits).
        fn bb(&mut self) -> Bitboard256 {
            let mut w = [0u64; 4];
            match self.below(6) {
                0 => {
                    for x in &mut w {
                        *x = self.next() & self.next() & self.next();
                    }
                }
                1 => {
                    for x in &mut w {
                        *x = self.next() | self.next();
                    }
                }
                2 => w[self.below(4)] = self.next(),
                3 => {
                    let mut bb = Bitboard256(w);
                    for _ in 0..self.below(4) {
                        bb.set(EDGES[self.below(EDGES.len())]);
                    }
                    return bb;
                }
                _ => {
                    for x in &mut w {
                        *x = self.next();
                    }
                }
            }
            Bitboard256(w)
        }
    }

    fn model(bb: Bitboard256) -> Model {
        let mut m = [false; 256];
        for (i, b) in m.iter_mut().enumerate() {
            *b = (bb.0[i / 64] >> (i % 64)) & 1 == 1;
        }
        m
    }

    fn unmodel(m: &Model) -> Bitboard256 {
        let mut w = [0u64; 4];
        for (i, &b) in m.iter().enumerate() {
            if b {
                w[i / 64] |= 1 << (i % 64);
            }
        }
        Bitboard256(w)
    }

    fn model_shl(m: &Model, n: usize) -> Model {
        let mut r = [false; 256];
        for i in 0..256 {
            if i >= n {
                r[i] = m[i - n];
            }
        }
        r
    }

    fn model_shr(m: &Model, n: usize) -> Model {
        let mut r = [false; 256];
        for i in 0..256 {
            if i + n < 256 {
                r[i] = m[i + n];
            }
        }
        r
    }

    fn model_zip(a: &Model, b: &Model, f: impl Fn(bool, bool) -> bool) -> Bitboard256 {
        let mut r = [false; 256];
        for i in 0..256 {
            r[i] = f(a[i], b[i]);
        }
        unmodel(&r)
    }

    fn samples() -> Vec<Bitboard256> {
        let mut v = vec![Bitboard256::EMPTY, Bitboard256::ALL];
        v.extend(EDGES.iter().map(|&i| Bitboard256::from_bit(i)));
        v.push(EDGES.iter().copied().collect());
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        v.extend((0..2000).map(|_| rng.bb()));
        v
    }

    #[test]
    fn constants() {
        assert_eq!(Bitboard256::EMPTY, Bitboard256::default());
        assert!(Bitboard256::EMPTY.is_empty());
        assert_eq!(Bitboard256::ALL.count(), 256);
        assert_eq!(model(Bitboard256::ALL), [true; 256]);
        assert_eq!(!Bitboard256::EMPTY, Bitboard256::ALL);
        // Const-evaluable, as promised.
        const B: Bitboard256 = Bitboard256::from_bit(200);
        const H: bool = B.has(200);
        const _: () = assert!(H);
        assert_eq!(B.0, [0, 0, 0, 1 << 8]);
    }

    #[test]
    fn single_bit_ops_every_square() {
        for i in 0..256 {
            let b = Bitboard256::from_bit(i);
            let mut m = [false; 256];
            m[i] = true;
            assert_eq!(model(b), m, "from_bit({i})");
            assert_eq!(b.0[i / 64], 1 << (i % 64));
            assert!(b.has(i));
            assert_eq!(b.count(), 1);
            assert_eq!(b.lsb(), Some(i));
            assert_eq!(b.msb(), Some(i));

            let mut x = Bitboard256::EMPTY;
            x.set(i);
            assert_eq!(x, b);
            x.set(i);
            assert_eq!(x, b, "set is idempotent");
            x.toggle(i);
            assert!(x.is_empty());
            x.toggle(i);
            assert_eq!(x, b);
            x.clear(i);
            assert!(x.is_empty());
            x.clear(i);
            assert!(x.is_empty(), "clear is idempotent");

            let mut a = Bitboard256::ALL;
            a.clear(i);
            assert_eq!(a, !b);
            assert!(!a.has(i));
            assert_eq!(a.count(), 255);
        }
    }

    #[test]
    fn set_clear_toggle_has_random() {
        let mut rng = Rng::new(12345);
        for bb in samples() {
            let mut b = bb;
            let mut m = model(bb);
            for _ in 0..64 {
                let i = if rng.below(4) == 0 {
                    EDGES[rng.below(EDGES.len())]
                } else {
                    rng.below(256)
                };
                match rng.below(3) {
                    0 => {
                        b.set(i);
                        m[i] = true;
                    }
                    1 => {
                        b.clear(i);
                        m[i] = false;
                    }
                    _ => {
                        b.toggle(i);
                        m[i] = !m[i];
                    }
                }
                assert_eq!(model(b), m);
                for (j, &expected) in m.iter().enumerate() {
                    assert_eq!(b.has(j), expected);
                }
            }
        }
    }

    #[test]
    fn queries_match_model() {
        for bb in samples() {
            let m = model(bb);
            let set: Vec<usize> = (0..256).filter(|&i| m[i]).collect();
            assert_eq!(bb.count() as usize, set.len());
            assert_eq!(bb.is_empty(), set.is_empty());
            assert_eq!(bb.any(), !set.is_empty());
            assert_eq!(bb.lsb(), set.first().copied());
            assert_eq!(bb.msb(), set.last().copied());
        }
    }

    #[test]
    fn iteration_ascending_and_pop_lsb_drains() {
        for bb in samples() {
            let m = model(bb);
            let expected: Vec<usize> = (0..256).filter(|&i| m[i]).collect();

            let it = bb.iter();
            assert_eq!(it.len(), expected.len());
            assert_eq!(it.count(), expected.len());
            assert_eq!(bb.iter().collect::<Vec<_>>(), expected);
            assert_eq!(bb.into_iter().collect::<Vec<_>>(), expected);
            let mut via_for = Vec::new();
            for sq in bb {
                via_for.push(sq);
            }
            assert_eq!(via_for, expected);
            assert_eq!(expected.iter().copied().collect::<Bitboard256>(), bb);

            let mut it = bb.iter();
            for (k, _) in expected.iter().enumerate() {
                assert_eq!(
                    it.size_hint(),
                    (expected.len() - k, Some(expected.len() - k))
                );
                it.next();
            }
            assert_eq!(it.next(), None);
            assert_eq!(it.next(), None, "fused");

            let mut d = bb;
            let mut drained = Vec::new();
            while let Some(sq) = d.pop_lsb() {
                assert!(!d.has(sq));
                assert_eq!(d.count() as usize, expected.len() - drained.len() - 1);
                drained.push(sq);
            }
            assert_eq!(drained, expected);
            assert!(d.is_empty());
            assert_eq!(d.pop_lsb(), None);
            assert_eq!(d, Bitboard256::EMPTY);
        }
    }

    #[test]
    fn binary_ops_match_model() {
        let s = samples();
        let mut rng = Rng::new(777);
        for (k, &a) in s.iter().enumerate() {
            // Pair each sample with a random partner, itself, and its complement.
            for b in [s[rng.below(s.len())], s[(k + 1) % s.len()], a, !a] {
                let (ma, mb) = (model(a), model(b));

                assert_eq!(a & b, model_zip(&ma, &mb, |x, y| x & y));
                assert_eq!(a | b, model_zip(&ma, &mb, |x, y| x | y));
                assert_eq!(a ^ b, model_zip(&ma, &mb, |x, y| x ^ y));
                assert_eq!(a.andnot(b), model_zip(&ma, &mb, |x, y| x & !y));

                let mut t = a;
                t &= b;
                assert_eq!(t, a & b);
                let mut t = a;
                t |= b;
                assert_eq!(t, a | b);
                let mut t = a;
                t ^= b;
                assert_eq!(t, a ^ b);

                let subset = (0..256).all(|i| !ma[i] || mb[i]);
                let inter = (0..256).any(|i| ma[i] && mb[i]);
                assert_eq!(a.is_subset(b), subset);
                assert_eq!(a.intersects(b), inter);
            }
            assert_eq!(!a, model_zip(&model(a), &model(a), |x, _| !x));
            assert!(a.is_subset(a));
            assert!(Bitboard256::EMPTY.is_subset(a));
            assert!(a.is_subset(Bitboard256::ALL));
            assert_eq!(a.intersects(a), a.any());
            assert!(!a.intersects(!a));
        }
    }

    #[test]
    fn shifts_all_amounts_match_model() {
        let s = samples();
        // Every sample against every shift amount would be slow with the naive
        // model, so use the fixed samples plus a random subset for all 256 amounts.
        let mut chosen: Vec<Bitboard256> = s[..11].to_vec();
        let mut rng = Rng::new(4242);
        chosen.extend((0..150).map(|_| s[rng.below(s.len())]));
        for bb in chosen {
            let m = model(bb);
            for n in 0..256u32 {
                let l = unmodel(&model_shl(&m, n as usize));
                let r = unmodel(&model_shr(&m, n as usize));
                assert_eq!(bb.shl(n), l, "shl {n} of {bb:?}");
                assert_eq!(bb.shr(n), r, "shr {n} of {bb:?}");
                assert_eq!(bb << n, l);
                assert_eq!(bb >> n, r);
                let mut t = bb;
                t <<= n;
                assert_eq!(t, l);
                let mut t = bb;
                t >>= n;
                assert_eq!(t, r);
            }
            for n in [256u32, 257, 300, 511, u32::MAX] {
                assert_eq!(bb.shl(n), Bitboard256::EMPTY);
                assert_eq!(bb.shr(n), Bitboard256::EMPTY);
            }
        }
    }

    #[test]
    fn shifts_edge_bits_cross_words() {
        for &i in &EDGES {
            let b = Bitboard256::from_bit(i);
            for n in 0..256usize {
                let l = if i + n < 256 {
                    Bitboard256::from_bit(i + n)
                } else {
                    Bitboard256::EMPTY
                };
                let r = if n <= i {
                    Bitboard256::from_bit(i - n)
                } else {
                    Bitboard256::EMPTY
                };
                assert_eq!(b.shl(n as u32), l, "{i} << {n}");
                assert_eq!(b.shr(n as u32), r, "{i} >> {n}");
            }
        }
        // Whole-board shifts: count drops exactly by the amount shifted out.
        for n in 0..256u32 {
            assert_eq!(Bitboard256::ALL.shl(n).count(), 256 - n);
            assert_eq!(Bitboard256::ALL.shr(n).count(), 256 - n);
            assert_eq!(Bitboard256::ALL.shl(n).lsb(), Some(n as usize));
            assert_eq!(Bitboard256::ALL.shr(n).msb(), Some(255 - n as usize));
        }
    }

    #[test]
    fn shifts_compose() {
        let mut rng = Rng::new(99);
        for bb in samples().into_iter().take(500) {
            let a = rng.below(256) as u32;
            let b = rng.below(256) as u32;
            assert_eq!(bb.shl(a).shl(b), bb.shl(a + b));
            assert_eq!(bb.shr(a).shr(b), bb.shr(a + b));
            // Round trip keeps exactly the bits that did not fall off.
            let keep_low = Bitboard256::ALL.shr(a);
            assert_eq!(bb.shl(a).shr(a), bb & keep_low);
        }
    }
}
