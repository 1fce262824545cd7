//! What every protocol loop shares: the game behind a lock, the transposition table, the options
//! every GUI sets (Hash, Threads, Move Overhead, TriSearch, the strength level; ranges in
//! options.rs), and the search
//! thread that answers while commands are still read. UCI and the tri dialect are thin dialects
//! over `EngineCore`: they parse their commands and write their lines, and leave the rest here.
//! XBoard keeps its session, table and options here too, but runs its own search thread: its
//! engine keeps the game, plays its move itself and ponders after it.

use super::error::{CommandError, NetworkRefused, PositionError};
use super::input::{drive, Commands};
use super::options::{self, OptionError};
use super::output::Output;
use super::session::{new_session, RootMoveReport, Session};
use crate::nnue::{self, EvalChoice};
use crate::search::level::{fresh_seed, Level, StrengthOptions};
use crate::search::multi::Algorithm;
use crate::search::{Context, TranspositionTable, ROOT_MOVES_AFTER};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// The `info` line UCI and tri send for a root move the search starts on, as Stockfish writes
/// it: `info depth D currmove M currmovenumber N`.
pub fn currmove_line(root: &RootMoveReport) -> String {
    format!(
        "info depth {} currmove {} currmovenumber {}",
        root.depth, root.token, root.number
    )
}

/// Locks a session. A search thread that panicked leaves the lock poisoned; the session is
/// still whole.
pub fn lock(session: &Mutex<Box<dyn Session>>) -> MutexGuard<'_, Box<dyn Session>> {
    session.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a search thread works with, cloned from the engine when it starts.
pub struct SearchJob {
    pub out: Output,
    tt: Arc<TranspositionTable>,
    threads: usize,
    stop: Arc<AtomicBool>,
    algorithm: Algorithm,
    level: Option<Level>,
}

impl SearchJob {
    /// What the search runs with.
    pub fn context(&self) -> Context<'_> {
        Context {
            tt: &self.tt,
            threads: self.threads,
            stop: &self.stop,
            algorithm: self.algorithm,
            // The session adds its network (`Session::think`).
            network: None,
            level: self.level,
            root_moves_after: ROOT_MOVES_AFTER,
        }
    }
}

