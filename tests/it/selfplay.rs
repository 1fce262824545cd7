//! In-process games: they finish by the variant's rules in every searchable variant, their
//! records replay, and the search beats a one-ply player.

use crate::common;

use kaleido::game::Searchable;
use kaleido::record::GameRecord;
use kaleido::search::Limits;
use kaleido::selfplay::{play_game, GameScore, PlayerKind};
use kaleido::variants::chess::Chess;
use kaleido::variants::cylinder::Cylinder;
use kaleido::variants::doublemove::Doublemove;
use kaleido::variants::gigachess::Gigachess;
use kaleido::variants::spinchess::Spinchess;

fn search(nodes: u64) -> PlayerKind {
    PlayerKind::Search(Limits {
        nodes: Some(nodes),
        ..Limits::default()
    })
}

fn beats_one_ply<G: Searchable>() {
    for (game, first_is_white) in [(1u64, true), (2, false)] {
        let (score, outcome, record) = play_game::<G>(
            &search(5_000),
            &PlayerKind::OnePly,
            first_is_white,
            2,
            game,
            300,
        );
        assert_eq!(
            score,
            GameScore::Win,
            "{} game {game}: {outcome:?}",
            G::NAME
        );
        // The record replays token by token from the start.
        let mut replay = GameRecord::new(G::startpos());
        for &mv in record.moves() {
            let token = replay.current().format_move(mv);
            replay
                .play_token(&token)
                .unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        }
        assert_eq!(replay.current().fen(), record.current().fen());
        assert_eq!(replay.outcome(), outcome);
    }
}

#[test]
fn chess() {
    beats_one_ply::<Chess>();
}

#[test]
fn cylinder() {
    beats_one_ply::<Cylinder>();
}

#[test]
fn spinchess() {
    beats_one_ply::<Spinchess>();
}

#[test]
fn doublemove() {
    beats_one_ply::<Doublemove>();
}

#[test]
fn gigachess() {
    beats_one_ply::<Gigachess>();
}

/// Two-player self-play reports its result in `kaleido match`'s words: the score line and the
/// Elo line with LOS and draw ratio, infinite values written as the match writes them.
#[test]
fn the_report_reads_like_a_match_report() {
    let args = [
        "selfplay",
        "--variant",
        "chess",
        "--games",
        "2",
        "--first",
        "depth:2",
        "--second",
        "oneply",
        "--concurrency",
        "1",
    ];
    let run = common::kaleido(&args);
    assert_eq!(run.code, Some(0), "{}", common::show(&args, &run));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("Score of depth:2 vs oneply: "),
        "{}",
        run.stdout
    );
    assert!(lines[0].contains("  ["), "{}", run.stdout);
    assert!(lines[1].starts_with("Elo difference: "), "{}", run.stdout);
    assert!(
        lines[1].contains(", LOS: ") && lines[1].contains(", DrawRatio: "),
        "{}",
        run.stdout
    );
    assert!(!lines[1].contains("NaN"), "{}", run.stdout);
}
