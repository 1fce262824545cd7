//! TriFEN (rules §11): placement, side to move, castling rights, halfmove clock, fullmove
//! number. Reading checks everything a legal game could not produce and names the field at
//! fault; error messages quote at most a few characters of the input, whatever its size.

use super::board::Trichess;
use super::cell::{Cell, RADIUS};
use super::moves::{player_letter, Piece, Role};
use super::tables::{right, CASTLES, ZONE};
use crate::core::Player;
use crate::errors::{quote, FenError, FenField};

pub const START_FEN: &str = "bRbP4cPcR/bBbP5cPcB/bNbP6cPcN/bKbP7cPcQ/bQbB8cBcK/bNbP9cPcN/\
bBbP10cPcB/bRbP11cPcR/bP12cP/13/12/11/10/aPaPaPaPaBaPaPaPaP/aRaBaNaKaQaNaBaR a aKQbKQcKQ 0 1";

/// Keeps error messages one short line even for megabyte inputs.
fn clip(s: &str) -> String {
    quote(s, 20)
}

/// The TriFEN letter of a player, or None.
fn player_of(letter: u8) -> Option<Player> {
    match letter {
        b'a'..=b'c' => Some(Player(letter - b'a')),
        _ => None,
    }
}

fn role_of(letter: u8) -> Option<Role> {
    match letter {
        b'P' => Some(Role::Pawn),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// The cells of row r, by increasing q.
pub(super) fn row_cells(r: i32) -> impl Iterator<Item = Cell> {
    (-RADIUS..=RADIUS).filter_map(move |q| Cell::new(q, r))
}

impl Trichess {
    /// Reads a TriFEN. The two move counters may be left off (0 and 1 then), as EPD does for
    /// FEN; anything else missing, extra or impossible is an error naming the field.
    pub fn from_fen(text: &str) -> Result<Trichess, FenError> {
        // At most one field more than allowed is looked at, so huge inputs cost nothing extra.
        let fields: Vec<&str> = text.split_whitespace().take(6).collect();
        if !(3..=5).contains(&fields.len()) {
            let found = if fields.len() == 6 {
                "more".to_string()
            } else {
                fields.len().to_string()
            };
            return Err(FenError::new(
                FenField::Fields,
                format!("expected 5 space-separated fields, found {found}"),
            ));
        }
        let mut pos = Trichess::empty();
        parse_placement(&mut pos, fields[0])?;
        pos.side = match fields[1].as_bytes() {
            &[letter] => player_of(letter).map(|p| p.0),
            _ => None,
        }
        .ok_or_else(|| {
            FenError::new(
                FenField::SideToMove,
                format!("expected 'a', 'b' or 'c', found '{}'", clip(fields[1])),
            )
        })?;
        validate_men(&pos)?;
        pos.castling = parse_castling(&pos, fields[2])?;
        pos.halfmove = parse_counter(fields.get(3).copied(), FenField::HalfmoveClock, 0)?;
        pos.fullmove = parse_counter(fields.get(4).copied(), FenField::FullmoveNumber, 1)?.max(1);
        // The player who moved last cannot have left its own king attacked (§8).
        let last = Player((pos.side + 2) % 3);
        if pos.in_check(last) {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "player {}, who moved last, is in check: no legal move leaves its own king \
                     attacked",
                    player_letter(last)
                ),
            ));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.placement_fen(),
            player_letter(self.side()),
            self.castling_fen(),
            self.halfmove,
            self.fullmove
        )
    }

    /// The first field: rows r = -7 to 7, each by increasing q.
    pub fn placement_fen(&self) -> String {
        let mut out = String::with_capacity(200);
        for r in -RADIUS..=RADIUS {
            let mut empty = 0;
            for cell in row_cells(r) {
                match self.piece_at(cell) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&piece.to_string());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r < RADIUS {
                out.push('/');
            }
        }
        out
    }

    /// The third field: `aKQbKQcKQ`, a subset in that order, or `-`.
    pub fn castling_fen(&self) -> String {
        let mut out = String::new();
        for p in 0..3 {
            if self.castling & (right(p, 0) | right(p, 1)) == 0 {
                continue;
            }
            out.push(player_letter(Player(p as u8)));
            for (side, letter) in [(0, 'K'), (1, 'Q')] {
                if self.has_right(p, side) {
                    out.push(letter);
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

fn parse_placement(pos: &mut Trichess, text: &str) -> Result<(), FenError> {
    let err = |message: String| FenError::new(FenField::Placement, message);
    let mut rows = text.split('/');
    for r in -RADIUS..=RADIUS {
        let row_no = r + RADIUS + 1;
        let Some(row) = rows.next() else {
            return Err(err(format!(
                "expected 15 rows separated by '/', found {}",
                row_no - 1
            )));
        };
        let cells: Vec<Cell> = row_cells(r).collect();
        let len = cells.len();
        let at = |msg: &str| err(format!("row {row_no} (r = {r}): {msg}"));
        let bytes = row.as_bytes();
        let (mut i, mut filled) = (0, 0);
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &row[start..i];
                let run = match digits.parse::<usize>() {
                    Ok(n) if (1..=15).contains(&n) && !digits.starts_with('0') => n,
                    _ => {
                        return Err(at(&format!(
                            "bad empty-cell count '{}' (1 to 15)",
                            clip(digits)
                        )))
                    }
                };
                filled += run;
                if filled > len {
                    return Err(at(&format!("more than {len} cells")));
                }
                continue;
            }
            let piece = match (player_of(b), bytes.get(i + 1).copied().and_then(role_of)) {
                (Some(player), Some(role)) => Piece::new(player, role),
                _ => {
                    let shown = row.get(i..).unwrap_or("");
                    let shown: String = shown.chars().take(2).collect();
                    return Err(at(&format!(
                        "expected a piece like aK (player a, b or c, then P N B R Q K) or a \
                         number, found '{}'",
                        clip(&shown)
                    )));
                }
            };
            if filled >= len {
                return Err(at(&format!("more than {len} cells")));
            }
            pos.put(
                cells[filled].index(),
                piece.player.index(),
                piece.role as usize,
            );
            filled += 1;
            i += 2;
        }
        if filled != len {
            return Err(at(&format!("{filled} cells, expected {len}")));
        }
    }
    if rows.next().is_some() {
        return Err(err("more than 15 rows".to_string()));
    }
    Ok(())
}

/// One king per player, and no pawn standing where it would have had to promote.
fn validate_men(pos: &Trichess) -> Result<(), FenError> {
    for (p, zone) in ZONE.iter().enumerate() {
        let player = Player(p as u8);
        let kings = pos.pieces(player, Role::King).count();
        if kings == 0 {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "player {} has no king (a captured king ends the game, and the points it \
                     earned depend on the position before the capture, which TriFEN cannot hold)",
                    player_letter(player)
                ),
            ));
        }
        if kings > 1 {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "player {} has {kings} kings, expected 1",
                    player_letter(player)
                ),
            ));
        }
        if let Some(i) = (pos.pieces(player, Role::Pawn) & *zone).lsb() {
            return Err(FenError::new(
                FenField::Placement,
                format!(
                    "player {}'s pawn on {} stands in its promotion zone (it must have promoted)",
                    player_letter(player),
                    Cell::from_index(i)
                ),
            ));
        }
    }
    Ok(())
}

