//! `kaleido tune`: SPSA tuning of the search's parameters by game pairs (src/tune,
//! docs/strength.md's "Tuning").

use super::engine_args::EngineWords;
use super::opening_args::OpeningArgs;
use super::variant_arg::VariantName;
use super::CliError;
use crate::arbiter::clock::TimeControl;
use crate::arbiter::config::EngineList;
use crate::arbiter::engine_words;
use crate::arbiter::tournament::Format;
use crate::arbiter::MatchSettings;
use crate::tune::spsa::Schedule;
use crate::tune::{self, param_file, TuneSettings};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    #[command(flatten)]
    pub inline: EngineWords,
    /// Variant to play
    #[arg(long, default_value = "chess", value_parser = VariantName)]
    pub variant: String,
    /// Time control [MOVES/]BASE[+INC] in seconds (2+0.02)
    #[arg(long)]
    pub tc: Option<String>,
    /// Game pairs in the whole run (SPSA's iterations: the schedule shrinks its steps to
    /// their end values at the last)
    #[arg(long, default_value_t = 1000)]
    pub iterations: u64,
    /// Game pairs played between two updates
    #[arg(long, default_value_t = 1)]
    pub pairs: u64,
    /// The parameters to tune, one a line in OpenBench's words (NAME, int, VALUE, MIN, MAX,
    /// C_END, R_END) [default: every tunable of the search, as --print-params writes them]
    #[arg(long, value_name = "FILE")]
    pub params: Option<PathBuf>,
    /// Print the parameters (the --params file, or every tunable) in OpenBench's words and
    /// leave
    #[arg(long)]
    pub print_params: bool,
    /// The run's state: continued if the file holds the same run, written after every step
    #[arg(long, default_value = "kaleido-tune.json")]
    pub state: PathBuf,
    /// Print the parameters every N steps (0: only at the end)
    #[arg(long, default_value_t = 25)]
    pub report_interval: u64,
    /// Games played at once
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    // Each step opens its pairs with the openings after the last step's.
    #[command(flatten)]
    pub opening: OpeningArgs,
    /// Seed of the perturbations and the random openings
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// SPSA's step decay
    #[arg(long, default_value_t = 0.602)]
    pub alpha: f64,
    /// SPSA's perturbation decay
    #[arg(long, default_value_t = 0.101)]
    pub gamma: f64,
    /// SPSA's stability constant A, as a share of --iterations
    #[arg(long, default_value_t = 0.1)]
    pub a_ratio: f64,
    /// The engines file (for conf=NAME in --engine)
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Milliseconds an answer may come after the clock ran out before it loses on time
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Adjudicate a game drawn once each player has made this many moves
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Append every game to this PGN file
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Show every line sent to and from the engines on stderr
    #[arg(long)]
    pub debug: bool,
}

pub fn run(args: TuneArgs) -> Result<(), CliError> {
    let params = match &args.params {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
            param_file::read(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))?
        }
        None => param_file::all_tunables(),
    };
    if args.print_params {
        for p in &params {
            say(&param_file::line(p));
        }
        return Ok(());
    }
    let [words] = &args.inline.engine[..] else {
        return Err(CliError(
            "tune needs one engine: --engine cmd=PATH (a build with --features tuning)".into(),
        ));
    };
    let list = EngineList::find(args.config.as_deref(), &|name| std::env::var_os(name))?;
    let each =
        engine_words::pairs(&args.inline.each).map_err(|e| CliError(format!("--each: {e}")))?;
    let pairs = engine_words::pairs(words).map_err(|e| CliError(format!("--engine: {e}")))?;
    let engine = engine_words::engine(&list, &pairs, &each, Path::new("."))
        .map_err(|e| CliError(format!("--engine: {e}")))?;
    if args.iterations == 0 || args.pairs == 0 {
        return Err(CliError(
            "--iterations and --pairs must be at least 1".into(),
        ));
    }
    let schedule = Schedule {
        iterations: args.iterations,
        alpha: args.alpha,
        gamma: args.gamma,
        a_ratio: args.a_ratio,
    };
    let sound = |x: f64| x.is_finite() && x >= 0.0;
    if !(sound(schedule.alpha) && sound(schedule.gamma) && sound(schedule.a_ratio)) {
        return Err(CliError(
            "--alpha, --gamma and --a-ratio must be numbers of 0 or more".into(),
        ));
    }
    let Some(tc) = super::parse_given(args.tc.as_deref(), TimeControl::parse)? else {
        return Err(CliError(
            "tune needs a time control: --tc BASE+INC (2+0.02)".into(),
        ));
    };
    let openings = args.opening.source()?;
    let stop = Arc::new(AtomicBool::new(false));
    let on_signal = stop.clone();
    // First Ctrl-C: the step under way is dropped and the state file keeps the rest; a
    // second one leaves at once.
    let _ = ctrlc::set_handler(move || {
        if on_signal.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let template = MatchSettings {
        variant: args.variant.clone(),
        engines: Vec::new(),
        names: Vec::new(),
        format: Format::RoundRobin,
        rounds: 1,
        rating_interval: 0,
        games: 2,
        tc: Some(tc),
        concurrency: args.concurrency,
        openings,
        shuffle: None,
        pgn: args.pgn,
        sprt: None,
        seed: args.seed,
        shard: None,
        margin: Duration::from_millis(args.time_margin),
        move_timeout: Duration::from_secs(60),
        max_moves: args.max_moves.filter(|&n| n > 0),
        draw: None,
        resign: None,
        resume: false,
        recover: true,
        debug: args.debug,
        quiet: true,
        event: "kaleido tune".into(),
        site: "?".into(),
        epd: None,
        wait: Duration::ZERO,
        stop,
    };
    let settings = TuneSettings {
        template,
        engine,
        params,
        schedule,
        pairs_per_step: args.pairs,
        seed: args.seed,
        state: args.state,
        report_every: args.report_interval,
    };
    let state = tune::run(&settings, &mut say)?;
    say(&format!(
        "{} pairs played, {} games lost on time; the parameters now:",
        state.done, state.time_forfeits
    ));
    for line in tune::table(&state) {
        say(&line);
    }
    say("In OpenBench's words:");
    for p in &state.params {
        say(&param_file::line(p));
    }
    Ok(())
}

/// A line on stdout. A reader that went away is no reason to stop a run whose state file
/// is the record (and SIGPIPE stays ignored here: the engines' pipes need it so).
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}
