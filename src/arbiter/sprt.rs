//! The sequential probability ratio test that stops a match once it has shown that the Elo
//! difference is at least elo1 (H1) or at most elo0 (H0). The log-likelihood ratio is the
//! generalised SPRT's (Van den Bergh) in the logistic Elo model, as fishtest and OpenBench
//! compute it:
//!
//!   LLR = (s1 - s0) * (2 m - s0 - s1) / (2 var / N)
//!
//! with m the mean score per sample, var its variance, N the samples, s0/s1 the expected scores
//! of elo0/elo1. A sample is a game pair (its share of the pair's two points: the pentanomial)
//! in a match on paired openings, or a game (the trinomial win/draw/loss, as cutechess-cli
//! counts). The bounds are Wald's: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).

use super::error::SettingError;
use crate::stats::score_from_elo;
#[cfg(test)]
use crate::stats::{Pentanomial, Score};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    /// H0 accepted: the difference is at most elo0.
    H0,
    /// H1 accepted: the difference is at least elo1.
    H1,
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (any order; missing keys keep these
    /// defaults).
    pub fn parse(words: &[String]) -> Result<Sprt, SettingError> {
        let mut sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| SettingError::SprtWord(word.to_string()))?;
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| SettingError::SprtNumber {
                    key: key.to_string(),
                    value: value.to_string(),
                })?;
            match key {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => return Err(SettingError::SprtKey(other.to_string())),
            }
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err(SettingError::SprtElo);
        }
        for p in [sprt.alpha, sprt.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SettingError::SprtErrorRates);
            }
        }
        Ok(sprt)
    }

    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 given the results so far, as (score, how
    /// often) per result kind: `Score::outcomes` per game, `Pentanomial::outcomes` per pair (0
    /// before the first result).
    pub fn llr(&self, outcomes: &[(f64, f64)]) -> f64 {
        let n: f64 = outcomes.iter().map(|&(_, c)| c).sum();
        if n <= 0.0 {
            return 0.0;
        }
        let m = outcomes.iter().map(|&(x, c)| x * c).sum::<f64>() / n;
        let variance = outcomes
            .iter()
            .map(|&(x, c)| c * (x - m).powi(2))
            .sum::<f64>()
            / n;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * variance / n)
    }

    pub fn verdict(&self, outcomes: &[(f64, f64)]) -> Verdict {
        let llr = self.llr(outcomes);
        if llr >= self.upper_bound() {
            Verdict::H1
        } else if llr <= self.lower_bound() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// `SPRT: llr X (Y%), lbound A, ubound B`, and which hypothesis was accepted if one was.
    /// The percentage is how far the LLR has gone towards the bound on its side.
    pub fn status_line(&self, outcomes: &[(f64, f64)]) -> String {
        let llr = self.llr(outcomes);
        let (lo, hi) = (self.lower_bound(), self.upper_bound());
        let progress = if llr >= 0.0 { llr / hi } else { llr / -lo };
        let verdict = match self.verdict(outcomes) {
            Verdict::Continue => "",
            Verdict::H0 => " - H0 was accepted",
            Verdict::H1 => " - H1 was accepted",
        };
        format!(
            "SPRT: llr {llr:.3} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}{verdict}",
            progress * 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    fn standard() -> Sprt {
        Sprt::parse(&["elo0=0 elo1=5 alpha=0.05 beta=0.05".to_string()])
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn bounds_are_walds() {
        // ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439.
        let s = standard();
        assert!(close(s.lower_bound(), -2.944_439, 1e-6));
        assert!(close(s.upper_bound(), 2.944_439, 1e-6));
        let skew = Sprt {
            alpha: 0.1,
            beta: 0.01,
            ..s
        };
        // ln(0.01/0.9) = -4.49981, ln(0.99/0.1) = 2.29253.
        assert!(close(skew.lower_bound(), -4.499_81, 1e-5));
        assert!(close(skew.upper_bound(), 2.292_53, 1e-5));
    }

    #[test]
    fn llr_by_hand() {
        // W=100 L=80 D=120 (N=300): m = 0.533333, var = 0.433333 - m^2 = 0.148889,
        // s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.507196;
        // LLR = 0.007196 * (1.066667 - 1.007196) / (2 * 0.148889 / 300) = 0.43110.
        let s = standard();
        let score = Score {
            wins: 100,
            losses: 80,
            draws: 120,
        };
        assert!(
            close(s.llr(&score.outcomes()), 0.431_096, 1e-5),
            "{}",
            s.llr(&score.outcomes())
        );
        assert_eq!(s.verdict(&score.outcomes()), Verdict::Continue);
        let behind = Score {
            wins: 60,
            losses: 70,
            draws: 70,
        };
        assert!(close(s.llr(&behind.outcomes()), -0.254_223, 1e-5));
        // Shifted bounds: elo0=-3, elo1=1, W=500 L=400 D=600 gives 2.016559.
        let shifted = Sprt {
            elo0: -3.0,
            elo1: 1.0,
            ..s
        };
        let score = Score {
            wins: 500,
            losses: 400,
            draws: 600,
        };
        assert!(close(shifted.llr(&score.outcomes()), 2.016_559, 1e-5));
    }

    #[test]
    fn bounds_stop_the_test() {
        let s = standard();
        let strong = Score {
            wins: 3000,
            losses: 2000,
            draws: 5000,
        };
        assert_eq!(s.verdict(&strong.outcomes()), Verdict::H1);
        assert!(s
            .status_line(&strong.outcomes())
            .ends_with("H1 was accepted"));
        let weak = Score {
            wins: 2000,
            losses: 3000,
            draws: 5000,
        };
        assert_eq!(s.verdict(&weak.outcomes()), Verdict::H0);
        assert_eq!(
            s.status_line(
                &Score {
                    wins: 100,
                    losses: 80,
                    draws: 120
                }
                .outcomes()
            ),
            "SPRT: llr 0.431 (14.6%), lbound -2.94, ubound 2.94"
        );
        // No game: no evidence either way. Only wins, regularised with half a game of each
        // other kind: W=8, L=D=0.5: m = 0.916667, var = 0.0625, LLR = 0.007196 *
        // (1.833333 - 1.007196) / (2 * 0.0625 / 9) = 0.42798: one-sided, but not decided.
        assert_eq!(s.llr(&Score::default().outcomes()), 0.0);
        let sweep = |wins| Score {
            wins,
            losses: 0,
            draws: 0,
        };
        assert!(
            close(s.llr(&sweep(8).outcomes()), 0.427_978, 1e-5),
            "{}",
            s.llr(&sweep(8).outcomes())
        );
        assert_eq!(s.verdict(&sweep(1).outcomes()), Verdict::Continue);
        assert_eq!(s.verdict(&sweep(8).outcomes()), Verdict::Continue);
        // 30 straight wins: LLR 5.38, H1.
        assert!(close(s.llr(&sweep(30).outcomes()), 5.380_325, 1e-5));
        assert_eq!(s.verdict(&sweep(30).outcomes()), Verdict::H1);
    }

    #[test]
    fn pentanomial_llr_by_hand() {
        // Pairs [10, 30, 60, 40, 20] (N=160): m = 87.5/160 = 0.546875, E[x^2] = 59.375/160 =
        // 0.371094, var = 0.072021; LLR = 0.007196 * (1.09375 - 1.007196) / (2 * 0.072021 /
        // 160) = 0.69176.
        let s = standard();
        let pairs = Pentanomial {
            counts: [10, 30, 60, 40, 20],
        };
        let llr = s.llr(&pairs.outcomes());
        assert!(close(llr, 0.691_76, 1e-4), "{llr}");
        // Won pairs only, a tenth of a pair of each other total: 12 pairs do not decide (LLR
        // 2.89), 13 do (3.38).
        let sweep = |n| Pentanomial {
            counts: [0, 0, 0, 0, n],
        };
        assert_eq!(s.verdict(&sweep(12).outcomes()), Verdict::Continue);
        assert_eq!(s.verdict(&sweep(13).outcomes()), Verdict::H1);
        assert_eq!(s.llr(&Pentanomial::default().outcomes()), 0.0);
    }

    #[test]
    fn bad_parameters_are_refused() {
        let p = |t: &str| Sprt::parse(&[t.to_string()]);
        assert!(p("elo0=5 elo1=0").is_err());
        assert!(p("alpha=0").is_err());
        assert!(p("gamma=1").is_err());
        assert!(p("elo0").is_err());
        assert!(p("elo1=x").is_err());
        assert_eq!(p("elo1=10").map(|s| s.elo1), Ok(10.0));
    }
}
