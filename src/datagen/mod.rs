//! Training data for the evaluation networks: kaleido plays itself from random openings, a
//! fixed number of search nodes a move, and keeps the positions it searched with the search's
//! score and the game's result (format.rs says how they are stored).
//!
//! Each game is a function of the seed and its number alone: its opening is the match
//! runner's random opening for that number (from a shuffled start, drawn the same way, with
//! `shuffle`), and every search runs on one thread, to a node
//! limit, from an empty table. Threads take games by number and the games are written in
//! number order, so a seed gives the same file whatever the thread count, and a run that
//! was stopped resumes where its last whole game ends.

pub mod format;

use crate::arbiter::openings::{seeded, Shuffle};
use crate::game::Searchable;
use crate::nnue::QuantisedNetwork;
use crate::outcome::{EndReason, Outcome};
use crate::record::GameRecord;
use crate::search::{self, Context, Limits, TranspositionTable};
use format::{FormatError, GameBlock, Position, POINT_UNITS, SCORE_LIMIT};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

/// What a data-generation run plays.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Search nodes per move.
    pub nodes: u64,
    /// Positions the file should hold when the run ends (those already there count).
    pub positions: u64,
    pub threads: usize,
    pub seed: u64,
    /// Random plies before the search takes over (more at a turn of several plies).
    pub opening_plies: usize,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: usize,
    /// Each thread's transposition table, in MiB.
    pub hash_mib: usize,
    /// The network the searches evaluate with; None for the hand-written evaluation.
    pub network: Option<Arc<QuantisedNetwork>>,
}

/// Plays game `number` and keeps its positions: not those in check (their score says how the
/// check is met, not what the position is worth) and not those whose best move captures or
/// promotes (the score then rests on a gain the position does not show yet). `stop` cuts the
/// game short after the current move; its block is then incomplete and must not be written.
///
/// With `shuffle` the game begins from a shuffled start (Chess960's or double-shuffled) drawn
/// from the seed and its number; a game without shuffled starts begins from its own (the
/// command refuses such a pair first).
pub fn play_game<G: Searchable>(
    number: u32,
    settings: &Settings,
    shuffle: Option<Shuffle>,
    tt: &TranspositionTable,
    stop: &AtomicBool,
) -> GameBlock {
    let (seed, number_seed) = (settings.seed, u64::from(number));
    let opening = seeded::<G>(shuffle, settings.opening_plies, seed, number_seed)
        .or_else(|| seeded::<G>(None, settings.opening_plies, seed, number_seed))
        .unwrap_or_default();
    let start = opening
        .fen
        .as_deref()
        .and_then(|fen| G::from_fen(fen).ok())
        .unwrap_or_else(G::startpos);
    let mut record = GameRecord::new(start);
    for token in opening.moves {
        if record.play_token(&token).is_err() {
            break;
        }
    }
    tt.clear();
    let limits = Limits {
        nodes: Some(settings.nodes.max(1)),
        ..Limits::default()
    };
    let mut positions = Vec::new();
    let outcome = loop {
        if let Some(outcome) = record.outcome() {
            break outcome;
        }
        // A game this long is scored as a draw (the reason is not stored, only the points).
        if record.moves().len() >= settings.max_plies || stop.load(Ordering::Relaxed) {
            break Outcome::draw(G::PLAYERS, EndReason::FiftyMoveRule);
        }
        let pos = record.current();
        let history = record.hashes_before_current();
        // The search raises its own flag when its nodes run out: one flag per search.
        let search_stop = AtomicBool::new(false);
        let ctx = Context {
            network: settings.network.as_deref(),
            ..Context::new(tt, &search_stop)
        };
        let thought = search::think(pos, &history, &limits, &[], ctx, |_| {});
        let Some(best) = thought.best() else {
            break Outcome::draw(G::PLAYERS, EndReason::NoMoves);
        };
        if !pos.in_check() && pos.tactical_value(best).is_none() {
            if let Some(scores) = seat_scores::<G>(pos, &thought) {
                positions.push(Position {
                    ply: record.moves().len().min(usize::from(u16::MAX)) as u16,
                    mover: pos.side_to_move().index() as u8,
                    fen: pos.fen(),
                    scores,
                });
            }
        }
        record.play(best);
    };
    let points = outcome
        .seat_points(G::PLAYERS)
        .iter()
        .map(|p| (p * POINT_UNITS).round() as u8)
        .collect();
    GameBlock {
        number,
        points,
        positions,
    }
}

