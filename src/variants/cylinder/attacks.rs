//! Attack sets on the cylinder (files wrap, ranks do not), from tables made by build.rs.
//!
//! Rooks: the rank is a ring of 8 squares, looked up by its occupancy byte; the file is FIDE's.
//! Bishops: each wrapped diagonal has one square per rank on distinct files, so its occupancy
//! collapses to one byte by a multiply (see tables_gen.rs) and indexes a 256-entry table.

use crate::core::{Bitboard, Color, Square};
use crate::variants::board8::flat::attacks as flat;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/cylinder_tables.rs"));
}
use tables::*;

/// Ray directions, in the order of the RAYS table (and reference::DIRS).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    North = 0,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::South,
        Dir::East,
        Dir::West,
        Dir::NorthEast,
        Dir::NorthWest,
        Dir::SouthEast,
        Dir::SouthWest,
    ];
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) < 4
    }
}

#[inline(always)]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}
#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}
#[inline(always)]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index() * 64 + sq.index()])
}

#[inline(always)]
fn rank_byte(sq: Square, occ: Bitboard) -> usize {
    sq.file() as usize * 256 + ((occ.0 >> (sq.rank() * 8)) & 0xff) as usize
}

#[inline(always)]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    let file = Bitboard::file(sq.file());
    let vertical = flat::rook(sq, occ & file) & file;
    let horizontal = Bitboard((RING[rank_byte(sq, occ)] as u64) << (sq.rank() * 8));
    vertical | horizontal
}

#[inline(always)]
fn collapsed(occ: Bitboard, line: u64) -> usize {
    ((occ.0 & line).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

#[inline(always)]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    let i = sq.index();
    let diag = DIAG_ATTACKS[i * 256 + collapsed(occ, DIAG_MASK[i])];
    let anti = ANTI_ATTACKS[i * 256 + collapsed(occ, ANTI_MASK[i])];
    Bitboard(diag | anti)
}

/// Every square of the ray from `sq` in `dir` on an empty board (the rank ring: the 7 others).
#[inline(always)]
pub fn full_ray(dir: Dir, sq: Square) -> Bitboard {
    Bitboard(RAYS[dir as usize * 64 + sq.index()])
}

/// The ray from `sq` in `dir` up to and including the first occupied square.
#[inline(always)]
pub fn ray(dir: Dir, sq: Square, occ: Bitboard) -> Bitboard {
    let full = full_ray(dir, sq);
    match dir {
        Dir::East => Bitboard((RING_EAST[rank_byte(sq, occ)] as u64) << (sq.rank() * 8)),
        Dir::West => Bitboard((RING_WEST[rank_byte(sq, occ)] as u64) << (sq.rank() * 8)),
        // Rays that climb the ranks visit squares in increasing index order even when they wrap
        // (each step adds a rank), so the nearest blocker is the lowest bit; falling rays mirror that.
        Dir::North | Dir::NorthEast | Dir::NorthWest => {
            let blockers = full & occ;
            if blockers.is_empty() {
                full
            } else {
                full ^ full_ray(dir, blockers.lsb())
            }
        }
        Dir::South | Dir::SouthEast | Dir::SouthWest => {
            let blockers = full & occ;
            if blockers.is_empty() {
                full
            } else {
                full ^ full_ray(dir, blockers.msb())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::board8::reference::check::attacks_match_reference;
    use crate::variants::board8::reference::{self as r};
    use crate::variants::cylinder::tables_gen::cylinder_step;
    use crate::variants::cylinder::Wrapped;

    #[test]
    fn tables_match_reference() {
        attacks_match_reference::<Wrapped>(cylinder_step, 999, |sq, occ| {
            for (d, &delta) in Dir::ALL.iter().zip(r::DIRS.iter()) {
                assert_eq!(
                    ray(*d, sq, occ).0,
                    r::ray(cylinder_step, sq.index() as u8, occ.0, delta),
                    "{d:?} {sq}"
                );
            }
        });
    }

    #[test]
    fn rook_on_open_rank_reaches_seven_squares() {
        // docs/rules/cylinder.md §3: the origin blocks its own ray.
        let a1 = Square::new(0);
        assert_eq!(
            (rook(a1, Bitboard::from_square(a1)) & Bitboard::RANK_1).count(),
            7
        );
    }

    #[test]
    fn bishop_reaches_one_square_by_two_paths() {
        // Bc1-g5 via d2-e3-f4 and via b2-a3-h4.
        let (c1, g5) = (Square::parse("c1").unwrap(), Square::parse("g5").unwrap());
        let blocked_one_way = Bitboard::from_square(Square::parse("e3").unwrap());
        assert!(bishop(c1, blocked_one_way).has(g5));
    }
}
