//! The `tri` dialect: UCI's shape for games of three players (trichess). A GUI sends `tri`;
//! the engine names itself and its options and answers `triok`. Clocks and increments come per
//! seat (`go t0 t1 t2 inc0 inc1 inc2`), and every `info` line carries one score per seat: that
//! player's expected points in hundredths (search/shares.rs), the real split of the two points
//! once the game is over. Commands are read on this thread and a search runs on its own, so
//! `isready` and `stop` are answered at once while it thinks. See docs/protocol.md.

use super::lines::{drive, Commands};
use super::multi_session::{MultiAnswer, MultiReport, MultiSession, NewMultiSession};
use super::output::Output;
use crate::errors::quote;
use crate::registry::{with_default_multi_variant, with_multi_variant, MULTI_NAMES};
use crate::search::multi::Algorithm;
use crate::search::{Limits, TranspositionTable};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 65_536;
const MAX_THREADS: usize = 256;
const MAX_OVERHEAD_MS: u64 = 5000;

struct Engine {
    out: Output,
    session: Arc<Mutex<Box<dyn MultiSession>>>,
    /// The session's variant, kept here because a search holds the session's lock.
    variant: &'static str,
    algorithm: Algorithm,
    overhead: Duration,
    stop: Arc<AtomicBool>,
    /// The transposition table, kept from move to move and cleared by a new game.
    tt: Arc<TranspositionTable>,
    search: Option<JoinHandle<()>>,
    /// The running search has no limit of its own (`go infinite`).
    open_ended: bool,
}

/// One `info` line of a search.
fn info_line(r: &MultiReport) -> String {
    let nps = r.nodes as u128 * 1000 / r.time_ms.max(1);
    let scores: Vec<String> = r.shares.iter().map(|s| s.to_string()).collect();
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        r.depth,
        r.seldepth,
        scores.join(" "),
        r.nodes,
        nps,
        r.time_ms
    );
    if !r.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&r.pv.join(" "));
    }
    line
}

impl Engine {
    fn new(out: Output) -> Engine {
        let mut session = with_default_multi_variant(NewMultiSession);
        session.set_algorithm(Algorithm::DEFAULT);
        Engine {
            out,
            variant: session.variant(),
            session: Arc::new(Mutex::new(session)),
            algorithm: Algorithm::DEFAULT,
            overhead: Duration::from_millis(10),
            stop: Arc::new(AtomicBool::new(false)),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            search: None,
            open_ended: false,
        }
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    fn error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    fn session(&self) -> MutexGuard<'_, Box<dyn MultiSession>> {
        // A search thread that panicked leaves the lock poisoned; the session is still whole.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
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

    fn id(&self) {
        self.send(&format!("id name kaleido {}", env!("CARGO_PKG_VERSION")));
        self.send("id author the kaleido developers");
        let variants: String = MULTI_NAMES.iter().map(|v| format!(" var {v}")).collect();
        self.send(&format!(
            "option name Variant type combo default {}{variants}",
            self.variant
        ));
        let algorithms: String = Algorithm::ALL
            .iter()
            .map(|a| format!(" var {}", a.name()))
            .collect();
        self.send(&format!(
            "option name TriSearch type combo default {}{algorithms}",
            Algorithm::DEFAULT.name()
        ));
        self.send(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.send(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.send(&format!(
            "option name Move Overhead type spin default 10 min 0 max {MAX_OVERHEAD_MS}"
        ));
        self.send("triok");
    }

    /// A fresh session of `variant` with the chosen algorithm.
    fn fresh_session(&self, variant: &str) -> Result<Box<dyn MultiSession>, String> {
        let mut session =
            with_multi_variant(variant, NewMultiSession).map_err(|e| e.to_string())?;
        session.set_algorithm(self.algorithm);
        Ok(session)
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
            "variant" => match self.fresh_session(value) {
                Ok(session) => {
                    self.variant = session.variant();
                    *self.session() = session;
                    self.send(&format!("info string variant {}", self.variant));
                }
                Err(e) => self.error(&e),
            },
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
            // Threads is checked and accepted, since GUIs send it to every engine, but the
            // three-player search runs on one thread.
            "hash" => match number(MAX_HASH_MB) {
                Some(mb) => self.tt = Arc::new(TranspositionTable::new(mb)),
                None => self.error(&format!(
                    "Hash must be 1 to {MAX_HASH_MB} MiB, not '{}'",
                    quote(value, 20)
                )),
            },
            "threads" => match number(MAX_THREADS) {
                Some(_) => {}
                None => self.error(&format!(
                    "Threads must be 1 to {MAX_THREADS}, not '{}'",
                    quote(value, 20)
                )),
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= MAX_OVERHEAD_MS => self.overhead = Duration::from_millis(ms),
                _ => self.error(&format!(
                    "Move Overhead must be 0 to {MAX_OVERHEAD_MS} ms, not '{}'",
                    quote(value, 20)
                )),
            },
            _ => self.error(&format!("unknown option '{}'", quote(name, 40))),
        }
    }

    /// `position startpos|fen <TriFEN> [moves ...]`; on error the position stays as it was.
    fn position(&mut self, args: &str) {
        let (setup, moves) = match args.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (args.trim(), Vec::new()),
        };
        let setup = setup.strip_suffix("moves").map_or(setup, str::trim);
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Some(fen.trim())
        } else {
            return self.error("position needs 'startpos' or 'fen <TriFEN>'");
        };
        if let Err(e) = self.session().set_position(fen, &moves) {
            self.error(&e);
        }
    }

