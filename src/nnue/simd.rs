//! The network's inner loops in the widest vector instructions the processor offers, chosen
//! when the program runs: a weight row added to or taken from an accumulator, and one
//! perspective's share of the output. The portable loops are the reference; the AVX2 and
//! AVX-512 ones give the same integers for every input (the same wrapping arithmetic, the
//! same 64-bit sum), which the tests check, so a search's nodes and moves do not depend on
//! the processor it runs on.

use super::file::QA;
use std::sync::atomic::{AtomicU8, Ordering};

/// A set of instructions the network's loops run in. Only the paths the processor has can
/// be had (`widest`, `available`, `named`), which is what makes calling them safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Simd(Level);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Portable = 0,
    Avx2 = 1,
    Avx512 = 2,
}

const LEVELS: [Level; 3] = [Level::Portable, Level::Avx2, Level::Avx512];

/// The widest level the engine may use (`Simd::limit`); all of them until narrowed.
static CEILING: AtomicU8 = AtomicU8::new(Level::Avx512 as u8);

/// A path asked for by name that this build or processor does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimdError {
    #[error("unknown instruction set '{0}' (portable, avx2 or avx512)")]
    Unknown(String),
    #[error("this processor does not run {0}")]
    Unsupported(&'static str),
}

impl Simd {
    /// Plain Rust, on every processor.
    pub const PORTABLE: Simd = Simd(Level::Portable);

    /// The widest path this processor runs.
    pub fn widest() -> Simd {
        *Simd::available().last().unwrap_or(&Simd::PORTABLE)
    }

    /// Every path this processor runs, narrowest first.
    pub fn available() -> Vec<Simd> {
        LEVELS
            .into_iter()
            .filter(|&level| supported(level))
            .map(Simd)
            .collect()
    }

    /// The path named `portable`, `avx2` or `avx512`, where this processor runs it.
    pub fn named(name: &str) -> Result<Simd, SimdError> {
        let level = LEVELS
            .into_iter()
            .find(|&level| Simd(level).name() == name)
            .ok_or_else(|| SimdError::Unknown(name.to_string()))?;
        match supported(level) {
            true => Ok(Simd(level)),
            false => Err(SimdError::Unsupported(Simd(level).name())),
        }
    }

    /// The path new accumulators take: the widest, or narrower where `limit` asked for it.
    pub fn chosen() -> Simd {
        let ceiling = CEILING.load(Ordering::Relaxed);
        Simd::available()
            .into_iter()
            .rfind(|simd| simd.0 as u8 <= ceiling)
            .unwrap_or(Simd::PORTABLE)
    }

    /// Narrows the path of every network evaluation set up from now on, in the whole process
    /// (a benchmark's measure of what the vector code gains).
    pub fn limit(simd: Simd) {
        CEILING.store(simd.0 as u8, Ordering::Relaxed);
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            Level::Portable => "portable",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }

    /// `acc += row`, element by element, wrapping.
    #[inline]
    pub fn add_row(self, acc: &mut [i32], row: &[i16]) {
        match self.0 {
            // SAFETY: a Simd of these levels exists only where the processor runs them.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { x86::add_row_avx2(acc, row) },
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe { x86::add_row_avx512(acc, row) },
            _ => portable::add_row(acc, row),
        }
    }

    /// `dst = src + the added rows - the removed rows`, element by element, wrapping: a
    /// child's block from its parent's in one pass. Every row is at least as long as `dst`,
    /// and `src` as long.
    #[inline]
    pub fn update(self, dst: &mut [i32], src: &[i32], added: &[&[i16]], removed: &[&[i16]]) {
        match self.0 {
            // SAFETY: as in `add_row`.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { x86::update_avx2(dst, src, added, removed) },
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe { x86::update_avx512(dst, src, added, removed) },
            _ => portable::update(dst, src, added, removed),
        }
    }

