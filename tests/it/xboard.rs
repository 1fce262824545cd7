//! XBoard (CECP v2) conversations: scripted input through `protocol::serve`, checked output.
//! stdout may carry protocol lines only; every `move` must be legal in the variant (replayed
//! through kaleido's own rules); bad input gets `Error (...)` or `Illegal move (...)` and
//! leaves the engine usable; results are claimed when the rules end the game.

use kaleido::game::{Game, Variant};
use kaleido::protocol::{serve, Output};
use kaleido::record::GameRecord;
use kaleido::registry::{with_variant, VariantVisitor, VARIANT_NAMES};
use kaleido::variants::chess::Chess;
use std::io::{BufReader, Cursor, Write};
use std::time::{Duration, Instant};

/// Feeds `script` at once and returns the output lines once the loop has ended (a thinking
/// search still finishes at the end of input).
fn converse(script: &str) -> Vec<String> {
    let (out, captured) = Output::capture();
    serve(&mut Cursor::new(script.as_bytes().to_vec()), out);
    lines(&captured.text())
}

/// Feeds each line after its pause, as a GUI typing at a human pace would.
fn converse_paced(steps: &[(u64, &str)]) -> Vec<String> {
    let (reader, mut writer) = std::io::pipe().expect("pipe");
    let script: Vec<(u64, String)> = steps.iter().map(|&(ms, l)| (ms, l.to_string())).collect();
    let feeder = std::thread::spawn(move || {
        for (ms, line) in script {
            std::thread::sleep(Duration::from_millis(ms));
            if writeln!(writer, "{line}").is_err() {
                return;
            }
        }
    });
    let (out, captured) = Output::capture();
    serve(&mut BufReader::new(reader), out);
    feeder.join().expect("feeder");
    lines(&captured.text())
}

fn lines(text: &str) -> Vec<String> {
    let lines: Vec<String> = text.lines().map(String::from).collect();
    for l in &lines {
        let thinking = {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() >= 4 && w[..4].iter().all(|x| x.parse::<i64>().is_ok())
        };
        let protocol = [
            "feature ",
            "move ",
            "pong ",
            "Error (",
            "Illegal move (",
            "tellusererror ",
            "# ",
            "setup (",
            "piece ",
            "highlight ",
            "Hint: ",
            "stat01: ",
            " ",
            "1-0 {",
            "0-1 {",
            "1/2-1/2 {",
        ]
        .iter()
        .any(|p| l.starts_with(p));
        assert!(
            protocol || thinking || l.is_empty(),
            "not a protocol line: {l:?}"
        );
    }
    lines
}

fn moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("move ").map(String::from))
        .collect()
}

fn has(lines: &[String], wanted: &str) -> bool {
    lines.iter().any(|l| l == wanted)
}

fn index_of(lines: &[String], prefix: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in {lines:#?}"))
}

/// Replays tokens (the GUI's and kaleido's, in order) through kaleido's rules for `variant`.
struct Replay<'a> {
    fen: Option<&'a str>,
    tokens: &'a [String],
}

impl VariantVisitor for Replay<'_> {
    type Output = Result<(), String>;
    fn visit<G: Variant>(self) -> Result<(), String> {
        let start = match self.fen {
            Some(fen) => G::from_fen(fen).map_err(|e| e.to_string())?,
            None => G::startpos(),
        };
        let mut record = GameRecord::new(start);
        for t in self.tokens {
            record
                .play_token(t)
                .map_err(|e| format!("{t}: {}", e.message))?;
        }
        Ok(())
    }
}

/// Whether kaleido offers `variant` over XBoard.
fn offered(variant: &str) -> bool {
    struct Offered;
    impl VariantVisitor for Offered {
        type Output = bool;
        fn visit<G: Variant>(self) -> bool {
            G::XBOARD.offered()
        }
    }
    with_variant(variant, Offered).unwrap_or(false)
}

fn replay(variant: &str, fen: Option<&str>, tokens: &[String]) {
    with_variant(variant, Replay { fen, tokens })
        .expect("known variant")
        .unwrap_or_else(|e| panic!("{variant}: illegal sequence {tokens:?}: {e}"));
}

const HANDSHAKE: &str = "xboard\nprotover 2\n";

