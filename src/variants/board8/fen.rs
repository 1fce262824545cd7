//! Reading and writing the standard six-field FEN of the 8x8 variants.

use super::board::Board;
use super::castling::{home_rank, Castling, CastlingRooks};
use super::geometry::Geometry;
use super::piece::{Piece, Role};
use crate::core::{Bitboard, Color, Square};
use crate::errors::{quote, FenError, FenField};
use std::fmt::Write;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How the castling field names the rook of each right.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum CastlingForm {
    /// X-FEN: `KQkq` for the outermost rook on each side of the king, the rook's file letter
    /// (`B`, `g`) only for an inner one; classical positions read as in plain FEN.
    #[default]
    XFen,
    /// Shredder-FEN: always the rook's file letter (`HAha`).
    Shredder,
}

/// Where pawns may stand in a position string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PawnRanks {
    /// FIDE: never on rank 1 or 8.
    Fide,
    /// Also on the owner's own first rank (spinchess: a spin can put them there); never on the
    /// owner's last rank, where it would have promoted.
    OwnFirstRankToo,
}

impl<G: Geometry> Board<G> {
    /// Reads a FEN. The move counters may be left off (as in EPD); anything else missing, extra
    /// or inconsistent is an error naming the field.
    pub fn from_fen(fen: &str) -> Result<Board<G>, FenError> {
        Board::from_fen_with(fen, PawnRanks::Fide)
    }

    /// `from_fen` with the variant's rule for where pawns may stand.
    pub fn from_fen_with(fen: &str, pawns: PawnRanks) -> Result<Board<G>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(FenError::new(
                FenField::Fields,
                format!("expected 6 space-separated fields, found {}", fields.len()),
            ));
        }
        let mut b = Board::empty();
        parse_placement(&mut b, fields[0])?;
        b.side = parse_side(fields[1])?;
        validate_kings(&b)?;
        validate_pawn_ranks(&b, pawns)?;
        parse_castling(&mut b, fields[2])?;
        b.ep = parse_ep(&b, fields[3])?;
        b.halfmove = parse_counter(fields.get(4).copied(), FenField::HalfmoveClock, 0)?;
        b.fullmove = parse_counter(fields.get(5).copied(), FenField::FullmoveNumber, 1)?.max(1);
        let opponent_king = b.king_square(!b.side);
        if b.is_attacked(opponent_king, b.side, b.occupied()) {
            return Err(FenError::new(
                FenField::Placement,
                "the side not to move is in check (its king could be captured)",
            ));
        }
        // An unusable target is dropped rather than kept, as the board never stores one.
        if b.ep.is_some_and(|ep| !b.ep_capturable(ep)) {
            b.ep = None;
        }
        b.hash = b.hash_from_scratch();
        Ok(b)
    }

    /// The FEN, its castling field in X-FEN.
    pub fn to_fen(&self) -> String {
        self.to_fen_as(CastlingForm::XFen)
    }

    /// The FEN with the castling field in `form`.
    pub fn to_fen_as(&self, form: CastlingForm) -> String {
        let ep = match self.ep {
            Some(ep) => ep.to_string(),
            None => "-".to_string(),
        };
        format!(
            "{} {} {} {ep} {} {}",
            self.placement_fen(),
            self.side.fen_char(),
            self.castling_fen_as(form),
            self.halfmove,
            self.fullmove
        )
    }

    /// The first FEN field.
    pub fn placement_fen(&self) -> String {
        write_placement(8, |file, rank| {
            self.piece_at(Square::from_coords(file, rank))
                .map(Piece::fen_char)
        })
    }

    /// The castling field in X-FEN: `KQkq`, a subset, or `-`; a file letter for an inner rook.
    pub fn castling_fen(&self) -> String {
        self.castling_fen_as(CastlingForm::XFen)
    }

    /// The castling field in `form`: White's rights before Black's, each side's h-file right
    /// first; `-` for none.
    pub fn castling_fen_as(&self, form: CastlingForm) -> String {
        let mut out = String::with_capacity(4);
        for color in [Color::White, Color::Black] {
            for kingside in [true, false] {
                let right = Castling::right(color, kingside);
                if !self.castling.has(right) {
                    continue;
                }
                let file = self.castling_rooks.file(right);
                let outermost = outermost_rook(self, color, kingside) == Some(file);
                let letter = match (form, outermost) {
                    (CastlingForm::XFen, true) if kingside => 'K',
                    (CastlingForm::XFen, true) => 'Q',
                    _ => (b'A' + file) as char,
                };
                out.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

/// The file of `color`'s rook farthest from its king on the king's rank, towards the h-file
/// (`kingside`) or the a-file; None when there is none.
fn outermost_rook<G: Geometry>(b: &Board<G>, color: Color, kingside: bool) -> Option<u8> {
    let rank = home_rank(color);
    let king = b.pieces(color, Role::King).next()?;
    if king.rank() != rank {
        return None;
    }
    let rook = Some(Piece::new(color, Role::Rook));
    let has_rook = |file: u8| b.piece_at(Square::from_coords(file, rank)) == rook;
    if kingside {
        (king.file() + 1..8).rev().find(|&f| has_rook(f))
    } else {
        (0..king.file()).find(|&f| has_rook(f))
    }
}

/// Keeps error messages one short line even for megabyte inputs.
pub(crate) fn clip(s: &str) -> String {
    quote(s, 20)
}

/// The side-to-move field of a two-player FEN: `w` or `b`.
pub(crate) fn parse_side(text: &str) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::new(
            FenField::SideToMove,
            format!("expected 'w' or 'b', found '{}'", clip(other)),
        )),
    }
}

