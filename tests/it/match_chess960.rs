//! Shuffled starts in `kaleido match`, `kaleido openings` and `kaleido datagen`: Chess960
//! matches of kaleido against itself over UCI and over XBoard (both games of a pair from one
//! start, the PGN tagged as other programs read it and replayed), castling from a shuffled start
//! sent through both clients, `--resume` of such a match, the refusals (a game without shuffled
//! starts, engines that cannot play Chess960), a file of shuffled openings played back, and
//! training data from shuffled starts. Depth-1 and depth-2 games of at most 12 moves each: a
//! few seconds in all.

use crate::common::{kaleido, show, Scratch};
use crate::r#match::kaleido_match;
use kaleido::arbiter::pgn::{self, PgnGame};
use kaleido::game::Game;
use kaleido::variants::chess::Chess;

/// The games of the PGN text, in Round order, each replayed through kaleido's rules and none
/// lost to an illegal move, a refusal or a crash.
fn replayed(text: &str) -> Vec<PgnGame> {
    let mut games = pgn::read(text);
    games.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<u32>().ok()));
    for g in &games {
        let round = g.tag("Round").unwrap_or("?");
        pgn::replay(g).unwrap_or_else(|e| panic!("game {round} does not replay: {e}"));
        assert_ne!(
            g.tag("Termination"),
            Some("rules infraction"),
            "game {round}: {:?}",
            g.tokens.last()
        );
    }
    games
}

/// The engines of a Chess960 match play `games` games from shuffled starts: each PGN game
/// tagged Chess960 with its start, the two games of a pair from one start.
fn chess960_match(scratch: &Scratch, engines: &str, games: usize) -> Vec<PgnGame> {
    let count = games.to_string();
    let args = [
        "--engines",
        engines,
        "--chess960",
        "--games",
        &count,
        "--seed",
        "7",
        "--concurrency",
        "2",
        "--max-moves",
        "12",
    ];
    let run = kaleido_match(scratch, &args);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = replayed(&run.pgn);
    assert_eq!(games.len(), count.parse().unwrap_or(0), "{}", run.stdout);
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("Chess960"));
        assert_eq!(g.tag("SetUp"), Some("1"));
        let fen = g.tag("FEN").unwrap_or_default();
        assert!(Chess::from_fen(fen).is_ok(), "{fen}");
    }
    for pair in games.chunks(2) {
        assert_eq!(pair[0].tag("FEN"), pair[1].tag("FEN"), "one start per pair");
        assert_eq!(pair[0].tag("White"), pair[1].tag("Black"));
    }
    games
}

#[test]
fn a_chess960_match_over_uci_plays_each_start_twice() {
    let scratch = Scratch::new("chess960-uci");
    let games = chess960_match(&scratch, "kaleido-d1,kaleido-d2", 4);
    assert_ne!(
        games[0].tag("FEN"),
        games[2].tag("FEN"),
        "pairs start apart"
    );
    // X-FEN: the first rank's men and castling letters, never the classical array.
    let fen = games[0].tag("FEN").unwrap_or_default();
    assert_ne!(fen, Chess::startpos().fen());
}

#[test]
fn a_chess960_match_over_xboard() {
    let scratch = Scratch::new("chess960-xboard");
    chess960_match(&scratch, "kaleido-xb-d1,kaleido-d1", 2);
}

/// A shuffled start (king on b1 and e8, rooks on a1, h1, b8, h8) whose book castles both ways:
/// the engines are told of castling each in their own form, and play on from it.
const CASTLED: &str = "# castling from a shuffled start, as book moves\n\
    1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1 moves b1h1 e8b8\n";

/// Two games of `variant` between kaleido over XBoard and kaleido over UCI from the opening
/// line `book` (a FEN and its moves), with `--debug` so the engines' conversations are in
/// stderr; the match must end well.
fn castling_match(name: &str, variant: &str, book: &str) -> crate::r#match::MatchRun {
    let scratch = Scratch::new(name);
    std::fs::write(scratch.path("castled.txt"), book).unwrap_or_else(|e| panic!("{e}"));
    let file = scratch.path("castled.txt").display().to_string();
    let args = [
        "--variant",
        variant,
        "--engines",
        "kaleido-xb-d1,kaleido-d1",
        "--games",
        "2",
        "--max-moves",
        "6",
        "--debug",
        "--openings",
        &file,
    ];
    let run = kaleido_match(&scratch, &args);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    run
}

