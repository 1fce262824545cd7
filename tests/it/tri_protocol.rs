//! The `tri` dialect (three-player UCI) and trichess over UCI, as conversations: scripted input
//! and checked output, through the real binary over pipes (stdout must carry protocol lines
//! only) and in process through `kaleido::protocol::serve`. Every answer must be a legal move
//! of the position, every `info` line must carry one score per seat, a finished game must show
//! the rules' split of the two points, and bad input must get an `info string error:` and leave
//! the engine usable and in step.

use crate::common;

use crate::common::{trifen, Live};
use kaleido::game::Game;
use kaleido::protocol::{serve, Output};
use kaleido::variants::trichess::Trichess;
use std::time::{Duration, Instant};

/// The lines kaleido may write to stdout in the tri dialect.
fn is_protocol_line(l: &str) -> bool {
    [
        "id ",
        "option ",
        "triok",
        "uciok",
        "readyok",
        "info ",
        "bestmove ",
        "Nodes searched: ",
    ]
    .iter()
    .any(|p| l.starts_with(p))
        || l.is_empty()
        || (l.len() >= 6 && l.as_bytes()[4] == b':')
}

/// Runs kaleido with no arguments, feeds `script`, closes stdin, returns stdout's lines.
/// Scripts that want their searches to run to their limit end without `quit`: at the end of
/// input a search with a limit finishes first.
fn converse(script: &str) -> Vec<String> {
    let out = common::kaleido_fed(&[], script);
    assert!(out.code == Some(0), "exit {:?}: {}", out.code, out.stderr);
    let lines: Vec<String> = out.stdout.lines().map(String::from).collect();
    for l in &lines {
        assert!(is_protocol_line(l), "not a protocol line on stdout: {l:?}");
    }
    lines
}

/// The same conversation in process, through `serve` and a captured output.
fn serve_script(script: &str) -> Vec<String> {
    let (out, captured) = Output::capture();
    serve(&mut script.as_bytes(), out);
    captured.text().lines().map(String::from).collect()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove ").map(String::from))
        .collect()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// The per-seat scores of an info line: the numbers after `score` up to the next keyword.
fn scores(line: &str) -> Option<Vec<i32>> {
    let rest = line.split_once(" score ")?.1;
    let seats: Vec<i32> = rest
        .split_whitespace()
        .map_while(|w| w.parse().ok())
        .collect();
    Some(seats)
}

fn search_infos(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth ") && !l.starts_with("info depth 0 "))
        .collect()
}

/// The position after `moves` from `fen` (or the start).
fn position(fen: Option<&str>, moves: &[&str]) -> Trichess {
    let mut pos = match fen {
        Some(f) => Trichess::from_fen(f).unwrap(),
        None => Trichess::startpos(),
    };
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.play(mv);
    }
    pos
}

fn assert_legal(pos: &Trichess, token: &str) {
    assert!(
        pos.parse_move(token).is_ok(),
        "{token} is not legal in {}",
        pos.fen()
    );
}

/// a's queen on KE can mate b's king on HA from HB, guarded by the knight on KA.
fn queen_mate_in_one() -> String {
    trifen(
        &[
            ("HA", "bK"),
            ("KE", "aQ"),
            ("KA", "aN"),
            ("DO", "aK"),
            ("OH", "cK"),
        ],
        "a - 0 9",
    )
}

/// b is mated by a's queen and c's knight (1-0-1); with c's bishop too, 2/3-0-4/3.
fn split_mate(with_bishop: bool) -> String {
    let mut men = vec![
        ("HA", "bK"),
        ("HB", "aQ"),
        ("GD", "cN"),
        ("HH", "cR"),
        ("DO", "aK"),
        ("OE", "cK"),
    ];
    if with_bishop {
        men.push(("KD", "cB"));
    }
    trifen(&men, "b - 0 1")
}

fn stalemate() -> String {
    trifen(
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
    )
}

/// c's knight steps off the HH-HA line and a's rook can take b's king.
fn discovered_king() -> String {
    trifen(
        &[
            ("HA", "bK"),
            ("HD", "cN"),
            ("HH", "aR"),
            ("DO", "aK"),
            ("OE", "cK"),
        ],
        "c - 0 1",
    )
}