pub struct EngineCore {
    pub out: Output,
    session: Arc<Mutex<Box<dyn Session>>>,
    /// The session's variant, kept here because a running search holds the session's lock.
    variant: &'static str,
    tt: Arc<TranspositionTable>,
    pub threads: usize,
    pub overhead: Duration,
    /// The search algorithm of games of more than two players, kept across variant changes.
    pub algorithm: Algorithm,
    /// `Use NNUE` and `EvalFile`, kept across variant changes.
    use_network: bool,
    eval_file: String,
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill Level`.
    strength: StrengthOptions,
    /// `UCI_AnalyseMode`: full strength whatever the level.
    analysing: bool,
    /// The seed of a level's random choices, new with every engine so that games differ.
    seed: u64,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// The running search has no limit of its own (`go infinite`, `go ponder`, a bare `go`).
    open_ended: bool,
}

impl EngineCore {
    pub fn new(out: Output, session: Box<dyn Session>, overhead: Duration) -> EngineCore {
        EngineCore {
            out,
            variant: session.variant(),
            session: Arc::new(Mutex::new(session)),
            tt: Arc::new(TranspositionTable::new(options::HASH.default)),
            threads: options::THREADS.default,
            overhead,
            algorithm: Algorithm::DEFAULT,
            use_network: true,
            eval_file: nnue::EMBEDDED.to_string(),
            strength: StrengthOptions::default(),
            analysing: options::ANALYSE_MODE.default,
            seed: fresh_seed(),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            open_ended: false,
        }
    }

    pub fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// An error, as UCI and the tri dialect write one: `info string error: ...`.
    pub fn error(&self, error: impl Into<CommandError>) {
        self.send(&format!("info string error: {}", error.into()));
    }

    /// `text` line by line as `info string` lines (`d`).
    pub fn info_lines(&self, text: &str) {
        for line in text.lines() {
            self.send(&format!("info string {line}"));
        }
    }

    /// The answer to a command the dialect does not know.
    pub fn unknown_command(&self, command: &str) {
        self.error(CommandError::unknown_command(command));
    }

    /// The game; waits for a running search to let it go.
    pub fn session(&self) -> MutexGuard<'_, Box<dyn Session>> {
        lock(&self.session)
    }

    /// The session's lock itself, for a dialect that runs searches of its own (XBoard).
    pub fn shared_session(&self) -> Arc<Mutex<Box<dyn Session>>> {
        self.session.clone()
    }

    /// The table, for a dialect that runs searches of its own (XBoard).
    pub fn table(&self) -> Arc<TranspositionTable> {
        self.tt.clone()
    }

    /// The session's variant, without waiting for a running search.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// Puts `session` in place of the current one, evaluated as the options say, and empties
    /// the table: entries of another variant or game would steer the next search. The error
    /// is a chosen network that does not fit the new variant (the hand-written evaluation then
    /// judges); the session is replaced all the same.
    pub fn replace_session(&mut self, mut session: Box<dyn Session>) -> Result<(), NetworkRefused> {
        let choice = self.eval_choice();
        // A new session starts with its built-in network: only another choice is applied.
        let evaluation = match choice {
            EvalChoice::Embedded => Ok(()),
            _ => session.set_evaluation(&choice).map(|_| ()),
        };
        self.variant = session.variant();
        *self.session() = session;
        self.tt = Arc::new(self.tt.renewed());
        evaluation
    }

    fn eval_choice(&self) -> EvalChoice {
        EvalChoice::from_options(self.use_network, &self.eval_file)
    }

    /// `Use NNUE`: whether a network evaluates (the built-in one or `EvalFile`'s) or the
    /// hand-written evaluation. The answer says which evaluation is in use.
    pub fn set_use_network(&mut self, value: &str) -> Result<String, CommandError> {
        self.use_network = options::USE_NNUE.parse(value)?;
        Ok(self.apply_evaluation()?)
    }

    /// `EvalFile`: the network file to evaluate with (`<embedded>` or empty: the built-in
    /// network). The answer says which evaluation is in use.
    pub fn set_eval_file(&mut self, value: &str) -> Result<String, CommandError> {
        self.eval_file = value.trim().to_string();
        Ok(self.apply_evaluation()?)
    }

    /// Loads the evaluation the options choose and says which is in use; a network that
    /// cannot be had is an error, and the hand-written evaluation stands in.
    fn apply_evaluation(&mut self) -> Result<String, NetworkRefused> {
        let choice = self.eval_choice();
        let result = self.session().set_evaluation(&choice);
        result
    }

    /// A new game: the start position of the same variant and an empty table.
    pub fn new_game(&mut self) {
        self.wait_search();
        if let Ok(fresh) = new_session(self.variant) {
            // The options are as they were: an error was reported when they were set.
            let _ = self.replace_session(fresh);
        }
    }

    /// Sets one of the options every dialect of UCI's shape offers (`name` in lower case);
    /// None when `name` is none of them. `Use NNUE` and `EvalFile` answer on an `info
    /// string` line with the evaluation in use.
    pub fn set_shared_option(
        &mut self,
        name: &str,
        value: &str,
    ) -> Option<Result<(), CommandError>> {
        let told =
            |engine: &EngineCore, in_use: String| engine.send(&format!("info string {in_use}"));
        Some(match name {
            "hash" => self.set_hash(value).map_err(CommandError::from),
            "threads" => self.set_threads(value).map_err(CommandError::from),
            "move overhead" => self.set_overhead(value).map_err(CommandError::from),
            "trisearch" => self.set_algorithm(value).map_err(CommandError::from),
            "uci_limitstrength" => self.set_limit_strength(value).map_err(CommandError::from),
            "uci_elo" => self.set_elo(value).map_err(CommandError::from),
            "skill level" => self.set_skill(value).map_err(CommandError::from),
            "uci_analysemode" => self.set_analyse_mode(value).map_err(CommandError::from),
            "use nnue" => self.set_use_network(value).map(|in_use| told(self, in_use)),
            "evalfile" => self.set_eval_file(value).map(|in_use| told(self, in_use)),
            _ => {
                return options::tunables::set(name, value)
                    .map(|set| set.map_err(CommandError::from))
            }
        })
    }

    /// `Hash` (and XBoard's `memory`): a new table of `value` MiB.
    pub fn set_hash(&mut self, value: &str) -> Result<(), OptionError> {
        let mb = options::HASH.parse(value)?;
        self.tt = Arc::new(TranspositionTable::new(mb));
        Ok(())
    }

    /// `Threads` (and XBoard's `cores`): how many threads the two-player search uses (Lazy
    /// SMP); the search for more players uses one whatever is set.
    pub fn set_threads(&mut self, value: &str) -> Result<(), OptionError> {
        self.threads = options::THREADS.parse(value)?;
        Ok(())
    }

    /// `Move Overhead`: milliseconds kept back from every move for the GUI's delays.
    pub fn set_overhead(&mut self, value: &str) -> Result<(), OptionError> {
        let ms = options::MOVE_OVERHEAD.parse(value)?;
        self.overhead = Duration::from_millis(ms as u64);
        Ok(())
    }

    /// `TriSearch`: the algorithm of games of more than two players.
    pub fn set_algorithm(&mut self, value: &str) -> Result<(), OptionError> {
        self.algorithm = options::tri_search::parse(value)?;
        Ok(())
    }

    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub fn set_limit_strength(&mut self, value: &str) -> Result<(), OptionError> {
        self.strength.limit_strength = options::LIMIT_STRENGTH.parse(value)?;
        Ok(())
    }

