//! The client side of kaleido's three-player `tri` dialect (docs/protocol.md): UCI's shape with
//! `tri`/`triok` for the greeting, one clock per seat in `go` (`t0 t1 t2`, `inc0 inc1 inc2`, in
//! milliseconds) and a score per seat in `info ... score s0 s1 s2` (each seat's expected
//! points in hundredths; they add up to 200). The dialect serves the multi-player variants,
//! today trichess alone, so there is no variant to set.

use super::adjudication::EngineScore;
use super::clock::Clocks;
use super::config::EngineConfig;
use super::process::EngineProcess;
use super::uci_client::{ClientDialect, UciClient};

pub struct Tri;

impl ClientDialect for Tri {
    fn greeting(&self) -> (&'static str, &'static str) {
        ("tri", "triok")
    }
    fn selects_variant(&self) -> bool {
        false
    }
    fn new_game(&self) -> Option<&'static str> {
        Some("newgame")
    }
    fn clock_words(&self, clocks: &Clocks, mover: usize) -> String {
        let seats = 0..clocks.seats.len();
        let times = seats
            .clone()
            .map(|i| format!("t{i} {}", clocks.reading(i, mover).as_millis()));
        let increments =
            seats.map(|i| format!("inc{i} {}", clocks.increment(i, mover).as_millis()));
        times.chain(increments).collect::<Vec<_>>().join(" ")
    }
    /// Three expected-points scores in hundredths, one per seat.
    fn score(&self, words: &[&str]) -> Option<EngineScore> {
        let scores: Vec<i64> = words
            .iter()
            .take(3)
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        (scores.len() == 3).then_some(EngineScore::Shares(scores))
    }
}

pub fn tri(process: EngineProcess, config: EngineConfig) -> UciClient {
    UciClient::with_dialect(process, config, Box::new(Tri))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arbiter::clock::TimeControl;
    use crate::arbiter::config::FixedLimit;
    use crate::arbiter::uci_client::go_line;
    use std::time::Duration;

    #[test]
    fn tri_clocks_and_scores() {
        let ms = Duration::from_millis;
        let tc = |t: &str| TimeControl::parse(t).ok();
        let clocks = Clocks::new(&[tc("1+0.05"), tc("2+0.05"), tc("3+0.05")], ms(0));
        assert_eq!(
            Tri.clock_words(&clocks, 1),
            "t0 1000 t1 2000 t2 3000 inc0 50 inc1 50 inc2 50"
        );
        let clocks = Clocks::new(&[tc("40/1"), tc("40/1"), tc("40/1")], ms(0));
        assert_eq!(
            go_line(&Tri, FixedLimit::default(), &clocks, 2),
            "go t0 1000 t1 1000 t2 1000 inc0 0 inc1 0 inc2 0 movestogo 40"
        );
        assert_eq!(
            Tri.score(&["79", "41", "79", "nodes"]),
            Some(EngineScore::Shares(vec![79, 41, 79]))
        );
        assert_eq!(Tri.score(&["12", "x"]), None);
    }
}
