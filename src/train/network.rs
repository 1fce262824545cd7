//! The network being trained, in floating point: one hidden layer shared by every perspective
//! (a "perspective network"), a squared clipped ReLU, and one output, read from one of
//! several output layers where the network has buckets of material (src/nnue/buckets.rs).
//!
//! For a position seen by seats k = 0 (the mover), 1, ... the hidden layer's pre-activations
//! are `acc_k = b1 + sum of W1 rows of the active inputs of perspective k`; the output is
//! `out = b2 + sum_k W2_k . screlu(acc_k)` with screlu(x) = clamp(x, 0, 1)^2, and the
//! evaluation in centipawns is `out * EVAL_SCALE`. Training compares sigmoid(out) with a blend
//! of sigmoid(score / EVAL_SCALE) and the game's result.
//!
//! Optionally the first layer is trained factorised: besides its own row, every input adds a
//! factor row shared by all inputs of the same owner and kind (every cell), so that what a
//! kind of man is worth anywhere is learned from the samples of every cell. A large board has
//! too many (kind, cell) inputs for each to be seen often; the shared row generalises. A
//! network of king buckets (src/nnue/king_buckets.rs) is factorised the same way, each input's
//! factor row being the one its (owner, kind, cell) has in every bucket: what the bucket
//! adds is learned apart from what holds wherever the king is. Saving folds the factor rows
//! into the input rows, so the engine's network has the usual shape.

