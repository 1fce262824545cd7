//! Line occupancies: every rank, file, diagonal and anti-diagonal of the board as a 16-bit
//! word per colour, kept up to date by make-move. A slider's reach along a direction is then a
//! trailing- or leading-zero count on one word (no 256-bit work), which is what lets perft's
//! leaves count the moves of 15 sliders a side cheaply; a Cannon's screen and target are the
//! next two blockers found the same way.
//!
//! In a line word, bit `1 + pos` holds the square at position `pos` along the line (the file,
//! or the rank on a file). Scans OR in a sentinel word that sets bit 0, bit 15 and the bits of
//! positions a diagonal does not have, so every scan stops at a real man or at a sentinel.

use super::square::{Square, SIZE, SQUARES};

/// Directions, by index: E, W, N, S, NE, SW, NW, SE. The first four are orthogonal.
pub const E: usize = 0;
pub const W: usize = 1;
pub const N: usize = 2;
pub const S: usize = 3;
pub const NE: usize = 4;
pub const SW: usize = 5;
pub const NW: usize = 6;
pub const SE: usize = 7;

/// Index step of one square in each direction.
pub const DELTA: [i32; 8] = [1, -1, 16, -16, 17, -17, 15, -15];
/// (file, rank) step of each direction.
pub const STEP: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];
/// Which family of lines a direction runs along: 0 ranks, 1 files, 2 diagonals, 3 anti-diagonals.
pub const FAMILY: [usize; 8] = [0, 0, 1, 1, 2, 2, 3, 3];
/// Whether a direction runs towards higher positions on its line.
pub const POSITIVE: [bool; 8] = [true, false, true, false, true, false, false, true];

/// Lines: 14 ranks, 14 files, 27 diagonals (file - rank constant), 27 anti-diagonals.
pub const LINES: usize = 82;
const FILES_AT: usize = 14;
const DIAGS_AT: usize = 28;
const ANTIS_AT: usize = 55;

/// For each square and family: the line's index and the square's bit in the line word.
pub static LINE_OF: [[(u8, u8); 4]; SQUARES] = {
    let mut t = [[(0u8, 0u8); 4]; SQUARES];
    let mut rank = 0;
    while rank < SIZE as usize {
        let mut file = 0;
        while file < SIZE as usize {
            let bit = (file + 1) as u8;
            t[rank * 16 + file] = [
                (rank as u8, bit),
                ((FILES_AT + file) as u8, (rank + 1) as u8),
                ((DIAGS_AT + file + 13 - rank) as u8, bit),
                ((ANTIS_AT + file + rank) as u8, bit),
            ];
            file += 1;
        }
        rank += 1;
    }
    t
};

/// Sentinel bits of each line: bit 0, bit 15, and the positions a diagonal does not reach.
pub static SENTINEL: [u32; LINES] = {
    let mut t = [0u32; LINES];
    let mut i = 0;
    while i < LINES {
        // Files lo..=hi are on the line; positions are files except on file lines (ranks).
        let (lo, hi) = if i < DIAGS_AT {
            (0, 13)
        } else if i < ANTIS_AT {
            let d = (i - DIAGS_AT) as i32 - 13; // file - rank
            (if d > 0 { d } else { 0 }, if d < 0 { 13 + d } else { 13 })
        } else {
            let a = (i - ANTIS_AT) as i32; // file + rank
            (if a > 13 { a - 13 } else { 0 }, if a < 13 { a } else { 13 })
        };
        let mut s = 1u32 | 1 << 15;
        let mut pos = 0;
        while pos < 14 {
            if pos < lo || pos > hi {
                s |= 1 << (pos + 1);
            }
            pos += 1;
        }
        t[i] = s;
        i += 1;
    }
    t
};

/// The occupancy of every line, one word per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines(pub [[u16; LINES]; 2]);

impl Lines {
    pub const EMPTY: Lines = Lines([[0; LINES]; 2]);

    /// Adds or removes a man of colour index `color` on `sq` in all four of its lines.
    #[inline(always)]
    pub fn toggle(&mut self, color: usize, sq: Square) {
        let lines = &mut self.0[color];
        for &(line, bit) in &LINE_OF[sq.index()] {
            lines[line as usize] ^= 1 << bit;
        }
    }

