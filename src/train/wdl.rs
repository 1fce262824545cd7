//! Fitting a variant's result model (search/wdl.rs) to `kaleido datagen` games: every kept
//! position's search score and stage against the result its game reached. Maximum likelihood
//! by Adam over the model's eight (two players) or four (more players) coefficients, full
//! batch: two-player positions are first counted into cells of stage and score, so a step
//! costs the cells, not the positions. One game in `HOLD_OUT_EVERY` is held out and the fit is
//! checked on it against a model that ignores the score.

use crate::datagen::format::{read_games, FormatError, GameBlock, POINT_UNITS, SCORE_LIMIT};
use crate::game::result_model::{Cubic, ShareModel, WinRateModel};
use crate::game::Searchable;
use crate::search::points::total_points;
use crate::search::wdl::{men, stage_of};
use std::collections::HashMap;
use std::io::BufReader;
use std::path::PathBuf;
use thiserror::Error;

/// Games whose number is `HOLD_OUT_EVERY - 1` modulo this are held out for the check.
pub const HOLD_OUT_EVERY: u32 = 5;
/// Scores are counted in cells this many centipawns wide.
const SCORE_CELL: i32 = 5;
/// Full-batch steps of the fit, and Adam's rate (in centipawns of coefficient per step).
const STEPS: usize = 3000;
const RATE: f64 = 2.0;
/// Adam's decay of its mean and mean square of the gradient.
const BETAS: (f64, f64) = (0.9, 0.999);

#[derive(Debug, Error)]
pub enum FitError {
    #[error("{file}: {source}")]
    Read { file: PathBuf, source: FormatError },
    #[error("no position to fit: the files hold no game")]
    NoData,
}

/// A position seen by one seat: every seat's own score (two players: the mover's alone),
/// its stage, and the share of the game's points each seat took (0 to 1, summing to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub scores: Vec<f64>,
    pub stage: f64,
    pub shares: Vec<f64>,
}

impl Sample {
    /// A two-player sample's result for the seat whose score it is: 0 a win, 1 a draw,
    /// 2 a loss (a share above three quarters is a win, below a quarter a loss).
    pub fn result(&self) -> usize {
        match self.shares[0] {
            x if x > 0.75 => 0,
            x if x < 0.25 => 2,
            _ => 1,
        }
    }

    /// The two-player result as win, draw and loss, one of them 1.
    pub fn observed_wdl(&self) -> Vec<f64> {
        let mut wdl = vec![0.0; 3];
        wdl[self.result()] = 1.0;
        wdl
    }
}

/// The samples of `files` (datagen files of `G`), split into (fit, held out) by game.
pub fn load<G: Searchable>(files: &[PathBuf]) -> Result<(Vec<Sample>, Vec<Sample>), FitError> {
    let start_men = men(&G::startpos());
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for file in files {
        let read = |source| FitError::Read {
            file: file.clone(),
            source,
        };
        let handle = std::fs::File::open(file).map_err(|e| read(e.into()))?;
        let mut input = BufReader::new(handle);
        read_games::<G>(&mut input, |block| {
            let into = match block.number % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
                true => &mut held,
                false => &mut fit,
            };
            into.extend(game_samples::<G>(&block, start_men));
        })
        .map_err(read)?;
    }
    if fit.is_empty() {
        return Err(FitError::NoData);
    }
    Ok((fit, held))
}

/// A game's positions as samples, seen by the mover (its score first). Positions with a mate
/// score are left out: a seen mate needs no model.
fn game_samples<G: Searchable>(block: &GameBlock, start_men: usize) -> Vec<Sample> {
    let players = G::PLAYERS;
    let total = POINT_UNITS * total_points(players);
    let points: Vec<f64> = (0..players)
        .map(|s| f64::from(block.points.get(s).copied().unwrap_or(0)) / total)
        .collect();
    let mut out = Vec::new();
    for p in &block.positions {
        let Ok(pos) = G::from_fen(&p.fen) else {
            continue;
        };
        let mover = usize::from(p.mover) % players;
        let seats: Vec<usize> = (0..players).map(|k| (mover + k) % players).collect();
        let scores: Vec<f64> = seats
            .iter()
            .map(|&s| f64::from(p.scores.get(s).copied().unwrap_or(0)))
            .collect();
        if scores.iter().any(|s| s.abs() >= f64::from(SCORE_LIMIT)) {
            continue;
        }
        let scores = match players {
            2 => vec![scores[0]],
            _ => scores,
        };
        out.push(Sample {
            scores,
            stage: stage_of(men(&pos), start_men),
            shares: seats.iter().map(|&s| points[s]).collect(),
        });
    }
    out
}

