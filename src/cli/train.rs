//! `kaleido train`: trains an evaluation network on `kaleido datagen` files and writes it in
//! the engine's integer format, with the loss per epoch as a table and a PNG (src/train/).

use super::variant_arg::VariantName;
use super::CliError;
use crate::game::Variant;
use crate::nnue::{self, KingBuckets, OutputBuckets, QuantisedNetwork};
use crate::registry::{with_variant, VariantVisitor};
use crate::train::network::Network;
use crate::train::{data, hand_written_loss, plot, quantise, train, TrainSettings};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// Variant
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// A datagen file (repeat for several)
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Where to write the network
    #[arg(long)]
    pub out: PathBuf,
    /// Hidden units
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Passes over the training positions
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Positions per gradient step
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's learning rate at the start (0.3 of itself after each third of the epochs)
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// The game result's share of the target, 0 to 1 (the rest is the search's score)
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f32,
    /// Threads
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Seed of the initial weights and the shuffles
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to draw the loss curves (PNG); none if not given
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Train on each position's left-right reflection too, where the variant has one
    #[arg(long)]
    pub reflect: bool,
    /// Start from this network's weights instead of random ones: a network of any variant
    /// with the same inputs and perspectives (its hidden width is kept unless --hidden asks for
    /// more: the new units start with output weights of zero, so it begins as it was)
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Train the first layer with a row per owner and kind shared by every cell, folded into
    /// the saved network (for boards with many cells)
    #[arg(long)]
    pub factorise: bool,
    /// Decoupled weight decay of the first layer's rows: each step shrinks them by rate x
    /// decay (0: none)
    #[arg(long, default_value_t = 0.0)]
    pub decay: f32,
    /// Train a correction that the search adds to the hand-written evaluation, starting from
    /// that evaluation, rather than an evaluation of its own
    #[arg(long)]
    pub correct_hand_written: bool,
    /// Output layers by the men on the board, spread evenly from one man to the start's
    /// count (1: one layer); a starting network's are kept unless this asks for others, and
    /// one of a single layer is copied into each
    #[arg(long, default_value_t = 1)]
    pub output_buckets: usize,
    /// A first layer per region of the board the perspective's king stands in, mirrored
    /// where the variant's layout says, factorised over the buckets (the variant's layout;
    /// a starting network's are kept)
    #[arg(long)]
    pub king_buckets: bool,
}

struct Train(TrainArgs);

