//! Where games start. An opening is a start position (the variant's own, or a FEN) and moves
//! played from it before the engines take over ("book" moves, sent to the engines as part of
//! the game). From a file, one per line, taken in order; or random legal plies drawn from
//! `--seed` and the opening's number, so a given seed always gives the same openings.

use super::error::{MatchError, OpeningError};
use crate::game::Game;
use crate::record::GameRecord;
use crate::selfplay::random_source;
use rand::Rng;

/// An opening as read from a file, before a variant has checked it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningLine {
    /// None: the variant's start position.
    pub fen: Option<String>,
    pub moves: Vec<String>,
    /// Line number in the file, for error messages.
    pub line: usize,
}

/// A checked opening: the start FEN and one token per ply in the variant's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Reads an openings file: one opening per line, `FEN`, `FEN moves m1 m2 ...` or
/// `startpos moves m1 m2 ...`; blank lines and lines starting with `#` are skipped.
pub fn read_file(text: &str) -> Vec<OpeningLine> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let (setup, moves) = match line.split_once("moves") {
                Some((s, m)) if s.is_empty() || s.ends_with(' ') => {
                    (s.trim(), m.split_whitespace().map(String::from).collect())
                }
                _ => (line, Vec::new()),
            };
            let fen = match setup {
                "startpos" | "" => None,
                fen => Some(fen.to_string()),
            };
            Some(OpeningLine {
                fen,
                moves,
                line: i + 1,
            })
        })
        .collect()
}

/// Checks an opening against the variant's rules and writes its moves one ply per token.
pub fn check<G: Game>(line: &OpeningLine) -> Result<Opening, MatchError> {
    let here = |problem: OpeningError| MatchError::Opening {
        line: line.line,
        problem,
    };
    let start = match &line.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| here(e.into()))?,
        None => G::startpos(),
    };
    let mut record = GameRecord::new(start);
    let mut plies = Vec::new();
    for token in &line.moves {
        if record.outcome().is_some() {
            return Err(here(OpeningError::OverBefore(token.clone())));
        }
        let before = record.current().clone();
        let moves = record.play_token(token).map_err(|e| here(e.into()))?;
        let mut walk = before;
        for mv in moves {
            plies.push(walk.format_move(mv));
            walk.play(mv);
        }
    }
    if record.outcome().is_some() {
        return Err(here(OpeningError::OverAfter));
    }
    Ok(Opening {
        fen: line.fen.clone(),
        moves: plies,
    })
}

/// `plies` random legal plies from the start position, the same for the same seed and
/// number. No ply may end the game, and the opening stops at the end of a turn (a variant
/// whose turns have several plies is never handed over in the middle of one).
pub fn random<G: Game>(plies: usize, seed: u64, number: u64) -> Opening {
    let mut rng = random_source(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17));
    let mut record = GameRecord::new(G::startpos());
    let mut tokens = Vec::new();
    let mut moves = Vec::new();
    while tokens.len() < plies || !record.current().is_turn_boundary() {
        moves.clear();
        record.current().legal_moves(&mut moves);
        // Keep only moves after which the game goes on; try them in a seeded random order.
        let mut candidates = moves.clone();
        let mut chosen = None;
        while !candidates.is_empty() {
            let mv = candidates.swap_remove(rng.random_range(0..candidates.len()));
            record.play(mv);
            let over = record.outcome().is_some();
            record.undo();
            if !over {
                chosen = Some(mv);
                break;
            }
        }
        let Some(mv) = chosen else { break };
        tokens.push(record.current().format_move(mv));
        record.play(mv);
        // A pathological position could keep a turn open for ever; never loop without end.
        if tokens.len() > plies + 16 {
            break;
        }
    }
    Opening {
        fen: None,
        moves: tokens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;
    use crate::variants::doublemove::Doublemove;

    #[test]
    fn file_lines() {
        let lines = read_file(
            "# comment\n\nstartpos moves e2e4 e7e5\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4\n",
        );
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].fen, None);
        assert_eq!(lines[0].moves, vec!["e2e4", "e7e5"]);
        assert_eq!(lines[0].line, 3);
        assert!(lines[1].moves.is_empty());
        assert_eq!(lines[2].moves, vec!["d2d4"]);
        assert!(check::<Chess>(&lines[0]).is_ok());
        // K against k: a dead position, the game is over before it starts.
        assert!(check::<Chess>(&lines[1]).is_err());
        let bad = OpeningLine {
            fen: None,
            moves: vec!["e2e5".into()],
            line: 7,
        };
        let e = check::<Chess>(&bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("line 7") && e.contains("e2e5"), "{e}");
    }

    #[test]
    fn random_openings_follow_the_seed() {
        let a = random::<Chess>(8, 42, 3);
        assert_eq!(a.moves.len(), 8);
        assert_eq!(a, random::<Chess>(8, 42, 3));
        assert_ne!(a, random::<Chess>(8, 42, 4));
        assert_ne!(a, random::<Chess>(8, 43, 3));
        // Doublemove turns have two plies: an odd count is completed to the end of the turn.
        let d = random::<Doublemove>(3, 1, 0);
        let line = OpeningLine {
            fen: None,
            moves: d.moves.clone(),
            line: 1,
        };
        let checked = check::<Doublemove>(&line).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(checked.moves, d.moves);
        let mut pos = Doublemove::startpos();
        for t in &d.moves {
            let mv = pos.parse_move(t).unwrap_or_else(|e| panic!("{e}"));
            pos.play(mv);
        }
        assert!(pos.is_turn_boundary());
    }
}
