//! Ratings for a field of engines from all the games of a tournament: the logistic (Elo)
//! model fitted by maximum likelihood over every encounter at once, as Ordo and BayesElo fit
//! rating lists, so that engines that never met are placed through the ones they both met.
//!
//! Each encounter of two engines enters as its game count, the first engine's points and the
//! variance of those points as the games showed it (from the game pairs where games are played
//! in pairs, so a lopsided opening is not mistaken for strength). The intervals come from the
//! sandwich estimate: the likelihood's curvature gives the ratings' sensitivity to the points,
//! the measured variance the points' spread; with draws or paired openings that spread is
//! smaller than a win-or-lose model assumes, and the interval narrows accordingly.

use super::Z95;

/// Two engines' games against each other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Encounter {
    pub first: usize,
    pub second: usize,
    pub games: f64,
    /// The first engine's points (a win 1, a draw 1/2).
    pub points: f64,
    /// The variance of `points` over repetitions of these games.
    pub variance: f64,
}

/// One engine's fitted rating: Elo relative to the field's average, and the half-width of its
/// 95% interval (None for an engine with no games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub margin: Option<f64>,
}

/// A tenth of a drawn game added to every encounter: without it an engine that won every game
/// has no finite maximum, and a field split into groups that never met has no fit at all. A
/// tenth of a game moves a rating from a hundred games by under a point.
const PRIOR_DRAWS: f64 = 0.1;

/// Elo per natural unit of the logistic model's strength.
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The ratings of `engines` engines from their `encounters`.
pub fn fit(engines: usize, encounters: &[Encounter]) -> Vec<Rating> {
    let n = engines;
    let mut r = vec![0.0; n];
    for _ in 0..100 {
        let (gradient, curvature) = derivatives(n, encounters, &r);
        let Some(step) = solve(&constrained(&curvature), &gradient) else {
            break;
        };
        let mean = step.iter().sum::<f64>() / n as f64;
        let mut largest: f64 = 0.0;
        for (x, d) in r.iter_mut().zip(&step) {
            // A Newton step far out on the logistic's flat tails can overshoot; three units
            // (about 520 Elo) at a time keeps it on the slope.
            let d = (d - mean).clamp(-3.0, 3.0);
            *x += d;
            largest = largest.max(d.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let (_, curvature) = derivatives(n, encounters, &r);
    let covariance = invert(&constrained(&curvature))
        .map(|inverse| sandwich(&unconstrain(inverse, n), n, encounters, &r));
    let played = |i: usize| encounters.iter().any(|e| e.first == i || e.second == i);
    (0..n)
        .map(|i| Rating {
            elo: r[i] * ELO_PER_UNIT,
            margin: covariance
                .as_ref()
                .filter(|_| played(i))
                .map(|c| Z95 * c[i][i].max(0.0).sqrt() * ELO_PER_UNIT),
        })
        .collect()
}

/// The log-likelihood's gradient and the negated Hessian (the curvature) at ratings `r`.
fn derivatives(n: usize, encounters: &[Encounter], r: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut gradient = vec![0.0; n];
    let mut curvature = vec![vec![0.0; n]; n];
    for e in encounters {
        let (a, b) = (e.first, e.second);
        let games = e.games + PRIOR_DRAWS;
        let points = e.points + PRIOR_DRAWS / 2.0;
        let p = expected(r[a] - r[b]);
        let g = points - games * p;
        gradient[a] += g;
        gradient[b] -= g;
        let w = games * p * (1.0 - p);
        curvature[a][a] += w;
        curvature[b][b] += w;
        curvature[a][b] -= w;
        curvature[b][a] -= w;
    }
    (gradient, curvature)
}

fn expected(d: f64) -> f64 {
    1.0 / (1.0 + (-d).exp())
}

/// The curvature plus the all-ones matrix over n: the likelihood does not change when every
/// rating moves together, and this fixes that direction (the ratings' mean) in place. A
/// millionth on the diagonal pins what the games leave loose besides: an engine with no games
/// stays at the average, and groups of engines that never met are each centred on it.
fn constrained(curvature: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = curvature.len() as f64;
    curvature
        .iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, x)| x + 1.0 / n + if i == j { 1e-6 } else { 0.0 })
                .collect()
        })
        .collect()
}

/// The pseudo-inverse of the curvature from the inverse of its constrained form.
fn unconstrain(mut inverse: Vec<Vec<f64>>, n: usize) -> Vec<Vec<f64>> {
    for row in &mut inverse {
        for x in row.iter_mut() {
            *x -= 1.0 / n as f64;
        }
    }
    inverse
}

