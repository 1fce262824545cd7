//! A match's totals, kept the same way whether the games arrive from engines as they finish
//! (report.rs) or from the PGN files of a match played in shards (merge.rs): each engine's
//! points, the two-player score per game and per opening pair, the three-player table, and the
//! statistics lines they print.

use super::sprt::Sprt;
use crate::stats::ratings::{self, Rating};
use crate::stats::{PairedScore, Score, Table};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct Tally {
    pub names: Vec<String>,
    /// Seats per game: two, or three in trichess.
    players: usize,
    /// A match of two engines: the first engine's score against the second, per game and per
    /// pair.
    pub score: PairedScore,
    /// Every engine's points.
    pub points: Vec<f64>,
    /// Points, games and head-to-head comparisons per engine.
    pub table: Table,
    /// Two-player games: for every two engines that met (the lower index first), the first's
    /// score against the second, per game and per pair.
    paired: BTreeMap<(usize, usize), PairedScore>,
    /// Games of more players: for every two engines that sat at one board, who scored more.
    compared: BTreeMap<(usize, usize), Score>,
    pub games: usize,
}

impl Tally {
    /// The tally of `names`' games, `players` to a game.
    pub fn new(names: Vec<String>, players: usize) -> Tally {
        Tally {
            points: vec![0.0; names.len()],
            table: Table::new(names.clone()),
            names,
            players,
            score: PairedScore::default(),
            paired: BTreeMap::new(),
            compared: BTreeMap::new(),
            games: 0,
        }
    }

    /// More engines than a game seats: the engines meet in turn, and the report is standings.
    pub fn is_tournament(&self) -> bool {
        self.names.len() > self.players
    }