#[test]
fn castling_from_a_shuffled_start_goes_through_both_clients() {
    // No --chess960: the castling rooks off their classical squares make it a Chess960 game.
    let run = castling_match("chess960-castling", "chess", CASTLED);
    let games = replayed(&run.pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("Chess960"));
        let start = CASTLED
            .lines()
            .nth(1)
            .and_then(|l| l.split(" moves ").next());
        assert_eq!(g.tag("FEN"), start);
        assert_eq!(&g.tokens[..2], ["O-O", "O-O-O"]);
    }
    let sent = |engine: &str, what: &str| {
        run.stderr
            .lines()
            .any(|l| l.starts_with(engine) && l.contains(what))
    };
    // XBoard: fischerandom, the start by setboard, castling as O-O; UCI: UCI_Chess960 and
    // king takes rook.
    assert!(
        sent("kaleido-xb-d1", "variant fischerandom"),
        "{}",
        run.stderr
    );
    assert!(sent("kaleido-xb-d1", "setboard 1r2k2r/"), "{}", run.stderr);
    assert!(sent("kaleido-xb-d1", "O-O-O"), "{}", run.stderr);
    assert!(
        sent("kaleido-d1", "setoption name UCI_Chess960 value true"),
        "{}",
        run.stderr
    );
    assert!(sent("kaleido-d1", " moves b1h1 e8b8"), "{}", run.stderr);
}

/// Doublemove from a shuffled start: White's one-move first turn castles (sent to XBoard as
/// `O-O`), Black's two-move turn castles and moves on (sent in kaleido's tokens).
#[test]
fn castling_in_a_doublemove_turn_from_a_shuffled_start() {
    let book = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1 moves b1h1 e8b8 a7a6\n";
    let run = castling_match("chess960-doublemove", "doublemove", book);
    let games = replayed(&run.pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("doublemove"));
        assert_eq!(g.tokens[0], "O-O");
        assert!(g.tokens[1].starts_with("O-O-O,"), "{:?}", g.tokens);
    }
    let told = |what: &str| {
        run.stderr
            .lines()
            .any(|l| l.starts_with("kaleido-xb-d1") && l.ends_with(what))
    };
    assert!(told(" O-O") && told(" e8b8,a7a6"), "{}", run.stderr);
}

#[test]
fn a_chess960_match_resumes_from_its_pgn() {
    let scratch = Scratch::new("chess960-resume");
    let args = [
        "--engines",
        "kaleido-d1,kaleido-d1",
        "--shuffle",
        "double",
        "--games",
        "2",
        "--max-moves",
        "8",
        "--seed",
        "3",
    ];
    let first = kaleido_match(&scratch, &args);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let games = replayed(&first.pgn);
    // Double-shuffled: each side's first rank drawn on its own.
    let fen = games[0].tag("FEN").unwrap_or_default();
    let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
    assert_ne!(ranks[0], ranks[7].to_ascii_lowercase(), "{fen}");
    // kaleido_match writes to the same games.pgn: resuming finds both games played.
    let mut again = args.to_vec();
    again.push("--resume");
    let second = kaleido_match(&scratch, &again);
    assert_eq!(second.code, Some(0), "{}", second.stderr);
    assert!(
        second.stdout.contains("Resuming: 2 of 2 games already in"),
        "{}",
        second.stdout
    );
    assert!(!second.stdout.contains("Started game"), "{}", second.stdout);
    assert_eq!(pgn::read(&second.pgn).len(), 2);
}

