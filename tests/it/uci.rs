//! UCI conversations with the real binary: scripted input, checked output. stdout must carry
//! protocol lines only, every answer must be legal in the variant, and bad input must get an
//! `info string error:` and leave the engine usable.

use crate::common;

use kaleido::game::Game;
use kaleido::registry::VARIANT_NAMES;
use kaleido::variants::chess::Chess;
use kaleido::variants::doublemove::Doublemove;
use std::time::Duration;

/// Runs kaleido with no arguments (as a GUI does), feeds `script`, closes stdin, returns stdout.
/// Scripts that want their searches to run to their depth end without `quit` (which means
/// "stop now"): at the end of input, a search with a limit finishes first.
fn converse(script: &str) -> Vec<String> {
    let out = common::kaleido_fed(&[], script);
    assert!(out.code == Some(0), "exit {:?}: {}", out.code, out.stderr);
    let lines: Vec<String> = out.stdout.lines().map(String::from).collect();
    for l in &lines {
        assert!(is_protocol_line(l), "not a protocol line on stdout: {l:?}");
    }
    lines
}

/// The lines kaleido may write to stdout over UCI.
fn is_protocol_line(l: &str) -> bool {
    [
        "id ",
        "option ",
        "uciok",
        "readyok",
        "info ",
        "bestmove ",
        "Nodes searched: ",
    ]
    .iter()
    .any(|p| l.starts_with(p))
        || l.is_empty()
        || l.contains(": ")
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove ").map(String::from))
        .collect()
}

#[test]
fn handshake_lists_every_variant() {
    let out = converse("uci\nisready\nquit\n");
    assert!(out[0].starts_with("id name kaleido"));
    let combo = out
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    for v in VARIANT_NAMES {
        assert!(combo.contains(&format!("var {v}")), "{combo}");
    }
    for option in ["Hash", "Threads", "Move Overhead", "Ponder"] {
        assert!(out
            .iter()
            .any(|l| l.starts_with(&format!("option name {option} "))));
    }
    let ok = out.iter().position(|l| l == "uciok").unwrap();
    assert_eq!(out[ok + 1], "readyok");
}

#[test]
fn plays_legal_moves_and_finds_mate() {
    let out = converse(
        "uci\nposition startpos moves e2e4\ngo depth 4\n\
         position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n",
    );
    let moves = bestmoves(&out);
    assert_eq!(moves.len(), 2);
    let mut after_e4 = Chess::startpos();
    after_e4.play(after_e4.parse_move("e2e4").unwrap());
    assert!(after_e4.parse_move(&moves[0]).is_ok(), "{}", moves[0]);
    assert_eq!(moves[1], "a1a8");
    assert!(out.iter().any(|l| l.contains("score mate 1")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("info depth 3 ") && l.contains(" pv a1a8")));
}

#[test]
fn finished_games_answer_none() {
    let out = converse(
        "uci\nposition fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n\
         position fen 5Q1k/8/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\nquit\n",
    );
    assert_eq!(bestmoves(&out), ["(none)", "(none)"]);
    assert!(
        out.contains(&"info depth 0 score cp 0".to_string()),
        "stalemate is a draw"
    );
    assert!(
        out.contains(&"info depth 0 score mate 0".to_string()),
        "mated"
    );
}

#[test]
fn doublemove_answers_a_whole_turn() {
    let out = converse(
        "uci\nsetoption name UCI_Variant value doublemove\nposition startpos moves e2e4\n\
         go depth 3\n",
    );
    let turn = &bestmoves(&out)[0];
    let (leg1, leg2) = turn.split_once(',').expect("leg1,leg2");
    let mut pos = Doublemove::startpos();
    pos.play(pos.parse_move("e2e4").unwrap());
    pos.play(pos.parse_move(leg1).unwrap());
    assert!(pos.parse_move(leg2).is_ok(), "{turn}");
}

#[test]
fn every_variant_answers_with_a_legal_move() {
    for v in VARIANT_NAMES {
        let out = converse(&format!(
            "uci\nsetoption name UCI_Variant value {v}\nposition startpos\ngo depth 2\n"
        ));
        assert!(out
            .iter()
            .any(|l| l.starts_with(&format!("info string variant {v}"))));
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{v}");
        assert_ne!(best[0], "(none)", "{v}");
    }
}