/// The e.p. field's square, read by `parse_square`: None for `-`.
pub(crate) fn parse_ep_square<S>(
    text: &str,
    parse_square: impl Fn(&str) -> Option<S>,
) -> Result<Option<S>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    match parse_square(text) {
        Some(sq) => Ok(Some(sq)),
        None => Err(FenError::new(
            FenField::EnPassant,
            format!("expected '-' or a square, found '{}'", clip(text)),
        )),
    }
}

/// The placement field of a square board `size` squares wide: ranks from the top, each run of
/// empty squares as its length; `letter_at(file, rank)` is the FEN letter of the man there.
pub(crate) fn write_placement(size: u8, letter_at: impl Fn(u8, u8) -> Option<char>) -> String {
    let mut out = String::with_capacity(usize::from(size) * (usize::from(size) + 1));
    for rank in (0..size).rev() {
        let mut empty = 0;
        for file in 0..size {
            match letter_at(file, rank) {
                Some(letter) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

pub(crate) fn parse_placement<G: Geometry>(b: &mut Board<G>, text: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::new(
            FenField::Placement,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u8 = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(FenError::new(
                        FenField::Placement,
                        format!("rank {}: bad empty-square count '{ch}'", rank + 1),
                    ));
                }
                file += d as u8;
            } else if let Some(piece) = Piece::from_fen_char(ch) {
                if file >= 8 {
                    return Err(FenError::new(
                        FenField::Placement,
                        format!("rank {} has more than 8 squares", rank + 1),
                    ));
                }
                b.put(Square::from_coords(file, rank), piece);
                file += 1;
            } else {
                return Err(FenError::new(
                    FenField::Placement,
                    format!(
                        "rank {}: unknown piece letter '{}'",
                        rank + 1,
                        ch.escape_default()
                    ),
                ));
            }
            if file > 8 {
                return Err(FenError::new(
                    FenField::Placement,
                    format!("rank {} has more than 8 squares", rank + 1),
                ));
            }
        }
        if file != 8 {
            return Err(FenError::new(
                FenField::Placement,
                format!("rank {} has {file} squares, expected 8", rank + 1),
            ));
        }
    }
    Ok(())
}

pub(crate) fn validate_kings<G: Geometry>(b: &Board<G>) -> Result<(), FenError> {
    for color in [Color::White, Color::Black] {
        let kings = b.pieces(color, Role::King).count();
        if kings != 1 {
            let name = if color == Color::White {
                "White"
            } else {
                "Black"
            };
            return Err(FenError::new(
                FenField::Placement,
                format!("{name} has {kings} kings, expected 1"),
            ));
        }
    }
    Ok(())
}

pub(crate) fn validate_pawn_ranks<G: Geometry>(
    b: &Board<G>,
    rule: PawnRanks,
) -> Result<(), FenError> {
    let on_last_rank = (b.pieces(Color::White, Role::Pawn) & Bitboard::RANK_8)
        | (b.pieces(Color::Black, Role::Pawn) & Bitboard::RANK_1);
    let on_first_rank = (b.pieces(Color::White, Role::Pawn) & Bitboard::RANK_1)
        | (b.pieces(Color::Black, Role::Pawn) & Bitboard::RANK_8);
    if on_last_rank.any() {
        return Err(FenError::new(
            FenField::Placement,
            format!("a pawn on {} stands on its last rank", on_last_rank.lsb()),
        ));
    }
    if rule == PawnRanks::Fide && on_first_rank.any() {
        return Err(FenError::new(
            FenField::Placement,
            format!(
                "a pawn on {} stands on its own first rank",
                on_first_rank.lsb()
            ),
        ));
    }
    Ok(())
}

/// Reads the castling field into `b` (rights, rook files, and whether castling must be written
/// king-takes-rook), in either X-FEN or Shredder-FEN: `K`/`Q` name the outermost rook on that
/// side of the king, a file letter names the rook on that file; upper case for White.
pub(crate) fn parse_castling<G: Geometry>(b: &mut Board<G>, text: &str) -> Result<(), FenError> {
    let err = |message: String| FenError::new(FenField::Castling, message);
    let mut rights = Castling(0);
    let mut rooks = CastlingRooks::CLASSICAL;
    if text != "-" {
        for ch in text.chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let side = if color == Color::White {
                "White"
            } else {
                "Black"
            };
            let rank = home_rank(color);
            if !ch.is_ascii_alphabetic()
                || !matches!(ch.to_ascii_lowercase(), 'a'..='h' | 'k' | 'q')
            {
                return Err(err(format!(
                    "expected '-', letters from KQkq or rook files A-H/a-h, found '{}'",
                    clip(text)
                )));
            }
            let Some(king) = b.pieces(color, Role::King).next() else {
                return Err(err(format!("'{ch}' needs {side}'s king on the board")));
            };
            if king.rank() != rank {
                return Err(err(format!(
                    "'{ch}' needs {side}'s king on its first rank, not on {king}"
                )));
            }
            let (kingside, file) = match ch.to_ascii_lowercase() {
                'k' | 'q' => {
                    let kingside = ch.eq_ignore_ascii_case(&'k');
                    let Some(file) = outermost_rook(b, color, kingside) else {
                        let corner = Square::from_coords(if kingside { 7 } else { 0 }, rank);
                        return Err(err(format!(
                            "'{ch}' needs a {} rook between the king on {king} and {corner}",
                            side.to_lowercase()
                        )));
                    };
                    (kingside, file)
                }
                letter => {
                    let file = letter as u8 - b'a';
                    let square = Square::from_coords(file, rank);
                    if file == king.file() {
                        return Err(err(format!("'{ch}' names the king's own file")));
                    }
                    if b.piece_at(square) != Some(Piece::new(color, Role::Rook)) {
                        return Err(err(format!(
                            "'{ch}' names {square}, where no {} rook stands",
                            side.to_lowercase()
                        )));
                    }
                    (file > king.file(), file)
                }
            };
            let right = Castling::right(color, kingside);
            if rights.has(right) {
                let wing = if kingside { "h-file" } else { "a-file" };
                return Err(err(format!(
                    "'{ch}' gives {side} a second right on the {wing} side"
                )));
            }
            rights.0 |= right;
            rooks = rooks.with(right, king.file(), file);
        }
    }
    b.castling = rights;
    b.castling_rooks = rooks;
    b.chess960 = b.castling_off_classical();
    Ok(())
}

