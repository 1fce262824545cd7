//! In-process games of more than two players (trichess): one player alone against copies of
//! another in the remaining seats, adjudicated by the variant's own rules and scored by the
//! rules' share of the points. Generic over `MultiSearchable`; the two-player games are in
//! this module's parent.

use super::{random_opening, PlayerKind};
use crate::game::Game;
use crate::outcome::{EndReason, Outcome};
use crate::record::GameRecord;
use crate::search::multi::{result_score, search_multi, Algorithm, MultiSearchable};
use crate::search::TranspositionTable;
use crate::stats::{Score, Table};
use std::sync::atomic::AtomicBool;

/// The transposition table of each seat's search, in MiB.
pub const SEAT_TABLE_MIB: usize = 8;

/// The move `kind` plays in the game so far (None: no legal move). Deterministic for every
/// kind but a time-limited search.
pub fn choose<G: MultiSearchable>(
    kind: &PlayerKind,
    record: &GameRecord<G>,
    algorithm: Algorithm,
    tt: &TranspositionTable,
) -> Option<G::Move> {
    let pos = record.current();
    match kind {
        PlayerKind::Search(limits) => {
            let history = record.hashes_before_current();
            let stop = AtomicBool::new(false);
            search_multi(pos, &history, limits, algorithm, tt, &stop, |_| {}).best
        }
        PlayerKind::OnePly => {
            let mover = pos.side_to_move();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves.into_iter().max_by_key(|&mv| {
                let mut child = pos.clone();
                child.play(mv);
                // A finished position counts by its points: the evaluation gives kings no
                // value, and a material player blind to the end of the game (a king taken, a
                // mate) would be a straw man.
                match child.rule_outcome() {
                    Some(outcome) => result_score(Some(outcome), mover, 1),
                    None => child.evaluate_for(mover),
                }
            })
        }
    }
}

/// The end of one multi-player game.
#[derive(Clone, Debug)]
pub struct MultiGame<G: Game> {
    /// Each seat's points (they sum to what the rules share out: 2 in trichess).
    pub points: Vec<f64>,
    /// The rules' verdict, or None when the game was adjudicated at the ply limit (and the
    /// points were shared as the rules share a draw).
    pub outcome: Option<Outcome>,
    pub record: GameRecord<G>,
}

/// Plays one game: `seats[i]` moves for player i, with `algorithm` where it searches.
/// `opening_plies` random legal plies (from `seed`) start it, so that games differ; games
/// longer than `max_plies` after the opening are adjudicated as the rules' draw.
pub fn play_multi_game<G: MultiSearchable>(
    seats: &[&PlayerKind],
    algorithm: Algorithm,
    opening_plies: usize,
    seed: u64,
    max_plies: usize,
) -> MultiGame<G> {
    let mut record = random_opening::<G>(opening_plies, seed);
    // Each seat keeps its own table from move to move, as an engine in a match would.
    let tables: Vec<TranspositionTable> = seats
        .iter()
        .map(|_| TranspositionTable::new(SEAT_TABLE_MIB))
        .collect();
    let mut plies = 0;
    let outcome = loop {
        if let Some(outcome) = record.outcome() {
            break Some(outcome);
        }
        if plies >= max_plies {
            break None;
        }
        let seat = record.current().side_to_move().index();
        let Some(kind) = seats.get(seat) else {
            // Fewer players given than seats: nobody to move (callers give G::PLAYERS).
            break None;
        };
        match choose(kind, &record, algorithm, &tables[seat]) {
            Some(mv) => record.play(mv),
            None => break record.outcome(),
        }
        plies += 1;
    };
    let points = outcome
        .unwrap_or(Outcome::draw(G::PLAYERS, EndReason::FiftyMoveRule))
        .seat_points(G::PLAYERS);
    MultiGame {
        points,
        outcome,
        record,
    }
}

/// A match of one player (`lone`) against copies of another (`field`) in every other seat.
#[derive(Clone, Debug)]
pub struct LoneMatch {
    pub lone: PlayerKind,
    pub field: PlayerKind,
    pub algorithm: Algorithm,
    /// Random plies that open each rotation.
    pub opening_plies: usize,
    pub seed: u64,
    pub max_plies: usize,
}

/// Game `game` of a lone match: which seat the lone player takes, and the opening's seed.
/// Consecutive groups of `players` games are one rotation: the same opening, the lone player
/// in seat 0, 1, 2, ... in turn, so no seat's advantage or opening favours either player.
pub fn seating(game: u32, players: usize, seed: u64) -> (usize, u64) {
    let players = players.max(1) as u32;
    let rotation = u64::from(game / players);
    let seat = (game % players) as usize;
    (seat, seed.wrapping_mul(1_000_003).wrapping_add(rotation))
}

