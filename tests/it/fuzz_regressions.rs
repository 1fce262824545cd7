//! Every failure the fuzz targets or the property tests found, as the exact input that showed
//! it, replayed through the same harness (kaleido::fuzzing). Add one test per crash, named after
//! what was wrong, with the input bytes as a literal.
//!
//! Protocol inputs run here through `serve` as a GUI would, without the protocol target's
//! search cap, each on a watchdog thread so that a regression fails instead of hanging the
//! test run, and then get the target's output checks. Nothing in this process may call
//! `fuzzing::protocol`: it would set the caps for every test in it (fuzz_properties runs its
//! cases in child processes for that reason).

use kaleido::fuzzing;
use kaleido::protocol::{serve, Output};
use std::io::Cursor;
use std::sync::mpsc;
use std::time::Duration;

/// board8's FEN reader echoed an unknown piece letter as it was, so a NUL (or any control
/// character) in a `position fen` went to the GUI raw inside an `info string` line. Found by
/// the protocol fuzz target (artifact crash-8c79aa1f…, minimised by hand) and by
/// fuzz_properties::protocol_random_uci_scripts.
#[test]
fn control_character_in_fen_is_escaped_in_the_error() {
    let out = protocol(b"uci\nposition fen \t\x003/8/8/8/8/8/8/R3K2R w KQ - 0 1\n");
    assert!(
        out.contains("unknown piece letter '\\u{0}'"),
        "the NUL is not shown escaped:\n{out}"
    );
    let out = protocol(
        b"uci\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN\x00QKBNR w KQkq - 0 1\n",
    );
    assert!(out.contains("info string error: invalid FEN"), "{out}");
    // The same through the FEN target, for every variant.
    for variant in 0..6u8 {
        let mut input = vec![variant, 0];
        input.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN\x00QKBNR w KQkq - 0 1");
        fuzzing::fen(&input);
    }
}

/// A trichess position (read from a mutated TriFEN) in which a move captures a king: the game
/// is over, and the position after it has no TriFEN that reads back, since TriFEN refuses a
/// king-less placement by design (rules §11: the captured king's points depend on the position
/// before the capture). The fen target took that for a broken round trip; the harness now lets
/// a position after a game-ending move be refused, cleanly. Input found by the fen target
/// (crash-40c0fe11…).
#[test]
fn fen_of_a_game_ended_by_king_capture_may_be_refused() {
    let input = [
        0x4d, 0x21, 0x22, 0x74, 0x00, 0x22, 0x4d, 0x21, 0x22, 0x74, 0x00, 0x22, 0xc5, 0xc5, 0x1a,
    ];
    fuzzing::fen(&input);
}

/// Runs `script` through the protocol with a watchdog and the protocol target's checks.
fn protocol(script: &'static [u8]) -> String {
    let out = serve_within(script, Duration::from_secs(20));
    fuzzing::check_protocol_output(script, &out);
    out
}

/// Runs `script` through the protocol as a GUI would (no search cap) and returns the
/// output, or fails if the engine has not finished within `limit`.
fn serve_within(script: &'static [u8], limit: Duration) -> String {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let (out, captured) = Output::capture();
        serve(&mut Cursor::new(script), out);
        let _ = done.send(captured.text());
    });
    match finished.recv_timeout(limit) {
        Ok(text) => text,
        Err(_) => panic!(
            "the engine did not finish {:?} within {limit:?}",
            String::from_utf8_lossy(script)
        ),
    }
}

/// A bare `go` names no limit, so only a `stop` ends it; the engine waited for it to finish on
/// its own at the end of input (and before a new `position`), which it never did: the process
/// hung. Found by fuzz_properties::protocol_commands_during_search while writing the protocol
/// target's bounds. A bare `go` is now as open-ended as `go infinite`.
#[test]
fn bare_go_is_stopped_at_end_of_input_and_by_position() {
    let out = protocol(b"uci\nposition startpos\ngo\n");
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
    let out = protocol(b"uci\nposition startpos\ngo\nposition startpos moves e2e4\nisready\n");
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
    assert!(out.contains("readyok"), "{out}");
}

/// `ponderhit` stopped the ponder search and let it send its `bestmove`, then searched again
/// and sent a second one: two answers to one `go`, the first of them for the opponent's side of
/// the ponder line. The GUI took it as the engine's move. Found by the protocol target's
/// "no go gets two bestmoves" check, checked here without the caps.
#[test]
fn ponderhit_answers_once() {
    let out = protocol(
        b"uci\nsetoption name Ponder value true\nposition startpos\n\
          go ponder wtime 300 btime 300\nponderhit\n",
    );
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
    // A `stop` ends pondering: a later stray `ponderhit` starts nothing.
    let out = protocol(
        b"uci\nposition startpos\ngo ponder wtime 300 btime 300\nstop\nponderhit\nisready\n",
    );
    assert_eq!(out.matches("bestmove").count(), 1, "{out}");
}
