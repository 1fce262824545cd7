//! `kaleido perft --variant doublemove` end to end: counts, `--moves` with whole turns
//! (`leg1,leg2`), and clean errors (one `error:` line, exit status 2, never a panic).

use crate::common;

const VARIANT: &str = "doublemove";

/// The stdout of a run that must succeed.
fn ok(args: &[&str]) -> String {
    common::perft_ok(VARIANT, args)
}

fn nodes(args: &[&str]) -> u64 {
    common::perft_nodes(VARIANT, args)
}

/// A run that must fail cleanly with one short `error:` line holding every needle, and
/// nothing on stdout.
fn fails(args: &[&str], needles: &[&str]) {
    let run = common::perft_fails(VARIANT, args, needles);
    assert_eq!(run.stdout, "");
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
