//! The training-data files `kaleido datagen` writes and the trainer reads: a header naming the
//! variant (and, from version 2, the run that wrote the file), then games. Version 2 stores
//! each game as its moves (games.rs); version 1, still read, stored each kept position as its
//! FEN with its scores. Positions come back as FENs either way, so that the trainer derives its
//! input features with the same code the engine evaluates with.
//!
//! ```text
//! file     = header game*
//! header   = "KLDG" version:u8 players:u8 name_len:u8 name:[u8; name_len]
//!            (version 2:) run_len:u16 run:[u8; run_len]
//! game     = (version 1:) number:u32 positions:u32 points:[u8; players] position*
//!            (version 2:) games.rs
//! position = ply:u16 mover:u8 fen_len:u8 fen:[u8; fen_len] scores:[i16; players]
//! ```
//!
//! `run` describes what played the games (seed, nodes, opening, evaluation), so that shards
//! of one run can be told from another run's. `number` is the game's index in the seed's
//! sequence (games are written in order, so the numbers count up); `points` are each seat's
//! points in sixths (a two-player win is 6 and 0, a draw 3 and 3; trichess shares two points,
//! so its seats hold 0 to 12). A position's `ply` counts from the start position, `mover` is
//! the seat to move, and `scores` are the search's scores in centipawns from each seat's
//! point of view (two players: the mover's score and its negation; trichess: each player's
//! own), mates clamped to +/- SCORE_LIMIT. A file cut short in the middle of a game (a killed
//! run) is read up to its last whole game, and `datagen` resumes from there.

use super::games::{read_all_or_nothing, TrainingGame};
use crate::game::Searchable;
use std::fmt;
use std::io::{self, Read, Write};

pub const MAGIC: &[u8; 4] = b"KLDG";
/// The version `datagen` writes: games as moves (games.rs).
pub const VERSION: u8 = 2;
/// The version that stored each position's FEN, still read.
pub const VERSION_POSITIONS: u8 = 1;
/// Scores beyond this (mates, and what leads to them) are stored as this, with their sign.
pub const SCORE_LIMIT: i32 = 30_000;
/// A game's points are stored in sixths of a point: halves and thirds are both whole.
pub const POINT_UNITS: f64 = 6.0;

/// One kept position: where it stands in its game, who is to move, and what the search said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub ply: u16,
    pub mover: u8,
    pub fen: String,
    /// The search's score for each seat, in seat order.
    pub scores: Vec<i16>,
}

/// One game's kept positions and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    pub number: u32,
    /// Each seat's points in sixths.
    pub points: Vec<u8>,
    pub positions: Vec<Position>,
}

/// Why a file cannot be read as training data.
#[derive(Debug)]
pub enum FormatError {
    Io(io::Error),
    NotTrainingData,
    Version(u8),
    /// The file holds another variant's (or another number of players') data.
    Variant {
        found: String,
        players: u8,
    },
    /// A position's FEN is longer than a record holds.
    FenTooLong(usize),
    /// A game of more plies than a record counts.
    GameTooLong,
    /// A game's record ends before its last field.
    Truncated,
    /// A game whose moves do not replay.
    BadGame {
        number: u32,
        why: String,
    },
    /// The file was written by another run (another seed, budget, opening or evaluation).
    OtherRun {
        found: String,
        expected: String,
    },
    /// A version-1 file, which `datagen` reads but no longer appends to.
    OldVersion,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Io(e) => write!(f, "{e}"),
            FormatError::NotTrainingData => {
                f.write_str("not a kaleido training-data file (no KLDG header)")
            }
            FormatError::Version(v) => write!(
                f,
                "training-data format version {v}; this build reads version {VERSION}"
            ),
            FormatError::Variant { found, players } => {
                write!(f, "the file holds {found} data ({players} players)")
            }
            FormatError::FenTooLong(n) => write!(f, "a FEN of {n} bytes does not fit a record"),
            FormatError::GameTooLong => f.write_str("a game of more than 65,535 plies"),
            FormatError::Truncated => f.write_str("a game's record ends before its last field"),
            FormatError::BadGame { number, why } => write!(f, "game {number} does not replay: {why}"),
            FormatError::OtherRun { found, expected } => write!(
                f,
                "the file holds another run's games ({})",
                run_difference(found, expected)
            ),
            FormatError::OldVersion => f.write_str(
                "the file holds version-1 data, which is read but not appended to: write to a new file",
            ),
        }
    }
}

