//! `kaleido match`: kaleido as arbiter of engine matches in every variant. No tournament
//! manager knows these rules, so kaleido referees itself: engines.ini (config.rs) names the
//! engines; each game (game.rs) starts one process per seat (process.rs) and speaks its
//! protocol (engine.rs, uci_client.rs, xboard_client.rs, tri_client.rs) under the arbiter's
//! clocks (clock.rs), reading their moves in tokens or SAN (notation.rs), from seeded or listed
//! openings (openings.rs; shuffled starts there too, played as Chess960), in encounters that tournament.rs draws up and schedule.rs orders; games are written to PGN as they finish (pgn.rs) and tallied as
//! cutechess-cli does (crate::stats, sprt.rs). A stopped match is continued from its own PGN
//! file (resume.rs).
//!
//! Games run on a pool of `concurrency` threads; all printing happens on the calling thread,
//! which hears of games through a channel, so output lines never interleave.

pub mod adjudication;
pub mod clock;
pub mod config;
pub mod engine;
pub mod engine_words;
pub mod error;
pub mod game;
mod knockout;
pub mod launch;
pub mod merge;
pub mod notation;
pub mod opening_files;
pub mod openings;
pub mod pgn;
pub mod polyglot;
mod polyglot_keys;
mod process;
mod progress;
mod report;
mod resume;
mod schedule;
pub mod sprt;
mod tally;
pub mod tournament;
pub mod tri_client;
pub mod uci_client;
mod words;
pub mod xboard_client;

use crate::game::Game;
use crate::registry::{with_variant, VariantVisitor};
use crate::stats::Score;
use clock::TimeControl;
use config::EngineConfig;
use error::MatchError;
use game::{GameEnd, GameSpec};
use opening_files::OpeningOrder;
use openings::OpeningLine;
use polyglot::PolyglotBook;
use report::Reporter;
use schedule::Schedule;
use sprt::Sprt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;
use tournament::Format;

pub use schedule::{seatings, Shard};

/// Where openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Every game from the variant's start position.
    Start,
    /// The openings of a file, in the order asked for, starting over at the end.
    File {
        openings: Vec<OpeningLine>,
        order: OpeningOrder,
        /// The first opening played, counted from 1.
        start: usize,
        /// Book moves kept at most.
        plies: Option<usize>,
    },
    /// Walks through a polyglot book of at most this many plies, drawn from the seed and the
    /// opening's number.
    Book { book: PolyglotBook, plies: usize },
    /// This many random plies, drawn from the seed and the opening's number.
    Random(usize),
}

/// A match as `kaleido match` describes it.
#[derive(Clone)]
pub struct MatchSettings {
    pub variant: String,
    /// One entry per participant, in `--engines` order (a name may repeat).
    pub engines: Vec<EngineConfig>,
    /// How the engines meet when there are more than a game seats.
    pub format: Format,
    /// Times the whole schedule of encounters is played, each round from openings of its own.
    pub rounds: usize,
    /// Finished games between two printings of the statistics or standings; 0 prints them
    /// only at the end.
    pub rating_interval: usize,
    /// Display names, distinct (a repeated engine gets `#2`, `#3`).
    pub names: Vec<String>,
    /// Games per encounter per round.
    pub games: usize,
    /// The control of every engine that has none of its own in engines.ini.
    pub tc: Option<TimeControl>,
    pub concurrency: usize,
    pub openings: OpeningSource,
    /// Shuffled starts (`--shuffle`, `--chess960`): each opening begins from one, drawn from
    /// the seed and the opening's number, under its random plies or book walk; with an
    /// openings file the file's positions are played as they are. Every game is then played
    /// as Chess960.
    pub shuffle: Option<openings::Shuffle>,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub seed: u64,
    /// Play only this slice of the match's games.
    pub shard: Option<Shard>,
    /// How far past zero a clock may go before the flag falls.
    pub margin: Duration,
    /// The hang limit for engines playing without a clock.
    pub move_timeout: Duration,
    /// Adjudicate a draw after this many moves by each player.
    pub max_moves: Option<u32>,
    /// Adjudicate by the engines' scores (off when None).
    pub draw: Option<adjudication::DrawRule>,
    pub resign: Option<adjudication::ResignRule>,
    /// Count the games the PGN file already holds as played, and play only the others.
    pub resume: bool,
    /// Play on when an engine crashes, fails to start or stalls: it loses that game and is
    /// started again for the next (cutechess's `-recover`). Without it the match stops there.
    pub recover: bool,
    /// Engine traffic and stderr on our stderr.
    pub debug: bool,
    /// Print nothing (no game lines, statistics or progress bar): a caller that plays many
    /// short matches (the tuner) reports on them itself.
    pub quiet: bool,
    pub event: String,
    /// The PGN Site tag.
    pub site: String,
    /// Append each game's final position, as an EPD line, to this file (cutechess's
    /// `-epdout`).
    pub epd: Option<PathBuf>,
    /// A pause before each game (cutechess's `-wait`), for engines that need a moment to
    /// free what the last game held.
    pub wait: Duration,
    /// Set by Ctrl-C (or a test) to stop the match; games in progress are abandoned.
    pub stop: Arc<AtomicBool>,
}

