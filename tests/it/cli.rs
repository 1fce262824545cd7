//! End-to-end tests of the `kaleido` binary: the `perft` command's output format, its options,
//! and how it rejects bad input (one `error: ` line on stderr, exit status 2, never a panic).
//!
//! Nothing here depends on timing: the timing line on stderr is never inspected beyond checking
//! that it is not a panic.

use crate::common::{error_line, kaleido, nodes_searched, Run, MAX_ERROR_LEN};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White pawn on a7 about to promote; Black king e8, White king e1.
const PROMOTION: &str = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";

/// The longest single argument to use for "huge input" tests. Linux refuses any single argv
/// string of 128 KiB or more (MAX_ARG_STRLEN), and Windows limits the whole command line to
/// 32 767 characters, so a literal megabyte cannot be passed through `--fen`; this is the
/// largest size that reliably reaches the program.
const HUGE: usize = if cfg!(windows) { 30_000 } else { 120_000 };

fn describe(args: &[&str], run: &Run) -> String {
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            if a.len() > 80 {
                format!("<{} bytes>", a.len())
            } else {
                format!("{a:?}")
            }
        })
        .collect();
    let clip = |s: &str| -> String { s.chars().take(2000).collect() };
    format!(
        "kaleido {}\nexit: {:?}\nstdout:\n{}\nstderr:\n{}",
        shown.join(" "),
        run.code,
        clip(&run.stdout),
        clip(&run.stderr)
    )
}

/// Runs a command that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let run = kaleido(args);
    let what = describe(args, &run);
    assert_eq!(run.code, Some(0), "expected success\n{what}");
    assert!(!run.stderr.contains("panicked"), "panic\n{what}");
    assert!(
        run.stdout.ends_with('\n'),
        "stdout must end with a newline\n{what}"
    );
    run.stdout
}

/// The count from the last stdout line, which must be `Nodes searched: N`.
fn nodes(args: &[&str]) -> u64 {
    nodes_searched(&ok(args), &format!("{args:?}"))
}

/// A `--divide` run, split into its `(move, count)` lines and the total. Checks the layout:
/// the move lines, one blank line, then `Nodes searched: N`, and nothing else.
fn divide(args: &[&str]) -> (Vec<(String, u64)>, u64) {
    let stdout = ok(args);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() >= 2, "too short for a divide: {stdout:?}");
    let n = lines.len();
    assert_eq!(
        lines[n - 2],
        "",
        "a blank line precedes the total: {stdout:?}"
    );
    let total: u64 = lines[n - 1]
        .strip_prefix("Nodes searched: ")
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("bad last line in {stdout:?}"));
    let entries: Vec<(String, u64)> = lines[..n - 2]
        .iter()
        .map(|line| {
            let (mv, count) = line
                .split_once(": ")
                .unwrap_or_else(|| panic!("divide line {line:?} is not 'move: count'"));
            assert!(
                !mv.is_empty() && !mv.contains(char::is_whitespace),
                "bad move in {line:?}"
            );
            let count = count
                .parse()
                .unwrap_or_else(|_| panic!("bad count in divide line {line:?}"));
            (mv.to_string(), count)
        })
        .collect();
    let names: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted, "divide lines must be sorted and distinct");
    assert_eq!(
        entries.iter().map(|e| e.1).sum::<u64>(),
        total,
        "divide lines must sum to the total: {stdout:?}"
    );
    (entries, total)
}

fn count_of(entries: &[(String, u64)], mv: &str) -> u64 {
    entries
        .iter()
        .find(|e| e.0 == mv)
        .unwrap_or_else(|| panic!("no divide line for {mv}: {entries:?}"))
        .1
}

/// Runs a command that must fail cleanly: exit status 2, nothing on stdout, and exactly one
/// short non-empty stderr line starting `error: ` that contains every one of `needles`.
/// Returns that line.
fn fails(args: &[&str], needles: &[&str]) -> String {
    let run = kaleido(args);
    let what = describe(args, &run);
    assert_ne!(run.code, Some(101), "panicked\n{what}");
    let line = error_line(&run, &what, needles);
    assert_eq!(run.stdout, "", "nothing belongs on stdout\n{what}");
    assert!(
        line.len() > "error: ".len() + 5,
        "the message says nothing\n{what}"
    );
    line.to_string()
}

fn fen_fails(fen: &str, needles: &[&str]) -> String {
    fails(&["perft", "1", "--fen", fen], needles)
}

