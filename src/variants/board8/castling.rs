//! Castling rights and the squares a castling move uses, for the classical start and for every
//! shuffled (Chess960) start alike: the king castles from wherever it stands between its two
//! rooks and always lands on the g- or c-file, its rook beside it on the f- or d-file.

use crate::core::{Bitboard, Color, Square};

/// Castling rights: bit 0 White O-O, 1 White O-O-O, 2 Black O-O, 3 Black O-O-O.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling(pub u8);

impl Castling {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;

    pub const fn kingside(color: Color) -> u8 {
        match color {
            Color::White => Castling::WHITE_KING,
            Color::Black => Castling::BLACK_KING,
        }
    }
    pub const fn queenside(color: Color) -> u8 {
        match color {
            Color::White => Castling::WHITE_QUEEN,
            Color::Black => Castling::BLACK_QUEEN,
        }
    }
    /// Both of a side's rights.
    pub const fn both(color: Color) -> u8 {
        Castling::kingside(color) | Castling::queenside(color)
    }
    /// The single right of `color` castling towards the h-file (`kingside`) or the a-file.
    pub const fn right(color: Color, kingside: bool) -> u8 {
        if kingside {
            Castling::kingside(color)
        } else {
            Castling::queenside(color)
        }
    }
    #[inline(always)]
    pub const fn has(self, right: u8) -> bool {
        self.0 & right != 0
    }
}

/// The rank a colour castles on.
pub const fn home_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// Where each right's king and rook start, fixed for a game by its starting position (e1 with
/// the corner rooks in the classical start, anywhere with the king between its rooks in a
/// shuffled one). Kept for all four rights whether or not a right is still held; only held
/// rights are read, and while a right is held its king has not moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CastlingRooks {
    /// By right bit's position (White O-O, White O-O-O, Black O-O, Black O-O-O): the index of
    /// that castling's squares in `PATHS`, looked up since move generation asks at every node.
    paths: [u8; 4],
    /// The files of the castling rooks, White's and Black's, a bit per file: to tell at once
    /// that a move touches none of them. Bytes, not a bitboard, since every move copies the
    /// board this is part of.
    rook_files: [u8; 2],
}

impl CastlingRooks {
    /// King on the e-file, rooks in the corners.
    pub const CLASSICAL: CastlingRooks = CastlingRooks::new([4, 4], [7, 0, 7, 0]);

    /// The castlings of kings on `king_files` (White's, Black's) with rooks on `rook_files`
    /// (by right bit's position).
    pub const fn new(king_files: [u8; 2], rook_files: [u8; 4]) -> CastlingRooks {
        let mut paths = [0u8; 4];
        let mut i = 0;
        while i < 4 {
            paths[i] = path_index(i, king_files[i / 2], rook_files[i]) as u8;
            i += 1;
        }
        CastlingRooks::from_paths(paths)
    }

    const fn from_paths(paths: [u8; 4]) -> CastlingRooks {
        let mut rook_files = [0u8; 2];
        let mut i = 0;
        while i < 4 {
            rook_files[i / 2] |= 1 << PATHS[paths[i] as usize].rook_from.file();
            i += 1;
        }
        CastlingRooks { paths, rook_files }
    }

    /// The squares of a single right's castling (one bit of `Castling`).
    #[inline(always)]
    pub fn path(self, right: u8) -> &'static CastlePath {
        &PATHS[self.paths[right.trailing_zeros() as usize & 3] as usize]
    }

    /// The rook square of a single right.
    #[inline(always)]
    pub fn square(self, right: u8) -> Square {
        self.path(right).rook_from
    }

    /// The rook file of a single right.
    pub fn file(self, right: u8) -> u8 {
        self.square(right).file()
    }

    /// This with the king of `right` on `king_file` and its rook on `rook_file`.
    pub fn with(self, right: u8, king_file: u8, rook_file: u8) -> CastlingRooks {
        let mut paths = self.paths;
        let i = right.trailing_zeros() as usize & 3;
        paths[i] = path_index(i, king_file, rook_file) as u8;
        CastlingRooks::from_paths(paths)
    }

    /// Rights kept after a move of a man of `mover_is_king`'s kind by `color` from `from` to
    /// `to`: a king move loses both of its side's rights, and a move from or onto a castling
    /// rook's square loses that rook's right.
    #[inline(always)]
    pub fn kept(
        self,
        rights: Castling,
        color: Color,
        mover_is_king: bool,
        from: Square,
        to: Square,
    ) -> Castling {
        let mut kept = rights.0;
        if mover_is_king {
            kept &= !Castling::both(color);
        }
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        let rooks = u64::from(self.rook_files[0]) | u64::from(self.rook_files[1]) << 56;
        if (touched & Bitboard(rooks)).any() {
            for bit in [1u8, 2, 4, 8] {
                if touched.has(self.square(bit)) {
                    kept &= !bit;
                }
            }
        }
        Castling(kept)
    }
}

impl Default for CastlingRooks {
    fn default() -> CastlingRooks {
        CastlingRooks::CLASSICAL
    }
}

