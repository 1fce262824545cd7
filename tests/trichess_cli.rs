//! `kaleido perft --variant trichess` end to end: counts through the registry, `--moves` in
//! the three players' turn, TriFEN with `--fen`, and clean errors (one `error:` line, exit
//! status 2, never a panic).

use std::process::Command;

const START: &str = "bRbP4cPcR/bBbP5cPcB/bNbP6cPcN/bKbP7cPcQ/bQbB8cBcK/bNbP9cPcN/bBbP10cPcB/\
bRbP11cPcR/bP12cP/13/12/11/10/aPaPaPaPaBaPaPaPaP/aRaBaNaKaQaNaBaR a aKQbKQcKQ 0 1";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn kaleido(args: &[&str]) -> Run {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--variant", "trichess"]);
    let out = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(&all)
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

fn nodes(args: &[&str]) -> u64 {
    let run = kaleido(args);
    assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
    let last = run.stdout.lines().last().unwrap_or("");
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line {last:?} for {args:?}"))
}

/// A run that must fail cleanly with one short `error:` line holding `needle`.
fn fails(args: &[&str], needle: &str) {
    let run = kaleido(args);
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {}", run.stderr);
    assert!(
        lines[0].starts_with("error: ") && lines[0].contains(needle),
        "{}",
        lines[0]
    );
    assert!(lines[0].len() < 300, "{}", lines[0]);
}

#[test]
fn perft_of_the_start_and_after_moves() {
    assert_eq!(nodes(&["1"]), 76);
    assert_eq!(nodes(&["2", "--fen", START]), 5474);
    assert_eq!(nodes(&["2", "--threads", "2"]), 5474);
    // After a's and b's moves it is c's turn; the counts below agree with --divide's lines.
    let run = kaleido(&["2", "--moves", "BNDL IAIC", "--divide"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let (moves, total) = lines.split_at(lines.len() - 2);
    let sum: u64 = moves
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, ["", &format!("Nodes searched: {sum}")]);
    assert!(moves
        .iter()
        .all(|l| l.len() > 6 && l.as_bytes()[..4].iter().all(u8::is_ascii_uppercase)));
    assert!(
        moves.iter().any(|l| l.starts_with("NAMA: ")),
        "c's pawn move"
    );
}

#[test]
fn bad_trifen_and_tokens_are_one_error_line() {
    fails(&["1", "--fen", "xx a - 0 1"], "placement");
    fails(
        &["1", "--fen", &START.replace(" a aKQ", " d aKQ")],
        "side to move",
    );
    fails(&["1", "--fen", &"9".repeat(100_000)], "fields");
    fails(&["1", "--moves", "BNDL hBHA"], "HBHAq");
    fails(&["1", "--moves", "e2e4"], "expected a move like BNDL");
    fails(&["1", "--moves", "DOEM DOEN"], "no piece on DO");
}
