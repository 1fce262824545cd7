//! The client side of UCI, and of kaleido's three-player `tri` dialect, which differs only in
//! its greeting, its clock words and its scores (tri_client.rs). Both: handshake, options,
//! `position ... moves ...` with every ply so far, `go` with the arbiter's clocks or the
//! engine's fixed limit, `info` lines read for the PGN comment, `bestmove`.

use super::adjudication::EngineScore;
use super::clock::{Clocks, SeatClock, TimeControl};
use super::config::{EngineConfig, FixedLimit};
use super::engine::{
    Client, EngineComment, EngineDecision, Fault, GameSetup, ThinkRequest, QUIT_GRACE,
    STARTUP_TIMEOUT,
};
use super::process::EngineProcess;
use std::time::Instant;

/// What differs between UCI and the tri dialect.
pub trait ClientDialect: Send {
    /// The greeting and its answer (`uci`/`uciok`).
    fn greeting(&self) -> (&'static str, &'static str);
    /// Whether the variant is chosen with the UCI_Variant option.
    fn selects_variant(&self) -> bool;
    /// The line that starts a new game, if the dialect has one.
    fn new_game(&self) -> Option<&'static str>;
    /// The clock part of `go`: every seat's time left and increment, as the seat to move is
    /// told them.
    fn clock_words(&self, clocks: &Clocks, mover: usize) -> String;
    /// Reads the score from the words after `score`.
    fn score(&self, words: &[&str]) -> Option<EngineScore>;
}

pub struct Uci;

impl ClientDialect for Uci {
    fn greeting(&self) -> (&'static str, &'static str) {
        ("uci", "uciok")
    }
    fn selects_variant(&self) -> bool {
        true
    }
    fn new_game(&self) -> Option<&'static str> {
        Some("ucinewgame")
    }
    /// UCI has two clocks. With more players (trichess over UCI), seat 0 reads `wtime` and
    /// every other seat `btime`, as kaleido's UCI documents, so `btime` carries the mover's
    /// clock when the mover is not seat 0.
    fn clock_words(&self, clocks: &Clocks, mover: usize) -> String {
        let black = if mover >= 1 { mover } else { 1 };
        let ms = |i: usize| clocks.reading(i, mover).as_millis();
        let inc = |i: usize| clocks.increment(i, mover).as_millis();
        format!(
            "wtime {} btime {} winc {} binc {}",
            ms(0),
            ms(black),
            inc(0),
            inc(black)
        )
    }
    fn score(&self, words: &[&str]) -> Option<EngineScore> {
        let value: i64 = words.get(1)?.parse().ok()?;
        match *words.first()? {
            "cp" => Some(EngineScore::Centipawns(value)),
            "mate" => Some(EngineScore::Mate(value)),
            _ => None,
        }
    }
}

/// The `go` line for the seat on move: its fixed depth or nodes; its time per move as
/// `movetime`; or every seat's clock, with `movestogo` under a repeating control.
pub fn go_line(
    dialect: &dyn ClientDialect,
    limit: FixedLimit,
    clocks: &Clocks,
    mover: usize,
) -> String {
    let mut go = "go".to_string();
    if limit.is_set() {
        if let Some(d) = limit.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = limit.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        return go;
    }
    match clocks.seat(mover) {
        Some(SeatClock {
            control: TimeControl::PerMove(t),
            ..
        }) => go.push_str(&format!(" movetime {}", t.as_millis())),
        Some(clock) => {
            go.push(' ');
            go.push_str(&dialect.clock_words(clocks, mover));
            if let Some(n) = clock.moves_to_go() {
                go.push_str(&format!(" movestogo {n}"));
            }
        }
        // Not reached in a match (an engine without a limit has a clock), but a search
        // without either has no end of its own.
        None => go.push_str(" infinite"),
    }
    go
}

/// A UCI-like engine: plain UCI, or the tri dialect.
pub struct UciClient {
    process: EngineProcess,
    config: EngineConfig,
    dialect: Box<dyn ClientDialect>,
}

impl UciClient {
    pub fn uci(process: EngineProcess, config: EngineConfig) -> UciClient {
        UciClient::with_dialect(process, config, Box::new(Uci))
    }

    pub fn with_dialect(
        process: EngineProcess,
        config: EngineConfig,
        dialect: Box<dyn ClientDialect>,
    ) -> UciClient {
        UciClient {
            process,
            config,
            dialect,
        }
    }

