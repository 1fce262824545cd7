//! The arbiter's clocks. The arbiter, not the engines, keeps time: each seat has base time plus
//! an increment per move; the time of a move is measured from the moment the `go` line is
//! written to the moment the engine's answer line arrives (stamped by the reader thread, so
//! our own scheduling is not charged). An engine whose answer comes after its clock ran out by
//! more than the margin loses on time; one that does not answer by then is stopped there.

use super::error::SettingError;
use std::fmt;
use std::time::Duration;

/// Base time and increment per move (`--tc 10+0.1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

fn seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.parse().ok()?;
    (0.0..1e7)
        .contains(&value)
        .then(|| Duration::from_secs_f64(value))
}

impl TimeControl {
    /// Reads `BASE[+INC]`: seconds (`10`, `0.5`) or minutes:seconds (`1:30`), and seconds of
    /// increment (`0.1`).
    pub fn parse(text: &str) -> Result<TimeControl, SettingError> {
        let bad = || SettingError::time_control(text);
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base = match base.split_once(':') {
            Some((m, s)) => {
                let m: u64 = m.parse().map_err(|_| bad())?;
                seconds(s).ok_or_else(bad)?
                    + Duration::from_secs(m.checked_mul(60).ok_or_else(bad)?)
            }
            None => seconds(base).ok_or_else(bad)?,
        };
        let increment = seconds(inc).ok_or_else(bad)?;
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { base, increment })
    }
}

/// PGN's TimeControl tag form: `10+0.1`, `60` (seconds).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |d: Duration| {
            let v = d.as_secs_f64();
            if v.fract() == 0.0 {
                format!("{v:.0}")
            } else {
                format!("{v}")
            }
        };
        if self.increment.is_zero() {
            write!(f, "{}", s(self.base))
        } else {
            write!(f, "{}+{}", s(self.base), s(self.increment))
        }
    }
}

/// One game's clocks, one per seat.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub left: Vec<Duration>,
    pub increment: Duration,
    /// How far past zero an answer may still come (pipe and scheduling delays).
    pub margin: Duration,
}

impl Clocks {
    pub fn new(tc: TimeControl, seats: usize, margin: Duration) -> Clocks {
        Clocks {
            left: vec![tc.base; seats],
            increment: tc.increment,
            margin,
        }
    }

    /// How long `seat` may think before it has lost on time.
    pub fn allowance(&self, seat: usize) -> Duration {
        self.left.get(seat).copied().unwrap_or_default() + self.margin
    }

    /// Charges `seat` for a move that took `used`; false when it came too late (flag fell).
    pub fn charge(&mut self, seat: usize, used: Duration) -> bool {
        let Some(left) = self.left.get_mut(seat) else {
            return false;
        };
        if used > *left + self.margin {
            *left = Duration::ZERO;
            return false;
        }
        *left = left.saturating_sub(used) + self.increment;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_print() {
        let tc = TimeControl::parse("10+0.1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        let tc = TimeControl::parse("1:30+1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tc.base, Duration::from_secs(90));
        assert_eq!(tc.to_string(), "90+1");
        assert_eq!(
            TimeControl::parse("60").map(|t| t.to_string()),
            Ok("60".to_string())
        );
        for bad in ["", "x", "10+", "-5+1", "0+0", "1:xx", "nan", "inf+1"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_charge_add_increment_and_flag() {
        let tc = TimeControl::parse("1+0.1").unwrap_or_else(|e| panic!("{e}"));
        let mut c = Clocks::new(tc, 2, Duration::from_millis(50));
        assert!(c.charge(0, Duration::from_millis(300)));
        assert_eq!(c.left[0], Duration::from_millis(800));
        // Inside the margin: still on time, the clock stops at zero.
        assert!(c.charge(1, Duration::from_millis(1040)));
        assert_eq!(c.left[1], Duration::from_millis(100));
        assert!(!c.charge(0, Duration::from_millis(900)));
        assert_eq!(c.allowance(1), Duration::from_millis(150));
    }
}
