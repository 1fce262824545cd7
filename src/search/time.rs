//! The time manager: every decision of a search about its clock. A soft limit past which no
//! iteration starts (scaled by how settled the best move is), a hard one at which the search
//! stops in the middle of one (the node clock watches it), and the forecast of whether the
//! next iteration can end before the hard limit.

use super::limits::{Budget, Limits};
use super::params::{
    ForecastRule, TIME_SCALE_BASE, TIME_SHARE_PIVOT, TIME_SHARE_WEIGHT, TIME_STABILITY,
};
#[cfg(test)]
use super::params::{FORECAST_MORE_PLAYERS, FORECAST_TWO_PLAYERS};
use std::time::{Duration, Instant};

/// How long iterations take, to foresee the next one.
#[derive(Clone, Debug)]
pub struct IterationForecast {
    rule: ForecastRule,
    ended: Duration,
    last: Duration,
    /// The last growths measured, newest last (at most `growths_compared`).
    growths: Vec<f64>,
}

impl IterationForecast {
    pub fn new(rule: ForecastRule) -> IterationForecast {
        IterationForecast {
            rule,
            ended: Duration::ZERO,
            last: Duration::ZERO,
            growths: Vec::new(),
        }
    }

    /// An iteration ended `now` after the search's start.
    pub fn record(&mut self, now: Duration) {
        let rule = &self.rule;
        let took = now.saturating_sub(self.ended);
        if self.last >= rule.timed {
            let growth = took.as_secs_f64() / self.last.as_secs_f64();
            self.growths
                .push(growth.clamp(rule.min_growth, rule.max_growth));
            if self.growths.len() > rule.growths_compared {
                self.growths.remove(0);
            }
        } else {
            self.growths.clear();
        }
        self.ended = now;
        self.last = took;
    }

    /// The growth the next iteration is expected to have over the last.
    fn growth(&self) -> f64 {
        self.growths
            .iter()
            .copied()
            .reduce(f64::min)
            .unwrap_or(self.rule.unknown_growth)
    }

    /// How long the next iteration is expected to take.
    pub fn next(&self) -> Duration {
        self.last.mul_f64(self.growth())
    }

    /// Whether the growth is steep enough for the forecast to be acted on.
    pub fn sure(&self) -> bool {
        self.growth() >= self.rule.acts_from
    }
}

/// The scale of the soft limit from how settled the search is: a best move that has stood
/// for `stable` iterations and took `share` of the nodes needs less time than one that just
/// changed or shares the effort with rivals.
pub fn soft_scale(stable: usize, share: f64) -> f64 {
    let effort = (TIME_SHARE_PIVOT - share) * TIME_SHARE_WEIGHT;
    TIME_SCALE_BASE * TIME_STABILITY[stable.min(TIME_STABILITY.len() - 1)] * effort
}

/// One search's time decisions.
pub struct TimeManager {
    start: Instant,
    budget: Budget,
    /// The search is bounded by depth or nodes as well: the forecast never stops it then.
    bounded_otherwise: bool,
    forecast: IterationForecast,
    /// Iterations the best move has stood unchanged.
    stable: usize,
}

impl TimeManager {
    pub fn new(limits: &Limits, start: Instant, rule: ForecastRule) -> TimeManager {
        TimeManager {
            start,
            budget: limits.budget(),
            bounded_otherwise: limits.depth.is_some() || limits.nodes.is_some(),
            forecast: IterationForecast::new(rule),
            stable: 0,
        }
    }

    /// When the search started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// The hard limit, which the node clock watches.
    pub fn hard_limit(&self) -> Option<Duration> {
        self.budget.hard
    }

    /// An iteration ended; `best_kept` says whether its best move is the last one's.
    pub fn iteration_done(&mut self, best_kept: bool) {
        self.forecast.record(self.start.elapsed());
        self.stable = if best_kept { self.stable + 1 } else { 0 };
    }

    /// Whether the soft limit, scaled by how settled the best move is (`share`: its share of
    /// the nodes; None to leave the soft limit as it is), has passed.
    pub fn past_soft(&self, share: Option<f64>) -> bool {
        let scale = share.map_or(1.0, |share| soft_scale(self.stable, share));
        self.budget.soft.is_some_and(|soft| {
            let scaled = soft.mul_f64(scale);
            self.start.elapsed() >= self.budget.hard.map_or(scaled, |hard| scaled.min(hard))
        })
    }