/// What sets run `found` apart from run `expected` (each `key=value` words, as
/// `Settings::run` writes them): the words of `found` that `expected` lacks, each beside
/// `expected`'s word for the same key.
pub fn run_difference(found: &str, expected: &str) -> String {
    let key = |word: &str| word.split('=').next().unwrap_or("").to_string();
    let differing: Vec<String> = found
        .split_whitespace()
        .filter(|w| !expected.split_whitespace().any(|e| e == *w))
        .map(|w| {
            let theirs = expected.split_whitespace().find(|e| key(e) == key(w));
            format!("{w}, not {}", theirs.unwrap_or("unset"))
        })
        .collect();
    match differing.is_empty() {
        true => format!("'{found}', not '{expected}'"),
        false => differing.join("; "),
    }
}

impl std::error::Error for FormatError {}

impl From<io::Error> for FormatError {
    fn from(e: io::Error) -> FormatError {
        FormatError::Io(e)
    }
}

/// The header of a file of `variant` with `players` seats, written by the run `run`.
pub fn header(variant: &str, players: usize, run: &str) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(VERSION);
    out.push(players as u8);
    out.push(variant.len() as u8);
    out.extend_from_slice(variant.as_bytes());
    let run = &run.as_bytes()[..run.len().min(usize::from(u16::MAX))];
    out.extend_from_slice(&(run.len() as u16).to_le_bytes());
    out.extend_from_slice(run);
    out
}

/// What a file's header says beyond its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u8,
    /// The run that wrote the file (empty in version 1).
    pub run: String,
}

/// Reads a header and checks that it is `variant`'s with `players` seats.
pub fn read_header(
    input: &mut impl Read,
    variant: &str,
    players: usize,
) -> Result<Header, FormatError> {
    let (found, found_players, header) = read_any_header(input)?;
    if found != variant || usize::from(found_players) != players {
        return Err(FormatError::Variant {
            found,
            players: found_players,
        });
    }
    Ok(header)
}

/// Reads a header of any variant: the variant's name, its number of seats, and the rest.
pub fn read_any_header(input: &mut impl Read) -> Result<(String, u8, Header), FormatError> {
    let mut fixed = [0u8; 7];
    input.read_exact(&mut fixed).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => FormatError::NotTrainingData,
        _ => FormatError::Io(e),
    })?;
    if &fixed[..4] != MAGIC {
        return Err(FormatError::NotTrainingData);
    }
    let version = fixed[4];
    if version != VERSION && version != VERSION_POSITIONS {
        return Err(FormatError::Version(version));
    }
    let mut name = vec![0u8; usize::from(fixed[6])];
    input.read_exact(&mut name)?;
    let mut run = Vec::new();
    if version == VERSION {
        let mut len = [0u8; 2];
        input.read_exact(&mut len)?;
        run.resize(usize::from(u16::from_le_bytes(len)), 0);
        input.read_exact(&mut run)?;
    }
    let header = Header {
        version,
        run: String::from_utf8_lossy(&run).into_owned(),
    };
    Ok((
        String::from_utf8_lossy(&name).into_owned(),
        fixed[5],
        header,
    ))
}

impl GameBlock {
    /// The block's bytes, ready to append to a file.
    pub fn encode(&self) -> Result<Vec<u8>, FormatError> {
        let mut out = Vec::with_capacity(12 + self.positions.len() * 80);
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&(self.positions.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.points);
        for p in &self.positions {
            let fen_len =
                u8::try_from(p.fen.len()).map_err(|_| FormatError::FenTooLong(p.fen.len()))?;
            out.extend_from_slice(&p.ply.to_le_bytes());
            out.push(p.mover);
            out.push(fen_len);
            out.extend_from_slice(p.fen.as_bytes());
            for s in &p.scores {
                out.extend_from_slice(&s.to_le_bytes());
            }
        }
        Ok(out)
    }