fn moves_fail(fen: &str, moves: &str, needles: &[&str]) -> String {
    fails(&["perft", "1", "--fen", fen, "--moves", moves], needles)
}

// ---------------------------------------------------------------------------------------------
// Output format and counts
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_3_prints_only_the_total() {
    let stdout = ok(&["perft", "3"]);
    assert_eq!(stdout, "Nodes searched: 8902\n");
}

#[test]
fn perft_1_and_2_from_the_start() {
    assert_eq!(nodes(&["perft", "1"]), 20);
    assert_eq!(nodes(&["perft", "2"]), 400);
    assert_eq!(nodes(&["perft", "2", "--variant", "chess"]), 400);
    assert_eq!(nodes(&["perft", "2", "--fen", START]), 400);
}

#[test]
fn divide_2_from_the_start() {
    let stdout = ok(&["perft", "2", "--divide"]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        22,
        "20 moves, a blank line, the total: {stdout:?}"
    );

    let (entries, total) = divide(&["perft", "2", "--divide"]);
    assert_eq!(total, 400);
    assert_eq!(entries.len(), 20);
    assert!(entries.iter().all(|e| e.1 == 20), "{entries:?}");
    let mut expected = vec![
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
        "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ];
    expected.sort_unstable();
    let names: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(names, expected);

    assert!(lines.contains(&"e2e4: 20"), "{stdout:?}");
    assert!(lines.contains(&"g1f3: 20"), "{stdout:?}");
    assert_eq!(lines[0], "a2a3: 20");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
}

#[test]
fn divide_1_lists_promotions_by_letter() {
    let (entries, total) = divide(&["perft", "1", "--divide", "--fen", PROMOTION]);
    // Four promotions and five king moves.
    assert_eq!(total, 9);
    for mv in [
        "a7a8q", "a7a8r", "a7a8b", "a7a8n", "e1d1", "e1d2", "e1e2", "e1f2", "e1f1",
    ] {
        assert_eq!(count_of(&entries, mv), 1, "{mv}");
    }
}

#[test]
fn kiwipete_divide_entries() {
    let (entries, total) = divide(&["perft", "2", "--divide", "--fen", KIWIPETE]);
    assert_eq!(total, 2039);
    assert_eq!(entries.len(), 48);
    assert_eq!(count_of(&entries, "e1g1"), 43);
    assert_eq!(count_of(&entries, "e1c1"), 43);
}

#[test]
fn depth_0_is_one_node() {
    assert_eq!(ok(&["perft", "0"]), "Nodes searched: 1\n");
    assert_eq!(nodes(&["perft", "0", "--fen", KIWIPETE]), 1);
    assert_eq!(nodes(&["perft", "0", "--variant", "cylinder"]), 1);
    assert_eq!(nodes(&["perft", "0", "--divide"]), 1);
    assert_eq!(nodes(&["perft", "0", "--threads", "2"]), 1);
    assert_eq!(nodes(&["perft", "0", "--divide", "--threads", "3"]), 1);
    // Even where there is no move at all: the root itself is the one node.
    assert_eq!(nodes(&["perft", "0", "--moves", "f2f3 e7e5 g2g4 d8h4"]), 1);
}

#[test]
fn cylinder_counts() {
    assert_eq!(nodes(&["perft", "1", "--variant", "cylinder"]), 20);
    assert_eq!(nodes(&["perft", "2", "--variant", "cylinder"]), 392);
    let (entries, total) = divide(&["perft", "2", "--variant", "cylinder", "--divide"]);
    assert_eq!(total, 392);
    assert_eq!(entries.len(), 20);
    // A position where the wrap-around matters (tests/perft/cylinder.epd,
    // cylinder-castling-blocked-across-edge).
    let fen = "4k3/8/8/8/8/b7/8/R3K2R w KQ - 0 1";
    assert_eq!(
        nodes(&["perft", "1", "--variant", "cylinder", "--fen", fen]),
        19
    );
    assert_eq!(
        nodes(&["perft", "2", "--variant", "cylinder", "--fen", fen]),
        303
    );
}

#[test]
fn threads_do_not_change_counts() {
    let one = ok(&["perft", "3", "--fen", KIWIPETE, "--threads", "1"]);
    assert_eq!(one, "Nodes searched: 97862\n");
    let two = ok(&["perft", "3", "--fen", KIWIPETE, "--threads", "2"]);
    assert_eq!(two, one);
    let four = ok(&["perft", "3", "--fen", KIWIPETE, "--threads", "4"]);
    assert_eq!(four, one);
}

#[test]
fn threads_do_not_change_divide() {
    let one = ok(&[
        "perft",
        "3",
        "--fen",
        KIWIPETE,
        "--divide",
        "--threads",
        "1",
    ]);
    let two = ok(&[
        "perft",
        "3",
        "--fen",
        KIWIPETE,
        "--divide",
        "--threads",
        "2",
    ]);
    assert_eq!(
        two, one,
        "--threads 2 must print exactly what --threads 1 prints"
    );
    let (entries, total) = divide(&[
        "perft",
        "3",
        "--fen",
        KIWIPETE,
        "--divide",
        "--threads",
        "2",
    ]);
    assert_eq!(total, 97862);
    assert_eq!(entries.len(), 48);
    assert!(one.ends_with("\n\nNodes searched: 97862\n"), "{one:?}");
}

#[test]
fn threads_on_cylinder() {
    let one = ok(&[
        "perft",
        "3",
        "--variant",
        "cylinder",
        "--divide",
        "--threads",
        "1",
    ]);
    let two = ok(&[
        "perft",
        "3",
        "--variant",
        "cylinder",
        "--divide",
        "--threads",
        "2",
    ]);
    assert_eq!(one, two);
    assert!(one.ends_with("\nNodes searched: 9162\n"), "{one:?}");
}

// ---------------------------------------------------------------------------------------------
// --moves
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_then_perft() {
    assert_eq!(nodes(&["perft", "1", "--moves", "e2e4 e7e5"]), 29);
    assert_eq!(
        nodes(&["perft", "1", "--variant", "chess", "--moves", "e2e4 e7e5"]),
        29
    );
    // Extra spaces are only separators.
    assert_eq!(nodes(&["perft", "1", "--moves", "  e2e4   e7e5  "]), 29);
    // No moves at all leaves the start position.
    assert_eq!(nodes(&["perft", "1", "--moves", ""]), 20);
    // The divide is taken at the position after the moves.
    let (entries, total) = divide(&["perft", "1", "--divide", "--moves", "e2e4 e7e5"]);
    assert_eq!(total, 29);
    assert_eq!(count_of(&entries, "e1e2"), 1);
    assert_eq!(count_of(&entries, "d1h5"), 1);
}

#[test]
fn moves_after_fen() {
    // Castling is written as the king's move.
    assert_eq!(
        nodes(&["perft", "1", "--fen", KIWIPETE, "--moves", "e1g1"]),
        43
    );
    assert_eq!(
        nodes(&["perft", "1", "--fen", KIWIPETE, "--moves", "e1c1"]),
        43
    );
    // Promotion written with its letter, then a perft from the resulting position: the queen on
    // a8 checks along the back rank, leaving the king d7, e7 and f7.
    assert_eq!(
        nodes(&["perft", "1", "--fen", PROMOTION, "--moves", "a7a8q"]),
        3
    );
}

#[test]
fn moves_to_checkmate_leave_nothing() {
    // Fool's mate: White is mated, so there is no root move.
    assert_eq!(
        ok(&["perft", "1", "--moves", "f2f3 e7e5 g2g4 d8h4"]),
        "Nodes searched: 0\n"
    );
    let stdout = ok(&["perft", "2", "--divide", "--moves", "f2f3 e7e5 g2g4 d8h4"]);
    assert_eq!(stdout, "\nNodes searched: 0\n");
}

// ---------------------------------------------------------------------------------------------
// Errors: variant and threads
// ---------------------------------------------------------------------------------------------

#[test]
fn unknown_variant() {
    fails(
        &["perft", "1", "--variant", "fooch"],
        &["variant", "fooch", "chess", "cylinder"],
    );
    // The name is case-sensitive and not trimmed.
    fails(
        &["perft", "1", "--variant", "Chess"],
        &["Chess", "cylinder"],
    );
    fails(&["perft", "1", "--variant", ""], &["variant", "chess"]);
}

#[test]
fn unknown_variant_with_a_huge_name() {
    let name = "z".repeat(10_000);
    fails(
        &["perft", "1", "--variant", &name],
        &["variant", "zzzz", "chess"],
    );
}

/// The name is echoed into the error line, so a newline in it must not split that line in two.
#[test]
fn unknown_variant_with_a_newline_stays_one_line() {
    fails(
        &["perft", "1", "--variant", "foo\nbar"],
        &["variant", "foo", "chess", "cylinder"],
    );
}

#[test]
fn zero_threads() {
    fails(&["perft", "1", "--threads", "0"], &["threads"]);
    fails(&["perft", "2", "--threads", "0", "--divide"], &["threads"]);
}

#[test]
fn bad_command_lines_exit_2_without_panicking() {
    // clap's own messages may run to several lines; only the status and the absence of a panic
    // are the program's to promise.
    for args in [
        &["perft"][..],
        &["perft", "x"],
        &["perft", "-1"],
        &["perft", "1", "--threads", "many"],
        &["perft", "1", "--bogus"],
    ] {
        let run = kaleido(args);
        let what = describe(args, &run);
        assert_eq!(run.code, Some(2), "{what}");
        assert!(!run.stderr.contains("panicked"), "{what}");
        assert!(run.stderr.starts_with("error: "), "{what}");
        assert_eq!(run.stdout, "", "{what}");
    }
}

// ---------------------------------------------------------------------------------------------
// Errors: FEN
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_wrong_field_count() {
    fen_fails("", &["fields", "0"]);
    fen_fails("8/8/8/8/8/8/8/8", &["fields", "1"]);
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        &["fields", "3"],
    );
    fen_fails(&format!("{START} extra"), &["fields", "7"]);
}

