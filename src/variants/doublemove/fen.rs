//! The six-field FEN of §8: side field `w`/`b` (a one-sub-move turn), `w1`/`b1`, `w2`/`b2`, and
//! an e.p. field that is `-` or a comma-separated list of targets ordered by file.
//!
//! A position whose king has been captured (the game is over) is written with that king
//! missing and its side to move: the capture ended the capturer's turn, so the loser would
//! move next, at sub-move 1. Reading accepts exactly that: one king missing, its side to move,
//! not at sub-move 2.

use super::{targets_made_by, Doublemove, SubMove};
use crate::core::{Bitboard, Color, Square};
use crate::errors::{FenError, FenField};
use crate::variants::board8::fen::{
    clip, parse_castling, parse_counter, parse_placement, validate_pawn_ranks,
};
use crate::variants::board8::{Board, CastlingForm, PawnRanks, Piece, Role};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Doublemove {
    /// Reads a FEN. The move counters may be left off (EPD style); anything else missing, extra
    /// or inconsistent is an error naming the field. A king standing attacked is normal here
    /// and never an error.
    pub fn from_fen(fen: &str) -> Result<Doublemove, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(FenError::new(
                FenField::Fields,
                format!("expected 6 space-separated fields, found {}", fields.len()),
            ));
        }
        let mut board: Board<crate::variants::board8::Flat> = Board::empty();
        parse_placement(&mut board, fields[0])?;
        let (side, sub_move) = match fields[1] {
            "w" => (Color::White, SubMove::Only),
            "b" => (Color::Black, SubMove::Only),
            "w1" => (Color::White, SubMove::First),
            "b1" => (Color::Black, SubMove::First),
            "w2" => (Color::White, SubMove::Second),
            "b2" => (Color::Black, SubMove::Second),
            other => {
                return Err(FenError::new(
                    FenField::SideToMove,
                    format!("expected w, b, w1, b1, w2 or b2, found '{}'", clip(other)),
                ))
            }
        };
        board.side = side;
        let winner = validate_kings(&board, sub_move)?;
        validate_pawn_ranks(&board, PawnRanks::Fide)?;
        parse_castling(&mut board, fields[2])?;
        board.halfmove = parse_counter(fields.get(4).copied(), FenField::HalfmoveClock, 0)?;
        board.fullmove = parse_counter(fields.get(5).copied(), FenField::FullmoveNumber, 1)?.max(1);
        board.hash = board.hash_from_scratch();
        let mut pos = Doublemove {
            board,
            sub_move,
            ep: Bitboard::EMPTY,
            winner,
        };
        pos.ep = parse_ep(&pos, fields[3])?;
        if sub_move == SubMove::Second && !pos.has_any_move() {
            return Err(FenError::new(
                FenField::SideToMove,
                format!(
                    "{} has no move for sub-move 2 (its turn would have ended after sub-move 1)",
                    color_name(side)
                ),
            ));
        }
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        self.to_fen_as(CastlingForm::XFen)
    }

    /// The FEN with its castling field in the form asked for.
    pub fn to_fen_as(&self, form: CastlingForm) -> String {
        let b = &self.board;
        let digit = match self.sub_move {
            SubMove::Only => "",
            SubMove::First => "1",
            SubMove::Second => "2",
        };
        format!(
            "{} {}{digit} {} {} {} {}",
            b.placement_fen(),
            b.side.fen_char(),
            b.castling_fen_as(form),
            ep_field(self.ep),
            b.halfmove,
            b.fullmove
        )
    }
}