#[test]
fn protover_2_features_end_with_done() {
    let out = converse(&format!("{HANDSHAKE}accepted ping\nrejected nps\nquit\n"));
    assert_eq!(out.first().map(String::as_str), Some("feature done=0"));
    assert_eq!(out.last().map(String::as_str), Some("feature done=1"));
    let all = out.join("\n");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "time=1",
        "analyze=1",
        "colors=0",
        "playother=1",
        "sigint=0",
        "memory=1",
        "smp=1",
        "highlight=1",
        "myname=\"kaleido ",
        "variants=\"normal,fischerandom,cylinder,spinchess,doublemove,gigachess\"",
        "option=\"Hash -spin ",
        "option=\"Threads -spin ",
        "option=\"Use NNUE -check 1\"",
        "option=\"EvalFile -file <embedded>\"",
        "option=\"UCI_LimitStrength -check 0\"",
        "option=\"UCI_Elo -spin 800 800 1800\"",
        "option=\"Skill Level -spin 20 0 20\"",
    ] {
        assert!(all.contains(f), "missing {f} in {all}");
    }
    // `accepted`/`rejected` are heard silently.
    assert_eq!(out.len(), 11, "{out:#?}");
}

#[test]
fn every_variant_plays_a_legal_move_and_answers_ping_after_it() {
    for &name in VARIANT_NAMES.iter().filter(|&&name| offered(name)) {
        let xb = match name {
            "chess" => "normal",
            other => other,
        };
        let first = match name {
            "gigachess" => "e3d4",
            _ => "e2e4",
        };
        let out = converse(&format!(
            "{HANDSHAKE}new\nvariant {xb}\nsd 2\nusermove {first}\nping 11\nquit\n"
        ));
        let played = moves(&out);
        assert_eq!(played.len(), 1, "{name}: {out:#?}");
        assert!(
            index_of(&out, "move ") < index_of(&out, "pong 11"),
            "{name}: pong before the move"
        );
        replay(name, None, &[first.to_string(), played[0].clone()]);
    }
}

#[test]
fn variant_setup_and_piece_lines() {
    let out = converse(&format!("{HANDSHAKE}new\nvariant cylinder\nquit\n"));
    for p in [
        "P& fmWfceoFifmnD",
        "N& oN",
        "B& oB",
        "R& oR",
        "Q& oQ",
        "K& oK",
    ] {
        assert!(has(&out, &format!("piece {p}")), "{out:#?}");
    }
    let out = converse(&format!("{HANDSHAKE}new\nvariant gigachess\nquit\n"));
    let setup = &out[index_of(&out, "setup (")];
    assert!(
        setup.ends_with(&format!(
            " 14x14+0_fairy {}",
            kaleido::variants::gigachess::START_FEN
        )),
        "{setup}"
    );
    // Every man of gigachess has a letter in the table, and a piece line unless XBoard
    // already moves it the same way (K, Q, R, B, N).
    let table = setup
        .split(['(', ')'])
        .nth(1)
        .expect("piece table in parentheses");
    assert_eq!(table.len(), 44);
    for letter in "KQRBNEDJFLMCAZWHXIOP".chars() {
        assert!(table.contains(letter), "{letter} missing from {table}");
        if !"KQRBN".contains(letter) {
            assert!(
                out.iter()
                    .any(|l| l.starts_with(&format!("piece {letter}& "))),
                "no piece line for {letter}"
            );
        }
    }
    for v in ["spinchess", "doublemove"] {
        let out = converse(&format!("{HANDSHAKE}new\nvariant {v}\nquit\n"));
        let warning = &out[index_of(&out, "tellusererror ")];
        assert!(warning.contains("own move tokens"), "{warning}");
    }
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant trichess\nvariant losers\nquit\n"
    ));
    assert!(has(&out, "Error (unsupported variant): variant trichess"));
    assert!(has(&out, "Error (unsupported variant): variant losers"));
}

#[test]
fn gigachess_moves_with_two_digit_ranks() {
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant gigachess\nforce\nusermove a3a5\nusermove l12l10\nsd 2\ngo\nping 1\nquit\n"
    ));
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    replay(
        "gigachess",
        None,
        &["a3a5".into(), "l12l10".into(), played[0].clone()],
    );
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant gigachess\nusermove l12l10\nlift e3\nquit\n"
    ));
    assert!(
        out.iter().any(|l| l.starts_with("Illegal move (")),
        "{out:#?}"
    );
    assert!(has(
        &out,
        "highlight 14/14/14/14/14/14/14/14/14/14/3Y10/14/14/14"
    ));
}