    /// Whether the next iteration may start, given the share of it that its first root move
    /// (the best so far, searched first) is expected to take: its share of the nodes so far.
    /// Not when that first move is forecast to end past the hard limit, whatever the growth:
    /// an iteration cut short answers only once a root move has raised alpha, so one that
    /// cannot finish its first move only burns clock that later moves could use. Nor when
    /// the forecast is sure and says the whole iteration would end past the hard limit.
    pub fn next_iteration_fits(&self, first_move_share: f64) -> bool {
        let Some(hard) = self.budget.hard.filter(|_| !self.bounded_otherwise) else {
            return true;
        };
        let elapsed = self.start.elapsed();
        let next = self.forecast.next();
        let first_move = next.mul_f64(first_move_share.clamp(0.0, 1.0));
        elapsed + first_move <= hard && (!self.forecast.sure() || elapsed + next <= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_player_forecast_takes_the_smaller_of_the_last_two_growths() {
        let ms = Duration::from_millis;
        let mut pace = IterationForecast::new(FORECAST_TWO_PLAYERS);
        pace.record(ms(10));
        assert_eq!(pace.next(), ms(20), "no growth known yet: twice the last");
        pace.record(ms(40));
        assert_eq!(pace.next(), ms(90), "30 ms after 10 ms: three times");
        pace.record(ms(340));
        assert_eq!(
            pace.next(),
            ms(900),
            "300 after 30 (capped at 5) and 30 after 10: three"
        );
        pace.record(ms(1840));
        assert_eq!(pace.next(), ms(7500), "the smaller of five and five");
        pace.record(ms(2440));
        assert_eq!(
            pace.next(),
            ms(900),
            "600 after 1500: floored at one and a half"
        );
        assert!(!pace.sure());
        pace.record(ms(4240));
        assert!(
            !pace.sure(),
            "1800 after 600 is threefold, but the one before was not"
        );
        pace.record(ms(9640));
        assert!(pace.sure(), "5400 after 1800 after 600: threefold twice");
    }

    #[test]
    fn the_forecast_for_more_players_takes_the_last_growth_and_always_acts() {
        let ms = Duration::from_millis;
        let mut pace = IterationForecast::new(FORECAST_MORE_PLAYERS);
        pace.record(ms(10));
        assert_eq!(pace.next(), ms(80), "eight times until a growth is known");
        assert!(pace.sure());
        pace.record(ms(110));
        assert_eq!(pace.next(), ms(1000), "100 after 10: ten times");
        pace.record(ms(210));
        assert_eq!(pace.next(), ms(300), "100 after 100: floored at three");
    }

    #[test]
    fn a_settled_best_move_uses_about_the_soft_limit_and_a_new_one_more() {
        let settled = soft_scale(4, 0.8);
        assert!((0.9..1.1).contains(&settled), "{settled}");
        assert!(soft_scale(0, 0.8) > 2.0 * settled);
        assert!(soft_scale(4, 0.3) > soft_scale(4, 0.9));
        assert_eq!(soft_scale(9, 0.8), settled, "four or more iterations alike");
    }

    #[test]
    fn a_search_bounded_by_depth_is_never_stopped_by_the_forecast() {
        let limits = Limits {
            depth: Some(30),
            time_left: Some(Duration::from_millis(1)),
            ..Limits::default()
        };
        let time = TimeManager::new(&limits, Instant::now(), FORECAST_MORE_PLAYERS);
        assert!(time.next_iteration_fits(1.0));
    }

    #[test]
    fn no_iteration_starts_whose_first_move_would_end_past_the_hard_limit() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let start = Instant::now() - Duration::from_millis(300);
        let mut time = TimeManager::new(&limits, start, FORECAST_TWO_PLAYERS);
        // Iterations of 100 and then 200 ms: the next is forecast at 400 ms (a growth of two,
        // too slow for the whole-iteration forecast to be acted on).
        time.forecast.record(Duration::from_millis(100));
        time.forecast.record(Duration::from_millis(300));
        assert!(!time.forecast.sure());
        assert!(time.next_iteration_fits(0.5), "300 + 200 ms fits in 1000");
        assert!(time.next_iteration_fits(1.0), "300 + 400 ms fits too");
        let late = TimeManager {
            start: Instant::now() - Duration::from_millis(750),
            ..time
        };
        assert!(late.next_iteration_fits(0.5), "750 + 200 ms fits");
        assert!(
            !late.next_iteration_fits(0.8),
            "750 + 320 ms does not: its first move would be cut, and the iteration give nothing"
        );
    }
}