    /// `UCI_Elo`: the level played at when `UCI_LimitStrength` is on.
    pub fn set_elo(&mut self, value: &str) -> Result<(), OptionError> {
        self.strength.elo = options::UCI_ELO.parse(value)? as u32;
        Ok(())
    }

    /// `Skill Level`: 0 to 20, 20 being full strength.
    pub fn set_skill(&mut self, value: &str) -> Result<(), OptionError> {
        self.strength.skill = options::SKILL_LEVEL.parse(value)? as u32;
        Ok(())
    }

    /// `UCI_AnalyseMode`: while on, searches are at full strength whatever the level.
    pub fn set_analyse_mode(&mut self, value: &str) -> Result<(), OptionError> {
        self.analysing = options::ANALYSE_MODE.parse(value)?;
        Ok(())
    }

    /// The level the searches play at; None at full strength.
    pub fn level(&self) -> Option<Level> {
        match self.analysing {
            true => None,
            false => self.strength.level(self.seed),
        }
    }

    /// `position startpos|fen <FEN> [moves ...]`; on error the position stays as it was.
    pub fn position(&mut self, args: &str) -> Result<(), PositionError> {
        let (setup, moves) = match args.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (args.trim(), Vec::new()),
        };
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Some(fen.trim())
        } else {
            return Err(PositionError::Syntax);
        };
        self.session().set_position(fen, &moves)
    }

    /// `go perft N`: the lines Stockfish writes.
    pub fn perft(&mut self, depth: u32) {
        for line in self.session().perft(depth) {
            self.send(&line);
        }
    }

    /// Runs `work` on the search thread with the session locked. An `open_ended` search ends
    /// only when stopped.
    pub fn start(
        &mut self,
        open_ended: bool,
        work: impl FnOnce(&mut Box<dyn Session>, SearchJob) + Send + 'static,
    ) {
        self.wait_search();
        self.open_ended = open_ended;
        self.stop = Arc::new(AtomicBool::new(false));
        let job = SearchJob {
            out: self.out.clone(),
            tt: self.tt.clone(),
            threads: self.threads,
            stop: self.stop.clone(),
            algorithm: self.algorithm,
            level: self.level(),
        };
        let session = self.session.clone();
        self.search = Some(std::thread::spawn(move || {
            let mut session = lock(&session);
            work(&mut session, job);
        }));
    }

    /// Stops a running search and waits for its answer.
    pub fn stop_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait_search();
    }

    /// Waits for a running search to answer before the position changes under it; one with
    /// no limit of its own would never end, so it is stopped.
    pub fn wait_search(&mut self) {
        if self.open_ended {
            self.stop.store(true, Ordering::Relaxed);
        }
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
        self.open_ended = false;
    }
}

/// A dialect of UCI's shape over `EngineCore` (UCI itself, tri). The commands every such dialect
/// has (`isready`, `setoption`, `position`, `quit`, its handshake, the empty line) are read
/// here; the dialect reads the rest.
pub trait UciShapedDialect {
    /// The command that opens the dialect and is answered with `greet` (`uci`, `tri`).
    const HANDSHAKE: &'static str;
    fn engine(&mut self) -> &mut EngineCore;
    /// The answer to the handshake: names, options, `uciok`/`triok`.
    fn greet(&mut self);
    /// `setoption name ... value ...`, with no search running.
    fn set_option(&mut self, args: &str);
    /// Handles one of the dialect's own commands; false when `cmd` is none of them.
    fn own_command(&mut self, cmd: &str, args: &str) -> bool;
}

/// Serves a dialect over `input` after its handshake line; returns at `quit` or end of input.
pub fn serve<R: BufRead>(input: &mut R, mut dialect: impl UciShapedDialect) {
    dialect.greet();
    drive(input, &mut dialect);
}

impl<D: UciShapedDialect> Commands for D {
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match cmd {
            "" => {}
            _ if cmd == D::HANDSHAKE => self.greet(),
            "isready" => self.engine().send("readyok"),
            "setoption" => {
                self.engine().wait_search();
                self.set_option(args.trim());
            }
            "position" => {
                let engine = self.engine();
                engine.wait_search();
                if let Err(e) = engine.position(args) {
                    engine.error(e);
                }
            }
            "quit" => {
                self.engine().stop_search();
                return false;
            }
            _ => {
                if !self.own_command(cmd, args) {
                    self.engine().unknown_command(cmd);
                }
            }
        }
        true
    }
    fn line_too_long(&mut self) {
        self.engine().error(CommandError::LineTooLong);
    }
    /// A search with limits of its own finishes and answers; an open-ended one is stopped and
    /// answers at once.
    fn end_of_input(&mut self) {
        self.engine().wait_search();
    }
}
