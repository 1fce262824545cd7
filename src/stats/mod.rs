//! Match statistics: the score, the Elo difference it implies with a 95% interval, the
//! likelihood of superiority and the draw ratio, per game as cutechess-cli reports them and per
//! game pair (pairs.rs) as fishtest and OpenBench do; for three-player matches, points per
//! engine and a rating per engine. Shared by `kaleido match` (arbiter/) and `kaleido selfplay`
//! (selfplay/).

mod pairs;
pub mod ratings;

pub use pairs::{PairedScore, Pentanomial};

/// The normal distribution's error function.
pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// The Elo difference that an expected score `p` (0 < p < 1) means in the logistic model.
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of score `p` and half the width of the interval `p` +/- `spread`.
fn elo_interval(p: f64, spread: f64) -> (f64, f64) {
    let lo = (p - spread).max(1e-12);
    let hi = (p + spread).min(1.0 - 1e-12);
    (
        elo_from_score(p),
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0,
    )
}

/// The mean of independent score samples (each in [0, 1], par 0.5), the Elo difference it
/// implies and its 95% interval from the samples' spread; None for fewer than two samples or a
/// mean of 0 or 1.
pub fn elo_of_samples(samples: &[f64]) -> Option<(f64, f64, f64)> {
    let n = samples.len() as f64;
    if samples.len() < 2 {
        return None;
    }
    let p = samples.iter().sum::<f64>() / n;
    if p <= 0.0 || p >= 1.0 {
        return None;
    }
    let variance = samples.iter().map(|s| (s - p).powi(2)).sum::<f64>() / (n - 1.0);
    let (elo, margin) = elo_interval(p, Z95 * (variance / n).sqrt());
    Some((p, elo, margin))
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// 97.5% quantile of the normal distribution: a two-sided 95% interval.
const Z95: f64 = 1.959_963_985;

/// Wins, losses and draws of the first engine against the second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Score {
    /// Counts one comparison of points in a game: more than the other's a win, fewer a loss,
    /// the same a draw.
    pub fn compare(&mut self, mine: f64, theirs: f64) {
        if (mine - theirs).abs() < 1e-9 {
            self.draws += 1;
        } else if mine > theirs {
            self.wins += 1;
        } else {
            self.losses += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first engine's points per game.
    pub fn ratio(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// The variance of one game's score around the mean.
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let p = self.ratio();
        (self.wins as f64 * (1.0 - p).powi(2)
            + self.losses as f64 * p.powi(2)
            + self.draws as f64 * (0.5 - p).powi(2))
            / n
    }

    /// These games as an encounter of engines `first` and `second` for the ratings fit, the
    /// spread of the points measured game by game.
    pub fn encounter(&self, first: usize, second: usize) -> ratings::Encounter {
        let games = self.games() as f64;
        ratings::Encounter {
            first,
            second,
            games,
            points: self.wins as f64 + self.draws as f64 / 2.0,
            variance: games * self.variance(),
        }
    }

    /// The Elo difference and the half-width of its 95% interval; None while one side has all
    /// the points (the difference is then unbounded) or no game was played.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let p = self.ratio();
        if n == 0.0 || p <= 0.0 || p >= 1.0 {
            return None;
        }
        Some(elo_interval(p, Z95 * (self.variance() / n).sqrt()))
    }

    /// Likelihood of superiority: the chance that the first engine is the stronger, from wins
    /// and losses alone (draws say nothing about it).
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }

    /// `Elo difference: X +/- Y, LOS: Z %, DrawRatio: R %`, as cutechess prints it.
    pub fn elo_line(&self) -> String {
        elo_line(
            self.elo(),
            self.games(),
            self.ratio(),
            self.los(),
            self.draw_ratio(),
        )
    }

    /// The results for the SPRT: (score, how often) per result kind. A kind not seen yet
    /// counts as half a game (a Jeffreys-style prior): with no spread at all the variance would
    /// be zero and the likelihood ratio undefined, and a tiny count would let a single won game
    /// decide; half a game lets an unbroken run of wins decide only after a few dozen games.
    pub fn outcomes(&self) -> Vec<(f64, f64)> {
        if self.games() == 0 {
            return Vec::new();
        }
        let count = |c: u32| if c == 0 { 0.5 } else { c as f64 };
        vec![
            (0.0, count(self.losses)),
            (0.5, count(self.draws)),
            (1.0, count(self.wins)),
        ]
    }
}

