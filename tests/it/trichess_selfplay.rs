//! Three-player in-process games (`kaleido selfplay --variant trichess`): the two players
//! take every seating of a rotation from one opening, the points of each game are the rules'
//! two-point split, a seed replays the same games, and the command's report adds up.

use crate::common;

use kaleido::game::Game;
use kaleido::record::GameRecord;
use kaleido::search::multi::Algorithm;
use kaleido::search::{Limits, TranspositionTable};
use kaleido::selfplay::seats::{SeatTally, SeatedMatch, Seatings};
use kaleido::selfplay::{choose, PlayedGame, PlayerKind, SEAT_TABLE_MIB};
use kaleido::variants::trichess::Trichess;

const OPENING_PLIES: usize = 3;

fn nodes(n: u64) -> PlayerKind {
    PlayerKind::Search(Limits {
        nodes: Some(n),
        ..Limits::default()
    })
}

fn seated_match(seed: u64, seatings: Seatings) -> SeatedMatch {
    SeatedMatch {
        first: nodes(300),
        second: PlayerKind::OnePly,
        seatings,
        algorithm: Algorithm::DEFAULT,
        opening_plies: OPENING_PLIES,
        seed,
        max_plies: 150,
    }
}

fn rotation(m: &SeatedMatch) -> Vec<(u32, PlayedGame<Trichess>)> {
    (0..m.rotation_len(3))
        .map(|g| m.play::<Trichess>(g))
        .collect()
}

#[test]
fn each_player_moves_in_its_seats_of_every_seating() {
    let m = seated_match(3, Seatings::All);
    let games = rotation(&m);
    let seats: Vec<u32> = games.iter().map(|(s, _)| *s).collect();
    assert_eq!(seats, [0b001, 0b010, 0b100, 0b011, 0b101, 0b110]);
    let lone = rotation(&seated_match(3, Seatings::Lone));
    let lone_seats: Vec<u32> = lone.iter().map(|(s, _)| *s).collect();
    assert_eq!(lone_seats, [0b001, 0b010, 0b100]);
    // The lone seatings are the first half of all of them, game for game.
    for ((_, a), (_, b)) in lone.iter().zip(&games) {
        assert_eq!(a.record.moves(), b.record.moves());
    }
    let opening = &games[0].1.record.moves()[..OPENING_PLIES];
    for (first_seats, game) in &games {
        // Every rotation of one seed opens alike.
        assert_eq!(&game.record.moves()[..OPENING_PLIES], opening);
        // After the opening, each move is the one its seat's player chooses: the first
        // player's in its seats, the second's in the others.
        let mut replay = GameRecord::new(Trichess::startpos());
        // Each seat's table lives through the game, as in the match.
        let tables: Vec<TranspositionTable> = (0..3)
            .map(|_| TranspositionTable::new(SEAT_TABLE_MIB))
            .collect();
        for (ply, &mv) in game.record.moves().iter().enumerate() {
            if ply >= OPENING_PLIES {
                let seat = replay.current().side_to_move().index();
                let kind = if first_seats >> seat & 1 == 1 {
                    &m.first
                } else {
                    &m.second
                };
                assert_eq!(
                    choose(kind, &replay, m.algorithm, &tables[seat]),
                    Some(mv),
                    "seat {seat}, ply {ply}, first's seats {first_seats:b}"
                );
            }
            replay.play(mv);
        }
        assert!(game.record.moves().len() > OPENING_PLIES);
    }
}

