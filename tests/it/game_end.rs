//! Game end, as docs/rules/chess.md and docs/rules/cylinder.md §6 say.

use kaleido::core::Player;
use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::record::GameRecord;
use kaleido::variants::chess::Chess;
use kaleido::variants::cylinder::Cylinder;

fn record<G: Game>(fen: &str, moves: &str) -> GameRecord<G> {
    let mut r = GameRecord::new(G::from_fen(fen).unwrap());
    for token in moves.split_whitespace() {
        r.play_token(token).unwrap();
    }
    r
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn fools_mate_is_checkmate() {
    let r = record::<Chess>(START, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(
        r.outcome(),
        Some(Outcome::Win {
            winner: Player::BLACK,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(r.outcome().unwrap().result_string(), "0-1");
}

#[test]
fn stalemate_is_a_draw() {
    let r = record::<Chess>("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
    assert_eq!(r.outcome(), draw(EndReason::Stalemate));
}

#[test]
fn fifty_move_rule() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    assert_eq!(record::<Chess>(fen, "").outcome(), None);
    assert_eq!(
        record::<Chess>(fen, "a1a2").outcome(),
        draw(EndReason::FiftyMoveRule)
    );
    // A mate given on the hundredth ply still counts as mate.
    let mated = record::<Chess>("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "a1a8");
    assert_eq!(mated.outcome().unwrap().reason(), EndReason::Checkmate);
}

#[test]
fn threefold_repetition() {
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    let twice = record::<Chess>(START, shuffle);
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.outcome(), None);
    let thrice = record::<Chess>(START, &format!("{shuffle} {shuffle}"));
    assert_eq!(thrice.repetitions(), 3);
    assert_eq!(thrice.outcome(), draw(EndReason::Repetition));
    // Castling rights are part of a position: after the kings step out and back, the start
    // position's arrangement no longer counts as the same position.
    let lost_rights = record::<Chess>(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8",
    );
    assert_eq!(lost_rights.repetitions(), 2);
}

#[test]
fn undo_takes_back_a_move() {
    let mut r = record::<Chess>(START, "e2e4");
    assert!(r.undo());
    assert_eq!(r.current().fen(), START);
    assert!(!r.undo());
}

#[test]
fn chess_dead_positions() {
    let dead = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
        // Bishops all on light squares, on both sides: no mate can be built.
        "2b1k3/8/8/8/8/8/8/4K2B w - - 0 1",
    ];
    for fen in dead {
        assert_eq!(
            record::<Chess>(fen, "").outcome(),
            draw(EndReason::DeadPosition),
            "{fen}"
        );
    }
    let alive = [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        // Bishops on squares of both colours (f8 is dark, f1 light).
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ];
    for fen in alive {
        assert_eq!(record::<Chess>(fen, "").outcome(), None, "{fen}");
    }
}

#[test]
fn cylinder_dead_positions_are_exactly_the_three() {
    // (A bishop on f1 would check e8 round the edge via g2-h3-a4-b5-c6-d7, hence c1.)
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
    ] {
        assert_eq!(
            record::<Cylinder>(fen, "").outcome(),
            draw(EndReason::DeadPosition),
            "{fen}"
        );
    }
    // Same-coloured bishops are dead in chess but not named by docs/rules/cylinder.md §6.
    for fen in [
        "2b1k3/8/8/8/8/8/8/4K2B w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ] {
        assert_eq!(record::<Cylinder>(fen, "").outcome(), None, "{fen}");
    }
}

#[test]
fn cylinder_mate_across_the_edge() {
    // The rook on a8 checks h8 round the edge (on a flat board the d8 bishop blocks it); g8 is
    // covered through the king's square, a8 and a7 by the white king.
    let fen = "R2b3k/1K4pp/8/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        record::<Cylinder>(fen, "").outcome(),
        Some(Outcome::Win {
            winner: Player::WHITE,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(record::<Chess>(fen, "").outcome(), None);
}
