//! Training data for the evaluation networks: kaleido plays itself from random openings, a
//! fixed number of search nodes a move, and keeps the positions it searched with the search's
//! score and the game's result (format.rs says how they are stored).
//!
//! Each game is a function of the seed and its number alone: its opening is the match
//! runner's random opening for that number (from a shuffled start, drawn the same way, with
//! `shuffle`), and every search runs on one thread, to a node
//! limit, from an empty table. Threads take games by number and the games are written in
//! number order, so a seed gives the same file whatever the thread count, and a run that
//! was stopped resumes where its last whole game ends. A shard of a run plays every
//! `count`-th game of the seed's sequence from its `index`: the shards of a run, merged by
//! game number (merge.rs), are the games the whole run would have played.

pub mod adjudication;
pub mod format;
pub mod games;
pub mod merge;
pub mod openings;

use crate::arbiter::openings::Shuffle;
use crate::game::Searchable;
use crate::nnue::QuantisedNetwork;
use crate::outcome::{EndReason, Outcome};
use crate::search::{self, Context, Limits, TranspositionTable};
use adjudication::Adjudicator;
use format::{FormatError, POINT_UNITS, SCORE_LIMIT};
use games::{Ply, TrainingGame, NO_SCORE};
use openings::OpeningCheck;
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
    /// Which of the run's games this process plays.
    pub shard: Shard,
    /// Ends two-player games whose result is clear (adjudication.rs).
    pub adjudicate: bool,
    /// Draws another opening for a game until a search finds it level (openings.rs).
    pub opening_check: Option<OpeningCheck>,
    /// With a node budget per move of `nodes`, a search starts no iteration past this many
    /// (`nodes` is then the hard cap); None: `nodes` alone, cutting the iteration it ends in.
    pub soft_nodes: Option<u64>,
}

/// A shard that is not `I/N` with I below N.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a shard is I/N with 0 <= I < N, not '{0}'")]
pub struct ShardError(pub String);

/// A part of a run: the games whose numbers leave `index` when divided by `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Reads `I/N` (shard I of N, I from 0).
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The run's number of this shard's `k`-th game.
    pub fn game(&self, k: u32) -> u32 {
        self.index.saturating_add(k.saturating_mul(self.count))
    }
}

/// Whether the trainer reads the position `pos` whose searched best move was `best`: not in
/// check (the score then says how the check is met, not what the position is worth), and
/// not a capture or promotion (the score then rests on a gain the position does not show).
pub fn kept<G: Searchable>(pos: &G, best: G::Move) -> bool {
    !pos.in_check() && pos.tactical_value(best).is_none()
}

/// Plays game `number` and records every move with the search's score. `stop` cuts the game
/// short after the current move; its record is then incomplete and must not be written.
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
) -> TrainingGame {
    let mut record = openings::for_game::<G>(
        shuffle,
        settings.opening_plies,
        settings.seed,
        number,
        settings.opening_check,
        tt,
    );
    tt.clear();
    let limits = Limits {
        nodes: Some(settings.nodes.max(1)),
        soft_nodes: settings.soft_nodes,
        ..Limits::default()
    };
    let mut adjudicator = (settings.adjudicate && G::PLAYERS == 2).then(Adjudicator::default);
    let first_ply = record.moves().len();
    let searched_from = record.current().fen();
    let (mut plies, mut kept_plies, mut legal) = (Vec::new(), 0u16, Vec::new());
    // A record counts its plies in 16 bits.
    let max_plies = settings.max_plies.min(first_ply + usize::from(u16::MAX));
    let outcome = loop {
        if let Some(outcome) = record.outcome() {
            break outcome;
        }
        // A game this long is scored as a draw (the reason is not stored, only the points).
        if record.moves().len() >= max_plies || stop.load(Ordering::Relaxed) {
            break Outcome::draw(G::PLAYERS, EndReason::FiftyMoveRule);
        }
        let pos = record.current();
        let pos_mover = pos.side_to_move();
        let history = record.hashes_before_current();
        // The search raises its own flag when its nodes run out: one flag per search.
        let search_stop = AtomicBool::new(false);
        let ctx = Context {
            network: settings.network.as_deref(),
            ..Context::new(tt, &search_stop)
        };
        let thought = search::think(pos, &history, &limits, &[], ctx, &mut |_| {});
        let Some(best) = thought.best() else {
            break Outcome::draw(G::PLAYERS, EndReason::NoMoves);
        };
        legal.clear();
        pos.legal_moves(&mut legal);
        let Some(index) = legal.iter().position(|&mv| mv == best) else {
            break Outcome::draw(G::PLAYERS, EndReason::NoMoves);
        };
        let scores = stored_scores::<G>(&thought);
        if kept(pos, best) && !scores.contains(&NO_SCORE) {
            kept_plies += 1;
        }
        plies.push(Ply {
            index: index as u16,
            scores,
        });
        let ply = record.moves().len();
        record.play(best);
        if let Some(clear) = adjudicator
            .as_mut()
            .and_then(|a| a.score(ply, pos_mover, thought.score))
        {
            break clear;
        }
    };
    let points = outcome
        .seat_points(G::PLAYERS)
        .iter()
        .map(|p| (p * POINT_UNITS).round() as u8)
        .collect();
    TrainingGame {
        number,
        points,
        first_ply: first_ply.min(usize::from(u16::MAX)) as u16,
        kept: kept_plies,
        start: searched_from,
        plies,
    }
}

