//! The sequential probability ratio test that stops a match once it has shown that the Elo
//! difference is at least elo1 (H1) or at most elo0 (H0). The log-likelihood ratio is the
//! generalised SPRT's (Van den Bergh), over the trinomial win/draw/loss results in the logistic
//! Elo model, as cutechess-cli and fishtest compute it:
//!
//!   LLR = (s1 - s0) * (2 m - s0 - s1) / (2 var / N)
//!
//! with m the mean score per game, var its per-game variance, N the games, s0/s1 the expected
//! scores of elo0/elo1. The bounds are Wald's: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).

use crate::stats::{score_from_elo, Score};

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
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{word}' is not key=value"))?;
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: {key} = '{value}' is not a number"))?;
            match key {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => {
                    return Err(format!(
                        "--sprt: unknown key '{other}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("--sprt: elo1 must be greater than elo0".into());
        }
        for p in [sprt.alpha, sprt.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err("--sprt: alpha and beta must be between 0 and 0.5".into());
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

    /// The log-likelihood ratio of H1 against H0 given the results so far (0 before the first
    /// game). A result kind not seen yet counts as half a game (a Jeffreys-style prior): with
    /// no spread at all the variance would be zero and the ratio undefined, and a tiny count
    /// would let a single won game cross a bound; half a game lets an unbroken run of wins
    /// decide only after a few dozen games.
    pub fn llr(&self, score: &Score) -> f64 {
        if score.games() == 0 {
            return 0.0;
        }
        let count = |c: u32| if c == 0 { 0.5 } else { c as f64 };
        let (wins, losses, draws) = (count(score.wins), count(score.losses), count(score.draws));
        let n = wins + losses + draws;
        let (w, d) = (wins / n, draws / n);
        let m = w + d / 2.0;
        let variance = w + d / 4.0 - m * m;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * variance / n)
    }

    pub fn verdict(&self, score: &Score) -> Verdict {
        let llr = self.llr(score);
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
    pub fn status_line(&self, score: &Score) -> String {
        let llr = self.llr(score);
        let (lo, hi) = (self.lower_bound(), self.upper_bound());
        let progress = if llr >= 0.0 { llr / hi } else { llr / -lo };
        let verdict = match self.verdict(score) {
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
        assert!(close(s.llr(&score), 0.431_096, 1e-5), "{}", s.llr(&score));
        assert_eq!(s.verdict(&score), Verdict::Continue);
        let behind = Score {
            wins: 60,
            losses: 70,
            draws: 70,
        };
        assert!(close(s.llr(&behind), -0.254_223, 1e-5));
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
        assert!(close(shifted.llr(&score), 2.016_559, 1e-5));
    }

    #[test]
    fn bounds_stop_the_test() {
        let s = standard();
        let strong = Score {
            wins: 3000,
            losses: 2000,
            draws: 5000,
        };
        assert_eq!(s.verdict(&strong), Verdict::H1);
        assert!(s.status_line(&strong).ends_with("H1 was accepted"));
        let weak = Score {
            wins: 2000,
            losses: 3000,
            draws: 5000,
        };
        assert_eq!(s.verdict(&weak), Verdict::H0);
        assert_eq!(
            s.status_line(&Score {
                wins: 100,
                losses: 80,
                draws: 120
            }),
            "SPRT: llr 0.431 (14.6%), lbound -2.94, ubound 2.94"
        );
        // No game: no evidence either way. Only wins, regularised with half a game of each
        // other kind: W=8, L=D=0.5: m = 0.916667, var = 0.0625, LLR = 0.007196 *
        // (1.833333 - 1.007196) / (2 * 0.0625 / 9) = 0.42798: one-sided, but not decided.
        assert_eq!(s.llr(&Score::default()), 0.0);
        let sweep = |wins| Score {
            wins,
            losses: 0,
            draws: 0,
        };
        assert!(
            close(s.llr(&sweep(8)), 0.427_978, 1e-5),
            "{}",
            s.llr(&sweep(8))
        );
        assert_eq!(s.verdict(&sweep(1)), Verdict::Continue);
        assert_eq!(s.verdict(&sweep(8)), Verdict::Continue);
        // 30 straight wins: LLR 5.38, H1.
        assert!(close(s.llr(&sweep(30)), 5.380_325, 1e-5));
        assert_eq!(s.verdict(&sweep(30)), Verdict::H1);
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