    /// Adds game `game` of the match (counted from 0: the schedule's numbering, which puts the
    /// games of a block side by side, so `game / players!` names its block and, for two
    /// players, its pair), in which engine `seating[seat]` sat in `seat` and scored
    /// `seat_points[seat]`.
    pub fn add(&mut self, game: usize, seating: &[usize], seat_points: &[f64]) {
        self.games += 1;
        let mut engine_points = vec![None; self.names.len()];
        for (seat, &who) in seating.iter().enumerate() {
            let p = seat_points.get(seat).copied().unwrap_or(0.0);
            if let Some(total) = self.points.get_mut(who) {
                *total += p;
                engine_points[who] = Some(p);
            }
        }
        let met: Vec<(usize, f64)> = engine_points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i, p)))
            .collect();
        if self.players == 2 {
            if let [(a, pa), (b, pb)] = met[..] {
                let pair = (game / 2) as u64;
                self.paired.entry((a, b)).or_default().add(pair, pa, pb);
                if (a, b) == (0, 1) && self.names.len() == 2 {
                    self.score.add(pair, pa, pb);
                }
            }
        } else {
            for (k, &(a, pa)) in met.iter().enumerate() {
                for &(b, pb) in &met[k + 1..] {
                    self.compared.entry((a, b)).or_default().compare(pa, pb);
                }
            }
        }
        self.table.add(&engine_points);
    }

    /// Every encounter so far, as the ratings fit takes them.
    fn encounters(&self) -> Vec<ratings::Encounter> {
        let paired = self.paired.iter().map(|(&(a, b), s)| s.encounter(a, b));
        let compared = self.compared.iter().map(|(&(a, b), s)| s.encounter(a, b));
        paired.chain(compared).collect()
    }

    /// The standings: rank, name, rating with its interval, games, score and draws, best
    /// first; by rating in two-player games, by points per game with more players (where a
    /// game's points are the tournament's measure and the rating a summary of the
    /// head-to-head comparisons).
    pub fn standings(&self) -> Vec<String> {
        let ratings = ratings::fit(self.names.len(), &self.encounters());
        let per_game = |i: usize| self.points[i] / self.table.games[i].max(1) as f64;
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        if self.players == 2 {
            order.sort_by(|&i, &j| ratings[j].elo.total_cmp(&ratings[i].elo));
        } else {
            order.sort_by(|&i, &j| per_game(j).total_cmp(&per_game(i)));
        }
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
        let mut lines = vec![format!(
            "{:>4} {:<width$} {:>6} {:>6} {:>6} {:>7} {:>7}",
            "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
        )];
        for (rank, &i) in order.iter().enumerate() {
            let games = self.table.games[i];
            let Rating { elo, margin } = ratings[i];
            let side = &self.table.pairwise[i];
            // Two-player score is points per game; with more players, the share of the
            // points a game hands out (two in trichess).
            let score = per_game(i) / if self.players == 2 { 1.0 } else { 2.0 };
            lines.push(format!(
                "{:>4} {:<width$} {:>6} {:>6} {:>6} {:>6.1}% {:>6.1}%",
                rank + 1,
                self.names[i],
                if games == 0 {
                    "-".to_string()
                } else {
                    format!("{:.0}", elo + 0.0)
                },
                margin.map_or("-".to_string(), |m| format!("{m:.0}")),
                games,
                100.0 * score,
                100.0 * side.draw_ratio(),
            ));
        }
        lines
    }

    /// `Score of A vs B: W - L - D  [ratio] N`, in two-player matches.
    pub fn score_line(&self) -> Option<String> {
        if self.players != 2 || self.is_tournament() {
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
        if self.is_tournament() {
            return self.standings();
        }
        if self.players != 2 {
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
        if self.players == 2 && !self.is_tournament() {
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
        let mut t = Tally::new(vec!["a".into(), "b".into()], 2);
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
        let mut t = Tally::new(vec!["a".into(), "b".into(), "c".into()], 3);
        t.add(0, &[2, 0, 1], &[2.0, 0.0, 0.0]);
        assert_eq!(t.points, vec![0.0, 0.0, 2.0]);
        assert!(t.score_line().is_none());
        assert!(t.statistics(None)[2].starts_with("c: 2.00 points in 1 games"));
    }

    #[test]
    fn a_tournament_reports_standings_that_agree_with_the_scores() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|n| n.to_string()).collect();
        let mut t = Tally::new(names, 2);
        assert!(t.is_tournament());
        // a beats b 3-1 over two pairs, b beats c 3-1, a and c draw twice.
        let games: [(usize, usize, f64); 10] = [
            (0, 1, 1.0),
            (1, 0, 0.0),
            (0, 1, 1.0),
            (1, 0, 1.0),
            (1, 2, 1.0),
            (2, 1, 0.0),
            (1, 2, 0.0),
            (2, 1, 0.0),
            (0, 2, 0.5),
            (2, 0, 0.5),
        ];
        for (g, &(white, black, white_points)) in games.iter().enumerate() {
            t.add(g, &[white, black], &[white_points, 1.0 - white_points]);
        }
        assert_eq!(t.points, vec![4.0, 4.0, 2.0]);
        assert!(t.score_line().is_none(), "no single score in a tournament");
        let lines = t.statistics(None);
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("Rank Name"), "{}", lines[0]);
        let row = |name: &str| -> Vec<String> {
            let line = lines
                .iter()
                .find(|l| l.split_whitespace().nth(1) == Some(name))
                .unwrap_or_else(|| panic!("{name} in {lines:?}"));
            line.split_whitespace().map(String::from).collect()
        };
        // c scored 2 of 6: the last rank and a negative rating. b's 3-1 over c and a's 3-1
        // over b rank a first.
        assert_eq!(row("c")[0], "3");
        assert_eq!(row("a")[0], "1");
        assert!(row("c")[2].parse::<f64>().unwrap_or_default() < -50.0);
        assert_eq!(row("a")[4], "6", "games");
        assert_eq!(row("a")[5], "66.7%");
        assert_eq!(row("a")[6], "33.3%", "two draws in six games");
    }

    #[test]
    fn a_three_player_tournament_ranks_by_points_per_game() {
        let names: Vec<String> = ["a", "b", "c", "d"].iter().map(|n| n.to_string()).collect();
        let mut t = Tally::new(names, 3);
        // d wins both its games; a plays three, scoring a little.
        t.add(0, &[0, 1, 3], &[0.5, 0.0, 1.5]);
        t.add(1, &[3, 2, 0], &[2.0, 0.0, 0.0]);
        t.add(2, &[0, 1, 2], &[1.0, 0.5, 0.5]);
        let lines = t.statistics(None);
        let first: Vec<&str> = lines[1].split_whitespace().collect();
        assert_eq!(&first[..2], &["1", "d"]);
        assert_eq!(first[4], "2");
        assert_eq!(first[5], "87.5%", "3.5 of the 4 points of its two games");
    }
}
