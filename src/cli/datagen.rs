//! `kaleido datagen`: self-play positions with the search's scores and the games' results, the
//! training data of the evaluation networks (src/datagen/ plays the games and defines the file
//! format). Appends to its output file, counting what is already there, so that a stopped run
//! resumes with the same command.

use super::variant_arg::VariantName;
use super::CliError;
use crate::arbiter::openings::Shuffle;
use crate::datagen::format::{self, Contents};
use crate::datagen::openings::OpeningCheck;
use crate::datagen::{generate_from, Progress, Settings, Shard};
use crate::game::{Game, Variant};
use crate::nnue::{self, EvalChoice};
use crate::registry::{with_variant, VariantVisitor};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, IsTerminal, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// Variant
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// Search nodes per move (the hard cap when --soft-nodes is given)
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Start no iteration of a move's search past this many nodes: each score comes from a
    /// whole iteration, and --nodes caps the last one
    #[arg(long)]
    pub soft_nodes: Option<u64>,
    /// End a two-player game once its result is clear: a win when the search scores 2,000 cp
    /// or more for one side 4 plies in a row, a draw from ply 80 on when it scores within
    /// 10 cp of level 12 plies in a row
    #[arg(long)]
    pub adjudicate: bool,
    /// Positions the file should hold at the end (those already in it count)
    #[arg(long)]
    pub positions: u64,
    /// Games played at once, one search thread each
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The file to write, or to append to if it holds this variant's data
    #[arg(long)]
    pub out: PathBuf,
    /// Seed of the random openings: a seed gives the same file whatever the thread count
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies that open each game
    #[arg(long, default_value_t = 8)]
    pub opening_plies: usize,
    /// Judge each game's random opening by a search to this depth, and draw another (up to
    /// 20 for a game) until it scores within --opening-max-score of level
    #[arg(long)]
    pub opening_depth: Option<i32>,
    /// With --opening-depth: the most centipawns from level an opening may score
    #[arg(long, default_value_t = 300)]
    pub opening_max_score: i32,
    /// Start each game from a shuffled start drawn from --seed and the game's number:
    /// chess960 (both sides alike) or double (each side its own arrangement)
    #[arg(long, value_name = "chess960|double", value_parser = Shuffle::parse)]
    pub shuffle: Option<Shuffle>,
    /// Plies after which a game still going is scored a draw
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Each thread's transposition table, in MiB
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// The network to play and score with (<embedded>: the variant's built-in network, where
    /// it has one)
    #[arg(long, default_value = crate::nnue::EMBEDDED)]
    pub eval_file: String,
    /// Play and score with the hand-written evaluation
    #[arg(long)]
    pub hand_written: bool,
    /// Play shard I of N of the run (I from 0): every N-th game of the seed's sequence from
    /// game I, for `kaleido merge-data` to merge with the others (docs/nnue.md)
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
}

struct Datagen(DatagenArgs);

impl VariantVisitor for Datagen {
    type Output = Result<(), CliError>;

