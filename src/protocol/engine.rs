//! What every protocol loop shares: the game behind a lock, the transposition table, the options
//! every GUI sets (Hash, Threads, Move Overhead, TriSearch) with their ranges, and the search
//! thread that answers while commands are still read. UCI and the tri dialect are thin dialects
//! over `Engine`: they parse their commands and write their lines, and leave the rest here.
//! XBoard keeps its session, table and options here too, but runs its own search thread: its
//! engine keeps the game, plays its move itself and ponders after it.

use super::input::{drive, Commands};
use super::output::Output;
use super::session::{new_session, Session};
use crate::errors::quote;
use crate::nnue::{self, EvalChoice};
use crate::search::multi::Algorithm;
use crate::search::{Context, TranspositionTable};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

pub const DEFAULT_HASH_MB: usize = 64;
pub const MAX_HASH_MB: usize = 65_536;
pub const MAX_THREADS: usize = 256;
pub const MAX_OVERHEAD_MS: u64 = 5000;

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
        }
    }
}

pub struct Engine {
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
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// The running search has no limit of its own (`go infinite`, `go ponder`, a bare `go`).
    open_ended: bool,
}

impl Engine {
    pub fn new(out: Output, session: Box<dyn Session>, overhead: Duration) -> Engine {
        Engine {
            out,
            variant: session.variant(),
            session: Arc::new(Mutex::new(session)),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            threads: 1,
            overhead,
            algorithm: Algorithm::DEFAULT,
            use_network: true,
            eval_file: nnue::EMBEDDED.to_string(),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            open_ended: false,
        }
    }

    pub fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// An error, as UCI and the tri dialect write one: `info string error: ...`.
    pub fn error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    /// `text` line by line as `info string` lines (`d`).
    pub fn info_lines(&self, text: &str) {
        for line in text.lines() {
            self.send(&format!("info string {line}"));
        }
    }

