//! Game pairs. A match on paired openings plays each opening twice, the engines swapping
//! colours, so the two games of a pair are not independent: a lopsided opening gives each
//! engine one win. Counting the pair's total (0, ½, 1, 1½ or 2 points: the pentanomial) instead
//! of each game removes the opening's share of the variance, which narrows the Elo interval and
//! lets the SPRT decide sooner, as fishtest and OpenBench count.

use super::{elo_interval, elo_line, erf, Score, Z95};
use std::collections::HashMap;

/// How many pairs ended with each total for the first engine: `counts[k]` is the number of
/// pairs where it scored k half points (0 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Each pair's score as a share of its two points (0, ¼, ½, ¾, 1) and how often it occurred.
    fn shares(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 / 4.0, c as f64))
    }

    /// The mean share per pair and its variance over the pairs.
    fn mean_variance(&self) -> (f64, f64) {
        let n = self.pairs().max(1) as f64;
        let mean = self.shares().map(|(x, c)| x * c).sum::<f64>() / n;
        let variance = self
            .shares()
            .map(|(x, c)| c * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, variance)
    }

    /// The first engine's points per game.
    pub fn ratio(&self) -> f64 {
        self.mean_variance().0
    }

    /// The Elo difference and the half-width of its 95% interval from the spread of the pair
    /// totals; None for fewer than two pairs (no spread to measure) or while one engine has
    /// every point.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mean, variance) = self.mean_variance();
        if self.pairs() < 2 || mean <= 0.0 || mean >= 1.0 {
            return None;
        }
        let n = self.pairs() as f64;
        Some(elo_interval(mean, Z95 * (variance / n).sqrt()))
    }

    /// Likelihood of superiority: the chance that the first engine is the stronger, in the
    /// normal approximation of the mean pair score.
    pub fn los(&self) -> f64 {
        let (mean, variance) = self.mean_variance();
        let n = self.pairs() as f64;
        if n == 0.0 || variance == 0.0 {
            return if n == 0.0 || mean == 0.5 {
                0.5
            } else if mean > 0.5 {
                1.0
            } else {
                0.0
            };
        }
        0.5 * (1.0 + erf((mean - 0.5) / (2.0 * variance / n).sqrt()))
    }

    /// The pair totals for the SPRT: (share, how often). A total not seen yet counts as a
    /// tenth of a pair, for the reason `Score::outcomes` counts a result kind not seen yet as
    /// half a game: the variance is never zero, and an unbroken run of won pairs decides only
    /// after about as many games as an unbroken run of won games does there (a dozen pairs
    /// for elo1 = 5).
    pub fn outcomes(&self) -> Vec<(f64, f64)> {
        if self.pairs() == 0 {
            return Vec::new();
        }
        self.shares()
            .map(|(x, c)| (x, if c == 0.0 { 0.1 } else { c }))
            .collect()
    }

    /// `Ptnml(0-2): [a, b, c, d, e]`: the pairs by the first engine's total, as fastchess and
    /// OpenBench print them.
    pub fn line(&self) -> String {
        let [a, b, c, d, e] = self.counts;
        format!("Ptnml(0-2): [{a}, {b}, {c}, {d}, {e}]")
    }
}

/// A two-engine score kept both per game and per pair of games on one opening.
#[derive(Clone, Debug, Default)]
pub struct PairedScore {
    pub games: Score,
    /// Pairs whose two games have both been counted.
    pub pairs: Pentanomial,
    /// The first engine's half points in the one game counted so far of each open pair.
    open: HashMap<u64, usize>,
}

impl PairedScore {
    /// Counts one game of pair `pair`, in which the first engine scored `mine` points and the
    /// second `theirs`; the pair's total is counted when its second game arrives, in whichever
    /// order the two finish.
    pub fn add(&mut self, pair: u64, mine: f64, theirs: f64) {
        self.games.compare(mine, theirs);
        let halves = if (mine - theirs).abs() < 1e-9 {
            1
        } else if mine > theirs {
            2
        } else {
            0
        };
        match self.open.remove(&pair) {
            Some(first) => self.pairs.counts[first + halves] += 1,
            None => {
                self.open.insert(pair, halves);
            }
        }
    }

    /// Whether the statistics come from pairs: once two pairs are complete. Before then there
    /// is no spread between pairs to measure, and the games speak for themselves.
    fn by_pairs(&self) -> bool {
        self.pairs.pairs() >= 2
    }

    pub fn elo(&self) -> Option<(f64, f64)> {
        if self.by_pairs() {
            self.pairs.elo()
        } else {
            self.games.elo()
        }
    }

    /// These games as an encounter for the ratings fit: the points' spread measured over the
    /// pairs once two are complete (a pair's two games count as one sample of twice the
    /// weight), over the games before.
    pub fn encounter(&self, first: usize, second: usize) -> super::ratings::Encounter {
        let mut e = self.games.encounter(first, second);
        if self.by_pairs() {
            let (_, share_variance) = self.pairs.mean_variance();
            // A pair's points are twice its share; games / 2 pairs of them.
            e.variance = e.games / 2.0 * 4.0 * share_variance;
        }
        e
    }