/// Two-player samples counted by stage and score cell: (stage, score, [wins, draws, losses]).
fn cells(samples: &[Sample]) -> Vec<(f64, f64, [f64; 3])> {
    let mut counts: HashMap<(u64, i32), [f64; 3]> = HashMap::new();
    for s in samples {
        let score = (s.scores[0] as i32).div_euclid(SCORE_CELL) * SCORE_CELL + SCORE_CELL / 2;
        counts.entry((s.stage.to_bits(), score)).or_default()[s.result()] += 1.0;
    }
    counts
        .into_iter()
        .map(|((stage, score), n)| (f64::from_bits(stage), f64::from(score), n))
        .collect()
}

fn powers(stage: f64) -> [f64; 4] {
    [1.0, stage, stage * stage, stage * stage * stage]
}

/// The logistic and its derivative by its argument.
fn logistic(t: f64) -> (f64, f64) {
    let p = 1.0 / (1.0 + (-t).exp());
    (p, p * (1.0 - p))
}

/// The smallest probability a log-loss takes, so that one surprise costs a bounded amount.
const FLOOR: f64 = 1e-6;

/// The negative log-likelihood of the cells under `model`, per position, and its gradient by
/// the eight coefficients (a's four, then b's).
fn win_rate_loss(model: &WinRateModel, cells: &[(f64, f64, [f64; 3])]) -> (f64, [f64; 8]) {
    let mut loss = 0.0;
    let mut grad = [0.0; 8];
    let mut n = 0.0;
    for &(stage, x, counts) in cells {
        let (a, b) = (model.a.at(stage), model.b.at(stage).max(1.0));
        let (u, v) = ((x - a) / b, (-x - a) / b);
        let (pw, dw) = logistic(u);
        let (pl, dl) = logistic(v);
        let pd = (1.0 - pw - pl).max(FLOOR);
        // d(probability)/da and /db for win, draw and loss.
        let (dw_da, dw_db) = (-dw / b, -dw * u / b);
        let (dl_da, dl_db) = (-dl / b, -dl * v / b);
        let p = [pw.max(FLOOR), pd, pl.max(FLOOR)];
        let da = [dw_da, -dw_da - dl_da, dl_da];
        let db = [dw_db, -dw_db - dl_db, dl_db];
        let (mut ga, mut gb) = (0.0, 0.0);
        for r in 0..3 {
            loss -= counts[r] * p[r].ln();
            ga -= counts[r] * da[r] / p[r];
            gb -= counts[r] * db[r] / p[r];
        }
        n += counts.iter().sum::<f64>();
        for (k, power) in powers(stage).into_iter().enumerate() {
            grad[k] += ga * power;
            grad[4 + k] += gb * power;
        }
    }
    let n = f64::max(n, 1.0);
    (loss / n, grad.map(|g| g / n))
}

/// Adam on `params` for `STEPS` full-batch steps of the gradient `grad_at`.
fn minimise<const N: usize>(params: &mut [f64; N], mut grad_at: impl FnMut(&[f64; N]) -> [f64; N]) {
    let (mut mean, mut square) = ([0.0; N], [0.0; N]);
    for step in 1..=STEPS as i32 {
        let grad = grad_at(params);
        let (c1, c2) = (1.0 - BETAS.0.powi(step), 1.0 - BETAS.1.powi(step));
        for k in 0..N {
            mean[k] = BETAS.0 * mean[k] + (1.0 - BETAS.0) * grad[k];
            square[k] = BETAS.1 * square[k] + (1.0 - BETAS.1) * grad[k] * grad[k];
            params[k] -= RATE * (mean[k] / c1) / ((square[k] / c2).sqrt() + 1e-12);
        }
    }
}

