//! Output buckets: a network may keep several output layers and read the one that the
//! material on the board picks. What the men's placement is worth changes as they come off
//! (a king's shelter counts with queens on, a passed pawn with few pieces left), and one
//! output layer has to average over every stage; a layer per stage need not. The bucket is
//! the number of men on the board, which every seat's inputs show alike (one active input a
//! man), so the trainer and the engine pick it from what they read anyway.

/// How a network's output layers are picked: `count` layers, the first for positions of up
/// to `men_per_bucket` men, the next for up to twice that, and so on, the last also taking
/// any more men than `count * men_per_bucket`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputBuckets {
    pub count: usize,
    pub men_per_bucket: usize,
}

impl OutputBuckets {
    /// One output layer for every position: the network of no buckets.
    pub const ONE: OutputBuckets = OutputBuckets {
        count: 1,
        men_per_bucket: 1,
    };

    /// `count` buckets spread evenly over positions of 1 to `men_at_start` men. A count of
    /// 0 or 1 is the one layer of `ONE` (so that a network trained without buckets is stored
    /// as one).
    pub fn spread(count: usize, men_at_start: usize) -> OutputBuckets {
        if count <= 1 {
            return OutputBuckets::ONE;
        }
        OutputBuckets {
            count,
            men_per_bucket: men_at_start.div_ceil(count).max(1),
        }
    }

    /// The bucket of a position with `men` men on the board.
    #[inline]
    pub fn of(&self, men: usize) -> usize {
        (men.saturating_sub(1) / self.men_per_bucket).min(self.count - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_buckets_over_chess_take_four_men_each() {
        let buckets = OutputBuckets::spread(8, 32);
        assert_eq!(buckets.men_per_bucket, 4);
        let of: Vec<usize> = [2, 4, 5, 8, 9, 16, 17, 28, 29, 32]
            .iter()
            .map(|&men| buckets.of(men))
            .collect();
        assert_eq!(of, [0, 0, 1, 1, 2, 3, 4, 6, 7, 7]);
        // More men than the start holds (promotions cannot add men, but a setup may) stay in
        // the last bucket; no men at all in the first.
        assert_eq!(buckets.of(40), 7);
        assert_eq!(buckets.of(0), 0);
    }

    #[test]
    fn uneven_counts_cover_every_bucket_and_one_bucket_is_the_plain_network() {
        // Gigachess's 96 men in 8 buckets of 12; trichess's 48 in 5 of 10 (the last short).
        let giga = OutputBuckets::spread(8, 96);
        assert_eq!((giga.of(96), giga.of(12), giga.of(13)), (7, 0, 1));
        let tri = OutputBuckets::spread(5, 48);
        assert_eq!(tri.men_per_bucket, 10);
        assert_eq!((tri.of(48), tri.of(41), tri.of(40)), (4, 4, 3));
        assert_eq!(OutputBuckets::spread(1, 32), OutputBuckets::ONE);
        for men in 0..100 {
            assert_eq!(OutputBuckets::ONE.of(men), 0);
            assert_eq!(OutputBuckets::spread(0, 32).of(men), 0);
        }
    }
}
