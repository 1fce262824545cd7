//! Build-time generator of the cylinder's attack tables (included by build.rs). Files wrap, ranks
//! do not; a slider's own square blocks its ray (docs/rules/cylinder.md §3).

use super::reference::*;

/// A step with the file taken modulo 8; off the board only through rank 1 or rank 8.
pub fn cylinder_step(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let r = (sq / 8) as i8 + dr;
    let f = ((sq % 8) as i8 + df).rem_euclid(8);
    (0..8).contains(&r).then(|| (r * 8 + f) as u8)
}

/// The 8 squares of the wrapped diagonal through `sq` in direction (df, 1): one per rank.
fn wrapped_line(sq: u8, df: i8) -> u64 {
    ray(cylinder_step, sq, 0, (df, 1)) | ray(cylinder_step, sq, 0, (-df, -1)) | 1 << sq
}

/// Attacks along one wrapped diagonal, indexed by its occupancy "collapsed" to one byte: every
/// rank holds one square of the line, each on a different file, so summing the bytes of
/// `occ & line` (a multiply by 0x0101..01) gives a byte whose bit f says "the line's square on file
/// f is occupied". No magic search is needed and the table is 256 entries a square.
fn diagonal_table(df: i8) -> (Vec<u64>, Vec<u64>) {
    let mut masks = Vec::with_capacity(64);
    let mut table = Vec::with_capacity(64 * 256);
    for sq in 0..64u8 {
        let line = wrapped_line(sq, df);
        masks.push(line);
        for idx in 0..256u64 {
            let occ = (0..64)
                .filter(|&s| line >> s & 1 != 0 && idx >> (s % 8) & 1 != 0)
                .fold(0u64, |acc, s| acc | 1 << s);
            debug_assert_eq!(collapse(occ), idx);
            table.push(slider(cylinder_step, sq, occ, &[(df, 1), (-df, -1)]));
        }
    }
    (masks, table)
}

fn collapse(occ_on_line: u64) -> u64 {
    occ_on_line.wrapping_mul(0x0101_0101_0101_0101) >> 56
}

pub fn generate() -> String {
    let mut out = String::new();
    let knight: Vec<u64> = (0..64)
        .map(|s| leaper(cylinder_step, s, &KNIGHT_DELTAS))
        .collect();
    let king: Vec<u64> = (0..64)
        .map(|s| leaper(cylinder_step, s, &KING_DELTAS))
        .collect();
    let pawn: Vec<u64> = (0..128)
        .map(|i| {
            let dr = if i < 64 { 1 } else { -1 };
            leaper(cylinder_step, (i % 64) as u8, &[(-1, dr), (1, dr)])
        })
        .collect();
    write_array(&mut out, "KNIGHT", "u64", &knight);
    write_array(&mut out, "KING", "u64", &king);
    write_array(&mut out, "PAWN", "u64", &pawn);

    // Rank-ring attacks [file * 256 + rank byte] -> rank byte, in total and per direction (east,
    // west) for pin and check detection.
    let mut ring = Vec::with_capacity(2048);
    let mut east = Vec::with_capacity(2048);
    let mut west = Vec::with_capacity(2048);
    for file in 0..8u8 {
        for occ in 0..256u64 {
            ring.push(slider(cylinder_step, file, occ, &[(1, 0), (-1, 0)]) as u8);
            east.push(ray(cylinder_step, file, occ, (1, 0)) as u8);
            west.push(ray(cylinder_step, file, occ, (-1, 0)) as u8);
        }
    }
    write_array(&mut out, "RING", "u8", &ring);
    write_array(&mut out, "RING_EAST", "u8", &east);
    write_array(&mut out, "RING_WEST", "u8", &west);

    let (diag_mask, diag) = diagonal_table(1);
    let (anti_mask, anti) = diagonal_table(-1);
    write_array(&mut out, "DIAG_MASK", "u64", &diag_mask);
    write_array(&mut out, "DIAG_ATTACKS", "u64", &diag);
    write_array(&mut out, "ANTI_MASK", "u64", &anti_mask);
    write_array(&mut out, "ANTI_ATTACKS", "u64", &anti);

    // Full rays on an empty board per direction [dir * 64 + sq], in reference::DIRS order.
    let rays: Vec<u64> = DIRS
        .iter()
        .flat_map(|&d| (0..64).map(move |s| ray(cylinder_step, s, 0, d)))
        .collect();
    write_array(&mut out, "RAYS", "u64", &rays);
    out
}