/// The two-player model of most likelihood for `samples`.
pub fn fit_win_rate(samples: &[Sample]) -> WinRateModel {
    let cells = cells(samples);
    let model_of = |p: &[f64; 8]| WinRateModel {
        a: Cubic([p[0], p[1], p[2], p[3]]),
        b: Cubic([p[4], p[5], p[6], p[7]]),
    };
    let mut params = [200.0, 0.0, 0.0, 0.0, 150.0, 0.0, 0.0, 0.0];
    minimise(&mut params, |p| win_rate_loss(&model_of(p), &cells).1);
    model_of(&params)
}

/// The mean log-loss of `samples` under `model`, in nats per position.
pub fn win_rate_log_loss(model: &WinRateModel, samples: &[Sample]) -> f64 {
    win_rate_loss(model, &cells(samples)).0
}

/// The negative log-likelihood (cross-entropy of the shares) of `samples` under `model`, per
/// position, and its gradient by the temperature's coefficients.
fn share_loss(model: &ShareModel, samples: &[Sample]) -> (f64, [f64; 4]) {
    let mut loss = 0.0;
    let mut grad = [0.0; 4];
    for s in samples {
        let t = model.temperature.at(s.stage).max(1.0);
        let q = model.shares(&s.scores, s.stage);
        let mean: f64 = q.iter().zip(&s.scores).map(|(q, x)| q * x).sum();
        let seen: f64 = s.shares.iter().zip(&s.scores).map(|(y, x)| y * x).sum();
        for (y, q) in s.shares.iter().zip(&q) {
            loss -= y * q.max(FLOOR).ln();
        }
        // d/dT of -sum(y ln q) = (sum(y x) - sum(q x)) / T^2.
        let dt = (seen - mean) / (t * t);
        for (k, power) in powers(s.stage).into_iter().enumerate() {
            grad[k] += dt * power;
        }
    }
    let n = samples.len().max(1) as f64;
    (loss / n, grad.map(|g| g / n))
}

/// The model of more players of most likelihood for `samples`.
pub fn fit_shares(samples: &[Sample]) -> ShareModel {
    let mut params = [200.0, 0.0, 0.0, 0.0];
    minimise(&mut params, |p| {
        share_loss(
            &ShareModel {
                temperature: Cubic(*p),
            },
            samples,
        )
        .1
    });
    ShareModel {
        temperature: Cubic(params),
    }
}

/// The mean cross-entropy of `samples`' shares under `model`, in nats per position.
pub fn share_log_loss(model: &ShareModel, samples: &[Sample]) -> f64 {
    share_loss(model, samples).0
}

/// The check's yardstick: the log-loss of predicting every position by the fitted samples'
/// frequencies of win, draw and loss (or their mean shares), whatever its score.
pub fn baseline_log_loss(fit: &[Sample], held: &[Sample]) -> f64 {
    let mean = |f: &dyn Fn(&Sample) -> Vec<f64>| {
        let width = f(&fit[0]).len();
        let mut sum = vec![0.0; width];
        for s in fit {
            for (acc, v) in sum.iter_mut().zip(f(s)) {
                *acc += v;
            }
        }
        sum.iter().map(|v| v / fit.len() as f64).collect::<Vec<_>>()
    };
    let outcome = |s: &Sample| match s.scores.len() {
        1 => s.observed_wdl(),
        _ => s.shares.clone(),
    };
    let p = mean(&outcome);
    let loss: f64 = held
        .iter()
        .map(|s| {
            -outcome(s)
                .iter()
                .zip(&p)
                .map(|(y, q)| y * q.max(FLOOR).ln())
                .sum::<f64>()
        })
        .sum();
    loss / held.len().max(1) as f64
}

/// A calibration row: positions whose predicted first figure (the win chance, or the mover's
/// share) fell in `range`, with the mean predicted and the observed figures.
#[derive(Clone, Debug)]
pub struct Calibration {
    pub range: (f64, f64),
    pub positions: usize,
    pub predicted: Vec<f64>,
    pub observed: Vec<f64>,
}