    /// Reads the next block of a `players`-seat file; None at the end of the data, including
    /// a block cut short.
    pub fn decode(input: &mut impl Read, players: usize) -> io::Result<Option<GameBlock>> {
        let mut head = [0u8; 8];
        if !read_all_or_nothing(input, &mut head)? {
            return Ok(None);
        }
        let number = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
        let count = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let mut points = vec![0u8; players];
        if !read_all_or_nothing(input, &mut points)? {
            return Ok(None);
        }
        let mut positions = Vec::with_capacity(count.min(4096));
        for _ in 0..count {
            let mut fixed = [0u8; 4];
            if !read_all_or_nothing(input, &mut fixed)? {
                return Ok(None);
            }
            let mut fen = vec![0u8; usize::from(fixed[3])];
            let mut scores = vec![0u8; 2 * players];
            if !read_all_or_nothing(input, &mut fen)? || !read_all_or_nothing(input, &mut scores)? {
                return Ok(None);
            }
            positions.push(Position {
                ply: u16::from_le_bytes([fixed[0], fixed[1]]),
                mover: fixed[2],
                fen: String::from_utf8_lossy(&fen).into_owned(),
                scores: scores
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]))
                    .collect(),
            });
        }
        Ok(Some(GameBlock {
            number,
            points,
            positions,
        }))
    }
}

/// What a file already holds: its whole games, their positions, and the length in bytes of
/// the header and those games (where a resumed run truncates and appends).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    pub games: u32,
    pub positions: u64,
    pub whole_bytes: u64,
}

/// Reads a file's header and every whole game after it: a version-2 file written by `run`,
/// which a run appends to.
pub fn scan(
    input: &mut impl Read,
    variant: &str,
    players: usize,
    run: &str,
) -> Result<Contents, FormatError> {
    let mut counted = CountingReader {
        inner: input,
        bytes: 0,
    };
    let header = read_header(&mut counted, variant, players)?;
    if header.version != VERSION {
        return Err(FormatError::OldVersion);
    }
    if header.run != run {
        return Err(FormatError::OtherRun {
            found: header.run,
            expected: run.to_string(),
        });
    }
    let mut contents = Contents {
        whole_bytes: counted.bytes,
        ..Contents::default()
    };
    while let Some((_, raw)) = TrainingGame::next_raw(&mut counted)? {
        let game = TrainingGame::decode(&raw, players)?;
        contents.games += 1;
        contents.positions += u64::from(game.kept);
        contents.whole_bytes = counted.bytes;
    }
    Ok(contents)
}

/// Writes `game` whole, so that a run killed between games leaves only whole games.
pub fn append(
    out: &mut impl Write,
    game: &TrainingGame,
    players: usize,
) -> Result<(), FormatError> {
    out.write_all(&game.encode(players)?)?;
    Ok(())
}

/// Reads a `G` file of either version, header first, and hands `each` every whole game with
/// the positions the trainer reads.
pub fn read_games<G: Searchable>(
    input: &mut impl Read,
    mut each: impl FnMut(GameBlock),
) -> Result<(), FormatError> {
    let header = read_header(input, G::NAME, G::PLAYERS)?;
    if header.version == VERSION_POSITIONS {
        while let Some(block) = GameBlock::decode(input, G::PLAYERS)? {
            each(block);
        }
        return Ok(());
    }
    while let Some((_, raw)) = TrainingGame::next_raw(input)? {
        let game = TrainingGame::decode(&raw, G::PLAYERS)?;
        let positions = game.positions::<G>()?;
        each(GameBlock {
            number: game.number,
            points: game.points,
            positions,
        });
    }
    Ok(())
}

struct CountingReader<'a, R> {
    inner: &'a mut R,
    bytes: u64,
}

