//! The two players of a self-play match over the seats of a game of more than two players
//! (trichess), each in one or more of them (`Seatings`), and their score by the rules' share
//! of the points.

use super::{play, PlayedGame, PlayerKind};
use crate::game::Searchable;
use crate::search::multi::Algorithm;
use crate::stats::{elo_of_samples, Score};
use std::collections::BTreeMap;

/// Which seatings of the two players a rotation plays, each from the rotation's one opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seatings {
    /// The first player alone in one seat, the second in every other: one game per seat.
    Lone,
    /// Every way to seat the two players in which each has at least one seat (Schadd &
    /// Winands, 2011, test two multi-player searches so): with three players the first alone
    /// in each seat, then the first in each pair of seats (the second alone). A lone seat is
    /// the hard side of a three-player game, and this measures both players on both sides.
    All,
}

impl Seatings {
    pub const NAMES: [&'static str; 2] = ["all", "lone"];

    pub fn from_name(name: &str) -> Option<Seatings> {
        match name.to_ascii_lowercase().as_str() {
            "all" => Some(Seatings::All),
            "lone" => Some(Seatings::Lone),
            _ => None,
        }
    }

    /// The first player's seats in each game of a rotation, as bit masks (bit s: seat s):
    /// fewest first-player seats first, then by seat.
    pub fn rotation(self, players: usize) -> Vec<u32> {
        let players = players.clamp(1, 16);
        match self {
            Seatings::Lone => (0..players).map(|s| 1 << s).collect(),
            Seatings::All => {
                let full = (1u32 << players) - 1;
                let mut masks: Vec<u32> = (1..full).collect();
                masks.sort_by_key(|&m| (m.count_ones(), m));
                if masks.is_empty() {
                    // One player: it takes the only seat.
                    masks.push(full);
                }
                masks
            }
        }
    }
}

/// A match between two players over the seats of a multi-player game: in each game some seats
/// are the first player's and the rest the second's (see `Seatings`).
#[derive(Clone, Debug)]
pub struct SeatedMatch {
    pub first: PlayerKind,
    pub second: PlayerKind,
    pub seatings: Seatings,
    pub algorithm: Algorithm,
    /// Random plies that open each rotation.
    pub opening_plies: usize,
    pub seed: u64,
    pub max_plies: usize,
}

/// Game `game` of a seated match: the first player's seats (a bit mask) and the opening's seed.
/// Consecutive games are one rotation: the same opening in every seating of `rotation`, so no
/// seat's advantage or opening favours either player.
pub fn seating(game: u32, rotation: &[u32], seed: u64) -> (u32, u64) {
    let len = rotation.len().max(1) as u32;
    let round = u64::from(game / len);
    let mask = rotation.get((game % len) as usize).copied().unwrap_or(1);
    (mask, seed.wrapping_mul(1_000_003).wrapping_add(round))
}

impl SeatedMatch {
    /// Games in one rotation of this match.
    pub fn rotation_len(&self, players: usize) -> u32 {
        self.seatings.rotation(players).len() as u32
    }

    /// Plays game `game` (see `seating`); returns the first player's seats and the game.
    pub fn play<G: Searchable>(&self, game: u32) -> (u32, PlayedGame<G>) {
        let (mask, seed) = seating(game, &self.seatings.rotation(G::PLAYERS), self.seed);
        let seats: Vec<&PlayerKind> = (0..G::PLAYERS)
            .map(|s| {
                if mask >> s & 1 == 1 {
                    &self.first
                } else {
                    &self.second
                }
            })
            .collect();
        let played = play::<G>(
            &seats,
            self.algorithm,
            self.opening_plies,
            seed,
            self.max_plies,
        );
        (mask, played)
    }
}

/// The first player's results: its points per seat, and its head-to-head record against the
/// second player's seats.
///
/// Head-to-head (pairwise) scoring: in each game every seat of the first player is compared
/// with every seat of the second; a win if it scored more points in that game, a loss if
/// fewer, a draw if the same. A three-player game thus gives two comparisons, whichever
/// player has two seats. Their score (wins plus half the draws, over the comparisons) is the
/// percentage whose Elo difference and 95% interval are reported, as `kaleido match` rates
/// the engines of a three-player match (stats::Table). Unlike the share of points (par: 1/3
/// of the 2 per game per seat in trichess), this has the par of 50% and the usual Elo scale.
#[derive(Clone, Debug, Default)]
pub struct SeatTally {
    /// Per rotation (by its index): the first player's points and all the points shared.
    rotations: BTreeMap<u32, (f64, f64)>,
    games: u32,
    /// All points shared out, over every game.
    total: f64,
    first_points: f64,
    first_seats: u32,
    /// Head-to-head by the number of the first player's seats in the game (index 0: one).
    by_seats: Vec<Score>,
    players: usize,
}

impl SeatTally {
    pub fn new(players: usize) -> SeatTally {
        SeatTally {
            by_seats: vec![Score::default(); players.saturating_sub(1).max(1)],
            players,
            ..SeatTally::default()
        }
    }