/// The ratings' covariance: H⁺ V H⁺, V the covariance of the gradient that the encounters'
/// measured variances give. A measured variance is floored at a quarter of the one the fitted
/// model expects of win-or-lose games: a clean sweep or a run of draws measures no spread at
/// all, yet says little; paired games between engines testers compare rarely measure under a
/// third of it.
fn sandwich(h: &[Vec<f64>], n: usize, encounters: &[Encounter], r: &[f64]) -> Vec<Vec<f64>> {
    let mut v = vec![vec![0.0; n]; n];
    for e in encounters {
        let (a, b) = (e.first, e.second);
        let p = expected(r[a] - r[b]);
        let variance = e.variance.max(e.games * p * (1.0 - p) / 4.0);
        v[a][a] += variance;
        v[b][b] += variance;
        v[a][b] -= variance;
        v[b][a] -= variance;
    }
    let hv = multiply(h, &v);
    multiply(&hv, h)
}

fn multiply(x: &[Vec<f64>], y: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = x.len();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (0..n).map(|k| x[i][k] * y[k][j]).sum())
                .collect()
        })
        .collect()
}

/// x with m x = b, by Gaussian elimination with partial pivoting; None for a singular m.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &bi)| row.iter().copied().chain([bi]).collect())
        .collect();
    eliminate(&mut a, n)?;
    Some(a.iter().map(|row| row[n]).collect())
}

fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let unit = (0..n).map(|j| if i == j { 1.0 } else { 0.0 });
            row.iter().copied().chain(unit).collect()
        })
        .collect();
    eliminate(&mut a, n)?;
    Some(a.into_iter().map(|row| row[n..].to_vec()).collect())
}

/// Gauss-Jordan elimination of the first n columns of `a` to the identity.
fn eliminate(a: &mut [Vec<f64>], n: usize) -> Option<()> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        for x in a[col].iter_mut() {
            *x /= p;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    let pivot_row = a[col].clone();
                    for (x, y) in a[row].iter_mut().zip(pivot_row) {
                        *x -= f * y;
                    }
                }
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::elo_from_score;

    fn encounter(first: usize, second: usize, games: f64, points: f64) -> Encounter {
        let p = points / games;
        Encounter {
            first,
            second,
            games,
            points,
            variance: games * p * (1.0 - p),
        }
    }

    #[test]
    fn two_engines_are_their_score_apart() {
        let r = fit(2, &[encounter(0, 1, 100.0, 64.0)]);
        let difference = r[0].elo - r[1].elo;
        assert!(
            (difference - elo_from_score(0.64)).abs() < 1.0,
            "{difference}"
        );
        assert!(
            (r[0].elo + r[1].elo).abs() < 1e-6,
            "centred on the field's average"
        );
        // Each rating is half the difference from the average, and so is its interval: the
        // interval of the difference from a binomial count is 1.96 * sqrt(p(1-p)/n) in score.
        let (lo, hi) = (0.64 - Z95 * 0.048, 0.64 + Z95 * 0.048);
        let expected = (elo_from_score(hi) - elo_from_score(lo)) / 4.0;
        let margin = r[0].margin.unwrap_or_default();
        assert!(
            (margin - expected).abs() < 0.15 * expected,
            "{margin} {expected}"
        );
    }

    #[test]
    fn engines_that_never_met_are_placed_through_a_common_opponent() {
        // a beats b by 100 Elo's score, b beats c by the same: a is about 200 above c.
        let s = crate::stats::score_from_elo(100.0);
        let r = fit(
            3,
            &[
                encounter(0, 1, 1000.0, 1000.0 * s),
                encounter(1, 2, 1000.0, 1000.0 * s),
            ],
        );
        assert!((r[0].elo - r[2].elo - 200.0).abs() < 2.0, "{r:?}");
        assert!((r[1].elo).abs() < 1.0);
        // c's rating rests on one encounter less directly than b's: a wider interval.
        assert!(r[2].margin > r[1].margin);
    }

    #[test]
    fn a_clean_sweep_and_an_idle_engine_stay_finite() {
        let r = fit(3, &[encounter(0, 1, 10.0, 10.0)]);
        assert!(r[0].elo.is_finite() && r[0].elo > 400.0, "{r:?}");
        assert_eq!(r[2].margin, None, "no games, no interval");
        // Ten wins measure no spread; the interval still says how little ten games tell.
        assert!(r[0].margin.unwrap_or_default() > 200.0, "{r:?}");
        assert!(fit(0, &[]).is_empty());
    }

    #[test]
    fn a_smaller_measured_spread_narrows_the_interval() {
        let wide = fit(2, &[encounter(0, 1, 100.0, 55.0)]);
        let mut paired = encounter(0, 1, 100.0, 55.0);
        paired.variance /= 3.0;
        let narrow = fit(2, &[paired]);
        let (w, n) = (
            wide[0].margin.unwrap_or_default(),
            narrow[0].margin.unwrap_or_default(),
        );
        assert!((w / n - 3f64.sqrt()).abs() < 0.01, "{w} {n}");
    }
}