#[test]
fn handshake_names_the_engine_and_its_options() {
    let out = converse("tri\nisready\nquit\n");
    assert!(out[0].starts_with("id name kaleido"), "{out:?}");
    assert!(out[1].starts_with("id author "));
    let option = |name: &str| {
        out.iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option {name}: {out:#?}"))
            .clone()
    };
    assert_eq!(
        option("TriSearch"),
        "option name TriSearch type combo default brs+ var brs var brs+ var paranoid"
    );
    assert!(option("Variant").contains("var trichess"));
    assert!(option("Hash").contains("type spin default 64"));
    assert!(option("Threads").contains("min 1"));
    assert!(option("Move Overhead").contains("default 10"));
    assert_eq!(
        option("Use NNUE"),
        "option name Use NNUE type check default true"
    );
    assert_eq!(
        option("EvalFile"),
        "option name EvalFile type string default <embedded>"
    );
    let ok = out.iter().position(|l| l == "triok").unwrap();
    assert_eq!(out[ok + 1], "readyok");
    assert_eq!(out.len(), ok + 2);
}

#[test]
fn positions_with_moves_are_searched_with_a_score_per_seat() {
    let out = converse(
        "tri\nposition startpos moves BNDL\ngo depth 2\n\
         position startpos moves BNDL FCGE OCMB\ngo nodes 3000\n\
         newgame\nposition startpos\ngo depth 1\n",
    );
    assert_eq!(errors(&out), Vec::<&String>::new());
    let best = bestmoves(&out);
    assert_eq!(best.len(), 3, "{out:#?}");
    assert_legal(&position(None, &["BNDL"]), &best[0]);
    assert_legal(&position(None, &["BNDL", "FCGE", "OCMB"]), &best[1]);
    assert_legal(&Trichess::startpos(), &best[2]);
    let infos = search_infos(&out);
    assert!(!infos.is_empty());
    for info in infos {
        for key in [" seldepth ", " nodes ", " nps ", " time ", " pv "] {
            assert!(info.contains(key), "{key} missing: {info}");
        }
        let seats = scores(info).unwrap();
        assert_eq!(seats.len(), 3, "{info}");
        // Expected shares of the two points, in hundredths.
        let total: i32 = seats.iter().sum();
        assert!((198..=202).contains(&total), "{info}");
        assert!(seats.iter().all(|s| (0..=200).contains(s)), "{info}");
    }
    // The principal variation starts with the move played.
    let last_info = out
        .iter()
        .take_while(|l| !l.starts_with("bestmove"))
        .filter(|l| l.starts_with("info depth 2 "))
        .last()
        .unwrap();
    let pv = last_info.split_once(" pv ").unwrap().1;
    assert!(pv.starts_with(&best[0]), "{last_info} vs {}", best[0]);
    // The pv is a line that can be played from the position.
    let mut walk = position(None, &["BNDL"]);
    for token in pv.split_whitespace() {
        let mv = walk.parse_move(token).unwrap();
        walk.play(mv);
    }
}

#[test]
fn the_mate_in_one_is_found_and_scored_as_both_points() {
    for algorithm in ["brs", "brs+", "paranoid"] {
        let out = converse(&format!(
            "tri\nsetoption name TriSearch value {algorithm}\nposition fen {}\ngo depth 2\n",
            queen_mate_in_one()
        ));
        assert_eq!(bestmoves(&out), ["KEHB"], "{algorithm}: {out:#?}");
        let last = search_infos(&out).last().unwrap().to_string();
        assert_eq!(scores(&last).unwrap(), [200, 0, 0], "{algorithm}: {last}");
        assert!(last.ends_with(" pv KEHB"), "{last}");
    }
}

#[test]
fn finished_games_show_the_split_of_the_two_points() {
    let cases = [
        (
            format!("fen {} moves KEHB", queen_mate_in_one()),
            [200, 0, 0],
            "2-0-0 (checkmate)",
        ),
        (
            format!("fen {}", split_mate(false)),
            [100, 0, 100],
            "1-0-1 (checkmate)",
        ),
        (
            format!("fen {}", split_mate(true)),
            [67, 0, 133],
            "2/3-0-4/3 (checkmate)",
        ),
        (
            format!("fen {}", stalemate()),
            [67, 67, 67],
            "2/3-2/3-2/3 (stalemate)",
        ),
        (
            format!("fen {} moves HDKC HHHA", discovered_king()),
            [200, 0, 0],
            "2-0-0 (king captured)",
        ),
    ];
    for (setup, split, result) in cases {
        let out = converse(&format!("tri\nposition {setup}\ngo depth 3\n"));
        assert_eq!(errors(&out), Vec::<&String>::new(), "{setup}");
        let scores_line = format!("info depth 0 score {} {} {}", split[0], split[1], split[2]);
        let tail: Vec<&str> = out[out.len() - 3..].iter().map(String::as_str).collect();
        assert_eq!(
            tail,
            [
                scores_line.as_str(),
                &format!("info string game over: {result}"),
                "bestmove (none)"
            ],
            "{setup}"
        );
    }
}

#[test]
fn a_threefold_repetition_is_over_too() {
    // A knight of each player goes out and back, twice: the start position stands for the
    // third time (counting the start).
    let knights = "FOEM FCGE OCMB EMFO GEFC MBOC FOEM FCGE OCMB EMFO GEFC MBOC";
    let out = converse(&format!(
        "tri\nposition startpos moves {knights}\ngo depth 2\n"
    ));
    assert_eq!(bestmoves(&out), ["(none)"], "{out:#?}");
    assert!(out.contains(&"info depth 0 score 67 67 67".to_string()));
    assert!(out.contains(&"info string game over: 2/3-2/3-2/3 (threefold repetition)".to_string()));
}

#[test]
fn go_accepts_every_limit() {
    let searches = [
        "go depth 2",
        "go nodes 2000",
        "go movetime 150",
        "go t0 5000 t1 5000 t2 5000",
        "go t0 5000 t1 5000 t2 5000 inc0 100 inc1 100 inc2 100 movestogo 20",
        // The clock that counts is the side to move's (b here, seat 1): its 300 ms is short.
        "go t0 100000 t1 300 t2 100000",
    ];
    for go in searches {
        let started = Instant::now();
        let out = converse(&format!("tri\nposition startpos moves BNDL\n{go}\n"));
        let spent = started.elapsed();
        assert_eq!(errors(&out), Vec::<&String>::new(), "{go}");
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{go}");
        assert_legal(&position(None, &["BNDL"]), &best[0]);
        assert!(spent < Duration::from_secs(10), "{go}: {spent:?}");
    }
    // go perft: one line per root move, then the total (rules §15: 76 and 5474).
    let out = converse("tri\nposition startpos\ngo perft 2\n");
    assert_eq!(
        out.iter()
            .filter(|l| l.len() > 4 && l.as_bytes()[4] == b':')
            .count(),
        76
    );
    assert_eq!(out.last().unwrap(), "Nodes searched: 5474");
}

/// kaleido over pipes, line by line, every line checked as a tri line.
fn live() -> Live {
    Live::start(is_protocol_line)
}

#[test]
fn isready_is_answered_during_a_search_and_stop_ends_it_at_once() {
    for algorithm in ["brs", "brs+", "paranoid"] {
        let mut live = live();
        live.send("tri");
        live.until("triok", Duration::from_secs(5));
        live.send(&format!("setoption name TriSearch value {algorithm}"));
        live.send("position startpos moves BNDL");
        live.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        live.send("isready");
        let (seen, waited) = live.until("readyok", Duration::from_secs(2));
        assert!(
            waited < Duration::from_millis(500),
            "readyok after {waited:?}"
        );
        assert!(bestmoves(&seen).is_empty(), "the search went on: {seen:#?}");
        // A repeated handshake is answered during the search too.
        live.send("tri");
        let (seen, waited) = live.until("triok", Duration::from_secs(2));
        assert!(
            waited < Duration::from_millis(500),
            "triok after {waited:?}"
        );
        assert!(bestmoves(&seen).is_empty(), "the search went on: {seen:#?}");
        live.send("stop");
        let (seen, waited) = live.until("bestmove ", Duration::from_secs(2));
        assert!(
            waited < Duration::from_millis(500),
            "bestmove after {waited:?}"
        );
        let best = bestmoves(&seen);
        assert_legal(&position(None, &["BNDL"]), &best[0]);
        // The engine is in step: the next command is answered as usual.
        live.send("isready");
        live.until("readyok", Duration::from_secs(2));
    }
}

#[test]
fn answers_arrive_well_within_a_one_second_clock() {
    let mut live = live();
    live.send("tri");
    live.until("triok", Duration::from_secs(5));
    let increment = Duration::from_millis(10);
    let mut clocks = [Duration::from_millis(1000); 3];
    let mut moves: Vec<String> = Vec::new();
    let mut pos = Trichess::startpos();
    for ply in 0..12 {
        let seat = ply % 3;
        live.send(&format!("position startpos moves {}", moves.join(" ")));
        live.send(&format!(
            "go t0 {} t1 {} t2 {} inc0 10 inc1 10 inc2 10",
            clocks[0].as_millis(),
            clocks[1].as_millis(),
            clocks[2].as_millis()
        ));
        let (seen, spent) = live.until("bestmove ", Duration::from_secs(5));
        // Well within: no move may take more than a quarter of what the mover had left.
        assert!(
            spent < clocks[seat] / 4,
            "ply {ply}: {spent:?} of {:?}",
            clocks[seat]
        );
        clocks[seat] = clocks[seat].saturating_sub(spent) + increment;
        let best = bestmoves(&seen).remove(0);
        if best == "(none)" {
            break;
        }
        let mv = pos
            .parse_move(&best)
            .unwrap_or_else(|e| panic!("ply {ply}: {best}: {e}"));
        pos.play(mv);
        moves.push(best);
    }
    // Four moves each leave most of every clock (each move may take up to its hard limit,
    // about a seventh of what is left, on a loaded machine).
    assert!(
        clocks.iter().all(|c| *c > Duration::from_millis(400)),
        "{clocks:?}"
    );
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let huge = "x".repeat(2 << 20);
    let script = format!(
        "tri\n\
         frobnicate\n\
         position fen bRbP4cPcR/13 a - 0 1\n\
         position fen {start_bad_side}\n\
         position startpos moves BNDL ZZZZ\n\
         position startpos moves BNDL BNDL\n\
         position startpos moves bndl\n\
         position sideways\n\
         go depth x\n\
         go t0\n\
         go wtime 1000 btime 1000\n\
         go depth 2 sideways\n\
         go t1 1000 t2 1000\n\
         go perft many\n\
         setoption name TriSearch value minimax\n\
         setoption name Hash value -3\n\
         setoption name Threads value 0\n\
         setoption name Move Overhead value lots\n\
         setoption name Colour value red\n\
         setoption name Variant value chess\n\
         setoption TriSearch\n\
         {huge}\n\
         \u{1}\u{2}\u{7f} garbled \u{fffd}\n\
         position startpos moves BNDL\n\
         go depth 2\n\
         isready\n",
        start_bad_side = Trichess::startpos().fen().replace(" a ", " d ")
    );
    let out = converse(&script);
    let errs = errors(&out);
    assert_eq!(errs.len(), 22, "{out:#?}");
    assert!(errs.iter().any(|e| e.contains("add t0")), "{errs:#?}");
    assert!(
        out.iter().all(|l| l.len() < 400),
        "an error line echoed garbage"
    );
    assert!(errs.iter().any(|e| e.contains("line too long")));
    assert!(errs.iter().any(|e| e.contains("move 2")), "{errs:#?}");
    // Every bad position left the last good one: the answer is b's reply to BNDL.
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1);
    assert_legal(&position(None, &["BNDL"]), &best[0]);
    assert!(out.contains(&"readyok".to_string()));
}

