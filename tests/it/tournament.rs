//! `kaleido match` tournaments end to end: a round-robin of six engines in chess (kaleido at
//! three levels, depth 2 both over UCI and over XBoard; Fairy-Max; Stockfish held to its
//! lowest Elo), gauntlets of four in cylinder and trichess, and a sharded tournament merged
//! back. The standings are checked against the
//! games in the PGN: every engine's games and points, and ratings that explain the points
//! (the maximum-likelihood condition: each engine's expected points under the fitted ratings
//! equal its points). Fixed shallow depths, concurrency 2: about 30 s in all.

use crate::common::Scratch;
use crate::r#match::{kaleido_match, replay_all};
use kaleido::arbiter::merge::seat_points;
use kaleido::arbiter::pgn;
use std::collections::BTreeMap;
use std::process::Command;

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");

/// One row of the last standings table printed.
#[derive(Debug)]
struct Row {
    rank: usize,
    name: String,
    elo: f64,
    games: u32,
    score: f64,
}

fn standings(stdout: &str) -> Vec<Row> {
    let lines: Vec<&str> = stdout.lines().collect();
    let header = lines
        .iter()
        .rposition(|l| l.starts_with("Rank Name"))
        .unwrap_or_else(|| panic!("no standings in\n{stdout}"));
    lines[header + 1..]
        .iter()
        .map_while(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let rank = f.first()?.parse().ok()?;
            Some(Row {
                rank,
                name: f[1].to_string(),
                elo: f[2].parse().unwrap_or(f64::NAN),
                games: f[4].parse().unwrap_or(0),
                score: f[5].trim_end_matches('%').parse().unwrap_or(f64::NAN),
            })
        })
        .collect()
}

/// Every game's players (by seat) and points (by seat).
fn results(games: &[pgn::PgnGame], tags: &[&str]) -> Vec<(Vec<String>, Vec<f64>)> {
    games
        .iter()
        .map(|g| {
            let names = tags
                .iter()
                .map(|t| g.tag(t).unwrap_or("").to_string())
                .collect();
            let result = g.tag("Result").unwrap_or("");
            let points = seat_points(result, tags.len()).unwrap_or_default();
            (names, points)
        })
        .collect()
}

/// The standings hold every engine's games and score as the PGN has them.
fn check_totals(rows: &[Row], results: &[(Vec<String>, Vec<f64>)], points_per_game: f64) {
    for row in rows {
        let mine: Vec<f64> = results
            .iter()
            .filter_map(|(names, points)| {
                let seat = names.iter().position(|n| *n == row.name)?;
                Some(points[seat])
            })
            .collect();
        assert_eq!(row.games as usize, mine.len(), "{row:?}");
        let share = 100.0 * mine.iter().sum::<f64>() / (points_per_game * mine.len() as f64);
        assert!((row.score - share).abs() < 0.06, "{row:?}: {share}");
    }
    let ranks: Vec<usize> = rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, (1..=rows.len()).collect::<Vec<_>>());
}

/// Two-player standings whose ratings explain the points: for each engine, the points the
/// logistic model expects of its games at the printed ratings match the points it scored (to
/// the printed ratings' rounding and the fit's tenth of a drawn game per encounter).
fn check_ratings_explain_the_points(rows: &[Row], results: &[(Vec<String>, Vec<f64>)]) {
    let elo: BTreeMap<&str, f64> = rows.iter().map(|r| (r.name.as_str(), r.elo)).collect();
    let mut encounters = 0.0;
    let mut expected: BTreeMap<&str, f64> = BTreeMap::new();
    let mut scored: BTreeMap<&str, f64> = BTreeMap::new();
    let mut met = std::collections::BTreeSet::new();
    for (names, points) in results {
        let (a, b) = (names[0].as_str(), names[1].as_str());
        met.insert(if a < b { (a, b) } else { (b, a) });
        let p = 1.0 / (1.0 + 10f64.powf((elo[b] - elo[a]) / 400.0));
        *expected.entry(a).or_default() += p;
        *expected.entry(b).or_default() += 1.0 - p;
        *scored.entry(a).or_default() += points[0];
        *scored.entry(b).or_default() += points[1];
    }
    encounters += met.len() as f64;
    for row in rows {
        let name = row.name.as_str();
        let gap = (expected[name] - scored[name]).abs();
        assert!(
            gap < 0.05 * encounters + 0.02 * f64::from(row.games),
            "{name}: expected {} points, scored {}",
            expected[name],
            scored[name]
        );
    }
}

