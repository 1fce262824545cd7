//! `kaleido perft`: the output follows Stockfish's `go perft` so the two can be diffed.

use super::variant_arg::VariantName;
use super::CliError;
use crate::game::Game;
use crate::perft::{divide, perft};
use crate::record::GameRecord;
use crate::registry::{with_variant, VariantVisitor};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// More threads than this only costs memory: perft shares out root moves, of which there are a
/// few hundred at most.
const MAX_THREADS: usize = 256;

#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Plies to count
    pub depth: u32,
    /// Variant to play
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// Position to start from (default: the variant's start position)
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, in the variant's notation, separated by spaces
    #[arg(long)]
    pub moves: Option<String>,
    /// Print the count below each root move
    #[arg(long)]
    pub divide: bool,
    /// Threads to share the root moves over
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(CliError(format!(
            "--threads must be from 1 to {MAX_THREADS}"
        )));
    }
    with_variant(&args.variant.clone(), PerftCommand(args))?
}

struct PerftCommand(PerftArgs);

impl VariantVisitor for PerftCommand {
    type Output = Result<(), CliError>;

    fn visit<G: Game>(self) -> Self::Output {
        let args = self.0;
        let start = match &args.fen {
            Some(fen) => G::from_fen(fen)?,
            None => G::startpos(),
        };
        let mut record = GameRecord::new(start);
        for (i, token) in args
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .enumerate()
        {
            record
                .play_token(token)
                .map_err(|e| CliError(format!("--moves, move {}: {e}", i + 1)))?;
        }
        let pos = record.current();
        let timer = Instant::now();
        let nodes = if args.divide || args.threads > 1 {
            let counts = divide(pos, args.depth.max(1), args.threads);
            let total = if args.depth == 0 {
                1
            } else {
                counts.iter().map(|c| c.1).sum()
            };
            if args.divide && args.depth > 0 {
                let mut lines: Vec<(String, u64)> = counts
                    .iter()
                    .map(|&(mv, n)| (pos.format_move(mv), n))
                    .collect();
                lines.sort();
                let mut out = std::io::stdout().lock();
                for (mv, n) in lines {
                    let _ = writeln!(out, "{mv}: {n}");
                }
                let _ = writeln!(out);
            }
            total
        } else {
            perft(pos, args.depth)
        };
        let elapsed = timer.elapsed();
        println!("Nodes searched: {nodes}");
        let secs = elapsed.as_secs_f64();
        eprintln!(
            "time {:.3} s, {:.1} M nodes/s",
            secs,
            if secs > 0.0 {
                nodes as f64 / secs / 1e6
            } else {
                0.0
            }
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::cli::Cli;
    use clap::CommandFactory;

    /// The --variant help lists the variants by hand: it must name every registered one.
    #[test]
    fn variant_help_names_every_variant() {
        let mut cmd = Cli::command();
        let Some(perft) = cmd.find_subcommand_mut("perft") else {
            panic!("the command line has no perft subcommand");
        };
        let help = perft.render_long_help().to_string();
        for name in crate::registry::VARIANT_NAMES {
            assert!(help.contains(name), "--variant help does not name {name}");
        }
    }
}
