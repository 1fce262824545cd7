//! Which games a match plays: the engines in every seat order, each opening once per order,
//! and the checks that the engines and settings can play the variant at all.

use super::openings::{self, Opening};
use super::{MatchSettings, OpeningSource};
use crate::game::Game;
use std::marker::PhantomData;

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
    /// Games to play: the games asked for, rounded up to whole cycles of seatings.
    pub total: usize,
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
        let total = s.games.div_ceil(seatings.len()) * seatings.len();
        Ok(Schedule {
            seatings,
            total,
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
