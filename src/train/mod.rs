//! Training an evaluation network on `kaleido datagen` files, on the CPU (docs/nnue.md).
//!
//! Mini-batch gradient descent with Adam on a perspective network (network.rs): the loss is
//! the squared difference between sigmoid(output) and a blend of sigmoid(score / 400) and
//! the game's result, `lambda` of the result. The batch is split over threads, each summing
//! the gradients of its share, and the first layer's gradient touches only the rows of the
//! inputs that are active, so a batch costs about (men x hidden) per position. A share of
//! the games (never positions of a game on both sides) is held out for validation. Weights
//! are clipped to +/-1.98 after each step so that they fit the integer network of src/nnue/.

pub mod data;
pub mod network;
pub mod plot;
pub mod wdl;

use crate::nnue::{KingBuckets, OutputBuckets, QuantisedNetwork, QA, QB};
use crate::selfplay::random_source;
use data::Samples;
use network::{sigmoid, Adam, Gradients, Network, EVAL_SCALE};
use rand::seq::SliceRandom;
use rayon::prelude::*;
use std::time::Instant;

/// The largest weight magnitude: W1 * QA and W2 * QB must fit 16 bits with room to add.
pub const WEIGHT_CLIP: f32 = 1.98;
/// One game in this many is held out for validation.
pub const VALIDATION_EVERY: u32 = 20;

#[derive(Clone, Debug)]
pub struct TrainSettings {
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    /// Adam's learning rate at the start; it falls to 0.3 of itself after each third of the
    /// epochs.
    pub rate: f32,
    /// The result's share of the target (0: the search's score alone).
    pub lambda: f32,
    pub threads: usize,
    pub seed: u64,
    /// The network to start from (its hidden width replaces `hidden`); random weights if
    /// none.
    pub start: Option<Network>,
    /// Inputs active in a perspective of a typical position (the men at the start): the
    /// random first layer's scale, so that a hidden unit starts in its active range.
    pub active: usize,
    /// Train the first layer factorised (network.rs), one factor row per this many inputs
    /// (the variant's cells); None: not (but for king buckets, factorised by input).
    pub factor_span: Option<usize>,
    /// A first layer per king bucket of this layout (the samples' inputs must have been read
    /// through it); a starting network without them is copied into each.
    pub king_buckets: KingBuckets,
    /// Decoupled weight decay of the first layer's own rows (not the factor rows): each step
    /// shrinks them by `rate * decay`, so that a (kind, cell) input seen in few positions
    /// keeps near what its factor row says rather than fitting those positions.
    pub decay: f32,
    /// Train a correction of the hand-written evaluation (added to the network's output)
    /// rather than an evaluation of its own.
    pub correct_hand_written: bool,
    /// The output layers by material (`OutputBuckets::ONE`: one layer). A starting network
    /// of one layer is copied into each; one of other buckets is refused.
    pub buckets: OutputBuckets,
}

/// What one epoch did.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub validation_loss: f64,
    pub rate: f32,
    pub seconds: f64,
}

/// Whether game `number`'s positions are held out for validation.
pub fn held_out(number: u32) -> bool {
    (number.wrapping_mul(0x9e37_79b1) >> 16).is_multiple_of(VALIDATION_EVERY)
}

/// The training target of sample `i`: a blend of the score's expected result and the
/// game's result.
fn target(samples: &Samples, i: usize, lambda: f32) -> f32 {
    let expected = sigmoid(f32::from(samples.scores[i]) / EVAL_SCALE);
    (1.0 - lambda) * expected + lambda * samples.results[i]
}

/// The output bucket of sample `i`, by the men on its board (its first perspective's
/// inputs, one a man).
fn bucket(net: &Network, samples: &Samples, i: usize) -> usize {
    net.buckets.of(samples.inputs(i, 0).len())
}