    /// The answer to a command the dialect does not know.
    pub fn unknown_command(&self, command: &str) {
        self.error(&format!("unknown command '{}'", quote(command, 40)));
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
    pub fn replace_session(&mut self, mut session: Box<dyn Session>) -> Result<(), String> {
        let choice = self.eval_choice();
        // A new session starts with its built-in network: only another choice is applied.
        let evaluation = match choice {
            EvalChoice::Embedded => Ok(()),
            _ => session
                .set_evaluation(&choice)
                .map(|_| ())
                .map_err(fallen_back),
        };
        self.variant = session.variant();
        *self.session() = session;
        self.tt.clear();
        evaluation
    }

    fn eval_choice(&self) -> EvalChoice {
        EvalChoice::from_options(self.use_network, &self.eval_file)
    }

    /// `Use NNUE`: whether a network evaluates (the built-in one or `EvalFile`'s) or the
    /// hand-written evaluation. The answer says which evaluation is in use.
    pub fn set_use_network(&mut self, value: &str) -> Result<String, String> {
        self.use_network = match value.trim().to_ascii_lowercase().as_str() {
            "true" | "1" => true,
            "false" | "0" => false,
            _ => {
                return Err(format!(
                    "Use NNUE must be true or false, not '{}'",
                    quote(value, 20)
                ))
            }
        };
        self.apply_evaluation()
    }

    /// `EvalFile`: the network file to evaluate with (`<embedded>` or empty: the built-in
    /// network). The answer says which evaluation is in use.
    pub fn set_eval_file(&mut self, value: &str) -> Result<String, String> {
        self.eval_file = value.trim().to_string();
        self.apply_evaluation()
    }

    /// `Use NNUE` or `EvalFile` (`option`, in lower case) in a dialect of UCI's shape: sets it
    /// and answers on an `info string` line with the evaluation in use. The error, a bad value
    /// or a refused network (the hand-written evaluation then judges), is the dialect's to
    /// report.
    pub fn set_evaluation_option(&mut self, option: &str, value: &str) -> Result<(), String> {
        let in_use = match option {
            "use nnue" => self.set_use_network(value)?,
            _ => self.set_eval_file(value)?,
        };
        self.send(&format!("info string {in_use}"));
        Ok(())
    }

    /// Loads the evaluation the options choose and says which is in use; a network that
    /// cannot be had is an error, and the hand-written evaluation stands in.
    fn apply_evaluation(&mut self) -> Result<String, String> {
        let choice = self.eval_choice();
        let result = self.session().set_evaluation(&choice);
        result.map_err(fallen_back)
    }

    /// A new game: the start position of the same variant and an empty table.
    pub fn new_game(&mut self) {
        self.wait_search();
        if let Ok(fresh) = new_session(self.variant) {
            // The options are as they were: an error was reported when they were set.
            let _ = self.replace_session(fresh);
        }
    }

    /// `Hash`: a new table of `value` MiB.
    pub fn set_hash(&mut self, value: &str) -> Result<(), String> {
        let mb = in_range(value, 1, MAX_HASH_MB).ok_or_else(|| {
            format!(
                "Hash must be 1 to {MAX_HASH_MB} MiB, not '{}'",
                quote(value, 20)
            )
        })?;
        self.resize_table(mb);
        Ok(())
    }

    /// A new table of `mb` MiB, within the range Hash allows.
    pub fn resize_table(&mut self, mb: usize) {
        self.tt = Arc::new(TranspositionTable::new(mb.clamp(1, MAX_HASH_MB)));
    }

    /// `Threads`: how many threads the two-player search uses (Lazy SMP); the search for more
    /// players uses one whatever is set.
    pub fn set_threads(&mut self, value: &str) -> Result<(), String> {
        self.threads = in_range(value, 1, MAX_THREADS).ok_or_else(|| {
            format!(
                "Threads must be 1 to {MAX_THREADS}, not '{}'",
                quote(value, 20)
            )
        })?;
        Ok(())
    }

    /// `Move Overhead`: milliseconds kept back from every move for the GUI's delays.
    pub fn set_overhead(&mut self, value: &str) -> Result<(), String> {
        let ms = in_range(value, 0, MAX_OVERHEAD_MS as usize).ok_or_else(|| {
            format!(
                "Move Overhead must be 0 to {MAX_OVERHEAD_MS} ms, not '{}'",
                quote(value, 20)
            )
        })?;
        self.overhead = Duration::from_millis(ms as u64);
        Ok(())
    }

    /// `TriSearch`: the algorithm of games of more than two players.
    pub fn set_algorithm(&mut self, value: &str) -> Result<(), String> {
        let algorithm = Algorithm::from_name(value).ok_or_else(|| {
            format!(
                "TriSearch must be brs+, brs or paranoid, not '{}'",
                quote(value, 20)
            )
        })?;
        self.algorithm = algorithm;
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves ...]`; on error the position stays as it was.
    pub fn position(&mut self, args: &str) -> Result<(), String> {
        let (setup, moves) = match args.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (args.trim(), Vec::new()),
        };
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Some(fen.trim())
        } else {
            return Err("position needs 'startpos' or 'fen <FEN>'".to_string());
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

/// A network error, saying what evaluates instead.
fn fallen_back(error: String) -> String {
    format!("{error}; the hand-written evaluation is used")
}

/// The options set through `Engine`.
#[derive(Clone, Copy, Debug)]
pub enum SharedOption {
    Hash,
    Threads,
    MoveOverhead,
    TriSearch,
    UseNetwork,
    EvalFile,
}

impl SharedOption {
    /// The `option` line UCI and the tri dialect announce it with.
    pub fn uci_line(self) -> String {
        let (name, kind) = match self {
            SharedOption::Hash => (
                "Hash",
                format!("spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            ),
            SharedOption::Threads => ("Threads", format!("spin default 1 min 1 max {MAX_THREADS}")),
            SharedOption::MoveOverhead => (
                "Move Overhead",
                format!("spin default 10 min 0 max {MAX_OVERHEAD_MS}"),
            ),
            SharedOption::TriSearch => {
                let algorithms: String = Algorithm::ALL
                    .iter()
                    .map(|a| format!(" var {}", a.name()))
                    .collect();
                (
                    "TriSearch",
                    format!("combo default {}{algorithms}", Algorithm::DEFAULT.name()),
                )
            }
            SharedOption::UseNetwork => ("Use NNUE", "check default true".to_string()),
            SharedOption::EvalFile => ("EvalFile", format!("string default {}", nnue::EMBEDDED)),
        };
        format!("option name {name} type {kind}")
    }
}

/// A dialect of UCI's shape over `Engine` (UCI itself, tri). The commands every such dialect
/// has (`isready`, `setoption`, `position`, `quit`, its handshake, the empty line) are read
/// here; the dialect reads the rest.
pub trait Dialect {
    /// The command that opens the dialect and is answered with `greet` (`uci`, `tri`).
    const HANDSHAKE: &'static str;
    fn engine(&mut self) -> &mut Engine;
    /// The answer to the handshake: names, options, `uciok`/`triok`.
    fn greet(&mut self);
    /// `setoption name ... value ...`, with no search running.
    fn set_option(&mut self, args: &str);
    /// Handles one of the dialect's own commands; false when `cmd` is none of them.
    fn own_command(&mut self, cmd: &str, args: &str) -> bool;
}

/// Serves a dialect over `input` after its handshake line; returns at `quit` or end of input.
pub fn serve<R: BufRead>(input: &mut R, mut dialect: impl Dialect) {
    dialect.greet();
    drive(input, &mut dialect);
}

impl<D: Dialect> Commands for D {
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
                    engine.error(&e);
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
        self.engine().error("line too long, ignored");
    }
    /// A search with limits of its own finishes and answers; an open-ended one is stopped and
    /// answers at once.
    fn end_of_input(&mut self) {
        self.engine().wait_search();
    }
}

/// `value` as a whole number from `min` to `max`.
fn in_range(value: &str, min: usize, max: usize) -> Option<usize> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|v| (min..=max).contains(v))
}

/// `setoption`'s arguments, `name <id...> [value <x...>]` (names may contain spaces), as the
/// name and the value.
pub fn option_name_value(args: &str) -> Result<(&str, &str), String> {
    let rest = args
        .trim()
        .strip_prefix("name ")
        .ok_or("setoption needs 'name <option> value <value>'")?;
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    Ok((name, value))
}