    /// One perspective's share of the output: the sum of `clamp(a, 0, QA)^2 * w`.
    #[inline]
    pub fn block_sum(self, accs: &[i32], weights: &[i16]) -> i64 {
        match self.0 {
            // SAFETY: as in `add_row`.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { x86::block_sum_avx2(accs, weights) },
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => unsafe { x86::block_sum_avx512(accs, weights) },
            _ => portable::block_sum(accs, weights),
        }
    }
}

/// Whether this processor runs `level`'s instructions (detected once by the standard
/// library and cached there).
fn supported(level: Level) -> bool {
    match level {
        Level::Portable => true,
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => is_x86_feature_detected!("avx2"),
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => is_x86_feature_detected!("avx512f"),
        #[cfg(not(target_arch = "x86_64"))]
        _ => false,
    }
}

/// The reference loops. The sums cannot overflow (at most 256 rows of i16 weights on an i16
/// bias), so wrapping arithmetic changes no result; it spares test builds, which check
/// overflow, a check per element that keeps these loops from vectorising there.
mod portable {
    use super::QA;

    #[inline]
    pub fn add_row(acc: &mut [i32], row: &[i16]) {
        acc.iter_mut()
            .zip(row)
            .for_each(|(a, &w)| *a = a.wrapping_add(i32::from(w)));
    }

    #[inline]
    pub fn sub_row(acc: &mut [i32], row: &[i16]) {
        acc.iter_mut()
            .zip(row)
            .for_each(|(a, &w)| *a = a.wrapping_sub(i32::from(w)));
    }

    #[inline]
    pub fn update(dst: &mut [i32], src: &[i32], added: &[&[i16]], removed: &[&[i16]]) {
        update_from(0, dst, src, added, removed);
    }

    /// `update` of the lanes from `start` on (the vector loops' remainder).
    #[inline]
    pub fn update_from(
        start: usize,
        dst: &mut [i32],
        src: &[i32],
        added: &[&[i16]],
        removed: &[&[i16]],
    ) {
        let end = dst.len();
        dst[start..].copy_from_slice(&src[start..end]);
        added
            .iter()
            .for_each(|row| add_row(&mut dst[start..], &row[start..end]));
        removed
            .iter()
            .for_each(|row| sub_row(&mut dst[start..], &row[start..end]));
    }

    /// Each term fits an i32 (255 * 255 * 32768 < 2^31); only the sum needs 64 bits.
    #[inline]
    pub fn block_sum(accs: &[i32], weights: &[i16]) -> i64 {
        accs.iter()
            .zip(weights)
            .map(|(&a, &w)| {
                let h = a.clamp(0, QA);
                i64::from(h.wrapping_mul(h).wrapping_mul(i32::from(w)))
            })
            .sum()
    }
}

