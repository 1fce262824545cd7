//! The client side of XBoard/CECP v2. The engine is kept in `force` mode except while it
//! thinks: before each of its moves the arbiter sends the plies it has not seen yet, its clock
//! (`time`) and the opponent's (`otim`), then `go`; after its `move` it is put back in `force`.
//! So the engine never plays on its own and the arbiter's record stays the one truth. Its
//! `move` may be in coordinates or in SAN, as CECP allows (notation.rs reads both). Result
//! claims from the engine are ignored (kaleido adjudicates by its own rules); `resign` loses.

use super::adjudication::EngineScore;
use super::clock::{decimal, TimeControl};
use super::config::EngineConfig;
use super::engine::{
    Client, EngineComment, EngineDecision, Fault, GameSetup, ThinkRequest, QUIT_GRACE,
    STARTUP_TIMEOUT,
};
use super::notation::MoveNotation;
use super::process::{EngineProcess, Silence};
use std::time::{Duration, Instant};

/// How long a protocol-1 engine (no `feature` lines at all) is given to show it is one.
const FEATURE_WAIT: Duration = Duration::from_secs(2);

pub struct XboardClient {
    process: EngineProcess,
    config: EngineConfig,
    usermove: bool,
    ping: bool,
    setboard: bool,
    /// The `variants` feature, when the engine sent one.
    variants: Option<Vec<String>>,
    /// How many turns of the game the engine has been told of (or played itself).
    known: usize,
    /// A Chess960 game: castling is sent as `O-O`/`O-O-O`.
    chess960: bool,
}

/// The command that tells an engine its control: `level MPS BASE INC` (MPS 0 for the whole
/// game, BASE in minutes:seconds, INC in seconds) or `st SECONDS`.
pub fn control_command(control: TimeControl) -> String {
    match control {
        TimeControl::Clock {
            moves,
            base,
            increment,
        } => {
            let secs = base.as_secs();
            format!(
                "level {} {}:{:02} {}",
                moves.unwrap_or(0),
                secs / 60,
                secs % 60,
                decimal(increment)
            )
        }
        TimeControl::PerMove(t) => format!("st {}", decimal(t)),
    }
}

/// Reads `feature a=1 b="x y" c=0` into name/value pairs.
pub fn features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line
        .trim()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        out.push((name, value.to_string()));
        rest = tail.trim_start();
    }
    out
}

/// One line of thinking output: `ply score time nodes pv...` (score in centipawns).
fn thinking(line: &str) -> Option<EngineComment> {
    let mut words = line.split_whitespace();
    let depth: u32 = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    // CECP: "mate in N moves" is 100000 + N, "mated in N" is -100000 - N.
    let score = if score.abs() >= 100_000 {
        EngineScore::Mate(score.signum() * (score.abs() - 100_000))
    } else {
        EngineScore::Centipawns(score)
    };
    Some(EngineComment {
        score: Some(score),
        depth: Some(depth),
    })
}