    /// `Elo difference: X +/- Y, LOS: Z %, DrawRatio: R %`: Elo and LOS from the pairs once
    /// two are complete (from the games before), the draw ratio of the games.
    pub fn elo_line(&self) -> String {
        let (counted, ratio, los) = if self.by_pairs() {
            (self.pairs.pairs(), self.pairs.ratio(), self.pairs.los())
        } else {
            (self.games.games(), self.games.ratio(), self.games.los())
        };
        elo_line(self.elo(), counted, ratio, los, self.games.draw_ratio())
    }

    /// The statistics block: the Elo line and the pentanomial.
    pub fn lines(&self) -> Vec<String> {
        vec![self.elo_line(), self.pairs.line()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn pairs_are_counted_when_both_games_are_in() {
        let mut s = PairedScore::default();
        // Pair 0: a win and a draw (1.5), its games arriving out of order with pair 1's.
        s.add(0, 1.0, 0.0);
        s.add(1, 0.0, 1.0);
        assert_eq!(s.pairs.pairs(), 0);
        s.add(0, 0.5, 0.5);
        s.add(1, 1.0, 0.0);
        s.add(2, 0.0, 1.0);
        assert_eq!(s.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(
            s.games,
            Score {
                wins: 2,
                losses: 2,
                draws: 1
            }
        );
        assert_eq!(s.pairs.line(), "Ptnml(0-2): [0, 0, 1, 1, 0]");
    }

    #[test]
    fn elo_and_los_by_hand() {
        // Pairs [1, 2, 4, 2, 1]: shares 0, .25, .5, .75, 1; mean 0.5, variance
        // (2*.25 + 2*.0625*2)/10 = 0.075; spread 1.96*sqrt(0.0075) = 0.169736;
        // (elo(0.669736) - elo(0.330264))/2 = 122.82.
        let even = Pentanomial {
            counts: [1, 2, 4, 2, 1],
        };
        let (elo, margin) = even.elo().unwrap_or_default();
        assert!(close(elo, 0.0, 1e-9));
        assert!(close(margin, 122.82, 0.01), "{margin}");
        assert!(close(even.los(), 0.5, 1e-12));
        // Pairs [0, 1, 2, 5, 2]: mean (0.25 + 1 + 3.75 + 2)/10 = 0.7, variance
        // (.2025 + 2*.04 + 5*.0025 + 2*.09)/10 = 0.0475; LOS = 0.5(1 + erf(0.2/sqrt(0.0095)))
        // = 0.5(1 + erf(2.05196)) = 0.998 15.
        let ahead = Pentanomial {
            counts: [0, 1, 2, 5, 2],
        };
        assert!(close(ahead.ratio(), 0.7, 1e-12));
        assert!(close(ahead.los(), 0.998_145, 1e-5), "{}", ahead.los());
        assert!(close(ahead.elo().unwrap_or_default().0, 147.19, 0.01));
        // One pair: no spread; a sweep: unbounded.
        assert!(Pentanomial {
            counts: [0, 0, 0, 0, 1]
        }
        .elo()
        .is_none());
        assert!(Pentanomial {
            counts: [0, 0, 0, 0, 7]
        }
        .elo()
        .is_none());
    }

    #[test]
    fn the_elo_line_prints_unbounded_values_as_every_report_does() {
        let mut sweep = PairedScore::default();
        for pair in 0..3 {
            sweep.add(pair, 1.0, 0.0);
            sweep.add(pair, 1.0, 0.0);
        }
        assert_eq!(
            sweep.elo_line(),
            "Elo difference: inf +/- nan, LOS: 100.0 %, DrawRatio: 0.0 %"
        );
        assert_eq!(
            PairedScore::default().elo_line(),
            "Elo difference: 0.0 +/- nan, LOS: 50.0 %, DrawRatio: 0.0 %"
        );
        // One game: the per-game statistics.
        let mut one = PairedScore::default();
        one.add(0, 0.0, 1.0);
        assert_eq!(
            one.elo_line(),
            "Elo difference: -inf +/- nan, LOS: 15.9 %, DrawRatio: 0.0 %"
        );
    }

    #[test]
    fn paired_games_narrow_the_interval_when_openings_are_lopsided() {
        // Every opening won by whoever has White: per game 50% with the widest spread; per
        // pair every total is 1, so the pairs show an even match with no spread at all.
        let mut s = PairedScore::default();
        for pair in 0..20 {
            s.add(pair, 1.0, 0.0);
            s.add(pair, 0.0, 1.0);
        }
        assert_eq!(s.pairs.counts, [0, 0, 20, 0, 0]);
        let (_, per_game) = s.games.elo().unwrap_or_default();
        let (_, per_pair) = s.elo().unwrap_or_default();
        assert!(per_game > 100.0, "{per_game}");
        assert!(per_pair < 1e-9, "{per_pair}");
    }
}
