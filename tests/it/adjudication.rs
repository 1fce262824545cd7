//! `kaleido match --draw` and `--resign`, end to end: kaleido at depth 1 behind a proxy that
//! rewrites the scores it reports (tests/engines/scored.py), so each game's adjudication
//! falls on a move the test can name. Over UCI, XBoard (a mate score) and the tri dialect
//! (shares of the points). About 10 s in all.

use crate::common::Scratch;
use crate::r#match::{kaleido_match, MatchRun};
use kaleido::arbiter::pgn;

/// A game as read back, and its text as written (the reader drops comments).
struct Played {
    game: pgn::PgnGame,
    text: String,
}

impl Played {
    /// Result, PlyCount and Termination.
    fn ending(&self) -> (&str, &str, &str) {
        let tag = |t| self.game.tag(t).unwrap_or("");
        (tag("Result"), tag("PlyCount"), tag("Termination"))
    }

    /// The last comment: the reason the game ended.
    fn reason(&self) -> &str {
        let start = self.text.rfind('{').unwrap_or(0);
        let end = self.text.rfind('}').map_or(start, |e| e + 1);
        &self.text[start..end]
    }
}

/// The games of `kaleido match ARGS` (words split at spaces), each replayed through the
/// rules.
/// The game of this round.
fn round<'a>(games: &'a [Played], round: &str) -> &'a Played {
    games
        .iter()
        .find(|g| g.game.tag("Round") == Some(round))
        .unwrap_or_else(|| panic!("no round {round}"))
}

fn played(what: &str, args: &str) -> (MatchRun, Vec<Played>) {
    let scratch = Scratch::new(&format!("adjudication-{what}"));
    let mut all = vec!["--concurrency", "2", "--move-timeout", "60"];
    all.extend(args.split_whitespace());
    let run = kaleido_match(&scratch, &all);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let texts = run.pgn.split("[Event ").skip(1).map(String::from);
    let games: Vec<Played> = pgn::read(&run.pgn)
        .into_iter()
        .zip(texts)
        .map(|(game, text)| Played { game, text })
        .collect();
    for (i, g) in games.iter().enumerate() {
        let r =
            pgn::replay(&g.game).unwrap_or_else(|e| panic!("game {} does not replay: {e}", i + 1));
        assert_eq!(r.plies.to_string(), g.game.tag("PlyCount").unwrap_or(""));
    }
    (run, games)
}

#[test]
fn an_engine_resigns_after_its_own_run_of_lost_scores() {
    // lost-uci scores its moves 0, 0, then -6.00: lost on its 5th move (its 3rd at -6.00),
    // ply 9 as White (round 1) and ply 10 as Black (round 2).
    let (run, games) = played(
        "one-sided",
        "--engines lost-uci,kaleido-d1 --variant chess --games 2 \
         --resign movecount=3 score=500",
    );
    assert_eq!(games.len(), 2, "{}", run.stdout);
    let (white_lost, black_lost) = (round(&games, "1"), round(&games, "2"));
    assert_eq!(white_lost.game.tag("White"), Some("lost-uci"));
    assert_eq!(white_lost.ending(), ("0-1", "9", "adjudication"));
    assert_eq!(
        white_lost.reason(),
        "{Black wins by adjudication: White scored -500 or worse for 3 moves}"
    );
    assert_eq!(black_lost.ending(), ("1-0", "10", "adjudication"));
    // The scores the arbiter heard are the ones in the comments.
    assert!(white_lost.text.contains("{-6.00/1 "), "{}", white_lost.text);
    assert!(run
        .stdout
        .contains("Finished game 1 (lost-uci vs kaleido-d1): 0-1 {Black wins by adjudication"));
    assert!(run
        .stdout
        .contains("Score of lost-uci vs kaleido-d1: 0 - 2 - 0"));

    // Over XBoard, a mate against the engine counts as beyond any threshold: lost on its
    // third move, the first with -M2.
    let (_, games) = played(
        "mate",
        "--engines lost-xb,kaleido-d1 --variant chess --games 2 \
         --resign movecount=1 score=100000",
    );
    assert_eq!(round(&games, "1").ending(), ("0-1", "5", "adjudication"));
    assert_eq!(round(&games, "2").ending(), ("1-0", "6", "adjudication"));
    assert!(games[0].text.contains("{-M2/1 "), "{}", games[0].text);

    // Without --resign the same scores end nothing: the move limit does.
    let (_, games) = played(
        "off",
        "--engines lost-uci,kaleido-d1 --variant chess --games 2 --max-moves 6",
    );
    for g in &games {
        assert_eq!(g.ending(), ("1/2-1/2", "12", "adjudication"));
        assert!(!g.reason().contains("scored"), "{}", g.reason());
    }
}