#[test]
fn go_perft_uses_the_perft_format() {
    let out = converse("uci\nposition startpos\ngo perft 3\nquit\n");
    assert_eq!(
        out.iter()
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
            .count(),
        20
    );
    assert_eq!(out.last().unwrap(), "Nodes searched: 8902");
}

#[test]
fn bad_input_is_reported_and_the_engine_carries_on() {
    let huge = "x".repeat(2 << 20);
    let script = format!(
        "hello\nuci\nfrobnicate\nposition startpos moves e2e4 e7e9\nposition fen 8/8/8 w - - 0 1\n\
         position sideways\ngo depth x\ngo wtime\nsetoption name Hash value -3\n\
         setoption name Threads value 100000\nsetoption name Colour value red\n\
         setoption name UCI_Variant value shogi\n{huge}\n\
         position startpos moves e2e4\ngo depth 2\nisready\n"
    );
    let out = converse(&script);
    let errors = out
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 12, "{out:#?}");
    assert!(
        out.iter().all(|l| l.len() < 400),
        "an error line echoed garbage"
    );
    // The illegal move left the position as it was: the answer is a black reply to 1.e4.
    let best = &bestmoves(&out)[0];
    let mut pos = Chess::startpos();
    pos.play(pos.parse_move("e2e4").unwrap());
    assert!(pos.parse_move(best).is_ok(), "{best}");
    // isready is answered at once, while the search still runs.
    assert!(out.contains(&"readyok".to_string()));
}

