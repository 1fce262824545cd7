//! Spinchess rules (docs/rules/spinchess.md): the regression game of §12 and one test per Decision
//! (§11), each of which fails if its rule is dropped, plus bad input.

use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::record::GameRecord;
use kaleido::variants::spinchess::Spinchess;

fn pos(fen: &str) -> Spinchess {
    Spinchess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn tokens(p: &Spinchess) -> Vec<String> {
    let mut turns = Vec::new();
    p.legal_moves(&mut turns);
    let mut out: Vec<String> = turns.iter().map(|&t| p.format_move(t)).collect();
    out.sort();
    out
}

fn legal(p: &Spinchess, token: &str) -> bool {
    tokens(p).iter().any(|t| t == token)
}

fn after(p: &Spinchess, token: &str) -> Spinchess {
    let mut next = *p;
    next.play(
        p.parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}")),
    );
    next
}

fn error(p: &Spinchess, token: &str) -> String {
    match p.parse_move(token) {
        Ok(t) => panic!("'{token}' accepted as {t}"),
        Err(e) => e.to_string(),
    }
}

const DEMO: &str = "e2e4 e7e5 d1g4 f7f6 g4g7,g7ccw c7cw h7g8 h8h7,g7ccw g7h7,g7ccw d8e7 f1b5 c7c6 \
                    b1c3 d7d8,c7cw h8h5";