    /// Both colours' men of a line, with its sentinels.
    #[inline(always)]
    pub fn scan_word(&self, line: usize) -> u32 {
        ((self.0[0][line] | self.0[1][line]) as u32) | SENTINEL[line]
    }

    /// The men of one colour on a line (no sentinels).
    #[inline(always)]
    pub fn color_word(&self, color: usize, line: usize) -> u32 {
        self.0[color][line] as u32
    }
}

/// The bit of the next man or sentinel after `bit` in direction `D` on a line whose scan word
/// is `word`.
#[inline(always)]
pub fn next_blocker<const D: usize>(word: u32, bit: u32) -> u32 {
    if POSITIVE[D] {
        // Bit 15 is always set and bit <= 14, so the shifted word is never zero.
        bit + 1 + (word >> (bit + 1)).trailing_zeros()
    } else {
        // Bit 0 is always set and bit >= 1, so the masked word is never zero.
        31 - (word & ((1 << bit) - 1)).leading_zeros()
    }
}

/// The number of squares strictly between two bits of a line.
#[inline(always)]
pub fn gap(a: u32, b: u32) -> u32 {
    a.abs_diff(b) - 1
}

/// Whether a blocker bit found by a scan is a man rather than a sentinel.
#[inline(always)]
pub fn is_man(line: usize, bit: u32) -> bool {
    SENTINEL[line] >> bit & 1 == 0
}

/// The square `n` steps from `sq` in direction `dir` (the caller knows it is on the board).
#[inline(always)]
pub fn step(sq: Square, dir: usize, n: u32) -> Square {
    Square::from_index((sq.index() as i32 + DELTA[dir] * n as i32) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks from every square in every direction and checks that scanning an empty board stops
    /// exactly at the edge, and that a man placed anywhere on the way is found.
    #[test]
    fn scans_agree_with_walking() {
        fn run<const D: usize>() {
            for rank in 0..SIZE {
                for file in 0..SIZE {
                    let from = Square::new(file, rank);
                    let mut path = Vec::new();
                    let mut cur = from;
                    while let Some(next) = cur.offset(STEP[D].0, STEP[D].1) {
                        path.push(next);
                        cur = next;
                    }
                    let (line, bit) = LINE_OF[from.index()][FAMILY[D]];
                    let (line, bit) = (line as usize, bit as u32);
                    let empty = Lines::EMPTY;
                    let b = next_blocker::<D>(empty.scan_word(line), bit);
                    assert!(!is_man(line, b));
                    assert_eq!(gap(b, bit) as usize, path.len(), "{from} dir {D}");
                    for (i, &blocker) in path.iter().enumerate() {
                        assert_eq!(step(from, D, i as u32 + 1), blocker);
                        assert_eq!(LINE_OF[blocker.index()][FAMILY[D]].0 as usize, line);
                        let mut lines = Lines::EMPTY;
                        lines.toggle(1, blocker);
                        let b = next_blocker::<D>(lines.scan_word(line), bit);
                        assert!(is_man(line, b));
                        assert_eq!(gap(b, bit) as usize, i, "{from} dir {D} man on {blocker}");
                        assert_eq!(lines.color_word(1, line) >> b & 1, 1);
                    }
                }
            }
        }
        run::<E>();
        run::<W>();
        run::<N>();
        run::<S>();
        run::<NE>();
        run::<SW>();
        run::<NW>();
        run::<SE>();
    }

    #[test]
    fn every_line_has_its_squares() {
        let mut count = [0; LINES];
        for rank in 0..SIZE {
            for file in 0..SIZE {
                for &(line, bit) in &LINE_OF[Square::new(file, rank).index()] {
                    count[line as usize] += 1;
                    assert_eq!(SENTINEL[line as usize] >> bit & 1, 0);
                }
            }
        }
        for (line, &n) in count.iter().enumerate() {
            assert_eq!(16 - SENTINEL[line].count_ones(), n, "line {line}");
        }
        assert_eq!(count.iter().sum::<u32>(), 4 * 196);
    }
}
