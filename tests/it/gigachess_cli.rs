//! `kaleido perft --variant gigachess` end to end: counts through the registry, `--moves` with
//! two-digit ranks and promotion letters, `--divide` tokens, and clean errors (one `error:`
//! line, exit status 2, never a panic).

use crate::common;

use crate::common::perft;

const VARIANT: &str = "gigachess";

fn nodes(args: &[&str]) -> u64 {
    common::perft_nodes(VARIANT, args)
}

/// A run that must fail cleanly with one short `error:` line holding every one of `words`.
fn fails(args: &[&str], words: &[&str]) {
    common::perft_fails(VARIANT, args, words);
}

#[test]
fn perft_through_the_registry() {
    assert_eq!(nodes(&["1"]), 42);
    assert_eq!(nodes(&["3"]), 79548);
    assert_eq!(nodes(&["3", "--threads", "2"]), 79548);
    let t3 = "13k/14/6z7/14/14/14/14/w13/6N7/14/3P10/6P7/14/1R4K7 w - - 0 1";
    assert_eq!(nodes(&["2", "--fen", t3]), 236);
}

#[test]
fn moves_with_two_digit_ranks_and_promotion_letters() {
    // After e4-e6 l12-l10 White has the 42 start moves without e4's two, plus e6-e7, e6-e8,
    // e3-e4, e3-e5 (the Corporal), Nd2-e4 and Of3-e4: 46.
    assert_eq!(nodes(&["1", "--moves", "e4e6 l12l10"]), 46);
    let promote = "13k/14/4P9/14/14/14/14/14/14/14/14/14/14/K13 w - - 0 1";
    // The new Queen on e14 covers m14: the Black King has m13 and n13 only.
    assert_eq!(nodes(&["1", "--fen", promote, "--moves", "e12e14q"]), 2);
    assert_eq!(nodes(&["1", "--fen", promote, "--moves", "e12e14"]), 2);
    let run = perft(VARIANT, &["1", "--fen", promote, "--divide"]);
    assert!(run.stdout.contains("e12e14q: 1"), "{}", run.stdout);
    assert!(run.stdout.contains("e12e13: 1"), "{}", run.stdout);
}

#[test]
fn bad_input_is_one_error_line() {
    fails(&["1", "--fen", "x"], &["invalid FEN", "fields"]);
    fails(
        &["1", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["placement", "expected 14"],
    );
    fails(&["1", "--moves", "e4e7"], &["move 1", "e4e7", "cannot go"]);
    fails(
        &["1", "--moves", "e4e6 e11e9 e6e7q"],
        &["move 3", "does not promote"],
    );
    fails(&["1", "--moves", "e4e66"], &["move 1", "expected"]);
    let huge = "9".repeat(100_000);
    fails(&["1", "--moves", &huge], &["move 1"]);
}
