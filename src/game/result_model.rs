//! What a score says of a game's result, as a variant states it: the chances of a win, a
//! draw and a loss for two players, each player's expected share of the points for more.
//! Each variant carries a model fitted to kaleido's own games (`kaleido wdl`, docs/wdl.md),
//! as Stockfish's win-rate model is fitted to its test games; the search layer reads it
//! (search/wdl.rs).
//!
//! The model's only reading of the position besides the score is its stage: the men on the
//! board as a share of the men at the start (1 at the start, falling toward 0), since the
//! same lead wins more surely with fewer men left. Each parameter is a cubic in the stage.

/// Scores beyond this are read as this (a mate score would overflow the logistic's exponent;
/// the chances at this score are certainty anyway).
pub const SCORE_CLAMP: f64 = 4000.0;

/// A cubic in the stage: `c[0] + c[1] s + c[2] s^2 + c[3] s^3`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cubic(pub [f64; 4]);

impl Cubic {
    pub fn at(&self, stage: f64) -> f64 {
        let c = &self.0;
        ((c[3] * stage + c[2]) * stage + c[1]) * stage + c[0]
    }
}

/// Two players: the chance that the side with score `x` wins is the logistic
/// `1 / (1 + exp((a - x) / b))`, and that it loses is the same at `-x`; a draw takes the rest.
/// `a` is the score at which a win is as likely as not, `b` how sharply the chance rises
/// around it; both vary with the stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRateModel {
    pub a: Cubic,
    pub b: Cubic,
}

/// More players: each player's share of the game's points is a softmax of every player's own
/// score over a temperature (centipawns of lead that multiply a player's share by e against
/// another's), which varies with the stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShareModel {
    pub temperature: Cubic,
}

/// A variant's model of results, by its number of players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResultModel {
    TwoPlayers(WinRateModel),
    MorePlayers(ShareModel),
}

/// The logistic, written so that no argument overflows.
fn logistic(t: f64) -> f64 {
    if t >= 0.0 {
        1.0 / (1.0 + (-t).exp())
    } else {
        let e = t.exp();
        e / (1.0 + e)
    }
}

/// `b` is the width of the rise; a fit that drives it to zero or below has no meaning, so
/// it is held to a centipawn.
const MIN_WIDTH: f64 = 1.0;

impl WinRateModel {
    /// The chance that the side with score `x` (centipawns) wins at `stage`.
    pub fn win_chance(&self, x: f64, stage: f64) -> f64 {
        let x = x.clamp(-SCORE_CLAMP, SCORE_CLAMP);
        let b = self.b.at(stage).max(MIN_WIDTH);
        logistic((x - self.a.at(stage)) / b)
    }

    /// Win, draw and loss chances at score `x` and `stage`, each 0 to 1; the draw is what the
    /// other two leave (never below 0: a model whose `a` fell below 0 would predict less).
    pub fn chances(&self, x: f64, stage: f64) -> [f64; 3] {
        let win = self.win_chance(x, stage);
        let loss = self.win_chance(-x, stage);
        let draw = (1.0 - win - loss).max(0.0);
        let sum = win + draw + loss;
        [win / sum, draw / sum, loss / sum]
    }
}

impl ShareModel {
    /// Each player's expected share of the points (0 to 1, summing to 1) from every player's
    /// own score, at `stage`.
    pub fn shares(&self, scores: &[f64], stage: f64) -> Vec<f64> {
        let t = self.temperature.at(stage).max(MIN_WIDTH);
        let clamped: Vec<f64> = scores
            .iter()
            .map(|s| s.clamp(-SCORE_CLAMP, SCORE_CLAMP))
            .collect();
        let top = clamped.iter().copied().fold(f64::MIN, f64::max);
        // Subtracting the largest keeps exp() finite for any score.
        let weights: Vec<f64> = clamped.iter().map(|s| ((s - top) / t).exp()).collect();
        let sum: f64 = weights.iter().sum();
        weights.iter().map(|w| w / sum).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cubic_is_read_from_the_constant_term_up() {
        let c = Cubic([1.0, 2.0, 3.0, 4.0]);
        assert_eq!(c.at(0.0), 1.0);
        assert_eq!(c.at(1.0), 10.0);
        assert_eq!(c.at(0.5), 1.0 + 1.0 + 0.75 + 0.5);
    }

    #[test]
    fn shares_sum_to_one_and_grow_with_the_score() {
        let m = ShareModel {
            temperature: Cubic([200.0, 0.0, 0.0, 0.0]),
        };
        let s = m.shares(&[200.0, 0.0, 0.0], 1.0);
        assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((s[0] / s[1] - std::f64::consts::E).abs() < 1e-9);
        assert_eq!(s[1], s[2]);
        let even = m.shares(&[5.0, 5.0, 5.0], 0.3);
        assert!(even.iter().all(|&x| (x - 1.0 / 3.0).abs() < 1e-12));
    }
}