    /// Adds a game of rotation `rotation` where the first player held the seats of `mask`,
    /// with each seat's `points`.
    pub fn add(&mut self, rotation: u32, mask: u32, points: &[f64]) {
        self.games += 1;
        let total = points.iter().sum::<f64>();
        self.total += total;
        let first = |s: usize| mask >> s & 1 == 1;
        let (mine, theirs): (Vec<usize>, Vec<usize>) = (0..points.len()).partition(|&s| first(s));
        let entry = self.rotations.entry(rotation).or_default();
        entry.0 += mine.iter().map(|&s| points[s]).sum::<f64>();
        entry.1 += total;
        let slot = mine.len().clamp(1, self.by_seats.len()) - 1;
        for &s in &mine {
            self.first_points += points[s];
            self.first_seats += 1;
            for &t in &theirs {
                self.by_seats[slot].compare(points[s], points[t]);
            }
        }
    }

    pub fn games(&self) -> u32 {
        self.games
    }

    /// The first player's points, over all its seats.
    pub fn points(&self) -> f64 {
        self.first_points
    }

    /// The games the first player's seats played, one per seat per game.
    pub fn seat_games(&self) -> u32 {
        self.first_seats
    }

    /// The points all seats share per game, by the rules' split of a draw (2 in trichess).
    pub fn points_per_game(&self) -> f64 {
        self.total / f64::from(self.games.max(1))
    }

    /// The first player's points per seat as a share of what a game shares out (par: one
    /// over the number of players).
    pub fn share_per_seat(&self) -> f64 {
        self.points() / (self.points_per_game() * f64::from(self.first_seats)).max(1e-12)
    }

    /// The first player's share of all the points, its Elo difference and 95% interval, from
    /// the share in each rotation (independent samples). Over rotations of every seating each
    /// player holds half the seats, so the par is 50% and the share reads as a score; None
    /// with fewer than two rotations or a share of 0 or 1.
    pub fn points_score(&self) -> Option<(f64, f64, f64)> {
        let shares: Vec<f64> = self
            .rotations
            .values()
            .filter(|(_, total)| *total > 0.0)
            .map(|(mine, total)| mine / total)
            .collect();
        elo_of_samples(&shares)
    }

    /// The first player's comparisons with the second's seats (see the type's comment).
    pub fn head_to_head(&self) -> Score {
        self.by_seats.iter().fold(Score::default(), |a, s| Score {
            wins: a.wins + s.wins,
            losses: a.losses + s.losses,
            draws: a.draws + s.draws,
        })
    }

    /// The comparisons of the games in which the first player had `k` seats.
    pub fn head_to_head_with_seats(&self, k: usize) -> Score {
        k.checked_sub(1)
            .and_then(|i| self.by_seats.get(i))
            .copied()
            .unwrap_or_default()
    }

    pub fn players(&self) -> usize {
        self.players
    }
}

/// The seats of `mask` by name, for messages: `a`, `a, c`.
pub fn seat_names(mask: u32, players: usize) -> String {
    (0..players)
        .filter(|&s| mask >> s & 1 == 1)
        .map(|s| seat_name(s).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Seat names for messages: `a`, `b`, `c`, ...
pub fn seat_name(seat: usize) -> char {
    (b'a' + seat.min(25) as u8) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_seats_each_player_everywhere_with_one_opening() {
        let lone = Seatings::Lone.rotation(3);
        assert_eq!(lone, [0b001, 0b010, 0b100]);
        // Every seating but all-first and all-second: the first alone in a, b, c, then the
        // first in the pairs (a, b), (a, c), (b, c).
        let all = Seatings::All.rotation(3);
        assert_eq!(all, [0b001, 0b010, 0b100, 0b011, 0b101, 0b110]);
        let seen: Vec<(u32, u64)> = (0..12).map(|g| seating(g, &all, 5)).collect();
        assert_eq!(seen[3].0, 0b011);
        assert!(seen[..6].iter().all(|s| s.1 == seen[0].1));
        assert!(seen[6..].iter().all(|s| s.1 == seen[6].1));
        assert_ne!(seen[5].1, seen[6].1);
        assert_eq!(seat_names(0b101, 3), "a, c");
    }

    #[test]
    fn tally_compares_every_first_seat_with_every_second_seat() {
        let mut t = SeatTally::new(3);
        // First alone in seat b takes 4/3, seat a 2/3, seat c nothing: two wins.
        t.add(0, 0b010, &[2.0 / 3.0, 4.0 / 3.0, 0.0]);
        // First alone in seat c, equal split: two draws.
        t.add(0, 0b100, &[2.0 / 3.0; 3]);
        // First in seats a and b; the second (seat c) mates a alone: both of them lose to c.
        t.add(1, 0b011, &[0.0, 0.0, 2.0]);
        // First in seats b and c share a mate of a: two wins.
        t.add(1, 0b110, &[0.0, 1.0, 1.0]);
        assert_eq!(t.games(), 4);
        assert_eq!(t.seat_games(), 6);
        assert!((t.points() - 4.0).abs() < 1e-9);
        assert!((t.points_per_game() - 2.0).abs() < 1e-9);
        assert!((t.share_per_seat() - 4.0 / 12.0).abs() < 1e-9);
        let score = |wins, losses, draws| Score {
            wins,
            losses,
            draws,
        };
        assert_eq!(t.head_to_head_with_seats(1), score(2, 0, 2));
        assert_eq!(t.head_to_head_with_seats(2), score(2, 2, 0));
        assert_eq!(t.head_to_head(), score(4, 2, 2));
        // Rotation 0: 4/3 + 2/3 of 4 points; rotation 1: 0 + 2 of 4. Shares 0.5 and 0.5.
        let (share, elo, _) = t.points_score().unwrap_or_default();
        assert!(
            (share - 0.5).abs() < 1e-9 && elo.abs() < 1e-9,
            "{share} {elo}"
        );
    }
}