#[test]
fn fen_bad_placement() {
    // Too many squares on a rank, by a letter and by a digit.
    fen_fails(
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "rank 8"],
    );
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/45/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "rank 3"],
    );
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN7 w KQkq - 0 1",
        &["placement", "rank 1"],
    );
    // Too few squares.
    fen_fails(
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "rank 7"],
    );
    // An unknown letter.
    fen_fails(
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "rank 7", "'x'"],
    );
    // A digit that is no square count.
    fen_fails(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "rank 6"],
    );
    // Seven ranks, and nine.
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "ranks", "7"],
    );
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["placement", "ranks", "9"],
    );
}

#[test]
fn fen_kings() {
    fen_fails(
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        &["placement", "Black", "0 kings"],
    );
    fen_fails(
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        &["placement", "White", "0 kings"],
    );
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
        &["placement", "White", "2 kings"],
    );
    fen_fails(
        "4k3/8/8/8/8/8/8/k3K3 w - - 0 1",
        &["placement", "Black", "2 kings"],
    );
    fen_fails("8/8/8/8/8/8/8/8 w - - 0 1", &["placement", "king"]);
}

#[test]
fn fen_bad_side_to_move() {
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for side in ["x", "W", "white", "-"] {
        fen_fails(
            &format!("{placement} {side} KQkq - 0 1"),
            &["side to move", &format!("'{side}'")],
        );
    }
}