#[test]
fn end_of_input_during_a_search_still_answers() {
    let out = converse("uci\nposition startpos\ngo infinite\n");
    assert_eq!(bestmoves(&out).len(), 1);
    // quit stops a search at once, but it still answers.
    let out = converse("uci\nposition startpos\ngo depth 30\nquit\n");
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn stop_ends_an_infinite_search_with_a_searched_move() {
    let out = converse(
        "uci\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo infinite\nstop\nisready\nquit\n",
    );
    assert_eq!(bestmoves(&out), ["a1a8"]);
    assert_eq!(out.last().unwrap(), "readyok");
}

/// The `info` lines of the last completed depth, keyed by their `multipv` number.
fn last_depth_lines(lines: &[String]) -> Vec<(usize, String)> {
    let field = |l: &str, name: &str| {
        l.split_whitespace()
            .skip_while(|w| *w != name)
            .nth(1)
            .and_then(|v| v.parse::<usize>().ok())
    };
    let depth = lines
        .iter()
        .filter_map(|l| field(l, "depth"))
        .max()
        .unwrap_or(0);
    lines
        .iter()
        .filter(|l| field(l, "depth") == Some(depth) && l.contains(" pv "))
        .filter_map(|l| {
            let first = l
                .split(" pv ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .to_string();
            Some((field(l, "multipv")?, first))
        })
        .collect()
}

#[test]
fn multipv_reports_distinct_best_lines_in_order() {
    let out = converse("uci\nsetoption name MultiPV value 3\nposition startpos\ngo depth 5\n");
    let lines = last_depth_lines(&out);
    let numbers: Vec<usize> = lines.iter().map(|l| l.0).collect();
    assert_eq!(numbers, [1, 2, 3], "{out:#?}");
    let mut firsts: Vec<&String> = lines.iter().map(|l| &l.1).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different first moves: {lines:?}");
    // bestmove is line 1's move.
    assert_eq!(bestmoves(&out), [lines[0].1.clone()]);
    // Scores are reported best first.
    let scores: Vec<i32> = out
        .iter()
        .filter(|l| l.contains(" depth 5 ") && l.contains(" cp "))
        .filter_map(|l| {
            l.split(" cp ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // In a position with a single legal move, one line is all there is.
    let out = converse(
        "uci\nsetoption name MultiPV value 4\nposition fen 1r6/8/8/8/8/2k5/8/K7 w - - 0 1\ngo depth 3\n",
    );
    assert_eq!(last_depth_lines(&out).len(), 1, "{out:#?}");
    assert_eq!(bestmoves(&out), ["a1a2"]);
}

#[test]
fn searchmoves_restricts_the_root() {
    let out = converse("uci\nposition startpos\ngo depth 4 searchmoves a2a3 h2h4\n");
    let best = &bestmoves(&out)[0];
    assert!(best == "a2a3" || best == "h2h4", "{best}");
    // Doublemove restricts by a whole turn's first leg (White's first turn has one leg).
    let out = converse(
        "uci\nsetoption name UCI_Variant value doublemove\nposition startpos moves e2e4\n\
         go depth 2 searchmoves g8f6,b8c6\n",
    );
    assert!(bestmoves(&out)[0].starts_with("g8f6,"), "{out:#?}");
    // An illegal search move is an error and starts no search.
    let out = converse("uci\nposition startpos\ngo depth 2 searchmoves e2e5\nisready\n");
    assert!(out
        .iter()
        .any(|l| l.starts_with("info string error: searchmoves")));
    assert!(bestmoves(&out).is_empty());
}

#[test]
fn go_mate_stops_at_a_mate_in_time() {
    let out = converse("uci\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo mate 1\n");
    assert_eq!(bestmoves(&out), ["a1a8"]);
    assert!(out.iter().any(|l| l.contains("score mate 1")));
}

#[test]
fn d_draws_the_board_and_gives_the_fen() {
    let out = converse("uci\nposition startpos moves e2e4\nd\n");
    assert!(out.contains(&"info string  8 | r | n | b | q | k | b | n | r |".to_string()));
    assert!(out.contains(&"info string  4 |   |   |   |   | P |   |   |   |".to_string()));
    assert!(out.contains(
        &"info string Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string()
    ));
    let out = converse("uci\nsetoption name UCI_Variant value gigachess\nd\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string 14 | w | z |")),
        "{out:#?}"
    );
}

#[test]
fn the_evaluation_options_choose_and_refuse_networks() {
    let scratch = common::Scratch::new("uci-nnue");
    let garbage = scratch.path("garbage.nnue");
    std::fs::write(&garbage, b"not a network at all").unwrap();
    let script = format!(
        "uci\nsetoption name Use NNUE value false\nsetoption name Use NNUE value maybe\n\
         setoption name Use NNUE value true\nsetoption name EvalFile value {}\n\
         setoption name EvalFile value /nonexistent/net.nnue\n\
         position startpos\ngo depth 3\n",
        garbage.display()
    );
    let out = converse(&script);
    for option in ["Use NNUE type check default true", "EvalFile type string"] {
        assert!(
            out.iter()
                .any(|l| l.starts_with(&format!("option name {option}"))),
            "{out:#?}"
        );
    }
    let info: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert!(info[0].ends_with("evaluation: hand-written"), "{info:#?}");
    assert!(
        info[1].contains("error: Use NNUE must be true or false"),
        "{info:#?}"
    );
    assert!(info[2].starts_with("info string evaluation: "), "{info:#?}");
    assert!(
        info[3].contains("error:") && info[3].contains("garbage.nnue: not a kaleido network"),
        "{info:#?}"
    );
    assert!(
        info[4].contains("error: cannot read network file /nonexistent/net.nnue"),
        "{info:#?}"
    );
    for refusal in &info[3..] {
        assert!(refusal.ends_with("the hand-written evaluation is used"));
    }
    // The engine goes on, by hand.
    assert_eq!(bestmoves(&out).len(), 1, "{out:#?}");
}

/// The `info depth` and `bestmove` lines of a conversation without their timings.
fn searched_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth ") || l.starts_with("bestmove "))
        .map(|l| common::info_without_timing(l))
        .collect()
}

#[test]
fn a_variant_switch_starts_from_an_empty_table() {
    // The same search in a fresh process and after a search of another variant: entries
    // the cylinder left in the table must not steer the spinchess search.
    let spin = "uci\nsetoption name UCI_Variant value spinchess\nposition startpos\ngo depth 4\n";
    let fresh = searched_lines(&converse(spin));
    let after = converse(&format!(
        "uci\nsetoption name UCI_Variant value cylinder\nposition startpos\ngo depth 7\n{}",
        spin.trim_start_matches("uci\n")
    ));
    let cylinder_end = after
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap()
        + 1;
    assert!(!fresh.is_empty());
    assert_eq!(searched_lines(&after[cylinder_end..]), fresh);
}

#[test]
fn a_captured_king_ends_the_line_whatever_the_network_says() {
    // Black's second sub-move: exf4 would open the e-file for White's whole turn to take the
    // king (Qc1-e3, Qxe7); gxf4 takes the same bishop safely. The built-in doublemove network
    // has never seen a board without a king, and it rates the side left without one as well
    // off. Once reverse futility stood on that rating right after the capture, and the
    // iterations of depth 9 and 12 chose exf4; a finished game is now scored by the rules
    // before anything reads the evaluation.
    let out = converse(
        "uci\nsetoption name UCI_Variant value doublemove\n\
         position fen r1bq1bnr/ppp1kp1p/n2p4/4p1p1/3P1B2/P7/RPP1PPPP/1NQ1KBNR b2 K - 0 3\n\
         go depth 12\n",
    );
    let iterations: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(iterations.len(), 12, "{out:?}");
    for line in iterations {
        assert!(!line.contains(" pv e5f4"), "{line}");
    }
    assert!(out
        .iter()
        .any(|l| l.starts_with("bestmove ") && !l.starts_with("bestmove e5f4")));
}

#[test]
fn a_network_keeps_the_turn_threats_beside_it() {
    // White's last sub-move; the knight on e4 reaches f2 or g3 and then takes h1, and the
    // walled-in king cannot step away: lost, though White is a rook up on the board. Only
    // the hand-written turn threats know it; the built-in network reads the men alone.
    let out = converse(
        "uci\nsetoption name UCI_Variant value doublemove\n\
         position fen 7k/8/8/8/4n3/8/6PP/6RK w2 - - 0 1\ngo depth 1\n",
    );
    let line = out.iter().find(|l| l.starts_with("info depth 1 ")).unwrap();
    let score: i32 = line
        .split(" score cp ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|cp| cp.parse().ok())
        .unwrap_or(i32::MIN);
    assert!(score < -2000 || line.contains("score mate -"), "{line}");
}

#[test]
fn strength_options_are_offered_and_bad_values_refused() {
    let out = converse(
        "uci\nsetoption name Skill Level value 99\nsetoption name UCI_Elo value 700\n\
         setoption name UCI_LimitStrength value maybe\nsetoption name UCI_AnalyseMode value 2\nisready\n",
    );
    for option in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 800 min 800 max 1800",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_AnalyseMode type check default false",
    ] {
        assert!(out.contains(&option.to_string()), "no {option}: {out:#?}");
    }
    for error in [
        "info string error: Skill Level must be 0 to 20, not '99'",
        "info string error: UCI_Elo must be 800 to 1800, not '700'",
        "info string error: UCI_LimitStrength must be true or false, not 'maybe'",
        "info string error: UCI_AnalyseMode must be true or false, not '2'",
    ] {
        assert!(out.contains(&error.to_string()), "no {error}: {out:#?}");
    }
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_level_plays_legal_moves_in_every_variant_and_shows_the_lines_asked_for() {
    for variant in [
        "chess",
        "cylinder",
        "spinchess",
        "doublemove",
        "gigachess",
        "trichess",
    ] {
        let out = converse(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\nsetoption name UCI_LimitStrength value true\n\
             setoption name UCI_Elo value 1000\nposition startpos\ngo depth 3\n\
             setoption name Skill Level value 5\nsetoption name UCI_LimitStrength value false\n\
             go nodes 2000\n"
        ));
        let moves = bestmoves(&out);
        assert_eq!(moves.len(), 2, "{variant}: {out:#?}");
        assert!(moves.iter().all(|m| m != "(none)"), "{variant}: {moves:?}");
        // The line shown last is the one played.
        for (i, line) in out.iter().enumerate() {
            if let Some(played) = line.strip_prefix("bestmove ") {
                let shown = out[..i]
                    .iter()
                    .rev()
                    .find_map(|l| l.split(" pv ").nth(1))
                    .and_then(|pv| pv.split_whitespace().next());
                assert_eq!(shown, played.split(',').next(), "{variant}: {out:#?}");
            }
        }
        // A level weighs four lines but shows the one MultiPV asks for.
        assert!(
            out.iter()
                .filter(|l| l.starts_with("info depth"))
                .all(|l| l.contains(" multipv 1 ")),
            "{variant}: {out:#?}"
        );
    }
}

#[test]
fn trichess_honours_searchmoves_and_multipv() {
    let out = converse(
        "uci\nsetoption name UCI_Variant value trichess\nsetoption name MultiPV value 2\n\
         position startpos\ngo depth 2\n",
    );
    let last = last_depth_lines(&out);
    assert_eq!(last.len(), 2, "{out:#?}");
    assert_ne!(last[0].1, last[1].1, "two different lines: {last:?}");
    let legal =
        converse("uci\nsetoption name UCI_Variant value trichess\nposition startpos\ngo depth 2\n");
    let best = bestmoves(&legal)[0].clone();
    // Restricted to one root move, the search plays it.
    let out = converse(&format!(
        "uci\nsetoption name UCI_Variant value trichess\nposition startpos\n\
         go depth 2 searchmoves {best}\n"
    ));
    assert_eq!(bestmoves(&out), [best]);
}

#[test]
fn show_wdl_puts_the_chances_after_the_score_in_two_player_games() {
    let depth_lines = |out: &[String]| -> Vec<String> {
        out.iter()
            .filter(|l| l.starts_with("info depth"))
            .cloned()
            .collect()
    };
    let off = converse("uci\nposition startpos\ngo depth 4\n");
    assert!(
        depth_lines(&off).iter().all(|l| !l.contains(" wdl ")),
        "{off:#?}"
    );
    for variant in ["chess", "doublemove"] {
        let on = converse(&format!(
            "uci\nsetoption name UCI_Variant value {variant}\n\
             setoption name UCI_ShowWDL value true\nposition startpos\ngo depth 4\n"
        ));
        let lines = depth_lines(&on);
        assert!(!lines.is_empty(), "{on:#?}");
        for line in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == "wdl").expect(&line);
            // score cp N (or mate N) comes right before.
            assert_eq!(words[at - 3], "score", "{line}");
            let chances: Vec<u32> = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse().expect(&line))
                .collect();
            assert_eq!(chances.iter().sum::<u32>(), 1000, "{line}");
        }
    }
    // Three players have no win/draw/loss: their shares are the tri dialect's scores.
    let tri = converse(
        "uci\nsetoption name UCI_Variant value trichess\n\
         setoption name UCI_ShowWDL value true\nposition startpos\ngo depth 2\n",
    );
    assert!(
        depth_lines(&tri).iter().all(|l| !l.contains(" wdl ")),
        "{tri:#?}"
    );
    let bad = converse("uci\nsetoption name UCI_ShowWDL value maybe\nisready\n");
    assert!(
        bad.iter()
            .any(|l| l.starts_with("info string") && l.contains("UCI_ShowWDL")),
        "{bad:#?}"
    );
}

