//! The game-based training data that `kaleido datagen` writes (format version 2): each game
//! once, as the position its search began from and then every move played with the search's
//! score, a few bytes a position. The reader replays the moves with the variant's own move
//! generator, so every position comes back whole (with its FEN) without being stored.
//!
//! ```text
//! game  = number:u32 body_len:u32 body
//! body  = points:[u8; players] first_ply:u16 plies:u16 kept:u16 wide:u8
//!         fen_len:u8 fen:[u8; fen_len] ply*
//! ply   = move:(u8, or u16 when wide) scores:[i16; 1 with two players, else players]
//! ```
//!
//! `first_ply` is the ply number of the start (the random opening's plies before it), `move`
//! the played move's index among the legal moves in generation order, and `scores` the
//! search's: the mover's with two players (the other seat's is its negation), each seat's own
//! with more, `NO_SCORE` where the search gave none. `kept` counts the plies the trainer reads
//! (`datagen::kept`), so that a file's positions are counted without replaying it, and
//! `body_len` lets a game be copied (shards merged) without decoding it.

use super::format::{FormatError, Position};
use super::kept;
use crate::game::Searchable;
use std::io::{self, Read};

/// A ply's score where the search gave none (a seat missing from a three-player search).
pub const NO_SCORE: i16 = i16::MIN;

/// One move of a game and the search's score(s) in the position it was played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move's index among the position's legal moves, in generation order.
    pub index: u16,
    pub scores: Vec<i16>,
}

/// One game as datagen stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainingGame {
    pub number: u32,
    /// Each seat's points in sixths (format.rs).
    pub points: Vec<u8>,
    /// The ply number of `start` from the game's real start.
    pub first_ply: u16,
    /// The plies `datagen::kept` keeps.
    pub kept: u16,
    /// The position the searches began from (after the random opening).
    pub start: String,
    pub plies: Vec<Ply>,
}

/// How many scores a ply holds in a game of `players` seats.
fn scores_per_ply(players: usize) -> usize {
    if players == 2 {
        1
    } else {
        players
    }
}

impl TrainingGame {
    /// The game's bytes, ready to append to a file.
    pub fn encode(&self, players: usize) -> Result<Vec<u8>, FormatError> {
        let fen_len = u8::try_from(self.start.len())
            .map_err(|_| FormatError::FenTooLong(self.start.len()))?;
        let plies = u16::try_from(self.plies.len()).map_err(|_| FormatError::GameTooLong)?;
        let wide = self.plies.iter().any(|p| p.index > u16::from(u8::MAX));
        let per_score = scores_per_ply(players);
        let mut body = Vec::with_capacity(16 + self.start.len() + self.plies.len() * 5);
        body.extend_from_slice(&self.points);
        body.extend_from_slice(&self.first_ply.to_le_bytes());
        body.extend_from_slice(&plies.to_le_bytes());
        body.extend_from_slice(&self.kept.to_le_bytes());
        body.push(u8::from(wide));
        body.push(fen_len);
        body.extend_from_slice(self.start.as_bytes());
        for ply in &self.plies {
            match wide {
                true => body.extend_from_slice(&ply.index.to_le_bytes()),
                false => body.push(ply.index as u8),
            }
            for k in 0..per_score {
                let score = ply.scores.get(k).copied().unwrap_or(NO_SCORE);
                body.extend_from_slice(&score.to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(8 + body.len());
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&body);
        Ok(out)
    }

    /// Reads the next game's number and its whole bytes (header included), as they are;
    /// None at the end of the data, including a game cut short.
    pub fn next_raw(input: &mut impl Read) -> io::Result<Option<(u32, Vec<u8>)>> {
        let mut head = [0u8; 8];
        if !read_all_or_nothing(input, &mut head)? {
            return Ok(None);
        }
        let number = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
        let len = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let mut raw = head.to_vec();
        raw.resize(8 + len, 0);
        if !read_all_or_nothing(input, &mut raw[8..])? {
            return Ok(None);
        }
        Ok(Some((number, raw)))
    }

    /// The game in `raw` (as `next_raw` reads it) of a `players`-seat file.
    pub fn decode(raw: &[u8], players: usize) -> Result<TrainingGame, FormatError> {
        let mut at = Cursor { raw, at: 0 };
        let number = u32::from_le_bytes(at.take(4)?.try_into().unwrap_or_default());
        at.take(4)?;
        let points = at.take(players)?.to_vec();
        let first_ply = at.u16()?;
        let plies = at.u16()?;
        let kept = at.u16()?;
        let wide = at.take(1)?[0] != 0;
        let fen_len = usize::from(at.take(1)?[0]);
        let start = String::from_utf8_lossy(at.take(fen_len)?).into_owned();
        let per_score = scores_per_ply(players);
        let mut moves = Vec::with_capacity(usize::from(plies));
        for _ in 0..plies {
            let index = match wide {
                true => at.u16()?,
                false => u16::from(at.take(1)?[0]),
            };
            let scores = (0..per_score)
                .map(|_| at.u16().map(|s| s as i16))
                .collect::<Result<_, _>>()?;
            moves.push(Ply { index, scores });
        }
        Ok(TrainingGame {
            number,
            points,
            first_ply,
            kept,
            start,
            plies: moves,
        })
    }

    /// Replays the game and returns the positions the trainer reads (those `datagen::kept`
    /// keeps), each with its ply, mover, FEN and every seat's score.
    pub fn positions<G: Searchable>(&self) -> Result<Vec<Position>, FormatError> {
        let bad = |why: String| FormatError::BadGame {
            number: self.number,
            why,
        };
        let mut pos = G::from_fen(&self.start).map_err(|e| bad(format!("start: {e}")))?;
        let mut legal = Vec::new();
        let mut out = Vec::with_capacity(usize::from(self.kept));
        for (i, ply) in self.plies.iter().enumerate() {
            legal.clear();
            pos.legal_moves(&mut legal);
            let Some(&mv) = legal.get(usize::from(ply.index)) else {
                return Err(bad(format!(
                    "ply {i}: move {} of {} legal moves",
                    ply.index,
                    legal.len()
                )));
            };
            let mover = pos.side_to_move().index();
            let scored = ply.scores.iter().all(|&s| s != NO_SCORE);
            if scored && kept(&pos, mv) {
                let scores = match G::PLAYERS {
                    2 => (0..2)
                        .map(|seat| match seat == mover {
                            true => ply.scores[0],
                            false => ply.scores[0].saturating_neg(),
                        })
                        .collect(),
                    _ => ply.scores.clone(),
                };
                out.push(Position {
                    ply: self.first_ply.saturating_add(i as u16),
                    mover: mover as u8,
                    fen: pos.fen(),
                    scores,
                });
            }
            pos.play(mv);
        }
        Ok(out)
    }
}

/// Reads through a game's bytes; running out is a malformed game.
struct Cursor<'a> {
    raw: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.raw.len());
        let end = end.ok_or(FormatError::Truncated)?;
        let bytes = &self.raw[self.at..end];
        self.at = end;
        Ok(bytes)
    }

    fn u16(&mut self) -> Result<u16, FormatError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}