impl XboardClient {
    pub fn new(process: EngineProcess, config: EngineConfig) -> XboardClient {
        XboardClient {
            process,
            config,
            usermove: false,
            ping: false,
            setboard: false,
            variants: None,
            known: 0,
            chess960: false,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        if self.process.send(line) {
            Ok(())
        } else {
            Err(Fault::Exited)
        }
    }

    /// Reads the `feature` lines up to `done=1`, answering each.
    fn read_features(&mut self, deadline: Instant) -> Result<(), Fault> {
        let mut waiting_for_done = false;
        let mut quiet_until = Instant::now() + FEATURE_WAIT;
        loop {
            let until = if waiting_for_done {
                deadline
            } else {
                quiet_until.min(deadline)
            };
            let line = match self.process.recv(Some(until)) {
                Ok((line, _)) => line,
                // Protocol 1, or a version 2 engine that never says done=1: go with defaults.
                Err(Silence::Timeout) if !waiting_for_done => return Ok(()),
                Err(Silence::Timeout) => {
                    return Err(Fault::Startup(format!(
                        "no 'feature done=1' within {} s",
                        STARTUP_TIMEOUT.as_secs()
                    )))
                }
                Err(other) => return Err(other.into()),
            };
            if !line.starts_with("feature") {
                continue;
            }
            for (name, value) in features(&line) {
                let on = value == "1";
                let verdict = match name.as_str() {
                    "done" => {
                        if on {
                            self.send("accepted done")?;
                            return Ok(());
                        }
                        waiting_for_done = true;
                        "accepted"
                    }
                    "usermove" => {
                        self.usermove = on;
                        "accepted"
                    }
                    "ping" => {
                        self.ping = on;
                        "accepted"
                    }
                    "setboard" => {
                        self.setboard = on;
                        "accepted"
                    }
                    "variants" => {
                        self.variants = Some(value.split(',').map(|v| v.trim().into()).collect());
                        "accepted"
                    }
                    // Moves go out in coordinate notation only.
                    "san" if on => "rejected",
                    _ => "accepted",
                };
                self.send(&format!("{verdict} {name}"))?;
            }
            quiet_until = Instant::now() + FEATURE_WAIT;
        }
    }

    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        if !self.ping {
            return Ok(());
        }
        self.send("ping 1")?;
        loop {
            let (line, _) = self.process.recv(Some(deadline))?;
            if line.trim() == "pong 1" {
                return Ok(());
            }
        }
    }
}

impl Client for XboardClient {
    fn start(&mut self, setup: &GameSetup) -> Result<(), Fault> {
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        self.send("xboard")?;
        self.send("protover 2")?;
        self.read_features(deadline)?;
        self.chess960 = setup.chess960;
        let shuffled = setup.chess960 && !setup.shuffled_variant.is_empty();
        let theirs = if shuffled {
            setup.shuffled_variant.to_string()
        } else {
            self.config.variant_name(setup.variant).to_string()
        };
        self.send("new")?;
        // A shuffled form (fischerandom) is played only by an engine that names it: one that
        // does not would read the shuffled start as the variant's own and castle wrongly.
        if shuffled
            && !self
                .variants
                .as_ref()
                .is_some_and(|list| list.contains(&theirs))
        {
            return Err(Fault::Unsupported(format!(
                "{} cannot play Chess960: its variants feature does not list '{theirs}' ({})",
                self.config.name,
                self.variants
                    .as_ref()
                    .map_or("no variants feature".to_string(), |list| list.join(", "))
            )));
        }
        // "normal" is CECP's name for the game an engine plays after `new`.
        if theirs != "normal" {
            if let Some(list) = &self.variants {
                if !list.contains(&theirs) {
                    return Err(Fault::Unsupported(format!(
                        "{} does not offer variant '{theirs}' (variants: {})",
                        self.config.name,
                        list.join(", ")
                    )));
                }
            }
            self.send(&format!("variant {theirs}"))?;
        }
        self.send("force")?;
        // A shuffled game always gets its position, even one that happens to be the start.
        if !setup.from_startpos || setup.chess960 {
            if !self.setboard {
                return Err(Fault::Unsupported(format!(
                    "{} cannot set up a position (no setboard feature); use openings as moves from the start",
                    self.config.name
                )));
            }
            self.send(&format!("setboard {}", setup.start_fen))?;
        }
        for (name, value) in self.config.options.clone() {
            self.send(&format!("option {name}={value}"))?;
        }
        let limit = self.config.limit;
        if limit.nodes.is_some() {
            return Err(Fault::Unsupported(format!(
                "{}: XBoard has no node limit; use depth or movetime",
                self.config.name
            )));
        }
        if let Some(d) = limit.depth {
            self.send(&format!("sd {d}"))?;
        }
        if let Some(control) = setup.control {
            self.send(&control_command(control))?;
        }
        self.send("post")?;
        self.send("easy")?;
        self.sync(deadline)
    }

