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
}

impl Format {
    /// Reads `round-robin` or `gauntlet` (cutechess's spellings).
    pub fn parse(text: &str) -> Result<Format, SettingError> {
        match text.trim() {
            "round-robin" | "roundrobin" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            other => Err(SettingError::Tournament(other.to_string())),
        }
    }

    /// The encounters of `engines` engines in a game of `players`, each the engines' indices in
    /// increasing order, the encounters in lexicographic order (so that every run of the same
    /// command plays the same schedule).
    pub fn encounters(self, engines: usize, players: usize) -> Vec<Vec<usize>> {
        let groups = combinations(engines, players);
        match self {
            Format::RoundRobin => groups,
            Format::Gauntlet => groups.into_iter().filter(|g| g[0] == 0).collect(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::RoundRobin => "round-robin",
            Format::Gauntlet => "gauntlet",
        })
    }
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
    fn formats_read_as_cutechess_spells_them() {
        assert_eq!(Format::parse("round-robin"), Ok(Format::RoundRobin));
        assert_eq!(Format::parse("gauntlet"), Ok(Format::Gauntlet));
        assert!(Format::parse("swiss").is_err());
        assert_eq!(Format::Gauntlet.to_string(), "gauntlet");
    }
}
