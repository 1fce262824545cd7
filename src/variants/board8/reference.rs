//! Slow, obviously-correct attack computation by walking rays square by square.
//!
//! build.rs turns it into the fast lookup tables; tests compare those tables against it. It is
//! std-only and stands alone so build.rs can include it with `#[path]`.
#![allow(dead_code)]

/// One step (file delta, rank delta) from a square; None when it leaves the board.
pub type Step = fn(u8, i8, i8) -> Option<u8>;

pub const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// The 8 ray directions in the order the tables use: N, S, E, W, NE, NW, SE, SW.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const KING_DELTAS: [(i8, i8); 8] = DIRS;

/// FIDE geometry: a step off any edge leaves the board.
pub fn flat_step(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let (f, r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

pub fn leaper(step: Step, sq: u8, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| step(sq, df, dr))
        .fold(0, |acc, to| acc | 1 << to)
}

/// The squares a slider on `sq` reaches in one direction: up to and including the first occupied
/// square. The origin counts as occupied by the slider itself, so a ray that comes round (on a
/// cylinder) stops just before it.
pub fn ray(step: Step, sq: u8, occ: u64, (df, dr): (i8, i8)) -> u64 {
    let mut out = 0;
    let mut cur = sq;
    while let Some(next) = step(cur, df, dr) {
        if next == sq {
            break;
        }
        out |= 1 << next;
        if occ >> next & 1 != 0 {
            break;
        }
        cur = next;
    }
    out
}

pub fn slider(step: Step, sq: u8, occ: u64, dirs: &[(i8, i8)]) -> u64 {
    dirs.iter().fold(0, |acc, &d| acc | ray(step, sq, occ, d))
}

/// The occupancy bits that can change a slider's attacks: every ray square but the last of each
/// ray (a piece there is attacked whether or not it blocks anything further).
pub fn relevant_mask(step: Step, sq: u8, dirs: &[(i8, i8)]) -> u64 {
    let mut acc = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = step(cur, df, dr) {
            if next == sq {
                break;
            }
            if step(next, df, dr).is_some_and(|after| after != sq) {
                acc |= 1 << next;
            }
            cur = next;
        }
    }
    acc
}

/// Every subset of `mask`, by the carry-rippler trick.
pub fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

/// A deterministic generator for magic-number search (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

/// Writes `pub static NAME: [TYPE; N] = [...];` source text.
pub fn write_array<T: std::fmt::LowerHex>(out: &mut String, name: &str, ty: &str, values: &[T]) {
    use std::fmt::Write;
    let _ = write!(out, "pub static {name}: [{ty}; {}] = [", values.len());
    for (i, v) in values.iter().enumerate() {
        if i % 8 == 0 {
            out.push('\n');
        }
        let _ = write!(out, "{v:#x},");
    }
    out.push_str("\n];\n");
}

/// Test support, left out of build.rs (which never compiles with `cfg(test)`).
#[cfg(test)]
pub(crate) mod check {
    use super::{leaper, slider, Rng, Step, BISHOP_DIRS, KING_DELTAS, KNIGHT_DELTAS, ROOK_DIRS};
    use crate::core::{Bitboard, Color, Square};
    use crate::variants::board8::Geometry;

    /// Every square's leaper sets, and its slider sets on 500 occupancies drawn from `seed`,
    /// against the walk of `step`; `also` checks more on each square and occupancy.
    pub(crate) fn attacks_match_reference<G: Geometry>(
        step: Step,
        seed: u64,
        also: impl Fn(Square, Bitboard),
    ) {
        let mut rng = Rng(seed);
        for s in 0..64u8 {
            let sq = Square::new(s);
            assert_eq!(G::knight(sq).0, leaper(step, s, &KNIGHT_DELTAS));
            assert_eq!(G::king(sq).0, leaper(step, s, &KING_DELTAS));
            assert_eq!(
                G::pawn(Color::White, sq).0,
                leaper(step, s, &[(-1, 1), (1, 1)])
            );
            assert_eq!(
                G::pawn(Color::Black, sq).0,
                leaper(step, s, &[(-1, -1), (1, -1)])
            );
            for _ in 0..500 {
                let occ = rng.next_u64() & rng.next_u64();
                let b = Bitboard(occ);
                assert_eq!(G::rook(sq, b).0, slider(step, s, occ, &ROOK_DIRS));
                assert_eq!(G::bishop(sq, b).0, slider(step, s, occ, &BISHOP_DIRS));
                also(sq, b);
            }
        }
    }
}
