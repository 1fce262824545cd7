//! `kaleido match` in cutechess-cli's spelling: a command line written for cutechess plays
//! the same games, game for game, as the same match in kaleido's own options; `-epdout`
//! writes each game's final position; what has no meaning here is refused with one line
//! naming it. Fixed depths, so both runs play identical games. About 5 s.

use crate::common::Scratch;
use crate::r#match::engines_ini;
use kaleido::arbiter::pgn;
use std::process::{Command, Output};

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");

fn run(scratch: &Scratch, args: &[String]) -> Output {
    Command::new(KALEIDO)
        .arg("match")
        .args(args)
        .env("KALEIDO_ENGINES", scratch.path("engines.ini"))
        .env_remove("RUST_LOG")
        .output()
        .unwrap_or_else(|e| panic!("run kaleido: {e}"))
}

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

/// Each game's players, moves and result, in file order.
fn games(text: &str) -> Vec<(String, String, Vec<String>, String)> {
    pgn::read(text)
        .iter()
        .map(|g| {
            let tag = |t: &str| g.tag(t).unwrap_or("").to_string();
            let moves = g.mainline().map(String::from).collect();
            (tag("White"), tag("Black"), moves, tag("Result"))
        })
        .collect()
}

#[test]
fn a_cutechess_command_line_plays_the_same_match() {
    let scratch = Scratch::new("cutechess-spelling");
    std::fs::write(scratch.path("engines.ini"), engines_ini()).unwrap_or_else(|e| panic!("{e}"));
    let (pgn_cc, epd, pgn_ours) = (
        scratch.path("cc.pgn"),
        scratch.path("end.epd"),
        scratch.path("ours.pgn"),
    );
    let mut cutechess = words(&format!(
        "-engine proto=uci depth=1 name=one timemargin=300 -engine conf=kaleido-d2 \
         timemargin=300 -each option.Hash=8 restart=on -variant standard -games 2 -rounds 2 \
         -repeat -concurrency 2 -srand 5 -maxmoves 30 -recover -ratinginterval 0 -site Lab \
         -event Spelling -pgnout {} fi -epdout {} --random-plies 4",
        pgn_cc.display(),
        epd.display()
    ));
    // The program's path may hold spaces: one word, as a shell would pass it.
    cutechess.insert(1, format!("cmd={KALEIDO}"));
    let out = run(&scratch, &cutechess);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");

    let mut ours = words(&format!(
        "--engine protocol=uci depth=1 name=one --engine conf=kaleido-d2 --each option.Hash=8 \
         --variant chess --games 2 --rounds 2 --concurrency 2 --seed 5 --max-moves 30 \
         --recover --time-margin 300 --site Lab --event Spelling --pgn {} --random-plies 4",
        pgn_ours.display()
    ));
    ours.insert(1, format!("command={KALEIDO}"));
    let out = run(&scratch, &ours);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let text = std::fs::read_to_string(&pgn_cc).unwrap_or_default();
    let played = games(&text);
    assert_eq!(played.len(), 4, "{text}");
    let mut sorted = played.clone();
    let mut theirs = games(&std::fs::read_to_string(&pgn_ours).unwrap_or_default());
    // Concurrency 2 may finish games in either order.
    sorted.sort();
    theirs.sort();
    assert_eq!(sorted, theirs);
    assert!(played.iter().any(|g| g.0 == "one" && g.1 == "kaleido-d2"));
    assert!(played.iter().any(|g| g.0 == "kaleido-d2" && g.1 == "one"));
    let parsed = pgn::read(&text);
    assert!(parsed
        .iter()
        .all(|g| g.tag("Site") == Some("Lab") && g.tag("Event") == Some("Spelling")));

    // One line per game, the position its PGN ends in.
    let ends: Vec<String> = std::fs::read_to_string(&epd)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    let mut replayed: Vec<String> = parsed
        .iter()
        .map(|g| {
            pgn::replay(g)
                .map(|r| r.end_fen)
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    let mut written = ends.clone();
    replayed.sort();
    written.sort();
    assert_eq!(written, replayed);
}

#[test]
fn what_cutechess_means_and_kaleido_cannot_do_is_refused_by_name() {
    let scratch = Scratch::new("cutechess-refusals");
    std::fs::write(scratch.path("engines.ini"), engines_ini()).unwrap_or_else(|e| panic!("{e}"));
    for (line, needle) in [
        (
            "-engine conf=kaleido-d1 ponder -engine conf=kaleido-d2",
            "ponder is not supported",
        ),
        (
            "-engine conf=kaleido-d1 -engine conf=kaleido-d2 -tb /syzygy",
            "-tb is not supported",
        ),
        (
            "-engine conf=kaleido-d1 -engine conf=nobody",
            "no engine 'nobody'",
        ),
        (
            "-engine conf=kaleido-d1 -engine conf=kaleido-d2 -tournament pyramid",
            "pyramid",
        ),
        (
            "-engine conf=kaleido-d1 -engine conf=kaleido-d2 -variant crazyhouse",
            "crazyhouse",
        ),
        (
            "-engine conf=kaleido-d1 -engine conf=kaleido-d2 -frob 1",
            "unknown option -frob",
        ),
        (
            "-engine conf=kaleido-d1 -engine cmd=x colour=red",
            "--engine #2: unknown key 'colour'",
        ),
    ] {
        let out = run(&scratch, &words(line));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{line}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(needle),
            "{line}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{line}");
    }
}
