//! The UCI protocol, for every variant the search plays (UCI_Variant). Commands are read on
//! this thread; a search runs on its own, so `isready` and `stop` are answered at once while it
//! thinks. Every answer goes to stdout as one protocol line; nothing else does.

use super::catalog::{new_session, playable_names};
use super::lines::{read_line, Line};
use super::output::Output;
use super::session::{Answer, NewSession, Report, Session};
use crate::errors::quote;
use crate::registry::{with_default_variant, SEARCHABLE_NAMES};
use crate::search::multi::Algorithm;
use crate::search::{Limits, TranspositionTable};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 65_536;
const MAX_THREADS: usize = 256;

struct Engine {
    out: Output,
    session: Arc<Mutex<Box<dyn Session>>>,
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    threads: usize,
    overhead: Duration,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// The running search has no limit of its own (`go infinite`, `go ponder`).
    open_ended: bool,
    /// The limits of a `go ponder`, applied when `ponderhit` arrives.
    pondering: Option<Limits>,
    /// The three-player search's algorithm (option TriSearch), kept across variant changes.
    algorithm: Algorithm,
}

impl Engine {
    fn new(out: Output) -> Engine {
        Engine {
            out,
            session: Arc::new(Mutex::new(with_default_variant(NewSession))),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            overhead: Duration::from_millis(10),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            open_ended: false,
            pondering: None,
            algorithm: Algorithm::DEFAULT,
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
                    "TriSearch must be brs or paranoid, not '{}'",
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

    fn parse_go(&self, args: &str) -> Result<(Limits, bool), String> {
        let mut limits = Limits {
            overhead: self.overhead,
            ..Limits::default()
        };
        let white = self.session().side_to_move() == 0;
        let mut ponder = false;
        let mut words = args.split_whitespace();
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
                "searchmoves" | "mate" => return Err(format!("'go {word}' is not supported")),
                other => return Err(format!("unknown go parameter '{}'", quote(other, 20))),
            }
        }
        Ok((limits, ponder))
    }

    fn go(&mut self, args: &str) {
        self.wait_search();
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
        let (limits, ponder) = match self.parse_go(args) {
            Ok(l) => l,
            Err(e) => return self.error(&e),
        };
        if ponder {
            self.pondering = Some(limits.clone());
            let infinite = Limits {
                infinite: true,
                ..Limits::default()
            };
            self.start(infinite);
        } else {
            self.start(limits);
        }
    }

    fn start(&mut self, limits: Limits) {
        self.open_ended = limits.infinite;
        self.stop = Arc::new(AtomicBool::new(false));
        let (out, session, tt, stop, threads) = (
            self.out.clone(),
            self.session.clone(),
            self.tt.clone(),
            self.stop.clone(),
            self.threads,
        );
        self.search = Some(std::thread::spawn(move || {
            let session = session.lock().unwrap_or_else(|e| e.into_inner());
            let mut on_info = |r: Report| {
                let nps = r.nodes as u128 * 1000 / r.time_ms.max(1);
                out.send(&format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv {}",
                    r.depth,
                    r.seldepth,
                    r.score,
                    r.nodes,
                    nps,
                    r.hashfull,
                    r.time_ms,
                    r.pv.join(" ")
                ));
            };
            match session.think(&limits, &tt, threads, &stop, &mut on_info) {
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
            "stop" => self.stop_search(),
            "ponderhit" => {
                if let Some(limits) = self.pondering.take() {
                    // The ponder search becomes a normal one: stop it without its bestmove
                    // mattering, and think again with the real limits (the table remembers).
                    self.stop_search();
                    self.start(limits);
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

/// The UCI loop over `input`, after its first `uci` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    let mut engine = Engine::new(out);
    engine.id();
    loop {
        match read_line(input) {
            Line::End => break,
            Line::TooLong => engine.error("line too long, ignored"),
            Line::Text(line) => {
                if !engine.command(&line) {
                    return;
                }
            }
        }
    }
    // End of input: a search with limits of its own finishes and answers; an open-ended one is
    // stopped and answers at once.
    engine.wait_search();
}
