//! `--resume`: a stopped match (Ctrl-C, a crash, a killed process, a machine gone down)
//! starts again from the PGN file it was writing. Every game there carries its number in the
//! match (the Round tag); the schedule is a function of the settings, so a game's number says
//! who sat where and which opening it began from, and each game read back is checked against
//! that. Those games count as played and only the others are played now, so the finished
//! match is the same, game for game, as one run that never stopped.
//!
//! The file is appended to a whole game at a time, but a process killed during a write can
//! leave the last game cut short: that piece is cut off the file and the game played again.

use super::error::{MatchError, ResumeError};
use super::merge::seat_points;
use super::openings::Opening;
use super::pgn::{self, seat_tag, PgnGame};
use super::schedule::Schedule;
use crate::game::Game;
use crate::record::GameRecord;
use std::collections::BTreeSet;
use std::fs::OpenOptions;
use std::path::Path;

/// A game the file already holds.
pub struct Replayed {
    /// Its number in the match, from 0.
    pub game: usize,
    pub points: Vec<f64>,
}

/// What the file held for this run.
pub struct Resumed {
    pub games: Vec<Replayed>,
    /// Bytes of a game cut short, removed from the end of the file.
    pub cut: usize,
}

/// Reads back the games of `path` that this run of the match would play, and cuts off a
/// game the file holds only in part. A file that does not exist yet holds no game.
pub fn read_back<G: Game>(
    path: &Path,
    schedule: &Schedule<G>,
    names: &[String],
) -> Result<Resumed, MatchError> {
    let failed = |error: ResumeError| MatchError::Resume {
        path: path.display().to_string(),
        error,
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(failed(ResumeError::Read(e.to_string()))),
    };
    let whole = whole_games_len(&text).map_err(failed)?;
    let cut = text.len() - whole;
    if cut > 0 {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|file| file.set_len(whole as u64))
            .map_err(|e| failed(ResumeError::Read(e.to_string())))?;
    }
    let mut seen = BTreeSet::new();
    let mut games = Vec::new();
    for game in pgn::read(&text[..whole]) {
        let replayed = check::<G>(&game, schedule, names).map_err(failed)?;
        if !seen.insert(replayed.game) {
            return Err(failed(ResumeError::Twice(replayed.game + 1)));
        }
        games.push(replayed);
    }
    Ok(Resumed { games, cut })
}

/// The length of the longest start of `text` that holds only whole games: each begins with
/// the Event tag kaleido writes first and ends with a result that matches its Result tag and a
/// line break. Only the last game may fail that (it was being written); one before it means
/// the file is not a match's own.
fn whole_games_len(text: &str) -> Result<usize, ResumeError> {
    if text.trim().is_empty() {
        return Ok(text.len());
    }
    let mut starts: Vec<usize> = text
        .match_indices("[Event ")
        .map(|(at, _)| at)
        .filter(|&at| at == 0 || text.as_bytes()[at - 1] == b'\n')
        .collect();
    // A kill in the first bytes of a game's Event tag leaves a last line that is only the
    // tag's beginning: that is where the cut game starts.
    let last_line = text.rfind('\n').map_or(0, |at| at + 1);
    if last_line < text.len() && "[Event ".starts_with(&text[last_line..]) && last_line > 0 {
        starts.push(last_line);
    }
    if starts.first() != Some(&0) {
        // Something before the first game that kaleido did not write: never cut such a file.
        return Err(ResumeError::NotWhole(1));
    }
    starts.push(text.len());
    for (i, pair) in starts.windows(2).enumerate() {
        let piece = &text[pair[0]..pair[1]];
        if !is_whole(piece) {
            // Only a kill while writing the last game cuts it short; a piece holding a
            // second game's tag mid-line was not written by a match.
            let last = i + 2 == starts.len() && !piece[1..].contains("[Event ");
            return if last {
                Ok(pair[0])
            } else {
                Err(ResumeError::NotWhole(i + 1))
            };
        }
    }
    Ok(text.len())
}

/// Whether `piece` is one game, ended.
fn is_whole(piece: &str) -> bool {
    let games = pgn::read(piece);
    let [game] = games.as_slice() else {
        return false;
    };
    let result = game.tag("Result").unwrap_or("*");
    piece.ends_with('\n') && result != "*" && game.tokens.last().map(String::as_str) == Some(result)
}

