//! The arbiter's clocks. The arbiter, not the engines, keeps time: each seat plays to its own
//! control (the match's `--tc`/`--st`, or its engines.ini `tc`/`st` for time odds). The time of
//! a move is measured from the moment the `go` line is written to the moment the engine's
//! answer line arrives (stamped by the reader thread, so our own scheduling is not charged). An
//! engine whose answer comes after its time ran out by more than the margin loses on time; one
//! that does not answer by then is stopped there.

use super::error::SettingError;
use std::fmt;
use std::time::Duration;

/// How long a seat may think, in the forms cutechess-cli and the rating lists use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `[MOVES/]BASE[+INC]`: BASE for every MOVES of the engine's own moves (for the whole game
    /// when MOVES is None), the time left carried into the next period, and INC after each
    /// move.
    Clock {
        moves: Option<u32>,
        base: Duration,
        increment: Duration,
    },
    /// A fixed time for each move (cutechess's `st=`); what a move leaves unused is lost.
    PerMove(Duration),
}

fn seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.parse().ok()?;
    (0.0..1e7)
        .contains(&value)
        .then(|| Duration::from_secs_f64(value))
}

/// Seconds as PGN and XBoard write them: whole where they are whole (what older XBoard
/// engines parse), else with their fraction (`10`, `0.1`).
pub fn decimal(d: Duration) -> String {
    let v = d.as_secs_f64();
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

impl TimeControl {
    /// Reads `[MOVES/]BASE[+INC]`: BASE in seconds (`10`, `0.5`) or minutes:seconds (`1:30`),
    /// INC in seconds (`0.1`), MOVES a whole number (`40/60`; `0/60` is `60`).
    pub fn parse(text: &str) -> Result<TimeControl, SettingError> {
        let bad = || SettingError::time_control(text);
        let text = text.trim();
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m.trim().parse().map_err(|_| bad())?;
                ((m > 0).then_some(m), rest.trim())
            }
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = match base.split_once(':') {
            Some((m, s)) => {
                let m: u64 = m.parse().map_err(|_| bad())?;
                seconds(s).ok_or_else(bad)?
                    + Duration::from_secs(m.checked_mul(60).ok_or_else(bad)?)
            }
            None => seconds(base).ok_or_else(bad)?,
        };
        let increment = seconds(inc).ok_or_else(bad)?;
        // A period with no time in it could never be played; a clock of increments alone can.
        if base.is_zero() && (increment.is_zero() || moves.is_some()) {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }

    /// Reads a fixed time per move in seconds (`--st 0.5`).
    pub fn per_move(text: &str) -> Result<TimeControl, SettingError> {
        match seconds(text.trim()) {
            Some(t) if !t.is_zero() => Ok(TimeControl::PerMove(t)),
            _ => Err(SettingError::MoveTime(crate::errors::quote(text, 30))),
        }
    }
}

/// PGN's TimeControl tag form, which `parse` reads back: `10+0.1`, `40/60`, `60`; a time per
/// move is written as cutechess writes it, `0.5/move`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{}", decimal(base))?;
                if !increment.is_zero() {
                    write!(f, "+{}", decimal(increment))?;
                }
                Ok(())
            }
            TimeControl::PerMove(t) => write!(f, "{}/move", decimal(t)),
        }
    }
}

/// One seat's clock in a game.
#[derive(Clone, Copy, Debug)]
pub struct SeatClock {
    pub control: TimeControl,
    /// Time left: on the clock, or for this move under a fixed time per move.
    pub left: Duration,
    /// The seat's own moves so far (a doublemove turn is one move).
    pub moves_made: u32,
}

impl SeatClock {
    fn new(control: TimeControl) -> SeatClock {
        let left = match control {
            TimeControl::Clock { base, .. } => base,
            TimeControl::PerMove(t) => t,
        };
        SeatClock {
            control,
            left,
            moves_made: 0,
        }
    }

    /// The increment after each move (none under a fixed time per move).
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::Clock { increment, .. } => increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        }
    }

    /// Moves left in this period, counting the one about to be played (UCI's `movestogo`).
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.control {
            TimeControl::Clock { moves: Some(m), .. } => Some(m - self.moves_made % m),
            _ => None,
        }
    }
}

/// One game's clocks: one per seat, none for a seat that plays to a fixed depth or node count.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub seats: Vec<Option<SeatClock>>,
    /// How far past zero an answer may still come (pipe and scheduling delays).
    pub margin: Duration,
}

impl Clocks {
    pub fn new(controls: &[Option<TimeControl>], margin: Duration) -> Clocks {
        Clocks {
            seats: controls.iter().map(|c| c.map(SeatClock::new)).collect(),
            margin,
        }
    }

    pub fn seat(&self, seat: usize) -> Option<&SeatClock> {
        self.seats.get(seat).and_then(Option::as_ref)
    }

    /// How long `seat` may think before it has lost on time; None for a seat with no clock.
    pub fn allowance(&self, seat: usize) -> Option<Duration> {
        self.seat(seat).map(|c| c.left + self.margin)
    }

    /// The time `seat` is told it has, as `reader` (the seat on move) is told it: a seat with
    /// no clock of its own reads as the reader's, so that an engine is never told its opponent
    /// has no time at all.
    pub fn reading(&self, seat: usize, reader: usize) -> Duration {
        self.seat(seat)
            .or_else(|| self.seat(reader))
            .map_or(Duration::ZERO, |c| c.left)
    }