/// The search's score from each seat's point of view: two players, the mover's and its
/// negation; more, each player's own (None if the search gave fewer).
fn seat_scores<G: Searchable>(pos: &G, thought: &search::Thought<G::Move>) -> Option<Vec<i16>> {
    let clamp = |s: i32| s.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16;
    if G::PLAYERS == 2 {
        let mover = pos.side_to_move().index();
        let score = clamp(thought.score);
        return Some(
            (0..2)
                .map(|seat| if seat == mover { score } else { -score })
                .collect(),
        );
    }
    (thought.player_scores.len() == G::PLAYERS)
        .then(|| thought.player_scores.iter().map(|&s| clamp(s)).collect())
}

/// How far a run has got, for a progress display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub games: u32,
    pub positions: u64,
}

/// Plays games from number `start.games` on, on `settings.threads` threads, and hands each
/// finished game to `write` in number order until the positions written (with
/// `start.positions` already there) reach `settings.positions`. `report` hears the totals
/// after each game written.
pub fn generate<G: Searchable>(
    settings: &Settings,
    start: Progress,
    write: impl FnMut(&GameBlock) -> Result<(), FormatError>,
    report: impl FnMut(Progress),
) -> Result<Progress, FormatError> {
    generate_from::<G>(settings, None, start, write, report)
}

