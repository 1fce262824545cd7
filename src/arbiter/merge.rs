//! `kaleido merge`: the report of a match played in shards (`kaleido match --shard I/N`, one
//! run per machine), from the PGN files the shards wrote. Every game carries its number in the
//! match (the Round tag), which gives its seating and its opening pair, so the merged totals,
//! Elo, pairs and SPRT state are exactly those one run of the whole match prints.

use super::error::{GameEntryError, MergeError};
use super::pgn::{self, seat_tag, PgnGame};
use super::schedule::seatings;
use super::sprt::Sprt;
use super::tally::Tally;
use crate::game::Game;
use crate::registry::{with_variant, VariantVisitor};
use std::collections::BTreeMap;

/// One PGN file to merge: a name for messages, and its text.
pub struct PgnSource {
    pub name: String,
    pub text: String,
}

/// What the merge found.
pub struct Merged {
    pub tally: Tally,
    /// The report's lines, as `kaleido match` prints them at the end.
    pub lines: Vec<String>,
}

/// One finished game: where it came from, its number (from 1), players by seat, points by seat.
struct Entry {
    source: String,
    round: usize,
    names: Vec<String>,
    points: Vec<f64>,
}

struct Players;

impl VariantVisitor for Players {
    type Output = usize;
    fn visit<G: Game>(self) -> usize {
        G::PLAYERS
    }
}

/// Each seat's points in a PGN result: `1-0`, `1/2-1/2`, or trichess's `0-2/3-4/3`.
pub fn seat_points(result: &str, players: usize) -> Option<Vec<f64>> {
    let points: Vec<f64> = result
        .split('-')
        .map(|p| match p.split_once('/') {
            Some((n, d)) => Some(n.parse::<f64>().ok()? / d.parse::<f64>().ok()?),
            None => p.parse().ok(),
        })
        .collect::<Option<_>>()?;
    (points.len() == players && points.iter().all(|p| p.is_finite())).then_some(points)
}

/// The games of `sources` with a result, each checked: one variant, a Round tag, one game per
/// round.
fn entries(sources: &[PgnSource]) -> Result<(String, usize, Vec<Entry>, usize), MergeError> {
    let mut variant: Option<String> = None;
    let mut players = 0;
    let mut by_round: BTreeMap<usize, Entry> = BTreeMap::new();
    let mut unfinished = 0;
    for source in sources {
        for (i, game) in pgn::read(&source.text).iter().enumerate() {
            let at = || format!("{}, game {}", source.name, i + 1);
            let refused = |problem: GameEntryError| MergeError::Game { at: at(), problem };
            // A match's Chess960 games are tagged so, its others by the variant's name.
            let this = pgn::variant_of_tag(game.tag("Variant").unwrap_or("chess"));
            match &variant {
                Some(v) if v != this => {
                    return Err(refused(GameEntryError::OtherVariant {
                        this: this.to_string(),
                        first: v.clone(),
                    }))
                }
                Some(_) => {}
                None => {
                    players = with_variant(this, Players).map_err(|e| refused(e.into()))?;
                    variant = Some(this.to_string());
                }
            }
            let entry = entry(game, players, &source.name).map_err(refused)?;
            let Some(entry) = entry else {
                unfinished += 1;
                continue;
            };
            if let Some(other) = by_round.get(&entry.round) {
                return Err(MergeError::Duplicate {
                    at: at(),
                    round: entry.round,
                    other: other.source.clone(),
                });
            }
            by_round.insert(entry.round, entry);
        }
    }
    let variant = variant.ok_or(MergeError::NoGames)?;
    Ok((
        variant,
        players,
        by_round.into_values().collect(),
        unfinished,
    ))
}

/// A game's number, players and points; None for a game without a result (`*`).
fn entry(game: &PgnGame, players: usize, source: &str) -> Result<Option<Entry>, GameEntryError> {
    let round = game
        .tag("Round")
        .and_then(|r| r.parse::<usize>().ok())
        .filter(|&r| r > 0)
        .ok_or(GameEntryError::NoRound)?;
    let result = game.tag("Result").unwrap_or("*");
    if result == "*" {
        return Ok(None);
    }
    let points =
        seat_points(result, players).ok_or_else(|| GameEntryError::Result(result.to_string()))?;
    let names = (0..players)
        .map(|seat| {
            let tag = seat_tag(players, seat);
            game.tag(&tag)
                .map(String::from)
                .ok_or(GameEntryError::NoTag(tag))
        })
        .collect::<Result<_, _>>()?;
    Ok(Some(Entry {
        source: source.to_string(),
        round,
        names,
        points,
    }))
}

/// The engines in `--engines` order: game n's seating says which engine sat in each seat, so
/// every game names them, and all must agree (games of another match would not).
fn engine_names(entries: &[Entry], players: usize) -> Result<Vec<String>, MergeError> {
    let orders = seatings(players);
    let mut names: Vec<Option<(String, usize)>> = vec![None; players];
    for e in entries {
        let seating = &orders[(e.round - 1) % orders.len()];
        for (seat, &who) in seating.iter().enumerate() {
            match &names[who] {
                Some((name, round)) if *name != e.names[seat] => {
                    return Err(MergeError::TwoMatches {
                        round: e.round,
                        name: e.names[seat].clone(),
                        first_round: *round,
                        first_name: name.clone(),
                    })
                }
                Some(_) => {}
                None => names[who] = Some((e.names[seat].clone(), e.round)),
            }
        }
    }
    Ok(names
        .into_iter()
        .enumerate()
        .map(|(i, n)| n.map_or(format!("engine {}", i + 1), |(name, _)| name))
        .collect())
}