#[test]
fn force_go_playother_undo_remove() {
    // force: moves are kept, no thinking; go: kaleido plays the side on move.
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nusermove e2e4\nusermove e7e5\nsd 2\ngo\nping 1\nquit\n"
    ));
    let played = moves(&out);
    assert_eq!(played.len(), 1);
    replay(
        "chess",
        None,
        &["e2e4".into(), "e7e5".into(), played[0].clone()],
    );
    // undo takes back one ply, remove two; then the same moves are legal again.
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nusermove e2e4\nusermove e7e5\nundo\nusermove e7e5\nusermove g1f3\nremove\nusermove e7e5\nping 2\nquit\n"
    ));
    assert!(moves(&out).is_empty());
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:#?}");
    let out = converse(&format!("{HANDSHAKE}new\nforce\nundo\nremove\nquit\n"));
    assert!(has(&out, "Error (no move to take back): undo"));
    assert!(has(&out, "Error (no move to take back): remove"));
    // playother: kaleido takes the side not on move and answers the next move.
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nusermove e2e4\nplayother\nsd 2\nping 1\nusermove e7e5\nping 2\nquit\n"
    ));
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    assert!(index_of(&out, "pong 1") < index_of(&out, "move "));
    replay(
        "chess",
        None,
        &["e2e4".into(), "e7e5".into(), played[0].clone()],
    );
}

#[test]
fn time_controls_level_st_sd_time_otim() {
    // A conventional and an incremental clock, readings in centiseconds, st in fractions.
    for control in [
        "level 40 0:30 0\ntime 3000\notim 3000",
        "level 0 1 1\ntime 500\notim 500",
        "st 0.05",
        "sd 1",
    ] {
        let start = Instant::now();
        let out = converse(&format!(
            "{HANDSHAKE}new\n{control}\nusermove e2e4\nping 1\nquit\n"
        ));
        assert_eq!(moves(&out).len(), 1, "{control}: {out:#?}");
        assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:#?}");
        assert!(start.elapsed() < Duration::from_secs(5), "{control}");
    }
    // A nearly empty clock still gets a move, quickly.
    let start = Instant::now();
    let out = converse(&format!(
        "{HANDSHAKE}new\nlevel 0 0:01 0\ntime 5\notim 5\nusermove e2e4\nping 1\nquit\n"
    ));
    assert_eq!(moves(&out).len(), 1);
    assert!(start.elapsed() < Duration::from_millis(600));
    let out = converse(&format!(
        "{HANDSHAKE}level 40\nlevel x 5 0\nst -1\nst abc\nsd 0\ntime soon\notim\ntime 9223372036854775807\nst 1e300\nlevel 99999999999 1 1\nquit\n"
    ));
    assert_eq!(
        out.iter().filter(|l| l.starts_with("Error (")).count(),
        9,
        "{out:#?}"
    );
}

#[test]
fn post_shows_thinking_and_nopost_hides_it() {
    let out = converse(&format!(
        "{HANDSHAKE}new\npost\nsd 3\nusermove e2e4\nping 1\nquit\n"
    ));
    let thinking: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(thinking.len(), 3, "{out:#?}");
    let last: Vec<&str> = thinking[2].split_whitespace().collect();
    assert_eq!(last[0], "3");
    assert_eq!(
        last[4],
        moves(&out)[0],
        "the pv starts with the move played"
    );
    let out = converse(&format!(
        "{HANDSHAKE}new\nnopost\nsd 3\nusermove e2e4\nping 1\nquit\n"
    ));
    assert!(!out.iter().any(|l| l.starts_with('1')), "{out:#?}");
}

