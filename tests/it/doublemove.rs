//! Double-move chess, docs/rules/doublemove.md: the FEN examples of §8, one or more tests per
//! Decision of §10 (each fails if its rule is dropped), and bad input.

use kaleido::core::{Color, Player};
use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::record::GameRecord;
use kaleido::variants::board8::MoveKind;
use kaleido::variants::chess::Chess;
use kaleido::variants::doublemove::{Doublemove, SubMove};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Doublemove {
    Doublemove::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays whitespace-separated tokens (each a sub-move or a whole turn `leg1,leg2`).
fn play(fen: &str, tokens: &str) -> Doublemove {
    let mut p = pos(fen);
    for token in tokens.split_whitespace() {
        for mv in p
            .parse_turn(token)
            .unwrap_or_else(|e| panic!("{fen} + {token}: {e}"))
        {
            p.play(mv);
        }
    }
    p
}

fn moves(p: &Doublemove) -> Vec<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    out.sort();
    assert_eq!(p.count_legal_moves(), out.len() as u64, "count vs list");
    out
}

fn can(p: &Doublemove, token: &str) -> bool {
    moves(p).iter().any(|m| m == token)
}

fn win(color: Color) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: color.player(),
        reason: EndReason::KingCapture,
    })
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// The FEN must read back to the same position, hash included.
fn assert_fen(p: &Doublemove, fen: &str) {
    assert_eq!(p.fen(), fen);
    let back = pos(fen);
    assert_eq!(back.fen(), fen);
    assert_eq!(back.hash(), p.hash(), "hash after reading {fen}");
    assert_eq!(p.hash(), p.hash_from_scratch(), "incremental hash at {fen}");
}

// ---------------------------------------------------------------------------------------------
// §8 FEN
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_examples_of_the_rules_file() {
    let start = Doublemove::startpos();
    assert_fen(&start, START);
    assert_eq!(start.sub_move(), SubMove::Only);
    assert_fen(
        &play(START, "e2e4"),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b1 KQkq e3 0 1",
    );
    assert_fen(
        &play(START, "e2e4 e7e5"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b2 KQkq e6 0 1",
    );
    let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w1 KQkq e6 1 2";
    assert_fen(&play(START, "e2e4 e7e5 b8c6"), after);
    // The same turn written as one token.
    assert_fen(&play(START, "e2e4 e7e5,b8c6"), after);
}

#[test]
fn fen_round_trips() {
    for fen in [
        START,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w1 Kq - 17 40",
        "4k3/8/8/3pPpP1/8/8/8/4K3 w1 - d6,f6 0 2",
        "4k3/8/3P4/5pP1/8/8/8/4K3 w2 - f6 0 2",
        "4k3/8/8/8/4P3/8/3P4/4K3 w2 - e3 0 1",
        "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
        // A finished game: the loser's king is gone and it would move next.
        "4R3/8/8/8/8/8/8/6K1 b1 - - 0 1",
        // Kings standing attacked, even adjacent, are normal here.
        "8/8/8/8/8/8/3k4/4K3 w1 - - 0 1",
        "4k3/8/8/8/8/8/4r3/4K3 b1 - - 0 1",
    ] {
        assert_fen(&pos(fen), fen);
    }
}

#[test]
fn fen_counters_may_be_left_off() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b2 - -").fen(),
        "4k3/8/8/8/8/8/8/4K3 b2 - - 0 1"
    );
}

// ---------------------------------------------------------------------------------------------
// Decision 1: a king capture ends the game at once
// ---------------------------------------------------------------------------------------------

