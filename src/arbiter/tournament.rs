//! Who meets whom: the encounters of a tournament. An encounter is one group of engines, as
//! many as the variant seats, that plays its openings in every seating; a match of exactly that
//! many engines is a tournament of one encounter.

use super::error::SettingError;
use std::fmt;

/// How the engines of a tournament are grouped, in cutechess-cli's terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Every group of engines meets once a round.
    #[default]
    RoundRobin,
    /// The first engine meets every group of the others; they never meet each other.
    Gauntlet,
    /// Single elimination in two-player games: the engines are seeded in the order given,
    /// each pair plays its games and the winner goes on (knockout.rs plays it).
    Knockout,
}

impl Format {
    /// Reads `round-robin` or `gauntlet` (cutechess's spellings).
    pub fn parse(text: &str) -> Result<Format, SettingError> {
        match text.trim() {
            "round-robin" | "roundrobin" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            "knockout" => Ok(Format::Knockout),
            other => Err(SettingError::Tournament(other.to_string())),
        }
    }

    /// The encounters of `engines` engines in a game of `players`, each the engines' indices in
    /// increasing order, the encounters in lexicographic order (so that every run of the same
    /// command plays the same schedule). A knockout's are those of its first round.
    pub fn encounters(self, engines: usize, players: usize) -> Vec<Vec<usize>> {
        let groups = combinations(engines, players);
        match self {
            Format::RoundRobin => groups,
            Format::Gauntlet => groups.into_iter().filter(|g| g[0] == 0).collect(),
            Format::Knockout => bracket(engines)
                .chunks(2)
                .filter_map(|pair| match pair {
                    [Some(a), Some(b)] => Some(vec![*a, *b]),
                    _ => None,
                })
                .collect(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
            Format::Knockout => "knockout",
        })
    }
}

/// A knockout's first round for `engines` engines seeded in their order (0 the top seed): the
/// slots of a bracket of the next power of two, neighbours meeting, `None` a bye. Seeds are
/// placed as in sports draws, so that the two best seeds can meet only in the final, the four
/// best only in the semi-finals, and the byes fall to the best seeds.
pub fn bracket(engines: usize) -> Vec<Option<usize>> {
    let size = engines.max(1).next_power_of_two();
    // Doubling: each seed s of a bracket of n is paired with 2n-1-s in the bracket of 2n.
    let mut order = vec![0usize];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    order
        .into_iter()
        .map(|seed| (seed < engines).then_some(seed))
        .collect()
}

/// Every k-element subset of 0..n, each in increasing order, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn extend(
        start: usize,
        n: usize,
        k: usize,
        prefix: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if prefix.len() == k {
            out.push(prefix.clone());
            return;
        }
        for i in start..n {
            prefix.push(i);
            extend(i + 1, n, k, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    if k > 0 && k <= n {
        extend(0, n, k, &mut Vec::new(), &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_meets_every_group_once() {
        let pairs = Format::RoundRobin.encounters(4, 2);
        assert_eq!(
            pairs,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(Format::RoundRobin.encounters(5, 3).len(), 10);
        assert_eq!(Format::RoundRobin.encounters(2, 2), vec![vec![0, 1]]);
        assert!(Format::RoundRobin.encounters(2, 3).is_empty());
    }

    #[test]
    fn a_gauntlet_seats_the_first_engine_in_every_encounter() {
        assert_eq!(
            Format::Gauntlet.encounters(4, 2),
            vec![vec![0, 1], vec![0, 2], vec![0, 3]]
        );
        // Trichess: the first engine with every two of the other three.
        assert_eq!(
            Format::Gauntlet.encounters(4, 3),
            vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3]]
        );
    }

    #[test]
    fn a_knockout_bracket_keeps_the_best_seeds_apart() {
        let some = |seeds: &[usize]| seeds.iter().map(|&s| Some(s)).collect::<Vec<_>>();
        assert_eq!(bracket(2), some(&[0, 1]));
        assert_eq!(bracket(4), some(&[0, 3, 1, 2]));
        assert_eq!(bracket(8), some(&[0, 7, 3, 4, 1, 6, 2, 5]));
        // Five engines: the three best seeds have byes; 3 meets 4.
        assert_eq!(
            bracket(5),
            vec![
                Some(0),
                None,
                Some(3),
                Some(4),
                Some(1),
                None,
                Some(2),
                None
            ]
        );
        assert_eq!(Format::Knockout.encounters(5, 2), vec![vec![3, 4]]);
        assert_eq!(
            Format::Knockout.encounters(4, 2),
            vec![vec![0, 3], vec![1, 2]]
        );
    }

    #[test]
    fn formats_read_as_cutechess_spells_them() {
        assert_eq!(Format::parse("round-robin"), Ok(Format::RoundRobin));
        assert_eq!(Format::parse("gauntlet"), Ok(Format::Gauntlet));
        assert!(Format::parse("swiss").is_err());
        assert_eq!(Format::Gauntlet.to_string(), "gauntlet");
        assert_eq!(Format::parse("knockout"), Ok(Format::Knockout));
    }
}