#[test]
fn what_cannot_play_chess960_is_refused_in_one_line() {
    let scratch = Scratch::new("chess960-refusals");
    for (args, needle) in [
        (
            vec!["--variant", "gigachess", "--engines", "kaleido-d1,kaleido-d2"],
            "--shuffle chess960: gigachess has no shuffled starts",
        ),
        (
            vec!["--engines", "uci-illegal,kaleido-d1"],
            "uci-illegal cannot play Chess960: it has no UCI_Chess960 option",
        ),
        (
            vec!["--engines", "xboard-illegal,kaleido-d1"],
            "xboard-illegal cannot play Chess960: its variants feature does not list 'fischerandom'",
        ),
    ] {
        let mut all = args.clone();
        all.extend(["--chess960", "--games", "2", "--tc", "5+0.1"]);
        let run = kaleido_match(&scratch, &all);
        assert_eq!(run.code, Some(2), "{all:?}\n{}\n{}", run.stdout, run.stderr);
        let line = run
            .stderr
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{all:?}: no '{needle}' in\n{}", run.stderr));
        assert!(line.len() < 200, "{line}");
        assert!(!run.pgn.contains("[Event"), "no game is scored: {}", run.pgn);
    }
}

#[test]
fn shuffled_openings_are_written_and_played_back() {
    let scratch = Scratch::new("chess960-openings");
    let args = [
        "openings",
        "--variant",
        "chess",
        "--shuffle",
        "chess960",
        "--count",
        "2",
        "--plies",
        "2",
        "--depth",
        "2",
        "--max-score",
        "2000",
        "--seed",
        "4",
    ];
    let written = kaleido(&args);
    assert_eq!(written.code, Some(0), "{}", show(&args, &written));
    let starts: Vec<&str> = written
        .stdout
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(" moves ").next().unwrap_or_default())
        .collect();
    assert_eq!(starts.len(), 2, "{}", written.stdout);
    std::fs::write(scratch.path("frc.txt"), &written.stdout).unwrap_or_else(|e| panic!("{e}"));
    let book = scratch.path("frc.txt").display().to_string();
    let run = kaleido_match(
        &scratch,
        &[
            "--engines",
            "kaleido-d1,kaleido-xb-d1",
            "--games",
            "4",
            "--max-moves",
            "8",
            "--concurrency",
            "2",
            "--openings",
            &book,
        ],
    );
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let games = replayed(&run.pgn);
    assert_eq!(games.len(), 4);
    for (g, start) in games.iter().zip([0, 0, 1, 1].map(|i| starts[i])) {
        assert_eq!(g.tag("FEN"), Some(start));
        // Chess960 wherever the castling rooks stand off a1 and h1.
        let chess960 = Chess::from_fen(start).is_ok_and(|p| p.chess960());
        let expected = if chess960 { "Chess960" } else { "chess" };
        assert_eq!(g.tag("Variant"), Some(expected), "{start}");
        assert!(g.tokens[..2].iter().all(|t| !t.is_empty()));
    }
}

#[test]
fn datagen_plays_from_shuffled_starts() {
    use kaleido::datagen::format::read_games;
    use kaleido::variants::chess::Chess;
    let scratch = Scratch::new("chess960-datagen");
    let out = scratch.file("frc.bin");
    let args = [
        "datagen",
        "--variant",
        "chess",
        "--shuffle",
        "chess960",
        "--nodes",
        "200",
        "--positions",
        "40",
        "--opening-plies",
        "0",
        "--max-plies",
        "40",
        "--seed",
        "2",
        "--out",
        &out,
    ];
    let run = kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", show(&args, &run));
    let bytes = std::fs::read(&out).unwrap_or_default();
    let mut firsts = Vec::new();
    read_games::<Chess>(&mut bytes.as_slice(), |block| {
        if let Some(p) = block.positions.first() {
            firsts.push(p.fen.clone());
        }
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!firsts.is_empty());
    // With no random plies, a game's first kept position is its shuffled start or close to it:
    // White's back rank is not the classical one.
    let classical = firsts
        .iter()
        .filter(|f| {
            f.split('/')
                .nth(7)
                .is_some_and(|r| r.starts_with("RNBQKBNR"))
        })
        .count();
    assert!(classical < firsts.len(), "{firsts:?}");

    let refused = kaleido(&[
        "datagen",
        "--variant",
        "trichess",
        "--shuffle",
        "double",
        "--positions",
        "10",
        "--out",
        &scratch.file("tri.bin"),
    ]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("trichess has no shuffled starts"),
        "{}",
        refused.stderr
    );
}
