//! PGN export of a web-board game: the Seven Tag Roster (with a seat tag per player where a
//! variant has more than two), `Variant` (`Chess960` for chess played from a shuffled start),
//! `SetUp`/`FEN` for a set-up or shuffled start (castling in X-FEN), `Annotator` (the kaleido
//! build that wrote it), and movetext in the variant's human notation. A turn of
//! several plies by one player (doublemove) is written as one move with its plies joined by
//! commas, as the doublemove rules ask.

/// What a PGN needs of a game.
pub struct PgnGame<'a> {
    pub variant: &'a str,
    /// The tag naming each seat's player (`White`, `Black`, ...).
    pub seat_tags: Vec<&'a str>,
    pub players: Vec<String>,
    /// The start position when it is not the variant's usual one.
    pub start_fen: Option<&'a str>,
    /// Every ply: its mover's seat and its human notation.
    pub plies: &'a [(usize, String)],
    /// The result when the game is over (`1-0`, `2/3-2/3-2/3`).
    pub result: Option<String>,
    /// The `Date` tag: `YYYY.MM.DD`.
    pub date: String,
}

pub use crate::pgn_text::today;
use crate::pgn_text::PgnText;

/// The fullmove number a FEN ends with (every variant's FEN does), else 1.
fn fullmove(fen: Option<&str>) -> u32 {
    fen.and_then(|f| f.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1)
}

pub fn write(game: &PgnGame) -> String {
    let result = game.result.clone().unwrap_or_else(|| "*".to_string());
    let mut pgn = PgnText::new();
    pgn.tag("Event", "kaleido web board");
    pgn.tag("Site", "127.0.0.1");
    pgn.tag("Date", &game.date);
    pgn.tag("Round", "-");
    for (seat, player) in game.seat_tags.iter().zip(&game.players) {
        pgn.tag(seat, player);
    }
    pgn.tag("Result", &result);
    pgn.tag("Variant", game.variant);
    if let Some(fen) = game.start_fen {
        pgn.tag("SetUp", "1");
        pgn.tag("FEN", fen);
    }
    pgn.tag("Annotator", crate::version::engine_name());

    // Turns: runs of plies by the same seat.
    let mut turns: Vec<(usize, Vec<&str>)> = Vec::new();
    for (seat, san) in game.plies {
        match turns.last_mut() {
            Some((s, plies)) if s == seat => plies.push(san),
            _ => turns.push((*seat, vec![san])),
        }
    }
    let mut number = fullmove(game.start_fen);
    let mut words: Vec<String> = Vec::new();
    for (i, (seat, plies)) in turns.iter().enumerate() {
        if *seat == 0 && i > 0 {
            number += 1;
        }
        if *seat == 0 {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(plies.join(","));
    }
    words.push(result);
    pgn.movetext(&words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_number_from_the_first_seat() {
        let plies = vec![
            (0, "e4".to_string()),
            (1, "e5".to_string()),
            (1, "d5".to_string()),
            (0, "Nf3".to_string()),
        ];
        let pgn = write(&PgnGame {
            variant: "doublemove",
            seat_tags: vec!["White", "Black"],
            players: vec!["Human".into(), "kaleido \"3\"".into()],
            start_fen: None,
            plies: &plies,
            result: None,
            date: "2026.11.22".into(),
        });
        assert!(pgn.contains("[Black \"kaleido \\\"3\\\"\"]"));
        assert!(pgn.contains("[Variant \"doublemove\"]"));
        assert!(pgn.ends_with("1. e4 e5,d5 2. Nf3 *\n"), "{pgn}");
    }

    #[test]
    fn a_set_up_start_keeps_its_move_number() {
        let plies = vec![(1, "Kd7".to_string()), (0, "Qe2".to_string())];
        let pgn = write(&PgnGame {
            variant: "chess",
            seat_tags: vec!["White", "Black"],
            players: vec!["a".into(), "b".into()],
            start_fen: Some("4k3/8/8/8/8/8/8/4K2Q b - - 3 41"),
            plies: &plies,
            result: Some("1/2-1/2".into()),
            date: "2026.11.22".into(),
        });
        assert!(pgn.contains("[SetUp \"1\"]"));
        assert!(pgn.contains("[Date \"2026.11.22\"]"));
        assert!(pgn.ends_with("41... Kd7 42. Qe2 1/2-1/2\n"), "{pgn}");
    }
}
