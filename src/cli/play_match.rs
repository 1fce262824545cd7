//! `kaleido match`: engine matches refereed by kaleido (src/arbiter, docs/match.md).

use super::engine_args::EngineWords;
use super::opening_args::OpeningArgs;
use super::variant_arg::VariantName;
use super::CliError;
use crate::arbiter::adjudication::{DrawRule, ResignRule};
use crate::arbiter::clock::TimeControl;
use crate::arbiter::config::{ConfigError, EngineConfig, EngineList};
use crate::arbiter::engine_words;
use crate::arbiter::openings::Shuffle;
use crate::arbiter::sprt::Sprt;
use crate::arbiter::tournament::Format;
use crate::arbiter::{run as run_match, MatchSettings, Shard};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Engines from the engines file, comma-separated (a name may repeat): two, or three for
    /// trichess, for a match; more for a tournament
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "engine",
        conflicts_with = "engine"
    )]
    pub engines: Vec<String>,
    #[command(flatten)]
    pub inline: EngineWords,
    /// How more engines than a game seats meet: round-robin (every group) or gauntlet (the
    /// first engine against every group of the others)
    #[arg(long, default_value = "round-robin", value_parser = Format::parse)]
    pub tournament: Format,
    /// Times the tournament's encounters are all played, each round from new openings
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Print the statistics (the standings in a tournament) every N finished games (0: only
    /// at the end)
    #[arg(long, default_value_t = 10)]
    pub rating_interval: usize,
    /// Variant to play
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// Games to play, per encounter and round in a tournament (rounded up so that each
    /// opening is played in every seating)
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control [MOVES/]BASE[+INC] in seconds (10+0.1, 1:30+1, 40/60, 40/60+0.6: BASE
    /// again every MOVES moves); engines with their own tc/st/movetime or a fixed
    /// depth/nodes in engines.ini play to that instead
    #[arg(long, conflicts_with = "st")]
    pub tc: Option<String>,
    /// A fixed time per move in seconds (0.5), held to like a clock: an answer later than
    /// that plus --time-margin loses on time
    #[arg(long)]
    pub st: Option<String>,
    /// Games played at once (one engine process per seat per game)
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    #[command(flatten)]
    pub opening: OpeningArgs,
    /// Start each game pair from a shuffled start drawn from --seed: chess960 (both sides
    /// alike) or double (each side its own arrangement); the games are played as Chess960.
    /// With --openings FILE the file's positions are played, as Chess960
    #[arg(long, value_name = "chess960|double", value_parser = Shuffle::parse)]
    pub shuffle: Option<Shuffle>,
    /// The same as --shuffle chess960
    #[arg(long, conflicts_with = "shuffle")]
    pub chess960: bool,
    /// Append every finished game to this PGN file
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Append the final position of every finished game to this file, one FEN a line
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Stop at a decision of the SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05
    #[arg(long, num_args = 1..=4)]
    pub sprt: Option<Vec<String>>,
    /// Seed of the random openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only the I-th of N disjoint slices of the match (same --games, openings and
    /// --seed in every shard); `kaleido merge` adds up the shards' PGN files
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// The engines file [default: $KALEIDO_ENGINES, else ./engines.ini, else
    /// kaleido/engines.ini in $XDG_CONFIG_HOME or ~/.config, else kaleido's built-in levels]
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Milliseconds an answer may come after the clock ran out before it loses on time
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Seconds an engine without a clock (fixed depth/nodes) may think before it forfeits
    #[arg(long, default_value_t = 60)]
    pub move_timeout: u64,
    /// Adjudicate a game drawn once each player has made this many moves (opening excluded)
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Adjudicate a draw when every engine's score stays within SCORE of level (centipawns;
    /// in trichess hundredths of a point from an equal share) for COUNT moves each in a row
    /// once NUMBER full moves are played; captures and pawn moves start the count over:
    /// movenumber=NUMBER movecount=COUNT score=SCORE
    #[arg(long, num_args = 1..=3)]
    pub draw: Option<Vec<String>>,
    /// Adjudicate a loss for an engine whose score is -SCORE or worse for COUNT of its moves
    /// in a row (with twosided=true only when its opponents' scores agree):
    /// movecount=COUNT score=SCORE [twosided=true]
    #[arg(long, num_args = 1..=3)]
    pub resign: Option<Vec<String>>,
    /// Go on with the match whose games --pgn holds (it was stopped, or killed): its games
    /// count as played and only the rest are played, so the whole equals one uninterrupted
    /// run. Give the same settings as the first run
    #[arg(long, requires = "pgn")]
    pub resume: bool,
    /// Play on when an engine crashes, fails to start or stalls: it loses that game and is
    /// started afresh for the next. Without it, such a game is the match's last
    #[arg(long)]
    pub recover: bool,
    /// Show every line sent to and from the engines, and their stderr, on stderr
    #[arg(long)]
    pub debug: bool,
    /// The PGN Event tag
    #[arg(long, default_value = "kaleido match")]
    pub event: String,
    /// The PGN Site tag
    #[arg(long, default_value = "?")]
    pub site: String,
    /// Milliseconds to wait before each game
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub wait: u64,
}

pub fn run(args: MatchArgs) -> Result<(), CliError> {
    let list = EngineList::find(args.config.as_deref(), &|name| std::env::var_os(name))?;
    let (engines, names) = seat_engines(&list, &args)?;
    if args.games == 0 {
        return Err(CliError("--games must be at least 1".into()));
    }
    if args.rounds == 0 {
        return Err(CliError("--rounds must be at least 1".into()));
    }
    let tc = match &args.st {
        Some(st) => Some(TimeControl::per_move(st)?),
        None => super::parse_given(args.tc.as_deref(), TimeControl::parse)?,
    };
    let openings = args.opening.source()?;
    let sprt = super::parse_given(args.sprt.as_deref(), Sprt::parse)?;
    let draw = super::parse_given(args.draw.as_deref(), DrawRule::parse)?;
    let resign = super::parse_given(args.resign.as_deref(), ResignRule::parse)?;
    let stop = Arc::new(AtomicBool::new(false));
    let on_signal = stop.clone();
    // First Ctrl-C: finish cleanly (running games abandoned, the PGN so far intact);
    // a second one leaves at once.
    let _ = ctrlc::set_handler(move || {
        if on_signal.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let summary = run_match(MatchSettings {
        variant: args.variant,
        engines,
        names,
        format: args.tournament,
        rounds: args.rounds,
        rating_interval: args.rating_interval,
        games: args.games,
        tc,
        concurrency: args.concurrency,
        openings,
        shuffle: args.shuffle.or(args.chess960.then_some(Shuffle::Chess960)),
        pgn: args.pgn,
        sprt,
        seed: args.seed,
        shard: args.shard,
        margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs(args.move_timeout.max(1)),
        max_moves: args.max_moves.filter(|&n| n > 0),
        draw,
        resign,
        resume: args.resume,
        recover: args.recover,
        debug: args.debug,
        quiet: false,
        event: args.event,
        site: args.site,
        epd: args.epd,
        wait: Duration::from_millis(args.wait),
        stop,
    })?;
    let _ = summary;
    Ok(())
}

/// The engines `--engines` names or `--engine` describes, `--each` applied to every one,
/// and their display names: distinct, a repeated name getting `#2`, `#3`.
fn seat_engines(
    list: &EngineList,
    args: &MatchArgs,
) -> Result<(Vec<EngineConfig>, Vec<String>), CliError> {
    let each =
        engine_words::pairs(&args.inline.each).map_err(|e| CliError(format!("--each: {e}")))?;
    let here = Path::new(".");
    let mut engines = Vec::new();
    if args.inline.engine.is_empty() {
        for name in &args.engines {
            let named = vec![("conf".to_string(), name.trim().to_string())];
            engines.push(engine_words::engine(list, &named, &each, here)?);
        }
    }
    for (i, words) in args.inline.engine.iter().enumerate() {
        let context = |e: ConfigError| CliError(format!("--engine #{}: {e}", i + 1));
        let pairs = engine_words::pairs(words).map_err(context)?;
        engines.push(engine_words::engine(list, &pairs, &each, here).map_err(context)?);
    }
    let mut names: Vec<String> = Vec::new();
    for engine in &engines {
        let repeats = engines[..names.len()]
            .iter()
            .filter(|e| e.name == engine.name)
            .count();
        names.push(if repeats == 0 {
            engine.name.clone()
        } else {
            format!("{}#{}", engine.name, repeats + 1)
        });
    }
    Ok((engines, names))
}
