//! Trichess, docs/rules/trichess.md: the start position's moves (§15), mate scoring with one
//! attacker and with attackers of both opponents, king capture after a discovered attack,
//! castling, promotion, stalemate, the automatic draws, and bad TriFEN and tokens. Each test
//! fails if the rule it names is dropped.

use crate::common::trifen;
use kaleido::core::Player;
use kaleido::game::Game;
use kaleido::outcome::{EndReason, Outcome};
use kaleido::record::GameRecord;
use kaleido::variants::trichess::{Cell, Role, Trichess, START_FEN};
use std::collections::HashMap;

fn pos(men: &[(&str, &str)], rest: &str) -> Trichess {
    let fen = trifen(men, rest);
    Trichess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(mut p: Trichess, tokens: &str) -> Trichess {
    for token in tokens.split_whitespace() {
        let mv = p
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{} + {token}: {e}", p.fen()));
        p.play(mv);
    }
    p
}

fn moves(p: &Trichess) -> Vec<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    out.sort();
    assert_eq!(p.count_legal_moves(), out.len() as u64, "count vs list");
    let before = out.len();
    out.dedup();
    assert_eq!(before, out.len(), "a move listed twice");
    out
}

fn can(p: &Trichess, token: &str) -> bool {
    moves(p).iter().any(|m| m == token)
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn result(p: &Trichess) -> Option<(EndReason, String)> {
    p.rule_outcome().map(|o| (o.reason(), o.result_string()))
}

fn ended(reason: EndReason, points: &str) -> Option<(EndReason, String)> {
    Some((reason, points.to_string()))
}

#[test]
fn start_position_moves_by_piece() {
    let p = Trichess::startpos();
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    let mut by_role: HashMap<Role, usize> = HashMap::new();
    for mv in &list {
        *by_role
            .entry(p.piece_at(mv.from()).unwrap().role)
            .or_default() += 1;
    }
    // §15: pawns 32, bishops 28, knights 8, queen 7, king 1, rooks 0.
    assert_eq!(list.len(), 76);
    assert_eq!(by_role.get(&Role::Pawn), Some(&32));
    assert_eq!(by_role.get(&Role::Bishop), Some(&28));
    assert_eq!(by_role.get(&Role::Knight), Some(&8));
    assert_eq!(by_role.get(&Role::Queen), Some(&7));
    assert_eq!(by_role.get(&Role::Rook), None);
    // The king's one move is the diagonal DO→EM, between the occupied EN and DN (Decision 6).
    let king: Vec<String> = list
        .iter()
        .filter(|m| p.piece_at(m.from()).unwrap().role == Role::King)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(king, ["DOEM"]);
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.side_to_move(), Player(0));
}

#[test]
fn players_move_in_the_order_a_b_c() {
    // BNDL is §10's example: player 0's double step (-6,6)→(-4,4).
    let p = play(Trichess::startpos(), "BNDL");
    assert_eq!(p.side_to_move(), Player(1));
    let p = play(p, "IAIC");
    assert_eq!(p.side_to_move(), Player(2));
    assert!(p.fen().ends_with(" c aKQbKQcKQ 0 1"), "{}", p.fen());
    let p = play(p, "NAMA");
    assert_eq!(p.side_to_move(), Player(0));
    assert!(
        p.fen().ends_with(" a aKQbKQcKQ 0 2"),
        "fullmove after c: {}",
        p.fen()
    );
    // A player cannot move another's men.
    let e = p.parse_move("ICJC").unwrap_err();
    assert!(e.message.contains("player b's"), "{e}");
}

/// The one-attacker mate: a's queen lands on HB beside b's king on HA, guarded by a knight.
fn queen_mate(halfmove: u32) -> Trichess {
    let p = pos(
        &[
            ("HA", "bK"),
            ("KE", "aQ"),
            ("KA", "aN"),
            ("DO", "aK"),
            ("OH", "cK"),
        ],
        &format!("a - {halfmove} 9"),
    );
    play(p, "KEHB")
}

