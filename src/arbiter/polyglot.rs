//! Polyglot opening books (`.bin`), the format most chess GUIs and tournament managers read:
//! 16-byte entries sorted by a 64-bit position key, each a move and its weight. The key is
//! worked out from a FEN of the FIDE board (eight ranks of eight, pieces `PNBRQK`), so a book
//! serves any variant whose positions are written that way; a position it does not describe
//! is simply not in the book.

use super::error::BookError;
use super::polyglot_keys::RANDOM;

/// One book move: a move in coordinates (`e2e4`, `e7e8q`, castling as the king's two-square
/// step) and its weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub token: String,
    pub weight: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    raw: u16,
    weight: u16,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    /// Sorted by key.
    entries: Vec<Entry>,
}

pub const ENTRY_BYTES: usize = 16;

impl PolyglotBook {
    pub fn read(bytes: &[u8]) -> Result<PolyglotBook, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(BookError::Size(bytes.len()));
        }
        let mut entries: Vec<Entry> = bytes
            .chunks_exact(ENTRY_BYTES)
            .map(|e| Entry {
                key: u64::from_be_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]),
                raw: u16::from_be_bytes([e[8], e[9]]),
                weight: u16::from_be_bytes([e[10], e[11]]),
            })
            .collect();
        if entries.is_empty() {
            return Err(BookError::Empty);
        }
        // Books are written sorted; sorting again costs little and forgives one that is not.
        entries.sort_by_key(|e| e.key);
        Ok(PolyglotBook { entries })
    }

    /// The book's moves in the position of `fen`, with a weight above zero, in the book's
    /// order; empty where the position is not in the book or is not a FIDE-board FEN.
    pub fn moves(&self, fen: &str) -> Vec<BookMove> {
        let Some(board) = Board::from_fen(fen) else {
            return Vec::new();
        };
        let key = board.key();
        let first = self.entries.partition_point(|e| e.key < key);
        self.entries[first..]
            .iter()
            .take_while(|e| e.key == key)
            .filter(|e| e.weight > 0)
            .map(|e| BookMove {
                token: board.move_token(e.raw),
                weight: e.weight,
            })
            .collect()
    }
}

/// One entry as the format stores it: the position's key, a move from one square to another
/// (file and rank from 0: e2 is `(4, 1)`; no promotion) and its weight. For programs that
/// write books, and for tests that need one.
pub fn encode_entry(key: u64, from: (u16, u16), to: (u16, u16), weight: u16) -> [u8; ENTRY_BYTES] {
    let raw = (from.1 << 9) | (from.0 << 6) | (to.1 << 3) | to.0;
    let mut bytes = [0; ENTRY_BYTES];
    bytes[..8].copy_from_slice(&key.to_be_bytes());
    bytes[8..10].copy_from_slice(&raw.to_be_bytes());
    bytes[10..12].copy_from_slice(&weight.to_be_bytes());
    bytes
}

/// The parts of a FEN the key is made of.
struct Board {
    /// `squares[rank * 8 + file]`, rank 0 = rank 1; a FEN piece letter or None.
    squares: [Option<char>; 64],
    white_to_move: bool,
    castling: String,
    en_passant: Option<(usize, usize)>,
}

