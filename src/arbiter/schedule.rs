//! Which games a match plays: the engines in every seat order, each opening once per order,
//! and the checks that the engines and settings can play the variant at all.

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
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{text}': expected I/N with 1 <= I <= N, such as 2/4");
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
    pub fn new(s: &'a MatchSettings) -> Result<Schedule<'a, G>, String> {
        check::<G>(s)?;
        let listed = match &s.openings {
            OpeningSource::File(lines) => {
                if lines.is_empty() {
                    return Err("the openings file has no opening".into());
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
                    return Err(format!(
                        "--shard {}/{}: the match has {openings} opening{} to share out, fewer                          than the shards; play more games or fewer shards",
                        shard.index,
                        shard.count,
                        if openings == 1 { "" } else { "s" }
                    ));
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
fn check<G: Game>(s: &MatchSettings) -> Result<(), String> {
    let players = G::PLAYERS;
    if s.engines.len() != players {
        return Err(format!(
            "{} is a {players}-player game: give {players} engines (--engines {}), not {}",
            G::NAME,
            (b'A'..b'A' + players as u8)
                .map(|c| (c as char).to_string())
                .collect::<Vec<_>>()
                .join(","),
            s.engines.len()
        ));
    }
    if s.sprt.is_some() && s.shard.is_some() {
        return Err("--sprt cannot stop a shard: each shard plays its slice whole, and                     `kaleido merge --sprt ...` reads the test's state from all shards' PGNs"
            .into());
    }
    if s.sprt.is_some() && players != 2 {
        return Err(
            "--sprt tests one engine against another: it needs a two-player variant".into(),
        );
    }
    for e in &s.engines {
        if !e.plays(G::NAME) {
            return Err(format!(
                "engines.ini says {} plays {}, not {}",
                e.name,
                e.variants.join(", "),
                G::NAME
            ));
        }
        if s.tc.is_none() && !e.limit.is_set() {
            return Err(format!(
                "{} has no depth, nodes or movetime of its own, so the match needs --tc",
                e.name
            ));
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