    /// The limits of `go`: the side to move's clock (`t<seat>`) and increment (`inc<seat>`),
    /// the others' read and checked but not used.
    fn parse_go(&self, args: &str) -> Result<Limits, String> {
        let (mover, players) = {
            let session = self.session();
            (session.side_to_move(), session.players())
        };
        let mut limits = Limits {
            overhead: self.overhead,
            ..Limits::default()
        };
        let number = |w: Option<&str>| -> Result<i64, String> {
            let v = w.ok_or("a number is missing")?;
            v.parse()
                .map_err(|_| format!("'{}' is not a number", quote(v, 20)))
        };
        // Some GUIs send negative clocks when time ran out: those read as zero.
        let ms = |w: Option<&str>| number(w).map(|n| Duration::from_millis(n.max(0) as u64));
        let count = |w: Option<&str>| -> Result<u64, String> {
            let n = number(w)?;
            u64::try_from(n).map_err(|_| format!("{n} is negative"))
        };
        let seat = |word: &str, prefix: &str| -> Option<usize> {
            word.strip_prefix(prefix)?
                .parse::<usize>()
                .ok()
                .filter(|&s| s < players)
        };
        let mut words = args.split_whitespace();
        let mut clocks_given = false;
        while let Some(word) = words.next() {
            if let Some(s) = seat(word, "t") {
                clocks_given = true;
                let t = ms(words.next())?;
                if s == mover {
                    limits.time_left = Some(t);
                }
            } else if let Some(s) = seat(word, "inc") {
                let inc = ms(words.next())?;
                if s == mover {
                    limits.increment = inc;
                }
            } else {
                match word {
                    "movestogo" => {
                        limits.moves_to_go = Some(count(words.next())?.clamp(1, 1000) as u32)
                    }
                    "depth" => limits.depth = Some(count(words.next())?.clamp(1, 64) as i32),
                    "nodes" => limits.nodes = Some(count(words.next())?),
                    "movetime" => limits.movetime = Some(ms(words.next())?),
                    "infinite" => limits.infinite = true,
                    "wtime" | "btime" | "winc" | "binc" => {
                        return Err(format!(
                            "'{word}' is UCI's; the tri dialect gives a clock per seat: \
                             t0 t1 t2, inc0 inc1 inc2"
                        ))
                    }
                    other => return Err(format!("unknown go parameter '{}'", quote(other, 20))),
                }
            }
        }
        // Clocks without the mover's would leave the search without any limit: a GUI that
        // meant to play on time would wait for ever.
        if clocks_given && limits.time_left.is_none() {
            return Err(format!(
                "go gives clocks but not the side to move's: add t{mover}"
            ));
        }
        Ok(limits)
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
        match self.parse_go(args) {
            Ok(limits) => self.start(limits),
            Err(e) => self.error(&e),
        }
    }

    fn start(&mut self, limits: Limits) {
        self.open_ended = limits.infinite;
        self.stop = Arc::new(AtomicBool::new(false));
        let (out, session, stop) = (self.out.clone(), self.session.clone(), self.stop.clone());
        let tt = self.tt.clone();
        self.search = Some(std::thread::spawn(move || {
            let session = session.lock().unwrap_or_else(|e| e.into_inner());
            let mut on_info = |r: MultiReport| out.send(&info_line(&r));
            match session.think_multi(&limits, &tt, &stop, &mut on_info) {
                MultiAnswer::Move(token) => out.send(&format!("bestmove {token}")),
                MultiAnswer::GameOver {
                    shares,
                    result,
                    reason,
                } => {
                    let scores: Vec<String> = shares.iter().map(|s| s.to_string()).collect();
                    out.send(&format!("info depth 0 score {}", scores.join(" ")));
                    out.send(&format!("info string game over: {result} ({reason})"));
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
            "tri" => self.id(),
            "isready" => self.send("readyok"),
            "newgame" | "trinewgame" => {
                self.wait_search();
                self.tt.clear();
                match self.fresh_session(self.variant) {
                    Ok(fresh) => *self.session() = fresh,
                    Err(e) => self.error(&e),
                }
            }
            "setoption" => {
                self.wait_search();
                self.set_option(args.trim());
            }
            "position" => {
                self.wait_search();
                self.position(args);
            }
            "go" => self.go(args),
            "stop" => self.stop_search(),
            "d" => {
                self.wait_search();
                let session = self.session();
                let text = format!(
                    "variant {} search {}\n{}",
                    session.variant(),
                    session.algorithm().name(),
                    session.diagram()
                );
                drop(session);
                for l in text.lines() {
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

/// The tri loop over `input`, after its first `tri` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    let mut engine = Engine::new(out);
    engine.id();
    drive(input, &mut engine);
}
