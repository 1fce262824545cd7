//! `kaleido perft --variant trichess` end to end: counts through the registry, `--moves` in
//! the three players' turn, TriFEN with `--fen`, and clean errors (one `error:` line, exit
//! status 2, never a panic).

use crate::common;

use crate::common::perft;

const VARIANT: &str = "trichess";

const START: &str = "bRbP4cPcR/bBbP5cPcB/bNbP6cPcN/bKbP7cPcQ/bQbB8cBcK/bNbP9cPcN/bBbP10cPcB/\
bRbP11cPcR/bP12cP/13/12/11/10/aPaPaPaPaBaPaPaPaP/aRaBaNaKaQaNaBaR a aKQbKQcKQ 0 1";

fn nodes(args: &[&str]) -> u64 {
    common::perft_nodes(VARIANT, args)
}

/// A run that must fail cleanly with one short `error:` line holding `needle`.
fn fails(args: &[&str], needle: &str) {
    common::perft_fails(VARIANT, args, &[needle]);
}

#[test]
fn perft_of_the_start_and_after_moves() {
    assert_eq!(nodes(&["1"]), 76);
    assert_eq!(nodes(&["2", "--fen", START]), 5474);
    assert_eq!(nodes(&["2", "--threads", "2"]), 5474);
    // After a's and b's moves it is c's turn; the counts below agree with --divide's lines.
    let run = perft(VARIANT, &["2", "--moves", "BNDL IAIC", "--divide"]);
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