#[test]
fn king_capture_on_sub_move_1_ends_the_game() {
    let fen = "4k3/8/8/8/8/8/8/4R1K1 w1 - - 5 1";
    let p = pos(fen);
    assert_eq!(p.rule_outcome(), None);
    // Sub-move 2 is not played: the turn, and the game, are over.
    let e = p.parse_turn("e1e8,g1g2").unwrap_err();
    assert!(e.message.contains("captures the king"), "{e}");
    let p = play(fen, "e1e8");
    assert_eq!(p.rule_outcome(), win(Color::White));
    assert_eq!(p.winner(), Some(Color::White));
    assert!(moves(&p).is_empty());
    assert_fen(&p, "4R3/8/8/8/8/8/8/6K1 b1 - - 0 1");
    assert_eq!(pos(&p.fen()).rule_outcome(), win(Color::White));
    let e = p.parse_move("g1g2").unwrap_err();
    assert!(e.message.contains("game is over"), "{e}");
}

#[test]
fn king_capture_on_sub_move_2_ends_the_game() {
    let p = play("r3k3/8/8/8/8/8/8/4K3 b1 - - 0 7", "a8a1,a1e1");
    assert_eq!(p.rule_outcome(), win(Color::Black));
    assert_eq!(
        p.rule_outcome().unwrap().result_string(),
        "0-1",
        "Black won"
    );
    // Black's turn is complete: the fullmove number goes up.
    assert_fen(&p, "4k3/8/8/8/8/8/8/4r3 w1 - - 0 8");
    assert_eq!(GameRecord::new(p).outcome(), win(Color::Black));
}

#[test]
fn king_capture_by_the_king_and_on_a_one_sub_move_turn() {
    // Adjacent kings are a legal position; the king takes the king.
    let p = play("8/8/8/8/8/8/3k4/4K3 w1 - - 0 1", "e1d2");
    assert_eq!(p.rule_outcome(), win(Color::White));
    let p = play("8/8/8/8/8/8/3k4/4K3 b - - 0 1", "d2e1");
    assert_eq!(p.rule_outcome(), win(Color::Black));
    assert_fen(&p, "8/8/8/8/8/8/8/4k3 w1 - - 0 2");
}

#[test]
fn king_capture_is_judged_before_the_draw_rules() {
    // A finished game whose clock is past the limit: the capture counts, not the draw (and the
    // loser having no move is not the "no move" draw either).
    let p = pos("4R3/8/8/8/8/8/8/6K1 b1 - - 250 150");
    assert_eq!(p.rule_outcome(), win(Color::White));
}

// ---------------------------------------------------------------------------------------------
// Decision 2: no pseudo-legal move
// ---------------------------------------------------------------------------------------------

/// White's men are walled in on ranks 7 and 8: none of them has a move.
const WALL: &str = "RBQKBRRR/PPPPPPPP";

#[test]
fn no_move_at_the_start_of_a_turn_is_a_draw() {
    for side in ["w", "w1"] {
        let p = pos(&format!("{WALL}/8/8/8/8/8/k7 {side} - - 0 1"));
        assert!(moves(&p).is_empty());
        assert_eq!(p.rule_outcome(), draw(EndReason::NoMoves), "{side}");
    }
    // The same men with one free pawn move: no draw.
    let p = pos(&format!("{WALL}/8/P7/8/8/8/7k w1 - - 0 1"));
    assert_eq!(moves(&p), ["a5a6"]);
    assert_eq!(p.rule_outcome(), None);
}

#[test]
fn no_move_before_sub_move_2_ends_the_turn() {
    let fen = format!("{WALL}/8/P7/8/8/8/7k w1 - - 3 9");
    let p = play(&fen, "a5a6");
    // The turn passed to Black after one sub-move; play goes on.
    assert_fen(&p, &format!("{WALL}/P7/8/8/8/8/7k b1 - - 0 9"));
    assert!(p.is_turn_boundary());
    assert_eq!(p.rule_outcome(), None);
    let e = pos(&fen).parse_turn("a5a6,a6a7").unwrap_err();
    assert!(e.message.contains("no sub-move 2"), "{e}");
    // Black's turn ends early too: the fullmove number goes up after it.
    let p = play("7K/8/8/8/p7/8/pppppppp/rbqkbrrr b1 - - 0 5", "a4a3");
    assert_fen(&p, "7K/8/8/8/8/p7/pppppppp/rbqkbrrr w1 - - 0 6");
}