impl VariantVisitor for Train {
    type Output = Result<(), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let args = self.0;
        let began = Instant::now();
        let start = match &args.init {
            Some(path) => Some(starting_network(path)?),
            None => None,
        };
        let layout = match (args.king_buckets, &start) {
            (true, _) => KingBuckets::new(G::KING_BUCKETS.to_vec())
                .ok()
                .filter(|layout| !layout.is_none() && layout.fits::<G>())
                .ok_or_else(|| CliError(format!("{} has no king buckets", G::NAME)))?,
            (false, Some(start)) => start.king_buckets.clone(),
            (false, None) => KingBuckets::NONE,
        };
        // A mirrored layout reads a position and its reflection alike: their samples would
        // be the same.
        let reflect = args.reflect && G::reflected_cell(0).is_some() && !layout.mirrors();
        if args.reflect && layout.mirrors() {
            eprintln!("the king buckets mirror the board: no reflected positions are added");
        }
        let (samples, skipped) = data::load::<G>(&args.data, reflect, &layout).map_err(CliError)?;
        eprintln!(
            "{} positions read in {:.1} s{} ({} left out for a score beyond +/-{} cp, {} for a bad FEN)",
            samples.len(),
            began.elapsed().as_secs_f64(),
            if reflect { ", reflections included" } else { "" },
            skipped.extreme_score,
            data::SCORE_FILTER,
            skipped.bad_fen
        );
        let buckets = match (args.output_buckets, &start) {
            (1, Some(start)) => start.buckets,
            (count, _) => OutputBuckets::spread(count, men_at_start::<G>()),
        };
        let settings = TrainSettings {
            hidden: args.hidden,
            epochs: args.epochs,
            batch: args.batch,
            rate: args.rate,
            lambda: args.lambda,
            threads: args.threads,
            seed: args.seed,
            start,
            active: men_at_start::<G>(),
            factor_span: args.factorise.then_some(G::CELLS),
            decay: args.decay,
            correct_hand_written: args.correct_hand_written,
            buckets,
            king_buckets: layout.clone(),
        };
        let baseline = hand_written_loss(&samples, args.lambda);
        eprintln!("the hand-written evaluation's validation loss: {baseline:.6}");
        let (mut train_losses, mut validation_losses) = (Vec::new(), Vec::new());
        eprintln!("epoch  train loss  validation loss  rate      seconds");
        let net = train(&samples, G::INPUTS, &settings, |e| {
            eprintln!(
                "{:5}  {:10.6}  {:15.6}  {:8.6}  {:7.1}",
                e.epoch, e.train_loss, e.validation_loss, e.rate, e.seconds
            );
            train_losses.push(e.train_loss);
            validation_losses.push(e.validation_loss);
        })
        .map_err(CliError)?;
        let quantised = quantise(&net, G::NAME);
        let name = args.out.display().to_string();
        std::fs::write(&args.out, quantised.to_bytes())
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        if let Some(path) = &args.plot {
            let baseline = vec![baseline; validation_losses.len()];
            let png = plot::loss_curves(&[
                (&train_losses, [200, 40, 40]),
                (&validation_losses, [40, 40, 200]),
                (&baseline, [40, 150, 40]),
            ]);
            std::fs::write(path, png).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        }
        // The start position as the search sees it with either network (what it adds beside a
        // network added: the threats, or the hand-written evaluation that a network corrects):
        // the integers follow the floats.
        let start = G::startpos();
        let perspectives = nnue::perspective_inputs(&start, start.side_to_move().index(), &layout);
        let views: Vec<&[u32]> = perspectives.iter().map(Vec::as_slice).collect();
        let beside = match net.corrects_hand_written {
            true => start.evaluate_for(start.side_to_move()),
            false => start.unsearched_threats(),
        };
        eprintln!(
            "{name}: {} inputs, {} king buckets, {} hidden, {} perspectives, {} output buckets; the start position {:.0} cp (float) {} cp (integer); {:.1} s in all",
            G::INPUTS,
            layout.count(),
            net.hidden,
            G::PLAYERS,
            net.buckets.count,
            net.evaluate(&views) + beside as f32,
            quantised.evaluate(&views) + beside,
            began.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

/// The men on the board at the start: the inputs active in a perspective.
fn men_at_start<G: Variant>() -> usize {
    let mut men = 0;
    G::startpos().for_each_man(|_, _, _| men += 1);
    men
}

/// The float network a saved one stands for.
fn starting_network(path: &Path) -> Result<Network, CliError> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| CliError(format!("{name}: {e}")))?;
    let saved = QuantisedNetwork::read(&bytes).map_err(|e| CliError(format!("{name}: {e}")))?;
    eprintln!(
        "starting from {name}: a {} network, {} hidden units, {} king buckets, {} output buckets",
        saved.variant,
        saved.hidden,
        saved.king_buckets.count(),
        saved.buckets.count
    );
    Ok(Network::from_quantised(&saved))
}

pub fn run(args: TrainArgs) -> Result<(), CliError> {
    if args.epochs == 0 || args.hidden == 0 || !(0.0..=1.0).contains(&args.lambda) {
        return Err(CliError(
            "--epochs and --hidden must be at least 1 and --lambda within 0 to 1".into(),
        ));
    }
    // The file keeps the count in a byte.
    if !(1..=usize::from(u8::MAX)).contains(&args.output_buckets) {
        return Err(CliError("--output-buckets must be within 1 to 255".into()));
    }
    let variant = args.variant.clone();
    with_variant(&variant, Train(args))?
}
