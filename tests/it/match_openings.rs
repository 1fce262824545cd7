//! `kaleido match --openings` from files as other tools write them: PGN games (main line,
//! SAN, cut at `plies`), EPD positions, a polyglot book walked by its weights, the order and
//! start words, and the errors of each. Short games (depth 1 and 2, ten moves each): a few
//! seconds in all.

use crate::common::Scratch;
use crate::r#match::kaleido_match;
use kaleido::arbiter::pgn;
use kaleido::arbiter::polyglot::encode_entry;

/// The games of a match of kaleido-d1 against kaleido-d2 from `openings` (the words of
/// `--openings`; `files` are written to `scratch` first and named there), in Round order.
fn games_from(
    scratch: &Scratch,
    files: &[(&str, &[u8])],
    openings: &str,
    games: usize,
) -> Vec<pgn::PgnGame> {
    for (name, bytes) in files {
        std::fs::write(scratch.path(name), bytes).unwrap_or_else(|e| panic!("{e}"));
    }
    let words: Vec<String> = openings
        .split_whitespace()
        .map(|w| match w.split_once('=') {
            Some(("file", name)) => format!("file={}", scratch.path(name).display()),
            Some(_) => w.to_string(),
            None => scratch.path(w).display().to_string(),
        })
        .collect();
    let count = games.to_string();
    let mut args = vec![
        "--engines",
        "kaleido-d1,kaleido-d2",
        "--games",
        count.as_str(),
        "--concurrency",
        "2",
        "--max-moves",
        "10",
        "--openings",
    ];
    args.extend(words.iter().map(String::as_str));
    // The PGN is appended to: start each match with none.
    let _ = std::fs::remove_file(scratch.path("games.pgn"));
    let run = kaleido_match(scratch, &args);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let mut found = pgn::read(&run.pgn);
    found.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<u32>().ok()));
    let games = found;
    assert_eq!(games.len(), count.parse().unwrap_or(0), "{}", run.stdout);
    for (i, g) in games.iter().enumerate() {
        pgn::replay(g).unwrap_or_else(|e| panic!("game {} does not replay: {e}", i + 1));
    }
    games
}

fn first_moves(g: &pgn::PgnGame, n: usize) -> Vec<&str> {
    g.tokens.iter().take(n).map(String::as_str).collect()
}

const TWO_GAMES: &str = "[Event \"one\"]\n[Result \"*\"]\n\n\
    1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {developing} Nc6 $1 3. Bb5 a6 4. Ba4 Nf6 *\n\n\
    [Event \"two\"]\n[SetUp \"1\"]\n\
    [FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n\n\
    3. d4 exd4 *\n";

#[test]
fn pgn_games_open_with_their_main_line_up_to_plies() {
    let scratch = Scratch::new("openings-pgn");
    let games = games_from(
        &scratch,
        &[("book.pgn", TWO_GAMES.as_bytes())],
        "file=book.pgn format=pgn plies=4",
        4,
    );
    // Each opening is played in both seatings; the variation and the comment are skipped.
    for g in &games[..2] {
        assert_eq!(first_moves(g, 4), ["e4", "e5", "Nf3", "Nc6"]);
        assert_ne!(g.tokens.get(4).map(String::as_str), Some("Bb5"));
        assert_eq!(g.tag("FEN"), None);
    }
    for g in &games[2..] {
        assert!(g
            .tag("FEN")
            .unwrap_or("")
            .starts_with("r1bqkbnr/pppp1ppp/2n5/"));
        assert_eq!(first_moves(g, 2), ["d4", "exd4"]);
    }
}