#[test]
fn fen_bad_castling() {
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    fen_fails(&format!("{placement} w KQXq - 0 1"), &["castling"]);
    fen_fails(&format!("{placement} w X - 0 1"), &["castling", "X"]);
    fen_fails(&format!("{placement} w KQkqq - 0 1"), &["castling", "'q'"]);
    // A right with no rook on its corner.
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
        &["castling", "'Q'", "a1"],
    );
    fen_fails("4k3/8/8/8/8/8/8/4K3 w K - 0 1", &["castling", "'K'", "h1"]);
    fen_fails("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", &["castling", "'k'", "h8"]);
    // A right whose king has left its first rank (on it, anywhere between the rooks is a
    // shuffled start's castling).
    fen_fails(
        "4k3/8/8/8/8/8/3K4/R6R w Q - 0 1",
        &["castling", "'Q'", "first rank", "d2"],
    );
    // A file letter with no rook of that colour on it.
    fen_fails(
        "4k3/8/8/8/8/8/8/R3K2R w KC - 0 1",
        &["castling", "'C'", "c1"],
    );
}

#[test]
fn fen_bad_en_passant() {
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    fen_fails(&format!("{placement} w KQkq e9 0 1"), &["en passant", "e9"]);
    fen_fails(&format!("{placement} w KQkq i3 0 1"), &["en passant", "i3"]);
    fen_fails(&format!("{placement} w KQkq x 0 1"), &["en passant"]);
    // A square no pawn just passed over.
    fen_fails(&format!("{placement} w KQkq e3 0 1"), &["en passant", "e3"]);
    fen_fails(&format!("{placement} w KQkq e6 0 1"), &["en passant", "e6"]);
    // The right square, but for the wrong side to move.
    fen_fails(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        &["en passant", "e3"],
    );
    // ...whereas with Black to move it is fine.
    assert_eq!(
        nodes(&[
            "perft",
            "1",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        ]),
        20
    );
}

