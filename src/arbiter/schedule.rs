//! Which games a match plays: the engines in every seat order, each opening once per order,
//! and the checks that the engines and settings can play the variant at all.

use super::error::{MatchError, SettingError};
use super::openings::{self, Opening};
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

/// The games of a match of `G`.
pub struct Schedule<'a, G> {
    pub seatings: Vec<Vec<usize>>,
    /// The match's games: the games asked for, rounded up to whole cycles of seatings.
    pub total: usize,
    /// The games this run plays: all of them, or its shard's.
    pub games: Range<usize>,
    source: &'a OpeningSource,
    /// The openings file's lines, checked against the rules.
    listed: Vec<Opening>,
    seed: u64,
    variant: PhantomData<G>,
}

impl<'a, G: Game> Schedule<'a, G> {
    /// The schedule of `s`, or why it cannot be played.
    pub fn new(s: &'a MatchSettings) -> Result<Schedule<'a, G>, MatchError> {
        check::<G>(s)?;
        let listed = match &s.openings {
            OpeningSource::File(lines) => {
                if lines.is_empty() {
                    return Err(MatchError::NoOpenings);
                }
                lines
                    .iter()
                    .map(openings::check::<G>)
                    .collect::<Result<_, _>>()?
            }
            _ => Vec::new(),
        };
        let seatings = seatings(G::PLAYERS);
        let openings = s.games.div_ceil(seatings.len());
        let total = openings * seatings.len();
        let games = match s.shard {
            None => 0..total,
            Some(shard) => {
                if shard.count > openings {
                    return Err(MatchError::TooManyShards {
                        index: shard.index,
                        count: shard.count,
                        openings,
                    });
                }
                let mine = shard.openings(openings);
                mine.start * seatings.len()..mine.end * seatings.len()
            }
        };
        Ok(Schedule {
            seatings,
            total,
            games,
            source: &s.openings,
            listed,
            seed: s.seed,
            variant: PhantomData,
        })
    }

    /// Game `g`'s seating: `seating[seat]` is the participant in that seat.
    pub fn seating(&self, g: usize) -> &[usize] {
        &self.seatings[g % self.seatings.len()]
    }

    /// Game `g`'s opening: consecutive games share one, one game per seating.
    pub fn opening(&self, g: usize) -> Opening {
        let n = g / self.seatings.len();
        match self.source {
            OpeningSource::Start => Opening::default(),
            OpeningSource::File(_) => self.listed[n % self.listed.len()].clone(),
            OpeningSource::Random(plies) => openings::random::<G>(*plies, self.seed, n as u64),
        }
    }
}

/// Whether the engines of `s` can play `G` under its settings.
fn check<G: Game>(s: &MatchSettings) -> Result<(), MatchError> {
    let players = G::PLAYERS;
    if s.engines.len() != players {
        return Err(MatchError::EngineCount {
            variant: G::NAME,
            players,
            given: s.engines.len(),
        });
    }
    if s.sprt.is_some() && s.shard.is_some() {
        return Err(MatchError::SprtInShard);
    }
    if s.sprt.is_some() && players != 2 {
        return Err(MatchError::SprtPlayers);
    }
    for e in &s.engines {
        if !e.plays(G::NAME) {
            return Err(MatchError::WrongVariant {
                engine: e.name.clone(),
                plays: e.variants.join(", "),
                variant: G::NAME,
            });
        }
        if s.tc.is_none() && !e.limit.is_set() {
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