fn parse_ep<G: Geometry>(b: &Board<G>, text: &str) -> Result<Option<Square>, FenError> {
    let Some(ep) = parse_ep_square(text, Square::parse)? else {
        return Ok(None);
    };
    // The target lies behind a pawn of the side that just moved, which came from two squares back.
    let (rank, mover) = match b.side {
        Color::White => (5, Color::Black),
        Color::Black => (2, Color::White),
    };
    let behind = |dr: i8| Square::from_coords(ep.file(), (ep.rank() as i8 + dr) as u8);
    let toward_mover = if mover == Color::White { 1 } else { -1 };
    if ep.rank() != rank
        || b.piece_at(behind(toward_mover)) != Some(Piece::new(mover, Role::Pawn))
        || b.piece_at(ep).is_some()
        || b.piece_at(behind(-toward_mover)).is_some()
    {
        return Err(FenError::new(
            FenField::EnPassant,
            format!("{ep} is not the square a pawn just passed over"),
        ));
    }
    Ok(Some(ep))
}

pub(crate) fn parse_counter(
    text: Option<&str>,
    field: FenField,
    default: u16,
) -> Result<u16, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse::<u16>()
            .map_err(|_| FenError::new(field, format!("expected a number, found '{}'", clip(t)))),
    }
}

#[cfg(test)]
mod tests {
    use crate::errors::FenField;
    use crate::variants::chess::Chess;
    use crate::variants::cylinder::Cylinder;