/// Every engine that played, in the order of its first game.
fn field(entries: &[Entry]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in entries.iter().flat_map(|e| &e.names) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

/// `12, 57-58`: the numbers in `missing`, runs joined.
fn ranges(missing: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < missing.len() {
        let mut j = i;
        while j + 1 < missing.len() && missing[j + 1] == missing[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            missing[i].to_string()
        } else {
            format!("{}-{}", missing[i], missing[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Adds up the games of `sources`; with `sprt`, the test's state as well.
pub fn merge(sources: &[PgnSource], sprt: Option<&Sprt>) -> Result<Merged, MergeError> {
    let (variant, players, entries, unfinished) = entries(sources)?;
    if sprt.is_some() && players != 2 {
        return Err(MergeError::SprtPlayers(variant));
    }
    let field = field(&entries);
    let tally = if field.len() > players {
        // A tournament: its encounters are not in the games, but each game names its
        // players, and the standings need nothing more.
        let mut tally = Tally::new(field.clone(), players);
        for e in &entries {
            let seating: Vec<usize> = e
                .names
                .iter()
                .map(|n| field.iter().position(|f| f == n).unwrap_or(0))
                .collect();
            tally.add(e.round - 1, &seating, &e.points);
        }
        tally
    } else {
        let orders = seatings(players);
        let mut tally = Tally::new(engine_names(&entries, players)?, players);
        for e in &entries {
            tally.add(
                e.round - 1,
                &orders[(e.round - 1) % orders.len()],
                &e.points,
            );
        }
        tally
    };
    if sprt.is_some() && tally.is_tournament() {
        return Err(MergeError::SprtTournament(field.len()));
    }
    let last = entries.last().map_or(0, |e| e.round);
    let present: Vec<usize> = entries.iter().map(|e| e.round).collect();
    let missing: Vec<usize> = (1..=last)
        .filter(|r| present.binary_search(r).is_err())
        .collect();
    let mut lines = vec![format!(
        "Merged {} {variant} games from {} file{}{}{}",
        entries.len(),
        sources.len(),
        if sources.len() == 1 { "" } else { "s" },
        if missing.is_empty() {
            String::new()
        } else {
            format!("; games missing: {}", ranges(&missing))
        },
        if unfinished == 0 {
            String::new()
        } else {
            format!("; {unfinished} without a result left out")
        }
    )];
    lines.extend(tally.score_line());
    lines.extend(tally.statistics(sprt));
    Ok(Merged { tally, lines })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(round: usize, white: &str, black: &str, result: &str) -> String {
        format!(
            "[Event \"m\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"{result}\"]\n[Variant \"cylinder\"]\n\n1. e4 e5 {result}\n\n"
        )
    }

    fn source(name: &str, text: String) -> PgnSource {
        PgnSource {
            name: name.into(),
            text,
        }
    }

    #[test]
    fn shards_add_up_by_game_number() {
        // Games 1-2 (pair 0) in one file, 3-4 (pair 1) and an unfinished 5 in the other,
        // out of order.
        let a = game(2, "b", "a", "1/2-1/2") + &game(1, "a", "b", "1-0");
        let b = game(4, "b", "a", "1-0") + &game(3, "a", "b", "1-0") + &game(5, "a", "b", "*");
        let merged = merge(&[source("a.pgn", a), source("b.pgn", b)], None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(merged.tally.names, vec!["a", "b"]);
        assert_eq!(merged.tally.points, vec![2.5, 1.5]);
        assert_eq!(merged.tally.score.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(
            merged.lines[0],
            "Merged 4 cylinder games from 2 files; 1 without a result left out"
        );
        assert_eq!(merged.lines[1], "Score of a vs b: 2 - 1 - 1  [0.625] 4");
    }

    #[test]
    fn gaps_duplicates_and_strangers_are_named() {
        let text = game(1, "a", "b", "1-0") + &game(4, "b", "a", "0-1") + &game(6, "b", "a", "0-1");
        let merged = merge(&[source("x", text.clone())], None).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            merged.lines[0].ends_with("games missing: 2-3, 5"),
            "{}",
            merged.lines[0]
        );
        let twice = merge(&[source("x", text.clone()), source("y", text)], None);
        assert!(twice.is_err_and(|e| e.to_string().contains("also in x")));
        // Game 2 seats engine 1 (b) as White: "a" there contradicts game 1.
        let stranger = game(1, "a", "b", "1-0") + &game(2, "a", "b", "1-0");
        assert!(merge(&[source("z", stranger)], None)
            .is_err_and(|e| e.to_string().contains("more than one")));
        let no_round = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
        assert!(merge(&[source("r", no_round.into())], None).is_err());
        assert!(merge(&[source("e", String::new())], None).is_err());
    }

    #[test]
    fn results_give_each_seat_its_points() {
        assert_eq!(seat_points("1-0", 2), Some(vec![1.0, 0.0]));
        assert_eq!(seat_points("1/2-1/2", 2), Some(vec![0.5, 0.5]));
        let tri = seat_points("0-2/3-4/3", 3).unwrap_or_default();
        assert!((tri[2] - 4.0 / 3.0).abs() < 1e-12);
        assert_eq!(seat_points("1-0", 3), None);
        assert_eq!(seat_points("x-y", 2), None);
    }
}