impl Board {
    fn from_fen(fen: &str) -> Option<Board> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next()?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        let mut squares = [None; 64];
        for (i, rank) in ranks.iter().enumerate() {
            let row = 7 - i;
            let mut file = 0;
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => file += n as usize,
                    None if "pnbrqkPNBRQK".contains(c) && file < 8 => {
                        squares[row * 8 + file] = Some(c);
                        file += 1;
                    }
                    None => return None,
                }
            }
            if file != 8 {
                return None;
            }
        }
        let white_to_move = match fields.next()? {
            "w" => true,
            "b" => false,
            _ => return None,
        };
        let castling = fields.next().unwrap_or("-").to_string();
        let en_passant = fields.next().and_then(|sq| {
            let b = sq.as_bytes();
            (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
                .then(|| ((b[0] - b'a') as usize, (b[1] - b'1') as usize))
        });
        Some(Board {
            squares,
            white_to_move,
            castling,
            en_passant,
        })
    }

    fn key(&self) -> u64 {
        let mut key = 0;
        for (square, piece) in self.squares.iter().enumerate() {
            if let Some(c) = piece {
                let kind = "pnbrqk".find(c.to_ascii_lowercase()).unwrap_or(0);
                let colour = usize::from(c.is_ascii_uppercase());
                key ^= RANDOM[64 * (2 * kind + colour) + square];
            }
        }
        for (i, right) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if self.castling.contains(right) {
                key ^= RANDOM[768 + i];
            }
        }
        // The en passant file counts only where a pawn of the side to move can take there.
        if let Some((file, rank)) = self.en_passant {
            let (pawn, from_rank) = if self.white_to_move {
                ('P', rank.wrapping_sub(1))
            } else {
                ('p', rank + 1)
            };
            let beside = [file.wrapping_sub(1), file + 1];
            let can_take = from_rank < 8
                && beside
                    .iter()
                    .any(|&f| f < 8 && self.squares[from_rank * 8 + f] == Some(pawn));
            if can_take {
                key ^= RANDOM[772 + file];
            }
        }
        if self.white_to_move {
            key ^= RANDOM[780];
        }
        key
    }

    /// A book move in coordinates. The format writes castling as the king taking its own
    /// rook (`e1h1`); the rules' notation is the king's two-square step.
    fn move_token(&self, raw: u16) -> String {
        let field = |shift: u16| usize::from((raw >> shift) & 7);
        let (to_file, to_rank, from_file, from_rank) = (field(0), field(3), field(6), field(9));
        let promotion = ["", "n", "b", "r", "q"]
            .get(field(12))
            .copied()
            .unwrap_or("");
        let king = matches!(self.squares[from_rank * 8 + from_file], Some('K' | 'k'));
        let to_file = match (king, from_file, to_file) {
            (true, 4, 7) => 6,
            (true, 4, 0) => 2,
            _ => to_file,
        };
        let square =
            |file: usize, rank: usize| format!("{}{}", (b'a' + file as u8) as char, rank + 1);
        format!(
            "{}{}{promotion}",
            square(from_file, from_rank),
            square(to_file, to_rank)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys from the polyglot format's description: the start position and the positions
    /// after 1.e4 (an en passant square no pawn can take on: it does not count), 1...d5,
    /// 2.e5, 2...f5 (one a pawn can take on: it counts) and 3.Ke2 (White's castling gone).
    #[test]
    fn keys_match_the_formats_examples() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                0x463b96181691fc9c,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                0x823c9b50fd114196,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                0x0756b94461c50fb0,
            ),
            (
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
                0x662fafb965db29d4,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                0x22a48b5a8e47ff78,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
                0x652a607ca3f242c1,
            ),
        ];
        for (fen, key) in cases {
            let board = Board::from_fen(fen).unwrap_or_else(|| panic!("{fen}"));
            assert_eq!(board.key(), key, "{fen}");
        }
        assert!(Board::from_fen("14/14 w - - 0 1").is_none());
    }

    #[test]
    fn books_read_their_moves_and_castle_as_the_rules_write_it() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let castle_key = Board::from_fen(castle).map(|b| b.key()).unwrap_or(0);
        // Written out of order, with a weight-0 move that must not be offered.
        let bytes: Vec<u8> = [
            encode_entry(castle_key, (4, 0), (7, 0), 5),
            encode_entry(0x463b96181691fc9c, (4, 1), (4, 3), 10),
            encode_entry(0x463b96181691fc9c, (3, 1), (3, 3), 0),
            encode_entry(castle_key, (4, 0), (0, 0), 1),
            encode_entry(0x463b96181691fc9c, (6, 0), (5, 2), 3),
        ]
        .concat();
        let book = PolyglotBook::read(&bytes).unwrap_or_default();
        let tokens = |fen: &str| {
            book.moves(fen)
                .into_iter()
                .map(|m| (m.token, m.weight))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            tokens(start),
            vec![("e2e4".to_string(), 10), ("g1f3".to_string(), 3)]
        );
        assert_eq!(
            tokens(castle),
            vec![("e1g1".to_string(), 5), ("e1c1".to_string(), 1)]
        );
        assert!(tokens("8/8/8/8/8/8/8/K1k5 w - - 0 1").is_empty());
        assert_eq!(PolyglotBook::read(&bytes[..17]), Err(BookError::Size(17)));
        assert_eq!(PolyglotBook::read(&[]), Err(BookError::Empty));
    }
}