#[test]
fn points_are_the_two_point_split_and_a_seed_replays() {
    let m = seated_match(8, Seatings::All);
    let first = rotation(&m);
    let mut tally = SeatTally::new(3);
    for (seat, game) in &first {
        assert_eq!(game.points.len(), 3);
        let total: f64 = game.points.iter().sum();
        assert!((total - 2.0).abs() < 1e-9, "{:?}", game.points);
        assert!(game.points.iter().all(|&p| p >= 0.0));
        match game.outcome {
            Some(outcome) => {
                assert_eq!(game.record.outcome(), Some(outcome));
                assert_eq!(game.points, outcome.seat_points(3));
            }
            // Adjudicated at the ply limit: the rules' draw, two thirds each.
            None => {
                assert_eq!(game.record.moves().len(), OPENING_PLIES + m.max_plies);
                assert!(game.points.iter().all(|&p| (p - 2.0 / 3.0).abs() < 1e-9));
            }
        }
        tally.add(0, *seat, &game.points);
    }
    assert_eq!(tally.games(), 6);
    assert_eq!(tally.seat_games(), 9);
    assert!((tally.points_per_game() - 2.0).abs() < 1e-9);
    // Two comparisons a game, whichever player has two seats.
    assert_eq!(tally.head_to_head().games(), 12);
    assert_eq!(tally.head_to_head_with_seats(1).games(), 6);
    assert_eq!(tally.head_to_head_with_seats(2).games(), 6);

    let again = rotation(&m);
    for ((s1, g1), (s2, g2)) in first.iter().zip(&again) {
        assert_eq!(s1, s2);
        assert_eq!(g1.record.moves(), g2.record.moves());
        assert_eq!(g1.points, g2.points);
    }
    // Another seed opens differently.
    let other = rotation(&seated_match(9, Seatings::All));
    assert_ne!(
        other[0].1.record.moves()[..OPENING_PLIES],
        first[0].1.record.moves()[..OPENING_PLIES]
    );
}

fn selfplay<'a>(extra: &[&'a str]) -> (Vec<&'a str>, common::Run) {
    let mut args = vec![
        "selfplay",
        "--variant",
        "trichess",
        "--first",
        "nodes:300",
        "--second",
        "oneply",
        "--max-plies",
        "30",
        "--concurrency",
        "1",
    ];
    args.extend_from_slice(extra);
    let run = common::kaleido(&args);
    (args, run)
}

/// The number after `key` in `line`, up to the next space.
fn number_after(line: &str, key: &str) -> f64 {
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("{key:?} in {line}"))
        + key.len()..];
    rest.split([' ', '%', ']', ','])
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number after {key:?} in {line}"))
}

/// W, L and D of a `W - L - D [r%]` record that starts right after `key`.
fn record_after(line: &str, key: &str) -> [u32; 3] {
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("{key:?} in {line}"))
        + key.len()..];
    let numbers: Vec<u32> = rest
        .split(" - ")
        .take(3)
        .map(|n| {
            n.split_whitespace()
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("a record after {key:?} in {line}"))
        })
        .collect();
    [numbers[0], numbers[1], numbers[2]]
}