/// The search's score(s) as a record stores them: the mover's with two players, each seat's
/// own with more (NO_SCORE for all where the search gave fewer); mates clamped.
fn stored_scores<G: Searchable>(thought: &search::Thought<G::Move>) -> Vec<i16> {
    let clamp = |s: i32| s.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16;
    if G::PLAYERS == 2 {
        return vec![clamp(thought.score)];
    }
    match thought.player_scores.len() == G::PLAYERS {
        true => thought.player_scores.iter().map(|&s| clamp(s)).collect(),
        false => vec![NO_SCORE; G::PLAYERS],
    }
}

impl Settings {
    /// What makes a run's games what they are, written into its files' headers so that
    /// shards of one run merge and another run's are refused: the variant, seed, budget,
    /// opening, game length and evaluation (a network by a digest of its weights). Not the
    /// threads, table size or position count, which do not change a game, nor the shard.
    pub fn run(&self, variant: &str, shuffle: Option<Shuffle>) -> String {
        let evaluation = match &self.network {
            None => "hand-written".to_string(),
            Some(net) => format!("network {:016x}", net.digest()),
        };
        let shuffle = shuffle.map_or("none".to_string(), |s| format!("{s:?}").to_lowercase());
        let soft = self
            .soft_nodes
            .map_or("none".to_string(), |n| n.to_string());
        format!(
            "variant={variant} seed={} nodes={} soft-nodes={soft} opening-plies={} \
             shuffle={shuffle} max-plies={} adjudicate={} eval={evaluation}",
            self.seed, self.nodes, self.opening_plies, self.max_plies, self.adjudicate
        )
    }
}

/// How far a run has got, for a progress display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub games: u32,
    pub positions: u64,
}

/// Plays the shard's games from its `start.games`-th on, on `settings.threads` threads, and
/// hands each finished game to `write` in number order until the positions written (with
/// `start.positions` already there) reach `settings.positions`. `report` hears the totals
/// after each game written.
pub fn generate<G: Searchable>(
    settings: &Settings,
    start: Progress,
    write: impl FnMut(&TrainingGame) -> Result<(), FormatError>,
    report: impl FnMut(Progress),
) -> Result<Progress, FormatError> {
    generate_from::<G>(settings, None, start, write, report)
}