#[test]
fn results_are_claimed_after_either_sides_move() {
    let mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    for variant in ["normal", "cylinder"] {
        // kaleido mates.
        let out = converse(&format!(
            "{HANDSHAKE}new\nvariant {variant}\nforce\nsetboard {mate_in_one}\nsd 2\ngo\nping 1\nquit\n"
        ));
        assert_eq!(out[index_of(&out, "move ") + 1], "1-0 {White mates}");
    }
    // The opponent mates kaleido; kaleido does not move.
    let out = converse(&format!(
        "{HANDSHAKE}new\nsetboard {mate_in_one}\nusermove a1a8\nping 1\nquit\n"
    ));
    assert!(has(&out, "1-0 {White mates}"));
    assert!(moves(&out).is_empty());
    // Stalemate by the opponent's move.
    let out = converse(&format!(
        "{HANDSHAKE}new\nsetboard 7k/8/6Q1/8/8/8/8/6K1 w - - 0 1\nusermove g1f2\nping 1\nquit\n"
    ));
    assert!(has(&out, "1/2-1/2 {Stalemate}"), "{out:#?}");
    // Threefold repetition: go on the repeated position claims the draw instead of moving.
    let shuffle = "usermove g1f3\nusermove g8f6\nusermove f3g1\nusermove f6g8\n";
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\n{shuffle}{shuffle}go\nping 1\nquit\n"
    ));
    assert!(has(&out, "1/2-1/2 {Draw by repetition}"), "{out:#?}");
    assert!(moves(&out).is_empty());
    // Insufficient material after a capture.
    let out = converse(&format!(
        "{HANDSHAKE}new\nsetboard 7k/8/8/8/8/8/6n1/6BK w - - 0 1\nusermove h1g2\nping 1\nquit\n"
    ));
    assert!(
        has(&out, "1/2-1/2 {Insufficient mating material}"),
        "{out:#?}"
    );
    // result ends the game: no more thinking until the next game.
    let out = converse(&format!(
        "{HANDSHAKE}new\nresult 1-0 {{White resigns}}\nusermove e2e4\nping 1\nnew\nsd 1\nusermove e2e4\nping 2\nquit\n"
    ));
    assert_eq!(moves(&out).len(), 1);
    assert!(index_of(&out, "pong 1") < index_of(&out, "move "));
}

#[test]
fn setboard_and_bad_positions() {
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\nping 1\nquit\n"
    ));
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:#?}");
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "\u{1}\u{2}garbage",
    ] {
        let out = converse(&format!(
            "{HANDSHAKE}new\nforce\nsetboard {bad}\nusermove e2e4\ngo\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\nping 1\nquit\n"
        ));
        assert!(
            out.iter()
                .any(|l| l.starts_with("tellusererror Illegal position")),
            "{bad}: {out:#?}"
        );
        assert!(has(&out, "Illegal move (no valid position): e2e4"));
        assert!(out
            .iter()
            .any(|l| l.starts_with("Error (no valid position")));
        // The next good setboard makes the engine usable again.
        assert_eq!(
            out.iter().filter(|l| l.starts_with("Illegal")).count(),
            1,
            "{out:#?}"
        );
    }
}

#[test]
fn bad_input_gets_errors_and_the_engine_stays_usable() {
    let long = "x".repeat(2 << 20);
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nfoo bar\ne2e5\ne7e5\ne2e4e5\nzz9\nusermove\nusermove e2e4 e7e5\nusermove @@@@\n\
         usermove e7e8q\nusermove e2e4\nusermove e2e4\n{long}\n\u{ff}\u{fe}\nmemory lots\ncores 0\n\
         option Hash=0\noption Nonsense=3\noption Threads=2\nmemory 16\ncores 2\nlift z99\nlift e9\nlift\n\
         exit\nedit\nwhite\nnps 100\nvariant\nlevel 40 5 0\nsd 2\ngo\nping 1\nquit\n"
    ));
    let errors = |prefix: &str| out.iter().filter(|l| l.starts_with(prefix)).count();
    assert!(has(&out, "Error (unknown command): foo bar"));
    assert!(has(&out, "Error (unknown command): zz9"));
    assert!(out
        .iter()
        .any(|l| l.starts_with("Illegal move (") && l.ends_with(": e2e5")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("Illegal move (") && l.ends_with(": e7e5")));
    assert!(out.iter().any(|l| l.starts_with("Error (line too long)")));
    assert!(has(&out, "Error (usermove needs one move): usermove"));
    assert_eq!(errors("Illegal move ("), 6, "{out:#?}");
    assert!(has(
        &out,
        "Error (Hash must be 1 to 65536 MiB, not '0'): option Hash=0"
    ));
    assert!(has(
        &out,
        "Error (unknown option 'Nonsense'): option Nonsense=3"
    ));
    assert!(has(&out, "Error (not analysing): exit"));
    for l in &out {
        assert!(l.len() < 300, "an error line echoes too much: {}", l.len());
    }
    // Still usable: Black's move comes after all that.
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    replay("chess", None, &["e2e4".into(), played[0].clone()]);
}

