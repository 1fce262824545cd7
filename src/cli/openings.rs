//! `kaleido openings`: a file of balanced openings for `kaleido match --openings`.
//!
//! Random plies from the start position often hang a piece, above all on the cylinder, where
//! a queen is attacked round the back of the board. A game pair from such an opening is one
//! sure win for each colour's side, whatever the engines' strength, and pulls every score
//! toward 50%. Engine testers use books filtered by an engine's verdict instead; this
//! command writes one: random openings (the match runner's own, from the same seed), each
//! searched to a fixed depth, kept only when the score is within a margin of equality.

use super::variant_arg::VariantName;
use super::CliError;
use crate::arbiter::openings::random;
use crate::game::Variant;
use crate::record::GameRecord;
use crate::registry::{with_variant, VariantVisitor};
use crate::search::{self, Context, Limits, TranspositionTable};
use clap::Args;
use std::sync::atomic::AtomicBool;

#[derive(Args, Debug, Clone)]
pub struct OpeningsArgs {
    /// Variant
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// How many openings to write
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Random plies in each opening
    #[arg(long, default_value_t = 6)]
    pub plies: usize,
    /// Seed of the random plies
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Depth of the search that judges each opening
    #[arg(long, default_value_t = 8)]
    pub depth: i32,
    /// Keep an opening only if the search's score is within this many centipawns of 0
    #[arg(long, default_value_t = 60)]
    pub max_score: i32,
}

/// Random openings tried for each one wanted before giving up (a margin no opening meets).
const TRIES_PER_OPENING: usize = 50;

struct Openings(OpeningsArgs);

impl VariantVisitor for Openings {
    type Output = Result<(Vec<String>, usize), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let args = self.0;
        let tt = TranspositionTable::new(16);
        let limits = Limits {
            depth: Some(args.depth.clamp(1, 64)),
            ..Limits::default()
        };
        let mut kept = Vec::new();
        let mut tried = 0;
        while kept.len() < args.count && tried < args.count * TRIES_PER_OPENING {
            let opening = random::<G>(args.plies, args.seed, tried as u64);
            tried += 1;
            let mut record = GameRecord::new(G::startpos());
            for token in &opening.moves {
                record
                    .play_token(token)
                    .map_err(|e| CliError(format!("opening {tried}: {e}")))?;
            }
            tt.clear();
            let stop = AtomicBool::new(false);
            let history = record.hashes_before_current();
            let ctx = Context::new(&tt, &stop);
            let result = search::think(record.current(), &history, &limits, &[], ctx, |_| {});
            if result.score.abs() <= args.max_score {
                kept.push(format!("startpos moves {}", opening.moves.join(" ")));
            }
        }
        Ok((kept, tried))
    }
}

pub fn run(args: OpeningsArgs) -> Result<(), CliError> {
    if args.count == 0 || args.max_score < 0 {
        return Err(CliError(
            "--count must be at least 1 and --max-score at least 0".into(),
        ));
    }
    let header = format!(
        "# kaleido openings --variant {} --plies {} --seed {} --depth {} --max-score {}",
        args.variant, args.plies, args.seed, args.depth, args.max_score
    );
    let variant = args.variant.clone();
    let wanted = args.count;
    let (kept, tried) = with_variant(&variant, Openings(args))??;
    println!("{header}");
    println!("# {} kept of {tried} random openings", kept.len());
    for line in &kept {
        println!("{line}");
    }
    if kept.len() < wanted {
        eprintln!(
            "only {} of {wanted} openings met the margin in {tried} tries",
            kept.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::opening_files::read_lines;
    use crate::arbiter::openings::check;
    use crate::game::Game;
    use crate::variants::cylinder::Cylinder;

    #[test]
    fn lopsided_random_openings_are_dropped_and_kept_ones_are_level() {
        let args = OpeningsArgs {
            variant: "cylinder".into(),
            count: 6,
            plies: 6,
            seed: 1,
            depth: 4,
            max_score: 60,
        };
        let (kept, tried) = Openings(args.clone())
            .visit::<Cylinder>()
            .unwrap_or_default();
        assert_eq!(kept.len(), 6);
        // Some random cylinder openings hang material: they must have been left out.
        assert!(tried > kept.len(), "{tried} tried for {} kept", kept.len());
        let tt = TranspositionTable::new(1);
        for line in read_lines(&kept.join("\n")) {
            let opening = check::<Cylinder>(&line, None).unwrap_or_default();
            assert_eq!(opening.moves.len(), 6);
            let mut record = GameRecord::new(Cylinder::startpos());
            for token in &opening.moves {
                assert!(record.play_token(token).is_ok());
            }
            tt.clear();
            let limits = Limits {
                depth: Some(args.depth),
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let history = record.hashes_before_current();
            let ctx = Context::new(&tt, &stop);
            let score = search::think(record.current(), &history, &limits, &[], ctx, |_| {}).score;
            assert!(score.abs() <= args.max_score, "{score}");
        }
    }
}