#[test]
fn checkmate_by_one_attacker_gives_it_both_points() {
    let p = queen_mate(0);
    assert_eq!(p.side_to_move(), Player(1));
    assert!(moves(&p).is_empty());
    // The knight guards HB but does not attack HA: it counts for nothing (Decision 7).
    assert_eq!(result(&p), ended(EndReason::Checkmate, "2-0-0"));
    assert_eq!(
        p.rule_outcome(),
        Some(Outcome::Points {
            points: [2, 0, 0],
            denominator: 1,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn checkmate_splits_by_the_attackers_of_both_opponents() {
    // a's queen on HB and c's knight on GD both attack b's king; c's rook guards HB.
    let mut men = vec![
        ("HA", "bK"),
        ("HB", "aQ"),
        ("GD", "cN"),
        ("HH", "cR"),
        ("DO", "aK"),
        ("OE", "cK"),
    ];
    let p = pos(&men, "b - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(result(&p), ended(EndReason::Checkmate, "1-0-1"));
    // §9's second example: two pieces of one opponent and one of the other, 4/3 and 2/3.
    men.push(("KD", "cB"));
    let p = pos(&men, "b - 0 1");
    assert!(moves(&p).is_empty());
    assert_eq!(result(&p), ended(EndReason::Checkmate, "2/3-0-4/3"));
    // Without the rook's guard the king takes the queen: no mate.
    men.retain(|m| m.0 != "HH");
    let p = pos(&men, "b - 0 1");
    assert_eq!(moves(&p), ["HAHB"]);
    assert_eq!(result(&p), None);
}

#[test]
fn a_mate_on_the_150th_ply_is_a_mate() {
    assert_eq!(queen_mate(149).halfmove_clock(), 150);
    assert_eq!(result(&queen_mate(149)).unwrap().0, EndReason::Checkmate);
}

#[test]
fn king_capture_after_a_discovered_attack_ends_the_game() {
    // c's knight leaves the HH-HA line: a's rook now attacks b's king, and a takes it.
    let men = [
        ("HA", "bK"),
        ("HD", "cN"),
        ("HH", "aR"),
        ("DO", "aK"),
        ("OE", "cK"),
    ];
    let p = play(pos(&men, "c - 0 1"), "HDKC");
    assert!(p.in_check(Player(1)));
    assert!(can(&p, "HHHA"));
    let p = play(p, "HHHA");
    // §9 case 1: only a's rook attacked HA before the capture.
    assert_eq!(result(&p), ended(EndReason::KingCapture, "2-0-0"));
    assert!(
        moves(&p).is_empty(),
        "the position after a king capture is terminal"
    );
    let end = p.king_capture().unwrap();
    assert_eq!(end.victim, Player(1));
    let e = p.parse_move("DODN").unwrap_err();
    assert!(e.message.contains("game is over"), "{e}");
    // Its TriFEN is written, but cannot be read back: the split depends on the position before.
    let e = Trichess::from_fen(&p.fen()).unwrap_err();
    assert_eq!(e.field.as_str(), "placement");
    assert!(e.message.contains("no king"), "{e}");
    let record = {
        let mut r = GameRecord::new(pos(&men, "c - 0 1"));
        r.play_token("HDKC").unwrap();
        r.play_token("HHHA").unwrap();
        r
    };
    assert_eq!(record.outcome().unwrap().result_string(), "2-0-0");
}

#[test]
fn king_capture_splits_with_the_third_players_attackers() {
    // c's bishop steps off the line to GC, from where it attacks HA itself.
    let men = [
        ("HA", "bK"),
        ("HD", "cB"),
        ("HH", "aR"),
        ("DO", "aK"),
        ("OE", "cK"),
    ];
    let p = play(pos(&men, "c - 0 1"), "HDGC HHHA");
    assert_eq!(result(&p), ended(EndReason::KingCapture, "1-0-1"));
}

#[test]
fn a_king_capture_must_not_leave_the_movers_king_attacked() {
    // b's king stands open to a's rook, but a is in check from b's rook on DK. The captured
    // player's other men still count (§8 read literally, as the app does), so taking the king
    // while that rook still attacks DO is illegal; blocking on DL is legal.
    let p = pos(
        &[
            ("DO", "aK"),
            ("DK", "bR"),
            ("HA", "bK"),
            ("HH", "aR"),
            ("OE", "cK"),
        ],
        "a - 0 1",
    );
    assert!(p.in_check(Player(0)) && p.in_check(Player(1)));
    assert!(!can(&p, "HHHA"));
    assert!(can(&p, "HHDL"));
    // Once the check is gone the capture is legal.
    let free = pos(
        &[("DO", "aK"), ("HA", "bK"), ("HH", "aR"), ("OE", "cK")],
        "a - 0 1",
    );
    assert!(can(&free, "HHHA"));
}

#[test]
fn a_check_from_either_opponent_must_be_answered() {
    // a's knight uncovers c's rook on b's king: b moves next and must answer c's check.
    let men = [
        ("HA", "bK"),
        ("HD", "aN"),
        ("HH", "cR"),
        ("JC", "bR"),
        ("DO", "aK"),
        ("OE", "cK"),
    ];
    let before = pos(&men, "a - 0 1");
    assert!(!before.in_check(Player(1)));
    let p = play(before, "HDKC");
    assert!(p.in_check(Player(1)));
    let legal = moves(&p);
    // b's rook may only block, on HC or HE; the king may not step to HB (on the line) or IB
    // (a's knight on KC attacks it).
    assert_eq!(legal, ["HAGB", "HAGC", "HAIA", "JCHC", "JCHE"]);
    for m in &legal {
        let after = play(p, m);
        assert!(!after.in_check(Player(1)), "{m} leaves b in check");
    }
    // A man pinned by one opponent moves along its line only.
    let pinned = pos(
        &[
            ("HA", "bK"),
            ("HD", "bR"),
            ("HH", "cR"),
            ("DO", "aK"),
            ("OE", "cK"),
        ],
        "b - 0 1",
    );
    let rook: Vec<String> = moves(&pinned)
        .into_iter()
        .filter(|m| m.starts_with("HD"))
        .collect();
    assert_eq!(rook, ["HDHB", "HDHC", "HDHE", "HDHF", "HDHG", "HDHH"]);
}

#[test]
fn diagonals_pass_between_occupied_cells() {
    // Decision 6: IH and HI, between HH and II, do not block the bishop.
    let p = pos(
        &[
            ("HH", "aB"),
            ("IH", "bP"),
            ("HI", "cN"),
            ("DO", "aK"),
            ("ED", "bK"),
            ("OE", "cK"),
        ],
        "a - 0 1",
    );
    let bishop: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("HH"))
        .collect();
    for target in ["II", "JJ", "KK"] {
        assert!(bishop.contains(&format!("HH{target}")), "{bishop:?}");
    }
}

fn castle_base(extra: &[(&'static str, &'static str)]) -> Trichess {
    let mut men = vec![
        ("DO", "aK"),
        ("AO", "aR"),
        ("HO", "aR"),
        ("ED", "bK"),
        ("OE", "cK"),
    ];
    men.extend_from_slice(extra);
    pos(&men, "a aKQ 0 1")
}

#[test]
fn castling_needs_an_unattacked_passed_cell_even_against_pawns() {
    let free = castle_base(&[]);
    assert!(can(&free, "DOBO") && can(&free, "DOFO"));
    let after = play(free, "DOBO");
    assert_eq!(after.piece_at(cell("CO")).unwrap().to_string(), "aR");
    assert_eq!(after.piece_at(cell("BO")).unwrap().to_string(), "aK");
    assert!(after.piece_at(cell("AO")).is_none());
    assert_eq!(after.castling_fen(), "-");
    let after = play(free, "DOFO");
    assert_eq!(after.piece_at(cell("EO")).unwrap().to_string(), "aR");
    assert_eq!(after.piece_at(cell("FO")).unwrap().to_string(), "aK");

    // Decision 4: a pawn's diagonal capture counts (the app's own test misses it).
    let pawn_on_passed = castle_base(&[("DM", "bP")]);
    assert!(!can(&pawn_on_passed, "DOBO"));
    assert!(can(&pawn_on_passed, "DOFO"));
    let e = pawn_on_passed.parse_move("DOBO").unwrap_err();
    assert!(e.message.contains("not a legal move"), "{e}");
    // Either opponent: c's knight on the long side's passed cell EO.
    let knight = castle_base(&[("HM", "cN")]);
    assert!(can(&knight, "DOBO") && !can(&knight, "DOFO"));
    // The landing cell attacked.
    let landing = castle_base(&[("CM", "bP")]);
    assert!(!can(&landing, "DOBO"));
    // The king in check.
    let check = castle_base(&[("EM", "bP")]);
    assert!(check.in_check(Player(0)));
    assert!(!can(&check, "DOBO") && !can(&check, "DOFO"));
    // An attacked rook, or the long side's cell next to the rook, does not matter.
    let rook = castle_base(&[("BM", "bP"), ("HM", "cP")]);
    assert!(can(&rook, "DOBO") && can(&rook, "DOFO"));
    // All listed cells empty: a man on GO stops the long castle.
    let blocked = castle_base(&[("GO", "aB")]);
    assert!(can(&blocked, "DOBO") && !can(&blocked, "DOFO"));
}

#[test]
fn castling_rights_are_lost_by_king_and_rook_moves_and_captures_on_the_corner() {
    let p = castle_base(&[("HJ", "bR")]);
    assert_eq!(play(p, "DOEN").castling_fen(), "-");
    assert_eq!(play(p, "AOAN").castling_fen(), "aQ");
    assert_eq!(play(p, "HOHN").castling_fen(), "aK");
    // b's rook lands on a's corner HO.
    let p = play(p, "AOAN HJHO");
    assert_eq!(p.castling_fen(), "-");
    // Rights need their king and rook at home in a TriFEN.
    let fen = trifen(&[("DO", "aK"), ("HA", "bK"), ("OE", "cK")], "a aK 0 1");
    let e = Trichess::from_fen(&fen).unwrap_err();
    assert_eq!(e.field.as_str(), "castling");
    assert!(e.message.contains("AO"), "{e}");
}

#[test]
fn every_promotion_choice_is_a_move() {
    let p = pos(
        &[
            ("HB", "aP"),
            ("IA", "bN"),
            ("DO", "aK"),
            ("AH", "bK"),
            ("OE", "cK"),
        ],
        "a - 7 1",
    );
    let pawn: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("HB"))
        .collect();
    // FL onto the empty HA promotes; FR onto IA is blocked by b's knight (a step, not a
    // capture) and the only capture cell on the board, JA, is empty.
    assert_eq!(pawn, ["HBHAb", "HBHAn", "HBHAq", "HBHAr"]);
    for (letter, man) in [('q', "aQ"), ('r', "aR"), ('b', "aB"), ('n', "aN")] {
        let after = play(p, &format!("HBHA{letter}"));
        assert_eq!(after.piece_at(cell("HA")).unwrap().to_string(), man);
        assert!(after.piece_at(cell("HB")).is_none());
        assert_eq!(after.halfmove_clock(), 0, "a pawn move");
    }
    let e = p.parse_move("HBHA").unwrap_err();
    assert!(e.message.contains("q, r, b or n"), "{e}");
    let e = p.parse_move("DODNq").unwrap_err();
    assert!(e.message.contains("promotion letter"), "{e}");
    // A capture into the zone promotes too: DR (2,-1) from IB takes KA; FR steps to JA.
    let p = pos(
        &[
            ("IB", "aP"),
            ("IA", "bB"),
            ("KA", "bN"),
            ("DO", "aK"),
            ("AH", "bK"),
            ("OE", "cK"),
        ],
        "a - 0 1",
    );
    let pawn: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("IB"))
        .collect();
    assert_eq!(
        pawn,
        ["IBJAb", "IBJAn", "IBJAq", "IBJAr", "IBKAb", "IBKAn", "IBKAq", "IBKAr"]
    );
    // The zone is three edges: q = 7 (c's home) promotes, a neutral edge of a's own does not.
    let p = pos(
        &[
            ("NC", "aP"),
            ("AL", "aP"),
            ("DO", "aK"),
            ("ED", "bK"),
            ("OH", "cK"),
        ],
        "a - 0 1",
    );
    assert!(can(&p, "NCOBq"));
    assert!(can(&p, "ALAK"));
}

#[test]
fn double_steps_only_from_initial_pawn_cells_and_no_en_passant() {
    let p = Trichess::startpos();
    assert!(can(&p, "BNBL") && can(&p, "BNDL"));
    let p = play(p, "BNBM IAIB NGMG");
    // From BM, not an initial cell, only single steps.
    assert!(can(&p, "BMBL") && can(&p, "BMCL"));
    assert!(!can(&p, "BMBK") && !can(&p, "BMDK"));
    // A blocked first cell stops the double step.
    let p = pos(
        &[
            ("CN", "aP"),
            ("CM", "cB"),
            ("DO", "aK"),
            ("ED", "bK"),
            ("OE", "cK"),
        ],
        "a - 0 1",
    );
    assert!(!can(&p, "CNCL"));
    assert!(can(&p, "CNEL"));
    // b's pawn on AL could capture on BM, which a's double step passes: no en passant.
    let p = pos(
        &[
            ("BN", "aP"),
            ("DO", "aK"),
            ("ED", "bK"),
            ("OE", "cK"),
            ("AL", "bP"),
        ],
        "a - 0 1",
    );
    let p = play(p, "BNBL");
    assert!(!can(&p, "ALBM"));
}

#[test]
fn stalemate_scores_two_thirds_each() {
    // b's king on HA is not attacked but every flight cell is; its pawn on GC is blocked.
    let p = pos(
        &[
            ("HA", "bK"),
            ("GC", "bP"),
            ("NB", "aR"),
            ("HC", "aB"),
            ("GD", "aP"),
            ("DO", "aK"),
            ("OE", "cK"),
        ],
        "b - 0 1",
    );
    assert!(!p.in_check(Player(1)));
    assert!(moves(&p).is_empty());
    assert_eq!(result(&p), ended(EndReason::Stalemate, "2/3-2/3-2/3"));
    assert_eq!(
        p.rule_outcome(),
        Some(Outcome::draw(3, EndReason::Stalemate))
    );
}

#[test]
fn the_150_ply_rule() {
    let p = pos(
        &[("HH", "aR"), ("DO", "aK"), ("ED", "bK"), ("OE", "cK")],
        "a - 149 60",
    );
    assert_eq!(result(&p), None);
    let after = play(p, "HHHG");
    assert_eq!(after.halfmove_clock(), 150);
    assert_eq!(after.reversible_plies(), 150);
    assert_eq!(
        result(&after),
        ended(EndReason::FiftyMoveRule, "2/3-2/3-2/3")
    );
    assert_eq!(
        GameRecord::new(after).outcome().map(|o| o.result_string()),
        Some("2/3-2/3-2/3".to_string())
    );
}

#[test]
fn threefold_repetition_counts_the_start_position() {
    let shuffle = "CODL FCHD OFLH DLCO HDFC LHOF";
    let mut r = GameRecord::new(Trichess::startpos());
    for token in shuffle.split_whitespace() {
        r.play_token(token).unwrap();
    }
    assert_eq!(r.repetitions(), 2);
    assert_eq!(r.outcome(), None);
    for token in shuffle.split_whitespace() {
        r.play_token(token).unwrap();
    }
    assert_eq!(r.repetitions(), 3);
    let outcome = r.outcome().unwrap();
    assert_eq!(outcome.reason(), EndReason::Repetition);
    assert_eq!(outcome.result_string(), "2/3-2/3-2/3");
    // The same men on the same cells with another player to move are not a repetition.
    assert_ne!(
        Trichess::startpos().hash(),
        Trichess::from_fen(&START_FEN.replace(" a aKQ", " b aKQ"))
            .unwrap()
            .hash()
    );
}

#[test]
fn trifen_round_trips() {
    // Along a game, each TriFEN reads back to the same position and hash.
    let mut p = Trichess::startpos();
    for i in 0..60 {
        let list = moves(&p);
        if list.is_empty() {
            break;
        }
        p = play(p, &list[(i * 7 + 3) % list.len()]);
        let fen = p.fen();
        let back = Trichess::from_fen(&fen).unwrap();
        assert_eq!(back.fen(), fen);
        assert_eq!(back.hash(), p.hash());
        assert_eq!(moves(&back), moves(&p));
    }
    assert!(p.fullmove_number() > 1);
    let p = Trichess::from_fen(&trifen(
        &[
            ("HH", "aK"),
            ("ED", "bK"),
            ("OE", "cK"),
            ("AH", "bR"),
            ("KK", "cQ"),
        ],
        "c bQ 5 17",
    ))
    .unwrap();
    assert_eq!(p.castling_fen(), "bQ");
    assert_eq!(Trichess::from_fen(&p.fen()).unwrap().fen(), p.fen());
    assert!(p.fen().ends_with(" c bQ 5 17"), "{}", p.fen());
    // Rows hold 8 to 15 cells; a whole empty row is one number.
    assert!(p.fen().starts_with("8/9/10/bK10/11cK/13/"), "{}", p.fen());
}

/// Each malformed TriFEN is refused with an error naming the field at fault.
#[test]
fn malformed_trifen_names_its_field() {
    let start: Vec<&str> = START_FEN.split(' ').collect();
    let with = |i: usize, field: &str| {
        let mut f = start.clone();
        f[i] = field;
        f.join(" ")
    };
    let rows: Vec<&str> = start[0].split('/').collect();
    let with_row = |i: usize, row: &str| {
        let mut r = rows.clone();
        r[i] = row;
        with(0, &r.join("/"))
    };
    let huge = "1".repeat(1_000_000);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "fields"),
        (start[0].to_string(), "fields"),
        (format!("{START_FEN} extra"), "fields"),
        (with(0, &rows[..14].join("/")), "placement"),
        (with(0, &format!("{}/8", start[0])), "placement"),
        (with_row(0, "bRbP4cPcRaP"), "placement"),
        (with_row(0, "bRbP3cPcR"), "placement"),
        (with_row(0, "bRbP0cPcR4"), "placement"),
        (with_row(0, "bRbP04cPcR"), "placement"),
        (with_row(9, "16"), "placement"),
        (with_row(9, "99999999999999999999999"), "placement"),
        (with_row(0, "bRbX4cPcR"), "placement"),
        (with_row(0, "dRbP4cPcR"), "placement"),
        (with_row(0, "bRbP4cPc"), "placement"),
        (with_row(0, "bRbp4cPcR"), "placement"),
        (with_row(0, "bRbP4cPcRé"), "placement"),
        (with_row(3, "bQbP7cPcQ"), "placement"),
        (with_row(3, "bKbP7cPcK"), "placement"),
        (with_row(0, "bRbP3aPcPcR"), "placement"),
        (with(1, "d"), "side to move"),
        (with(1, "ab"), "side to move"),
        (with(1, "A"), "side to move"),
        (with(2, "KQ"), "castling"),
        (with(2, "aKQbKQcKQd"), "castling"),
        (with(2, "a"), "castling"),
        (with(2, "aKbcK"), "castling"),
        (with(2, "aKKQ"), "castling"),
        (with(2, "aKbKaQ"), "castling"),
        (with(2, "ak"), "castling"),
        (with(3, "-1"), "halfmove clock"),
        (with(3, "x"), "halfmove clock"),
        (with(3, "70000"), "halfmove clock"),
        (with(4, "1.5"), "fullmove number"),
        (huge.clone(), "fields"),
        (format!("{huge} a - 0 1"), "placement"),
        (with(2, &huge), "castling"),
        ("/".repeat(100_000) + " a - 0 1", "placement"),
    ];
    for (fen, field) in cases {
        match Trichess::from_fen(&fen) {
            Ok(_) => panic!("accepted malformed TriFEN '{}'", &fen[..fen.len().min(200)]),
            Err(e) => {
                assert_eq!(
                    e.field.as_str(),
                    field,
                    "'{}': {e}",
                    &fen[..fen.len().min(200)]
                );
                assert!(e.to_string().len() < 300, "long message: {e}");
            }
        }
    }
    // The player who moved last cannot be in check: here c, attacked by a's queen.
    let fen = trifen(
        &[("DO", "aK"), ("ED", "bK"), ("OE", "cK"), ("OH", "aQ")],
        "a - 0 1",
    );
    let e = Trichess::from_fen(&fen).unwrap_err();
    assert!(e.message.contains("moved last"), "{e}");
    // With b to move instead, c (to move next) may stand in check.
    assert!(Trichess::from_fen(&fen.replace(" a - ", " b - ")).is_ok());
}

#[test]
fn malformed_tokens_are_refused_with_a_reason() {
    let p = Trichess::startpos();
    let huge = "H".repeat(100_000);
    let cases: [(&str, &str); 13] = [
        ("", "expected a move"),
        ("BN", "expected a move"),
        ("BNDLqq", "expected a move"),
        (huge.as_str(), "expected a move"),
        ("bndl", "capital"),
        ("hBHA", "capital"),
        ("AABB", "not a cell"),
        ("BNZZ", "not a cell"),
        ("BNDLx", "q, r, b or n"),
        ("HHHG", "no piece on HH"),
        ("IAIC", "player b's"),
        ("BNBK", "not a legal move"),
        ("BNDLq", "promotion letter"),
    ];
    for (token, needle) in cases {
        let e = p.parse_move(token).unwrap_err();
        assert!(
            e.message.contains(needle),
            "'{}': {e}",
            &token[..token.len().min(20)]
        );
        assert!(e.to_string().len() < 200);
    }
    assert!(p.parse_move("ÀÀÀÀ").is_err());
}
