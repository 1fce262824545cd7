//! Unit tests of the internals; the rules are tested in tests/it/doublemove.rs and against an
//! independent implementation in tests/it/doublemove_differential.rs.

use super::{Doublemove, SubMove};
use crate::core::{Bitboard, Color, Square};

fn pos(fen: &str) -> Doublemove {
    Doublemove::from_fen(fen).unwrap()
}

#[test]
fn the_position_stays_small_and_copyable() {
    // Copied at every node of a search: the board plus 12 bytes of turn state at most.
    assert!(
        std::mem::size_of::<Doublemove>()
            <= std::mem::size_of::<crate::variants::chess::Chess>() + 16
    );
    let p = Doublemove::from_fen(super::fen::START_FEN).unwrap();
    let q = p;
    assert_eq!(p.hash(), q.hash());
}

#[test]
fn has_any_move_sees_a_lone_en_passant_capture() {
    // White's men are walled in; the e5 pawn is blocked by the knight. Its only move is e.p.
    let with = pos("RBQKBRRR/PPPPPPPP/4n3/3pP3/8/8/8/7k w1 - d6 0 1");
    assert!(with.has_any_move());
    assert_eq!(with.count_legal_moves(), 1);
    let without = pos("RBQKBRRR/PPPPPPPP/4n3/3pP3/8/8/8/7k w1 - - 0 1");
    assert!(!without.has_any_move());
    assert_eq!(without.count_legal_moves(), 0);
}

#[test]
fn has_any_move_agrees_with_the_count_for_each_kind_of_man() {
    // Walled-in White plus one free man of each kind (a pawn capture, a knight, sliders, king).
    for (fen, any) in [
        ("RBQKBRRR/PPPPPPPP/8/8/8/1n6/P7/7k w1 - - 0 1", true),
        ("RBQKBRRR/PPPPPPPP/8/8/8/p7/P7/7k w1 - - 0 1", false),
        ("RBQKBRRR/PPPPPPPP/8/8/8/8/8/N6k w1 - - 0 1", true),
        ("RBQKBRRR/PPPPPPPP/8/8/8/8/8/B6k w1 - - 0 1", true),
        ("RBQKBRRR/PPPPPPPP/8/8/8/8/8/R6k w1 - - 0 1", true),
        ("RBQKBRRR/PPPPPPPP/8/8/8/8/8/Q6k w1 - - 0 1", true),
        ("RBQKBRRR/PPPPPPPP/8/8/8/8/8/7k w1 - - 0 1", false),
        ("8/8/8/8/8/8/8/K6k w1 - - 0 1", true),
    ] {
        let p = pos(fen);
        assert_eq!(p.has_any_move(), any, "{fen}");
        assert_eq!(p.count_legal_moves() > 0, any, "{fen}");
    }
}

#[test]
fn targets_are_kept_only_while_valid() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w1 - d6 0 1");
    let d6 = Square::parse("d6").unwrap();
    assert_eq!(p.en_passant_targets(), Bitboard::from_square(d6));
    assert_eq!(p.valid_targets(Bitboard::from_square(d6)).count(), 1);
    // A target whose maker's pawn is elsewhere, or whose square is taken, is not valid.
    let e6 = Square::parse("e6").unwrap();
    assert!(p.valid_targets(Bitboard::from_square(e6)).is_empty());
    let q = pos("4k3/8/3n4/3pP3/8/8/8/4K3 w1 - - 0 1");
    assert!(q.valid_targets(Bitboard::from_square(d6)).is_empty());
}

#[test]
fn the_turn_state_after_each_sub_move() {
    let mut p = pos(super::fen::START_FEN);
    let mv = |p: &Doublemove, t: &str| crate::game::Game::parse_move(p, t).unwrap();
    p.play(mv(&p, "e2e4"));
    assert_eq!((p.board.side, p.sub_move), (Color::Black, SubMove::First));
    p.play(mv(&p, "e7e5"));
    assert_eq!((p.board.side, p.sub_move), (Color::Black, SubMove::Second));
    p.play(mv(&p, "g8f6"));
    assert_eq!((p.board.side, p.sub_move), (Color::White, SubMove::First));
    assert_eq!(p.board.fullmove, 2);
    // The board's own e.p. field is never used.
    assert_eq!(p.board.en_passant(), None);
}
