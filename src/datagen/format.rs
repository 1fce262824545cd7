//! The training-data file `kaleido datagen` writes and the trainer reads: little-endian,
//! variable-length records, compact enough for millions of positions and readable by any
//! variant's own FEN parser, so that the trainer derives its input features with the same code
//! the engine evaluates with.
//!
//! ```text
//! file    = header game*
//! header  = "KLDG" version:u8 players:u8 name_len:u8 name:[u8; name_len]
//! game    = number:u32 positions:u32 points:[u8; players] position*
//! position= ply:u16 mover:u8 fen_len:u8 fen:[u8; fen_len] scores:[i16; players]
//! ```
//!
//! `number` is the game's index in the seed's sequence (games are written in order, so the
//! numbers count up from 0); `points` are each seat's points in sixths (a two-player win is
//! 6 and 0, a draw 3 and 3; trichess shares two points, so its seats hold 0 to 12). A
//! position's `ply` counts from the start position, `mover` is the seat to move, and
//! `scores` are the search's scores in centipawns from each seat's point of view (two
//! players: the mover's score and its negation; trichess: each player's own), mates clamped
//! to +/- SCORE_LIMIT. A file cut short in the middle of a game (a killed run) is read up to
//! its last whole game, and `datagen` resumes from there.

use std::fmt;
use std::io::{self, Read, Write};

pub const MAGIC: &[u8; 4] = b"KLDG";
pub const VERSION: u8 = 1;
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
        }
    }
}

impl std::error::Error for FormatError {}

impl From<io::Error> for FormatError {
    fn from(e: io::Error) -> FormatError {
        FormatError::Io(e)
    }
}

/// The file's header for `variant` with `players` seats.
pub fn header(variant: &str, players: usize) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(VERSION);
    out.push(players as u8);
    out.push(variant.len() as u8);
    out.extend_from_slice(variant.as_bytes());
    out
}

/// Reads a header and checks that it is `variant`'s with `players` seats.
pub fn read_header(
    input: &mut impl Read,
    variant: &str,
    players: usize,
) -> Result<(), FormatError> {
    let mut fixed = [0u8; 7];
    input.read_exact(&mut fixed).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => FormatError::NotTrainingData,
        _ => FormatError::Io(e),
    })?;
    if &fixed[..4] != MAGIC {
        return Err(FormatError::NotTrainingData);
    }
    if fixed[4] != VERSION {
        return Err(FormatError::Version(fixed[4]));
    }
    let mut name = vec![0u8; usize::from(fixed[6])];
    input.read_exact(&mut name)?;
    let found = String::from_utf8_lossy(&name).into_owned();
    if found != variant || usize::from(fixed[5]) != players {
        return Err(FormatError::Variant {
            found,
            players: fixed[5],
        });
    }
    Ok(())
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

/// Fills `buf`; false if the input ends first (at its start or part-way: either way there is
/// no whole record).
fn read_all_or_nothing(input: &mut impl Read, buf: &mut [u8]) -> io::Result<bool> {
    match input.read_exact(buf) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e),
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

/// Reads a file's header and every whole game after it.
pub fn scan(input: &mut impl Read, variant: &str, players: usize) -> Result<Contents, FormatError> {
    let mut counted = CountingReader {
        inner: input,
        bytes: 0,
    };
    read_header(&mut counted, variant, players)?;
    let mut contents = Contents {
        whole_bytes: counted.bytes,
        ..Contents::default()
    };
    while let Some(block) = GameBlock::decode(&mut counted, players)? {
        contents.games += 1;
        contents.positions += block.positions.len() as u64;
        contents.whole_bytes = counted.bytes;
    }
    Ok(contents)
}

/// Writes `block` whole, so that a run killed between blocks leaves only whole games.
pub fn append(out: &mut impl Write, block: &GameBlock) -> Result<(), FormatError> {
    out.write_all(&block.encode()?)?;
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

    #[test]
    fn blocks_read_back_as_written() {
        let mut file = header("chess", 2);
        for n in 0..3 {
            append(&mut file, &block(n, n as usize + 2)).unwrap();
        }
        let mut input = &file[..];
        read_header(&mut input, "chess", 2).unwrap();
        for n in 0..3 {
            assert_eq!(
                GameBlock::decode(&mut input, 2).unwrap(),
                Some(block(n, n as usize + 2))
            );
        }
        assert_eq!(GameBlock::decode(&mut input, 2).unwrap(), None);
    }

    #[test]
    fn a_file_cut_short_counts_its_whole_games_only() {
        let mut file = header("chess", 2);
        append(&mut file, &block(0, 4)).unwrap();
        let whole = file.len() as u64;
        append(&mut file, &block(1, 4)).unwrap();
        file.truncate(file.len() - 5);
        let contents = scan(&mut &file[..], "chess", 2).unwrap();
        assert_eq!(
            contents,
            Contents {
                games: 1,
                positions: 4,
                whole_bytes: whole
            }
        );
    }

    #[test]
    fn another_variants_file_or_another_format_is_refused() {
        let file = header("cylinder", 2);
        let err = scan(&mut &file[..], "chess", 2).unwrap_err();
        assert!(err.to_string().contains("cylinder"), "{err}");
        let err = scan(&mut &b"rnbqkbnr/pppppppp"[..], "chess", 2).unwrap_err();
        assert!(matches!(err, FormatError::NotTrainingData), "{err}");
        let mut newer = header("chess", 2);
        newer[4] = VERSION + 1;
        assert!(matches!(
            scan(&mut &newer[..], "chess", 2),
            Err(FormatError::Version(_))
        ));
        assert!(matches!(
            scan(&mut &b"KL"[..], "chess", 2),
            Err(FormatError::NotTrainingData)
        ));
    }

    #[test]
    fn an_overlong_fen_is_an_error_not_a_wrong_record() {
        let mut b = block(0, 1);
        b.positions[0].fen = "x".repeat(300);
        assert!(matches!(b.encode(), Err(FormatError::FenTooLong(300))));
    }
}