#[test]
fn epd_positions_and_the_order_words() {
    let scratch = Scratch::new("openings-epd");
    let epd =
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; id \"a\";\n\
               rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 id \"b\";\n\
               rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq e6 id \"c\";\n\
               rnbqkbnr/ppp1pppp/8/3p4/2P5/8/PP1PPPPP/RNBQKBNR w KQkq d6 id \"d\";\n";
    let files = [("pos.epd", epd.as_bytes())];
    let fens = |games: &[pgn::PgnGame]| -> Vec<String> {
        games
            .iter()
            .step_by(2)
            .map(|g| g.tag("FEN").unwrap_or("").to_string())
            .collect()
    };
    let games = games_from(&scratch, &files, "pos.epd", 2);
    assert_eq!(
        games[0].tag("FEN"),
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    );
    // start=3: the third position first.
    let games = games_from(&scratch, &files, "file=pos.epd start=3", 2);
    assert!(fens(&games)[0].starts_with("rnbqkbnr/pppp1ppp/8/4p3/3P4/"));
    // Random order: every position once in four pairs, in an order of the seed's.
    let games = games_from(&scratch, &files, "file=pos.epd order=random", 8);
    let mut shuffled = fens(&games);
    let in_order = fens(&games_from(&scratch, &files, "pos.epd", 8));
    assert_ne!(shuffled, in_order, "the shuffle left the file's order");
    shuffled.sort();
    let mut sorted = in_order.clone();
    sorted.sort();
    assert_eq!(shuffled, sorted);
}

/// The start position (keys from the polyglot format's description): 1.e4 (weight 3) or
/// 1.d4 (weight 1); after 1.e4, 1...c5.
fn small_book() -> Vec<u8> {
    [
        encode_entry(0x463b96181691fc9c, (4, 1), (4, 3), 3),
        encode_entry(0x463b96181691fc9c, (3, 1), (3, 3), 1),
        encode_entry(0x823c9b50fd114196, (2, 6), (2, 4), 1),
    ]
    .concat()
}

#[test]
fn a_polyglot_book_is_walked_by_its_weights() {
    let scratch = Scratch::new("openings-polyglot");
    let book = small_book();
    let games = games_from(&scratch, &[("small.bin", &book)], "small.bin", 12);
    let mut lines = Vec::new();
    for pair in games.chunks(2) {
        let e4 = pair[0].tokens[0] == "e4";
        let line = if e4 { vec!["e4", "c5"] } else { vec!["d4"] };
        for g in pair {
            assert_eq!(first_moves(g, line.len()), line, "{:?}", g.tokens);
        }
        lines.push(e4);
    }
    assert!(lines.contains(&true), "no game opened 1.e4 c5: {lines:?}");
    // plies=1: the walk stops after White's move.
    let games = games_from(
        &scratch,
        &[("small.bin", &book)],
        "file=small.bin plies=1",
        2,
    );
    assert_ne!(games[0].tokens[1], "c5");
}

#[test]
fn bad_openings_are_named() {
    let scratch = Scratch::new("openings-bad");
    let write = |name: &str, bytes: &[u8]| {
        let path = scratch.path(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{e}"));
        path.display().to_string()
    };
    let illegal = write(
        "illegal.pgn",
        b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e5 *\n",
    );
    let short = write("short.bin", &[0; 17]);
    let elsewhere = write("elsewhere.bin", &encode_entry(1, (4, 1), (4, 3), 1));
    let small = write("small.bin", &small_book());
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![illegal], "opening on game 2: "),
        (
            vec![short],
            "17 bytes is not a whole number of 16-byte polyglot entries",
        ),
        (vec![elsewhere], "no move from the start position"),
        (
            vec![small.clone(), "--variant".into(), "gigachess".into()],
            "no move from the start position",
        ),
        (
            vec![format!("file={small}"), "format=cbh".into()],
            "format = 'cbh'",
        ),
        (vec!["file=nowhere.pgn".into()], "cannot read nowhere.pgn"),
    ];
    for (words, says) in cases {
        let mut args = vec!["--engines", "kaleido-d1,kaleido-d2", "--openings"];
        args.extend(words.iter().map(String::as_str));
        let run = kaleido_match(&scratch, &args);
        assert_eq!(
            run.code,
            Some(2),
            "{words:?}: {}\n{}",
            run.stdout,
            run.stderr
        );
        assert!(run.stderr.contains(says), "{words:?}: {}", run.stderr);
        assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    }
}
