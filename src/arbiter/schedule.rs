//! Which games a match plays: the engines in every seat order, each opening once per order,
//! and the checks that the engines and settings can play the variant at all.

use super::error::{MatchError, SettingError};
use super::openings::{self, Opening, Shuffle};
use super::{MatchSettings, OpeningSource};
use crate::game::Game;
use std::marker::PhantomData;
use std::ops::Range;

/// One of several disjoint slices of a match, played by separate runs (on other machines, say)
/// whose PGN files `kaleido merge` adds up: the `index`-th of `count` (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Reads `I/N`, 1 <= I <= N.
    pub fn parse(text: &str) -> Result<Shard, SettingError> {
        let bad = || SettingError::Shard(text.to_string());
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// This shard's openings among `openings`: a contiguous block, the blocks of all shards
    /// together covering each opening once, their sizes differing by one at most.
    fn openings(&self, openings: usize) -> Range<usize> {
        openings * (self.index - 1) / self.count..openings * self.index / self.count
    }
}

/// The seat orders a match cycles through: every engine in every seat (both colours for two
/// players, all six seatings for three).
pub fn seatings(players: usize) -> Vec<Vec<usize>> {
    fn permute(prefix: &mut Vec<usize>, rest: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..rest.len() {
            let x = rest.remove(i);
            prefix.push(x);
            permute(prefix, rest, out);
            prefix.pop();
            rest.insert(i, x);
        }
    }
    let mut out = Vec::new();
    permute(&mut Vec::new(), &mut (0..players).collect(), &mut out);
    out
}

/// The games of a match of `G`. They come in blocks: one encounter playing one opening in
/// every seating, its games side by side (so a two-player block is a game pair). A round
/// plays each opening of the round once by every encounter, the encounters in turn at each
/// opening, so the standings stay balanced while the tournament runs; each round has openings
/// of its own.
pub struct Schedule<'a, G> {
    pub seatings: Vec<Vec<usize>>,
    /// The groups of engines that meet, as indices into the match's engines.
    pub encounters: Vec<Vec<usize>>,
    /// Openings per encounter per round: the games asked for over the seatings, rounded up.
    per_round: usize,
    /// The number of this schedule's first game and first opening: 0 but in the later stages
    /// of a knockout, which go on counting from the stages before.
    first_game: usize,
    first_opening: usize,
    /// The match's games: the games asked for, rounded up to whole cycles of seatings, for
    /// every encounter in every round.
    pub total: usize,
    /// The games this run plays: all of them (numbered from `first_game`), or its shard's.
    pub games: Range<usize>,
    source: &'a OpeningSource,
    /// The openings file's openings, checked against the rules, in the order played.
    listed: Vec<Opening>,
    seed: u64,
    shuffle: Option<Shuffle>,
    variant: PhantomData<G>,
}