// ---------------------------------------------------------------------------------------------
// Decision 3: castling
// ---------------------------------------------------------------------------------------------

#[test]
fn castling_out_of_through_and_into_attack() {
    // The queen attacks e1, the rooks d1, f1 and the files the king lands on are open too.
    let fen = "3rkr2/8/8/q7/8/8/8/R3K2R w1 KQ - 0 1";
    let p = pos(fen);
    assert!(can(&p, "e1g1") && can(&p, "e1c1"), "{:?}", moves(&p));
    assert_fen(&play(fen, "e1g1"), "3rkr2/8/8/q7/8/8/8/R4RK1 w2 - - 1 1");
    assert_fen(&play(fen, "e1c1"), "3rkr2/8/8/q7/8/8/8/2KR3R w2 - - 1 1");
    // Black castles likewise, into the rook's file.
    let p = pos("r3k2r/8/8/8/8/8/8/4KR2 b1 kq - 0 1");
    assert!(can(&p, "e8g8") && can(&p, "e8c8"));
}

#[test]
fn castling_needs_every_square_between_empty() {
    for (fen, absent) in [
        ("4k3/8/8/8/8/8/8/RN2K1NR w1 KQ - 0 1", ["e1g1", "e1c1"]),
        ("4k3/8/8/8/8/8/8/R2QKB1R w1 KQ - 0 1", ["e1g1", "e1c1"]),
        ("4k3/8/8/8/8/8/8/R1n1K1bR w1 KQ - 0 1", ["e1g1", "e1c1"]),
    ] {
        let p = pos(fen);
        for mv in absent {
            assert!(!can(&p, mv), "{mv} in {fen}");
        }
    }
    // And the rights: no right, no castling, whatever is empty.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w1 - - 0 1");
    assert!(!can(&p, "e1g1") && !can(&p, "e1c1"));
}

#[test]
fn castling_rights_are_cleared_by_a_landing_on_the_corner() {
    // A bishop takes the rook in its corner.
    let p = play("r3k2r/8/8/8/8/8/6b1/R3K2R b1 KQkq - 0 1", "g2h1");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2b b2 Qkq - 0 1");
    // A king takes it there.
    let p = play("8/8/8/8/8/8/6k1/4K2R b1 K - 0 1", "g2h1");
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/4K2k b2 - - 0 1");
    // The rook leaves and comes back: the right stays gone.
    let p = play("r3k2r/8/8/8/8/8/8/R3K2R w1 KQkq - 0 1", "h1h2,h2h1");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R b1 Qkq - 2 1");
    // The king moves (castling included): both rights go.
    let p = play("r3k2r/8/8/8/8/8/8/R3K2R w1 KQkq - 0 1", "e1g1");
    assert_eq!(p.board().castling_fen(), "kq");
}

#[test]
fn the_castled_king_cannot_be_taken_in_passing() {
    // After O-O a rook lands on f1, the square the king crossed: it takes the rook only.
    let p = play("5rk1/8/8/8/8/8/8/4K2R w1 K - 0 1", "e1g1,g1h2 f8f1");
    assert_eq!(p.winner(), None);
    assert_eq!(p.fen(), "6k1/8/8/8/8/8/7K/5r2 b2 - - 0 1");
}

// ---------------------------------------------------------------------------------------------
// Decision 4: en passant, rules 1-4 of §5
// ---------------------------------------------------------------------------------------------

/// Black's two double steps leave d6 and f6 for White's pawns on e5 and g5.
const TWO_TARGETS: &str = "4k3/8/8/3pPpP1/8/8/8/4K3 w1 - d6,f6 0 2";

