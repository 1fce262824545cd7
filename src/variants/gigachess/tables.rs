//! Static target tables of the leaping moves (rules §3), built at compile time by const fns so
//! lookups are plain loads with no initialisation check. Sliding moves use the line occupancies
//! of lines.rs instead.

use super::square::{SIZE, SQUARES};
use crate::core::{Bitboard256, Color};

/// Every square `offsets` leads to from each square; padding squares get the empty set.
const fn leaps(offsets: &[(i8, i8)]) -> [Bitboard256; SQUARES] {
    let mut table = [Bitboard256::EMPTY; SQUARES];
    let mut rank = 0;
    while rank < SIZE as i8 {
        let mut file = 0;
        while file < SIZE as i8 {
            let mut words = [0u64; 4];
            let mut i = 0;
            while i < offsets.len() {
                let (f, r) = (file + offsets[i].0, rank + offsets[i].1);
                if f >= 0 && f < SIZE as i8 && r >= 0 && r < SIZE as i8 {
                    let to = (r as usize) * 16 + f as usize;
                    words[to / 64] |= 1 << (to % 64);
                }
                i += 1;
            }
            table[rank as usize * 16 + file as usize] = Bitboard256(words);
            file += 1;
        }
        rank += 1;
    }
    table
}

/// The offsets of `base` in all four quadrants and, when `swap`, with file and rank exchanged:
/// the eight (or four) symmetric leaps of one kind.
const fn symmetric<const N: usize>(base: (i8, i8)) -> [(i8, i8); N] {
    let (a, b) = base;
    let all = [
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, a),
        (-b, a),
        (b, -a),
        (-b, -a),
    ];
    let mut out = [(0, 0); N];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