#[test]
fn fen_bad_counters() {
    let head = "4k3/8/8/8/8/8/8/4K3 w - -";
    fen_fails(&format!("{head} x 1"), &["halfmove", "'x'"]);
    fen_fails(&format!("{head} -1 1"), &["halfmove", "'-1'"]);
    fen_fails(&format!("{head} 0 y"), &["fullmove", "'y'"]);
    fen_fails(&format!("{head} 0 1.5"), &["fullmove", "'1.5'"]);
    // Both counters may be left off, as in EPD.
    assert_eq!(nodes(&["perft", "1", "--fen", head]), 5);
    assert_eq!(nodes(&["perft", "1", "--fen", &format!("{head} 0")]), 5);
}

#[test]
fn fen_side_not_to_move_in_check() {
    fen_fails("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", &["placement", "check"]);
    fen_fails("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", &["placement", "check"]);
    // The side to move may be in check: the king takes e7 or steps to d8 or f8.
    assert_eq!(
        nodes(&["perft", "1", "--fen", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1"]),
        3
    );
}

#[test]
fn fen_pawn_on_back_rank() {
    fen_fails(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        &["placement", "pawn on a1", "first rank"],
    );
    fen_fails(
        "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        &["placement", "pawn", "rank"],
    );
}

#[test]
fn fen_errors_in_cylinder_too() {
    fails(
        &[
            "perft",
            "1",
            "--variant",
            "cylinder",
            "--fen",
            "8/8 w - - 0 1",
        ],
        &["placement"],
    );
    fails(
        &[
            "perft",
            "1",
            "--variant",
            "cylinder",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        ],
        &["castling"],
    );
}

#[test]
fn fen_huge_inputs_are_rejected_with_short_messages() {
    let n = HUGE;
    let placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    // One enormous token.
    fen_fails(&"p".repeat(n), &["fields"]);
    fen_fails(&"/".repeat(n), &["fields"]);
    // Enormous fields in every position.
    fen_fails(&format!("{} w - - 0 1", "1".repeat(n)), &["placement"]);
    fen_fails(&format!("{} w - - 0 1", "/".repeat(n)), &["placement"]);
    fen_fails(
        &format!("{} w - - 0 1", "rnbqkbnr/".repeat(n / 9)),
        &["placement"],
    );
    fen_fails(
        &format!("{placement} {} KQkq - 0 1", "w".repeat(n)),
        &["side to move"],
    );
    fen_fails(
        &format!("{placement} w {} - 0 1", "X".repeat(n)),
        &["castling"],
    );
    fen_fails(
        &format!("{placement} w KQk{} - 0 1", "q".repeat(n)),
        &["castling"],
    );
    fen_fails(
        &format!("{placement} w KQkq {} 0 1", "e".repeat(n)),
        &["en passant"],
    );
    fen_fails(
        &format!("{placement} w KQkq - {} 1", "9".repeat(n)),
        &["halfmove"],
    );
    fen_fails(
        &format!("{placement} w KQkq - 0 {}", "9".repeat(n)),
        &["fullmove"],
    );
    // Very many fields.
    fen_fails(&"x ".repeat(n / 2), &["fields"]);
    // Non-ASCII garbage.
    fen_fails(
        &format!("{placement} w KQkq - 0 {}", "é".repeat(n / 2)),
        &["fullmove"],
    );
}

// ---------------------------------------------------------------------------------------------
// Errors: --moves
// ---------------------------------------------------------------------------------------------

#[test]
fn illegal_move_names_the_move_and_its_index() {
    fails(
        &["perft", "1", "--moves", "e2e4 e2e4"],
        &["--moves", "move 2", "'e2e4'"],
    );
    fails(
        &["perft", "1", "--moves", "e2e4 e7e5 g1f3 b8c6 e1e3"],
        &["move 5", "'e1e3'"],
    );
    // The other side's man.
    fails(&["perft", "1", "--moves", "e7e5"], &["move 1", "'e7e5'"]);
    // An empty square.
    fails(&["perft", "1", "--moves", "e4e5"], &["move 1", "'e4e5'"]);
    // Castling through pieces.
    fails(&["perft", "1", "--moves", "e1g1"], &["move 1", "'e1g1'"]);
    // Into check, in a given position.
    moves_fail(
        "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
        "e1d1",
        &["move 1", "'e1d1'"],
    );
    // After a legal move from a FEN.
    moves_fail(KIWIPETE, "e1g1 e8g8 e1c1", &["move 3", "'e1c1'"]);
}

#[test]
fn garbled_moves() {
    fails(&["perft", "1", "--moves", "e2e9"], &["move 1", "'e2e9'"]);
    fails(&["perft", "1", "--moves", "zz"], &["move 1", "'zz'"]);
    fails(&["perft", "1", "--moves", "e2e4 zz"], &["move 2", "'zz'"]);
    fails(&["perft", "1", "--moves", "i2i4"], &["move 1", "'i2i4'"]);
    fails(&["perft", "1", "--moves", "e2-e4"], &["move 1", "'e2-e4'"]);
    fails(&["perft", "1", "--moves", "e4"], &["move 1", "'e4'"]);
    fails(&["perft", "1", "--moves", "O-O"], &["move 1", "'O-O'"]);
    fails(
        &["perft", "1", "--moves", "e2e4e5"],
        &["move 1", "'e2e4e5'"],
    );
    fails(&["perft", "1", "--moves", "é2e4"], &["move 1", "é2e4"]);
    fails(&["perft", "1", "--moves", "e2é4"], &["move 1"]);
}

#[test]
fn huge_garbled_move_gives_a_short_message() {
    let token = "e".repeat(10_000);
    let line = fails(&["perft", "1", "--moves", &token], &["move 1", "eeee"]);
    assert!(line.len() < MAX_ERROR_LEN, "{line}");

    let token = "é".repeat(10_000);
    fails(
        &["perft", "1", "--moves", &format!("e2e4 {token}")],
        &["move 2"],
    );

    // A token that starts like a move.
    let token = format!("e2e4{}", "q".repeat(10_000));
    fails(&["perft", "1", "--moves", &token], &["move 1", "e2e4"]);

    // A legal prefix, then garbage far down a long list of moves.
    let mut moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(50);
    moves.push_str(&"x".repeat(HUGE - moves.len()));
    fails(&["perft", "1", "--moves", &moves], &["move 201"]);
}

#[test]
fn promotion_needs_its_letter() {
    moves_fail(PROMOTION, "a7a8", &["move 1", "'a7a8'", "promotion"]);
    moves_fail(PROMOTION, "a7a8k", &["move 1", "'a7a8k'"]);
    moves_fail(PROMOTION, "a7a8p", &["move 1", "'a7a8p'"]);
    moves_fail(PROMOTION, "a7a8x", &["move 1", "'a7a8x'"]);
    // A letter where there is no promotion.
    fails(&["perft", "1", "--moves", "e2e4q"], &["move 1", "'e2e4q'"]);
    // After a quiet move.
    moves_fail(
        PROMOTION,
        "e1e2 e8d7 a7a8",
        &["move 3", "'a7a8'", "promotion"],
    );
}

#[test]
fn move_errors_in_cylinder_too() {
    fails(
        &[
            "perft",
            "1",
            "--variant",
            "cylinder",
            "--moves",
            "e2e4 e2e4",
        ],
        &["move 2", "'e2e4'"],
    );
    fails(
        &["perft", "1", "--variant", "cylinder", "--moves", "zz"],
        &["move 1", "'zz'"],
    );
}

// ---------------------------------------------------------------------------------------------
// A person at a terminal
// ---------------------------------------------------------------------------------------------

#[test]
fn help_says_kaleido_without_a_command_waits_for_a_gui() {
    let help = ok(&["--help"]);
    for needle in ["Without a command", "uci", "xboard", "tri", "trichess"] {
        assert!(help.contains(needle), "{needle} missing from:\n{help}");
    }
}

#[test]
fn a_pipe_on_stdin_gets_no_greeting_on_stdout() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaleido starts");
    if let Some(stdin) = child.stdin.as_mut() {
        stdin.write_all(b"uci\nquit\n").expect("kaleido reads");
    }
    let out = child.wait_with_output().expect("kaleido ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("id name kaleido"), "{stdout}");
    // A GUI's pipe is not a terminal: nothing on stderr either.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn argument_mistakes_are_one_error_line() {
    fails(&["perft", "--no-such-flag"], &["--no-such-flag", "--help"]);
    fails(&["perft", "deep"], &["deep"]);
    fails(&["no-such-command"], &["no-such-command"]);
}

#[test]
fn a_reader_that_stops_reading_ends_the_program_without_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // `kaleido perft 4 | head -0`: the reading end is closed before anything is printed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .args(["perft", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaleido starts");
    drop(child.stdout.take());
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        err.read_to_string(&mut stderr).expect("stderr reads");
    }
    let status = child.wait().expect("kaleido ends");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(status.code(), Some(101), "{stderr}");
}