/// The squares of one castling move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CastlePath {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Every square king or rook crosses or lands on, which must be empty but for those two.
    pub clear: Bitboard,
    /// The squares the king passes over, start and landing left out (castling out of check is
    /// refused before, and the landing is judged after the move).
    pub king_crosses: Bitboard,
}

impl CastlePath {
    /// The path of `color` castling to `kingside` (or the a-file's side) with its king on
    /// `king_from` and the rook of that right on `rook_from`.
    pub const fn new(
        color: Color,
        kingside: bool,
        king_from: Square,
        rook_from: Square,
    ) -> CastlePath {
        let rank = home_rank(color);
        let (king_file, rook_file) = if kingside { (6, 5) } else { (2, 3) };
        let king_to = Square::from_coords(king_file, rank);
        let rook_to = Square::from_coords(rook_file, rank);
        let king_line = span(king_from, king_to);
        let both = (1u64 << king_from.index()) | (1u64 << rook_from.index());
        CastlePath {
            king_from,
            king_to,
            rook_from,
            rook_to,
            clear: Bitboard((king_line | span(rook_from, rook_to)) & !both),
            king_crosses: Bitboard(
                king_line & !(1u64 << king_to.index()) & !(1u64 << king_from.index()),
            ),
        }
    }
}

/// Every castling there can be: by right (White O-O, White O-O-O, Black O-O, Black O-O-O),
/// king file and rook file.
static PATHS: [CastlePath; 256] = all_paths();

const fn path_index(right: usize, king_file: u8, rook_file: u8) -> usize {
    (right * 8 + (king_file as usize & 7)) * 8 + (rook_file as usize & 7)
}

const fn all_paths() -> [CastlePath; 256] {
    let a1 = Square::new(0);
    let mut out = [CastlePath::new(Color::White, true, a1, a1); 256];
    let mut right = 0;
    while right < 4 {
        let color = if right < 2 {
            Color::White
        } else {
            Color::Black
        };
        let rank = home_rank(color);
        let mut king = 0;
        while king < 8 {
            let mut rook = 0;
            while rook < 8 {
                out[path_index(right, king, rook)] = CastlePath::new(
                    color,
                    right % 2 == 0,
                    Square::from_coords(king, rank),
                    Square::from_coords(rook, rank),
                );
                rook += 1;
            }
            king += 1;
        }
        right += 1;
    }
    out
}

/// The squares of one rank from `a` to `b`, both included, along the ordinary path (never round
/// the cylinder's seam).
const fn span(a: Square, b: Square) -> u64 {
    let (lo, hi) = if a.index() < b.index() {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn squares(names: &[&str]) -> Bitboard {
        names
            .iter()
            .fold(Bitboard::EMPTY, |bb, name| bb.with(sq(name)))
    }

    #[test]
    fn the_classical_paths_are_the_fide_squares() {
        let short = CastlePath::new(Color::White, true, sq("e1"), sq("h1"));
        assert_eq!(short.clear, squares(&["f1", "g1"]));
        assert_eq!(short.king_crosses, squares(&["f1"]));
        let long = CastlePath::new(Color::Black, false, sq("e8"), sq("a8"));
        assert_eq!(long.clear, squares(&["b8", "c8", "d8"]));
        assert_eq!(long.king_crosses, squares(&["d8"]));
        assert_eq!((long.king_to, long.rook_to), (sq("c8"), sq("d8")));
    }

    #[test]
    fn shuffled_paths_leave_out_the_two_men_and_may_keep_the_king_still() {
        // King g1, rook h1: the king stays, the rook jumps to f1.
        let still = CastlePath::new(Color::White, true, sq("g1"), sq("h1"));
        assert_eq!(still.clear, squares(&["f1"]));
        assert_eq!(still.king_crosses, Bitboard::EMPTY);
        // King b1, rook a1, queenside: the king walks away from its rook to c1.
        let away = CastlePath::new(Color::White, false, sq("b1"), sq("a1"));
        assert_eq!(away.clear, squares(&["c1", "d1"]));
        assert_eq!(away.king_crosses, Bitboard::EMPTY);
        // King f1, rook g1: they swap places, nothing else must be empty.
        let swap = CastlePath::new(Color::White, true, sq("f1"), sq("g1"));
        assert_eq!(swap.clear, Bitboard::EMPTY);
    }

    #[test]
    fn rights_fall_with_their_rook_or_king() {
        let rooks = CastlingRooks::new([4, 4], [6, 1, 7, 0]);
        let all = Castling(15);
        let kept =
            |color, king, from: &str, to: &str| rooks.kept(all, color, king, sq(from), sq(to)).0;
        assert_eq!(kept(Color::White, false, "g1", "g4"), 15 & !1);
        assert_eq!(
            kept(Color::White, false, "h1", "h4"),
            15,
            "not a castling rook"
        );
        assert_eq!(kept(Color::Black, false, "b4", "b1"), 15 & !2, "captured");
        assert_eq!(kept(Color::Black, true, "e8", "e7"), 3);
        assert_eq!(rooks.square(Castling::BLACK_KING), sq("h8"));
    }
}