    /// The engine's handshake alone: the `option name ...` lines it announces, after which
    /// it is told to quit. For a caller that must know the options before it plays (a
    /// tuner checking that the parameters it will set exist).
    pub fn announced_options(mut self) -> Result<Vec<String>, Fault> {
        let (hello, ok) = self.dialect.greeting();
        self.send(hello)?;
        let lines = self.wait_for(ok, Instant::now() + STARTUP_TIMEOUT);
        self.process.shut_down("quit", QUIT_GRACE);
        Ok(lines?
            .into_iter()
            .filter(|line| line.trim_start().starts_with("option name "))
            .collect())
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        if self.process.send(line) {
            Ok(())
        } else {
            Err(Fault::Exited)
        }
    }

    /// Reads lines until one equal to `word` (or starting with it and a space).
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<Vec<String>, Fault> {
        let mut seen = Vec::new();
        loop {
            let (line, _) = self.process.recv(Some(deadline)).map_err(|s| match s {
                super::process::Silence::Timeout => Fault::Startup(format!(
                    "no '{word}' within {} s",
                    STARTUP_TIMEOUT.as_secs()
                )),
                other => Fault::from(other),
            })?;
            if line.trim() == word {
                return Ok(seen);
            }
            seen.push(line);
        }
    }
}

/// Whether the engine announced the option `name` (`option name NAME type ...`; names are
/// compared without case, as UCI's are).
fn has_option(options: &[String], name: &str) -> bool {
    options.iter().any(|line| {
        line.trim()
            .strip_prefix("option name ")
            .and_then(|rest| rest.split_once(" type "))
            .is_some_and(|(found, _)| found.trim().eq_ignore_ascii_case(name))
    })
}

/// The `var` values of a `option name UCI_Variant type combo ... var a var b` line.
fn variant_choices(options: &[String]) -> Option<Vec<String>> {
    options.iter().find_map(|line| {
        let rest = line.trim().strip_prefix("option name ")?;
        let (name, spec) = rest.split_once(" type ")?;
        if !name.trim().eq_ignore_ascii_case("UCI_Variant") {
            return None;
        }
        let words: Vec<&str> = spec.split_whitespace().collect();
        Some(
            words
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_string())
                .collect(),
        )
    })
}

impl Client for UciClient {
    fn start(&mut self, setup: &GameSetup) -> Result<(), Fault> {
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        let (hello, ok) = self.dialect.greeting();
        self.send(hello)?;
        let lines = self.wait_for(ok, deadline)?;
        if self.dialect.selects_variant() {
            let theirs = self.config.variant_name(setup.variant).to_string();
            match variant_choices(&lines) {
                Some(choices) if choices.contains(&theirs) => {
                    self.send(&format!("setoption name UCI_Variant value {theirs}"))?;
                }
                Some(choices) => {
                    return Err(Fault::Unsupported(format!(
                        "{} does not offer variant '{theirs}' (UCI_Variant: {})",
                        self.config.name,
                        choices.join(", ")
                    )))
                }
                // Without UCI_Variant an engine plays one game; engines.ini must say which.
                None if !self.config.variants.is_empty() => {}
                None => {
                    return Err(Fault::Unsupported(format!(
                        "{} has no UCI_Variant option; list the variants it plays in engines.ini",
                        self.config.name
                    )))
                }
            }
        }
        if setup.chess960 {
            // Without the option an engine reads king-takes-rook as an illegal move and
            // castles by the king's step alone: it cannot play a shuffled start, as cutechess
            // also judges.
            if !has_option(&lines, "UCI_Chess960") {
                return Err(Fault::Unsupported(format!(
                    "{} cannot play Chess960: it has no UCI_Chess960 option",
                    self.config.name
                )));
            }
            self.send("setoption name UCI_Chess960 value true")?;
        }
        for (name, value) in self.config.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        if let Some(line) = self.dialect.new_game() {
            self.send(line)?;
        }
        self.send("isready")?;
        self.wait_for("readyok", deadline)?;
        Ok(())
    }