/// What a match produced.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub played: usize,
    pub aborted: usize,
    /// Two-player matches: the first engine's score against the second.
    pub score: Score,
    /// Every engine's points.
    pub points: Vec<f64>,
    pub interrupted: bool,
    pub sprt: Option<String>,
    /// Games lost on time.
    pub time_forfeits: usize,
}

/// Runs a match and prints its progress on stdout in cutechess-cli's words.
pub fn run(settings: MatchSettings) -> Result<MatchSummary, MatchError> {
    let variant = settings.variant.clone();
    with_variant(&variant, Runner(settings))?
}

struct Runner(MatchSettings);

/// What a game thread tells the calling thread.
enum Event {
    Started(usize, Vec<String>),
    Finished(usize, GameEnd),
}

impl VariantVisitor for Runner {
    type Output = Result<MatchSummary, MatchError>;

    fn visit<G: Game>(self) -> Result<MatchSummary, MatchError> {
        let s = self.0;
        if s.format == Format::Knockout {
            return knockout::run::<G>(&s);
        }
        let schedule = Schedule::<G>::new(&s)?;
        let resumed = match (&s.pgn, s.resume) {
            (Some(path), true) => Some(resume::read_back(path, &schedule, &s.names)?),
            _ => None,
        };
        let mut reporter = Reporter::new::<G>(&s, schedule.total, schedule.games.len())?;
        if let Some(shard) = s.shard {
            reporter.say(&format!(
                "Shard {}/{}: games {} to {} of {}",
                shard.index,
                shard.count,
                schedule.games.start + 1,
                schedule.games.end,
                schedule.total
            ));
        }
        let encounters = schedule.encounters.len();
        if encounters > 1 {
            reporter.say(&format!(
                "Tournament: {} of {} engines, {} encounters, {} round{}, {} games",
                s.format,
                s.engines.len(),
                encounters,
                s.rounds,
                if s.rounds == 1 { "" } else { "s" },
                schedule.total
            ));
        }
        let asked = s.games * encounters * s.rounds;
        if schedule.total != asked {
            reporter.say(&format!(
                "Note: {} games rounded up to {} so that every opening is played in all {} seatings",
                asked,
                schedule.total,
                schedule.seatings.len()
            ));
        }
        let mut todo: Vec<usize> = schedule.games.clone().collect();
        if let Some(resumed) = &resumed {
            todo.retain(|g| !resumed.games.iter().any(|r| r.game == *g));
            reporter.resumed(resumed, &schedule);
        }
        play_all(&s, &schedule, &todo, &mut reporter);
        reporter.finish()
    }
}

/// A finished game: its seating (the engine in each seat) and each seat's points.
pub(crate) struct Played {
    pub seating: Vec<usize>,
    pub points: Vec<f64>,
}

/// Plays the games of `todo` on `--concurrency` threads, telling `reporter` of each start
/// and end as it comes; returns the games that were played to an end.
fn play_all<G: Game>(
    s: &MatchSettings,
    schedule: &Schedule<G>,
    todo: &[usize],
    reporter: &mut Reporter,
) -> Vec<Played> {
    let mut played = Vec::new();
    let (tx, rx) = mpsc::channel::<Event>();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..s.concurrency.clamp(1, 256) {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || play_games(s, schedule, todo, next, &tx));
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Started(g, names) => reporter.started(g, &names),
                Event::Finished(g, end) => {
                    let seating = schedule.seating(g);
                    if let GameEnd::Played(report) = &end {
                        played.push(Played {
                            seating: seating.clone(),
                            points: report.points.clone(),
                        });
                    }
                    reporter.finished(g, end, &seating);
                }
            }
        }
    });
    played
}

/// One game thread: plays the next game of `todo` (the schedule's games this run still has
/// to play, in order) until none is left or the match is stopped, and tells the calling
/// thread of each start and end.
fn play_games<G: Game>(
    s: &MatchSettings,
    schedule: &Schedule<G>,
    todo: &[usize],
    next: &AtomicUsize,
    tx: &mpsc::Sender<Event>,
) {
    loop {
        if s.stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(&g) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let seating = schedule.seating(g);
        let names: Vec<String> = seating.iter().map(|&i| s.names[i].clone()).collect();
        if tx.send(Event::Started(g, names.clone())).is_err() {
            return;
        }
        if !s.wait.is_zero() {
            std::thread::sleep(s.wait);
        }
        let opening = schedule.opening(g);
        let spec = GameSpec {
            number: g + 1,
            seats: seating.iter().map(|&i| &s.engines[i]).collect(),
            names,
            opening: &opening,
            chess960: schedule.chess960(&opening),
            controls: seating
                .iter()
                .map(|&i| s.engines[i].control_in(s.tc))
                .collect(),
            margin: s.margin,
            move_timeout: s.move_timeout,
            max_moves: s.max_moves,
            draw: s.draw,
            resign: s.resign,
            debug: s.debug,
            stop: s.stop.clone(),
        };
        let end = game::play::<G>(&spec);
        if tx.send(Event::Finished(g, end)).is_err() {
            return;
        }
    }
}