#[test]
fn the_evaluation_options_choose_and_refuse_networks() {
    let chess_net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue");
    let script = format!(
        "tri\nsetoption name Use NNUE value false\nsetoption name Use NNUE value perhaps\n\
         setoption name Use NNUE value true\nsetoption name EvalFile value {chess_net}\n\
         setoption name EvalFile value /nonexistent/net.nnue\n\
         position startpos moves BNDL\ngo depth 2\n"
    );
    let out = converse(&script);
    let info: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(info.len(), 5, "{out:#?}");
    assert_eq!(info[0], "info string evaluation: hand-written");
    assert!(info[1].contains("error: Use NNUE must be true or false"));
    // Trichess has a built-in network, chosen again.
    assert!(
        info[2].starts_with("info string evaluation: built-in network"),
        "{info:#?}"
    );
    // A network of another variant, and a missing file, are refused.
    assert!(info[3].contains("the network is for chess"), "{info:#?}");
    assert!(info[4].contains("error: cannot read network file /nonexistent/net.nnue"));
    for refusal in &info[3..] {
        assert!(
            refusal.ends_with("the hand-written evaluation is used"),
            "{refusal}"
        );
    }
    // The engine goes on, by hand.
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out:#?}");
    assert_legal(&position(None, &["BNDL"]), &best[0]);
}