    const ROUND_TRIP: [&str; 8] = [
        super::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 120",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    ];

    #[test]
    fn fen_round_trips() {
        for fen in ROUND_TRIP {
            assert_eq!(Chess::from_fen(fen).unwrap().to_fen(), fen);
            // Position 3 is illegal on the cylinder (see below).
            if fen != ROUND_TRIP[2] {
                assert_eq!(Cylinder::from_fen(fen).unwrap().to_fen(), fen);
            }
        }
    }

    #[test]
    fn move_counters_may_be_left_off() {
        let b = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn unusable_en_passant_target_is_dropped() {
        // No black pawn beside e4, so the target can never be used and is not kept.
        let b = Chess::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(b.en_passant(), None);
        assert!(b.to_fen().contains(" b - - 0 1"));
    }

    #[test]
    fn en_passant_across_the_edge_is_kept_on_the_cylinder() {
        // The a5 pawn captures h6 only round the edge: kept for cylinder, dropped for chess.
        let fen = "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 2";
        assert_eq!(Cylinder::from_fen(fen).unwrap().to_fen(), fen);
        assert_eq!(Chess::from_fen(fen).unwrap().en_passant(), None);
    }

    /// Each malformed FEN is refused with an error naming the field at fault.
    #[test]
    fn malformed_fens_name_their_field() {
        let cases: [(&str, FenField); 22] = [
            ("", FenField::Fields),
            ("8/8/8/8/8/8/8/8", FenField::Fields),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FenField::Fields),
            ("4k3/8/8/8/8/8/4K3 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Placement),
            ("4k4/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/4K02 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenField::SideToMove),
            ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", FenField::Castling),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenField::Castling),
            ("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", FenField::Castling),
            ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenField::EnPassant),
            ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", FenField::EnPassant),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", FenField::EnPassant),
            ("4k3/8/8/8/8/8/8/4K3 w - - x 1", FenField::HalfmoveClock),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", FenField::FullmoveNumber),
        ];
        for (fen, field) in cases {
            match Chess::from_fen(fen) {
                Ok(_) => panic!("accepted malformed FEN '{fen}'"),
                Err(e) => assert_eq!(e.field, field, "'{fen}': {e}"),
            }
        }
    }

    #[test]
    fn kings_adjacent_across_the_edge_are_refused_on_the_cylinder() {
        // Ka4 with kh5 (docs/rules/cylinder.md §2): legal on a flat board, not on the cylinder.
        let fen = "8/8/8/7k/K7/8/8/8 w - - 0 1";
        assert!(Chess::from_fen(fen).is_ok());
        assert_eq!(
            Cylinder::from_fen(fen).unwrap_err().field,
            FenField::Placement
        );
        // In CPW position 3 the rook on b4 attacks the black king on h4 via a4, round the edge,
        // with White to move: no legal cylinder position.
        assert_eq!(
            Cylinder::from_fen(ROUND_TRIP[2]).unwrap_err().field,
            FenField::Placement
        );
    }

    #[test]
    fn shuffled_castling_reads_in_both_forms_and_writes_x_fen_or_shredder() {
        use super::CastlingForm;
        // Outermost rooks: K and Q in X-FEN, files in Shredder-FEN.
        let outer = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1";
        let shredder = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        for fen in [outer, shredder] {
            let b = Chess::from_fen(fen).unwrap();
            assert_eq!(b.to_fen(), outer);
            assert_eq!(b.to_fen_as(CastlingForm::Shredder), shredder);
            assert!(b.chess960());
        }
        // An inner rook takes its file letter in X-FEN: the h1-rook is outermost, g1 is not.
        let inner = "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1";
        let b = Chess::from_fen(inner).unwrap();
        assert_eq!(b.to_fen(), inner);
        assert_eq!(b.castling_rooks().file(1), 6);
        assert_eq!(
            Chess::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w K - 0 1")
                .unwrap()
                .castling_rooks()
                .file(1),
            7
        );
        // The classical start is classical in either form.
        let b =
            Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(b.to_fen(), super::START_FEN);
        assert!(!b.chess960());
    }

    #[test]
    fn impossible_castling_fields_name_the_field_and_say_why() {
        let cases = [
            (
                "4k3/8/8/8/8/8/8/4K3 w C - 0 1",
                "'C' names c1, where no white rook stands",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w E - 0 1",
                "'E' names the king's own file",
            ),
            (
                "4k3/8/8/8/8/8/4K3/R6R w A - 0 1",
                "'A' needs White's king on its first rank, not on e2",
            ),
            (
                "4k3/8/8/8/8/8/8/1K5R w Q - 0 1",
                "'Q' needs a white rook between the king on b1 and a1",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K1RR w GH - 0 1",
                "'H' gives White a second right on the h-file side",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K2R w KX - 0 1",
                "expected '-', letters from KQkq or rook files A-H/a-h",
            ),
        ];
        for (fen, why) in cases {
            let e = Chess::from_fen(fen).unwrap_err();
            assert_eq!(e.field, FenField::Castling, "{fen}");
            assert!(e.to_string().contains(why), "{fen}: {e}");
        }
    }

    #[test]
    fn huge_input_gives_a_short_error() {
        let fen = format!("{} w - - 0 1", "p".repeat(1 << 20));
        let e = Chess::from_fen(&fen).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }
}