/// `-`, or the targets ordered by file, comma-separated.
fn ep_field(set: Bitboard) -> String {
    if set.is_empty() {
        return "-".to_string();
    }
    let mut squares: Vec<Square> = set.collect();
    squares.sort_by_key(|sq| (sq.file(), sq.rank()));
    squares
        .iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// One king each; or, for a finished game, the side to move's king missing (it was captured).
/// Returns the winner of a finished game.
fn validate_kings(
    b: &Board<crate::variants::board8::Flat>,
    sub_move: SubMove,
) -> Result<Option<Color>, FenError> {
    let kings = |c: Color| b.pieces(c, Role::King).count();
    for color in [Color::White, Color::Black] {
        if kings(color) > 1 {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "{} has {} kings, expected 1",
                    color_name(color),
                    kings(color)
                ),
            ));
        }
    }
    match (kings(Color::White), kings(Color::Black)) {
        (1, 1) => Ok(None),
        (0, 0) => Err(FenError::new(
            FenField::Placement,
            "neither side has a king",
        )),
        _ => {
            let loser = if kings(Color::White) == 0 {
                Color::White
            } else {
                Color::Black
            };
            if b.side != loser {
                return Err(FenError::new(
                    FenField::Placement,
                    format!(
                        "{} has no king: a game ended by king capture is written with the loser \
                         ({0}) to move",
                        color_name(loser)
                    ),
                ));
            }
            if sub_move == SubMove::Second {
                return Err(FenError::new(
                    FenField::SideToMove,
                    format!(
                        "{} has no king (the game is over), so it cannot be at sub-move 2",
                        color_name(loser)
                    ),
                ));
            }
            Ok(Some(!loser))
        }
    }
}

/// The e.p. field: `-` or targets ordered by file, each a valid target (§5) made by the side
/// the sub-move allows (§8).
fn parse_ep(p: &Doublemove, text: &str) -> Result<Bitboard, FenError> {
    if text == "-" {
        return Ok(Bitboard::EMPTY);
    }
    let b = &p.board;
    let us = b.side;
    let mut set = Bitboard::EMPTY;
    let mut last_file = None;
    for part in text.split(',') {
        let Some(sq) = Square::parse(part) else {
            return Err(FenError::new(
                FenField::EnPassant,
                format!(
                    "expected '-' or target squares separated by commas (e6, c3,f3), found '{}'",
                    clip(text)
                ),
            ));
        };
        if last_file.is_some_and(|f| sq.file() <= f) {
            return Err(FenError::new(
                FenField::EnPassant,
                "targets must be listed once each, ordered by file",
            ));
        }
        last_file = Some(sq.file());
        let maker = match sq.rank() {
            2 => Color::White,
            5 => Color::Black,
            _ => {
                return Err(FenError::new(
                    FenField::EnPassant,
                    format!("{sq} is not on rank 3 or 6, where targets lie"),
                ))
            }
        };
        if maker == us && p.sub_move != SubMove::Second {
            return Err(FenError::new(
                FenField::EnPassant,
                format!(
                    "{sq} would be a target made by {}; at the start of a turn only the opponent's \
                     targets are listed",
                    color_name(maker)
                ),
            ));
        }
        let landing = match maker {
            Color::White => Square::new(sq.index() as u8 + 8),
            Color::Black => Square::new(sq.index() as u8 - 8),
        };
        if b.piece_at(landing) != Some(Piece::new(maker, Role::Pawn)) {
            return Err(FenError::new(
                FenField::EnPassant,
                format!(
                    "{sq} is not a valid target: no {} pawn on {landing}",
                    color_name(maker).to_lowercase()
                ),
            ));
        }
        if b.piece_at(sq).is_some() {
            return Err(FenError::new(
                FenField::EnPassant,
                format!("{sq} is not a valid target: the square is occupied"),
            ));
        }
        set = set.with(sq);
    }
    let own = set & targets_made_by(us);
    let theirs = set & targets_made_by(!us);
    if p.sub_move != SubMove::Second {
        if theirs.count() > 2 {
            return Err(FenError::new(
                FenField::EnPassant,
                "at most two targets (a turn makes at most two double steps)",
            ));
        }
    } else if own.count() > 1 {
        return Err(FenError::new(
            FenField::EnPassant,
            "at sub-move 2 the mover has at most one target of its own (from sub-move 1)",
        ));
    } else if theirs.count() > 1 {
        return Err(FenError::new(
            FenField::EnPassant,
            "at sub-move 2 at most one opponent target is left (sub-move 1 used the other)",
        ));
    } else if own.any() && theirs.any() {
        return Err(FenError::new(
            FenField::EnPassant,
            "sub-move 1 was a double step or an en-passant capture, not both: the mover's and \
             the opponent's targets cannot both be listed",
        ));
    }
    Ok(set)
}