/// The network's output for sample `i` with what the search adds beside it (the threats it
/// does not learn; the whole hand-written evaluation, threats included, where it corrects
/// that), in units of `EVAL_SCALE`, leaving its pre-activations in `accs`.
fn forward(net: &Network, samples: &Samples, i: usize, accs: &mut [f32]) -> f32 {
    let h = net.hidden;
    for k in 0..samples.players {
        net.accumulate(samples.inputs(i, k), &mut accs[k * h..(k + 1) * h]);
    }
    let beside = match net.corrects_hand_written {
        true => samples.hand_written[i],
        false => samples.threats[i],
    };
    net.output(accs, bucket(net, samples, i)) + f32::from(beside) / EVAL_SCALE
}

/// A thread's working memory for `backward`: the hidden pre-activations of every
/// perspective and one perspective's hidden gradients.
struct Scratch {
    accs: Vec<f32>,
    dacc: Vec<f32>,
}

/// Adds sample `i`'s gradient of the loss, scaled by `weight`, to `grads`; returns its loss.
fn backward(
    net: &Network,
    samples: &Samples,
    i: usize,
    (lambda, weight): (f32, f32),
    scratch: &mut Scratch,
    grads: &mut Gradients,
) -> f64 {
    let h = net.hidden;
    let Scratch { accs, dacc } = scratch;
    let p = sigmoid(forward(net, samples, i, accs));
    let t = target(samples, i, lambda);
    let d = 2.0 * (p - t) * p * (1.0 - p) * weight;
    let bucket = bucket(net, samples, i);
    grads.b2[bucket] += d;
    let layer = bucket * samples.players * h;
    for (k, block) in accs.chunks_exact(h).enumerate() {
        let w2 = &net.w2[layer + k * h..layer + (k + 1) * h];
        let gw2 = &mut grads.w2[layer + k * h..layer + (k + 1) * h];
        // The hidden units' gradients.
        dacc.clear();
        dacc.extend(
            block
                .iter()
                .zip(w2)
                .zip(gw2.iter_mut())
                .map(|((&a, &w), g)| {
                    let c = a.clamp(0.0, 1.0);
                    *g += d * c * c;
                    if a > 0.0 && a < 1.0 {
                        d * w * 2.0 * a
                    } else {
                        0.0
                    }
                }),
        );
        for (g, &x) in grads.b1.iter_mut().zip(dacc.iter()) {
            *g += x;
        }
        for &input in samples.inputs(i, k) {
            let row = &mut grads.w1[input as usize * h..(input as usize + 1) * h];
            for (g, &x) in row.iter_mut().zip(dacc.iter()) {
                *g += x;
            }
            if !grads.factors.is_empty() {
                let factor = &mut grads.factors[net.factor_index(input as usize) * h..][..h];
                for (g, &x) in factor.iter_mut().zip(dacc.iter()) {
                    *g += x;
                }
            }
        }
    }
    f64::from((p - t) * (p - t))
}

/// The mean loss over `indices`, on `threads` threads.
fn mean_loss(net: &Network, samples: &Samples, indices: &[usize], lambda: f32) -> f64 {
    if indices.is_empty() {
        return 0.0;
    }
    let total: f64 = indices
        .par_chunks(4096)
        .map(|chunk| {
            let mut accs = vec![0.0; samples.players * net.hidden];
            chunk
                .iter()
                .map(|&i| {
                    let p = sigmoid(forward(net, samples, i, &mut accs));
                    let t = target(samples, i, lambda);
                    f64::from((p - t) * (p - t))
                })
                .sum::<f64>()
        })
        .sum();
    total / indices.len() as f64
}