impl<R: Read> Read for CountingReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::games::Ply;
    use crate::game::Game;
    use crate::variants::chess::Chess;

    /// A version-1 header, as files written before version 2 begin.
    fn header_v1(variant: &str, players: usize) -> Vec<u8> {
        let mut out = header(variant, players, "");
        out[4] = VERSION_POSITIONS;
        out.truncate(out.len() - 2);
        out
    }

    fn block(number: u32, positions: usize) -> GameBlock {
        GameBlock {
            number,
            points: vec![6, 0],
            positions: (0..positions)
                .map(|i| Position {
                    ply: i as u16 + 8,
                    mover: (i % 2) as u8,
                    fen: format!("8/8/8/8/8/8/8/K1k5 w - - 0 {}", i + 1),
                    scores: vec![i as i16 - 3, 3 - i as i16],
                })
                .collect(),
        }
    }

    /// A game of `plies` moves from the start, each the first legal move, all kept.
    fn record(number: u32, plies: usize) -> TrainingGame {
        TrainingGame {
            number,
            points: vec![6, 0],
            first_ply: 8,
            kept: plies as u16,
            start: Chess::startpos().fen(),
            plies: (0..plies)
                .map(|i| Ply {
                    index: 0,
                    scores: vec![i as i16],
                })
                .collect(),
        }
    }

    #[test]
    fn version_1_files_are_still_read() {
        let mut file = header_v1("chess", 2);
        for n in 0..3 {
            file.extend(block(n, n as usize + 2).encode().unwrap());
        }
        let mut read = Vec::new();
        read_games::<Chess>(&mut &file[..], |b| read.push(b)).unwrap();
        assert_eq!(
            read,
            (0..3).map(|n| block(n, n as usize + 2)).collect::<Vec<_>>()
        );
        let err = scan(&mut &file[..], "chess", 2, "").unwrap_err();
        assert!(matches!(err, FormatError::OldVersion), "{err}");
    }

    #[test]
    fn a_file_cut_short_counts_its_whole_games_only() {
        let mut file = header("chess", 2, "seed=1");
        append(&mut file, &record(0, 4), 2).unwrap();
        let whole = file.len() as u64;
        append(&mut file, &record(1, 4), 2).unwrap();
        file.truncate(file.len() - 5);
        let contents = scan(&mut &file[..], "chess", 2, "seed=1").unwrap();
        assert_eq!(
            contents,
            Contents {
                games: 1,
                positions: 4,
                whole_bytes: whole
            }
        );
        let mut read = Vec::new();
        read_games::<Chess>(&mut &file[..], |b| read.push(b)).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].positions.len(), 4);
        assert_eq!(read[0].positions[3].ply, 11);
    }

    #[test]
    fn another_variants_or_runs_file_or_another_format_is_refused() {
        let file = header("cylinder", 2, "");
        let err = scan(&mut &file[..], "chess", 2, "").unwrap_err();
        assert!(err.to_string().contains("cylinder"), "{err}");
        let other = header("chess", 2, "seed=2");
        let err = scan(&mut &other[..], "chess", 2, "seed=1").unwrap_err();
        assert!(matches!(err, FormatError::OtherRun { .. }), "{err}");
        assert!(err.to_string().contains("seed=2"), "{err}");
        let err = scan(&mut &b"rnbqkbnr/pppppppp"[..], "chess", 2, "").unwrap_err();
        assert!(matches!(err, FormatError::NotTrainingData), "{err}");
        let mut newer = header("chess", 2, "");
        newer[4] = VERSION + 1;
        assert!(matches!(
            scan(&mut &newer[..], "chess", 2, ""),
            Err(FormatError::Version(_))
        ));
        assert!(matches!(
            scan(&mut &b"KL"[..], "chess", 2, ""),
            Err(FormatError::NotTrainingData)
        ));
    }

    #[test]
    fn an_overlong_fen_is_an_error_not_a_wrong_record() {
        let mut b = block(0, 1);
        b.positions[0].fen = "x".repeat(300);
        assert!(matches!(b.encode(), Err(FormatError::FenTooLong(300))));
        let mut r = record(0, 1);
        r.start = "x".repeat(300);
        assert!(matches!(r.encode(2), Err(FormatError::FenTooLong(300))));
    }
}