    /// The increment `seat` gets, read like `reading`.
    pub fn increment(&self, seat: usize, reader: usize) -> Duration {
        self.seat(seat)
            .or_else(|| self.seat(reader))
            .map_or(Duration::ZERO, SeatClock::increment)
    }

    /// Charges `seat` for a move that took `used`; false when it came too late (flag fell).
    /// A seat with no clock is never late here (its hang limit is the game loop's).
    pub fn charge(&mut self, seat: usize, used: Duration) -> bool {
        let margin = self.margin;
        let Some(clock) = self.seats.get_mut(seat).and_then(Option::as_mut) else {
            return true;
        };
        if used > clock.left + margin {
            clock.left = Duration::ZERO;
            return false;
        }
        clock.moves_made += 1;
        match clock.control {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                clock.left = clock.left.saturating_sub(used) + increment;
                if moves.is_some_and(|m| clock.moves_made % m == 0) {
                    clock.left += base;
                }
            }
            TimeControl::PerMove(t) => clock.left = t,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn time_controls_read_and_print() {
        assert_eq!(
            tc("10+0.1"),
            TimeControl::Clock {
                moves: None,
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(tc("10+0.1").to_string(), "10+0.1");
        assert_eq!(tc("1:30+1").to_string(), "90+1");
        assert_eq!(tc("60").to_string(), "60");
        assert_eq!(tc("40/60").to_string(), "40/60");
        assert_eq!(tc("40/1:00+0.6").to_string(), "40/60+0.6");
        assert_eq!(tc("0/10+0.1").to_string(), "10+0.1");
        assert_eq!(tc("0+0.5").to_string(), "0+0.5");
        for text in ["10+0.1", "40/60", "40/60+0.6", "2.5", "0+0.5"] {
            assert_eq!(tc(&tc(text).to_string()), tc(text), "{text}");
        }
        for bad in [
            "", "x", "10+", "-5+1", "0+0", "1:xx", "nan", "inf+1", "40/", "/60", "x/60", "-1/60",
            "40/0+1", "40/60/1",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        let st = TimeControl::per_move("0.5").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(st, TimeControl::PerMove(Duration::from_millis(500)));
        assert_eq!(st.to_string(), "0.5/move");
        for bad in ["", "0", "-1", "x", "1e9"] {
            assert!(TimeControl::per_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_charge_add_increment_and_flag() {
        let mut c = Clocks::new(
            &[Some(tc("1+0.1")), Some(tc("1+0.1"))],
            Duration::from_millis(50),
        );
        assert!(c.charge(0, Duration::from_millis(300)));
        assert_eq!(c.reading(0, 0), Duration::from_millis(800));
        // Inside the margin: still on time, the clock stops at zero.
        assert!(c.charge(1, Duration::from_millis(1040)));
        assert_eq!(c.reading(1, 0), Duration::from_millis(100));
        assert!(!c.charge(0, Duration::from_millis(900)));
        assert_eq!(c.allowance(1), Some(Duration::from_millis(150)));
    }

    #[test]
    fn a_repeating_control_adds_its_base_at_each_period_and_counts_moves_down() {
        let ms = Duration::from_millis;
        let mut c = Clocks::new(&[Some(tc("3/1"))], ms(0));
        let mut togo = Vec::new();
        for _ in 0..7 {
            togo.push(c.seat(0).and_then(SeatClock::moves_to_go));
            assert!(c.charge(0, ms(300)));
        }
        assert_eq!(
            togo,
            [3, 2, 1, 3, 2, 1, 3].map(Some).to_vec(),
            "movestogo counts each period down"
        );
        // 7 moves of 300 ms: 3 s of base over three periods, 2.1 s used.
        assert_eq!(c.reading(0, 0), ms(900));
        // Time saved in one period is carried into the next.
        let mut c = Clocks::new(&[Some(tc("2/1"))], ms(0));
        assert!(c.charge(0, ms(100)) && c.charge(0, ms(100)));
        assert_eq!(c.reading(0, 0), ms(1800));
        // Too slow for the period: the flag falls on the move that overruns it.
        let mut c = Clocks::new(&[Some(tc("3/1"))], ms(100));
        assert!(c.charge(0, ms(450)) && c.charge(0, ms(450)));
        assert!(!c.charge(0, ms(450)));
    }

    #[test]
    fn a_time_per_move_is_not_saved_and_seats_keep_their_own_controls() {
        let ms = Duration::from_millis;
        let st = TimeControl::PerMove(ms(500));
        let mut c = Clocks::new(&[Some(st), Some(tc("10+1")), None], ms(50));
        assert!(c.charge(0, ms(100)));
        assert_eq!(c.allowance(0), Some(ms(550)), "unused time is lost");
        assert!(c.charge(0, ms(540)));
        assert!(!c.charge(0, ms(600)));
        assert_eq!(c.increment(1, 0), ms(1000));
        assert_eq!(c.increment(0, 1), Duration::ZERO);
        // The seat with no clock is never flagged and reads as whoever asks.
        assert_eq!(c.allowance(2), None);
        assert!(c.charge(2, Duration::from_secs(3600)));
        assert_eq!(c.reading(2, 1), Duration::from_secs(10));
        assert_eq!(c.seat(1).and_then(SeatClock::moves_to_go), None);
    }
}
