//! The network inputs of every variant (game/inputs.rs): each man is one distinct input within
//! range, every player sees its own start the way the first player sees its own, and in the
//! two-player games a position and its colour mirror look the same to the side to move.

use kaleido::game::{Game, NetworkInputs, Variant};
use kaleido::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use kaleido::selfplay::random_source;
use rand::Rng;

fn inputs<G: NetworkInputs>(pos: &G, perspective: usize) -> Vec<usize> {
    let mut out = Vec::new();
    pos.active_inputs(perspective, &mut out);
    out.sort_unstable();
    out
}

/// Random legal plies from the start, stopping before the game would end.
fn random_position<G: Game>(plies: usize, seed: u64) -> G {
    let mut rng = random_source(seed);
    let mut pos = G::startpos();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mut next = pos.clone();
        next.play(moves[rng.random_range(0..moves.len())]);
        if next.rule_outcome().is_some() {
            break;
        }
        pos = next;
    }
    pos
}

struct Check;

impl VariantVisitor for Check {
    type Output = ();
    fn visit<G: Variant>(self) {
        let start = G::startpos();
        let first = inputs(&start, 0);
        for p in 1..G::PLAYERS {
            assert_eq!(
                inputs(&start, p),
                first,
                "{}: seat {p} sees its start differently",
                G::NAME
            );
        }
        for seed in 0..20 {
            let pos: G = random_position(30, seed);
            let mut men = 0;
            pos.for_each_man(|_, _, _| men += 1);
            for p in 0..G::PLAYERS {
                let seen = inputs(&pos, p);
                assert_eq!(seen.len(), men);
                assert!(
                    seen.windows(2).all(|w| w[0] < w[1]),
                    "{}: two men share an input",
                    G::NAME
                );
                assert!(
                    seen.iter().all(|&i| i < G::INPUTS),
                    "{}: input out of range",
                    G::NAME
                );
            }
        }
    }
}

#[test]
fn every_man_is_one_input_and_every_seat_sees_its_start_alike() {
    for name in VARIANT_NAMES {
        with_variant(name, Check).unwrap();
    }
}

/// A chess FEN with the colours swapped: ranks reversed, case swapped, the other side to move,
/// castling rights swapped, the e.p. square mirrored.
fn mirrored(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let placement: Vec<String> = fields[0].split('/').rev().map(swap).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap(fields[2]).chars().collect();
    castling.sort_by_key(|c| (c.is_ascii_lowercase(), "KQkq".find(c.to_ascii_uppercase())));
    let castling: String = castling.into_iter().collect();
    let ep = match fields[3] {
        "-" => "-".to_string(),
        sq => format!("{}{}", &sq[..1], 9 - sq[1..].parse::<u8>().unwrap()),
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        placement.join("/"),
        fields[4],
        fields[5]
    )
}

#[test]
fn a_chess_position_and_its_mirror_look_the_same_to_the_side_to_move() {
    use kaleido::variants::chess::Chess;
    for seed in 0..20 {
        let pos: Chess = random_position(25, seed);
        let mirror = Chess::from_fen(&mirrored(&pos.fen())).unwrap();
        let mover = pos.side_to_move().index();
        assert_eq!(
            inputs(&pos, mover),
            inputs(&mirror, 1 - mover),
            "{}",
            pos.fen()
        );
        assert_eq!(
            inputs(&pos, 1 - mover),
            inputs(&mirror, mover),
            "{}",
            pos.fen()
        );
    }
}

/// A gigachess FEN reflected left to right: each rank read from file n to file a, the e.p.
/// square's file mirrored (gigachess has no castling rights to swap).
fn reflected_gigachess(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let ranks: Vec<String> = fields[0]
        .split('/')
        .map(|rank| {
            let mut cells: Vec<Option<char>> = Vec::new();
            let mut run = 0;
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(d) => run = run * 10 + d as usize,
                    None => {
                        cells.extend(std::iter::repeat_n(None, run));
                        run = 0;
                        cells.push(Some(c));
                    }
                }
            }
            cells.extend(std::iter::repeat_n(None, run));
            assert_eq!(cells.len(), 14, "{fen}");
            cells.reverse();
            let mut out = String::new();
            let mut empty = 0;
            for cell in cells {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    fields[0] = ranks.join("/");
    if fields[3] != "-" {
        let file = fields[3].as_bytes()[0];
        let mirrored = char::from(b'a' + 13 - (file - b'a'));
        fields[3] = format!("{mirrored}{}", &fields[3][1..]);
    }
    fields.join(" ")
}

#[test]
fn a_gigachess_position_and_its_reflection_are_the_same_game_mirrored() {
    use kaleido::perft::perft;
    use kaleido::variants::gigachess::Gigachess;
    let mut en_passant = 0;
    for seed in 0..24 {
        let pos: Gigachess = random_position(20 + seed as usize, seed);
        let fen = pos.fen();
        let reflection = Gigachess::from_fen(&reflected_gigachess(&fen)).unwrap();
        en_passant += usize::from(fen.split(' ').nth(3) != Some("-"));
        // The trainer may take the reflection as a second sample of the same worth only
        // because the rules play it the same way, mirrored.
        assert_eq!(perft(&pos, 2), perft(&reflection, 2), "{fen}");
        for p in 0..2 {
            let mut expected = Vec::new();
            pos.for_each_man(|cell, kind, owner| {
                let cell = Gigachess::reflected_cell(cell).expect("gigachess reflects");
                expected.push(Gigachess::input(cell, kind, owner, p));
            });
            expected.sort_unstable();
            assert_eq!(inputs(&reflection, p), expected, "{fen}");
        }
    }
    assert!(en_passant > 0, "no position with an e.p. square was tried");
}