#[test]
fn a_chess_round_robin_of_six_engines() {
    let scratch = Scratch::new("tournament-chess");
    // Phalanx, the other XBoard engine of these tests, plays to its own clock whatever depth it
    // is given (two games there took six minutes), so kaleido's XBoard side takes its seat.
    let engines = "kaleido-d1,kaleido-xb-d2,kaleido-n1000,fairymax-d2,stockfish-1350,kaleido-d2";
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            engines,
            "--variant",
            "chess",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--max-moves",
            "60",
            "--rating-interval",
            "10",
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("Tournament: round-robin of 6 engines, 15 encounters, 1 round, 30 games"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches("Rank Name").count(),
        3,
        "at 10, 20 and 30 games"
    );
    let games = pgn::read(&run.pgn);
    assert_eq!(games.len(), 30);
    let results = results(&games, &["White", "Black"]);
    let mut pairs = BTreeMap::new();
    for (names, _) in &results {
        let mut key = names.clone();
        key.sort();
        *pairs.entry(key).or_insert(0) += 1;
    }
    assert_eq!(pairs.len(), 15, "every two engines met");
    assert!(pairs.values().all(|&n| n == 2), "{pairs:?}");
    let rows = standings(&run.stdout);
    assert_eq!(rows.len(), 6, "{}", run.stdout);
    assert!(rows.iter().all(|r| r.games == 10), "{rows:?}");
    check_totals(&rows, &results, 1.0);
    check_ratings_explain_the_points(&rows, &results);
    let elos: Vec<f64> = rows.iter().map(|r| r.elo).collect();
    assert!(
        elos.windows(2).all(|w| w[0] >= w[1]),
        "ranked by rating: {elos:?}"
    );
}

#[test]
fn a_cylinder_gauntlet_seats_the_first_engine_in_every_game() {
    let scratch = Scratch::new("tournament-cylinder");
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            "kaleido-d2,kaleido-d1,fairymax-d2,kaleido-n300",
            "--tournament",
            "gauntlet",
            "--variant",
            "cylinder",
            "--games",
            "2",
            "--rounds",
            "2",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--max-moves",
            "60",
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = pgn::read(&run.pgn);
    assert_eq!(games.len(), 12, "three encounters, two games, two rounds");
    let results = results(&games, &["White", "Black"]);
    assert!(results
        .iter()
        .all(|(n, _)| n.contains(&"kaleido-d2".to_string())));
    // Each round has openings of its own: the two rounds' first games differ.
    let opening = |round: &str| {
        games
            .iter()
            .find(|g| g.tag("Round") == Some(round))
            .map(|g| g.tokens[..4].to_vec())
    };
    assert_eq!(
        opening("1"),
        opening("3"),
        "one opening for the round's encounters"
    );
    assert_ne!(opening("1"), opening("7"), "a new opening in round two");
    let rows = standings(&run.stdout);
    assert_eq!(rows.len(), 4);
    let first = rows.iter().find(|r| r.name == "kaleido-d2");
    assert_eq!(first.map(|r| r.games), Some(12));
    check_totals(&rows, &results, 1.0);
    check_ratings_explain_the_points(&rows, &results);
}

