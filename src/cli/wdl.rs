//! `kaleido wdl`: fits a variant's result model (search/wdl.rs) to datagen files and checks
//! it, and the model built into the engine, on held-out games (src/train/wdl.rs; docs/wdl.md).

use super::variant_arg::VariantName;
use super::CliError;
use crate::game::result_model::{ResultModel, ShareModel, WinRateModel};
use crate::game::Variant;
use crate::registry::{with_variant, VariantVisitor};
use crate::train::wdl::{
    baseline_log_loss, calibration, fit_shares, fit_win_rate, load, share_log_loss,
    win_rate_log_loss, Calibration, Sample, HOLD_OUT_EVERY,
};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct WdlArgs {
    /// Variant
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// A datagen file (repeat for several)
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
}

struct Fit(WdlArgs);

impl VariantVisitor for Fit {
    type Output = Result<(), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let (fit, held) = load::<G>(&self.0.data)?;
        println!(
            "{}: {} positions to fit, {} held out (one game in {HOLD_OUT_EVERY})",
            G::NAME,
            fit.len(),
            held.len()
        );
        let baseline = baseline_log_loss(&fit, &held);
        match G::RESULT_MODEL {
            ResultModel::TwoPlayers(built_in) => {
                let fitted = fit_win_rate(&fit);
                println!("fitted: {}", win_rate_literal(&fitted));
                println!("held-out log-loss (nats a position):");
                println!("  fitted    {:.4}", win_rate_log_loss(&fitted, &held));
                println!("  built in  {:.4}", win_rate_log_loss(&built_in, &held));
                println!("  baseline  {baseline:.4} (the frequencies, whatever the score)");
                let rows = calibration(
                    &held,
                    |s| fitted.chances(s.scores[0], s.stage).to_vec(),
                    Sample::observed_wdl,
                );
                print_calibration("win chance", &["win", "draw", "loss"], &rows);
            }
            ResultModel::MorePlayers(built_in) => {
                let fitted = fit_shares(&fit);
                println!("fitted: {}", share_literal(&fitted));
                println!("held-out cross-entropy of the shares (nats a position):");
                println!("  fitted    {:.4}", share_log_loss(&fitted, &held));
                println!("  built in  {:.4}", share_log_loss(&built_in, &held));
                println!("  baseline  {baseline:.4} (the mean shares, whatever the scores)");
                let rows = calibration(
                    &held,
                    |s| vec![fitted.shares(&s.scores, s.stage)[0]],
                    |s| vec![s.shares[0]],
                );
                print_calibration("mover's share", &["share"], &rows);
            }
        }
        Ok(())
    }
}

fn cubic(c: &[f64; 4]) -> String {
    let terms: Vec<String> = c.iter().map(|v| format!("{v:.1}")).collect();
    format!("Cubic([{}])", terms.join(", "))
}

/// The model as the Rust a variant's search.rs holds.
fn win_rate_literal(m: &WinRateModel) -> String {
    format!(
        "ResultModel::TwoPlayers(WinRateModel {{ a: {}, b: {} }})",
        cubic(&m.a.0),
        cubic(&m.b.0)
    )
}

fn share_literal(m: &ShareModel) -> String {
    format!(
        "ResultModel::MorePlayers(ShareModel {{ temperature: {} }})",
        cubic(&m.temperature.0)
    )
}

fn print_calibration(by: &str, figures: &[&str], rows: &[Calibration]) {
    println!("held-out positions by the fitted {by}: predicted / observed");
    let heads: Vec<String> = figures.iter().map(|f| format!("{f:>13}")).collect();
    println!("  {by:>13} {:>9} {}", "positions", heads.join(" "));
    for r in rows {
        let cells: Vec<String> = r
            .predicted
            .iter()
            .zip(&r.observed)
            .map(|(p, o)| format!("{p:>6.3}/{o:<6.3}"))
            .collect();
        println!(
            "  {:>6.1}-{:<6.1} {:>9} {}",
            r.range.0,
            r.range.1,
            r.positions,
            cells.join(" ")
        );
    }
}

pub fn run(args: WdlArgs) -> Result<(), CliError> {
    with_variant(&args.variant.clone(), Fit(args))?
}
