//! The UCI protocol, for every variant the search plays (UCI_Variant). Commands are read on
//! this thread; a search runs on its own, so `isready` and `stop` are answered at once while it
//! thinks. Every answer goes to stdout as one protocol line; nothing else does.

use super::catalog::{new_session, playable_names};
use super::lines::{drive, Commands};
use super::output::Output;
use super::session::{Answer, NewSession, Report, Session};
use crate::errors::quote;
use crate::registry::{with_default_variant, SEARCHABLE_NAMES};
use crate::search::multi::Algorithm;
use crate::search::{Limits, TranspositionTable};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 65_536;
const MAX_THREADS: usize = 256;
const MAX_MULTI_PV: usize = 256;

/// The words that end a `go searchmoves` list.
const GO_WORDS: [&str; 11] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "mate",
];

/// What a `go` asks for.
struct Go {
    limits: Limits,
    ponder: bool,
    search_moves: Vec<String>,
}

struct Engine {
    out: Output,
    session: Arc<Mutex<Box<dyn Session>>>,
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    threads: usize,
    multi_pv: usize,
    overhead: Duration,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// The running search has no limit of its own (`go infinite`, `go ponder`).
    open_ended: bool,
    /// The limits of a `go ponder`, applied when `ponderhit` arrives.
    pondering: Option<Go>,
    /// The three-player search's algorithm (option TriSearch), kept across variant changes.
    algorithm: Algorithm,
    /// Whether the running search may still send its `bestmove` (see `ANSWER_*` below).
    answer: Arc<AtomicU8>,
}

/// A search's answer is still to come and will be sent.
const ANSWER_PENDING: u8 = 0;
/// The search has sent its `bestmove`.
const ANSWER_SENT: u8 = 1;
/// The search's answer is to be dropped: a `ponderhit` turned it into another search, whose
/// answer is the one the GUI waits for (one `go`, one `bestmove`).
const ANSWER_DROPPED: u8 = 2;

