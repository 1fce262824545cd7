//! `kaleido tune` end to end: SPSA steps played as real game pairs between two copies of an
//! engine, each given its side's values; the state file continued, or refused when it holds
//! another run; an engine without the options refused before any game. The engine is the
//! kaleido under test at depth 1, wrapped by tests/engines/tunable.py, which announces two
//! spin options and logs the values it is given (a normal build's search reads its
//! parameters as constants). Run time: a few seconds.

use crate::common::Scratch;
use std::process::{Command, Output};

const KALEIDO: &str = env!("CARGO_BIN_EXE_kaleido");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

const PARAMS: &str = "# two parameters the wrapper offers\n\
                      A, int, 50, 0, 100, 10, 0.002\n\
                      B, int, 15, 10, 20, 2, 0.002\n";

fn tune(scratch: &Scratch, iterations: u32, command: &str) -> Output {
    std::fs::write(scratch.path("params.txt"), PARAMS).unwrap();
    Command::new(KALEIDO)
        .args(["tune", "--engine"])
        .arg(format!("command={command}"))
        .args(["protocol=uci", "depth=1", "name=wrapped"])
        .arg(format!("workdir={REPO}"))
        .args(["--params", &scratch.file("params.txt")])
        .args(["--state", &scratch.file("state.json")])
        .args([
            "--tc",
            "10+0.1",
            "--random-plies",
            "4",
            "--concurrency",
            "2",
        ])
        .args([
            "--iterations",
            &iterations.to_string(),
            "--report-interval",
            "1",
        ])
        .output()
        .unwrap()
}

fn wrapped(scratch: &Scratch) -> String {
    format!(
        "python3 tests/engines/tunable.py {} A:0:100 B:10:20 -- \"{KALEIDO}\"",
        scratch.file("set.log")
    )
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn each_step_plays_a_game_pair_between_the_two_sides_values() {
    let scratch = Scratch::new("tune");
    let out = tune(&scratch, 3, &wrapped(&scratch));
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for pairs in 1..=3 {
        assert!(text.contains(&format!("Pairs {pairs} of 3: ")), "{text}");
    }
    assert!(
        text.contains("3 pairs played, 0 games lost on time"),
        "{text}"
    );
    assert!(text.contains("In OpenBench's words:\nA, int, "), "{text}");

    let state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(scratch.path("state.json")).unwrap())
            .unwrap();
    assert_eq!(state["done"], 3);
    let history = state["history"].as_array().unwrap();
    assert_eq!(history.len(), 3);
    for step in history {
        let games = ["wins", "losses", "draws"].map(|k| step[k].as_u64().unwrap());
        assert_eq!(games.iter().sum::<u64>(), 2, "a pair a step: {step}");
    }

    // Two engines a game, two games a step: each was given A and B. The perturbation of A
    // starts at 10 * 3^0.101 = 11.2 and ends at 10, around a value that moves by far less.
    let log = std::fs::read_to_string(scratch.path("set.log")).unwrap();
    let given = |name: &str| -> Vec<i64> {
        log.lines()
            .filter_map(|l| l.strip_prefix(&format!("{name}=")))
            .map(|v| v.parse().unwrap())
            .collect()
    };
    let a = given("A");
    assert_eq!(a.len(), 12, "{log}");
    assert!(
        a.iter().all(|v| (9..=12).contains(&(v - 50).abs())),
        "{a:?}"
    );
    assert!(
        a.iter().any(|&v| v > 50) && a.iter().any(|&v| v < 50),
        "{a:?}"
    );
    assert!(given("B").iter().all(|v| (10..=20).contains(v)));

    // The same command again finds the run finished; another run's settings are refused.
    let again = tune(&scratch, 3, &wrapped(&scratch));
    assert!(again.status.success());
    assert!(
        stdout(&again).starts_with("Continuing "),
        "{}",
        stdout(&again)
    );
    assert_eq!(
        std::fs::read_to_string(scratch.path("set.log")).unwrap(),
        log
    );
    let other = tune(&scratch, 5, &wrapped(&scratch));
    assert!(!other.status.success());
    let why = String::from_utf8_lossy(&other.stderr);
    assert!(
        why.contains("holds another run (iterations or schedule"),
        "{why}"
    );
}

#[test]
fn an_engine_without_the_options_is_refused_before_any_game() {
    let scratch = Scratch::new("tune");
    let out = tune(&scratch, 2, &format!("\"{KALEIDO}\""));
    assert!(!out.status.success());
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(
        why.contains("wrapped has no spin option A: is it a build with --features tuning?"),
        "{why}"
    );
    assert!(!scratch.path("state.json").exists());
}

#[test]
fn the_parameters_print_in_openbenchs_words() {
    let out = Command::new(KALEIDO)
        .args(["tune", "--print-params"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(out.status.success());
    assert_eq!(text.lines().count(), 20, "{text}");
    assert!(
        text.starts_with("DELTA_MARGIN, int, 200, 50, 600, 20, 0.002\n"),
        "{text}"
    );
    let bad = Command::new(KALEIDO)
        .args([
            "tune",
            "--print-params",
            "--params",
            "/nonexistent/params.txt",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot read /nonexistent/params.txt"));
}
