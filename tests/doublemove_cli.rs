//! `kaleido perft --variant doublemove` end to end: counts, `--moves` with whole turns
//! (`leg1,leg2`), and clean errors (one `error:` line, exit status 2, never a panic).

use std::process::Command;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn kaleido(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(args)
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the kaleido binary runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn with_variant<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--variant", "doublemove"]);
    all
}

/// The stdout of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let args = with_variant(args);
    let run = kaleido(&args);
    assert_eq!(
        run.code,
        Some(0),
        "{args:?}\n{}\n{}",
        run.stdout,
        run.stderr
    );
    run.stdout
}

fn nodes(args: &[&str]) -> u64 {
    let stdout = ok(args);
    let last = stdout.lines().last().unwrap_or("");
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line {last:?} for {args:?}"))
}

/// A run that must fail cleanly with one short `error:` line holding every needle.
fn fails(args: &[&str], needles: &[&str]) {
    let args = with_variant(args);
    let run = kaleido(&args);
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {}", run.stderr);
    assert!(
        lines[0].starts_with("error: ") && lines[0].len() < 300,
        "{}",
        lines[0]
    );
    for needle in needles {
        assert!(lines[0].contains(needle), "{} lacks {needle:?}", lines[0]);
    }
}

#[test]
fn perft_5_from_the_start() {
    assert_eq!(nodes(&["5"]), 4_899_991);
}

#[test]
fn perft_with_threads_and_divide() {
    assert_eq!(nodes(&["4", "--threads", "3"]), 197_742);
    let stdout = ok(&["2", "--divide"]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 22, "{stdout}");
    assert!(lines.contains(&"e2e4: 20"), "{stdout}");
    assert_eq!(lines[21], "Nodes searched: 400");
}

#[test]
fn moves_with_whole_turns() {
    // 1.e4 e5,Nc6: White to play sub-move 1, with the 29 moves of the chess position.
    assert_eq!(nodes(&["1", "--moves", "e2e4 e7e5,b8c6"]), 29);
    let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq e6 1 2";
    let by_fen = nodes(&["3", "--fen", after]);
    assert_eq!(nodes(&["3", "--moves", "e2e4 e7e5,b8c6"]), by_fen);
    assert_eq!(nodes(&["3", "--moves", "e2e4 e7e5 b8c6"]), by_fen);
}

#[test]
fn a_captured_king_leaves_no_moves() {
    let stdout = ok(&[
        "1",
        "--fen",
        "r3k3/8/8/8/8/8/8/4K3 b1 - - 0 1",
        "--moves",
        "a8a1,a1e1",
    ]);
    assert_eq!(stdout, "Nodes searched: 0\n");
}

#[test]
fn bad_moves_and_fens_are_clean_errors() {
    fails(
        &["1", "--moves", "e2e4 e7e5,b8c6,g8f6"],
        &["move 2", "third leg"],
    );
    fails(&["1", "--moves", "e2e4,e7e5"], &["move 1", "no leg 2"]);
    fails(&["1", "--moves", "e2e4 e7e5,e5e3"], &["leg 2"]);
    fails(&["1", "--moves", "e2e9"], &["e2e9"]);
    fails(
        &["1", "--fen", "RBQKBRRR/PPPPPPPP/8/8/8/8/8/k7 w2 - - 0 1"],
        &["side to move", "sub-move 2"],
    );
    fails(
        &["1", "--fen", "4k3/8/8/8/8/8/8/4K3 w1 - e6 0 1"],
        &["en passant", "e6"],
    );
    fails(
        &["1", "--fen", "4k3/8/8/8/8/8/8/4K3 w3 - - 0 1"],
        &["side to move"],
    );
}