/// `held` sorted into tenths by the prediction's first figure, each with its mean predicted
/// and observed figures (two players: win, draw, loss; more: the mover's share).
pub fn calibration(
    held: &[Sample],
    predict: impl Fn(&Sample) -> Vec<f64>,
    observe: impl Fn(&Sample) -> Vec<f64>,
) -> Vec<Calibration> {
    let mut rows: Vec<Calibration> = (0..10)
        .map(|i| Calibration {
            range: (i as f64 / 10.0, (i + 1) as f64 / 10.0),
            positions: 0,
            predicted: Vec::new(),
            observed: Vec::new(),
        })
        .collect();
    for s in held {
        let (p, o) = (predict(s), observe(s));
        let row = &mut rows[((p[0] * 10.0) as usize).min(9)];
        if row.predicted.is_empty() {
            row.predicted = vec![0.0; p.len()];
            row.observed = vec![0.0; o.len()];
        }
        row.positions += 1;
        row.predicted.iter_mut().zip(&p).for_each(|(a, v)| *a += v);
        row.observed.iter_mut().zip(&o).for_each(|(a, v)| *a += v);
    }
    for row in &mut rows {
        let n = row.positions.max(1) as f64;
        row.predicted.iter_mut().for_each(|v| *v /= n);
        row.observed.iter_mut().for_each(|v| *v /= n);
    }
    rows.retain(|r| r.positions > 0);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Draws samples from a known model; the fit must find it again.
    fn drawn(model: &WinRateModel, n: usize) -> Vec<Sample> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        (0..n)
            .map(|_| {
                let stage = f64::from(rng.random_range(2..=32u32)) / 32.0;
                let x = f64::from(rng.random_range(-600..=600));
                let [w, d, _] = model.chances(x, stage);
                let r: f64 = rng.random();
                let share = if r < w {
                    1.0
                } else if r < w + d {
                    0.5
                } else {
                    0.0
                };
                Sample {
                    scores: vec![x],
                    stage,
                    shares: vec![share, 1.0 - share],
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_model_the_games_were_drawn_from() {
        let truth = WinRateModel {
            a: Cubic([150.0, 200.0, 0.0, 0.0]),
            b: Cubic([80.0, 60.0, 0.0, 0.0]),
        };
        let samples = drawn(&truth, 40_000);
        let fitted = fit_win_rate(&samples);
        for stage in [0.25, 0.5, 1.0] {
            let (a, b) = (fitted.a.at(stage), fitted.b.at(stage));
            let (ta, tb) = (truth.a.at(stage), truth.b.at(stage));
            assert!((a - ta).abs() < 0.1 * ta, "a at {stage}: {a} vs {ta}");
            assert!((b - tb).abs() < 0.15 * tb, "b at {stage}: {b} vs {tb}");
        }
        // And it predicts better than the frequencies alone.
        let held = drawn(&truth, 5_000);
        assert!(win_rate_log_loss(&fitted, &held) < baseline_log_loss(&samples, &held));
    }

    #[test]
    fn the_share_fit_finds_the_temperature() {
        let truth = ShareModel {
            temperature: Cubic([250.0, 0.0, 0.0, 0.0]),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let samples: Vec<Sample> = (0..4_000)
            .map(|_| {
                let scores: Vec<f64> = (0..3)
                    .map(|_| f64::from(rng.random_range(-500..=500)))
                    .collect();
                let q = truth.shares(&scores, 0.5);
                let r: f64 = rng.random();
                let winner = if r < q[0] {
                    0
                } else if r < q[0] + q[1] {
                    1
                } else {
                    2
                };
                let shares = (0..3).map(|i| (i == winner) as u8 as f64).collect();
                Sample {
                    scores,
                    stage: 0.5,
                    shares,
                }
            })
            .collect();
        let t = fit_shares(&samples).temperature.at(0.5);
        assert!((t - 250.0).abs() < 30.0, "temperature {t}");
    }

    #[test]
    fn calibration_rows_average_what_fell_in_them() {
        let s = |x: f64, share: f64| Sample {
            scores: vec![x],
            stage: 1.0,
            shares: vec![share, 1.0 - share],
        };
        let held = [s(0.05, 0.0), s(0.07, 1.0), s(0.95, 1.0)];
        let rows = calibration(&held, |s| vec![s.scores[0]], |s| vec![s.shares[0]]);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].positions, 2);
        assert!((rows[0].predicted[0] - 0.06).abs() < 1e-12);
        assert_eq!(rows[0].observed[0], 0.5);
        assert_eq!(rows[1].observed[0], 1.0);
    }
}