#[test]
fn regression_game_reaches_its_final_position() {
    let mut game = GameRecord::new(Spinchess::startpos());
    for token in DEMO.split_whitespace() {
        game.play_token(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    let last = game.current();
    assert_eq!(
        last.fen(),
        "rn1pkbp1/pp1qb3/2p2p2/1B2p2Q/4P3/2N5/PPPP1PPP/R1B1K1NR b KQq - 3 8"
    );
    assert!(last.board().in_check());
    assert_eq!(game.outcome(), None, "in check but not mated");
    assert_eq!(tokens(last), ["f8h6,g5ccw", "f8h6,g5cw"]);
    // g8 holds a black pawn on its own first rank: one step only (Decision 6).
    assert!(last.parse_move("g8g6").is_err());
}

#[test]
fn regression_game_in_human_notation() {
    // §12 writes 5...Be7, but both the d8 and the f8 bishop can go to e7 there, and §10.1 says
    // ordinary SAN, which disambiguates: Bde7 (docs/variants/spinchess.md).
    let expected = "e4 e5 Qg4 f6 Qxg7L 14R Qxg8 h7L Qxh7L Bde7 Bb5 c6 Nc3 Qd8R Qh5+";
    let mut p = Spinchess::startpos();
    let mut written = Vec::new();
    for token in DEMO.split_whitespace() {
        let turn = p.parse_move(token).unwrap();
        written.push(p.human_notation(turn));
        p.play(turn);
    }
    assert_eq!(written.join(" "), expected);
}

#[test]
fn human_notation_of_spin_promotions() {
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 2");
    assert_eq!(p.human_notation(p.parse_move("e7cwq").unwrap()), "15R=Q+");
    assert_eq!(
        p.human_notation(p.parse_move("e7e8q,e7ccw").unwrap()),
        "e8=QL"
    );
    let two = pos("k5n1/5PP1/8/8/8/8/8/4K3 w - - 0 2");
    assert_eq!(
        two.human_notation(two.parse_move("f7g8q,g7cwq").unwrap()),
        "fxg8=QR=Q+"
    );
}

#[test]
fn perft_from_the_start() {
    let start = Spinchess::startpos();
    assert_eq!(kaleido::perft::perft(&start, 3), 29266);
}

#[test]
fn decision_1_no_spin_at_fullmove_1() {
    // The same position at fullmove 1 and 2: only the latter has spins.
    let one = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    let two = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 2");
    assert!(!tokens(&one).iter().any(|t| t.contains("cw")));
    assert!(legal(&two, "a1cw"));
    assert!(error(&one, "a1cw").contains("fullmove"));
}

#[test]
fn decision_3_tokens_any_square_names_the_block_and_output_uses_lower_left() {
    let p = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 2");
    for name in ["a1cw", "b1cw", "a2cw", "b2cw"] {
        assert_eq!(p.format_move(p.parse_move(name).unwrap()), "a1cw");
    }
    let t = p.parse_move("b2b3,a3ccw").unwrap();
    assert_eq!(p.format_move(t), "b2b3,a3ccw");
}

#[test]
fn decision_4_which_blocks_may_spin() {
    // Kings: White's on e1, Black's on e8. Own man alone: fine; with an enemy man: not in a
    // B-turn, but a C-turn may rotate enemy men; no block holding a king.
    let p = pos("4k3/8/8/8/2p5/2P5/8/4K3 w - - 0 2");
    assert!(error(&p, "c3cw").contains("enemy"));
    assert!(error(&p, "a5cw").contains("no man"));
    assert!(error(&p, "e1cw").contains("king"));
    let q = pos("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 2");
    assert!(legal(&q, "d1d5,c5cw"), "a C-turn may spin enemy men");
    assert!(
        error(&q, "d1e2,e1cw").contains("king"),
        "the destination block holds a king"
    );
}

#[test]
fn decision_5_legality_after_the_whole_turn() {
    // The e3 bishop is pinned by the e8 rook: Be3-f4 alone is illegal, but spinning it on to e4
    // keeps the file shut; spinning it to f3 does not.
    let p = pos("4r1k1/8/8/8/8/4B3/8/4K3 w - - 0 2");
    assert!(!legal(&p, "e3f4"));
    assert!(legal(&p, "e3f4,e3ccw"));
    assert!(!legal(&p, "e3f4,e3cw"));
    // A spin may give check: rotating the rook from a2 onto b2... then onto the b-file.
    let q = pos("1k6/8/8/8/8/8/R7/4K3 w - - 0 2");
    let checked = after(&q, "a1cw");
    assert!(
        checked.board().in_check(),
        "a spin that puts the rook on b2 checks b8"
    );
}

#[test]
fn decision_6_double_step_only_from_the_second_rank() {
    // A white pawn spun onto a1 steps to a2 and no further.
    let p = pos("4k3/8/8/8/8/8/8/P3K3 w - - 0 2");
    assert!(legal(&p, "a1a2"));
    assert!(p.parse_move("a1a3").is_err());
}

#[test]
fn decision_7_promotions() {
    // By the spin: e7 is the lower-left of block e7; clockwise takes it to e8.
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 2");
    for letter in ["q", "r", "b", "n"] {
        assert!(legal(&p, &format!("e7cw{letter}")));
    }
    assert!(error(&p, "e7cw").contains("add its piece letter"));
    assert!(error(&p, "e7ccwq").contains("drop the letter"));
    assert_eq!(after(&p, "e7cwn").fen(), "k3N3/8/8/8/8/8/8/4K3 b - - 0 2");
    // Two in one turn: fxg8=Q, then the spin brings g7 to g8.
    let two = pos("k5n1/5PP1/8/8/8/8/8/4K3 w - - 0 2");
    assert_eq!(
        after(&two, "f7g8q,g7cwr").fen(),
        "k5RQ/8/8/8/8/8/8/4K3 b - - 0 2"
    );
    // By the move, then spun: the new piece is spun like any man.
    assert_eq!(
        after(&p, "e7e8q,e7ccw").fen(),
        "k7/4Q3/8/8/8/8/8/4K3 b - - 0 2"
    );
    // An enemy pawn spun onto its own last rank makes a C-turn illegal.
    // (The d2 pawn checks e1; clockwise sends it to d1, anticlockwise to c2.)
    let enemy = pos("7k/8/8/8/8/8/3p4/R3K3 w - - 0 2");
    assert!(
        !legal(&enemy, "a1c1,c1cw"),
        "d2 would go to d1, Black's last rank"
    );
    assert!(legal(&enemy, "a1c1,c1ccw"));
}

#[test]
fn decision_8_en_passant_only_after_a_plain_double_step() {
    let p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 2");
    assert!(after(&p, "e2e4").fen().contains(" e3 "));
    let spun = after(&p, "e2e4,e3cw");
    assert!(spun.fen().contains(" b - - "), "{}", spun.fen());
}

#[test]
fn decision_9_halfmove_clock() {
    let p = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 7 2");
    assert!(
        after(&p, "a1cw").fen().ends_with(" 8 2"),
        "a pure spin does not reset"
    );
    assert!(after(&p, "b2b3").fen().ends_with(" 0 2"));
    let promo = pos("k7/4P3/8/8/8/8/8/4K3 w - - 7 2");
    assert!(
        after(&promo, "e7cwq").fen().ends_with(" 0 2"),
        "a promotion by spin resets"
    );
}

#[test]
fn decision_10_null_turns_are_forbidden() {
    // Four identical men: a spin changes nothing.
    let p = pos("4k3/8/8/8/PP6/PP6/8/4K3 w - - 0 2");
    assert!(error(&p, "a3cw").contains("null"));
    // Ra1-a2 and back by an anticlockwise spin of the otherwise empty block.
    let r = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    assert!(!legal(&r, "a1a2,a1ccw"));
    assert!(legal(&r, "a1a2,a1cw"));
}

#[test]
fn decision_11_spins_of_corner_blocks_clear_castling_rights() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 2");
    assert!(after(&p, "a1cw").fen().contains(" Kkq "));
    assert!(after(&p, "g1ccw").fen().contains(" Qkq "));
    // Whoever spins: White's C-turn spinning block g7 clears Black's kingside right.
    let q = pos("r3k2r/6p1/8/8/8/8/6Q1/R3K2R w KQkq - 0 2");
    assert!(after(&q, "g2g7,g7cw").fen().contains(" KQq "));
}

#[test]
fn decision_12_castling_is_never_followed_by_a_spin() {
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 2");
    assert!(legal(&p, "e1g1"));
    assert!(p.parse_move("e1g1,g1cw").is_err());
}

#[test]
fn decision_13_draws() {
    let dead = GameRecord::new(pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 2"));
    assert_eq!(
        dead.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DeadPosition
        })
    );
    // Same-coloured bishops are not dead here: spins change their colour.
    let alive = GameRecord::new(pos("2b1k3/8/8/8/8/8/8/4K2B w - - 0 2"));
    assert_eq!(alive.outcome(), None);
}