#[test]
fn eof_during_a_search_still_sends_the_move() {
    let out = converse(&format!("{HANDSHAKE}new\nsd 3\nusermove e2e4\n"));
    assert_eq!(moves(&out).len(), 1);
    // quit during a search ends at once without a move.
    let start = Instant::now();
    let out = converse(&format!("{HANDSHAKE}new\nst 30\nusermove e2e4\nquit\n"));
    assert!(moves(&out).is_empty());
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn commands_during_a_search_and_move_now() {
    let start = Instant::now();
    let out = converse_paced(&[
        (0, "xboard"),
        (0, "protover 2"),
        (0, "new"),
        (0, "st 30"),
        (0, "usermove e2e4"),
        (100, "post"),
        (0, "nopost"),
        (0, "time 100"),
        (0, "otim 100"),
        (0, "easy"),
        (50, "?"),
        (0, "ping 5"),
        (0, "quit"),
    ]);
    assert!(start.elapsed() < Duration::from_secs(5), "? did not stop");
    assert_eq!(moves(&out).len(), 1, "{out:#?}");
    assert!(index_of(&out, "move ") < index_of(&out, "pong 5"));
    // force during thinking drops the search's move.
    let out = converse_paced(&[
        (0, "xboard"),
        (0, "protover 2"),
        (0, "new"),
        (0, "st 30"),
        (0, "usermove e2e4"),
        (100, "force"),
        (0, "ping 6"),
        (0, "quit"),
    ]);
    assert!(moves(&out).is_empty(), "{out:#?}");
    assert!(has(&out, "pong 6"));
}

#[test]
fn pondering_answers_ping_at_once_and_keeps_playing() {
    let start = Instant::now();
    let out = converse_paced(&[
        (0, "xboard"),
        (0, "protover 2"),
        (0, "new"),
        (0, "hard"),
        (0, "post"),
        (0, "st 0.1"),
        (0, "usermove e2e4"),
        // kaleido has moved and ponders on White's time by now.
        (400, "ping 1"),
        (0, "hint"),
        (100, "easy"),
        (0, "hard"),
        (0, "ping 2"),
        (0, "quit"),
    ]);
    assert!(has(&out, "pong 1") && has(&out, "pong 2"), "{out:#?}");
    assert_eq!(moves(&out).len(), 1);
    // While kaleido ponders, the hint is a move for White, the side on move.
    let hint = out[index_of(&out, "Hint: ")]["Hint: ".len()..].to_string();
    replay(
        "chess",
        None,
        &["e2e4".into(), moves(&out)[0].clone(), hint],
    );
    assert!(start.elapsed() < Duration::from_secs(3));
    // Playing on after pondering: the reply to White's next move is legal.
    let out = converse_paced(&[
        (0, "xboard"),
        (0, "protover 2"),
        (0, "new"),
        (0, "hard"),
        (0, "st 0.1"),
        (0, "usermove e2e4"),
        (300, "ping 1"),
        (0, "usermove d2d4"),
        (0, "ping 2"),
        (0, "quit"),
    ]);
    let played = moves(&out);
    assert_eq!(played.len(), 2, "{out:#?}");
    replay(
        "chess",
        None,
        &[
            "e2e4".into(),
            played[0].clone(),
            "d2d4".into(),
            played[1].clone(),
        ],
    );
}

#[test]
fn analyze_with_moves_undo_status_and_exit() {
    let out = converse_paced(&[
        (0, "xboard"),
        (0, "protover 2"),
        (0, "new"),
        (0, "post"),
        (0, "analyze"),
        (200, "."),
        (0, "ping 1"),
        (0, "usermove e2e4"),
        (150, "undo"),
        (150, "new"),
        (100, "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        (200, "exit"),
        (0, "ping 2"),
        (0, "quit"),
    ]);
    assert!(out.iter().any(|l| l.starts_with("stat01: ")), "{out:#?}");
    // pong comes at once in analyse mode, and no move is ever played.
    assert!(has(&out, "pong 1") && has(&out, "pong 2"));
    assert!(moves(&out).is_empty());
    let thinking: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(thinking.len() > 5, "{out:#?}");
    // The last analysis (of the mate-in-one position) finds the mate: 100000 + 1.
    assert!(
        thinking
            .last()
            .is_some_and(|l| l.split_whitespace().nth(1) == Some("100001")),
        "{thinking:#?}"
    );
}

#[test]
fn lift_highlights_the_legal_targets() {
    let pawns = "4k3/8/7p/P7/8/8/8/4K3 w - - 0 1";
    let out = converse(&format!(
        "{HANDSHAKE}new\nforce\nlift e2\nsetboard {pawns}\nlift a5\nvariant cylinder\nsetboard {pawns}\nlift a5\nlift h6\nquit\n"
    ));
    assert_eq!(
        out.iter()
            .filter(|l| l.starts_with("highlight "))
            .collect::<Vec<_>>(),
        [
            "highlight 8/8/8/8/4Y3/4Y3/8/8",
            // Chess: straight on only; cylinder: the capture across the edge too.
            "highlight 8/8/Y7/8/8/8/8/8",
            "highlight 8/8/Y6Y/8/8/8/8/8",
            // Black's man while White is on move: nothing.
            "highlight 8/8/8/8/8/8/8/8",
        ]
    );
}

#[test]
fn doublemove_and_spinchess_in_kaleidos_own_tokens() {
    // Doublemove: White's first turn is one move; kaleido answers with its whole turn.
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant doublemove\nsd 2\nusermove e2e4\nping 1\nquit\n"
    ));
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    assert!(played[0].contains(','), "a whole turn: {}", played[0]);
    replay("doublemove", None, &["e2e4".into(), played[0].clone()]);
    // In play, the opponent's turn comes whole; a lone sub-move is refused (a GUI would hand
    // kaleido the move while the same side is still on move). In force mode sub-moves come
    // one at a time, as a game is replayed.
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant doublemove\nforce\nusermove e2e4\nusermove e7e5\nusermove b8c6\nplayother\nsd 2\nusermove g1f3\nping 1\nusermove g1f3,f3g5\nping 2\nquit\n"
    ));
    assert!(
        has(
            &out,
            "Illegal move (the turn goes on after this move; send the whole turn as one token, \
             e.g. e7e5,b8c6): g1f3"
        ),
        "{out:#?}"
    );
    assert!(
        index_of(&out, "pong 1") < index_of(&out, "move "),
        "{out:#?}"
    );
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    replay(
        "doublemove",
        None,
        &[
            "e2e4".into(),
            "e7e5".into(),
            "b8c6".into(),
            "g1f3,f3g5".into(),
            played[0].clone(),
        ],
    );
    // Spinchess: spins in and out as kaleido's tokens.
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant spinchess\nforce\nusermove e2e4\nusermove e7e5\nusermove g1f3\nusermove c7cw\nusermove c7cw\nsd 2\ngo\nping 1\nquit\n"
    ));
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:#?}");
    // White may not spin a block holding only Black's men.
    assert_eq!(
        out.iter()
            .filter(|l| l.starts_with("Illegal move ("))
            .count(),
        1,
        "{out:#?}"
    );
    replay(
        "spinchess",
        None,
        &[
            "e2e4".into(),
            "e7e5".into(),
            "g1f3".into(),
            "c7cw".into(),
            played[0].clone(),
        ],
    );
}