use crate::nnue::{KingBuckets, OutputBuckets, QuantisedNetwork, QA, QB};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Centipawns per unit of the output (the integer network's scale): sigmoid(cp / EVAL_SCALE)
/// is the expected score.
pub const EVAL_SCALE: f32 = crate::nnue::EVAL_SCALE as f32;

#[derive(Clone, Debug)]
pub struct Network {
    pub inputs: usize,
    pub hidden: usize,
    pub players: usize,
    /// Which first layer each perspective reads (none: one).
    pub king_buckets: KingBuckets,
    /// `inputs` rows of `hidden` weights: the variant's inputs once per king bucket.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// Which output layer a position is read with.
    pub buckets: OutputBuckets,
    /// Per bucket, `players` blocks of `hidden` weights, the mover's first.
    pub w2: Vec<f32>,
    /// Per bucket, the output's bias.
    pub b2: Vec<f32>,
    /// Training only: the rows of `hidden` that inputs add besides their own, input `i` row
    /// `(i % factor_period) / factor_span`; empty when the first layer is not factorised.
    pub factors: Vec<f32>,
    /// The variant's inputs: a king bucket's rows repeat the layout every this many.
    pub factor_period: usize,
    /// Inputs per factor row: 1 (every input its own, shared over king buckets) or the
    /// variant's cells (a row per owner and kind, since an input is
    /// `(owner * kinds + kind) * cells + cell`).
    pub factor_span: usize,
    /// Whether the output corrects the hand-written evaluation, which training and the search
    /// add to it.
    pub corrects_hand_written: bool,
}

#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Network {
    /// Small random weights from `rng` (uniform, scaled by the fan-in: `active` inputs of a
    /// perspective, the men of a position), zero biases but a hidden bias that starts the
    /// units inside their active range.
    pub fn new(
        inputs: usize,
        hidden: usize,
        players: usize,
        active: usize,
        rng: &mut ChaCha8Rng,
    ) -> Network {
        let mut uniform = |n: usize, bound: f32| -> Vec<f32> {
            (0..n).map(|_| rng.random_range(-bound..bound)).collect()
        };
        Network {
            inputs,
            hidden,
            players,
            king_buckets: KingBuckets::NONE,
            w1: uniform(inputs * hidden, 1.0 / (active.max(1) as f32).sqrt()),
            b1: vec![0.1; hidden],
            buckets: OutputBuckets::ONE,
            w2: uniform(players * hidden, 1.0 / ((players * hidden) as f32).sqrt()),
            b2: vec![0.0],
            factors: Vec::new(),
            factor_period: inputs,
            factor_span: 1,
            corrects_hand_written: false,
        }
    }

    /// The network as a correction of the hand-written evaluation, starting with output
    /// weights of zero, so that it begins as that evaluation and learns only what it misses.
    pub fn correcting(mut self) -> Network {
        if !self.corrects_hand_written {
            self.corrects_hand_written = true;
            self.w2.fill(0.0);
            self.b2.fill(0.0);
        }
        self
    }

    /// The network with `hidden` units where it has fewer: its own units keep their weights
    /// and the new ones get random input rows (as `new` draws them, `active` inputs of fan-in)
    /// and output weights of zero, so that it starts evaluating exactly as it did and the new
    /// units learn what the narrower layer had no room for. A network as wide or wider is
    /// kept as it is.
    pub fn widened(mut self, hidden: usize, active: usize, rng: &mut ChaCha8Rng) -> Network {
        let (old, added) = (self.hidden, hidden.saturating_sub(self.hidden));
        if added == 0 {
            return self;
        }
        let bound = 1.0 / (active.max(1) as f32).sqrt();
        self.w1 = widen_rows(&self.w1, old, added, || rng.random_range(-bound..bound));
        self.factors = widen_rows(&self.factors, old, added, || 0.0);
        self.b1 = widen_rows(&self.b1, old, added, || 0.1);
        self.w2 = widen_rows(&self.w2, old, added, || 0.0);
        self.hidden = hidden;
        self
    }

    /// The network with the output layers `buckets` asks for. A network of one output layer
    /// gets a copy of it in every bucket, so that it starts as it was and each bucket then
    /// learns its own stage of the game; None if it has other buckets already.
    pub fn bucketed(mut self, buckets: OutputBuckets) -> Option<Network> {
        if self.buckets == buckets {
            return Some(self);
        }
        if self.buckets != OutputBuckets::ONE {
            return None;
        }
        self.w2 = self.w2.repeat(buckets.count);
        self.b2 = self.b2.repeat(buckets.count);
        self.buckets = buckets;
        Some(self)
    }

    /// The network with a first layer per king bucket of `layout`, for a variant of `inputs`
    /// inputs: a network without them gets a copy of its rows in every bucket, so that it
    /// starts as it was; None if it has another layout already.
    pub fn king_bucketed(mut self, layout: &KingBuckets, inputs: usize) -> Option<Network> {
        if self.king_buckets == *layout {
            return Some(self);
        }
        if !self.king_buckets.is_none() || self.inputs != inputs {
            return None;
        }
        self.w1 = self.w1.repeat(layout.count());
        self.inputs = inputs * layout.count();
        self.king_buckets = layout.clone();
        Some(self)
    }

    /// With every king bucket's rows the same (a network just copied into them) and factor
    /// rows of an input each (`factor_span` 1), moves those rows into the factor rows and
    /// zeroes the buckets' own: the same network, in which the buckets' rows hold only how
    /// a bucket differs, which `decay` then pulls toward nothing.
    pub fn shared_rows_as_factors(mut self) -> Network {
        let rows = self.factor_period * self.hidden;
        let copies = self.w1.len() / rows.max(1);
        let copied = copies > 1
            && self.factor_span == 1
            && self.factors.len() == rows
            && self.factors.iter().all(|&f| f == 0.0)
            && (1..copies).all(|b| self.w1[b * rows..(b + 1) * rows] == self.w1[..rows]);
        if copied {
            self.factors.copy_from_slice(&self.w1[..rows]);
            self.w1.fill(0.0);
        }
        self
    }

    /// The network with zero factor rows, input `i` adding row `(i % period) / span` (nothing
    /// changes its output until training moves them); kept as it is if it has factor rows
    /// already.
    pub fn factorised(mut self, period: usize, span: usize) -> Network {
        if self.factors.is_empty() {
            let (period, span) = (period.clamp(1, self.inputs.max(1)), span.max(1));
            self.factor_period = period;
            self.factor_span = span;
            self.factors = vec![0.0; period.div_ceil(span) * self.hidden];
        }
        self
    }

    /// The factor row input `i` adds (when the first layer is factorised).
    #[inline]
    pub fn factor_index(&self, i: usize) -> usize {
        (i % self.factor_period) / self.factor_span
    }

    /// The first layer with the factor rows added into the input rows, clipped to `clip`:
    /// what the engine's network holds.
    pub fn folded_w1(&self, clip: f32) -> Vec<f32> {
        let h = self.hidden;
        let mut w1 = self.w1.clone();
        if !self.factors.is_empty() {
            for (i, row) in w1.chunks_exact_mut(h).enumerate() {
                let factor = &self.factors[self.factor_index(i) * h..][..h];
                for (w, f) in row.iter_mut().zip(factor) {
                    *w = (*w + f).clamp(-clip, clip);
                }
            }
        }
        w1
    }

    /// The float network an integer one stands for (a starting point for more training).
    pub fn from_quantised(net: &QuantisedNetwork) -> Network {
        let scaled = |values: &[i16], scale: i32| -> Vec<f32> {
            values
                .iter()
                .map(|&v| f32::from(v) / scale as f32)
                .collect()
        };
        Network {
            inputs: net.inputs,
            hidden: net.hidden,
            players: net.players,
            king_buckets: net.king_buckets.clone(),
            w1: scaled(&net.w1, QA),
            b1: scaled(&net.b1, QA),
            buckets: net.buckets,
            w2: scaled(&net.w2, QB),
            b2: net
                .b2
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
            factors: Vec::new(),
            factor_period: net.inputs,
            factor_span: 1,
            corrects_hand_written: net.corrects_hand_written,
        }
    }

    /// Every parameter, in one order (for the optimiser).
    pub fn parameters_mut(&mut self) -> [&mut [f32]; 5] {
        [
            &mut self.w1,
            &mut self.b1,
            &mut self.w2,
            &mut self.b2,
            &mut self.factors,
        ]
    }

    /// The factor row that input `i` adds, if the first layer is factorised.
    #[inline]
    pub fn factor_row(&self, i: u32) -> Option<&[f32]> {
        (!self.factors.is_empty())
            .then(|| &self.factors[self.factor_index(i as usize) * self.hidden..][..self.hidden])
    }

    /// Fills `acc` with perspective `inputs`' hidden pre-activations.
    #[inline]
    pub fn accumulate(&self, inputs: &[u32], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &i in inputs {
            let row = &self.w1[i as usize * self.hidden..(i as usize + 1) * self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
            if let Some(factor) = self.factor_row(i) {
                for (a, f) in acc.iter_mut().zip(factor) {
                    *a += f;
                }
            }
        }
    }

    /// The output layer of `bucket`: its weights (a block of `hidden` per perspective).
    #[inline]
    pub fn output_layer(&self, bucket: usize) -> &[f32] {
        let size = self.players * self.hidden;
        &self.w2[bucket * size..(bucket + 1) * size]
    }

    /// The output for pre-activations `accs` (one block of `hidden` per perspective) read
    /// with the output layer of `bucket`.
    #[inline]
    pub fn output(&self, accs: &[f32], bucket: usize) -> f32 {
        self.b2[bucket]
            + accs
                .iter()
                .zip(self.output_layer(bucket))
                .map(|(&a, &w)| screlu(a) * w)
                .sum::<f32>()
    }

    /// The evaluation in centipawns of a position given by its perspectives' inputs (one
    /// input a man in each, so the first's count is the men on the board).
    pub fn evaluate(&self, perspectives: &[&[u32]]) -> f32 {
        let mut accs = vec![0.0; self.players * self.hidden];
        for (k, inputs) in perspectives.iter().enumerate() {
            self.accumulate(inputs, &mut accs[k * self.hidden..(k + 1) * self.hidden]);
        }
        let men = perspectives.first().map_or(0, |inputs| inputs.len());
        self.output(&accs, self.buckets.of(men)) * EVAL_SCALE
    }
}

/// `values` as rows of `width`, each followed by `added` values from `fill`.
fn widen_rows(
    values: &[f32],
    width: usize,
    added: usize,
    mut fill: impl FnMut() -> f32,
) -> Vec<f32> {
    let mut wider = Vec::with_capacity(values.len() / width.max(1) * (width + added));
    for row in values.chunks_exact(width) {
        wider.extend_from_slice(row);
        wider.extend((0..added).map(|_| fill()));
    }
    wider
}

/// The gradients of every parameter, shaped as the network.
#[derive(Clone, Debug)]
pub struct Gradients {
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    pub factors: Vec<f32>,
}

impl Gradients {
    pub fn zeros(net: &Network) -> Gradients {
        Gradients {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.b1.len()],
            w2: vec![0.0; net.w2.len()],
            b2: vec![0.0; net.b2.len()],
            factors: vec![0.0; net.factors.len()],
        }
    }

    pub fn clear(&mut self) {
        self.w1.fill(0.0);
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
        self.factors.fill(0.0);
    }

    pub fn add(&mut self, other: &Gradients) {
        for (a, b) in self.w1.iter_mut().zip(&other.w1) {
            *a += b;
        }
        for (a, b) in self.b1.iter_mut().zip(&other.b1) {
            *a += b;
        }
        for (a, b) in self.w2.iter_mut().zip(&other.w2) {
            *a += b;
        }
        for (a, b) in self.b2.iter_mut().zip(&other.b2) {
            *a += b;
        }
        for (a, b) in self.factors.iter_mut().zip(&other.factors) {
            *a += b;
        }
    }

    pub fn parameters(&self) -> [&[f32]; 5] {
        [&self.w1, &self.b1, &self.w2, &self.b2, &self.factors]
    }
}