impl Engine {
    fn new(out: Output) -> Engine {
        Engine {
            out,
            session: Arc::new(Mutex::new(with_default_variant(NewSession))),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multi_pv: 1,
            overhead: Duration::from_millis(10),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            open_ended: false,
            pondering: None,
            algorithm: Algorithm::DEFAULT,
            answer: Arc::new(AtomicU8::new(ANSWER_SENT)),
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait_search();
    }

    /// Waits for a running search to answer before the position changes under it; one with
    /// no limit of its own would never end, so it is stopped.
    fn wait_search(&mut self) {
        if self.open_ended {
            self.stop.store(true, Ordering::Relaxed);
        }
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
        self.open_ended = false;
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    fn error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Box<dyn Session>> {
        // A search thread that panicked leaves the lock poisoned; the session is still whole.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn id(&self) {
        self.send(&format!("id name kaleido {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the kaleido developers");
        let vars: String = playable_names().map(|v| format!(" var {v}")).collect();
        // The registry's first searchable variant is the default session's (non-empty by
        // construction of its list).
        let default = SEARCHABLE_NAMES[0];
        self.send(&format!(
            "option name UCI_Variant type combo default {default}{vars}"
        ));
        self.send(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.send(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.send(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"
        ));
        self.send("option name Move Overhead type spin default 10 min 0 max 5000");
        self.send("option name Ponder type check default false");
        let algorithms: String = Algorithm::ALL
            .iter()
            .map(|a| format!(" var {}", a.name()))
            .collect();
        self.send(&format!(
            "option name TriSearch type combo default {}{algorithms}",
            Algorithm::DEFAULT.name()
        ));
        self.send("uciok");
    }

    fn set_option(&mut self, args: &str) {
        // "name <id...> [value <x...>]"; option names may contain spaces.
        let Some(rest) = args.strip_prefix("name ") else {
            return self.error("setoption needs 'name <option> value <value>'");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let number = |max: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|v| (1..=max).contains(v))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match new_session(value) {
                Ok(mut session) => {
                    session.set_algorithm(self.algorithm);
                    let start = session.start_fen();
                    let (files, ranks) = session.board_size();
                    *self.session() = session;
                    self.send(&format!(
                        "info string variant {value} files {files} ranks {ranks} startpos {start}"
                    ));
                }
                Err(e) => self.error(&e.to_string()),
            },
            "hash" => match number(MAX_HASH_MB) {
                Some(mb) => {
                    self.hash_mb = mb;
                    self.tt = Arc::new(TranspositionTable::new(mb));
                }
                None => self.error(&format!(
                    "Hash must be 1 to {MAX_HASH_MB} MiB, not '{}'",
                    quote(value, 20)
                )),
            },
            "threads" => match number(MAX_THREADS) {
                Some(n) => self.threads = n,
                None => self.error(&format!(
                    "Threads must be 1 to {MAX_THREADS}, not '{}'",
                    quote(value, 20)
                )),
            },
            "multipv" => match number(MAX_MULTI_PV) {
                Some(n) => self.multi_pv = n,
                None => self.error(&format!(
                    "MultiPV must be 1 to {MAX_MULTI_PV}, not '{}'",
                    quote(value, 20)
                )),
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= 5000 => self.overhead = Duration::from_millis(ms),
                _ => self.error(&format!(
                    "Move Overhead must be 0 to 5000 ms, not '{}'",
                    quote(value, 20)
                )),
            },
            "ponder" => {}
            "trisearch" => match Algorithm::from_name(value) {
                Some(algorithm) => {
                    self.algorithm = algorithm;
                    self.session().set_algorithm(algorithm);
                }
                None => self.error(&format!(
                    "TriSearch must be brs+, brs or paranoid, not '{}'",
                    quote(value, 20)
                )),
            },
            _ => self.error(&format!("unknown option '{}'", quote(name, 40))),
        }
    }

    /// `position startpos|fen <FEN> [moves ...]`; on error the position stays as it was.
    fn position(&mut self, args: &str) {
        let (setup, moves) = match args.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (args.trim(), Vec::new()),
        };
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Some(fen.trim())
        } else {
            return self.error("position needs 'startpos' or 'fen <FEN>'");
        };
        if let Err(e) = self.session().set_position(fen, &moves) {
            self.error(&e);
        }
    }

    fn parse_go(&self, args: &str) -> Result<Go, String> {
        let mut limits = Limits {
            overhead: self.overhead,
            multi_pv: self.multi_pv,
            ..Limits::default()
        };
        let mut search_moves = Vec::new();
        let white = self.session().side_to_move() == 0;
        let mut ponder = false;
        let mut words = args.split_whitespace().peekable();
        let ms = |w: Option<&str>| -> Result<Duration, String> {
            let v = w.ok_or("a number is missing")?;
            // Some GUIs send negative clocks when time ran out: treat those as zero.
            let n: i64 = v
                .parse()
                .map_err(|_| format!("'{}' is not a number", quote(v, 20)))?;
            Ok(Duration::from_millis(n.max(0) as u64))
        };
        let int = |w: Option<&str>| -> Result<u64, String> {
            let v = w.ok_or("a number is missing")?;
            v.parse()
                .map_err(|_| format!("'{}' is not a number", quote(v, 20)))
        };
        while let Some(word) = words.next() {
            match word {
                "wtime" if white => limits.time_left = Some(ms(words.next())?),
                "btime" if !white => limits.time_left = Some(ms(words.next())?),
                "winc" if white => limits.increment = ms(words.next())?,
                "binc" if !white => limits.increment = ms(words.next())?,
                "wtime" | "btime" | "winc" | "binc" => {
                    ms(words.next())?;
                }
                "movestogo" => limits.moves_to_go = Some(int(words.next())? as u32),
                "depth" => limits.depth = Some(int(words.next())?.clamp(1, 127) as i32),
                "nodes" => limits.nodes = Some(int(words.next())?),
                "movetime" => limits.movetime = Some(ms(words.next())?),
                "infinite" => limits.infinite = true,
                "ponder" => ponder = true,
                "mate" => limits.mate = Some(int(words.next())?.clamp(1, 63) as u32),
                "searchmoves" => {
                    if !self.session().restricts_root_moves() {
                        let variant = self.session().variant();
                        return Err(format!("go searchmoves is not supported in {variant}"));
                    }
                    while let Some(token) = words.next_if(|w| !GO_WORDS.contains(w)) {
                        self.session()
                            .check_move(token)
                            .map_err(|e| format!("searchmoves: {e}"))?;
                        search_moves.push(token.to_string());
                    }
                }
                other => return Err(format!("unknown go parameter '{}'", quote(other, 20))),
            }
        }
        Ok(Go {
            limits,
            ponder,
            search_moves,
        })
    }

    fn go(&mut self, args: &str) {
        self.wait_search();
        self.pondering = None;
        if let Some(depth) = args.trim().strip_prefix("perft") {
            return match depth.trim().parse::<u32>() {
                Ok(d) if d <= 20 => {
                    for line in self.session().perft(d) {
                        self.send(&line);
                    }
                }
                _ => self.error("go perft needs a depth from 0 to 20"),
            };
        }
        let go = match self.parse_go(args) {
            Ok(go) => go,
            Err(e) => return self.error(&e),
        };
        if go.ponder {
            let infinite = Limits {
                infinite: true,
                multi_pv: go.limits.multi_pv,
                ..Limits::default()
            };
            self.start(infinite, go.search_moves.clone());
            self.pondering = Some(go);
        } else {
            self.start(go.limits, go.search_moves);
        }
    }

    fn start(&mut self, limits: Limits, search_moves: Vec<String>) {
        // A `go` with no limit at all (bare `go`) is as open-ended as `go infinite`: nothing
        // but a `stop` would end it, so a new position or the end of input must stop it.
        self.open_ended = limits.is_open_ended();
        self.stop = Arc::new(AtomicBool::new(false));
        self.answer = Arc::new(AtomicU8::new(ANSWER_PENDING));
        let (out, session, tt, stop, threads, answer) = (
            self.out.clone(),
            self.session.clone(),
            self.tt.clone(),
            self.stop.clone(),
            self.threads,
            self.answer.clone(),
        );
        self.search = Some(std::thread::spawn(move || {
            let session = session.lock().unwrap_or_else(|e| e.into_inner());
            let mut on_info = |r: Report| {
                let nps = r.nodes as u128 * 1000 / r.time_ms.max(1);
                out.send(&format!(
                    "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
                    r.depth,
                    r.seldepth,
                    r.multipv,
                    r.score,
                    r.nodes,
                    nps,
                    r.hashfull,
                    r.time_ms,
                    r.pv.join(" ")
                ));
            };
            let result =
                session.think_among(&limits, &search_moves, &tt, threads, &stop, &mut on_info);
            let claimed = answer.compare_exchange(
                ANSWER_PENDING,
                ANSWER_SENT,
                Ordering::AcqRel,
                Ordering::Acquire,
            );
            if claimed.is_err() {
                return;
            }
            match result {
                Answer::Move(token) => out.send(&format!("bestmove {token}")),
                Answer::GameOver { score } => {
                    out.send(&format!("info depth 0 score {score}"));
                    out.send("bestmove (none)");
                }
            }
        }));
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match cmd {
            "" => {}
            "uci" => self.id(),
            "isready" => self.send("readyok"),
            "ucinewgame" => {
                self.wait_search();
                self.tt.clear();
                let variant = self.session().variant();
                if let Ok(mut fresh) = new_session(variant) {
                    fresh.set_algorithm(self.algorithm);
                    *self.session() = fresh;
                }
            }
            "setoption" => {
                self.wait_search();
                self.set_option(args);
            }
            "position" => {
                self.wait_search();
                self.position(args);
            }
            "go" => self.go(args),
            "stop" => {
                self.pondering = None;
                self.stop_search();
            }
            "ponderhit" => {
                if let Some(go) = self.pondering.take() {
                    // The ponder search becomes a normal one: stop it with its bestmove
                    // dropped, and think again with the real limits (the table remembers). A
                    // ponder search that has already answered (the game was over) is left be:
                    // a second bestmove would answer a `go` the GUI never sent.
                    let dropped = self.answer.compare_exchange(
                        ANSWER_PENDING,
                        ANSWER_DROPPED,
                        Ordering::AcqRel,
                        Ordering::Acquire,
                    );
                    if dropped.is_ok() {
                        self.stop_search();
                        self.start(go.limits, go.search_moves);
                    }
                }
            }
            "d" => {
                self.wait_search();
                let description = self.session().describe();
                self.send(&format!("info string variant {}", self.session().variant()));
                for l in description.lines() {
                    self.send(&format!("info string {l}"));
                }
            }
            "quit" => {
                self.stop_search();
                return false;
            }
            other => self.error(&format!("unknown command '{}'", quote(other, 40))),
        }
        true
    }
}

impl Commands for Engine {
    fn command(&mut self, line: &str) -> bool {
        Engine::command(self, line)
    }
    fn line_too_long(&mut self) {
        self.error("line too long, ignored");
    }
    /// A search with limits of its own finishes and answers; an open-ended one is stopped and
    /// answers at once.
    fn end_of_input(&mut self) {
        self.wait_search();
    }
}

/// The UCI loop over `input`, after its first `uci` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    let mut engine = Engine::new(out);
    engine.id();
    drive(input, &mut engine);
}