#[test]
fn the_command_reports_points_and_head_to_head() {
    let (args, run) = selfplay(&["--games", "2", "--seed", "4"]);
    let shown = common::show(&args, &run);
    assert_eq!(run.code, Some(0), "{shown}");
    // Two games round up to one rotation of six: the first player alone in each seat, then
    // in each pair of seats.
    let finished: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("Finished game"))
        .collect();
    assert_eq!(finished.len(), 6, "{shown}");
    for seats in [
        "seat a)",
        "seat b)",
        "seat c)",
        "seats a, b)",
        "seats a, c)",
        "seats b, c)",
    ] {
        assert!(
            finished.iter().any(|l| l.contains(seats)),
            "{seats}\n{shown}"
        );
    }
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{shown}");
    assert!(
        lines[0].starts_with("Points of nodes:300 vs oneply: "),
        "{shown}"
    );
    assert!(
        lines[0].contains(" of the 12.00 shared in 6 games, 9 of the 18 seats nodes:300's ["),
        "{shown}"
    );
    let points = number_after(lines[0], "oneply: ");
    let share = number_after(lines[0], "[");
    // Both are printed rounded (points to 0.005, the share to 0.05 points of percent).
    assert!((share - 100.0 * points / 12.0).abs() < 0.1, "{shown}");
    assert!(lines[0].ends_with("par 50.0%]"), "{shown}");
    assert!(lines[1].starts_with("Elo difference: "), "{shown}");
    assert!(
        lines[2].starts_with("Head-to-head of nodes:300 vs oneply: "),
        "{shown}"
    );
    assert!(lines[2].ends_with("] 12"), "{shown}");
    // The record by seats adds up to the whole, six comparisons each.
    let all = record_after(lines[2], "oneply: ");
    let one = record_after(lines[3], "1: ");
    let two = record_after(lines[3], "2: ");
    assert_eq!(one.iter().sum::<u32>(), 6, "{shown}");
    assert_eq!(two.iter().sum::<u32>(), 6, "{shown}");
    for k in 0..3 {
        assert_eq!(all[k], one[k] + two[k], "{shown}");
    }

    // The same seed, the same report.
    let (_, again) = selfplay(&["--games", "5", "--seed", "4"]);
    assert_eq!(again.stdout, run.stdout);

    // The lone seatings: the first half of the rotation, the same games.
    let (args, lone) = selfplay(&["--games", "2", "--seed", "4", "--seatings", "lone"]);
    let shown = common::show(&args, &lone);
    assert_eq!(lone.code, Some(0), "{shown}");
    let lone_lines: Vec<&str> = lone.stdout.lines().collect();
    assert!(
        lone_lines[0].contains(" in 3 games, 3 of the 9 seats nodes:300's ["),
        "{shown}"
    );
    assert!(lone_lines[0].ends_with("par 33.3%]"), "{shown}");
    // Over the lone seatings the Elo is the head-to-head score's, in cutechess's form.
    assert!(lone_lines[1].contains(", LOS: "), "{shown}");
    assert!(lone_lines[2].ends_with("] 6"), "{shown}");
    assert_eq!(record_after(lone_lines[2], "oneply: "), one, "{shown}");
    assert_eq!(record_after(lone_lines[3], "1: "), one, "{shown}");
    assert!(!lone_lines[3].contains(" 2: "), "{shown}");
}

#[test]
fn bad_seatings_are_refused() {
    let (args, run) = selfplay(&["--seatings", "pairs"]);
    common::error_line(&run, &common::show(&args, &run), &["pairs", "all", "lone"]);
    let args = ["selfplay", "--variant", "chess", "--seatings", "all"];
    let run = common::kaleido(&args);
    common::error_line(&run, &common::show(&args, &run), &["--seatings"]);
}

#[test]
fn bad_search_algorithms_are_refused() {
    let (args, run) = selfplay(&["--tri-search", "minimax"]);
    common::error_line(
        &run,
        &common::show(&args, &run),
        &["minimax", "brs", "paranoid"],
    );
    let args = ["selfplay", "--variant", "chess", "--tri-search", "brs"];
    let run = common::kaleido(&args);
    common::error_line(&run, &common::show(&args, &run), &["--tri-search"]);
    let (args, run) = selfplay(&[
        "--games",
        "1",
        "--tri-search",
        "paranoid",
        "--seatings",
        "lone",
    ]);
    assert_eq!(run.code, Some(0), "{}", common::show(&args, &run));
}

/// `--moves` writes each game's moves below its result line: as many as the game had plies,
/// each legal where it was played, so a game can be replayed and studied.
#[test]
fn moves_flag_prints_a_replayable_record_of_each_game() {
    let run = common::kaleido(&[
        "selfplay",
        "--variant",
        "trichess",
        "--games",
        "3",
        "--first",
        "depth:1",
        "--second",
        "oneply",
        "--max-plies",
        "9",
        "--concurrency",
        "1",
        "--moves",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    let mut games = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("Finished game") else {
            continue;
        };
        games += 1;
        let plies: usize = rest
            .rsplit("after ")
            .next()
            .and_then(|t| t.trim_end_matches(" plies").parse().ok())
            .unwrap_or_else(|| panic!("no ply count in {line:?}"));
        let moves = lines[i + 1]
            .strip_prefix("Moves: ")
            .unwrap_or_else(|| panic!("no moves after {line:?}"));
        let mut record = GameRecord::new(Trichess::startpos());
        for token in moves.split_whitespace() {
            record.play_token(token).expect("a legal move");
        }
        assert_eq!(record.moves().len(), plies, "{line}");
    }
    // Three games round up to a rotation of six seatings.
    assert_eq!(games, 6);
}