#[test]
fn the_binary_keeps_stdout_for_protocol_lines_and_logs_to_stderr() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaleido"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("kaleido starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"xboard\nprotover 2\nnew\nsetboard nonsense\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nsd 2\ngo\n")
        .expect("script written");
    let out = child.wait_with_output().expect("kaleido ends");
    assert!(out.status.success());
    let stdout = lines(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(moves(&stdout).len(), 1, "{stdout:#?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("setboard refused"));
}

/// A few hundred commands drawn at random from the protocol's vocabulary, with good, bad and
/// garbled arguments, in every variant: no panic, protocol lines only, and the engine still
/// answers `ping` at the end. Searches stay short (`st`, `sd` and tiny clocks only).
#[test]
fn random_command_storm_never_breaks_the_loop() {
    let words = [
        "new",
        "force",
        "go",
        "playother",
        "undo",
        "remove",
        "post",
        "nopost",
        "hard",
        "easy",
        "?",
        "analyze",
        "exit",
        ".",
        "hint",
        "bk",
        "draw",
        "computer",
        "random",
        "edit",
        "white",
        "result 1-0 {x}",
        "usermove",
        "usermove e2e4",
        "usermove e7e5",
        "usermove a3a5",
        "usermove l12l10",
        "usermove g1f3",
        "usermove g1f3,f3g5",
        "usermove c7cw",
        "e2e4",
        "d7d5",
        "usermove e2e4,e4e5",
        "usermove zz",
        "usermove e9e1",
        "setboard",
        "setboard 8/8 w",
        "setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "setboard 7k/8/6Q1/8/8/8/8/6K1 w - - 0 1",
        "variant normal",
        "variant cylinder",
        "variant gigachess",
        "variant spinchess",
        "variant doublemove",
        "variant nonsense",
        "level 0 0:01 0",
        "level 40 0:02 0",
        "level x",
        "st 0.01",
        "st 0",
        "st -5",
        "sd 1",
        "sd 2",
        "sd -1",
        "time 100",
        "time -5",
        "otim 9999999999999999999999",
        "memory 1",
        "memory -1",
        "cores 1",
        "cores x",
        "option Hash=1",
        "option Threads=1",
        "option Move Overhead=0",
        "option =",
        "lift e2",
        "lift l12",
        "lift a0",
        "lift",
        "put e4",
        "hover e4",
        "ping 3",
        "protover 2",
        "accepted ping",
        "\u{7}\u{1b}[2J",
        "é ü ✓",
        "usermove @@@@",
    ];
    for seed in 1..=8u64 {
        storm(&words, seed);
    }
}

fn storm(words: &[&str], seed: u64) {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut script = String::from("xboard\nprotover 2\nst 0.01\n");
    for _ in 0..400 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let word = words[(state >> 33) as usize % words.len()];
        script.push_str(word);
        script.push('\n');
        if word.starts_with("level") || word == "new" {
            // `level` clears `st` and `new` restores the default clock: keep searches short.
            script.push_str("st 0.01\n");
        }
    }
    script.push_str("exit\nforce\nping 999\nquit\n");
    let start = Instant::now();
    let out = converse(&script);
    assert!(
        has(&out, "pong 999"),
        "{:#?}",
        &out[out.len().saturating_sub(20)..]
    );
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn the_evaluation_options_choose_and_refuse_networks() {
    let out = converse(&format!(
        "{HANDSHAKE}option Use NNUE=0\noption EvalFile=/nonexistent/net.nnue\n\
         option Use NNUE=1\nnew\nsd 2\ngo\nping 1\nquit\n"
    ));
    assert!(
        has(&out, "feature option=\"Use NNUE -check 1\""),
        "{out:#?}"
    );
    assert!(
        has(&out, "feature option=\"EvalFile -file <embedded>\""),
        "{out:#?}"
    );
    assert!(has(&out, "# evaluation: hand-written"), "{out:#?}");
    let refusals = out
        .iter()
        .filter(|l| {
            l.starts_with("tellusererror cannot read network file /nonexistent/net.nnue")
                && l.ends_with("the hand-written evaluation is used")
        })
        .count();
    // Once when the file is named, once more when the network is switched back on.
    assert_eq!(refusals, 2, "{out:#?}");
    assert_eq!(moves(&out).len(), 1, "{out:#?}");
}

#[test]
fn strength_levels_are_set_as_options_and_bad_values_refused() {
    let out = converse(&format!(
        "{HANDSHAKE}option Skill Level=99\noption UCI_Elo=5000\noption UCI_LimitStrength=maybe\n\
         option UCI_LimitStrength=1\noption UCI_Elo=1000\nnew\nsd 3\ngo\nping 1\nquit\n"
    ));
    assert!(has(
        &out,
        "Error (Skill Level must be 0 to 20, not '99'): option Skill Level=99"
    ));
    assert!(has(
        &out,
        "Error (UCI_Elo must be 800 to 1800, not '5000'): option UCI_Elo=5000"
    ));
    assert!(has(
        &out,
        "Error (UCI_LimitStrength must be true or false, not 'maybe'): option UCI_LimitStrength=maybe"
    ));
    assert!(out.iter().any(|l| l.starts_with("move ")), "{out:#?}");
    assert!(has(&out, "pong 1"));
}

/// Analyse mode gives what a UCI analysis gives: thinking lines `depth score time nodes pv`
/// after each iteration (with `post`; none with `nopost`), and `.` answers `stat01: time nodes
/// depth movesleft totalmoves curmove` naming the root move being searched, a legal one, and
/// how many of the position's moves are still to come after it at that depth.
#[test]
fn analyze_names_the_move_being_searched_on_status() {
    let pos = Chess::startpos();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let tokens: Vec<String> = legal.iter().map(|&mv| pos.format_move(mv)).collect();
    for post in ["post", "nopost"] {
        let out = converse_paced(&[
            (0, "xboard"),
            (0, "protover 2"),
            (0, "new"),
            (0, post),
            (0, "analyze"),
            (300, "."),
            (100, "."),
            (100, "."),
            (100, "."),
            (0, "exit"),
            (0, "quit"),
        ]);
        let thinking: Vec<Vec<&str>> = out
            .iter()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| l.split_whitespace().collect())
            .collect();
        match post {
            "post" => assert!(thinking.len() > 3, "{out:#?}"),
            _ => assert!(thinking.is_empty(), "{out:#?}"),
        }
        for (i, words) in thinking.iter().enumerate() {
            assert_eq!(
                words[0],
                (i + 1).to_string(),
                "one line per depth: {words:?}"
            );
            assert!(
                words[1..4].iter().all(|w| w.parse::<i64>().is_ok()),
                "{words:?}"
            );
            assert!(tokens.iter().any(|t| t == words[4]), "{words:?}");
        }
        let status: Vec<Vec<&str>> = out
            .iter()
            .filter(|l| l.starts_with("stat01: "))
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(status.len(), 4, "{out:#?}");
        let naming: Vec<&Vec<&str>> = status.iter().filter(|w| w.len() == 7).collect();
        assert!(!naming.is_empty(), "no stat01 names a move: {status:?}");
        for words in naming {
            let numbers: Vec<u64> = words[1..6].iter().map(|w| w.parse().unwrap()).collect();
            let (depth, left, total) = (numbers[2], numbers[3], numbers[4]);
            assert!(depth >= 1, "{words:?}");
            assert_eq!(total, tokens.len() as u64, "{words:?}");
            assert!(left < total, "{words:?}");
            assert!(tokens.iter().any(|t| t == words[6]), "{words:?}");
        }
    }
}