const WAZIR_STEPS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const FERZ_STEPS: [(i8, i8); 4] = symmetric::<4>((1, 1));
const DABBABA_STEPS: [(i8, i8); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const ALFIL_STEPS: [(i8, i8); 4] = symmetric::<4>((2, 2));
const KNIGHT_STEPS: [(i8, i8); 8] = symmetric::<8>((1, 2));
const CAMEL_STEPS: [(i8, i8); 8] = symmetric::<8>((1, 3));
const ZEBRA_STEPS: [(i8, i8); 8] = symmetric::<8>((2, 3));

const fn concat<const N: usize>(parts: &[&[(i8, i8)]]) -> [(i8, i8); N] {
    let mut out = [(0, 0); N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N);
    out
}

const KING_STEPS: [(i8, i8); 8] = concat::<8>(&[&WAZIR_STEPS, &FERZ_STEPS]);

/// One step in any direction: King, Prince.
pub static KING: [Bitboard256; SQUARES] = leaps(&KING_STEPS);
pub static KNIGHT: [Bitboard256; SQUARES] = leaps(&KNIGHT_STEPS);
/// One diagonal step: the Elephant's short move and the first step of Eagle and Ship.
pub static FERZ: [Bitboard256; SQUARES] = leaps(&FERZ_STEPS);
/// The Elephant's diagonal jump of two.
pub static ALFIL: [Bitboard256; SQUARES] = leaps(&ALFIL_STEPS);
/// One orthogonal step: the Machine's short move.
pub static WAZIR: [Bitboard256; SQUARES] = leaps(&WAZIR_STEPS);
/// The Machine's orthogonal jump of two.
pub static DABBABA: [Bitboard256; SQUARES] = leaps(&DABBABA_STEPS);
pub static CAMEL: [Bitboard256; SQUARES] = leaps(&CAMEL_STEPS);
/// The (2,3) leap, part of the Buffalo.
pub static ZEBRA: [Bitboard256; SQUARES] = leaps(&ZEBRA_STEPS);
/// FA.
pub static ELEPHANT: [Bitboard256; SQUARES] = leaps(&concat::<8>(&[&FERZ_STEPS, &ALFIL_STEPS]));
/// WD.
pub static MACHINE: [Bitboard256; SQUARES] = leaps(&concat::<8>(&[&WAZIR_STEPS, &DABBABA_STEPS]));
/// NCZ.
pub static BUFFALO: [Bitboard256; SQUARES] =
    leaps(&concat::<24>(&[&KNIGHT_STEPS, &CAMEL_STEPS, &ZEBRA_STEPS]));
/// KNAD: every square at Chebyshev distance 1 or 2.
pub static LION: [Bitboard256; SQUARES] = leaps(&concat::<24>(&[
    &KING_STEPS,
    &KNIGHT_STEPS,
    &ALFIL_STEPS,
    &DABBABA_STEPS,
]));

/// The diagonal-forward squares a Pawn or Corporal of each colour attacks from each square. The
/// White men that attack a square are found on it in the Black table, and the other way round.
pub static PAWN_ATTACKS: [[Bitboard256; SQUARES]; 2] =
    [leaps(&[(-1, 1), (1, 1)]), leaps(&[(-1, -1), (1, -1)])];

#[inline(always)]
pub fn pawn_attacks(color: Color, sq: usize) -> Bitboard256 {
    PAWN_ATTACKS[color.index()][sq]
}

/// Squares an Eagle reaches on an empty board (§3.2): a diagonal step, then on from it along
/// the rank or file away from its start. The relation is symmetric, so this is also where an
/// Eagle must stand to reach the square.
pub static EAGLE_REACH: [Bitboard256; SQUARES] = reach(true);
/// The same for the Ship (§3.3), whose continuation is vertical only.
pub static SHIP_REACH: [Bitboard256; SQUARES] = reach(false);

const fn reach(horizontal: bool) -> [Bitboard256; SQUARES] {
    let mut table = [Bitboard256::EMPTY; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        if from % 16 < SIZE as usize {
            let mut words = [0u64; 4];
            let mut to = 0;
            while to < SQUARES {
                if to % 16 < SIZE as usize {
                    let dx = (to % 16) as i32 - (from % 16) as i32;
                    let dy = (to / 16) as i32 - (from / 16) as i32;
                    let (ax, ay) = (dx.abs(), dy.abs());
                    if (ax == 1 && ay >= 1) || (horizontal && ay == 1 && ax >= 2) {
                        words[to / 64] |= 1 << (to % 64);
                    }
                }
                to += 1;
            }
            table[from] = Bitboard256(words);
        }
        from += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::gigachess::square::{Square, BOARD};

    /// The 'reach' column of rules §3 for the leapers, from g7 on an empty board.
    #[test]
    fn reach_from_g7() {
        let g7 = Square::new(6, 6).index();
        for (name, table, n) in [
            ("king", &KING, 8),
            ("knight", &KNIGHT, 8),
            ("elephant", &ELEPHANT, 8),
            ("machine", &MACHINE, 8),
            ("camel", &CAMEL, 8),
            ("buffalo", &BUFFALO, 24),
            ("lion", &LION, 24),
            ("eagle", &EAGLE_REACH, 48),
            ("ship", &SHIP_REACH, 26),
        ] {
            assert_eq!(table[g7].count(), n, "{name}");
        }
    }

    #[test]
    fn tables_stay_on_the_board_and_are_symmetric() {
        for table in [
            &KING,
            &KNIGHT,
            &FERZ,
            &ALFIL,
            &WAZIR,
            &DABBABA,
            &CAMEL,
            &ZEBRA,
            &ELEPHANT,
            &MACHINE,
            &BUFFALO,
            &LION,
            &EAGLE_REACH,
            &SHIP_REACH,
        ] {
            for a in 0..SQUARES {
                assert!(table[a].is_subset(BOARD));
                if !BOARD.has(a) {
                    assert!(table[a].is_empty());
                }
                for b in table[a] {
                    assert!(table[b].has(a), "leaps are symmetric");
                }
            }
        }
        // Corners: a knight on a1 has two moves, a lion 8, a buffalo 6.
        assert_eq!(KNIGHT[0].count(), 2);
        assert_eq!(LION[0].count(), 8);
        assert_eq!(BUFFALO[0].count(), 6);
        let e4 = Square::new(4, 3).index();
        assert_eq!(
            pawn_attacks(Color::White, e4),
            Square::new(3, 4).bb() | Square::new(5, 4).bb()
        );
        assert_eq!(
            pawn_attacks(Color::Black, e4),
            Square::new(3, 2).bb() | Square::new(5, 2).bb()
        );
    }
}
