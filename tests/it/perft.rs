//! Runs every perft vector in tests/perft/<variant>.epd against the variant of the same name.
//! Format (docs/rules/README.md): blocks of `id <name>`, `epd <FEN>`, `perft <depth> <nodes>` lines.

use kaleido::game::Game;
use kaleido::perft::perft;
use kaleido::registry::{with_variant, VariantVisitor};
use std::path::PathBuf;

/// Vectors above this many nodes are for bench/, to keep the test run short.
const MAX_NODES: u64 = 100_000_000;
/// The Chess960 file holds 960 positions: up to depth 4 or so each (bench/perft goes deeper).
const CHESS960_MAX_NODES: u64 = 1_000_000;

#[derive(Debug, Default)]
struct Vector {
    id: String,
    fen: Option<String>,
    moves: Vec<String>,
    expected: Vec<(u32, u64)>,
}

fn parse(text: &str) -> Vec<Vector> {
    let mut out = Vec::new();
    let mut cur = Vector::default();
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !cur.id.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cur.id = rest.to_string(),
            "epd" => cur.fen = Some(rest.to_string()),
            "moves" => cur.moves = rest.split_whitespace().map(String::from).collect(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft <depth> <nodes>");
                cur.expected.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            other => panic!("unknown line kind '{other}' in a perft file"),
        }
    }
    if !cur.id.is_empty() {
        out.push(cur);
    }
    out
}

struct RunVectors(Vec<Vector>, u64);

impl VariantVisitor for RunVectors {
    type Output = Vec<String>;
    fn visit<G: Game>(self) -> Vec<String> {
        let mut failures = Vec::new();
        for v in self.0 {
            let mut pos = match &v.fen {
                Some(fen) => G::from_fen(fen).unwrap_or_else(|e| panic!("{}: {e}", v.id)),
                None => G::startpos(),
            };
            for token in &v.moves {
                let mv = pos
                    .parse_move(token)
                    .unwrap_or_else(|e| panic!("{}: {e}", v.id));
                pos.play(mv);
            }
            for &(depth, nodes) in &v.expected {
                if nodes > self.1 {
                    continue;
                }
                let got = perft(&pos, depth);
                if got != nodes {
                    failures.push(format!(
                        "{} depth {depth}: expected {nodes}, got {got}",
                        v.id
                    ));
                }
            }
        }
        failures
    }
}

fn run_file(variant: &str) {
    run_file_as(variant, variant, MAX_NODES);
}

/// Runs tests/perft/`file`.epd against `variant`, vectors of at most `max_nodes` nodes.
fn run_file_as(file: &str, variant: &str, max_nodes: u64) {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "perft",
        &format!("{file}.epd"),
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let vectors = parse(&text);
    assert!(!vectors.is_empty(), "{} holds no vectors", path.display());
    let failures =
        with_variant(variant, RunVectors(vectors, max_nodes)).expect("variant is registered");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn chess_vectors() {
    run_file("chess");
}

/// The published Chess960 suite, read in Shredder-FEN.
#[test]
fn chess960_vectors() {
    run_file_as("chess960", "chess", CHESS960_MAX_NODES);
}

#[test]
fn cylinder_vectors() {
    run_file("cylinder");
}

#[test]
fn spinchess_vectors() {
    run_file("spinchess");
}

#[test]
fn doublemove_vectors() {
    run_file("doublemove");
}

#[test]
fn gigachess_vectors() {
    run_file("gigachess");
}

#[test]
fn trichess_vectors() {
    run_file("trichess");
}

/// Every game states its shuffled starts through `Game::shuffled_start`, which front ends use
/// without naming a variant: 518 is each game's own start, a Chess960 start counts the moves
/// of the published suite's position, and a game without shuffled starts offers none.
#[test]
fn shuffled_starts_through_the_game_trait() {
    struct Starts;
    impl VariantVisitor for Starts {
        type Output = ();
        fn visit<G: kaleido::game::Variant>(self) {
            let classical = G::shuffled_start(518, 518);
            if !G::SHUFFLED_STARTS {
                assert!(classical.is_none(), "{}", G::NAME);
                return;
            }
            assert_eq!(classical.unwrap().fen(), G::startpos().fen(), "{}", G::NAME);
            assert!(G::shuffled_start(960, 0).is_none(), "{}", G::NAME);
            let double = G::shuffled_start(0, 959).expect("a double-shuffled start");
            let placement = double.fen().split(' ').next().unwrap().to_string();
            assert!(
                placement.starts_with("rkrnnqbb/"),
                "{}: {placement}",
                G::NAME
            );
            assert!(placement.ends_with("/BBQNNRKR"), "{}: {placement}", G::NAME);
        }
    }
    for name in kaleido::registry::VARIANT_NAMES {
        with_variant(name, Starts).unwrap();
    }
    // Chess960 start 0 (BBQNNRKR): sixteen pawn moves and two for each knight.
    let start = kaleido::variants::chess::Chess::shuffled_start(0, 0).unwrap();
    assert_eq!(perft(&start, 1), 20);
}
