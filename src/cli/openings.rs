//! `kaleido openings`: a file of balanced openings for `kaleido match --openings`.
//!
//! Random plies from the start position often hang a piece, above all on the cylinder, where
//! a queen is attacked round the back of the board. A game pair from such an opening is one
//! sure win for each colour's side, whatever the engines' strength, and pulls every score
//! toward 50%. Engine testers use books filtered by an engine's verdict instead; this
//! command writes one: random openings (the match runner's own, from the same seed), each
//! searched to a fixed depth, kept only when the score is within a margin of equality. With
//! `--shuffle` each opening begins from a shuffled start (drawn from the seed and the
//! opening's number) and is written `FEN moves ...`, which `kaleido match --openings` plays as
//! Chess960 wherever the castling rooks stand off their classical squares.

use super::variant_arg::VariantName;
use super::CliError;
use crate::arbiter::openings::{seeded, Shuffle};
use crate::datagen::openings;
use crate::game::Variant;
use crate::registry::{with_variant, VariantVisitor};
use crate::search::TranspositionTable;
use clap::Args;

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
    /// Begin each opening from a shuffled start: chess960 (both sides alike) or double (each
    /// side its own arrangement), drawn from --seed
    #[arg(long, value_name = "chess960|double", value_parser = Shuffle::parse)]
    pub shuffle: Option<Shuffle>,
}

/// Random openings tried for each one wanted before giving up (a margin no opening meets).
const TRIES_PER_OPENING: usize = 50;

struct Openings(OpeningsArgs);

impl VariantVisitor for Openings {
    type Output = Result<(Vec<String>, usize), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let args = self.0;
        if let Some(shuffle) = args.shuffle {
            shuffle.check::<G>()?;
        }
        let tt = TranspositionTable::new(16);
        let mut kept = Vec::new();
        let mut tried = 0;
        while kept.len() < args.count && tried < args.count * TRIES_PER_OPENING {
            let opening = seeded::<G>(args.shuffle, args.plies, args.seed, tried as u64)
                .ok_or_else(|| CliError(format!("{} has no shuffled starts", G::NAME)))?;
            tried += 1;
            let record = openings::play::<G>(&opening)
                .map_err(|e| CliError(format!("opening {tried}: {e}")))?;
            if openings::judge(&record, args.depth, &tt).abs() <= args.max_score {
                let start = opening.fen.as_deref().unwrap_or("startpos");
                kept.push(format!("{start} moves {}", opening.moves.join(" ")));
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
    let shuffle = args
        .shuffle
        .map_or(String::new(), |s| format!(" --shuffle {s}"));
    let header = format!(
        "# kaleido openings --variant {} --plies {} --seed {} --depth {} --max-score {}{shuffle}",
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
    use crate::record::GameRecord;
    use crate::search::{self, Context, Limits};
    use crate::variants::cylinder::Cylinder;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn lopsided_random_openings_are_dropped_and_kept_ones_are_level() {
        let args = OpeningsArgs {
            variant: "cylinder".into(),
            count: 6,
            plies: 6,
            seed: 1,
            depth: 4,
            max_score: 60,
            shuffle: None,
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
            let score =
                search::think(record.current(), &history, &limits, &[], ctx, &mut |_| {}).score;
            assert!(score.abs() <= args.max_score, "{score}");
        }
    }

    #[test]
    fn shuffled_openings_carry_their_start_and_are_refused_where_there_is_none() {
        use crate::variants::chess::Chess;
        use crate::variants::gigachess::Gigachess;
        let args = OpeningsArgs {
            variant: "chess".into(),
            count: 3,
            plies: 2,
            seed: 5,
            depth: 2,
            max_score: 10_000,
            shuffle: Some(Shuffle::Chess960),
        };
        let (kept, _) = Openings(args.clone()).visit::<Chess>().unwrap_or_default();
        assert_eq!(kept.len(), 3);
        for line in read_lines(&kept.join("\n")) {
            let fen = line.fen.clone().unwrap_or_default();
            assert_ne!(fen, Chess::startpos().fen());
            let opening = check::<Chess>(&line, None).unwrap_or_default();
            assert_eq!(opening.moves.len(), 2, "{fen}");
        }
        let e = Openings(args).visit::<Gigachess>().err().map(|e| e.0);
        assert!(
            e.as_deref()
                .unwrap_or("")
                .contains("gigachess has no shuffled starts"),
            "{e:?}"
        );
    }
}
