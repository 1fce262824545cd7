//! SPSA (simultaneous perturbation stochastic approximation) as engine tuners use it: every
//! step moves all parameters at once, one way for one engine and the other way for its
//! opponent, plays them against each other, and moves each parameter towards the side that
//! won, by its share of the flip. The schedule is OpenBench's: each parameter gives the
//! perturbation it should end with (`c_end`) and the step it should end with as a multiple of
//! `c_end` squared (`r_end`), and the run's length fixes where they start.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Param {
    pub name: String,
    /// The estimate so far, kept as a real number: steps smaller than one add up.
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the end of the run.
    pub c_end: f64,
    /// The step at the end of the run, over `c_end` squared (OpenBench's "R end").
    pub r_end: f64,
}

impl Param {
    /// The value an engine is given: rounded to a whole number within the range, since every
    /// tunable option is a spin.
    pub fn engine_value(&self, value: f64) -> i64 {
        value.clamp(self.min, self.max).round() as i64
    }
}

/// The gains of a run: how the perturbation and the step shrink from step to step.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Schedule {
    /// Game pairs in the whole run.
    pub iterations: u64,
    /// The step's decay (0.602, Spall's and OpenBench's).
    pub alpha: f64,
    /// The perturbation's decay (0.101).
    pub gamma: f64,
    /// The stability constant A, as a share of `iterations` (0.1).
    pub a_ratio: f64,
}

impl Schedule {
    pub fn new(iterations: u64) -> Schedule {
        Schedule {
            iterations,
            alpha: 0.602,
            gamma: 0.101,
            a_ratio: 0.1,
        }
    }

    fn big_a(&self) -> f64 {
        self.a_ratio * self.iterations as f64
    }

    /// The perturbation of `param` at pair `k` (counted from 1): `c_end` at the last pair.
    pub fn c(&self, param: &Param, k: u64) -> f64 {
        let c = param.c_end * (self.iterations as f64).powf(self.gamma);
        c / (k as f64).powf(self.gamma)
    }

    /// The step per unit of result of `param` at pair `k`, over the perturbation squared:
    /// `r_end` at the last pair.
    pub fn r(&self, param: &Param, k: u64) -> f64 {
        let a_end = param.r_end * param.c_end * param.c_end;
        let a = a_end * (self.big_a() + self.iterations as f64).powf(self.alpha);
        let a_k = a / (self.big_a() + k as f64).powf(self.alpha);
        a_k / self.c(param, k).powi(2)
    }
}

/// One parameter's part of a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// +1 or -1: which way the first engine moves this parameter.
    pub flip: f64,
    pub c: f64,
    pub r: f64,
    /// The values the two engines play with.
    pub plus: i64,
    pub minus: i64,
}

/// The perturbations of the step that begins at pair `k` (counted from 1), drawn from `seed`
/// and `k` alone, so that a resumed run draws what an unbroken one would have.
pub fn perturb(params: &[Param], schedule: &Schedule, k: u64, seed: u64) -> Vec<Perturbation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    params
        .iter()
        .map(|p| {
            let flip = if rng.random::<bool>() { 1.0 } else { -1.0 };
            let c = schedule.c(p, k);
            Perturbation {
                flip,
                c,
                r: schedule.r(p, k),
                plus: p.engine_value(p.value + c * flip),
                minus: p.engine_value(p.value - c * flip),
            }
        })
        .collect()
}

/// Moves every parameter by the step's result: the first engine's wins less its losses.
pub fn update(params: &mut [Param], step: &[Perturbation], result: i64) {
    for (p, s) in params.iter_mut().zip(step) {
        p.value = (p.value + s.r * s.c * result as f64 * s.flip).clamp(p.min, p.max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(value: f64) -> Param {
        Param {
            name: "X".into(),
            value,
            min: 0.0,
            max: 200.0,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end_and_starts_wider() {
        let s = Schedule::new(1000);
        let p = param(100.0);
        assert!((s.c(&p, 1000) - 4.0).abs() < 1e-9);
        assert!((s.r(&p, 1000) - 0.002).abs() < 1e-9);
        // 1000^0.101 = 2.01: the first perturbation is about twice the last.
        assert!((s.c(&p, 1) - 4.0 * 1000f64.powf(0.101)).abs() < 1e-9);
        assert!(s.r(&p, 1) * s.c(&p, 1).powi(2) > s.r(&p, 1000) * 16.0);
    }

    #[test]
    fn perturbations_are_drawn_from_the_seed_and_the_pair_alone() {
        let params = vec![param(100.0), param(50.0), param(10.0)];
        let s = Schedule::new(100);
        assert_eq!(perturb(&params, &s, 7, 3), perturb(&params, &s, 7, 3));
        let flips = |k| -> Vec<f64> { perturb(&params, &s, k, 3).iter().map(|p| p.flip).collect() };
        assert!((1..20).any(|k| flips(k) != flips(1)), "flips vary with k");
        let step = &perturb(&params, &s, 1, 3)[0];
        let apart = (step.plus - step.minus) as f64 - 2.0 * step.c * step.flip;
        assert!(apart.abs() <= 1.0, "each side rounded once: {step:?}");
    }

    #[test]
    fn values_given_to_engines_stay_in_range() {
        let mut p = param(199.0);
        p.c_end = 50.0;
        let step = &perturb(&[p.clone()], &Schedule::new(10), 1, 1)[0];
        assert!(step.plus.max(step.minus) == 200 && step.plus.min(step.minus) >= 0);
    }

    /// A noisy game whose best setting is 60: SPSA must walk there from 100.
    #[test]
    fn spsa_finds_the_best_value_of_a_noisy_game() {
        let mut params = vec![param(100.0)];
        params[0].c_end = 5.0;
        params[0].r_end = 0.02;
        let schedule = Schedule::new(3000);
        let mut noise = ChaCha8Rng::seed_from_u64(9);
        let strength = |v: i64| -((v - 60) as f64).powi(2) / 400.0;
        for k in 1..=schedule.iterations {
            let step = perturb(&params, &schedule, k, 5);
            // The pair's result: each game a win with the logistic chance of the difference.
            let edge = strength(step[0].plus) - strength(step[0].minus);
            let win = 1.0 / (1.0 + (-edge).exp());
            let result = (0..2)
                .map(|_| if noise.random::<f64>() < win { 1 } else { -1 })
                .sum();
            update(&mut params, &step, result);
        }
        assert!((params[0].value - 60.0).abs() < 10.0, "{}", params[0].value);
    }

    #[test]
    fn an_update_moves_towards_the_winning_side_and_stays_in_range() {
        let mut params = vec![param(100.0)];
        let step = perturb(&params, &Schedule::new(100), 1, 1);
        update(&mut params, &step, 2);
        assert_eq!((params[0].value > 100.0), step[0].flip > 0.0);
        let mut edge = vec![param(200.0)];
        update(&mut edge, &step, 1_000_000 * step[0].flip as i64);
        assert_eq!(edge[0].value, 200.0);
    }
}