/// Adam, with its moment estimates for every parameter.
pub struct Adam {
    pub rate: f32,
    beta1: f32,
    beta2: f32,
    epsilon: f32,
    step: i32,
    first: [Vec<f32>; 5],
    second: [Vec<f32>; 5],
}

impl Adam {
    pub fn new(net: &Network, rate: f32) -> Adam {
        let sizes = [
            net.w1.len(),
            net.b1.len(),
            net.w2.len(),
            net.b2.len(),
            net.factors.len(),
        ];
        Adam {
            rate,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            step: 0,
            first: sizes.map(|n| vec![0.0; n]),
            second: sizes.map(|n| vec![0.0; n]),
        }
    }

    /// One step against `grads` (the mean gradient of a batch).
    pub fn step(&mut self, net: &mut Network, grads: &Gradients) {
        self.step += 1;
        let c1 = 1.0 - self.beta1.powi(self.step);
        let c2 = 1.0 - self.beta2.powi(self.step);
        let (b1, b2, eps, rate) = (self.beta1, self.beta2, self.epsilon, self.rate);
        for (((params, grads), m), v) in net
            .parameters_mut()
            .into_iter()
            .zip(grads.parameters())
            .zip(&mut self.first)
            .zip(&mut self.second)
        {
            for (((p, &g), m), v) in params
                .iter_mut()
                .zip(grads)
                .zip(m.iter_mut())
                .zip(v.iter_mut())
            {
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *p -= rate * (*m / c1) / ((*v / c2).sqrt() + eps);
            }
        }
    }
}