    fn think(&mut self, turn: &ThinkRequest) -> Result<EngineDecision, Fault> {
        self.process.drain();
        let mut position = if turn.from_startpos {
            "position startpos".to_string()
        } else {
            format!("position fen {}", turn.start_fen)
        };
        if !turn.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&turn.moves.join(" "));
        }
        self.send(&position)?;
        let go = go_line(&*self.dialect, self.config.limit, turn.clocks, turn.mover);
        self.send(&go)?;
        let mut thought = EngineComment::default();
        loop {
            let (line, at) = self.process.recv(Some(turn.deadline))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    return Ok(EngineDecision::Move {
                        token: words.get(1).unwrap_or(&"(none)").to_string(),
                        at,
                        thought,
                    })
                }
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|w| *w == "depth") {
                        if let Some(d) = words.get(i + 1).and_then(|d| d.parse().ok()) {
                            thought.depth = Some(d);
                        }
                    }
                    if let Some(i) = words.iter().position(|w| *w == "score") {
                        if let Some(s) = self.dialect.score(&words[i + 1..]) {
                            thought.score = Some(s);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn finish(&mut self, _result: &str, _reason: &str) {
        self.process.shut_down("quit", QUIT_GRACE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_lists_are_read_from_the_option_line() {
        let lines = vec![
            "id name x".to_string(),
            "option name UCI_Variant type combo default chess var chess var cylinder".to_string(),
        ];
        assert_eq!(
            variant_choices(&lines),
            Some(vec!["chess".to_string(), "cylinder".to_string()])
        );
        assert_eq!(variant_choices(&lines[..1]), None);
        let chess960 = vec!["option name uci_chess960 type check default false".to_string()];
        assert!(has_option(&chess960, "UCI_Chess960"));
        assert!(!has_option(&lines, "UCI_Chess960"));
    }

    #[test]
    fn uci_scores_and_clocks() {
        assert_eq!(Uci.score(&["cp", "35"]), Some(EngineScore::Centipawns(35)));
        assert_eq!(
            Uci.score(&["cp", "-120", "upperbound"]),
            Some(EngineScore::Centipawns(-120))
        );
        assert_eq!(Uci.score(&["mate", "-3"]), Some(EngineScore::Mate(-3)));
        assert_eq!(Uci.score(&["wdl"]), None);
        let ms = std::time::Duration::from_millis;
        let tc = |t: &str| TimeControl::parse(t).ok();
        let mut clocks = Clocks::new(&[tc("1.5+0.1"), tc("0.9+0.1")], ms(0));
        assert_eq!(
            Uci.clock_words(&clocks, 0),
            "wtime 1500 btime 900 winc 100 binc 100"
        );
        let clocks3 = Clocks::new(&[tc("1.5"), tc("0.9"), tc("0.7")], ms(0));
        assert_eq!(
            Uci.clock_words(&clocks3, 2),
            "wtime 1500 btime 700 winc 0 binc 0"
        );
        let none = FixedLimit::default();
        assert_eq!(
            go_line(&Uci, none, &clocks, 1),
            "go wtime 1500 btime 900 winc 100 binc 100"
        );
        // A repeating control counts the mover's moves down to the next period.
        let mut odds = Clocks::new(&[tc("3/2"), tc("10+0.5")], ms(0));
        assert_eq!(
            go_line(&Uci, none, &odds, 0),
            "go wtime 2000 btime 10000 winc 0 binc 500 movestogo 3"
        );
        assert!(odds.charge(0, ms(500)));
        assert_eq!(
            go_line(&Uci, none, &odds, 0),
            "go wtime 1500 btime 10000 winc 0 binc 500 movestogo 2"
        );
        // Black is not told a movestogo: its control has none.
        assert_eq!(
            go_line(&Uci, none, &odds, 1),
            "go wtime 1500 btime 10000 winc 0 binc 500"
        );
        let st = Clocks::new(&[Some(TimeControl::PerMove(ms(250))), None], ms(0));
        assert_eq!(go_line(&Uci, none, &st, 0), "go movetime 250");
        let depth = FixedLimit {
            depth: Some(3),
            nodes: None,
        };
        assert_eq!(go_line(&Uci, depth, &st, 1), "go depth 3");
        // A seat without a clock reads as the mover's, so no engine hears of a zero clock.
        assert!(clocks.charge(0, ms(500)));
        let mixed = Clocks::new(&[tc("5"), None], ms(0));
        assert_eq!(
            go_line(&Uci, none, &mixed, 0),
            "go wtime 5000 btime 5000 winc 0 binc 0"
        );
    }
}