impl LoneMatch {
    /// Plays game `game` (see `seating`); returns the lone player's seat and the game.
    pub fn play<G: MultiSearchable>(&self, game: u32) -> (usize, MultiGame<G>) {
        let (lone_seat, seed) = seating(game, G::PLAYERS, self.seed);
        let seats: Vec<&PlayerKind> = (0..G::PLAYERS)
            .map(|s| {
                if s == lone_seat {
                    &self.lone
                } else {
                    &self.field
                }
            })
            .collect();
        let played = play_multi_game::<G>(
            &seats,
            self.algorithm,
            self.opening_plies,
            seed,
            self.max_plies,
        );
        (lone_seat, played)
    }
}

/// The lone player's results: its points, and its head-to-head record against the seats of
/// the field.
///
/// Head-to-head (pairwise) scoring: in each game the lone player is compared with each of the
/// other seats in turn; against a seat it counts a win if it scored more points than that
/// seat in the game, a loss if fewer, a draw if the same. A three-player game thus gives two
/// comparisons. Their score (wins plus half the draws, over the comparisons) is the
/// percentage whose Elo difference and 95% interval are reported, as `kaleido match` rates
/// the engines of a three-player match (stats::Table). Unlike the share of points (par: 1/3
/// of the 2 per game in trichess), this has the par of 50% and the usual Elo scale.
#[derive(Clone, Debug)]
pub struct LoneTally {
    /// Entry 0 is the lone player; entry k (k >= 1) the field's seat k places after it in the
    /// turn order.
    table: Table,
    players: usize,
}

impl LoneTally {
    pub fn new(players: usize) -> LoneTally {
        let names = (0..players)
            .map(|k| {
                if k == 0 {
                    "lone".to_string()
                } else {
                    format!("field +{k}")
                }
            })
            .collect();
        LoneTally {
            table: Table::new(names),
            players,
        }
    }

    /// Adds a game where the lone player sat in `lone_seat`, with each seat's `points`.
    pub fn add(&mut self, lone_seat: usize, points: &[f64]) {
        let by_entry: Vec<Option<f64>> = (0..self.players)
            .map(|k| points.get((lone_seat + k) % self.players).copied())
            .collect();
        self.table.add(&by_entry);
    }

    pub fn games(&self) -> u32 {
        self.table.games[0]
    }

    /// The lone player's points.
    pub fn points(&self) -> f64 {
        self.table.points[0]
    }

    /// The points all seats share per game, by the rules' split of a draw (2 in trichess).
    pub fn points_per_game(&self) -> f64 {
        self.table.points.iter().sum::<f64>() / f64::from(self.games().max(1))
    }

    /// The lone player's share of all the points.
    pub fn share(&self) -> f64 {
        self.points() / (self.points_per_game() * f64::from(self.games())).max(1e-12)
    }

    /// The lone player's comparisons with the field's seats (see the type's comment).
    pub fn head_to_head(&self) -> Score {
        self.table.pairwise[0]
    }

    /// Points of each field seat, counted from the lone player's seat in turn order.
    pub fn field_points(&self) -> &[f64] {
        &self.table.points[1..]
    }
}

/// Seat names for messages: `a`, `b`, `c`, ...
pub fn seat_name(seat: usize) -> char {
    (b'a' + seat.min(25) as u8) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_seats_the_lone_player_everywhere_with_one_opening() {
        let seen: Vec<(usize, u64)> = (0..6).map(|g| seating(g, 3, 5)).collect();
        assert_eq!(
            seen.iter().map(|s| s.0).collect::<Vec<_>>(),
            [0, 1, 2, 0, 1, 2]
        );
        assert_eq!(seen[0].1, seen[1].1);
        assert_eq!(seen[1].1, seen[2].1);
        assert_ne!(seen[2].1, seen[3].1);
    }

    #[test]
    fn tally_compares_the_lone_player_with_each_field_seat() {
        let mut t = LoneTally::new(3);
        // Lone in seat b takes 4/3, seat a 2/3, seat c nothing: two wins.
        t.add(1, &[2.0 / 3.0, 4.0 / 3.0, 0.0]);
        // Lone in seat c, equal split: two draws.
        t.add(2, &[2.0 / 3.0; 3]);
        // Lone in seat a, mated by both: two losses.
        t.add(0, &[0.0, 1.0, 1.0]);
        assert_eq!(t.games(), 3);
        assert!((t.points() - 2.0).abs() < 1e-9);
        assert!((t.points_per_game() - 2.0).abs() < 1e-9);
        assert!((t.share() - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(
            t.head_to_head(),
            Score {
                wins: 2,
                losses: 2,
                draws: 2
            }
        );
        // The seat after the lone player: 0 + 2/3 + 1; the one before it: 2/3 + 2/3 + 1.
        assert!((t.field_points()[0] - 5.0 / 3.0).abs() < 1e-9);
        assert!((t.field_points()[1] - 7.0 / 3.0).abs() < 1e-9);
    }
}