/// The loss of the hand-written evaluation on the held-out samples, with the network's target:
/// what a network must beat to judge better.
pub fn hand_written_loss(samples: &Samples, lambda: f32) -> f64 {
    let validation: Vec<usize> = (0..samples.len())
        .filter(|&i| held_out(samples.games[i]))
        .collect();
    if validation.is_empty() {
        return 0.0;
    }
    let total: f64 = validation
        .iter()
        .map(|&i| {
            let p = sigmoid(f32::from(samples.hand_written[i]) / EVAL_SCALE);
            let t = target(samples, i, lambda);
            f64::from((p - t) * (p - t))
        })
        .sum();
    total / validation.len() as f64
}

/// Trains a network for a variant of `inputs` inputs (once per king bucket) on `samples`;
/// `report` hears each epoch.
pub fn train(
    samples: &Samples,
    inputs: usize,
    settings: &TrainSettings,
    mut report: impl FnMut(&EpochReport),
) -> Result<Network, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let mut rng = random_source(settings.seed);
    let mut net = match &settings.start {
        Some(start)
            if start.inputs != inputs * start.king_buckets.count()
                || start.players != samples.players =>
        {
            return Err(format!(
                "the starting network has {} inputs and {} perspectives, this variant {} and {}",
                start.inputs / start.king_buckets.count(),
                start.players,
                inputs,
                samples.players
            ))
        }
        // A saved network's width is kept unless a wider layer is asked for.
        Some(start) => start
            .clone()
            .widened(settings.hidden, settings.active, &mut rng),
        None => Network::new(
            inputs,
            settings.hidden.max(1),
            samples.players,
            settings.active,
            &mut rng,
        ),
    };
    let buckets = net.buckets;
    net = net.bucketed(settings.buckets).ok_or_else(|| {
        format!(
            "the starting network has {} output buckets of {} men, not {} of {}",
            buckets.count,
            buckets.men_per_bucket,
            settings.buckets.count,
            settings.buckets.men_per_bucket
        )
    })?;
    net = net
        .king_bucketed(&settings.king_buckets, inputs)
        .ok_or_else(|| "the starting network has other king buckets".to_string())?;
    if settings.factor_span.is_some() || !settings.king_buckets.is_none() {
        net = net
            .factorised(inputs, settings.factor_span.unwrap_or(1))
            .shared_rows_as_factors();
    }
    if settings.correct_hand_written {
        net = net.correcting();
    }
    let (mut training, validation): (Vec<usize>, Vec<usize>) =
        (0..samples.len()).partition(|&i| !held_out(samples.games[i]));
    if training.is_empty() {
        return Err("no training positions (every game was held out, or the data is empty)".into());
    }
    let mut adam = Adam::new(&net, settings.rate);
    let batch = settings.batch.max(1);
    let threads = settings.threads.max(1);
    for epoch in 0..settings.epochs {
        let began = Instant::now();
        let thirds = (3 * epoch / settings.epochs.max(1)) as i32;
        adam.rate = settings.rate * 0.3f32.powi(thirds);
        training.shuffle(&mut rng);
        let mut loss_sum = 0.0;
        let mut total = Gradients::zeros(&net);
        for chunk in training.chunks(batch) {
            let weight = 1.0 / chunk.len() as f32;
            let share = chunk.len().div_ceil(threads);
            let parts: Vec<(Gradients, f64)> = pool.install(|| {
                chunk
                    .par_chunks(share)
                    .map(|part| {
                        let mut grads = Gradients::zeros(&net);
                        let mut scratch = Scratch {
                            accs: vec![0.0; samples.players * net.hidden],
                            dacc: Vec::with_capacity(net.hidden),
                        };
                        let scale = (settings.lambda, weight);
                        let loss = part
                            .iter()
                            .map(|&i| backward(&net, samples, i, scale, &mut scratch, &mut grads))
                            .sum::<f64>();
                        (grads, loss)
                    })
                    .collect()
            });
            total.clear();
            for (grads, loss) in &parts {
                total.add(grads);
                loss_sum += loss;
            }
            adam.step(&mut net, &total);
            if settings.decay > 0.0 {
                let keep = 1.0 - adam.rate * settings.decay;
                net.w1.iter_mut().for_each(|w| *w *= keep);
            }
            for w in net.w1.iter_mut().chain(&mut net.w2).chain(&mut net.factors) {
                *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
        report(&EpochReport {
            epoch: epoch + 1,
            train_loss: loss_sum / training.len() as f64,
            validation_loss: pool
                .install(|| mean_loss(&net, samples, &validation, settings.lambda)),
            rate: adam.rate,
            seconds: began.elapsed().as_secs_f64(),
        });
    }
    Ok(net)
}

/// The network in integers, as the engine reads it (src/nnue/).
pub fn quantise(net: &Network, variant: &str) -> QuantisedNetwork {
    let q = |values: &[f32], scale: i32| -> Vec<i16> {
        values
            .iter()
            .map(|&v| (v * scale as f32).round().clamp(-32_767.0, 32_767.0) as i16)
            .collect()
    };
    QuantisedNetwork {
        variant: variant.to_string(),
        inputs: net.inputs,
        hidden: net.hidden,
        players: net.players,
        corrects_hand_written: net.corrects_hand_written,
        buckets: net.buckets,
        king_buckets: net.king_buckets.clone(),
        w1: q(&net.folded_w1(WEIGHT_CLIP), QA),
        b1: q(&net.b1, QA),
        w2: q(&net.w2, QB),
        b2: net
            .b2
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::format::GameBlock;
    use crate::datagen::{generate, Progress, Settings};
    use crate::game::{Game, NetworkInputs};
    use crate::variants::chess::Chess;

    /// A few thousand chess positions from quick self-play.
    fn samples() -> Samples {
        samples_through(&KingBuckets::NONE)
    }

    /// The same positions read through the king buckets `layout`.
    fn samples_through(layout: &KingBuckets) -> Samples {
        let settings = Settings {
            nodes: 200,
            positions: 3000,
            threads: 2,
            seed: 11,
            opening_plies: 8,
            max_plies: 120,
            hash_mib: 1,
            network: None,
            shard: crate::datagen::Shard::WHOLE,
            adjudicate: false,
            soft_nodes: None,
            opening_check: None,
        };
        let mut samples = Samples::new(2);
        samples.king_buckets = layout.clone();
        let mut skipped = data::Skipped::default();
        generate::<Chess>(
            &settings,
            Progress::default(),
            |game| {
                let block = GameBlock {
                    number: game.number,
                    points: game.points.clone(),
                    positions: game.positions::<Chess>()?,
                };
                samples.add_game::<Chess>(&block, false, &mut skipped);
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        samples
    }

    fn settings(epochs: usize) -> TrainSettings {
        TrainSettings {
            hidden: 16,
            epochs,
            batch: 128,
            rate: 0.002,
            lambda: 0.3,
            threads: 2,
            seed: 5,
            start: None,
            active: 32,
            factor_span: None,
            king_buckets: KingBuckets::NONE,
            decay: 0.0,
            correct_hand_written: false,
            buckets: OutputBuckets::ONE,
        }
    }

    /// Rounding each weight to 1/255 (first layer) or 1/256 (output) moves an evaluation by a
    /// few centipawns at most: `quantised` judges a spread of `samples` as `net` does.
    fn integers_follow_the_floats(net: &Network, quantised: &QuantisedNetwork, samples: &Samples) {
        for i in (0..samples.len()).step_by(97) {
            let views = [samples.inputs(i, 0), samples.inputs(i, 1)];
            let (float, integer) = (net.evaluate(&views), quantised.evaluate(&views) as f32);
            assert!(
                (float - integer).abs() <= 8.0 + float.abs() * 0.05,
                "{float} against {integer}"
            );
        }
    }

    #[test]
    fn training_lowers_the_loss_and_the_integers_follow_the_floats() {
        let samples = samples();
        assert!(samples.len() > 2000);
        let mut reports = Vec::new();
        let net = train(&samples, Chess::INPUTS, &settings(8), |r| reports.push(*r)).unwrap();
        let (first, last) = (reports[0], reports[reports.len() - 1]);
        assert!(
            last.train_loss < first.train_loss * 0.9,
            "{first:?} -> {last:?}"
        );
        // A few thousand positions overfit within epochs; validation is only measured here.
        assert!(last.validation_loss > 0.0, "some games are held out");

        integers_follow_the_floats(&net, &quantise(&net, Chess::NAME), &samples);
    }

    #[test]
    fn factor_rows_train_and_fold_into_the_saved_network() {
        let samples = samples();
        let factorised = TrainSettings {
            factor_span: Some(64),
            ..settings(3)
        };
        let net = train(&samples, Chess::INPUTS, &factorised, |_| {}).unwrap();
        assert_eq!(net.factors.len(), 12 * 16, "a row per owner and kind");
        assert!(
            net.factors.iter().any(|&f| f.abs() > 1e-3),
            "training moves the factor rows"
        );
        let folded = Network {
            w1: net.folded_w1(WEIGHT_CLIP),
            factors: Vec::new(),
            ..net.clone()
        };
        assert_ne!(folded.w1, net.w1);
        let quantised = quantise(&net, Chess::NAME);
        for i in (0..samples.len()).step_by(97) {
            let views = [samples.inputs(i, 0), samples.inputs(i, 1)];
            let (float, plain) = (net.evaluate(&views), folded.evaluate(&views));
            assert!((float - plain).abs() < 0.01, "{float} against {plain}");
            let integer = quantised.evaluate(&views) as f32;
            assert!(
                (float - integer).abs() <= 8.0 + float.abs() * 0.05,
                "{float} against {integer}"
            );
        }
    }

    #[test]
    fn output_buckets_train_apart_and_a_one_layer_network_starts_each() {
        let samples = samples();
        let buckets = OutputBuckets::spread(4, 32);
        let one_layer = train(&samples, Chess::INPUTS, &settings(2), |_| {}).unwrap();
        // Copied into four buckets, the network judges every sample as it did.
        let copied = one_layer.clone().bucketed(buckets).unwrap();
        assert_eq!(copied.w2.len(), 4 * one_layer.w2.len());
        for i in (0..samples.len()).step_by(89) {
            let views = [samples.inputs(i, 0), samples.inputs(i, 1)];
            assert_eq!(copied.evaluate(&views), one_layer.evaluate(&views));
        }
        let go_on = TrainSettings {
            start: Some(one_layer),
            buckets,
            ..settings(2)
        };
        let net = train(&samples, Chess::INPUTS, &go_on, |_| {}).unwrap();
        assert_eq!(net.buckets, buckets);
        // The samples span several buckets, and each bucket seen learns its own layer.
        let seen: std::collections::BTreeSet<usize> = (0..samples.len())
            .map(|i| bucket(&net, &samples, i))
            .collect();
        assert!(seen.len() >= 2, "{seen:?}");
        let layers: Vec<&[f32]> = seen.iter().map(|&b| net.output_layer(b)).collect();
        assert_ne!(layers[0], layers[1]);
        let quantised = quantise(&net, Chess::NAME);
        assert_eq!(quantised.buckets, buckets);
        assert_eq!(Network::from_quantised(&quantised).buckets, buckets);
        integers_follow_the_floats(&net, &quantised, &samples);
        // A network of other buckets is no start for these.
        let other = TrainSettings {
            start: Some(net),
            buckets: OutputBuckets::spread(2, 32),
            ..settings(1)
        };
        assert!(train(&samples, Chess::INPUTS, &other, |_| {}).is_err());
    }

    /// Both perspectives' inputs of a chess position, read through `layout`.
    fn views_of(fen: &str, layout: &KingBuckets) -> Vec<Vec<u32>> {
        let pos = Chess::from_fen(fen).unwrap();
        crate::nnue::perspective_inputs(&pos, pos.side_to_move().index(), layout)
    }

    fn evaluate(net: &Network, views: &[Vec<u32>]) -> f32 {
        let views: Vec<&[u32]> = views.iter().map(Vec::as_slice).collect();
        net.evaluate(&views)
    }

    #[test]
    fn king_buckets_train_factorised_from_a_plain_network_copied_into_each() {
        let layout = KingBuckets::new(Chess::KING_BUCKETS.to_vec()).unwrap();
        let plain = train(&samples(), Chess::INPUTS, &settings(2), |_| {}).unwrap();
        // Copied into every bucket, the network judges a position of kings on the unmirrored
        // half as it did, and one of kings on the mirrored half as it did the reflection.
        let copied = plain.clone().king_bucketed(&layout, Chess::INPUTS).unwrap();
        assert_eq!(copied.inputs, 4 * Chess::INPUTS);
        // (The same sums in another order: equal but for the last bit.)
        let same = |a: f32, b: f32| assert!((a - b).abs() < 1e-3, "{a} against {b}");
        let queenside = "2kr1b1r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR1B1R w - - 0 12";
        same(
            evaluate(&copied, &views_of(queenside, &layout)),
            evaluate(&plain, &views_of(queenside, &KingBuckets::NONE)),
        );
        let kingside = "r1b2rk1/ppp2ppp/5n2/8/8/5N2/PPP2PPP/R1B2RK1 b - - 0 12";
        let reflected = "1kr2b1r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/1KR2B1R b - - 0 12";
        same(
            evaluate(&copied, &views_of(kingside, &layout)),
            evaluate(&plain, &views_of(reflected, &KingBuckets::NONE)),
        );
        // And the buckets differ from the plain network's reading of the same position.
        assert!(
            (evaluate(&copied, &views_of(kingside, &layout))
                - evaluate(&plain, &views_of(kingside, &KingBuckets::NONE)))
            .abs()
                > 1e-3
        );

        let samples = samples_through(&layout);
        let go_on = TrainSettings {
            start: Some(plain.clone()),
            king_buckets: layout.clone(),
            ..settings(2)
        };
        let net = train(&samples, Chess::INPUTS, &go_on, |_| {}).unwrap();
        assert_eq!(
            (net.inputs, &net.king_buckets),
            (4 * Chess::INPUTS, &layout)
        );
        // A factor row per input of the variant, shared by the four buckets: they start as
        // the plain network's rows, the buckets' own rows at zero, and the buckets then
        // learn apart.
        assert_eq!(net.factors.len(), Chess::INPUTS * 16);
        let started = copied
            .clone()
            .factorised(Chess::INPUTS, 1)
            .shared_rows_as_factors();
        assert_eq!(started.factors, plain.w1);
        assert!(started.w1.iter().all(|&w| w == 0.0));
        same(
            evaluate(&started, &views_of(kingside, &layout)),
            evaluate(&copied, &views_of(kingside, &layout)),
        );
        let rows = Chess::INPUTS * 16;
        assert_ne!(net.w1[..rows], net.w1[rows..2 * rows]);
        let quantised = quantise(&net, Chess::NAME);
        assert_eq!(quantised.king_buckets, layout);
        assert_eq!(Network::from_quantised(&quantised).king_buckets, layout);
        let bytes = quantised.to_bytes();
        assert_eq!(
            QuantisedNetwork::from_bytes(&bytes, Chess::NAME, Chess::INPUTS, 2),
            Ok(quantised.clone())
        );
        integers_follow_the_floats(&net, &quantised, &samples);
        // A network of other king buckets is no start for these.
        let other = KingBuckets::new(vec![0; 64]).unwrap();
        let refused = TrainSettings {
            start: Some(net),
            king_buckets: other,
            ..settings(1)
        };
        assert!(train(&samples, Chess::INPUTS, &refused, |_| {}).is_err());
    }

    #[test]
    fn decay_pulls_the_cell_rows_toward_their_factor_rows() {
        let samples = samples();
        let run = |decay: f32| {
            let factorised = TrainSettings {
                factor_span: Some(64),
                decay,
                ..settings(3)
            };
            train(&samples, Chess::INPUTS, &factorised, |_| {}).unwrap()
        };
        let size = |w: &[f32]| w.iter().map(|x| x.abs()).sum::<f32>();
        let (free, decayed) = (run(0.0), run(100.0));
        // 100 x 0.002 shrinks the rows by a fifth a step: what is left of them is what the
        // last steps' gradients put there, while the factor rows, not decayed, still learn.
        assert!(
            size(&decayed.w1) < size(&free.w1) * 0.2,
            "{} against {}",
            size(&decayed.w1),
            size(&free.w1)
        );
        let per_row = |w: &[f32], rows: f32| size(w) / rows;
        assert!(per_row(&decayed.factors, 12.0) > per_row(&decayed.w1, 768.0));
    }

    #[test]
    fn training_goes_on_from_a_saved_network() {
        let samples = samples();
        let saved = quantise(
            &train(&samples, Chess::INPUTS, &settings(6), |_| {}).unwrap(),
            "chess",
        );
        let start = Network::from_quantised(&saved);
        assert_eq!(
            quantise(&start, "chess"),
            saved,
            "the integers read back exactly"
        );
        let mut fresh = Vec::new();
        train(&samples, Chess::INPUTS, &settings(1), |r| fresh.push(*r)).unwrap();
        let mut resumed = Vec::new();
        let go_on = TrainSettings {
            start: Some(start),
            hidden: 8,
            ..settings(1)
        };
        let net = train(&samples, Chess::INPUTS, &go_on, |r| resumed.push(*r)).unwrap();
        assert_eq!(net.hidden, 16, "the saved network's width is kept");
        assert!(
            resumed[0].train_loss < fresh[0].train_loss * 0.9,
            "{:?} against {:?}",
            resumed[0],
            fresh[0]
        );
        let other = TrainSettings {
            start: Some(Network::new(10, 4, 2, 32, &mut random_source(1))),
            ..settings(1)
        };
        assert!(train(&samples, Chess::INPUTS, &other, |_| {}).is_err());
    }

    #[test]
    fn a_wider_layer_starts_as_the_saved_network_and_trains_its_new_units() {
        let samples = samples();
        let saved = train(&samples, Chess::INPUTS, &settings(3), |_| {}).unwrap();
        let wider = saved.clone().widened(40, 32, &mut random_source(3));
        assert_eq!((wider.hidden, wider.b1.len(), wider.w2.len()), (40, 40, 80));
        assert_eq!(wider.w1.len(), Chess::INPUTS * 40);
        let kept = (0..Chess::INPUTS).all(|i| wider.w1[i * 40..][..16] == saved.w1[i * 16..][..16]);
        assert!(kept, "each input row begins with the saved units' weights");
        for i in (0..samples.len()).step_by(89) {
            let views = [samples.inputs(i, 0), samples.inputs(i, 1)];
            let (before, after) = (saved.evaluate(&views), wider.evaluate(&views));
            assert!((before - after).abs() < 1e-3, "{before} against {after}");
        }
        let go_on = TrainSettings {
            start: Some(saved.clone()),
            hidden: 40,
            ..settings(1)
        };
        let net = train(&samples, Chess::INPUTS, &go_on, |_| {}).unwrap();
        assert_eq!(net.hidden, 40);
        let moved = |unit: usize| (0..2).any(|k| net.w2[k * 40 + unit] != 0.0);
        assert!((16..40).all(moved), "every new unit's output weights learn");
        assert_eq!(
            saved.clone().widened(8, 32, &mut random_source(3)).hidden,
            16,
            "a narrower width keeps the network as it is"
        );
    }

    #[test]
    fn a_seed_trains_the_same_network_whatever_the_thread_count() {
        let samples = samples();
        let single = TrainSettings {
            threads: 1,
            ..settings(2)
        };
        let one = quantise(
            &train(&samples, Chess::INPUTS, &single, |_| {}).unwrap(),
            "chess",
        );
        let two = quantise(
            &train(&samples, Chess::INPUTS, &settings(2), |_| {}).unwrap(),
            "chess",
        );
        // Float sums taken in another order may differ in their last bits; the integers
        // then differ by a unit here and there, no more.
        let differ = one
            .w1
            .iter()
            .zip(&two.w1)
            .filter(|(a, b)| (**a - **b).abs() > 1)
            .count();
        assert!(
            differ * 100 < one.w1.len(),
            "{differ} of {} weights differ",
            one.w1.len()
        );
    }

    #[test]
    fn the_hand_written_baseline_is_scored_like_a_network() {
        let samples = samples();
        assert_eq!(samples.hand_written.len(), samples.len());
        // The search's scores come from the hand-written evaluation a few plies on: it
        // predicts them far better than a coin, and not perfectly.
        let by_score = hand_written_loss(&samples, 0.0);
        assert!(by_score > 0.0 && by_score < 0.05, "{by_score}");
        // Against results alone a static guess does worse.
        assert!(hand_written_loss(&samples, 1.0) > by_score);
    }

    #[test]
    fn the_threats_beside_a_network_are_added_to_its_output() {
        let mut samples = samples();
        assert_eq!(samples.threats.len(), samples.len());
        assert!(
            samples.threats.iter().all(|&t| t == 0),
            "chess keeps nothing beside its network"
        );
        let net = Network::new(Chess::INPUTS, 16, 2, 32, &mut random_source(3));
        let mut accs = vec![0.0; 2 * 16];
        let alone = forward(&net, &samples, 0, &mut accs);
        samples.threats[0] = 400;
        let beside = forward(&net, &samples, 0, &mut accs);
        assert!(
            (beside - alone - 400.0 / EVAL_SCALE).abs() < 1e-5,
            "{alone} {beside}"
        );
    }

    #[test]
    fn a_correcting_network_starts_as_the_hand_written_evaluation_and_learns_from_there() {
        let samples = samples();
        let correcting = TrainSettings {
            correct_hand_written: true,
            ..settings(0)
        };
        let start = train(&samples, Chess::INPUTS, &correcting, |_| {}).unwrap();
        assert!(start.corrects_hand_written);
        let mut accs = vec![0.0; 2 * 16];
        for i in (0..samples.len()).step_by(53) {
            let out = forward(&start, &samples, i, &mut accs) * EVAL_SCALE;
            let hand_written = f32::from(samples.hand_written[i]);
            assert!((out - hand_written).abs() < 1e-2, "{out} {hand_written}");
        }
        let mut reports = Vec::new();
        let trained = train(
            &samples,
            Chess::INPUTS,
            &TrainSettings {
                epochs: 4,
                ..correcting
            },
            |r| reports.push(*r),
        )
        .unwrap();
        // Its first epoch's training loss starts from the hand-written evaluation's; it
        // ends below that evaluation's loss on the same samples.
        let (first, last) = (reports[0], reports[reports.len() - 1]);
        assert!(last.train_loss < first.train_loss, "{first:?} -> {last:?}");
        assert!(quantise(&trained, "chess").corrects_hand_written);
        assert!(Network::from_quantised(&quantise(&trained, "chess")).corrects_hand_written);
    }

    #[test]
    fn held_out_games_are_about_one_in_twenty() {
        let held = (0..10_000).filter(|&n| held_out(n)).count();
        assert!((400..600).contains(&held), "{held}");
        let mut inputs = Vec::new();
        Chess::startpos().active_inputs(0, &mut inputs);
        assert_eq!(inputs.len(), 32);
    }
}