#[test]
fn ep_rule_1_on_sub_move_1_against_either_target_of_the_previous_turn() {
    let p = play("4k3/3p1p2/8/4P1P1/8/8/8/4K3 b1 - - 0 1", "d7d5,f7f5");
    assert_fen(&p, TWO_TARGETS);
    for mv in ["e5d6", "e5f6", "g5f6"] {
        assert!(can(&p, mv), "{mv}");
    }
    // The target made on sub-move 1 (d6) is as good as the one of sub-move 2.
    let q = play(TWO_TARGETS, "e5d6");
    assert_eq!(q.board().placement_fen(), "4k3/8/3P4/5pP1/8/8/8/4K3");
    // A one-sub-move turn may capture e.p. too.
    let p = play("4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1", "c4d3");
    assert_eq!(p.fen(), "4k3/8/8/8/4p3/3p4/8/4K3 w1 - - 0 2");
}

#[test]
fn ep_rule_2_on_sub_move_2_only_after_ep_on_sub_move_1() {
    // After e.p. on sub-move 1, the other target is still usable on sub-move 2 (and listed).
    let p = play(TWO_TARGETS, "e5d6");
    assert_fen(&p, "4k3/8/3P4/5pP1/8/8/8/4K3 w2 - f6 0 2");
    assert!(can(&p, "g5f6"));
    let p = play(TWO_TARGETS, "e5d6,g5f6");
    assert_fen(&p, "4k3/8/3P1P2/8/8/8/8/4K3 b1 - - 0 2");
    // After an ordinary sub-move 1, no e.p. on sub-move 2, and the targets are gone.
    let p = play(TWO_TARGETS, "e1e2");
    assert_fen(&p, "4k3/8/8/3pPpP1/8/8/4K3/8 w2 - - 1 2");
    assert!(!can(&p, "e5d6") && !can(&p, "e5f6") && !can(&p, "g5f6"));
    // Targets last one turn only.
    let p = play(TWO_TARGETS, "e1e2,e2e1 e8d8,d8e8");
    assert!(!can(&p, "e5d6") && !can(&p, "g5f6"));
}

#[test]
fn ep_rule_2_never_against_the_movers_own_double_step() {
    // e3 is White's own target: the d2 pawn attacks it but may not take "e.p." there.
    let p = play("4k3/8/8/8/8/8/3PP3/4K3 w1 - - 0 1", "e2e4");
    assert_fen(&p, "4k3/8/8/8/4P3/8/3P4/4K3 w2 - e3 0 1");
    assert!(!can(&p, "d2e3"));
    // The opponent may use it on its next turn's sub-move 1.
    let p = play("4k3/8/8/8/3p4/8/4P3/4K3 w1 - - 0 1", "e2e4,e1d1");
    assert_fen(&p, "4k3/8/8/8/3pP3/8/8/3K4 b1 - e3 1 1");
    assert!(can(&p, "d4e3"));
}

#[test]
fn ep_rule_3_too_far_and_gone() {
    // Too far: the pawn double-steps and moves on; no target is left.
    let p = play("4k3/3p4/8/4P3/8/8/8/4K3 b1 - - 0 1", "d7d5");
    assert_fen(&p, "4k3/8/8/3pP3/8/8/8/4K3 b2 - d6 0 1");
    let p = play("4k3/3p4/8/4P3/8/8/8/4K3 b1 - - 0 1", "d7d5,d5d4");
    assert_fen(&p, "4k3/8/8/4P3/3p4/8/8/4K3 w1 - - 0 2");
    assert!(!can(&p, "e5d6"));
    // Gone: the pawn is captured (here by the rook on sub-move 1); the target goes with it.
    let p = play("4k3/8/8/R2pPpP1/8/8/8/4K3 w1 - d6,f6 0 2", "a5d5");
    assert_fen(&p, "4k3/8/8/3RPpP1/8/8/8/4K3 w2 - - 0 2");
    assert!(!can(&p, "e5d6"));
    // A FEN may not list a target whose pawn is not on its landing square.
    let e = Doublemove::from_fen("4k3/8/8/4P3/3p4/8/8/4K3 w1 - d6 0 2").unwrap_err();
    assert_eq!(e.field.as_str(), "en passant");
}