/// `generate`, every game from a shuffled start where `shuffle` asks for them.
pub fn generate_from<G: Searchable>(
    settings: &Settings,
    shuffle: Option<Shuffle>,
    start: Progress,
    mut write: impl FnMut(&GameBlock) -> Result<(), FormatError>,
    mut report: impl FnMut(Progress),
) -> Result<Progress, FormatError> {
    let mut done = start;
    if done.positions >= settings.positions {
        return Ok(done);
    }
    let next_game = AtomicU32::new(start.games);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<GameBlock>();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            let (sender, next_game, stop) = (sender.clone(), &next_game, &stop);
            scope.spawn(move || {
                let tt = TranspositionTable::new(settings.hash_mib);
                while !stop.load(Ordering::Relaxed) {
                    let number = next_game.fetch_add(1, Ordering::Relaxed);
                    let block = play_game::<G>(number, settings, shuffle, &tt, stop);
                    if stop.load(Ordering::Relaxed) || sender.send(block).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order; each waits here until those before it are written.
        let mut waiting = BTreeMap::new();
        let mut result = Ok(());
        for block in &receiver {
            waiting.insert(block.number, block);
            while let Some(block) = waiting.remove(&done.games) {
                if let Err(e) = write(&block) {
                    result = Err(e);
                    break;
                }
                done.games += 1;
                done.positions += block.positions.len() as u64;
                report(done);
                if done.positions >= settings.positions {
                    break;
                }
            }
            if result.is_err() || done.positions >= settings.positions {
                // Games still being played are cut short and dropped: what is written is
                // the same prefix of the seed's games however many threads ran.
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        result.map(|()| done)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::chess::Chess;
    use crate::variants::doublemove::Doublemove;
    use crate::variants::trichess::Trichess;

    fn settings(threads: usize) -> Settings {
        Settings {
            nodes: 300,
            positions: 60,
            threads,
            seed: 7,
            opening_plies: 8,
            max_plies: 60,
            hash_mib: 1,
            network: None,
        }
    }

    fn run<G: Searchable>(settings: &Settings, start: Progress) -> Vec<GameBlock> {
        run_from::<G>(settings, None, start)
    }

    fn run_from<G: Searchable>(
        settings: &Settings,
        shuffle: Option<Shuffle>,
        start: Progress,
    ) -> Vec<GameBlock> {
        let mut blocks = Vec::new();
        generate_from::<G>(
            settings,
            shuffle,
            start,
            |b| {
                blocks.push(b.clone());
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        blocks
    }

    #[test]
    fn a_seed_gives_the_same_games_whatever_the_thread_count() {
        let one = run::<Chess>(&settings(1), Progress::default());
        let three = run::<Chess>(&settings(3), Progress::default());
        assert_eq!(one, three);
        let numbers: Vec<u32> = one.iter().map(|b| b.number).collect();
        assert_eq!(numbers, (0..one.len() as u32).collect::<Vec<_>>());
        assert!(one.iter().map(|b| b.positions.len()).sum::<usize>() >= 60);
    }

    #[test]
    fn a_network_given_plays_and_scores_the_games() {
        use crate::game::NetworkInputs;
        // A network that finds every position worth one pawn to the side to move: its
        // searches score every position within a pawn (or a draw), whatever the material.
        let hidden = 2;
        let flat = QuantisedNetwork {
            variant: "chess".into(),
            inputs: Chess::INPUTS,
            hidden,
            players: 2,
            corrects_hand_written: false,
            w1: vec![0; Chess::INPUTS * hidden],
            b1: vec![0; hidden],
            w2: vec![0; 2 * hidden],
            b2: 100 * crate::nnue::QA * crate::nnue::QB / crate::nnue::EVAL_SCALE,
        };
        let by_network = Settings {
            network: Some(Arc::new(flat)),
            ..settings(1)
        };
        let blocks = run::<Chess>(&by_network, Progress::default());
        let scores: Vec<i16> = blocks
            .iter()
            .flat_map(|b| b.positions.iter().map(|p| p.scores[usize::from(p.mover)]))
            .collect();
        assert!(!scores.is_empty());
        assert!(scores.iter().all(|&s| s.abs() <= 120), "{scores:?}");
        assert_ne!(blocks, run::<Chess>(&settings(1), Progress::default()));
    }

    #[test]
    fn a_resumed_run_plays_on_from_the_games_already_written() {
        let all = run::<Chess>(&settings(2), Progress::default());
        let first = &all[..2];
        let start = Progress {
            games: 2,
            positions: first.iter().map(|b| b.positions.len() as u64).sum(),
        };
        let rest = run::<Chess>(&settings(2), start);
        assert_eq!([first, &rest[..]].concat(), all);
    }

    #[test]
    fn kept_positions_are_quiet_and_scored_for_every_seat() {
        for block in run::<Chess>(&settings(1), Progress::default()) {
            assert_eq!(block.points.iter().map(|&p| u32::from(p)).sum::<u32>(), 6);
            for p in &block.positions {
                let pos = Chess::from_fen(&p.fen).unwrap();
                assert!(!pos.in_check(), "{}", p.fen);
                assert_eq!(usize::from(p.mover), pos.side_to_move().index());
                assert_eq!(p.scores[0], -p.scores[1]);
                assert!(p.ply >= 8);
            }
        }
    }

    #[test]
    fn shuffled_starts_give_games_of_their_own_the_same_for_a_seed() {
        let few = Settings {
            positions: 20,
            ..settings(1)
        };
        let double = Some(Shuffle::Double);
        let blocks = run_from::<Chess>(&few, double, Progress::default());
        assert_eq!(blocks, run_from::<Chess>(&few, double, Progress::default()));
        let first = &blocks[0].positions[0].fen;
        assert!(Chess::from_fen(first).is_ok());
        assert_ne!(blocks[0], run::<Chess>(&few, Progress::default())[0]);
    }

    #[test]
    fn doublemove_keeps_both_halves_of_a_turn_and_trichess_a_score_per_player() {
        let blocks = run::<Doublemove>(&settings(1), Progress::default());
        let mid_turn = blocks
            .iter()
            .flat_map(|b| &b.positions)
            .filter(|p| !Doublemove::from_fen(&p.fen).unwrap().is_turn_boundary())
            .count();
        assert!(
            mid_turn > 0,
            "no position between the two moves of a turn was kept"
        );

        let blocks = run::<Trichess>(&settings(1), Progress::default());
        for block in &blocks {
            assert_eq!(block.points.len(), 3);
            assert_eq!(block.points.iter().map(|&p| u32::from(p)).sum::<u32>(), 12);
            for p in &block.positions {
                assert_eq!(p.scores.len(), 3);
            }
        }
        assert!(blocks.iter().any(|b| !b.positions.is_empty()));
    }
}