/// `generate`, every game from a shuffled start where `shuffle` asks for them.
pub fn generate_from<G: Searchable>(
    settings: &Settings,
    shuffle: Option<Shuffle>,
    start: Progress,
    mut write: impl FnMut(&TrainingGame) -> Result<(), FormatError>,
    mut report: impl FnMut(Progress),
) -> Result<Progress, FormatError> {
    let mut done = start;
    if done.positions >= settings.positions {
        return Ok(done);
    }
    let next_game = AtomicU32::new(start.games);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u32, TrainingGame)>();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            let (sender, next_game, stop) = (sender.clone(), &next_game, &stop);
            scope.spawn(move || {
                let tt = TranspositionTable::new(settings.hash_mib);
                while !stop.load(Ordering::Relaxed) {
                    // The shard's k-th game: the run's game settings.shard.game(k).
                    let k = next_game.fetch_add(1, Ordering::Relaxed);
                    let number = settings.shard.game(k);
                    let game = play_game::<G>(number, settings, shuffle, &tt, stop);
                    if stop.load(Ordering::Relaxed) || sender.send((k, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order; each waits here until those before it are written.
        let mut waiting = BTreeMap::new();
        let mut result = Ok(());
        for (k, game) in &receiver {
            waiting.insert(k, game);
            while let Some(game) = waiting.remove(&done.games) {
                if let Err(e) = write(&game) {
                    result = Err(e);
                    break;
                }
                done.games += 1;
                done.positions += u64::from(game.kept);
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
    use crate::datagen::format::GameBlock;
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
            shard: Shard::WHOLE,
            adjudicate: false,
            soft_nodes: None,
            opening_check: None,
        }
    }

    fn run<G: Searchable>(settings: &Settings, start: Progress) -> Vec<GameBlock> {
        run_from::<G>(settings, None, start)
    }

    /// The games a run writes, as stored.
    fn games<G: Searchable>(settings: &Settings, start: Progress) -> Vec<TrainingGame> {
        let mut games = Vec::new();
        generate::<G>(
            settings,
            start,
            |g| {
                games.push(g.clone());
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        games
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
            |g| {
                let positions = g.positions::<G>()?;
                assert_eq!(positions.len(), usize::from(g.kept), "game {}", g.number);
                blocks.push(GameBlock {
                    number: g.number,
                    points: g.points.clone(),
                    positions,
                });
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        blocks
    }

    #[test]
    fn a_shard_plays_the_runs_own_games_and_shards_merge_into_the_run() {
        let whole = games::<Chess>(&settings(2), Progress::default());
        let shard = |index| {
            let s = Settings {
                shard: Shard { index, count: 2 },
                positions: 30,
                ..settings(1)
            };
            games::<Chess>(&s, Progress::default())
        };
        let (even, odd) = (shard(0), shard(1));
        assert!(even.iter().all(|g| g.number % 2 == 0));
        assert!(odd.iter().all(|g| g.number % 2 == 1));
        for g in even.iter().chain(&odd) {
            if let Some(w) = whole.iter().find(|w| w.number == g.number) {
                assert_eq!(w, g, "game {}", g.number);
            }
        }
        // Merged, the shards are the run's games in order, under the run's header.
        let run = settings(1).run("chess", None);
        let file = |games: &[TrainingGame]| {
            let mut out = format::header("chess", 2, &run);
            for g in games {
                format::append(&mut out, g, 2).unwrap();
            }
            out
        };
        let (a, b) = (file(&even), file(&odd));
        let mut merged = Vec::new();
        let shards = vec![("odd".to_string(), &b[..]), ("even".to_string(), &a[..])];
        let summary = merge::merge(shards, &mut merged).unwrap();
        assert_eq!(summary.games, (even.len() + odd.len()) as u64);
        let mut read = Vec::new();
        format::read_games::<Chess>(&mut &merged[..], |b| read.push(b.number)).unwrap();
        let mut numbers: Vec<u32> = even.iter().chain(&odd).map(|g| g.number).collect();
        numbers.sort_unstable();
        assert_eq!(read, numbers);
        // Another seed's shard, or the same shard twice, is refused.
        let other = Settings {
            seed: 8,
            ..settings(1)
        };
        let mut foreign = format::header("chess", 2, &other.run("chess", None));
        format::append(&mut foreign, &odd[0], 2).unwrap();
        let shards = vec![
            ("even".to_string(), &a[..]),
            ("foreign".to_string(), &foreign[..]),
        ];
        let err = merge::merge(shards, &mut Vec::new()).unwrap_err();
        assert!(matches!(err, merge::MergeError::OtherRun { .. }), "{err}");
        assert!(err.to_string().contains("seed=8"), "{err}");
        let shards = vec![("even".to_string(), &a[..]), ("again".to_string(), &a[..])];
        let err = merge::merge(shards, &mut Vec::new()).unwrap_err();
        assert!(
            matches!(err, merge::MergeError::Twice { number: 0, .. }),
            "{err}"
        );
    }

    /// Adjudicated games are the same games cut where their result became clear: a prefix of
    /// the game played out, ending in 4 plies of a winning score for the winner or 12 level
    /// ones, with the points that says.
    #[test]
    fn adjudication_ends_games_where_their_result_is_clear() {
        let plain = Settings {
            max_plies: 300,
            positions: 400,
            ..settings(2)
        };
        let judged = Settings {
            adjudicate: true,
            ..plain.clone()
        };
        let (played, cut) = (
            games::<Chess>(&plain, Progress::default()),
            games::<Chess>(&judged, Progress::default()),
        );
        let mut shortened = 0;
        for (p, c) in played.iter().zip(&cut) {
            assert_eq!(p.plies[..c.plies.len()], c.plies[..], "game {}", c.number);
            if c.plies.len() == p.plies.len() {
                assert_eq!(p.points, c.points);
                continue;
            }
            shortened += 1;
            // The first seat's view of the last scores (the mover's, every other negated).
            let start_mover = (c.first_ply % 2) as usize;
            let first_view: Vec<i32> = c
                .plies
                .iter()
                .enumerate()
                .map(|(i, ply)| match (start_mover + i) % 2 {
                    0 => i32::from(ply.scores[0]),
                    _ => -i32::from(ply.scores[0]),
                })
                .collect();
            let won = |sign: i32| {
                first_view
                    .iter()
                    .rev()
                    .take(adjudication::WIN_PLIES as usize)
                    .all(|&s| s * sign >= adjudication::WIN_SCORE)
            };
            let level = first_view
                .iter()
                .rev()
                .take(adjudication::DRAW_PLIES as usize)
                .all(|&s| s.abs() <= adjudication::DRAW_SCORE);
            match c.points[..] {
                [6, 0] => assert!(won(1), "game {}: {first_view:?}", c.number),
                [0, 6] => assert!(won(-1), "game {}: {first_view:?}", c.number),
                _ => assert!(level, "game {}: {first_view:?}", c.number),
            }
        }
        assert!(shortened > 0, "no game was adjudicated");
    }

    /// A checked opening is the first draw a search finds level: the unchecked opening where
    /// that one is level, another draw where it is not.
    #[test]
    fn a_checked_opening_is_the_first_level_draw() {
        use crate::variants::cylinder::Cylinder;
        let check = OpeningCheck {
            depth: 3,
            max_score: 40,
        };
        let tt = TranspositionTable::new(1);
        let mut redrawn = 0;
        for number in 0..12 {
            let plain = openings::for_game::<Cylinder>(None, 8, 7, number, None, &tt);
            let checked = openings::for_game::<Cylinder>(None, 8, 7, number, Some(check), &tt);
            let level = |r: &crate::record::GameRecord<Cylinder>| {
                openings::judge(r, check.depth, &tt).abs() <= check.max_score
            };
            assert!(level(&checked), "game {number}");
            match level(&plain) {
                true => assert_eq!(plain.moves(), checked.moves(), "game {number}"),
                false => redrawn += 1,
            }
        }
        // Random cylinder plies hang a man now and then (a queen round the back).
        assert!(redrawn > 0);
    }

    /// A game's record is its start and a few bytes a move: 3 bytes a ply with two players
    /// (a move index and one score), 7 in trichess (three scores), and the start's FEN once a
    /// game. These games are short (300 nodes a move: doublemove's and trichess's last some
    /// 40 plies), so the FEN weighs more than in real runs. Version 1 stored a FEN and the
    /// scores for each position: about 60 bytes in chess, 140 in trichess.
    #[test]
    fn a_stored_position_takes_a_few_bytes() {
        let (chess, doublemove, trichess) = (
            bytes_per_position::<Chess>(),
            bytes_per_position::<Doublemove>(),
            bytes_per_position::<Trichess>(),
        );
        assert!(chess <= 8.0, "chess: {chess:.2} bytes a position");
        assert!(
            doublemove <= 10.0,
            "doublemove: {doublemove:.2} bytes a position"
        );
        assert!(trichess <= 20.0, "trichess: {trichess:.2} bytes a position");
    }

    /// The bytes a run's games take per position they hold.
    fn bytes_per_position<G: Searchable>() -> f64 {
        let s = Settings {
            max_plies: 400,
            positions: 200,
            ..settings(1)
        };
        let games = games::<G>(&s, Progress::default());
        let bytes: usize = games
            .iter()
            .map(|g| g.encode(G::PLAYERS).unwrap().len())
            .sum();
        let kept: u64 = games.iter().map(|g| u64::from(g.kept)).sum();
        bytes as f64 / kept.max(1) as f64
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
            buckets: crate::nnue::OutputBuckets::ONE,
            king_buckets: crate::nnue::KingBuckets::NONE,
            w1: vec![0; Chess::INPUTS * hidden],
            b1: vec![0; hidden],
            w2: vec![0; 2 * hidden],
            b2: vec![100 * crate::nnue::QA * crate::nnue::QB / crate::nnue::EVAL_SCALE],
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