/// The vector loops: whole registers over the front of the slices, the portable loop over
/// what is left (a width that is not a multiple of the register's lanes).
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{portable, QA};
    use std::arch::x86_64::*;

    /// # Safety
    /// The processor must run AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_row_avx2(acc: &mut [i32], row: &[i16]) {
        let n = acc.len().min(row.len()) / 8 * 8;
        let (acc, rest) = acc.split_at_mut(n);
        for (a, w) in acc.chunks_exact_mut(8).zip(row.chunks_exact(8)) {
            // SAFETY: each chunk holds 8 lanes: 32 bytes of i32, 16 of i16.
            unsafe {
                let w = _mm256_cvtepi16_epi32(_mm_loadu_si128(w.as_ptr().cast()));
                let sum = _mm256_add_epi32(_mm256_loadu_si256(a.as_ptr().cast()), w);
                _mm256_storeu_si256(a.as_mut_ptr().cast(), sum);
            }
        }
        portable::add_row(rest, &row[n..]);
    }

    /// # Safety
    /// The processor must run AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update_avx2(dst: &mut [i32], src: &[i32], added: &[&[i16]], removed: &[&[i16]]) {
        let n = dst.len() / 8 * 8;
        for start in (0..n).step_by(8) {
            let lanes = start..start + 8;
            // SAFETY: every slice taken holds 8 lanes (slicing checks it): 32 bytes of i32,
            // 16 of i16.
            unsafe {
                let row = |row: &[i16]| {
                    _mm256_cvtepi16_epi32(_mm_loadu_si128(row[lanes.clone()].as_ptr().cast()))
                };
                let mut v = _mm256_loadu_si256(src[lanes.clone()].as_ptr().cast());
                for r in added {
                    v = _mm256_add_epi32(v, row(r));
                }
                for r in removed {
                    v = _mm256_sub_epi32(v, row(r));
                }
                _mm256_storeu_si256(dst[lanes.clone()].as_mut_ptr().cast(), v);
            }
        }
        portable::update_from(n, dst, src, added, removed);
    }

    /// # Safety
    /// The processor must run AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn block_sum_avx2(accs: &[i32], weights: &[i16]) -> i64 {
        let n = accs.len().min(weights.len()) / 8 * 8;
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi32(QA));
        let mut sum = _mm256_setzero_si256();
        for (a, w) in accs[..n].chunks_exact(8).zip(weights.chunks_exact(8)) {
            // SAFETY: as in `add_row_avx2`.
            let (a, w) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_cvtepi16_epi32(_mm_loadu_si128(w.as_ptr().cast())),
                )
            };
            let h = _mm256_min_epi32(_mm256_max_epi32(a, zero), top);
            let terms = _mm256_mullo_epi32(_mm256_mullo_epi32(h, h), w);
            // Widened to 64 bits before adding, as the portable sum is.
            let low = _mm256_cvtepi32_epi64(_mm256_castsi256_si128(terms));
            let high = _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(terms));
            sum = _mm256_add_epi64(sum, _mm256_add_epi64(low, high));
        }
        let mut lanes = [0i64; 4];
        // SAFETY: `lanes` holds 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().sum::<i64>() + portable::block_sum(&accs[n..], &weights[n..])
    }

    /// # Safety
    /// The processor must run AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn add_row_avx512(acc: &mut [i32], row: &[i16]) {
        let n = acc.len().min(row.len()) / 16 * 16;
        let (acc, rest) = acc.split_at_mut(n);
        for (a, w) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
            // SAFETY: each chunk holds 16 lanes: 64 bytes of i32, 32 of i16.
            unsafe {
                let w = _mm512_cvtepi16_epi32(_mm256_loadu_si256(w.as_ptr().cast()));
                let sum = _mm512_add_epi32(_mm512_loadu_si512(a.as_ptr().cast()), w);
                _mm512_storeu_si512(a.as_mut_ptr().cast(), sum);
            }
        }
        portable::add_row(rest, &row[n..]);
    }

    /// # Safety
    /// The processor must run AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn update_avx512(
        dst: &mut [i32],
        src: &[i32],
        added: &[&[i16]],
        removed: &[&[i16]],
    ) {
        let n = dst.len() / 16 * 16;
        for start in (0..n).step_by(16) {
            let lanes = start..start + 16;
            // SAFETY: every slice taken holds 16 lanes (slicing checks it): 64 bytes of i32,
            // 32 of i16.
            unsafe {
                let row = |row: &[i16]| {
                    _mm512_cvtepi16_epi32(_mm256_loadu_si256(row[lanes.clone()].as_ptr().cast()))
                };
                let mut v = _mm512_loadu_si512(src[lanes.clone()].as_ptr().cast());
                for r in added {
                    v = _mm512_add_epi32(v, row(r));
                }
                for r in removed {
                    v = _mm512_sub_epi32(v, row(r));
                }
                _mm512_storeu_si512(dst[lanes.clone()].as_mut_ptr().cast(), v);
            }
        }
        portable::update_from(n, dst, src, added, removed);
    }

    /// # Safety
    /// The processor must run AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn block_sum_avx512(accs: &[i32], weights: &[i16]) -> i64 {
        let n = accs.len().min(weights.len()) / 16 * 16;
        let (zero, top) = (_mm512_setzero_si512(), _mm512_set1_epi32(QA));
        let mut sum = _mm512_setzero_si512();
        for (a, w) in accs[..n].chunks_exact(16).zip(weights.chunks_exact(16)) {
            // SAFETY: as in `add_row_avx512`.
            let (a, w) = unsafe {
                (
                    _mm512_loadu_si512(a.as_ptr().cast()),
                    _mm512_cvtepi16_epi32(_mm256_loadu_si256(w.as_ptr().cast())),
                )
            };
            let h = _mm512_min_epi32(_mm512_max_epi32(a, zero), top);
            let terms = _mm512_mullo_epi32(_mm512_mullo_epi32(h, h), w);
            let low = _mm512_cvtepi32_epi64(_mm512_castsi512_si256(terms));
            let high = _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64::<1>(terms));
            sum = _mm512_add_epi64(sum, _mm512_add_epi64(low, high));
        }
        _mm512_reduce_add_epi64(sum) + portable::block_sum(&accs[n..], &weights[n..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slices of every length up to two AVX-512 registers and beyond, with values at the
    /// edges of their types (accumulators far outside the clamp, the widest weights).
    fn cases() -> Vec<(Vec<i32>, Vec<i16>)> {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut cases = Vec::new();
        for len in (0..=40).chain([64, 127, 128, 256, 1024]) {
            for _ in 0..4 {
                let acc = (0..len)
                    .map(|i| match next() % 5 {
                        0 => [i32::MIN, i32::MAX, -1, 0, QA][i % 5],
                        1 => (next() % 600) as i32 - 150,
                        _ => next() as i32,
                    })
                    .collect();
                let row = (0..len)
                    .map(|i| match next() % 4 {
                        0 => [i16::MIN, i16::MAX, -1, 0][i % 4],
                        _ => next() as i16,
                    })
                    .collect();
                cases.push((acc, row));
            }
        }
        cases
    }

    #[test]
    fn every_path_gives_the_portable_integers() {
        let paths = Simd::available();
        assert_eq!(paths[0], Simd::PORTABLE);
        for simd in paths {
            for (acc, row) in cases() {
                let expected = portable::block_sum(&acc, &row);
                assert_eq!(
                    simd.block_sum(&acc, &row),
                    expected,
                    "{} len {}",
                    simd.name(),
                    acc.len()
                );
                let (mut added, mut reference) = (acc.clone(), acc.clone());
                simd.add_row(&mut added, &row);
                portable::add_row(&mut reference, &row);
                assert_eq!(added, reference, "{} add", simd.name());
                // A child's block: its parent's with rows in and out, any number of each.
                let other: Vec<i16> = row.iter().rev().map(|w| w.wrapping_mul(3)).collect();
                for (ins, outs) in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (3, 3)] {
                    let pick = |k: usize| -> Vec<&[i16]> {
                        (0..k).map(|i| [&row[..], &other[..]][i % 2]).collect()
                    };
                    let (plus, minus) = (pick(ins), pick(outs));
                    let mut child = vec![7; acc.len()];
                    let mut expected = vec![-7; acc.len()];
                    simd.update(&mut child, &acc, &plus, &minus);
                    portable::update(&mut expected, &acc, &plus, &minus);
                    assert_eq!(child, expected, "{} update +{ins} -{outs}", simd.name());
                }
            }
        }
    }

    #[test]
    fn paths_are_named_and_the_missing_ones_refused() {
        assert_eq!(Simd::named("portable"), Ok(Simd::PORTABLE));
        assert!(matches!(Simd::named("sse9"), Err(SimdError::Unknown(_))));
        for level in LEVELS {
            let name = Simd(level).name();
            match supported(level) {
                true => assert_eq!(Simd::named(name), Ok(Simd(level))),
                false => assert_eq!(Simd::named(name), Err(SimdError::Unsupported(name))),
            }
        }
        assert_eq!(Simd::widest(), *Simd::available().last().unwrap());
    }
}
