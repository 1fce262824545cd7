//! XBoard's time controls (`level`, `st`, `sd`, `time`, `otim`), turned into search limits.
//! Clock readings arrive in centiseconds; `level` bases in minutes or `m:ss`; `st` in seconds,
//! possibly fractional (python-chess sends `st 0.05`).

use crate::protocol::go::{self, LimitError};
use crate::search::Limits;
use std::time::Duration;
use thiserror::Error;

/// The time control of the game and the latest clock readings.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Moves per session (0 = the whole game), base time, increment per move.
    pub moves_per_session: u32,
    pub base: Duration,
    pub increment: Duration,
    /// `st`: a fixed time per move, overriding the clock.
    pub per_move: Option<Duration>,
    /// `sd`: a depth limit on top of the time control.
    pub depth: Option<i32>,
    /// `time`: the engine's clock; `otim`: the opponent's (kept for completeness).
    pub mine: Option<Duration>,
    pub theirs: Option<Duration>,
}

impl Default for Clock {
    /// XBoard's own default control, 40 moves in 5 minutes, so that a `go` without any time
    /// command still has a bounded search.
    fn default() -> Clock {
        Clock {
            moves_per_session: 40,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
            per_move: None,
            depth: None,
            mine: None,
            theirs: None,
        }
    }
}

/// An XBoard time-control command that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    /// `sd`, `time` and `otim`, read by the rules of `go` (protocol/go.rs).
    #[error(transparent)]
    Limit(#[from] LimitError),
    #[error("level needs MPS BASE INC, e.g. level 40 5 0 or level 0 2:30 5")]
    LevelShape,
    #[error("'{0}' is not a number of moves")]
    Moves(String),
    #[error("'{0}' is not a base time")]
    Base(String),
    #[error("'{0}' is not a number of seconds")]
    Seconds(String),
    #[error("'{0}' is out of range")]
    OutOfRange(String),
    #[error("st needs a time above zero")]
    ZeroTime,
}

/// Parses a non-negative number of seconds, fractional or not.
fn seconds(text: &str) -> Result<Duration, ClockError> {
    let value: f64 = text.parse().map_err(|_| ClockError::Seconds(short(text)))?;
    if !value.is_finite() || !(0.0..=1e7).contains(&value) {
        return Err(ClockError::OutOfRange(short(text)));
    }
    Ok(Duration::from_secs_f64(value))
}

fn short(text: &str) -> String {
    crate::errors::quote(text, 20)
}

impl Clock {
    /// `level MPS BASE INC`: BASE is minutes or `minutes:seconds` (anything after the number,
    /// as in `40 25+5 0`, is ignored as the spec asks), INC is seconds.
    pub fn level(&mut self, args: &str) -> Result<(), ClockError> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let [mps, base, inc] = words[..] else {
            return Err(ClockError::LevelShape);
        };
        let mps: u32 = mps.parse().map_err(|_| ClockError::Moves(short(mps)))?;
        let digits_end = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let (minutes, secs) = match base.split_once(':') {
            Some((m, s)) => (m, &s[..digits_end(s)]),
            None => (&base[..digits_end(base)], "0"),
        };
        let not_a_base = || ClockError::Base(short(base));
        let minutes: u64 = minutes.parse().map_err(|_| not_a_base())?;
        let secs: u64 = secs.parse().map_err(|_| not_a_base())?;
        if minutes > 100_000 || secs > 100_000 {
            return Err(ClockError::OutOfRange(short(base)));
        }
        self.moves_per_session = mps;
        self.base = Duration::from_secs(minutes * 60 + secs);
        self.increment = seconds(inc)?;
        self.per_move = None;
        self.mine = None;
        self.theirs = None;
        Ok(())
    }

    /// `st TIME`: seconds per move, fractional allowed.
    pub fn fixed(&mut self, args: &str) -> Result<(), ClockError> {
        let t = seconds(args.trim())?;
        if t.is_zero() {
            return Err(ClockError::ZeroTime);
        }
        self.per_move = Some(t);
        Ok(())
    }

    /// `sd DEPTH`, by the rule of `go depth`.
    pub fn depth(&mut self, args: &str) -> Result<(), ClockError> {
        self.depth = Some(go::sd_depth(args.trim())?);
        Ok(())
    }

    /// `time` (`mine`) or `otim`: a clock reading in centiseconds, by the rule of `go wtime`.
    pub fn reading(field: &str, args: &str) -> Result<Duration, ClockError> {
        Ok(go::centiseconds(field, Some(args.trim()))?)
    }

    /// The limits for one move; `moves_made` counts the engine's moves so far this game.
    pub fn limits(&self, overhead: Duration, moves_made: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            overhead,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
            return limits;
        }
        // The search may spend up to half of what it is given on one move (its hard limit),
        // and in the big variants one iteration can run well past the soft limit; with a GUI's
        // latency on top, that loses games on short clocks. So a third of the clock is kept
        // out of its reach: one move never takes more than a third of what is left.
        let clock = self.mine.unwrap_or(self.base);
        limits.time_left = Some(clock - clock / 3);
        limits.increment = self.increment;
        if self.moves_per_session > 0 {
            limits.moves_to_go = Some(self.moves_per_session - moves_made % self.moves_per_session);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_st_and_clock_readings() -> Result<(), ClockError> {
        let mut c = Clock::default();
        c.level("40 0:30 0")?;
        assert_eq!(c.base, Duration::from_secs(30));
        c.level("0 2 12")?;
        assert_eq!(
            (c.moves_per_session, c.base, c.increment),
            (0, Duration::from_secs(120), Duration::from_secs(12))
        );
        c.level("40 25+5 0")?;
        assert_eq!(c.base, Duration::from_secs(1500));
        assert!(c.level("40 x 0").is_err());
        assert!(c.level("40 5").is_err());
        c.fixed("0.05")?;
        assert_eq!(
            c.limits(Duration::ZERO, 0).movetime,
            Some(Duration::from_millis(50))
        );
        assert!(c.fixed("-1").is_err() && c.fixed("nan").is_err() && c.fixed("0").is_err());
        assert_eq!(Clock::reading("time", "-30"), Ok(Duration::ZERO));
        assert_eq!(
            Clock::reading("otim", "150"),
            Ok(Duration::from_millis(1500))
        );
        assert!(Clock::reading("time", "lots").is_err());
        c.depth("300")?;
        assert_eq!(c.depth, Some(127));
        assert!(c.depth("0").is_err() && c.depth("-2").is_err() && c.depth("deep").is_err());
        let c = Clock {
            mine: Some(Duration::from_secs(10)),
            ..Clock::default()
        };
        let l = c.limits(Duration::from_millis(20), 39);
        assert_eq!(l.moves_to_go, Some(1));
        // Whatever the control, one move never gets more than a third of the clock.
        for (left_ms, inc_ms) in [(10_000, 0), (800, 300), (200, 1000), (60_000, 5000)] {
            let c = Clock {
                mine: Some(Duration::from_millis(left_ms)),
                increment: Duration::from_millis(inc_ms),
                moves_per_session: 0,
                ..Clock::default()
            };
            let hard = c.limits(Duration::from_millis(50), 0).budget().hard;
            assert!(hard.is_some_and(|h| h <= Duration::from_millis(left_ms / 3)));
        }
        Ok(())
    }
}