impl<'a, G: Game> Schedule<'a, G> {
    /// The schedule of `s`, or why it cannot be played.
    pub fn new(s: &'a MatchSettings) -> Result<Schedule<'a, G>, MatchError> {
        let encounters = s.format.encounters(s.engines.len(), G::PLAYERS);
        let per_round = s.games.div_ceil(seatings(G::PLAYERS).len());
        Self::stage(s, encounters, per_round, 0, 0)
    }

    /// The games of `encounters` playing `per_round` openings each per round, numbered from
    /// `first_game` with openings from `first_opening` on: one stage of a knockout.
    pub fn stage(
        s: &'a MatchSettings,
        encounters: Vec<Vec<usize>>,
        per_round: usize,
        first_game: usize,
        first_opening: usize,
    ) -> Result<Schedule<'a, G>, MatchError> {
        check::<G>(s)?;
        let listed = match &s.openings {
            OpeningSource::File {
                openings,
                order,
                start,
                plies,
            } => {
                if openings.is_empty() {
                    return Err(MatchError::NoOpenings);
                }
                let checked = openings
                    .iter()
                    .map(|line| openings::check::<G>(line, *plies))
                    .collect::<Result<_, _>>()?;
                openings::arrange(checked, *order, *start, s.seed)
            }
            // A walk from a shuffled start may well find no book move: such a start is its
            // own opening.
            OpeningSource::Book { book, plies } if s.shuffle.is_none() => {
                if openings::from_book::<G>(book, *plies, s.seed, 0)
                    .moves
                    .is_empty()
                {
                    return Err(MatchError::BookMissesStart);
                }
                Vec::new()
            }
            _ => Vec::new(),
        };
        let seatings = seatings(G::PLAYERS);
        let blocks = s.rounds.max(1) * per_round * encounters.len();
        let total = blocks * seatings.len();
        let games = match s.shard {
            None => first_game..first_game + total,
            Some(shard) => {
                if shard.count > blocks {
                    return Err(MatchError::TooManyShards {
                        index: shard.index,
                        count: shard.count,
                        openings: blocks,
                    });
                }
                let mine = shard.openings(blocks);
                mine.start * seatings.len()..mine.end * seatings.len()
            }
        };
        Ok(Schedule {
            seatings,
            encounters,
            per_round,
            first_game,
            first_opening,
            total,
            games,
            source: &s.openings,
            listed,
            seed: s.seed,
            shuffle: s.shuffle,
            variant: PhantomData,
        })
    }

    /// Game `g`'s block: the encounter that plays it and the number of its opening.
    fn block(&self, g: usize) -> (usize, usize) {
        let b = (g - self.first_game) / self.seatings.len();
        let e = self.encounters.len();
        let round = b / (e * self.per_round);
        (
            b % e,
            self.first_opening + round * self.per_round + (b / e) % self.per_round,
        )
    }

    /// Game `g`'s seating: `seating[seat]` is the engine (its index in the match) in that seat.
    pub fn seating(&self, g: usize) -> Vec<usize> {
        let encounter = &self.encounters[self.block(g).0];
        self.seatings[(g - self.first_game) % self.seatings.len()]
            .iter()
            .map(|&i| encounter[i])
            .collect()
    }

    /// Game `g`'s opening: the games of a block share one, one game per seating.
    pub fn opening(&self, g: usize) -> Opening {
        let n = self.block(g).1;
        let seeded = |plies: usize| {
            // `check` made sure that a shuffle asked for has starts to draw from.
            openings::seeded::<G>(self.shuffle, plies, self.seed, n as u64).unwrap_or_default()
        };
        match self.source {
            OpeningSource::Start => seeded(0),
            OpeningSource::File { .. } => self.listed[n % self.listed.len()].clone(),
            OpeningSource::Book { book, plies } => {
                let start = seeded(0);
                match start.fen {
                    Some(fen) => match G::from_fen(&fen) {
                        Ok(pos) => openings::from_book_at(
                            pos,
                            Some(fen),
                            book,
                            *plies,
                            self.seed,
                            n as u64,
                        ),
                        Err(_) => Opening::default(),
                    },
                    None => openings::from_book::<G>(book, *plies, self.seed, n as u64),
                }
            }
            OpeningSource::Random(plies) => seeded(*plies),
        }
    }

    /// Whether a game from `opening` is played as Chess960 (openings::plays_chess960).
    pub fn chess960(&self, opening: &Opening) -> bool {
        openings::plays_chess960::<G>(self.shuffle.is_some(), opening)
    }
}

