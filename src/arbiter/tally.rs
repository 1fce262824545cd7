//! A match's totals, kept the same way whether the games arrive from engines as they finish
//! (report.rs) or from the PGN files of a match played in shards (merge.rs): each engine's
//! points, the two-player score per game and per opening pair, the three-player table, and the
//! statistics lines they print.

use super::sprt::Sprt;
use crate::stats::{PairedScore, Table};

#[derive(Clone, Debug)]
pub struct Tally {
    pub names: Vec<String>,
    /// Two players: the first engine's score against the second, per game and per pair.
    pub score: PairedScore,
    /// Every engine's points.
    pub points: Vec<f64>,
    /// Three or more players: points and head-to-head comparisons per engine.
    pub table: Table,
    pub games: usize,
}

impl Tally {
    pub fn new(names: Vec<String>) -> Tally {
        Tally {
            points: vec![0.0; names.len()],
            table: Table::new(names.clone()),
            names,
            score: PairedScore::default(),
            games: 0,
        }
    }

    fn players(&self) -> usize {
        self.names.len()
    }

    /// Adds game `game` of the match (counted from 0: the schedule's numbering, which puts the
    /// two games of an opening pair side by side), in which `seating[seat]` sat in `seat` and
    /// scored `seat_points[seat]`.
    pub fn add(&mut self, game: usize, seating: &[usize], seat_points: &[f64]) {
        self.games += 1;
        let mut engine_points = vec![None; self.players()];
        for (seat, &who) in seating.iter().enumerate() {
            let p = seat_points.get(seat).copied().unwrap_or(0.0);
            if let Some(total) = self.points.get_mut(who) {
                *total += p;
                engine_points[who] = Some(p);
            }
        }
        if self.players() == 2 {
            let (a, b) = (
                engine_points[0].unwrap_or(0.0),
                engine_points[1].unwrap_or(0.0),
            );
            self.score.add((game / 2) as u64, a, b);
        }
        self.table.add(&engine_points);
    }

    /// `Score of A vs B: W - L - D  [ratio] N`, in two-player matches.
    pub fn score_line(&self) -> Option<String> {
        if self.players() != 2 {
            return None;
        }
        let sc = self.score.games;
        Some(format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            sc.wins,
            sc.losses,
            sc.draws,
            sc.ratio(),
            sc.games()
        ))
    }

    /// The SPRT's evidence: the completed opening pairs.
    pub fn sprt_outcomes(&self) -> Vec<(f64, f64)> {
        self.score.pairs.outcomes()
    }

    /// The statistics block: Elo, LOS, draw ratio and the pairs (and the SPRT's state when
    /// `sprt` is given) for two players; a line per engine for more.
    pub fn statistics(&self, sprt: Option<&Sprt>) -> Vec<String> {
        if self.players() != 2 {
            return self.table.lines();
        }
        let mut lines = self.score.lines();
        if let Some(sprt) = sprt {
            lines.push(sprt.status_line(&self.sprt_outcomes()));
        }
        lines
    }

    /// The score so far in a few words, for the progress bar.
    pub fn running(&self) -> String {
        if self.players() == 2 {
            let sc = self.score.games;
            let elo = self.score.elo().map_or("n/a".to_string(), |(elo, margin)| {
                format!("{:+.0} +/- {margin:.0}", elo + 0.0)
            });
            format!("{} - {} - {}, Elo {elo}", sc.wins, sc.losses, sc.draws)
        } else {
            let points: Vec<String> = self
                .names
                .iter()
                .zip(&self.points)
                .map(|(name, p)| format!("{name} {p:.2}"))
                .collect();
            points.join(", ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_count_for_the_engine_in_the_seat() {
        let mut t = Tally::new(vec!["a".into(), "b".into()]);
        // Game 0: a White wins; game 1 (same opening, b White): drawn. Pair total 1.5 for a.
        t.add(0, &[0, 1], &[1.0, 0.0]);
        t.add(1, &[1, 0], &[0.5, 0.5]);
        // Game 3 before game 2: b White wins, then a White wins. Pair total 1 for a.
        t.add(3, &[1, 0], &[1.0, 0.0]);
        t.add(2, &[0, 1], &[1.0, 0.0]);
        assert_eq!(t.points, vec![2.5, 1.5]);
        assert_eq!(t.score.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(
            t.score_line().as_deref(),
            Some("Score of a vs b: 2 - 1 - 1  [0.625] 4")
        );
        assert_eq!(t.statistics(None)[1], "Ptnml(0-2): [0, 0, 1, 1, 0]");
    }

    #[test]
    fn three_players_fill_the_table() {
        let mut t = Tally::new(vec!["a".into(), "b".into(), "c".into()]);
        t.add(0, &[2, 0, 1], &[2.0, 0.0, 0.0]);
        assert_eq!(t.points, vec![0.0, 0.0, 2.0]);
        assert!(t.score_line().is_none());
        assert!(t.statistics(None)[2].starts_with("c: 2.00 points in 1 games"));
    }
}