#[test]
fn ep_rule_4_an_occupied_target_is_an_ordinary_capture() {
    // Black double-steps, then the queen lands on the target square d6.
    let p = play("3qk3/3p4/8/4P3/8/8/8/4K3 b1 - - 0 1", "d7d5,d8d6");
    assert_fen(&p, "4k3/8/3q4/3pP3/8/8/8/4K3 w1 - - 1 2");
    let mv = p.parse_move("e5d6").unwrap();
    assert_eq!(mv.kind(), MoveKind::Normal, "not an e.p. capture");
    let mut q = p;
    q.play(mv);
    // Only the queen is taken; the double-stepped pawn stays on d5.
    assert_eq!(q.fen(), "4k3/8/3P4/3p4/8/8/8/4K3 w2 - - 0 2");
    // A FEN may not list an occupied target.
    let e = Doublemove::from_fen("4k3/8/3q4/3pP3/8/8/8/4K3 w1 - d6 1 2").unwrap_err();
    assert_eq!(e.field.as_str(), "en passant");
    assert!(e.message.contains("occupied"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Decision 5: encoding
// ---------------------------------------------------------------------------------------------

#[test]
fn tokens_one_per_sub_move_or_a_whole_turn() {
    let by_legs = play(START, "e2e4 e7e5 b8c6 d1h5 g1f3");
    let by_turns = play(START, "e2e4 e7e5,b8c6 d1h5,g1f3");
    assert_eq!(by_legs.fen(), by_turns.fen());
    // §7.1: that leaves Black to play sub-move 1.
    assert_eq!(by_legs.sub_move(), SubMove::First);
    assert_eq!(by_legs.side_to_move(), Player::BLACK);
    let p = pos(START);
    let turn = p.parse_turn("e2e4").unwrap();
    assert_eq!(turn.len(), 1);
    let p = play(START, "e2e4");
    let turn = p.parse_turn("e7e5,b8c6").unwrap();
    assert_eq!(
        turn.iter().map(|&m| m.to_string()).collect::<Vec<_>>(),
        ["e7e5", "b8c6"]
    );
    assert_eq!(p.format_move(turn[0]), "e7e5");
    // Promotion on either sub-move, with its letter.
    let p = play("4k3/1P4P1/8/8/8/8/8/4K3 w1 - - 0 1", "b7b8n,g7g8q");
    assert_eq!(p.fen(), "1N2k1Q1/8/8/8/8/8/8/4K3 b1 - - 0 1");
    // The same piece may move twice, and a turn may undo itself.
    let p = play(START, "g1f3 b8c6,c6b8");
    let p2 = play(&p.fen(), "f3g1,g1f3");
    assert_eq!(p2.board().placement_fen(), p.board().placement_fen());
}

#[test]
fn human_notation_is_san_over_pseudo_legal_moves_without_check_signs() {
    // §7.2's example: 1.e4 e5,Nc6 2.Qh5,Nf3.
    let mut p = Doublemove::startpos();
    let mut written = Vec::new();
    for token in ["e2e4", "e7e5", "b8c6", "d1h5", "g1f3", "g8f6", "f6h5"] {
        let mv = p.parse_move(token).unwrap();
        written.push(p.human_notation(mv));
        p.play(mv);
    }
    assert_eq!(written, ["e4", "e5", "Nc6", "Qh5", "Nf3", "Nf6", "Nxh5"]);
    // A king capture is written as a plain capture, with no sign.
    let p = pos("4k3/8/8/1B6/8/8/8/4K3 w2 - - 1 1");
    assert_eq!(p.human_notation(p.parse_move("b5e8").unwrap()), "Bxe8");
    // The d2 knight is "pinned", so chess writes Nf3; here it can move, hence Ngf3.
    let fen = "4k3/8/8/b7/8/8/3N4/4K1N1 w1 - - 0 1";
    let p = pos(fen);
    assert_eq!(p.human_notation(p.parse_move("g1f3").unwrap()), "Ngf3");
    let chess = Chess::from_fen("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1").unwrap();
    assert_eq!(chess.san(chess.parse_move("g1f3").unwrap()), "Nf3");
    let castle = pos("4k3/8/8/8/8/8/8/R3K2R w1 KQ - 0 1");
    assert_eq!(
        castle.human_notation(castle.parse_move("e1c1").unwrap()),
        "O-O-O"
    );
}

// ---------------------------------------------------------------------------------------------
// Decision 6: draws
// ---------------------------------------------------------------------------------------------

#[test]
fn repetition_counts_only_at_turn_boundaries() {
    let mut r = GameRecord::new(Doublemove::startpos());
    let tokens = [
        "g1f3",
        "b8c6,c6b8",
        "f3g1,g1h3",
        "b8c6,c6b8",
        "h3g1,g1f3",
        "b8c6,c6b8",
        "f3g1",
    ];
    for token in tokens {
        assert_eq!(r.outcome(), None, "before {token}");
        r.play_token(token).unwrap();
    }
    // The position after f3g1 (start men, White at sub-move 2) stands for the third time, but
    // in the middle of a turn: no draw.
    assert_eq!(r.repetitions(), 3);
    assert!(!r.current().is_turn_boundary());
    assert_eq!(r.outcome(), None);
    for token in ["g1h3", "b8c6,c6b8", "h3g1"] {
        r.play_token(token).unwrap();
        assert_eq!(r.outcome(), None, "after {token}");
    }
    // After g1f3 Black's turn starts from 1.Nf3's position a third time.
    r.play_token("g1f3").unwrap();
    assert!(r.current().is_turn_boundary());
    assert_eq!(r.repetitions(), 3);
    assert_eq!(r.outcome(), draw(EndReason::Repetition));
}

#[test]
fn the_repetition_key_holds_the_side_field_and_the_ep_set() {
    let h = |fen: &str| pos(fen).hash();
    let men = "4k3/8/8/3pP3/8/8/8/4K3";
    assert_ne!(
        h(&format!("{men} w - - 0 1")),
        h(&format!("{men} w1 - - 0 1"))
    );
    assert_ne!(
        h(&format!("{men} w1 - - 0 1")),
        h(&format!("{men} w2 - - 0 1"))
    );
    assert_ne!(
        h(&format!("{men} w1 - - 0 1")),
        h(&format!("{men} b1 - - 0 1"))
    );
    assert_ne!(
        h(&format!("{men} w1 - d6 0 1")),
        h(&format!("{men} w1 - - 0 1"))
    );
    // The clocks are not part of it.
    assert_eq!(
        h(&format!("{men} w1 - d6 0 1")),
        h(&format!("{men} w1 - d6 9 30"))
    );
}

#[test]
fn two_hundred_sub_moves_without_capture_or_pawn_move_draw() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w1 - - 199 150";
    assert_eq!(pos(fen).rule_outcome(), None);
    // The 200th sub-move draws at once, even in the middle of a turn.
    let p = play(fen, "a1a2");
    assert_eq!(p.sub_move(), SubMove::Second);
    assert_eq!(p.rule_outcome(), draw(EndReason::FiftyMoveRule));
    let p = play("4k3/8/8/8/8/8/8/R3K3 w1 - - 198 150", "a1a2,a2a1");
    assert_eq!(p.rule_outcome(), draw(EndReason::FiftyMoveRule));
    assert_eq!(GameRecord::new(p).outcome(), draw(EndReason::FiftyMoveRule));
    // 199 is not enough; a capture or a pawn move resets the count.
    let p = play("4k3/8/8/8/8/8/8/R3K3 w1 - - 198 150", "a1a2");
    assert_eq!(p.rule_outcome(), None);
    let p = play("4k3/8/8/8/8/8/p7/R3K3 w1 - - 199 150", "a1a2");
    assert_eq!(p.rule_outcome(), None);
    assert_eq!(p.reversible_plies(), 0);
    let p = play("4k3/8/8/8/8/8/P7/4K3 w1 - - 199 150", "a2a3");
    assert_eq!(p.rule_outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Decisions 7 and 8: no move filtering, no end-of-turn check rule
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_are_never_filtered_for_king_safety() {
    // The e2 knight is "pinned" by the rook: it moves anyway (8 knight moves here: all).
    let p = pos("4r1k1/8/8/8/8/8/4N3/4K3 w1 - - 0 1");
    for mv in ["e2c1", "e2c3", "e2d4", "e2f4", "e2g3", "e2g1"] {
        assert!(can(&p, mv), "{mv}");
    }
    // The king steps onto an attacked square, or stays attacked after the whole turn.
    assert!(can(&p, "e1d1") || can(&p, "e1f1"));
    let p = play("4r1k1/8/8/8/8/8/4N3/4K3 w1 - - 0 1", "e2c3,c3b5");
    assert_eq!(p.winner(), None);
    assert!(can(&p, "e8e1"), "Black may now take the king");
    // Kiwipete-style check: in check, every pseudo-legal move is still there (chess has 6).
    let p = pos("4k3/8/8/8/8/8/3q4/R3K2R w1 KQ - 0 1");
    assert!(moves(&p).len() > 6);
    assert!(can(&p, "e1g1") && can(&p, "a1a8"));
}

// ---------------------------------------------------------------------------------------------
// Bad input: clear errors, never a panic
// ---------------------------------------------------------------------------------------------

#[test]
fn a_w2_fen_with_no_second_sub_move_is_refused() {
    let e = Doublemove::from_fen(&format!("{WALL}/8/8/8/8/8/k7 w2 - - 0 1")).unwrap_err();
    assert_eq!(e.field.as_str(), "side to move");
    assert!(e.message.contains("sub-move 2"), "{e}");
}

#[test]
fn bad_fens_name_their_field() {
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w3 - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 W1 - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 1 - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 w12 - - 0 1", "side to move"),
        // Kings: two, none, or a missing king whose side is not the one to move.
        ("4k3/8/8/8/8/8/8/3KK3 w1 - - 0 1", "placement"),
        ("8/8/8/8/8/8/8/8 w1 - - 0 1", "placement"),
        ("4k3/8/8/8/8/8/8/8 b1 - - 0 1", "placement"),
        ("4k3/8/8/8/8/8/8/R7 w2 - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/P3K3 w1 - - 0 1", "placement"),
        ("4k3/8/8/8/8/8/8/4K3 w1 K - 0 1", "castling"),
        // E.p.: malformed, not a target rank, no pawn, occupied, the wrong maker, order, count.
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - x9 0 1", "en passant"),
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - d6, 0 1", "en passant"),
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - ,d6 0 1", "en passant"),
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - d6;f6 0 1", "en passant"),
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - d5 0 1", "en passant"),
        ("4k3/8/8/3p4/8/8/8/4K3 w1 - e6 0 1", "en passant"),
        ("4k3/8/3n4/3p4/8/8/8/4K3 w1 - d6 0 1", "en passant"),
        ("4k3/8/8/8/4P3/8/8/4K3 w1 - e3 0 1", "en passant"),
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en passant"),
        ("4k3/8/8/3p1p2/8/8/8/4K3 w1 - f6,d6 0 1", "en passant"),
        ("4k3/8/8/3p1p2/8/8/8/4K3 w1 - d6,d6 0 1", "en passant"),
        ("4k3/8/8/1p1p1p2/8/8/8/4K3 w1 - b6,d6,f6 0 1", "en passant"),
        ("4k3/8/8/3p1p2/8/8/8/4K3 w2 - d6,f6 0 1", "en passant"),
        ("4k3/8/8/3p4/4P3/8/8/4K3 w2 - d6,e3 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 w1 - - x 1", "halfmove clock"),
        ("4k3/8/8/8/8/8/8/4K3 w1 - - 0 y", "fullmove number"),
        ("4k3/8/8/8/8/8/8/4K3 w1 -", "fields"),
        ("4k3/8/8/8/8/8/8/4K3 w1 - - 0 1 7", "fields"),
    ];
    for (fen, field) in cases {
        match Doublemove::from_fen(fen) {
            Ok(p) => panic!("accepted '{fen}' as {}", p.fen()),
            Err(e) => {
                assert_eq!(e.field.as_str(), field, "'{fen}': {e}");
                assert!(e.to_string().len() < 200, "{e}");
            }
        }
    }
    // A huge field gives a short message.
    let e = Doublemove::from_fen(&format!(
        "4k3/8/8/8/8/8/8/4K3 w1 - {} 0 1",
        "e6,".repeat(50_000)
    ))
    .unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn bad_turn_tokens_say_what_is_wrong() {
    let after_e4 = play(START, "e2e4");
    let cases: [(&Doublemove, &str, &str); 12] = [
        (&after_e4, "e7e5,b8c6,g8f6", "third leg"),
        (&after_e4, "e7e5,,b8c6", "third leg"),
        (&after_e4, ",e7e5", "leg 1 is empty"),
        (&after_e4, "e7e5,", "leg 2 is empty"),
        (&after_e4, "e7e6,e6e4", "leg 2"),
        (&after_e4, "e7e4,b8c6", "leg 1"),
        (&after_e4, "e2e4,b8c6", "leg 1"),
        (&after_e4, "e7e9", "expected a sub-move"),
        (&after_e4, "e7e8k", "promotion letter"),
        (&after_e4, "0000", "null move"),
        (&after_e4, "zzzz", "expected a sub-move"),
        (&after_e4, "", "expected a sub-move"),
    ];
    for (p, token, needle) in cases {
        let e = p.parse_turn(token).unwrap_err();
        assert!(e.to_string().contains(needle), "'{token}': {e}");
    }
    // A second leg where the turn has only one sub-move.
    let e = pos(START).parse_turn("e2e4,e7e5").unwrap_err();
    assert!(e.message.contains("only one sub-move"), "{e}");
    let e = play(START, "e2e4 e7e5")
        .parse_turn("b8c6,g8f6")
        .unwrap_err();
    assert!(e.message.contains("only one sub-move"), "{e}");
    // parse_move reads one sub-move only.
    let e = after_e4.parse_move("e7e5,b8c6").unwrap_err();
    assert!(e.message.contains("one sub-move"), "{e}");
    for token in ["e2e9", "e2", "e2e4e5", "é2e4", "e2e4 ", "a7a8q"] {
        assert!(pos(START).parse_move(token).is_err(), "{token}");
    }
    let e = pos(START).parse_move("e2e5").unwrap_err();
    assert!(e.message.contains("not a legal sub-move"), "{e}");
    let e = pos(START).parse_move("e7e5").unwrap_err();
    assert!(e.message.contains("not the mover's"), "{e}");
    let e = pos("4k3/1P6/8/8/8/8/8/4K3 w1 - - 0 1")
        .parse_move("b7b8")
        .unwrap_err();
    assert!(e.message.contains("promotion needs"), "{e}");
    // A huge token gives a short message.
    let huge = "e2e4,".repeat(40_000);
    let e = pos(START).parse_turn(&huge).unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
    let huge = format!("{},e7e5", "x".repeat(100_000));
    let e = after_e4.parse_turn(&huge).unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
}