/// Whether the engines of `s` can play `G` under its settings.
fn check<G: Game>(s: &MatchSettings) -> Result<(), MatchError> {
    let players = G::PLAYERS;
    if s.engines.len() < players {
        return Err(MatchError::EngineCount {
            variant: G::NAME,
            players,
            given: s.engines.len(),
        });
    }
    if s.sprt.is_some() && s.shard.is_some() {
        return Err(MatchError::SprtInShard);
    }
    if let Some(shuffle) = s.shuffle {
        shuffle.check::<G>()?;
    }
    if s.sprt.is_some() && players != 2 {
        return Err(MatchError::SprtPlayers);
    }
    if s.sprt.is_some() && s.engines.len() != 2 {
        return Err(MatchError::SprtTournament(s.engines.len()));
    }
    for e in &s.engines {
        if !e.plays(G::NAME) {
            return Err(MatchError::WrongVariant {
                engine: e.name.clone(),
                plays: e.variants.join(", "),
                variant: G::NAME,
            });
        }
        if e.control_in(s.tc).is_none() && !e.limit.is_set() {
            return Err(MatchError::NoLimit(e.name.clone()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_opening_once() {
        for count in 1..=7 {
            let mut next = 0;
            for index in 1..=count {
                let range = Shard { index, count }.openings(23);
                assert_eq!(range.start, next);
                assert!(range.len() == 23 / count || range.len() == 23 / count + 1);
                next = range.end;
            }
            assert_eq!(next, 23);
        }
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "2", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    use super::super::config::EngineList;
    use super::super::tournament::Format;
    use crate::variants::chess::Chess;
    use crate::variants::trichess::Trichess;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;

    fn settings(engines: usize, format: Format, rounds: usize, games: usize) -> MatchSettings {
        let ini = "[e]\ncommand = e\nprotocol = uci\ndepth = 1\n";
        let list =
            EngineList::parse(ini, std::path::Path::new(".")).unwrap_or_else(|e| panic!("{e}"));
        let e = list.get("e").unwrap_or_else(|e| panic!("{e}")).clone();
        MatchSettings {
            variant: String::new(),
            engines: vec![e; engines],
            format,
            rounds,
            rating_interval: 10,
            names: (0..engines).map(|i| format!("e{i}")).collect(),
            games,
            tc: None,
            concurrency: 1,
            openings: OpeningSource::Random(2),
            shuffle: None,
            pgn: None,
            sprt: None,
            seed: 1,
            shard: None,
            margin: Duration::ZERO,
            move_timeout: Duration::from_secs(1),
            max_moves: None,
            draw: None,
            resign: None,
            resume: false,
            recover: false,
            debug: false,
            quiet: false,
            event: String::new(),
            site: String::new(),
            epd: None,
            wait: Duration::ZERO,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    #[test]
    fn a_round_robin_plays_every_encounter_at_every_opening_of_each_round() {
        // Four engines, pairs: six encounters, two openings each per round (four games), two
        // rounds.
        let s = settings(4, Format::RoundRobin, 2, 4);
        let schedule = Schedule::<Chess>::new(&s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(schedule.total, 2 * 6 * 4);
        let mut met = std::collections::BTreeMap::new();
        for g in 0..schedule.total {
            let seating = schedule.seating(g);
            let mut pair = seating.clone();
            pair.sort();
            let (_, opening) = schedule.block(g);
            met.entry(pair)
                .or_insert_with(Vec::new)
                .push((opening, seating));
        }
        assert_eq!(met.len(), 6);
        for games in met.values() {
            // Openings 0 and 1 in round one, 2 and 3 in round two, each with both colours.
            let mut openings: Vec<usize> = games.iter().map(|(o, _)| *o).collect();
            openings.sort();
            assert_eq!(openings, vec![0, 0, 1, 1, 2, 2, 3, 3]);
            for o in 0..4 {
                let whites: Vec<usize> = games
                    .iter()
                    .filter(|(n, _)| *n == o)
                    .map(|(_, s)| s[0])
                    .collect();
                assert_ne!(whites[0], whites[1], "opening {o} with both colours");
            }
        }
        // The games of a block sit side by side, and one opening's blocks come together.
        assert_eq!(schedule.block(0), (0, 0));
        assert_eq!(schedule.block(1), (0, 0));
        assert_eq!(schedule.block(2), (1, 0));
        assert_eq!(schedule.block(12), (0, 1));
        assert_eq!(schedule.block(24), (0, 2));
        assert_eq!(schedule.opening(0), schedule.opening(1));
        assert_eq!(schedule.opening(0), schedule.opening(2));
    }

    #[test]
    fn a_trichess_gauntlet_seats_the_first_engine_everywhere() {
        let s = settings(4, Format::Gauntlet, 1, 6);
        let schedule = Schedule::<Trichess>::new(&s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(schedule.total, 18);
        for g in 0..18 {
            assert!(schedule.seating(g).contains(&0));
        }
        // Engine 0 sits in each seat six times: twice per encounter.
        for seat in 0..3 {
            let n = (0..18).filter(|&g| schedule.seating(g)[seat] == 0).count();
            assert_eq!(n, 6);
        }
    }

    #[test]
    fn shards_of_a_tournament_split_its_blocks() {
        let mut s = settings(3, Format::RoundRobin, 1, 2);
        s.shard = Some(Shard { index: 2, count: 3 });
        let schedule = Schedule::<Chess>::new(&s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((schedule.total, schedule.games.clone()), (6, 2..4));
        s.shard = Some(Shard { index: 4, count: 4 });
        assert!(
            Schedule::<Chess>::new(&s).is_err(),
            "three blocks, four shards"
        );
        let s = settings(1, Format::RoundRobin, 1, 2);
        assert!(
            Schedule::<Chess>::new(&s).is_err(),
            "one engine cannot play chess"
        );
    }

    #[test]
    fn shuffled_starts_are_shared_by_a_pair_and_refused_where_the_game_has_none() {
        let mut s = settings(2, Format::RoundRobin, 1, 8);
        s.shuffle = Some(Shuffle::Chess960);
        let schedule = Schedule::<Chess>::new(&s).unwrap_or_else(|e| panic!("{e}"));
        let fens: Vec<String> = (0..8)
            .map(|g| schedule.opening(g).fen.unwrap_or_default())
            .collect();
        for pair in fens.chunks(2) {
            assert_eq!(pair[0], pair[1]);
            // Chess960: Black's first rank mirrors White's.
            let ranks: Vec<&str> = pair[0].split(['/', ' ']).collect();
            assert_eq!(ranks[0], ranks[7].to_ascii_lowercase(), "{}", pair[0]);
        }
        assert!(fens[0] != fens[2] || fens[2] != fens[4], "{fens:?}");
        // Two random plies on top of the start, and every game played as Chess960.
        assert_eq!(schedule.opening(0).moves.len(), 2);
        assert!(schedule.chess960(&schedule.opening(0)));
        assert!(Chess::from_fen(&fens[0]).is_ok());
        s.shuffle = Some(Shuffle::Double);
        let double = Schedule::<Chess>::new(&s).unwrap_or_else(|e| panic!("{e}"));
        let differ = (0..8).step_by(2).any(|g| {
            let fen = double.opening(g).fen.unwrap_or_default();
            let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
            ranks[0] != ranks[7].to_ascii_lowercase()
        });
        assert!(differ, "double-shuffled starts give each side its own rank");
        let e = Schedule::<Trichess>::new(&settings(3, Format::RoundRobin, 1, 6))
            .map(|_| ())
            .and_then(|()| {
                let mut t = settings(3, Format::RoundRobin, 1, 6);
                t.shuffle = Some(Shuffle::Chess960);
                Schedule::<Trichess>::new(&t).map(|_| ())
            })
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.starts_with("--shuffle chess960: trichess has no shuffled starts"),
            "{e}"
        );
        assert!(e.contains("chess, cylinder"), "{e}");
    }

    #[test]
    fn seatings_cover_every_order() {
        assert_eq!(seatings(2), vec![vec![0, 1], vec![1, 0]]);
        let three = seatings(3);
        assert_eq!(three.len(), 6);
        for seat in 0..3 {
            for engine in 0..3 {
                assert_eq!(three.iter().filter(|s| s[seat] == engine).count(), 2);
            }
        }
    }
}