#[test]
fn a_trichess_gauntlet_ranks_by_points_per_game() {
    let scratch = Scratch::new("tournament-trichess");
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            "tri-d2,tri-d1,kaleido-d1,tri-n300",
            "--tournament",
            "gauntlet",
            "--variant",
            "trichess",
            "--games",
            "6",
            "--concurrency",
            "2",
            "--random-plies",
            "3",
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = replay_all(&run.pgn, "trichess");
    assert_eq!(games.len(), 18, "three triples, every seating");
    let tags: Vec<String> = (0..3).map(|seat| pgn::seat_tag(3, seat)).collect();
    let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
    let results = results(&games, &tags);
    let rows = standings(&run.stdout);
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows.iter().find(|r| r.name == "tri-d2").map(|r| r.games),
        Some(18)
    );
    check_totals(&rows, &results, 2.0);
    let scores: Vec<f64> = rows.iter().map(|r| r.score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

#[test]
fn a_sharded_tournament_merges_to_the_whole_standings() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "--engines",
            "kaleido-d1,kaleido-d2,kaleido-n300",
            "--variant",
            "chess",
            "--games",
            "2",
            "--rounds",
            "2",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--max-moves",
            "60",
        ];
        a.extend_from_slice(extra);
        a
    };
    let whole = Scratch::new("tournament-whole");
    let run = kaleido_match(&whole, &args(&[]));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let merge_dir = Scratch::new("tournament-merge");
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let scratch = Scratch::new(&format!("tournament-shard{}", &shard[..1]));
        let part = kaleido_match(&scratch, &args(&["--shard", shard]));
        assert_eq!(part.code, Some(0), "{}\n{}", part.stdout, part.stderr);
        let file = merge_dir.path(&format!("shard{}.pgn", &shard[..1]));
        std::fs::write(&file, &part.pgn).unwrap_or_else(|e| panic!("{e}"));
        files.push(file);
    }
    let out = Command::new(KALEIDO)
        .arg("merge")
        .args(&files)
        .output()
        .unwrap_or_else(|e| panic!("run kaleido merge: {e}"));
    let merged = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        merged.starts_with("Merged 12 chess games from 2 files"),
        "{merged}"
    );
    // Fixed depths and one thread: the shards play the whole tournament's games, and the
    // merge prints its final standings line for line.
    let table = |text: &str| -> Vec<String> {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().rposition(|l| l.starts_with("Rank Name"));
        at.map(|i| lines[i..i + 4].iter().map(|l| l.to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(
        table(&merged),
        table(&run.stdout),
        "{merged}\n{}",
        run.stdout
    );
    // An SPRT has no meaning over a tournament.
    let refused = kaleido_match(&whole, &args(&["--sprt", "elo1=5"]));
    assert_eq!(refused.code, Some(2), "{}", refused.stdout);
    assert!(
        refused.stderr.contains("not a tournament of 3"),
        "{}",
        refused.stderr
    );
}

/// A knockout of five: the three best seeds have byes, seeds 4 and 5 play first; each round's
/// pairings follow the bracket and the winners of the round before; every pairing is won by
/// the engine with more points in its games in the PGN (tie-breaks included); the games are
/// numbered on from round to round; the standings count every game.
#[test]
fn a_chess_knockout_sends_each_winner_on() {
    let scratch = Scratch::new("tournament-knockout");
    let engines = [
        "kaleido-d1",
        "kaleido-n300",
        "kaleido-d2",
        "kaleido-n1000",
        "kaleido-xb-d2",
    ];
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            &engines.join(","),
            "--tournament",
            "knockout",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--max-moves",
            "60",
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let said = |prefix: &str| -> Vec<String> {
        run.stdout
            .lines()
            .filter_map(|l| l.strip_prefix(prefix).map(str::to_string))
            .collect()
    };
    assert_eq!(
        said("Knockout round 1: "),
        vec!["kaleido-n1000 vs kaleido-xb-d2 (a bye for kaleido-d1, kaleido-n300, kaleido-d2)"]
    );
    let games = pgn::read(&run.pgn);
    let results = results(&games, &["White", "Black"]);
    // A pairing's points from the PGN: (first's, second's).
    let points = |a: &str, b: &str| {
        results.iter().fold((0.0, 0.0), |(pa, pb), (names, p)| {
            match (names[0].as_str(), names[1].as_str()) {
                (w, x) if w == a && x == b => (pa + p[0], pb + p[1]),
                (w, x) if w == b && x == a => (pa + p[1], pb + p[0]),
                _ => (pa, pb),
            }
        })
    };
    let beats = said("");
    let winner_of = |a: &str, b: &str| -> String {
        let (pa, pb) = points(a, b);
        let line = beats
            .iter()
            .find(|l| {
                l.starts_with(&format!("{a} beats {b} "))
                    || l.starts_with(&format!("{b} beats {a} "))
            })
            .unwrap_or_else(|| panic!("no verdict for {a} vs {b}:\n{}", run.stdout));
        let won = if line.starts_with(a) { a } else { b };
        if pa != pb {
            assert_eq!(won, if pa > pb { a } else { b }, "{line}: {pa} - {pb}");
        } else {
            // Still level after every tie-break: the better seed (named first) went on.
            assert!(line.ends_with("as the better seed"), "{line}");
            assert_eq!(won, a, "{line}");
        }
        won.to_string()
    };
    let first = winner_of("kaleido-n1000", "kaleido-xb-d2");
    let second_round = said("Knockout round 2: ");
    assert_eq!(
        second_round,
        vec![format!("kaleido-d1 vs {first}, kaleido-n300 vs kaleido-d2")]
    );
    let top = winner_of("kaleido-d1", &first);
    let bottom = winner_of("kaleido-n300", "kaleido-d2");
    assert_eq!(
        said("Knockout round 3: "),
        vec![format!("{top} vs {bottom}")]
    );
    let champion = winner_of(&top, &bottom);
    assert_eq!(said("Knockout winner: "), vec![champion]);
    // Four pairings of two games each, and a pair more for each tied pairing each time.
    let tie_breaks: usize = said("Tied, one more opening each way: ")
        .iter()
        .map(|l| l.split(", ").count())
        .sum();
    assert_eq!(games.len(), 8 + 2 * tie_breaks, "{}", run.stdout);
    let rounds: std::collections::BTreeSet<String> = games
        .iter()
        .filter_map(|g| g.tag("Round").map(String::from))
        .collect();
    assert_eq!(rounds.len(), games.len(), "every game has its own number");
    let rows = standings(&run.stdout);
    assert_eq!(rows.len(), 5);
    check_totals(&rows, &results, 1.0);
}

/// Two copies of one engine at a fixed depth play every opening the same way with either
/// colour, so they tie every pair: five tie-breaks, then the better seed goes on.
#[test]
fn a_tied_knockout_pairing_goes_to_the_better_seed() {
    let scratch = Scratch::new("tournament-knockout-tie");
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            "kaleido-d1,kaleido-d1",
            "--tournament",
            "knockout",
            "--games",
            "2",
            "--random-plies",
            "4",
            "--max-moves",
            "20",
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout
            .matches("Tied, one more opening each way")
            .count(),
        5,
        "{}",
        run.stdout
    );
    assert!(run
        .stdout
        .contains("kaleido-d1 vs kaleido-d1#2 still tied after 5 tie-break pairs"));
    let verdict = run.stdout.lines().find(|l| l.contains(" beats "));
    assert_eq!(
        verdict,
        Some("kaleido-d1 beats kaleido-d1#2 6 - 6 as the better seed"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Knockout winner: kaleido-d1\n"));
    // Each tie-break is a new opening: twelve games from six openings.
    let games = pgn::read(&run.pgn);
    assert_eq!(games.len(), 12);
    let openings: std::collections::BTreeSet<Vec<String>> =
        games.iter().map(|g| g.tokens[..4].to_vec()).collect();
    assert_eq!(openings.len(), 6);
}

/// A knockout pairs engines off, so it needs a two-player game, and its later rounds depend
/// on results: shards, resuming, an SPRT and rounds are refused before any game.
#[test]
fn a_knockout_refuses_what_it_cannot_be() {
    let scratch = Scratch::new("tournament-knockout-refusals");
    for (extra, needle) in [
        (
            &["--variant", "trichess"][..],
            "a knockout pairs engines off: trichess is a 3-player game",
        ),
        (
            &["--shard", "1/2"][..],
            "--shard cannot be used with a knockout",
        ),
        (
            &["--rounds", "2"][..],
            "--rounds cannot be used with a knockout",
        ),
    ] {
        let mut args = vec![
            "--engines",
            "kaleido-d1,kaleido-d2,kaleido-n300",
            "--tournament",
            "knockout",
        ];
        args.extend_from_slice(extra);
        let run = kaleido_match(&scratch, &args);
        assert_eq!(run.code, Some(2), "{extra:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{extra:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with(&format!("error: {needle}")),
            "{extra:?}: {}",
            run.stderr
        );
        assert!(run.pgn.is_empty());
    }
}