/// `Elo difference: X +/- Y, LOS: Z %, DrawRatio: R %`: `elo` the difference and its interval
/// (None while one side has every point: then `inf` or `-inf` by the score `ratio`, or 0 when
/// nothing was counted); every statistics line prints infinite and unknown values this way.
pub fn elo_line(
    elo: Option<(f64, f64)>,
    counted: u32,
    ratio: f64,
    los: f64,
    draw_ratio: f64,
) -> String {
    let elo = match elo {
        // `+ 0.0` turns the negative zero of an even score into a positive one.
        Some((elo, margin)) => format!("{:.1} +/- {margin:.1}", elo + 0.0),
        None if counted == 0 => "0.0 +/- nan".to_string(),
        None if ratio >= 1.0 => "inf +/- nan".to_string(),
        None if ratio <= 0.0 => "-inf +/- nan".to_string(),
        None => "n/a +/- nan".to_string(),
    };
    format!(
        "Elo difference: {elo}, LOS: {:.1} %, DrawRatio: {:.1} %",
        los * 100.0,
        draw_ratio * 100.0
    )
}

/// A three-player (or more) tally: every engine's points, and for the ratings every pair of
/// engines' head-to-head comparisons inside each game (who scored more in that game).
#[derive(Clone, Debug)]
pub struct Table {
    pub names: Vec<String>,
    pub points: Vec<f64>,
    pub games: Vec<u32>,
    /// pairwise[i] = (better, worse, equal) counts of engine i against every other engine.
    pub pairwise: Vec<Score>,
}

impl Table {
    pub fn new(names: Vec<String>) -> Table {
        let n = names.len();
        Table {
            names,
            points: vec![0.0; n],
            games: vec![0; n],
            pairwise: vec![Score::default(); n],
        }
    }

    /// Adds one game: `engine_points[i]` is what engine i scored (None: it did not play).
    pub fn add(&mut self, engine_points: &[Option<f64>]) {
        for (i, p) in engine_points.iter().enumerate() {
            let Some(p) = p else { continue };
            self.points[i] += p;
            self.games[i] += 1;
            for (j, q) in engine_points.iter().enumerate() {
                let Some(q) = q else { continue };
                if i == j {
                    continue;
                }
                self.pairwise[i].compare(*p, *q);
            }
        }
    }