/// Fills `buf`; false if the input ends first (at its start or part-way: either way there is
/// no whole record).
pub(super) fn read_all_or_nothing(input: &mut impl Read, buf: &mut [u8]) -> io::Result<bool> {
    match input.read_exact(buf) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variants::chess::Chess;

    /// A short chess game from the start: e4 e5 Nf3 Nc6 Bb5, each move by its index.
    fn game() -> TrainingGame {
        let start = Chess::startpos();
        let mut pos = start;
        let mut plies = Vec::new();
        for (i, token) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"].iter().enumerate() {
            let mv = pos.parse_move(token).unwrap();
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let index = legal.iter().position(|&m| m == mv).unwrap() as u16;
            plies.push(Ply {
                index,
                scores: vec![10 * i as i16 - 20],
            });
            pos.play(mv);
        }
        TrainingGame {
            number: 7,
            points: vec![3, 3],
            first_ply: 0,
            kept: 5,
            start: start.fen(),
            plies,
        }
    }

    #[test]
    fn a_game_reads_back_as_written_and_replays_to_its_positions() {
        let g = game();
        let bytes = g.encode(2).unwrap();
        let (number, raw) = TrainingGame::next_raw(&mut &bytes[..]).unwrap().unwrap();
        assert_eq!((number, raw.len()), (7, bytes.len()));
        assert_eq!(TrainingGame::decode(&raw, 2).unwrap(), g);
        let positions = g.positions::<Chess>().unwrap();
        assert_eq!(positions.len(), 5);
        assert_eq!(positions[0].fen, Chess::startpos().fen());
        assert_eq!(positions[1].mover, 1);
        // The mover's score, and its negation for the other seat.
        assert_eq!(positions[1].scores, vec![10, -10]);
        assert_eq!(positions[4].ply, 4);
        let after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert_eq!(positions[4].fen, after);
        // Five plies of a byte and one score each, after the game's header and start FEN.
        let start = Chess::startpos().fen();
        assert_eq!(bytes.len(), 8 + 2 + 8 + start.len() + 5 * 3);
    }

    #[test]
    fn a_cut_game_is_no_game_and_a_bad_move_index_is_an_error() {
        let bytes = game().encode(2).unwrap();
        assert_eq!(
            TrainingGame::next_raw(&mut &bytes[..bytes.len() - 1]).unwrap(),
            None
        );
        let mut bad = game();
        bad.plies[2].index = 200;
        let err = bad.positions::<Chess>().unwrap_err();
        assert!(err.to_string().contains("ply 2"), "{err}");
        let raw = &bad.encode(2).unwrap();
        assert!(TrainingGame::decode(&raw[..raw.len() - 3], 2).is_err());
    }

    #[test]
    fn indices_past_a_byte_make_the_game_wide() {
        let mut g = game();
        g.plies[0].index = 300;
        let bytes = g.encode(2).unwrap();
        assert_eq!(bytes.len(), game().encode(2).unwrap().len() + 5);
        let (_, raw) = TrainingGame::next_raw(&mut &bytes[..]).unwrap().unwrap();
        assert_eq!(TrainingGame::decode(&raw, 2).unwrap().plies[0].index, 300);
    }
}