#[test]
fn a_bad_position_keeps_the_previous_one() {
    let out = converse("tri\nposition startpos moves BNDL\nposition fen nonsense\nd\n");
    assert_eq!(errors(&out).len(), 1);
    let fen_line = out
        .iter()
        .find(|l| l.starts_with("info string Fen: "))
        .unwrap();
    assert!(
        fen_line.ends_with(&position(None, &["BNDL"]).fen()),
        "{fen_line}"
    );
    // The diagram: 15 rows between their end cells' names, then the player to move.
    let rows: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string ") && l.len() > 14)
        .filter(|l| l.as_bytes()[12..14].iter().all(u8::is_ascii_uppercase))
        .collect();
    assert_eq!(rows.len(), 15, "{out:#?}");
    assert!(rows[0].starts_with("info string HA ") && rows[0].ends_with("OA"));
    assert!(rows[14].contains(" aR  aB  aN  aK  aQ  aN  aB  aR "));
    assert!(out.contains(&"info string Player to move: 1 (b)".to_string()));
}

#[test]
fn end_of_input_during_a_search_still_answers() {
    // An open-ended search is stopped at the end of input, and answers.
    let started = Instant::now();
    let out = converse("tri\nposition startpos\ngo infinite\n");
    assert_eq!(bestmoves(&out).len(), 1);
    assert!(started.elapsed() < Duration::from_secs(5));
    // A search with a limit runs to it.
    let out = converse("tri\nposition startpos\ngo depth 2\n");
    assert_eq!(bestmoves(&out).len(), 1);
    assert!(out.iter().any(|l| l.starts_with("info depth 2 ")));
    // quit stops at once, and the search still answers.
    let started = Instant::now();
    let out = converse("tri\nposition startpos\ngo depth 60\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn commands_during_a_search_keep_the_engine_in_step() {
    // position during a search waits for its bestmove, so each answer belongs to its go.
    let out = converse(
        "tri\nposition startpos\ngo depth 2\nposition startpos moves BNDL\ngo depth 2\n\
         setoption name TriSearch value paranoid\nnewgame\nposition startpos\ngo nodes 500\n",
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 3, "{out:#?}");
    assert_legal(&Trichess::startpos(), &best[0]);
    assert_legal(&position(None, &["BNDL"]), &best[1]);
    assert_legal(&Trichess::startpos(), &best[2]);
}

#[test]
fn serve_in_process_chooses_the_dialect_from_the_first_command() {
    let out = serve_script("hello\ntri\nposition startpos\ngo depth 1\n");
    assert!(
        out[0].contains("unknown command 'hello'") && out[0].contains("'tri'"),
        "{out:?}"
    );
    assert!(out.contains(&"triok".to_string()));
    assert_legal(&Trichess::startpos(), &bestmoves(&out)[0]);
}

#[test]
fn uci_plays_trichess_too() {
    let out = converse(
        "uci\nsetoption name UCI_Variant value trichess\nposition startpos moves BNDL\n\
         go depth 2\nsetoption name TriSearch value paranoid\nposition startpos\ngo nodes 2000\n",
    );
    assert_eq!(errors(&out), Vec::<&String>::new());
    let combo = out
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(combo.contains("var trichess"), "{combo}");
    assert!(out
        .iter()
        .any(|l| l.starts_with("option name TriSearch type combo default brs+ ")));
    // The board size of a hexagon: its widest row and its number of rows.
    let variant = out
        .iter()
        .find(|l| l.starts_with("info string variant trichess "))
        .unwrap();
    assert_eq!(
        variant,
        &format!(
            "info string variant trichess files 15 ranks 15 startpos {}",
            Trichess::startpos().fen()
        )
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 2);
    assert_legal(&position(None, &["BNDL"]), &best[0]);
    assert_legal(&Trichess::startpos(), &best[1]);
    // UCI's one score: the side to move's, in centipawns.
    for info in search_infos(&out) {
        assert!(
            info.contains(" score cp ") || info.contains(" score mate "),
            "{info}"
        );
    }
}

#[test]
fn uci_trichess_finds_mate_and_reports_finished_games() {
    let out = converse(&format!(
        "uci\nsetoption name UCI_Variant value trichess\nposition fen {}\ngo depth 2\n\
         position fen {} moves KEHB\ngo depth 2\nposition fen {}\ngo depth 2\n",
        queen_mate_in_one(),
        queen_mate_in_one(),
        stalemate()
    ));
    assert_eq!(bestmoves(&out), ["KEHB", "(none)", "(none)"], "{out:#?}");
    assert!(out.iter().any(|l| l.contains(" score mate 1 ")), "{out:#?}");
    assert!(out.contains(&"info depth 0 score mate 0".to_string()));
    assert!(out.contains(&"info depth 0 score cp 0".to_string()));
}

/// a's queen on GM: no mate at once, but GMGD, then GDHB on a's next move, wins both points.
fn queen_mate_in_two() -> String {
    trifen(
        &[
            ("HA", "bK"),
            ("GM", "aQ"),
            ("KA", "aN"),
            ("DO", "aK"),
            ("OH", "cK"),
        ],
        "a - 0 9",
    )
}

/// Each search's iteration lines, one list per `bestmove`.
fn infos_per_search(lines: &[String]) -> Vec<Vec<String>> {
    let mut searches = vec![Vec::new()];
    for line in lines {
        if line.starts_with("bestmove ") {
            searches.push(Vec::new());
        } else if line.starts_with("info depth ") && line.contains(" pv ") {
            searches.last_mut().unwrap().push(line.clone());
        }
    }
    searches.pop();
    searches
}

fn depth_of(info: &str) -> i32 {
    info.split_whitespace().nth(2).unwrap().parse().unwrap()
}

/// `go mate N` over tri and over UCI: the search ends at the first iteration that proves a
/// win of both points within N of the mover's moves, though a deeper one was allowed.
#[test]
fn go_mate_stops_once_the_win_asked_for_is_proven() {
    let (one, two) = (queen_mate_in_one(), queen_mate_in_two());
    let out = converse(&format!(
        "tri\nposition fen {one}\ngo mate 1 depth 6\nposition fen {two}\ngo mate 2 depth 6\n\
         go mate 1 depth 4\n"
    ));
    assert_eq!(errors(&out), Vec::<&String>::new());
    assert_eq!(bestmoves(&out), ["KEHB", "GMGD", "GMGD"], "{out:#?}");
    let searches = infos_per_search(&out);
    // The mate in one: proven by the first iteration, the only one.
    assert_eq!(searches[0].len(), 1, "{:#?}", searches[0]);
    assert_eq!(scores(&searches[0][0]).unwrap(), [200, 0, 0]);
    // The mate in two: BRS+ proves it at depth 3 (a's move, the replies, a's mate).
    let last = searches[1].last().unwrap();
    assert_eq!(depth_of(last), 3, "{:#?}", searches[1]);
    assert_eq!(scores(last).unwrap(), [200, 0, 0], "{last}");
    assert!(last.contains(" pv GMGD "), "{last}");
    // A mate in one asked for where the win takes two moves: on to the depth.
    assert_eq!(
        depth_of(searches[2].last().unwrap()),
        4,
        "{:#?}",
        searches[2]
    );
    let out = converse(&format!(
        "uci\nsetoption name UCI_Variant value trichess\nposition fen {one}\n\
         go mate 1 depth 6\n"
    ));
    assert_eq!(bestmoves(&out), ["KEHB"], "{out:#?}");
    let searches = infos_per_search(&out);
    assert_eq!(searches[0].len(), 1, "{out:#?}");
    assert!(searches[0][0].contains(" score mate 1 "), "{out:#?}");
}

/// A search that has run three seconds names each root move it starts on, as UCI does:
/// `info depth D currmove M currmovenumber N`, with M legal and N its place in the order
/// searched; never sooner, so that no game's quick moves carry such lines.
#[test]
fn a_long_search_names_the_root_move_it_is_on() {
    let mut live = live();
    live.send("tri");
    live.until("triok", Duration::from_secs(5));
    live.send("position startpos moves BNDL");
    live.send("go infinite");
    let currmove = |l: &str| l.starts_with("info depth ") && l.contains(" currmove ");
    let (seen, waited) = live.until_line(currmove, "currmove", Duration::from_secs(30));
    assert!(
        waited >= Duration::from_secs(3),
        "currmove after {waited:?}"
    );
    live.send("stop");
    let (after, _) = live.until("bestmove ", Duration::from_secs(5));
    let pos = position(None, &["BNDL"]);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let told: Vec<&String> = seen.iter().chain(&after).filter(|l| currmove(l)).collect();
    for line in &told {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 7, "{line}");
        assert_eq!(
            [words[1], words[3], words[5]],
            ["depth", "currmove", "currmovenumber"]
        );
        assert_legal(&pos, words[4]);
        let number: usize = words[6].parse().unwrap();
        assert!((1..=legal.len()).contains(&number), "{line}");
    }
    // The lines of iterations keep their shape.
    for info in search_infos(&seen).iter().filter(|l| !currmove(l)) {
        assert_eq!(scores(info).map(|s| s.len()), Some(3), "{info}");
    }
}
