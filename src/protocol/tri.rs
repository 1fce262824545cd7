//! The `tri` dialect: UCI's shape for games of three players (trichess). A GUI sends `tri`;
//! the engine names itself and its options and answers `triok`. Clocks and increments come per
//! seat (`go t0 t1 t2 inc0 inc1 inc2`), and every `info` line carries one score per seat: that
//! player's expected points in hundredths (search/points.rs), the real split of the two points
//! once the game is over. Commands are read on this thread and a search runs on its own, so
//! `isready` and `stop` are answered at once while it thinks. See docs/protocol.md.

use super::engine::{option_name_value, serve, Dialect, Engine, SearchJob, SharedOption};
use super::output::Output;
use super::session::{
    default_multi_session, multi_player_names, new_session, Answer, Report, Session,
};
use crate::errors::quote;
use crate::search::points::outcome_shares;
use crate::search::Limits;
use std::io::BufRead;
use std::sync::MutexGuard;
use std::time::Duration;

/// The tri dialect over the shared engine.
struct Tri {
    engine: Engine,
}

/// One `info` line of a search.
fn info_line(r: &Report) -> String {
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

impl Tri {
    fn new(out: Output) -> Tri {
        Tri {
            engine: Engine::new(out, default_multi_session(), Duration::from_millis(10)),
        }
    }

    fn send(&self, line: &str) {
        self.engine.send(line);
    }

    fn error(&self, message: &str) {
        self.engine.error(message);
    }

    fn session(&self) -> MutexGuard<'_, Box<dyn Session>> {
        self.engine.session()
    }

    fn id(&self) {
        self.send(&format!("id name {}", crate::version::engine_name()));
        self.send("id author the kaleido developers");
        let variants: String = multi_player_names()
            .iter()
            .map(|v| format!(" var {v}"))
            .collect();
        let variant = self.engine.variant();
        self.send(&format!(
            "option name Variant type combo default {variant}{variants}"
        ));
        self.send(&SharedOption::TriSearch.uci_line());
        self.send(&SharedOption::Hash.uci_line());
        self.send(&SharedOption::Threads.uci_line());
        self.send(&SharedOption::MoveOverhead.uci_line());
        self.send(&SharedOption::UseNetwork.uci_line());
        self.send(&SharedOption::EvalFile.uci_line());
        self.send("triok");
    }

    /// A fresh session of `variant`, which must have more than two players.
    fn fresh_session(&self, variant: &str) -> Result<Box<dyn Session>, String> {
        let session = new_session(variant).map_err(|e| e.to_string())?;
        if session.players() < 3 {
            return Err(format!(
                "{} is a game of two players; the tri dialect plays {}",
                session.variant(),
                multi_player_names().join(", ")
            ));
        }
        Ok(session)
    }

    fn set_option(&mut self, args: &str) {
        let (name, value) = match option_name_value(args) {
            Ok(option) => option,
            Err(e) => return self.error(&e),
        };
        let set = match name.to_ascii_lowercase().as_str() {
            "variant" => self.fresh_session(value).and_then(|session| {
                let evaluation = self.engine.replace_session(session);
                let variant = self.engine.variant();
                self.send(&format!("info string variant {variant}"));
                evaluation
            }),
            "trisearch" => self.engine.set_algorithm(value),
            "hash" => self.engine.set_hash(value),
            // Accepted, since GUIs send it to every engine; the search of more than two
            // players runs on one thread.
            "threads" => self.engine.set_threads(value),
            "move overhead" => self.engine.set_overhead(value),
            option @ ("use nnue" | "evalfile") => self.engine.set_evaluation_option(option, value),
            _ => Err(format!("unknown option '{}'", quote(name, 40))),
        };
        if let Err(e) = set {
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
            overhead: self.engine.overhead,
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
        self.engine.wait_search();
        if let Some(done) = self.engine.perft(args) {
            if let Err(e) = done {
                self.error(&e);
            }
            return;
        }
        match self.parse_go(args) {
            Ok(limits) => self.start(limits),
            Err(e) => self.error(&e),
        }
    }

    fn start(&mut self, limits: Limits) {
        self.engine
            .start(limits.infinite, move |session, job: SearchJob| {
                let out = &job.out;
                let mut on_info = |r: Report| out.send(&info_line(&r));
                match session.think(&limits, &[], job.context(), &mut on_info) {
                    Answer::Move(token) => out.send(&format!("bestmove {token}")),
                    Answer::GameOver(outcome) => {
                        let scores: Vec<String> = outcome_shares(outcome, session.players())
                            .iter()
                            .map(|s| s.to_string())
                            .collect();
                        out.send(&format!("info depth 0 score {}", scores.join(" ")));
                        out.send(&format!(
                            "info string game over: {} ({})",
                            outcome.result_string(),
                            outcome.reason()
                        ));
                        out.send("bestmove (none)");
                    }
                }
            });
    }
}

impl Dialect for Tri {
    const HANDSHAKE: &'static str = "tri";
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
    fn greet(&mut self) {
        self.id();
    }
    fn set_option(&mut self, args: &str) {
        Tri::set_option(self, args);
    }
    fn own_command(&mut self, cmd: &str, args: &str) -> bool {
        match cmd {
            "newgame" | "trinewgame" => self.engine.new_game(),
            "go" => self.go(args),
            "stop" => self.engine.stop_search(),
            "d" => {
                self.engine.wait_search();
                let text = format!(
                    "variant {} search {}\n{}",
                    self.engine.variant(),
                    self.engine.algorithm.name(),
                    self.session().describe()
                );
                self.engine.info_lines(&text);
            }
            _ => return false,
        }
        true
    }
}

/// The tri loop over `input`, after its first `tri` line; returns at `quit` or end of input.
pub fn run<R: BufRead>(input: &mut R, out: Output) {
    serve(input, Tri::new(out));
}