    fn visit<G: Variant>(self) -> Self::Output {
        let args = self.0;
        if let Some(shuffle) = args.shuffle {
            shuffle.check::<G>()?;
        }
        let choice = EvalChoice::from_options(!args.hand_written, &args.eval_file);
        let network = nnue::load::<G>(&choice).map_err(CliError)?;
        let evaluation = nnue::describe(network.as_deref(), &choice);
        let settings = Settings {
            network,
            nodes: args.nodes,
            positions: args.positions,
            threads: args.threads,
            seed: args.seed,
            opening_plies: args.opening_plies,
            max_plies: args.max_plies,
            hash_mib: args.hash,
            shard: args.shard.unwrap_or(Shard::WHOLE),
            adjudicate: args.adjudicate,
            opening_check: args.opening_depth.map(|depth| OpeningCheck {
                depth,
                max_score: args.opening_max_score,
            }),
            soft_nodes: args.soft_nodes,
        };
        let run = settings.run(G::NAME, args.shuffle);
        let name = args.out.display().to_string();
        let mut file =
            open_for_append::<G>(&args, &run).map_err(|e| CliError(format!("{name}: {e}")))?;
        let contents = file.contents;
        eprintln!("{evaluation}");
        if contents.games > 0 {
            eprintln!(
                "{name} holds {} positions from {} games; resuming at game {}",
                contents.positions, contents.games, contents.games
            );
        }
        let start = Progress {
            games: contents.games,
            positions: contents.positions,
        };
        let bar = progress_bar(args.positions, start.positions);
        let began = Instant::now();
        // A run logged to a file (nohup, a batch job) draws no bar; a line now and then
        // tells how far it has come.
        let mut log_lines = (!std::io::stderr().is_terminal()).then(|| Every::new(LOG_EVERY));
        let done = generate_from::<G>(
            &settings,
            args.shuffle,
            start,
            |block| {
                format::append(&mut file.file, block, G::PLAYERS)?;
                file.file.flush()?;
                Ok(())
            },
            |now| {
                let rate = (now.positions - start.positions) as f64
                    / began.elapsed().as_secs_f64().max(1e-3);
                bar.set_position(now.positions);
                bar.set_message(format!("{rate:.0} positions/s, {} games", now.games));
                if log_lines
                    .as_mut()
                    .is_some_and(|every| every.due(Instant::now()))
                {
                    eprintln!(
                        "{name}: {} positions from {} games ({rate:.0} positions/s)",
                        now.positions, now.games
                    );
                }
            },
        )
        .map_err(|e| CliError(format!("{name}: {e}")))?;
        bar.finish_and_clear();
        let seconds = began.elapsed().as_secs_f64();
        let new = done.positions - start.positions;
        eprintln!(
            "{name}: {} positions from {} games ({new} new in {seconds:.1} s, {:.0} positions/s)",
            done.positions,
            done.games,
            new as f64 / seconds.max(1e-3)
        );
        Ok(())
    }
}

/// The output file, positioned after its last whole game (a new file gets its header first).
struct Output {
    file: File,
    contents: Contents,
}

fn open_for_append<G: Game>(args: &DatagenArgs, run: &str) -> Result<Output, format::FormatError> {
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&args.out)?;
    let contents = if file.metadata()?.len() == 0 {
        file.write_all(&format::header(G::NAME, G::PLAYERS, run))?;
        Contents {
            whole_bytes: file.stream_position()?,
            ..Contents::default()
        }
    } else {
        format::scan(&mut BufReader::new(&mut file), G::NAME, G::PLAYERS, run)?
    };
    // Drops a game cut short by a run that was stopped while writing it.
    file.set_len(contents.whole_bytes)?;
    file.seek(SeekFrom::Start(contents.whole_bytes))?;
    Ok(Output { file, contents })
}

/// How often a run whose stderr is not a terminal logs its progress.
const LOG_EVERY: Duration = Duration::from_secs(300);

/// Says yes once a period: at the first call after each period has passed.
struct Every {
    period: Duration,
    last: Instant,
}

impl Every {
    fn new(period: Duration) -> Self {
        Every {
            period,
            last: Instant::now(),
        }
    }

    fn due(&mut self, now: Instant) -> bool {
        if now.saturating_duration_since(self.last) < self.period {
            return false;
        }
        self.last = now;
        true
    }
}

/// Positions in the file of all wanted; drawn only when stderr is a terminal.
fn progress_bar(total: u64, done: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} positions  {msg}  eta {eta}")
    {
        bar.set_style(style.progress_chars("#>-"));
    }
    bar.set_position(done);
    bar
}

pub fn run(args: DatagenArgs) -> Result<(), CliError> {
    if args.nodes == 0 || args.threads == 0 {
        return Err(CliError("--nodes and --threads must be at least 1".into()));
    }
    if args.opening_depth.is_some_and(|d| !(1..=64).contains(&d)) || args.opening_max_score < 0 {
        return Err(CliError(
            "--opening-depth must be 1 to 64 and --opening-max-score at least 0".into(),
        ));
    }
    if args
        .soft_nodes
        .is_some_and(|soft| soft == 0 || soft > args.nodes)
    {
        return Err(CliError(
            "--soft-nodes must be at least 1 and at most --nodes (the hard cap)".into(),
        ));
    }
    let variant = args.variant.clone();
    with_variant(&variant, Datagen(args))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_progress_line_is_due_once_a_period() {
        let period = Duration::from_secs(300);
        let mut every = Every::new(period);
        let start = every.last;
        assert!(!every.due(start + Duration::from_secs(299)));
        assert!(every.due(start + period));
        // The next period counts from the line just logged, not from the start.
        assert!(!every.due(start + Duration::from_secs(599)));
        assert!(every.due(start + Duration::from_secs(600)));
        assert!(!every.due(start + Duration::from_secs(601)));
    }
}
