//! The fuzz targets' properties, run in CI on seeded random inputs: the same harness functions
//! as fuzz/ (kaleido::fuzzing), fed with random bytes, mutated valid FENs, garbled move tokens
//! and random protocol scripts (valid and invalid commands, over-long lines, invalid UTF-8,
//! commands during a search, end of input in the middle of one). The seeds are fixed, so a
//! failure replays; a case that fails is printed as bytes to paste into
//! tests/fuzz_regressions.rs.
//!
//! The protocol cases run under fuzzing::PROTOCOL_CAPS (a process-wide search cap), and every
//! case counts the panics of the whole process; so each test here runs alone in a child
//! process of the test binary ([`ran_in_child_process`]), out of the way of the other
//! modules' tests. About 3 s in all on the CI machine.

use crate::common::Rng;
use kaleido::fuzzing;
use kaleido::game::Game;
use kaleido::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

/// Set in the child process that runs one test of this module.
const CHILD: &str = "KALEIDO_FUZZ_PROPERTIES_CHILD";

/// In the test process: runs the test `name` of this module alone in a child process of this
/// test binary, checks that it passed, and returns true (the caller's work is done). In that
/// child: returns false, and the caller goes on with the test's body.
fn ran_in_child_process(name: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return false;
    }
    let test = format!("fuzz_properties::{name}");
    let out = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([test.as_str(), "--exact", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Indented, so that the child's summary line is not read as one of this run's.
    let shown: String = stdout
        .lines()
        .chain(String::from_utf8_lossy(&out.stderr).lines())
        .map(|l| format!("    {l}\n"))
        .collect();
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{test} in its own process:\n{shown}"
    );
    true
}

/// Panics on any thread (a search thread's panic is swallowed by the protocol's `join`, so the
/// cases below count them through a hook).
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
    });
}

/// Runs one case; on a panic, names the input so it can become a regression test.
fn case(target: &str, f: fn(&[u8]), input: &[u8]) {
    count_panics();
    let before = PANICS.load(Ordering::SeqCst);
    let result = std::panic::catch_unwind(|| f(input));
    if result.is_err() || PANICS.load(Ordering::SeqCst) != before {
        panic!("fuzz target {target} fails on input {input:?}");
    }
}

fn random_bytes(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let len = rng.below(max_len + 1);
    (0..len).map(|_| rng.next() as u8).collect()
}

/// The variant's start FEN.
struct StartFen;

impl VariantVisitor for StartFen {
    type Output = String;
    fn visit<G: Game>(self) -> String {
        G::startpos().fen()
    }
}

fn start_fens() -> Vec<String> {
    VARIANT_NAMES
        .iter()
        .map(|name| with_variant(name, StartFen).unwrap_or_default())
        .collect()
}

/// A byte chosen to hit a notation's corners more often than random bytes would.
fn nasty_byte(rng: &mut Rng) -> u8 {
    // Castling's file letters (Shredder-FEN, X-FEN) among them.
    const NASTY: &[u8] = b"0123456789/ -,wbcakqKQRNBPpnrx=+#@!?ACDEFGHdefgh\0\t\n\r\xff\xc3";
    NASTY[rng.below(NASTY.len())]
}

// ---------------------------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_random_bytes() {
    if ran_in_child_process("fen_random_bytes") {
        return;
    }
    let mut rng = Rng::new(1);
    for _ in 0..1500 {
        let input = random_bytes(&mut rng, 120);
        case("fen", fuzzing::fen, &input);
    }
}

/// Start FENs (and positions a few plies on) with random edits, as the fuzz target's
/// mutation mode spells them.
#[test]
fn fen_mutated_positions() {
    if ran_in_child_process("fen_mutated_positions") {
        return;
    }
    let mut rng = Rng::new(2);
    for i in 0..1500 {
        let mut input = vec![(i % VARIANT_NAMES.len()) as u8, 1, rng.below(9) as u8];
        input.extend((0..8).map(|_| rng.next() as u8));
        for _ in 0..1 + rng.below(4) {
            input.extend([rng.next() as u8, rng.next() as u8, rng.next() as u8]);
        }
        case("fen", fuzzing::fen, &input);
    }
}