    fn think(&mut self, turn: &ThinkRequest) -> Result<EngineDecision, Fault> {
        self.process.drain();
        // Whole turns: the engine answers with a whole turn, and is told the others' so.
        let turns = if self.chess960 {
            turn.cecp_turns
        } else {
            turn.turns
        };
        for mv in turns.iter().skip(self.known) {
            let mv = mv.clone();
            if self.usermove {
                self.send(&format!("usermove {mv}"))?;
            } else {
                self.send(&mv)?;
            }
        }
        let mover = turn.mover;
        // Clock readings under a clock; under `st` the engine needs none.
        if let Some(TimeControl::Clock { .. }) = turn.clocks.seat(mover).map(|c| c.control) {
            let cs = |seat: usize| turn.clocks.reading(seat, mover).as_millis() / 10;
            let next = (mover + 1) % turn.clocks.seats.len().max(1);
            self.send(&format!("time {}", cs(mover)))?;
            self.send(&format!("otim {}", cs(next)))?;
        }
        self.send("go")?;
        let mut thought = EngineComment::default();
        loop {
            let (line, at) = self.process.recv(Some(turn.deadline))?;
            let line = line.trim();
            if let Some(mv) = line.strip_prefix("move ") {
                // Back to force mode at once: the engine must not answer the next move itself.
                self.send("force")?;
                self.known = turn.turns.len() + 1;
                return Ok(EngineDecision::Move {
                    token: mv.trim().to_string(),
                    at,
                    thought,
                });
            }
            if line == "resign" || line.starts_with("resign ") {
                return Ok(EngineDecision::Resign { at });
            }
            if line.starts_with("Illegal move") || line.starts_with("Error") {
                // The engine refuses a move kaleido's rules allow (or a command): it cannot
                // follow the game any more, and would only lose on time.
                return Err(Fault::Refused(line.to_string()));
            }
            if let Some(t) = thinking(line) {
                thought = t;
            }
        }
    }

    /// CECP lets an engine answer `move O-O` or `move Nf3` whatever it is sent.
    fn move_notation(&self) -> MoveNotation {
        MoveNotation::TokensOrSan
    }

    fn finish(&mut self, result: &str, reason: &str) {
        self.process.send(&format!("result {result} {{{reason}}}"));
        self.process.shut_down("quit", QUIT_GRACE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_features() {
        let ms = Duration::from_millis;
        let tc = |t: &str| TimeControl::parse(t).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(control_command(tc("10+0.1")), "level 0 0:10 0.1");
        assert_eq!(control_command(tc("300+2")), "level 0 5:00 2");
        assert_eq!(control_command(tc("40/60")), "level 40 1:00 0");
        assert_eq!(control_command(tc("40/4+0.05")), "level 40 0:04 0.05");
        assert_eq!(control_command(TimeControl::PerMove(ms(2000))), "st 2");
        assert_eq!(control_command(TimeControl::PerMove(ms(250))), "st 0.25");
        let f =
            features(r#"feature myname="Fairy-Max 5.0b" ping=1 variants="normal,cylinder" done=0"#);
        assert_eq!(f[0], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(f[1], ("ping".into(), "1".into()));
        assert_eq!(f[2], ("variants".into(), "normal,cylinder".into()));
        assert_eq!(f[3], ("done".into(), "0".into()));
    }

    #[test]
    fn thinking_lines() {
        let t = thinking(" 6      3       10     104514 g8f6 b1c3").unwrap_or_default();
        assert_eq!(
            (t.depth, t.score),
            (Some(6), Some(EngineScore::Centipawns(3)))
        );
        let m = thinking("9 100002 20 5000 e2e4").unwrap_or_default();
        assert_eq!(m.score, Some(EngineScore::Mate(2)));
        let m = thinking("9 -100003 20 5000 e2e4").unwrap_or_default();
        assert_eq!(m.score, Some(EngineScore::Mate(-3)));
        assert!(thinking("# times @ 3952").is_none());
        assert!(thinking("move e2e4").is_none());
    }
}
