//! In-process games: they finish by the variant's rules in every searchable variant, their
//! records replay, and the search beats a one-ply player.

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