/// A search that has run three seconds names each root move it starts on, as Stockfish does:
/// `info depth D currmove M currmovenumber N`, M legal and N its place in the order searched
/// (from 1); never sooner, so that a fast game's moves carry no such lines.
#[test]
fn a_long_search_names_the_root_move_it_is_on() {
    let mut live = common::Live::start(is_protocol_line);
    live.send("uci");
    live.until("uciok", Duration::from_secs(5));
    live.send("position startpos moves e2e4");
    live.send("go infinite");
    let currmove = |l: &str| l.starts_with("info depth ") && l.contains(" currmove ");
    let (seen, waited) = live.until_line(currmove, "currmove", Duration::from_secs(30));
    assert!(
        waited >= Duration::from_secs(3),
        "currmove after {waited:?}"
    );
    live.send("stop");
    let (last, _) = live.until("bestmove ", Duration::from_secs(5));
    let mut pos = Chess::startpos();
    pos.play(pos.parse_move("e2e4").unwrap());
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let all: Vec<&String> = seen.iter().chain(&last).collect();
    let told: Vec<&&String> = all.iter().filter(|l| currmove(l)).collect();
    for line in &told {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 7, "{line}");
        assert_eq!(
            [words[1], words[3], words[5]],
            ["depth", "currmove", "currmovenumber"]
        );
        assert!(pos.parse_move(words[4]).is_ok(), "{line}");
        let number: usize = words[6].parse().unwrap();
        assert!((1..=legal.len()).contains(&number), "{line}");
    }
    // An iteration's line after the first root move named comes from past the three seconds.
    for info in last.iter().filter(|l| l.contains(" pv ")) {
        let time: u64 = info
            .split(" time ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(time >= 3000, "{info}");
        assert!(
            info.contains(" seldepth ") && info.contains(" hashfull "),
            "{info}"
        );
    }
}