#[test]
fn checkmate_counts_spin_answers() {
    // A back-rank mate while spins are not yet allowed; from fullmove 2 anticlockwise spins of
    // blocks c7 and e7 lift the d7 or f7 pawn onto rank 8 and shut it.
    let mated = GameRecord::new(pos("R5k1/3p1ppp/8/8/8/8/8/4K3 b - - 0 1"));
    assert_eq!(
        mated.outcome().map(|o| o.reason()),
        Some(EndReason::Checkmate)
    );
    let saved = pos("R5k1/3p1ppp/8/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(GameRecord::new(saved).outcome(), None);
    assert_eq!(tokens(&saved), ["c7ccw", "e7ccw"]);
}

#[test]
fn bad_input_gives_clear_errors() {
    let p = pos("4k3/8/8/8/8/8/1P6/4K3 w - - 0 2");
    assert!(
        error(&p, "x9cw").contains("spin must look like") || error(&p, "x9cw").contains("move")
    );
    assert!(error(&p, "b2b3,a3cw,a3cw").contains("at most two legs"));
    assert!(error(&p, "b2b3,c3cw").contains("destination"));
    assert!(error(&p, "b2b3,b3").contains("spin must look like"));
    assert!(error(&p, "e1cw").contains("king"));
    assert!(error(&p, "a1cwx").contains("spin must look like"));
    assert!(error(&p, &"a1cw".repeat(10_000)).len() < 300);
}

#[test]
fn a_pawn_spun_back_repeats_positions_and_threefold_repetition_draws() {
    // From a match: White's first-rank pawn steps e1-e2 and the spin of block e1 carries it
    // back (and Black's rook from f1 to f2). Each turn is a pawn move, so the halfmove clock
    // stays 0, yet the position repeats: the third occurrence is a draw.
    let start = pos("4kb2/1ppppp2/8/p2qN2P/8/8/5rPR/2Q1P2K b - - 0 368");
    let mut game = GameRecord::new(start);
    for token in ["f2f1", "e1e2,e1ccw", "f2f1", "e1e2,e1ccw"] {
        assert_eq!(game.outcome(), None, "before {token}");
        assert!(game.play_token(token).is_ok(), "{token}");
    }
    let placement = |p: &Spinchess| p.fen().split(' ').take(5).collect::<Vec<_>>().join(" ");
    assert_eq!(placement(game.current()), placement(&start));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}
