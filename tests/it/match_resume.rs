//! `kaleido match --resume`: a tournament killed mid-way (SIGKILL, nothing flushed on the way
//! out) and resumed from its PGN file ends with the same games, game for game, and the same
//! standings as a run that never stopped; a last game cut short by the kill is played again;
//! a file of another match is refused. Fixed depths and node counts, one thread per engine:
//! the games are the same in every run. About 15 s.

use crate::common::Scratch;
use crate::r#match::{engines_ini, kaleido_match};
use kaleido::arbiter::pgn;
use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");

const GAMES: usize = 12;

fn args(extra: &[&'static str]) -> Vec<&'static str> {
    let mut a = vec![
        "--engines",
        "kaleido-d1,kaleido-d2,kaleido-n300",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--random-plies",
        "4",
        "--max-moves",
        "40",
        "--rating-interval",
        "100",
    ];
    a.extend_from_slice(extra);
    a
}

/// Each game of a PGN by its number: its players, moves and result.
fn by_number(text: &str) -> BTreeMap<String, (Vec<String>, Vec<String>, String)> {
    pgn::read(text)
        .into_iter()
        .map(|g| {
            let players = ["White", "Black"]
                .iter()
                .map(|t| g.tag(t).unwrap_or("").to_string())
                .collect();
            let moves = g.mainline().map(String::from).collect();
            let result = g.tag("Result").unwrap_or("*").to_string();
            (
                g.tag("Round").unwrap_or("").to_string(),
                (players, moves, result),
            )
        })
        .collect()
}

/// The last standings table printed.
fn standings(stdout: &str) -> Vec<String> {
    let lines: Vec<&str> = stdout.lines().collect();
    lines
        .iter()
        .rposition(|l| l.starts_with("Rank Name"))
        .map(|i| lines[i..i + 4].iter().map(|l| l.to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn a_killed_tournament_resumes_to_the_uninterrupted_result() {
    let whole = Scratch::new("resume-whole");
    let uninterrupted = kaleido_match(&whole, &args(&[]));
    assert_eq!(uninterrupted.code, Some(0), "{}", uninterrupted.stderr);
    assert_eq!(by_number(&uninterrupted.pgn).len(), GAMES);

    // The same tournament, killed once a few games are in its file.
    let killed = Scratch::new("resume-killed");
    let ini = killed.path("engines.ini");
    std::fs::write(&ini, engines_ini()).unwrap_or_else(|e| panic!("{e}"));
    let pgn_path = killed.path("games.pgn");
    let mut child = Command::new(KALEIDO)
        .arg("match")
        .arg("--config")
        .arg(&ini)
        .arg("--pgn")
        .arg(&pgn_path)
        .args(args(&[]))
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let until = Instant::now() + Duration::from_secs(30);
    while pgn::read(&std::fs::read_to_string(&pgn_path).unwrap_or_default()).len() < 3 {
        assert!(Instant::now() < until, "no games finished");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap_or_else(|e| panic!("{e}"));
    let _ = child.wait();
    let before = std::fs::read_to_string(&pgn_path).unwrap_or_default();
    let kept = pgn::read(&before).len();
    assert!(kept < GAMES, "the kill came after the last game");
    // As if the kill had come in the middle of writing a game: half of one more.
    let last_game = &uninterrupted.pgn[uninterrupted.pgn.rfind("[Event ").unwrap_or(0)..];
    let half = &last_game[..last_game.len() / 2];
    std::fs::write(&pgn_path, format!("{before}{half}")).unwrap_or_else(|e| panic!("{e}"));

    let resumed = kaleido_match(&killed, &args(&["--resume"]));
    assert_eq!(
        resumed.code,
        Some(0),
        "{}\n{}",
        resumed.stdout,
        resumed.stderr
    );
    assert!(
        resumed.stdout.contains(&format!(
            "Resuming: {kept} of {GAMES} games already in {}",
            pgn_path.display()
        )),
        "{}",
        resumed.stdout
    );
    assert!(
        resumed.stdout.contains("was cut short"),
        "{}",
        resumed.stdout
    );
    assert_eq!(
        resumed.stdout.matches("Finished game").count(),
        GAMES - kept,
        "{}",
        resumed.stdout
    );
    assert_eq!(by_number(&resumed.pgn), by_number(&uninterrupted.pgn));
    assert_eq!(
        standings(&resumed.stdout),
        standings(&uninterrupted.stdout),
        "{}\n{}",
        resumed.stdout,
        uninterrupted.stdout
    );
    assert!(!standings(&resumed.stdout).is_empty());

    // Resumed again, nothing is left to play.
    let again = kaleido_match(&killed, &args(&["--resume"]));
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert_eq!(again.stdout.matches("Started game").count(), 0);
    assert_eq!(standings(&again.stdout), standings(&uninterrupted.stdout));

    // Another match's settings: the engines in another order seat other players in games 1 and 2,
    // another seed opens the games otherwise. Each is one error line naming the game.
    let order = vec![
        "--engines",
        "kaleido-d2,kaleido-d1,kaleido-n300",
        "--games",
        "4",
        "--random-plies",
        "4",
        "--resume",
    ];
    let refused = kaleido_match(&killed, &order);
    assert_eq!(refused.code, Some(2), "{}", refused.stdout);
    // The first game in the file is named, whichever finished first.
    let swapped = [
        "game 1: White is 'kaleido-d1' where this match seats kaleido-d2",
        "game 2: White is 'kaleido-d2' where this match seats kaleido-d1",
    ];
    assert!(
        swapped.iter().any(|s| refused.stderr.contains(s)),
        "{}",
        refused.stderr
    );
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    let seed = kaleido_match(&killed, &args(&["--seed", "7", "--resume"]));
    assert_eq!(seed.code, Some(2), "{}", seed.stdout);
    assert!(
        seed.stderr
            .contains("did not start from this match's opening"),
        "{}",
        seed.stderr
    );
    assert_eq!(seed.stderr.lines().count(), 1, "{}", seed.stderr);
    // The refusals left the file as it was.
    assert_eq!(
        by_number(&std::fs::read_to_string(&pgn_path).unwrap_or_default()),
        by_number(&uninterrupted.pgn)
    );
}
