//! In-process games between two players of one variant (kaleido's search at some budget, or a
//! one-ply player), adjudicated by the variant's own rules, for any number of seats. Used to
//! measure strength without a protocol in between; matches against other programs are
//! `kaleido match`'s job. How the two players share the seats of a game of more than two
//! players, and how such games are scored, is seats.rs.

pub mod seats;

use crate::game::{Game, Searchable};
use crate::nnue;
use crate::outcome::{EndReason, Outcome};
use crate::record::GameRecord;
use crate::search::multi::{result_score, Algorithm};
use crate::search::{self, Context, Limits, TranspositionTable};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;

/// Who chooses the moves for one side.
#[derive(Clone, Debug)]
pub enum PlayerKind {
    /// kaleido's search with these limits per move.
    Search(Limits),
    /// Takes the move whose resulting position evaluates best, looking no further.
    OnePly,
}

/// The random source of openings: ChaCha8, whose stream for a seed is the same on every
/// platform and in every version of the crate, so that a seed names the same openings
/// wherever a match or self-play runs.
pub fn random_source(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The move `kind` plays in the game so far (None: no legal move). Deterministic for every
/// kind but a time-limited search.
pub fn choose<G: Searchable>(
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
            // The engine's default evaluation: the built-in network where there is one.
            let network = nnue::built_in::<G>();
            let ctx = Context {
                algorithm,
                network: network.as_deref(),
                ..Context::new(tt, &stop)
            };
            search::think(pos, &history, limits, &[], ctx, &mut |_| {}).best()
        }
        PlayerKind::OnePly => {
            let mover = pos.side_to_move();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            moves.into_iter().max_by_key(|&mv| {
                let mut child = pos.clone();
                child.play(mv);
                // A finished position counts by its result: the evaluation gives kings no
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

/// A game record opened by `plies` random legal plies from `seed` (fewer if the game ends).
pub(crate) fn random_opening<G: Game>(plies: usize, seed: u64) -> GameRecord<G> {
    let mut record = GameRecord::new(G::startpos());
    let mut rng = random_source(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        moves.clear();
        record.current().legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        record.play(moves[rng.random_range(0..moves.len())]);
    }
    record
}

/// The transposition table of each seat's search, in MiB.
pub const SEAT_TABLE_MIB: usize = 8;

/// The end of one game.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// Each seat's points (they sum to what the rules share out: 1 in two-player games, 2 in
    /// trichess).
    pub points: Vec<f64>,
    /// The rules' verdict, or None when the game was adjudicated at the ply limit (and the
    /// points were shared as the rules share a draw).
    pub outcome: Option<Outcome>,
    pub record: GameRecord<G>,
}

/// Plays one game: `seats[i]` moves for player i, with `algorithm` in games of more than two
/// players. `opening_plies` random legal plies (from `seed`) start it, so that games differ;
/// games longer than `max_plies` after the opening are adjudicated as the rules' draw.
pub fn play<G: Searchable>(
    seats: &[&PlayerKind],
    algorithm: Algorithm,
    opening_plies: usize,
    seed: u64,
    max_plies: usize,
) -> PlayedGame<G> {
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
    PlayedGame {
        points,
        outcome,
        record,
    }
}

/// The end of one game, from the first player's point of view: 1, ½ or 0 (in halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

/// Plays one game of two players: `first` moves for player 0 (White) when `first_is_white`,
/// else for Black (see `play`).
pub fn play_game<G: Searchable>(
    first: &PlayerKind,
    second: &PlayerKind,
    first_is_white: bool,
    opening_plies: usize,
    seed: u64,
    max_plies: usize,
) -> (GameScore, Option<Outcome>, GameRecord<G>) {
    let (seats, first_seat) = if first_is_white {
        ([first, second], 0)
    } else {
        ([second, first], 1)
    };
    let played = play::<G>(&seats, Algorithm::DEFAULT, opening_plies, seed, max_plies);
    let (mine, theirs) = (played.points[first_seat], played.points[1 - first_seat]);
    let score = if mine > theirs {
        GameScore::Win
    } else if mine < theirs {
        GameScore::Loss
    } else {
        GameScore::Draw
    };
    (score, played.outcome, played.record)
}

impl GameScore {
    /// The first player's points and the second's.
    pub fn points(self) -> (f64, f64) {
        match self {
            GameScore::Win => (1.0, 0.0),
            GameScore::Draw => (0.5, 0.5),
            GameScore::Loss => (0.0, 1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Score;

    #[test]
    fn games_count_as_wins_losses_and_draws() {
        let mut score = Score::default();
        for game in [
            GameScore::Win,
            GameScore::Win,
            GameScore::Draw,
            GameScore::Loss,
        ] {
            let (mine, theirs) = game.points();
            score.compare(mine, theirs);
        }
        assert_eq!((score.wins, score.losses, score.draws), (2, 1, 1));
    }
}