#[test]
fn twosided_resignation_waits_for_the_winner_to_agree() {
    let resign = "--resign movecount=3 score=500 twosided=true";
    // won-uci sees itself 6.00 up from its 3rd move. As White, lost-uci's third lost score
    // comes at ply 9 and Black's third agreeing one at ply 10; as Black, its own third at
    // ply 10.
    let (_, games) = played(
        "two-sided",
        &format!("--engines lost-uci,won-uci --variant chess --games 2 {resign}"),
    );
    assert_eq!(round(&games, "1").ending(), ("0-1", "10", "adjudication"));
    assert_eq!(round(&games, "2").ending(), ("1-0", "10", "adjudication"));

    // kaleido at depth 1 does not think itself 5 pawns up in an even opening: no verdict.
    let (_, games) = played(
        "two-sided-refused",
        &format!("--engines lost-uci,kaleido-d1 --variant chess --games 2 --max-moves 8 {resign}"),
    );
    for g in &games {
        assert_eq!(g.ending(), ("1/2-1/2", "16", "adjudication"));
        assert!(!g.reason().contains("scored"), "{}", g.reason());
    }
}

/// A SAN move that is no capture and no pawn move.
fn reversible(san: &str) -> bool {
    !san.contains('x') && san.starts_with(|c: char| c.is_ascii_uppercase())
}

#[test]
fn level_scores_draw_after_the_move_number_over_reversible_moves() {
    let (_, games) = played(
        "draw",
        "--engines level-a,level-b --variant chess --games 2 \
         --draw movenumber=4 movecount=2 score=10 --max-moves 150",
    );
    for g in &games {
        let (result, plies, termination) = g.ending();
        assert_eq!((result, termination), ("1/2-1/2", "adjudication"));
        assert_eq!(
            g.reason(),
            "{Draw by adjudication: every score within 10 of level for 2 moves}"
        );
        let plies: usize = plies.parse().unwrap_or(0);
        assert!(plies >= 8, "drawn before move 4: {plies} plies");
        // The reader keeps the moves and the result. The last two moves of each side: no
        // capture, no pawn move.
        let tokens = &g.game.tokens;
        let sans: Vec<&str> = tokens[..tokens.len() - 1]
            .iter()
            .map(String::as_str)
            .collect();
        assert_eq!(sans.len(), plies, "{sans:?}");
        assert!(sans[plies - 4..].iter().all(|s| reversible(s)), "{sans:?}");
    }

    // Scores of 0.05 are not within 4 centipawns of level.
    let (_, games) = played(
        "no-draw",
        "--engines level-a,level-b --variant chess --games 2 \
         --draw movenumber=1 movecount=1 score=4 --max-moves 10",
    );
    for g in &games {
        assert_eq!(g.ending(), ("1/2-1/2", "20", "adjudication"));
        assert!(!g.reason().contains("level"), "{}", g.reason());
    }
}

#[test]
fn trichess_adjudicates_by_shares_of_the_points() {
    // From their third moves the engines give player c no points: 67 hundredths below an
    // equal share. Player c's own fourth move (ply 12) is its second such score, and by
    // then the others have seen it lost twice too.
    let (_, games) = played(
        "tri-resign",
        "--engines tri-fading-1,tri-fading-2,tri-fading-3 --variant trichess --games 6 \
         --resign movecount=2 score=50 twosided=true",
    );
    assert_eq!(games.len(), 6);
    for g in &games {
        assert_eq!(g.ending(), ("1-1-0", "12", "adjudication"));
        assert_eq!(
            g.reason(),
            "{player c loses by adjudication: scored -50 or worse for 2 moves}"
        );
        assert!(g.text.contains("{1.00,1.00,0.00/1 "), "{}", g.text);
    }

    let (_, games) = played(
        "tri-draw",
        "--engines tri-level-1,tri-level-2,tri-level-3 --variant trichess --games 6 \
         --draw movenumber=2 movecount=1 score=5 --max-moves 100",
    );
    for g in &games {
        let (result, plies, termination) = g.ending();
        assert_eq!(termination, "adjudication");
        assert!(plies.parse::<u32>().unwrap_or(0) >= 6, "{plies}");
        let shares: Vec<&str> = result.split('-').collect();
        assert!(
            shares.len() == 3 && shares.iter().all(|s| *s == shares[0]),
            "{result}"
        );
        assert_eq!(
            g.reason(),
            "{Draw by adjudication: every score within 5 of level for 1 moves}"
        );
    }
}

#[test]
fn bad_rules_are_refused_before_any_game() {
    let scratch = Scratch::new("adjudication-bad");
    for (args, says) in [
        (
            "--draw movecount=3 score=10",
            "--draw: movenumber= is missing",
        ),
        (
            "--draw movenumber=40 moves=8 score=10",
            "--draw: unknown key 'moves'",
        ),
        (
            "--resign movecount=three score=400",
            "--resign: movecount = 'three'",
        ),
        (
            "--resign movecount=3 score=400 twosided=maybe",
            "--resign: twosided",
        ),
        ("--resign score", "--resign: 'score' is not key=value"),
    ] {
        let mut all = vec!["--engines", "kaleido-d1,kaleido-d2", "--games", "2"];
        all.extend(args.split_whitespace());
        let run = kaleido_match(&scratch, &all);
        assert_eq!(run.code, Some(2), "{args}: {}\n{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(says), "{args}: {}", run.stderr);
        assert!(
            !run.stdout.contains("Started game"),
            "{args}: {}",
            run.stdout
        );
    }
}
