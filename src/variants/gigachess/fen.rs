//! FEN of rules §8.3: 14 ranks from rank 14 down, multi-digit empty runs, the letters of §3,
//! castling field always `-`, the e.p. square after every double step, and the halfmove clock
//! of the 100-ply rule.

use super::board::Gigachess;
use super::make::last_rank;
use super::piece::{Piece, Role};
use super::square::{Square, SIZE};
use crate::core::Color;
use crate::errors::{FenError, FenField};
use crate::variants::board8::fen::{
    clip, parse_counter, parse_ep_square, parse_side, write_placement,
};

pub const START_FEN: &str = "wzjxflhamcxjzw/dernbiqkibnred/ppppoooooopppp/4pppppp4/14/14/14/14/\
                             14/14/4PPPPPP4/PPPPOOOOOOPPPP/DERNBIQKIBNRED/WZJXFLHAMCXJZW w - - 0 1";

const NAMES: [&str; 2] = ["White", "Black"];

impl Gigachess {
    /// Reads a FEN. The two move counters may be left off (as in EPD); anything else missing,
    /// extra or inconsistent is an error naming the field.
    pub fn from_fen(fen: &str) -> Result<Gigachess, FenError> {
        // At most one field more than allowed is collected, so huge input costs nothing.
        let fields: Vec<&str> = fen.split_whitespace().take(7).collect();
        if !(4..=6).contains(&fields.len()) {
            let found = if fields.len() == 7 {
                "more".to_string()
            } else {
                fields.len().to_string()
            };
            return Err(FenError::new(
                FenField::Fields,
                format!("expected 6 space-separated fields, found {found}"),
            ));
        }
        let mut b = Gigachess::empty();
        parse_placement(&mut b, fields[0])?;
        b.side = parse_side(fields[1])?;
        if fields[2] != "-" {
            return Err(FenError::new(
                FenField::Castling,
                format!(
                    "Gigachess has no castling, so the field is always '-', found '{}'",
                    clip(fields[2])
                ),
            ));
        }
        b.ep = parse_ep(&b, fields[3])?;
        b.halfmove = parse_counter(fields.get(4).copied(), FenField::HalfmoveClock, 0)?;
        b.fullmove = parse_counter(fields.get(5).copied(), FenField::FullmoveNumber, 1)?.max(1);
        let waiting = !b.side;
        if b.is_attacked(b.king_square(waiting), b.side) {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "{} is not to move but in check (its king could be captured)",
                    NAMES[waiting.index()]
                ),
            ));
        }
        b.hash = b.hash_from_scratch();
        Ok(b)
    }

    pub fn to_fen(&self) -> String {
        let ep = self.ep.map_or("-".to_string(), |sq| sq.to_string());
        format!(
            "{} {} - {ep} {} {}",
            self.placement_fen(),
            self.side.fen_char(),
            self.halfmove,
            self.fullmove
        )
    }

    /// The first FEN field.
    pub fn placement_fen(&self) -> String {
        write_placement(SIZE, |file, rank| {
            self.piece_at(Square::new(file, rank)).map(Piece::fen_char)
        })
    }
}

fn parse_placement(b: &mut Gigachess, text: &str) -> Result<(), FenError> {
    let err = |message: String| Err(FenError::new(FenField::Placement, message));
    let mut ranks = 0;
    for (i, row) in text.split('/').enumerate() {
        if i == SIZE as usize {
            return err(format!(
                "more than {SIZE} ranks separated by '/' (a 14x14 board)"
            ));
        }
        ranks += 1;
        let rank = SIZE - 1 - i as u8;
        let name = rank + 1;
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                // A run of empty squares is a whole decimal number (`14`, `10`, `4`).
                let mut digits = String::from(ch);
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(d);
                    chars.next();
                }
                let run: usize = match digits.parse() {
                    Ok(n) if (1..=SIZE as usize).contains(&n) && !digits.starts_with('0') => n,
                    _ => {
                        return err(format!(
                            "rank {name}: bad empty-square count '{}'",
                            clip(&digits)
                        ))
                    }
                };
                file += run;
            } else if let Some(piece) = Piece::from_fen_char(ch) {
                if file >= SIZE as usize {
                    return err(format!("rank {name} has more than {SIZE} squares"));
                }
                if piece.role == Role::King && b.pieces(piece.color, Role::King).any() {
                    return err(format!(
                        "{} has more than one King",
                        NAMES[piece.color.index()]
                    ));
                }
                let sq = Square::new(file as u8, rank);
                if piece.role.promotion().is_some() && rank == last_rank(piece.color) {
                    return err(format!(
                        "a {} {} on {sq} stands on its last rank, where it would have promoted",
                        NAMES[piece.color.index()],
                        piece.role.name()
                    ));
                }
                b.put::<false>(sq, piece);
                file += 1;
            } else {
                return err(format!(
                    "rank {name}: unknown piece letter '{}' (known: KQRBNEDLHXJZWFMCAIOP, \
                     lower case for Black)",
                    ch.escape_default()
                ));
            }
            if file > SIZE as usize {
                return err(format!("rank {name} has more than {SIZE} squares"));
            }
        }
        if file != SIZE as usize {
            return err(format!("rank {name} has {file} squares, expected {SIZE}"));
        }
    }
    if ranks != SIZE {
        return err(format!(
            "expected {SIZE} ranks separated by '/', found {ranks}"
        ));
    }
    for color in [Color::White, Color::Black] {
        if b.pieces(color, Role::King).is_empty() {
            return err(format!("{} has no King", NAMES[color.index()]));
        }
    }
    Ok(())
}

/// The e.p. field: the square the opponent's last move passed over with a double step.
fn parse_ep(b: &Gigachess, text: &str) -> Result<Option<Square>, FenError> {
    let Some(ep) = parse_ep_square(text, Square::parse)? else {
        return Ok(None);
    };
    let mover = !b.side;
    let dr: i8 = if mover == Color::White { 1 } else { -1 };
    // The mover's man went from `start` over `ep` to `landing`; a double step onto the last
    // rank promoted it.
    let landed = ep.offset(0, dr).and_then(|sq| b.piece_at(sq));
    let could_double_step = match landed {
        Some(p) if p.color == mover => match p.role {
            Role::Pawn | Role::Corporal | Role::Prince => true,
            Role::Queen | Role::Amazon => {
                ep.offset(0, dr).map(Square::rank) == Some(last_rank(mover))
            }
            _ => false,
        },
        _ => false,
    };
    let start_empty = ep.offset(0, -dr).is_some_and(|sq| b.piece_at(sq).is_none());
    if !could_double_step || !start_empty || b.piece_at(ep).is_some() {
        return Err(FenError::new(
            FenField::EnPassant,
            format!(
                "{ep} is not a square that a {} Pawn, Corporal or Prince just passed over",
                NAMES[mover.index()]
            ),
        ));
    }
    Ok(Some(ep))
}