/// Game `game` of the file, checked to be one of this run's: its number in this run's games,
/// its variant, its players in the seats the schedule gives them, and its start from the
/// opening the schedule gives it.
fn check<G: Game>(
    game: &PgnGame,
    schedule: &Schedule<G>,
    names: &[String],
) -> Result<Replayed, ResumeError> {
    let number = game
        .tag("Round")
        .and_then(|r| r.parse::<usize>().ok())
        .filter(|&r| r > 0)
        .ok_or(ResumeError::NoRound)?;
    let at = |problem: String| ResumeError::Game { number, problem };
    let g = number - 1;
    if !schedule.games.contains(&g) {
        return Err(ResumeError::NotThisRun {
            number,
            first: schedule.games.start + 1,
            last: schedule.games.end,
        });
    }
    let variant = game.tag("Variant").unwrap_or("chess");
    let opening = schedule.opening(g);
    let expected = pgn::variant_tag::<G>(schedule.chess960(&opening));
    if variant != expected {
        return Err(at(format!("a {variant} game, not {expected}")));
    }
    for (seat, &who) in schedule.seating(g).iter().enumerate() {
        let tag = seat_tag(G::PLAYERS, seat);
        let found = game.tag(&tag).unwrap_or("");
        if found != names[who] {
            return Err(at(format!(
                "{tag} is '{found}' where this match seats {}",
                names[who]
            )));
        }
    }
    let result = game.tag("Result").unwrap_or("*");
    let points = seat_points(result, G::PLAYERS).ok_or_else(|| at(format!("result '{result}'")))?;
    let record = pgn::record::<G>(game).map_err(|e| at(e.to_string()))?;
    // The writer gives a FEN tag to every game that does not begin at the variant's start.
    let start = game
        .tag("FEN")
        .map_or_else(|| G::startpos().fen(), String::from);
    if !starts_from::<G>(record.moves(), &start, &opening) {
        return Err(at(
            "it did not start from this match's opening for it".into()
        ));
    }
    Ok(Replayed { game: g, points })
}

/// Whether the plies `moves`, played from the FEN `start`, begin with `opening`.
fn starts_from<G: Game>(moves: &[G::Move], start: &str, opening: &Opening) -> bool {
    let opening_start = match &opening.fen {
        Some(fen) => match G::from_fen(fen) {
            Ok(p) => p,
            Err(_) => return false,
        },
        None => G::startpos(),
    };
    if opening_start.fen() != start {
        return false;
    }
    let mut record = GameRecord::new(opening_start);
    let mut book = Vec::new();
    for token in &opening.moves {
        match record.play_token(token) {
            Ok(plies) => book.extend(plies),
            Err(_) => return false,
        }
    }
    moves.starts_with(&book)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str =
        "[Event \"m\"]\n[Round \"1\"]\n[Result \"1-0\"]\n\n1. e4 e5 {White mates} 1-0\n\n";

    #[test]
    fn whole_games_are_kept_and_a_cut_last_one_dropped() {
        let two = format!("{GAME}{}", GAME.replace("\"1\"", "\"2\""));
        assert_eq!(whole_games_len(&two), Ok(two.len()));
        assert_eq!(whole_games_len(""), Ok(0));
        // Cut in the result, in the moves, in the tags: the last game goes.
        for cut in [3, 12, 40, GAME.len() - 1] {
            let text = &two[..two.len() - cut];
            assert_eq!(whole_games_len(text), Ok(GAME.len()), "cut {cut}");
        }
        let draw = GAME.replace("1-0", "1/2-1/2");
        assert_eq!(whole_games_len(&draw[..draw.len() - 4]), Ok(0));
        // A broken game before a whole one: not a file this match wrote.
        let broken = format!("{}{GAME}", &GAME[..GAME.len() - 5]);
        assert_eq!(whole_games_len(&broken), Err(ResumeError::NotWhole(1)));
        let broken = format!("{}\n{GAME}", &GAME[..GAME.len() - 5]);
        assert_eq!(whole_games_len(&broken), Err(ResumeError::NotWhole(1)));
        // Another program's file is left alone, not cut to nothing.
        assert_eq!(whole_games_len("junk\n"), Err(ResumeError::NotWhole(1)));
    }
}