    /// One line per engine: points, games, and the rating its head-to-head results against
    /// the field imply (Elo relative to the field's average, with a 95% interval).
    pub fn lines(&self) -> Vec<String> {
        (0..self.names.len())
            .map(|i| {
                let s = self.pairwise[i];
                let rating = match s.elo() {
                    // `+ 0.0` turns a negative zero into a positive one.
                    Some((elo, margin)) => format!("{:+.1} +/- {margin:.1}", elo + 0.0),
                    None if s.games() == 0 => "n/a".to_string(),
                    None if s.ratio() >= 1.0 => "+inf".to_string(),
                    None => "-inf".to_string(),
                };
                format!(
                    "{}: {:.2} points in {} games ({:.1}% of the 2 per game), rating {rating} \
                     (head-to-head {} - {} - {})",
                    self.names[i],
                    self.points[i],
                    self.games[i],
                    100.0 * self.points[i] / (2.0 * self.games[i].max(1) as f64),
                    s.wins,
                    s.losses,
                    s.draws
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn erf_known_values() {
        assert!(close(erf(0.0), 0.0, 1e-12));
        assert!(close(erf(0.5), 0.520_499_877_813_046_5, 1e-12));
        assert!(close(erf(1.0), 0.842_700_792_949_714_9, 1e-12));
        assert!(close(erf(-2.0), -0.995_322_265_018_952_7, 1e-12));
    }

    #[test]
    fn elo_of_samples_is_the_mean_with_its_standard_error() {
        // Mean 0.75 (190.85 Elo); sample variance 0.125 / 3; standard error sqrt(0.125 / 12).
        let (p, elo, margin) = elo_of_samples(&[0.5, 0.75, 0.75, 1.0]).unwrap_or_default();
        assert!(close(p, 0.75, 1e-12));
        assert!(close(elo, 190.85, 0.01));
        let spread = 1.959_964 * (0.125f64 / 12.0).sqrt();
        let expected = (elo_from_score(0.75 + spread) - elo_from_score(0.75 - spread)) / 2.0;
        assert!(close(margin, expected, 0.01), "{margin} {expected}");
        assert!(elo_of_samples(&[0.6]).is_none());
        assert!(elo_of_samples(&[1.0, 1.0]).is_none());
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is 400*log10(3) = 190.85 Elo; 64% is 100.0 Elo.
        assert!(close(elo_from_score(0.75), 190.848_501_9, 1e-6));
        assert!(close(elo_from_score(score_from_elo(100.0)), 100.0, 1e-9));
        assert!(close(score_from_elo(100.0), 0.640_065_1, 1e-6));
        let s = Score {
            wins: 60,
            losses: 10,
            draws: 30,
        };
        let (elo, margin) = s.elo().unwrap_or_default();
        assert!(close(elo, 190.85, 0.01));
        // By hand: variance = (60*.0625 + 10*.5625 + 30*.0625)/100 = 0.1125; spread =
        // 1.96*sqrt(0.1125/100) = 0.065740; (elo(0.815740) - elo(0.684260))/2 = 62.05.
        assert!(close(margin, 62.045, 0.01), "{margin}");
        assert_eq!(
            s.elo_line(),
            "Elo difference: 190.8 +/- 62.0, LOS: 100.0 %, DrawRatio: 30.0 %"
        );
        let even = Score {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert!(close(even.elo().unwrap_or_default().0, 0.0, 1e-9));
        assert!(close(even.los(), 0.5, 1e-7));
        assert!(Score {
            wins: 3,
            losses: 0,
            draws: 0
        }
        .elo()
        .is_none());
    }

    #[test]
    fn los_by_hand() {
        // W=10, L=5: 0.5*(1+erf(5/sqrt(30))) = 0.5*(1+erf(0.912871)) = 0.901 647.
        let s = Score {
            wins: 10,
            losses: 5,
            draws: 100,
        };
        assert!(close(s.los(), 0.901_647, 1e-5), "{}", s.los());
        // W=L: 50%; W=20, L=0: 0.5*(1+erf(sqrt(10))) = 0.999 996 13.
        let s = Score {
            wins: 20,
            losses: 0,
            draws: 0,
        };
        assert!(close(s.los(), 0.999_996_13, 1e-6));
    }

    #[test]
    fn three_player_points_and_head_to_head() {
        let mut t = Table::new(vec!["a".into(), "b".into(), "c".into()]);
        // a wins 4/3 and 2/3 with b, c nothing; then an equal split.
        t.add(&[Some(4.0 / 3.0), Some(2.0 / 3.0), Some(0.0)]);
        t.add(&[Some(2.0 / 3.0), Some(2.0 / 3.0), Some(2.0 / 3.0)]);
        assert!(close(t.points[0], 2.0, 1e-9));
        assert_eq!(
            t.pairwise[0],
            Score {
                wins: 2,
                losses: 0,
                draws: 2
            }
        );
        assert_eq!(
            t.pairwise[1],
            Score {
                wins: 1,
                losses: 1,
                draws: 2
            }
        );
        assert_eq!(
            t.pairwise[2],
            Score {
                wins: 0,
                losses: 2,
                draws: 2
            }
        );
        let lines = t.lines();
        assert!(
            lines[1].starts_with("b: 1.33 points in 2 games"),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains("rating +0.0"), "{}", lines[1]);
    }
}