/// The root moves a `go perft 1` lists.
fn perft_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_suffix(": 1").map(String::from))
        .collect()
}

#[test]
fn chess960_castling_is_king_takes_rook_and_both_forms_are_read() {
    let italian = "position startpos moves e2e4 e7e5 g1f3 g8f6 f1c4 f8c5";
    let out = converse(&format!(
        "uci\n{italian}\ngo perft 1\nsetoption name UCI_Chess960 value true\n{italian}\n\
         go perft 1\n{italian} e1h1 e8g8\ngo perft 1\nquit\n"
    ));
    assert!(out
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    let perfts: Vec<&[String]> = out.split(|l| l.starts_with("Nodes searched")).collect();
    let (off, on, after) = (
        perft_moves(perfts[0]),
        perft_moves(perfts[1]),
        perft_moves(perfts[2]),
    );
    assert!(off.contains(&"e1g1".into()) && !off.contains(&"e1h1".into()));
    assert!(on.contains(&"e1h1".into()) && !on.contains(&"e1g1".into()));
    assert!(!after.is_empty(), "both castling forms were read: {out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");

    // A shuffled start: king b1, rooks a1 and g1; O-O-O is b1a1 and O-O b1g1.
    let out = converse(
        "uci\nsetoption name UCI_Chess960 value true\n\
         position fen rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1\ngo perft 1\n\
         position fen rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1 moves b1a1 b8g8\n\
         go perft 1\nquit\n",
    );
    let perfts: Vec<&[String]> = out.split(|l| l.starts_with("Nodes searched")).collect();
    let start = perft_moves(perfts[0]);
    assert!(
        start.contains(&"b1a1".into()) && start.contains(&"b1g1".into()),
        "{start:?}"
    );
    assert!(
        start.contains(&"b1c1".into()),
        "the king's step stays an ordinary move"
    );
    assert!(!perft_moves(perfts[1]).is_empty(), "{out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}

#[test]
fn d_shows_a_chess960_position_in_x_fen_and_shredder_fen() {
    // Black's king on b8 keeps the inner rook g8 (X-FEN writes its file) and the outer a8.
    let fen = "rk4rr/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w Qgq - 0 1";
    let out = converse(&format!(
        "uci\nsetoption name UCI_Chess960 value true\nposition fen {fen}\nd\n\
         setoption name UCI_Chess960 value false\nposition startpos\nd\nquit\n"
    ));
    let shown = |prefix: &str| -> Vec<String> {
        out.iter()
            .filter_map(|l| l.strip_prefix("info string ")?.strip_prefix(prefix))
            .map(String::from)
            .collect()
    };
    assert_eq!(
        shown("Fen: "),
        [
            fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ],
        "{out:?}"
    );
    // Only the Chess960 game shows the second form.
    assert_eq!(
        shown("Shredder-FEN: "),
        ["rk4rr/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w Aga - 0 1"],
        "{out:?}"
    );
}

#[test]
fn chess960_is_refused_where_there_are_no_shuffled_starts() {
    let out = converse(
        "uci\nsetoption name UCI_Variant value gigachess\nsetoption name UCI_Chess960 value true\n\
         setoption name UCI_Variant value chess\nsetoption name UCI_Chess960 value maybe\n\
         isready\nquit\n",
    );
    let errors: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 2, "{out:?}");
    assert!(
        errors[0].contains("UCI_Chess960 does not apply to gigachess"),
        "{errors:?}"
    );
    assert!(errors[1].contains("true or false"), "{errors:?}");
    assert!(out.iter().any(|l| l == "readyok"));
}