/// The same from shuffled starts (Chess960 and double-shuffled) in the games that have them,
/// the castling field in X-FEN (mode 3) or Shredder-FEN (mode 7) before the edits.
#[test]
fn fen_mutated_shuffled_starts() {
    if ran_in_child_process("fen_mutated_shuffled_starts") {
        return;
    }
    let mut rng = Rng::new(3);
    for i in 0..1500 {
        let mode = if i % 2 == 0 { 3 } else { 7 };
        let mut input = vec![(i % VARIANT_NAMES.len()) as u8, mode];
        input.extend([rng.next() as u8, rng.next() as u8, rng.below(9) as u8]);
        input.extend((0..8).map(|_| rng.next() as u8));
        for _ in 0..rng.below(4) {
            input.extend([rng.next() as u8, rng.next() as u8, rng.next() as u8]);
        }
        case("fen", fuzzing::fen, &input);
    }
}

/// Every prefix of every start FEN, and each with one character replaced by a nasty one.
#[test]
fn fen_truncated_and_garbled() {
    if ran_in_child_process("fen_truncated_and_garbled") {
        return;
    }
    let mut rng = Rng::new(3);
    for (v, fen) in start_fens().iter().enumerate() {
        let bytes = fen.as_bytes();
        for cut in 0..=bytes.len() {
            let mut input = vec![v as u8, 0];
            input.extend_from_slice(&bytes[..cut]);
            case("fen", fuzzing::fen, &input);
            let mut garbled = vec![v as u8, 0];
            garbled.extend_from_slice(bytes);
            if cut < bytes.len() {
                garbled[2 + cut] = nasty_byte(&mut rng);
            }
            case("fen", fuzzing::fen, &garbled);
        }
        // Fields repeated, huge numbers, a megabyte of placement.
        for extra in [
            format!("{fen} {fen}"),
            fen.replace(" 0 1", " 99999999999999999999 18446744073709551616"),
            fen.replace(" 0 1", " -1 -1"),
            format!("{}{fen}", "8/".repeat(100_000)),
        ] {
            let mut input = vec![v as u8, 0];
            input.extend_from_slice(extra.as_bytes());
            case("fen", fuzzing::fen, &input);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_random_tokens() {
    if ran_in_child_process("moves_random_tokens") {
        return;
    }
    let mut rng = Rng::new(4);
    for i in 0..1500 {
        let mut input = vec![(i % VARIANT_NAMES.len()) as u8, rng.below(16) as u8];
        input.extend((0..16).map(|_| rng.next() as u8));
        input.push(0);
        let token_len = rng.below(12);
        input.extend((0..token_len).map(|_| nasty_byte(&mut rng)));
        case("moves", fuzzing::moves, &input);
    }
}

/// Legal tokens (single moves, two-ply turns, human notation) with random edits: truncated,
/// extended, garbled.
#[test]
fn moves_garbled_legal_tokens() {
    if ran_in_child_process("moves_garbled_legal_tokens") {
        return;
    }
    let mut rng = Rng::new(5);
    for i in 0..3000 {
        let mut input = vec![(i % VARIANT_NAMES.len()) as u8, rng.below(16) as u8];
        input.extend((0..16).map(|_| rng.next() as u8));
        input.push(1 + rng.below(3) as u8);
        input.push(rng.next() as u8);
        for _ in 0..rng.below(4) {
            input.extend([rng.next() as u8, rng.next() as u8, rng.next() as u8]);
        }
        case("moves", fuzzing::moves, &input);
    }
}

// ---------------------------------------------------------------------------------------------
// Protocol
// ---------------------------------------------------------------------------------------------

/// A random legal game's move tokens in `G`, some of them garbled.
struct GameTokens<'a> {
    rng: &'a mut Rng,
}

impl VariantVisitor for GameTokens<'_> {
    type Output = Vec<String>;
    fn visit<G: Game>(self) -> Vec<String> {
        let mut pos = G::startpos();
        let mut tokens = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..self.rng.below(12) {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[self.rng.below(moves.len())];
            tokens.push(pos.format_move(mv));
            pos.play(mv);
        }
        if !tokens.is_empty() && self.rng.below(4) == 0 {
            let i = self.rng.below(tokens.len());
            tokens[i] = garble(self.rng, &tokens[i]);
        }
        tokens
    }
}

fn garble(rng: &mut Rng, token: &str) -> String {
    let mut bytes = token.as_bytes().to_vec();
    match rng.below(3) {
        0 => bytes.truncate(rng.below(bytes.len() + 1)),
        1 => bytes.insert(rng.below(bytes.len() + 1), nasty_byte(rng)),
        _ => {
            if !bytes.is_empty() {
                let at = rng.below(bytes.len());
                bytes[at] = nasty_byte(rng);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn number(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => "0".to_string(),
        1 => "-5".to_string(),
        2 => "99999999999999999999999".to_string(),
        3 => "x".to_string(),
        _ => rng.below(3000).to_string(),
    }
}

/// One UCI line: mostly valid commands, some malformed, some plain garbage.
fn uci_line(rng: &mut Rng, variant: &mut usize) -> Vec<u8> {
    let names = VARIANT_NAMES;
    let line = match rng.below(24) {
        0 => "isready".to_string(),
        1 => "ucinewgame".to_string(),
        2 => {
            *variant = rng.below(names.len());
            format!("setoption name UCI_Variant value {}", names[*variant])
        }
        3 => format!("setoption name UCI_Variant value {}", garble(rng, "chess")),
        4 | 5 => {
            let tokens = with_variant(names[*variant], GameTokens { rng }).unwrap_or_default();
            format!("position startpos moves {}", tokens.join(" "))
        }
        6 => {
            let fen = start_fens()[rng.below(names.len())].clone();
            let fen = if rng.below(2) == 0 {
                garble(rng, &fen)
            } else {
                fen
            };
            format!("position fen {fen}")
        }
        7 => format!("go depth {}", number(rng)),
        8 => format!("go nodes {}", number(rng)),
        9 => format!("go movetime {}", number(rng)),
        10 => format!(
            "go wtime {} btime {} winc {} binc {} movestogo {}",
            number(rng),
            number(rng),
            number(rng),
            number(rng),
            number(rng)
        ),
        11 => "go infinite".to_string(),
        12 => "go ponder wtime 1000 btime 1000".to_string(),
        13 => "ponderhit".to_string(),
        14 => "stop".to_string(),
        15 => "go".to_string(),
        16 => format!("go perft {}", number(rng)),
        17 => format!(
            "setoption name {} value {}",
            ["Hash", "Threads", "Move Overhead", "Ponder", "Nonsense"][rng.below(5)],
            number(rng)
        ),
        18 => "d".to_string(),
        19 => [
            "position",
            "go searchmoves e2e4",
            "setoption",
            "position fen",
            "go depth",
        ][rng.below(5)]
        .to_string(),
        20 => format!("  \t{}  \r", ["isready", "stop", "d"][rng.below(3)]),
        21 => {
            return random_bytes(rng, 40)
                .into_iter()
                .filter(|&b| b != b'\n')
                .collect()
        }
        22 => "uci".to_string(),
        _ => garble(rng, "position startpos moves e2e4"),
    };
    line.into_bytes()
}

fn uci_script(rng: &mut Rng) -> Vec<u8> {
    let mut script = Vec::new();
    if rng.below(8) == 0 {
        script.extend_from_slice(b"hello\n\n");
    }
    script.extend_from_slice(b"uci\n");
    let mut variant = 0;
    for _ in 0..rng.below(14) {
        script.extend(uci_line(rng, &mut variant));
        script.push(b'\n');
    }
    // Half end in the middle of a search, with or without the last newline.
    if rng.below(2) == 0 {
        script.extend_from_slice(b"go infinite");
        if rng.below(2) == 0 {
            script.push(b'\n');
        }
    }
    script
}

fn protocol(input: &[u8]) {
    fuzzing::protocol(input);
}

#[test]
fn protocol_random_uci_scripts() {
    if ran_in_child_process("protocol_random_uci_scripts") {
        return;
    }
    let mut rng = Rng::new(6);
    for _ in 0..1000 {
        let script = uci_script(&mut rng);
        case("protocol", protocol, &script);
    }
}

#[test]
fn protocol_random_bytes() {
    if ran_in_child_process("protocol_random_bytes") {
        return;
    }
    let mut rng = Rng::new(7);
    for _ in 0..1000 {
        let mut script = if rng.below(2) == 0 {
            b"uci\n".to_vec()
        } else {
            Vec::new()
        };
        script.extend(random_bytes(&mut rng, 200));
        case("protocol", protocol, &script);
    }
}

/// The other first lines a GUI may send (other protocols, as they are merged, or none).
#[test]
fn protocol_first_lines() {
    if ran_in_child_process("protocol_first_lines") {
        return;
    }
    let mut rng = Rng::new(8);
    for first in [
        "xboard",
        "tri",
        "protover 2",
        "quit",
        "",
        "UCI",
        "uci extra",
    ] {
        for _ in 0..20 {
            let mut script = format!("{first}\n").into_bytes();
            let mut variant = 0;
            for _ in 0..rng.below(10) {
                script.extend(uci_line(&mut rng, &mut variant));
                script.push(b'\n');
            }
            for cmd in [
                "new",
                "go",
                "usermove e2e4",
                "sd 2",
                "st 1",
                "level 40 5 0",
                "force",
            ] {
                if rng.below(3) == 0 {
                    script.extend_from_slice(format!("{cmd}\n").as_bytes());
                }
            }
            case("protocol", protocol, &script);
        }
    }
}

#[test]
fn protocol_over_long_lines_and_invalid_utf8() {
    if ran_in_child_process("protocol_over_long_lines_and_invalid_utf8") {
        return;
    }
    let long = vec![b'a'; 2 << 20];
    let mut script = b"uci\n".to_vec();
    script.extend_from_slice(&long);
    script.extend_from_slice(b"\nisready\n");
    let out = fuzzing::protocol(&script);
    assert!(out.contains("info string error: line too long"), "{out}");
    assert!(out.contains("readyok"), "{out}");

    // Before the protocol is chosen, and at the end of input without a newline.
    let mut script = long.clone();
    script.extend_from_slice(b"\nuci\nisready\n");
    script.extend_from_slice(&long);
    let out = fuzzing::protocol(&script);
    assert_eq!(out.matches("line too long").count(), 2, "{out}");
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");

    let out =
        fuzzing::protocol(b"uci\n\xff\xfeisready\nposition startpos moves e2\xc3e4\nisready\n");
    assert_eq!(out.matches("readyok").count(), 1, "{out}");
    assert!(out.contains("info string error"), "{out}");
}

/// Every command while a search runs, and end of input in the middle of one.
#[test]
fn protocol_commands_during_search() {
    if ran_in_child_process("protocol_commands_during_search") {
        return;
    }
    let commands = [
        "isready",
        "position startpos moves e2e4",
        "setoption name Hash value 2",
        "ucinewgame",
        "go depth 2",
        "d",
        "ponderhit",
        "stop",
        "garbage",
        "go perft 1",
    ];
    for start in [
        "go infinite",
        "go",
        "go ponder",
        "go depth 50",
        "go wtime 100000",
    ] {
        for cmd in commands {
            let script = format!("uci\nposition startpos\n{start}\n{cmd}\nisready\n");
            let out = fuzzing::protocol(script.as_bytes());
            assert!(out.contains("readyok"), "{script}\n{out}");
            // The search answered before the script ended; one answer per `go`.
            let goes = script.lines().filter(|l| l.starts_with("go")).count();
            let perfts = script.lines().filter(|l| l.starts_with("go perft")).count();
            assert_eq!(
                out.lines().filter(|l| l.starts_with("bestmove")).count(),
                goes - perfts,
                "{script}\n{out}"
            );
        }
    }
}