/// Black's only legal move is castling with the king standing still on g8 (Chess960 allows
/// it): the rook h8 is walled in, and f8, f7 and g7 are covered.
const ONLY_CASTLING: &str = "6kr/7p/7P/8/8/8/8/K4R2 b k - 0 1";

#[test]
fn fischerandom_castling_is_written_o_o_both_ways() {
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant fischerandom\nforce\nsetboard {ONLY_CASTLING}\nsd 1\ngo\nping 1\nquit\n"
    ));
    assert_eq!(moves(&out), ["O-O"], "{out:#?}");

    // White's rooks on a1 and h1, its king on b1: both castlings by their words, read in
    // XBoard's and SAN's spellings, and the engine's answer legal after them.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    for (word, token) in [("O-O-O", "b1a1"), ("0-0", "b1h1"), ("usermove O-O", "b1h1")] {
        let out = converse(&format!(
            "{HANDSHAKE}new\nvariant fischerandom\nforce\nsetboard {fen}\nsd 2\nplayother\n{word}\nping 1\nquit\n"
        ));
        assert!(
            !out.iter().any(|l| l.starts_with("Illegal")),
            "{word}: {out:#?}"
        );
        let answer = moves(&out);
        assert_eq!(answer.len(), 1, "{word}: {out:#?}");
        // Black's reply is read back in coordinates: castling as O-O would not replay here.
        let reply = answer[0].replace("O-O-O", "e8a8").replace("O-O", "e8h8");
        replay("chess", Some(fen), &[token.to_string(), reply]);
    }
}

#[test]
fn castling_words_that_name_no_legal_castling_are_refused() {
    // The classical start: no castling yet, in either form; the engine goes on.
    let out = converse(&format!(
        "{HANDSHAKE}new\nvariant fischerandom\nforce\nusermove O-O\nO-O-O\nusermove e2e4\nping 1\nquit\n"
    ));
    assert!(
        has(
            &out,
            "Illegal move (no legal castling O-O in this position): O-O"
        ),
        "{out:#?}"
    );
    assert!(has(
        &out,
        "Illegal move (no legal castling O-O-O in this position): O-O-O"
    ));
    assert_eq!(out.iter().filter(|l| l.starts_with("Illegal")).count(), 2);
    assert!(has(&out, "pong 1"));
}