fn parse_castling(pos: &Trichess, text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let err = |message: String| FenError::new(FenField::Castling, message);
    let shape = || {
        err(format!(
            "expected '-' or player letters each followed by K and/or Q (like aKQbKQcKQ), found '{}'",
            clip(text)
        ))
    };
    let mut rights = 0u8;
    let mut player: Option<usize> = None;
    let mut letters_after = 0;
    for b in text.bytes() {
        if let Some(p) = player_of(b) {
            if player.is_some() && letters_after == 0 {
                return Err(shape());
            }
            let mask = right(p.index(), 0) | right(p.index(), 1);
            if rights & mask != 0 || player == Some(p.index()) {
                return Err(err(format!("player {} appears twice", char::from(b))));
            }
            player = Some(p.index());
            letters_after = 0;
            continue;
        }
        let side = match b {
            b'K' => 0,
            b'Q' => 1,
            _ => return Err(shape()),
        };
        let Some(p) = player else {
            return Err(shape());
        };
        let bit = right(p, side);
        if rights & bit != 0 {
            return Err(err(format!(
                "'{}{}' appears twice",
                player_letter(Player(p as u8)),
                char::from(b)
            )));
        }
        let castle = CASTLES[p][side];
        let owner = Player(p as u8);
        let king_home = pos.piece_at(castle.king_from) == Some(Piece::new(owner, Role::King));
        let rook_home = pos.piece_at(castle.rook_from) == Some(Piece::new(owner, Role::Rook));
        if !king_home || !rook_home {
            return Err(err(format!(
                "'{}{}' needs player {}'s king on {} and a rook on {}",
                player_letter(owner),
                char::from(b),
                player_letter(owner),
                castle.king_from,
                castle.rook_from
            )));
        }
        rights |= bit;
        letters_after += 1;
    }
    if letters_after == 0 {
        return Err(shape());
    }
    Ok(rights)
}

fn parse_counter(text: Option<&str>, field: FenField, default: u16) -> Result<u16, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse::<u16>().map_err(|_| {
            FenError::new(
                field,
                format!("expected a number from 0 to 65535, found '{}'", clip(t)),
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_reads_and_writes_back() {
        let pos = Trichess::from_fen(START_FEN).unwrap();
        assert_eq!(pos.to_fen(), START_FEN);
        assert_eq!(pos.occupied().count(), 51);
        for p in 0..3 {
            assert_eq!(pos.men(Player(p)).count(), 17);
        }
        let at = |name: &str| {
            pos.piece_at(Cell::parse(name).unwrap())
                .map(|p| p.to_string())
        };
        // §4's table, a sample of each player.
        assert_eq!(at("DO").as_deref(), Some("aK"));
        assert_eq!(at("EN").as_deref(), Some("aB"));
        assert_eq!(at("ED").as_deref(), Some("bK"));
        assert_eq!(at("EE").as_deref(), Some("bB"));
        assert_eq!(at("OE").as_deref(), Some("cK"));
        assert_eq!(at("OD").as_deref(), Some("cQ"));
        assert_eq!(at("NE").as_deref(), Some("cB"));
        assert_eq!(at("HH"), None);
    }

    #[test]
    fn start_position_is_symmetric_under_the_rotation() {
        let pos = Trichess::from_fen(START_FEN).unwrap();
        for cell in super::super::cell::CELLS {
            let here = pos.piece_at(cell);
            let there = pos.piece_at(cell.rotated());
            assert_eq!(
                here.map(|p| (Player((p.player.0 + 1) % 3), p.role)),
                there.map(|p| (p.player, p.role)),
                "{cell}"
            );
        }
    }

    #[test]
    fn counters_may_be_left_off() {
        let fen = START_FEN.trim_end_matches(" 0 1");
        assert_eq!(Trichess::from_fen(fen).unwrap().to_fen(), START_FEN);
    }
}
