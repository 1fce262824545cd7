//! Directions, leaps and every static table the move generator reads (rules §3, §6, §7), built
//! by const evaluation so that lookups are plain statics with no initialisation check.

use super::cell::{Cell, CELLS};
use crate::core::Bitboard256;

/// Table length: every cell's bit index is below this (OH, the last cell, is 238).
pub const SLOTS: usize = 240;

/// The 12 directions as axial deltas: 0..6 straight, 6..12 diagonal. Even indices step to higher
/// bit indices (so the nearest cell of a ray is its lowest bit) and `d ^ 1` is the opposite of
/// `d`.
pub const DIRECTIONS: [(i32, i32); 12] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
    (-1, -1),
    (-2, 1),
    (2, -1),
    (-1, 2),
    (1, -2),
];

/// The straight (rook) directions.
pub const STRAIGHT: [usize; 6] = [0, 1, 2, 3, 4, 5];
/// The diagonal (bishop) directions: a diagonal visits only pos + k·d and is never blocked by
/// the two cells it passes between (§3).
pub const DIAGONAL: [usize; 6] = [6, 7, 8, 9, 10, 11];

/// §3: every cell at hex distance 3 off the straight lines.
pub const KNIGHT_LEAPS: [(i32, i32); 12] = [
    (-3, 1),
    (-3, 2),
    (-2, -1),
    (-2, 3),
    (-1, -2),
    (-1, 3),
    (1, -3),
    (1, 2),
    (2, -3),
    (2, 1),
    (3, -2),
    (3, -1),
];

/// The bit shift of one step in direction `d`.
pub const fn shift_of(d: usize) -> i32 {
    DIRECTIONS[d].0 + 16 * DIRECTIONS[d].1
}

/// The direction index of an axial delta (panics at compile time for a non-direction).
const fn direction(delta: (i32, i32)) -> usize {
    let mut d = 0;
    while d < 12 {
        if DIRECTIONS[d].0 == delta.0 && DIRECTIONS[d].1 == delta.1 {
            return d;
        }
        d += 1;
    }
    panic!("not a direction")
}

/// A player's pawn directions (§6), as direction indices.
#[derive(Clone, Copy, Debug)]
pub struct PawnDirections {
    /// FL, FR: the single steps; the double step repeats one of them.
    pub steps: [usize; 2],
    /// DL, DF, DR: the captures, which are also the pawn's attacks.
    pub captures: [usize; 3],
}

const fn pawn_directions(
    fl: (i32, i32),
    fr: (i32, i32),
    dl: (i32, i32),
    df: (i32, i32),
    dr: (i32, i32),
) -> PawnDirections {
    PawnDirections {
        steps: [direction(fl), direction(fr)],
        captures: [direction(dl), direction(df), direction(dr)],
    }
}

/// §6's table, by player.
pub const PAWN: [PawnDirections; 3] = [
    pawn_directions((0, -1), (1, -1), (-1, -1), (1, -2), (2, -1)),
    pawn_directions((1, 0), (0, 1), (2, -1), (1, 1), (-1, 2)),
    pawn_directions((-1, 1), (-1, 0), (-1, 2), (-2, 1), (-1, -1)),
];

const fn with(mut bb: Bitboard256, cell: Cell) -> Bitboard256 {
    bb.0[cell.index() >> 6] |= 1 << (cell.index() & 63);
    bb
}

const fn union(a: Bitboard256, b: Bitboard256) -> Bitboard256 {
    Bitboard256([
        a.0[0] | b.0[0],
        a.0[1] | b.0[1],
        a.0[2] | b.0[2],
        a.0[3] | b.0[3],
    ])
}

/// For each cell, the cells one step (or one leap) away by each of `deltas`.
const fn step_table<const N: usize>(deltas: [(i32, i32); N]) -> [Bitboard256; SLOTS] {
    let mut out = [Bitboard256::EMPTY; SLOTS];
    let mut i = 0;
    while i < CELLS.len() {
        let c = CELLS[i];
        let mut k = 0;
        while k < N {
            if let Some(t) = c.offset(deltas[k].0, deltas[k].1) {
                out[c.index()] = with(out[c.index()], t);
            }
            k += 1;
        }
        i += 1;
    }
    out
}

/// RAYS[d][cell]: the cells from `cell` outwards in direction `d` to the edge, `cell` excluded.
pub static RAYS: [[Bitboard256; SLOTS]; 12] = {
    let mut out = [[Bitboard256::EMPTY; SLOTS]; 12];
    let mut d = 0;
    while d < 12 {
        let mut i = 0;
        while i < CELLS.len() {
            let c = CELLS[i];
            let mut ray = Bitboard256::EMPTY;
            let mut next = c.offset(DIRECTIONS[d].0, DIRECTIONS[d].1);
            while let Some(t) = next {
                ray = with(ray, t);
                next = t.offset(DIRECTIONS[d].0, DIRECTIONS[d].1);
            }
            out[d][c.index()] = ray;
            i += 1;
        }
        d += 1;
    }
    out
};

const fn lines(dirs: [usize; 6]) -> [Bitboard256; SLOTS] {
    let mut out = [Bitboard256::EMPTY; SLOTS];
    let mut i = 0;
    while i < SLOTS {
        let mut k = 0;
        while k < 6 {
            out[i] = union(out[i], RAYS[dirs[k]][i]);
            k += 1;
        }
        i += 1;
    }
    out
}

/// Every cell a rook on the empty board would reach: a quick "could any slider see this".
pub static STRAIGHT_LINES: [Bitboard256; SLOTS] = lines(STRAIGHT);
/// Every cell a bishop on the empty board would reach.
pub static DIAGONAL_LINES: [Bitboard256; SLOTS] = lines(DIAGONAL);

pub static KNIGHT: [Bitboard256; SLOTS] = step_table(KNIGHT_LEAPS);
/// The king's 12 steps (§5), castling aside.
pub static KING: [Bitboard256; SLOTS] = step_table(DIRECTIONS);

/// STEP_FROM[d]: the cells whose neighbour in direction `d` is on the board, so that shifting a
/// set of them by `shift_of(d)` lands on cells only (no padding, no wrap into the next row).
pub static STEP_FROM: [Bitboard256; 12] = {
    let mut out = [Bitboard256::EMPTY; 12];
    let mut d = 0;
    while d < 12 {
        let mut i = 0;
        while i < CELLS.len() {
            if CELLS[i].offset(DIRECTIONS[d].0, DIRECTIONS[d].1).is_some() {
                out[d] = with(out[d], CELLS[i]);
            }
            i += 1;
        }
        d += 1;
    }
    out
};

const fn pawn_table(reverse: bool) -> [[Bitboard256; SLOTS]; 3] {
    let mut out = [[Bitboard256::EMPTY; SLOTS]; 3];
    let mut p = 0;
    while p < 3 {
        let mut deltas = [(0, 0); 3];
        let mut k = 0;
        while k < 3 {
            let (dq, dr) = DIRECTIONS[PAWN[p].captures[k]];
            deltas[k] = if reverse { (-dq, -dr) } else { (dq, dr) };
            k += 1;
        }
        out[p] = step_table(deltas);
        p += 1;
    }
    out
}

/// PAWN_ATTACKERS[p][cell]: the cells from which a pawn of player p attacks `cell` (the
/// generator needs only this direction: pawn captures are made by shifting whole sets).
pub static PAWN_ATTACKERS: [[Bitboard256; SLOTS]; 3] = pawn_table(true);

/// Which per-player cell set `cells_where` builds.
#[derive(Clone, Copy)]
enum CellSet {
    Zone,
    PawnRow,
}

/// Player p's promotion zone (§6), or its initial pawn cells (§4), as a set.
const fn cells_where(p: usize, set: CellSet) -> Bitboard256 {
    let mut bb = Bitboard256::EMPTY;
    let mut i = 0;
    while i < CELLS.len() {
        let c = CELLS[i];
        let (q, r, s) = (c.q(), c.r(), c.s());
        let member = match set {
            CellSet::Zone => match p {
                0 => r == -7 || q == 7 || s == 7,
                1 => s == -7 || q == 7 || r == 7,
                _ => q == -7 || r == 7 || s == 7,
            },
            CellSet::PawnRow => {
                // Player 0's pawns stand on r = 6 with q in -7..-4 and -2..1; the others' are
                // the rotations: (i, -6 - i) for player 1 (s = 6), (6, i) for player 2.
                let (row, along) = match p {
                    0 => (r, q),
                    1 => (s, q),
                    _ => (q, r),
                };
                row == 6 && along >= -7 && along <= 1 && along != -3
            }
        };
        if member {
            bb = with(bb, c);
        }
        i += 1;
    }
    bb
}

/// ZONE[p]: the 22 cells where a pawn of player p must promote (§6).
pub static ZONE: [Bitboard256; 3] = [
    cells_where(0, CellSet::Zone),
    cells_where(1, CellSet::Zone),
    cells_where(2, CellSet::Zone),
];

/// PAWN_HOME[p]: player p's 8 initial pawn cells, the only cells a double step starts from.
pub static PAWN_HOME: [Bitboard256; 3] = [
    cells_where(0, CellSet::PawnRow),
    cells_where(1, CellSet::PawnRow),
    cells_where(2, CellSet::PawnRow),
];

/// One castle of §7: the king's and rook's moves and the cells that must be empty.
#[derive(Clone, Copy, Debug)]
pub struct Castle {
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    /// Also the cell the king passes over.
    pub rook_to: Cell,
    pub empty: Bitboard256,
}

const fn cell(q: i32, r: i32) -> Cell {
    match Cell::new(q, r) {
        Some(c) => c,
        None => panic!("off the board"),
    }
}

const fn rotate_castle(c: Castle) -> Castle {
    let mut empty = Bitboard256::EMPTY;
    let mut i = 0;
    while i < CELLS.len() {
        if c.empty.has(CELLS[i].index()) {
            empty = with(empty, CELLS[i].rotated());
        }
        i += 1;
    }
    Castle {
        king_from: c.king_from.rotated(),
        king_to: c.king_to.rotated(),
        rook_from: c.rook_from.rotated(),
        rook_to: c.rook_to.rotated(),
        empty,
    }
}

/// Player 0's castles as §7 lists them; the others' are their rotations (§1), which the test
/// below checks against the table of §7.
const SHORT_0: Castle = Castle {
    king_from: cell(-4, 7),
    king_to: cell(-6, 7),
    rook_from: cell(-7, 7),
    rook_to: cell(-5, 7),
    empty: with(with(Bitboard256::EMPTY, cell(-5, 7)), cell(-6, 7)),
};
const LONG_0: Castle = Castle {
    king_from: cell(-4, 7),
    king_to: cell(-2, 7),
    rook_from: cell(0, 7),
    rook_to: cell(-3, 7),
    empty: with(
        with(with(Bitboard256::EMPTY, cell(-3, 7)), cell(-2, 7)),
        cell(-1, 7),
    ),
};

/// CASTLES[p][0] is player p's short castle (`K`), CASTLES[p][1] its long one (`Q`).
pub const CASTLES: [[Castle; 2]; 3] = [
    [SHORT_0, LONG_0],
    [rotate_castle(SHORT_0), rotate_castle(LONG_0)],
    [
        rotate_castle(rotate_castle(SHORT_0)),
        rotate_castle(rotate_castle(LONG_0)),
    ],
];

/// The castling right bit of player p's castle `side` (0 short, 1 long).
pub const fn right(p: usize, side: usize) -> u8 {
    1 << (2 * p + side)
}

/// RIGHTS_KEPT[cell]: the castling rights that survive a move from or onto `cell` (§7: a king
/// move loses both of its rights; a rook leaving its corner, or anything landing there, that
/// castle's).
pub static RIGHTS_KEPT: [u8; SLOTS] = {
    let mut out = [0x3f; SLOTS];
    let mut p = 0;
    while p < 3 {
        let mut side = 0;
        while side < 2 {
            let c = CASTLES[p][side];
            out[c.king_from.index()] &= !right(p, side);
            out[c.rook_from.index()] &= !right(p, side);
            side += 1;
        }
        p += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::trichess::cell::BOARD;

    fn c(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    fn names(bb: Bitboard256) -> Vec<String> {
        let mut v: Vec<String> = bb
            .into_iter()
            .map(|i| Cell::from_index(i).to_string())
            .collect();
        v.sort();
        v
    }

    fn rotate(bb: Bitboard256) -> Bitboard256 {
        bb.into_iter()
            .map(|i| Cell::from_index(i).rotated().index())
            .collect()
    }

    fn rotate_dir(d: usize) -> usize {
        let (dq, dr) = DIRECTIONS[d];
        direction((-dq - dr, dq))
    }

    #[test]
    fn directions_pair_up_and_sort_by_shift() {
        for d in 0..12 {
            assert_eq!(shift_of(d ^ 1), -shift_of(d));
            assert_eq!(shift_of(d) > 0, d % 2 == 0);
        }
        for d in STRAIGHT {
            let (dq, dr) = DIRECTIONS[d];
            assert_eq!(dq.abs().max(dr.abs()).max((dq + dr).abs()), 1);
        }
        for d in DIAGONAL {
            let (dq, dr) = DIRECTIONS[d];
            assert_eq!(dq.abs().max(dr.abs()).max((dq + dr).abs()), 2);
        }
    }

    #[test]
    fn knight_leaps_are_distance_three_off_the_lines() {
        let mut expected = Vec::new();
        for dq in -3i32..=3 {
            for dr in -3i32..=3 {
                let ds = -dq - dr;
                let on_line = dq == 0 || dr == 0 || ds == 0;
                if dq.abs().max(dr.abs()).max(ds.abs()) == 3 && !on_line {
                    expected.push((dq, dr));
                }
            }
        }
        assert_eq!(expected, KNIGHT_LEAPS.to_vec());
    }

    #[test]
    fn rays_walk_to_the_edge() {
        // From the centre, every ray has 7 cells straight and 3 diagonal.
        let centre = c("HH");
        for d in STRAIGHT {
            assert_eq!(RAYS[d][centre.index()].count(), 7);
        }
        for d in DIAGONAL {
            assert_eq!(RAYS[d][centre.index()].count(), 3);
        }
        // §15: the king's step DO→EM passes between EN and DN: (1, -2) is a diagonal.
        assert!(KING[c("DO").index()].has(c("EM").index()));
        assert_eq!(
            names(KING[c("DO").index()] & BOARD),
            ["CN", "CO", "DN", "EM", "EN", "EO", "FN"]
        );
        for i in 0..SLOTS {
            if !BOARD.has(i) {
                assert!(RAYS.iter().all(|r| r[i].is_empty()));
                continue;
            }
            for d in 0..12 {
                assert!(RAYS[d][i].is_subset(BOARD));
                assert!(!RAYS[d][i].has(i));
                // Shifting a cell that may step lands on the board.
                if STEP_FROM[d].has(i) {
                    let t = (i as i32 + shift_of(d)) as usize;
                    assert!(BOARD.has(t) && RAYS[d][i].has(t));
                } else {
                    assert!(RAYS[d][i].is_empty());
                }
            }
        }
    }

    #[test]
    fn tables_commute_with_the_rotation() {
        let pawn_attacks = pawn_table(false);
        for cell in CELLS {
            let (i, j) = (cell.index(), cell.rotated().index());
            for d in 0..12 {
                assert_eq!(rotate(RAYS[d][i]), RAYS[rotate_dir(d)][j]);
            }
            assert_eq!(rotate(KNIGHT[i]), KNIGHT[j]);
            assert_eq!(rotate(KING[i]), KING[j]);
            for p in 0..3 {
                assert_eq!(rotate(pawn_attacks[p][i]), pawn_attacks[(p + 1) % 3][j]);
                assert_eq!(rotate(PAWN_ATTACKERS[p][i]), PAWN_ATTACKERS[(p + 1) % 3][j]);
            }
        }
        for p in 0..3 {
            let next = (p + 1) % 3;
            assert_eq!(rotate(ZONE[p]), ZONE[next]);
            assert_eq!(rotate(PAWN_HOME[p]), PAWN_HOME[next]);
            for k in 0..2 {
                assert_eq!(rotate_dir(PAWN[p].steps[k]), PAWN[next].steps[k]);
            }
            for k in 0..3 {
                assert_eq!(rotate_dir(PAWN[p].captures[k]), PAWN[next].captures[k]);
            }
        }
    }

    #[test]
    fn zones_and_pawn_rows_follow_the_rules() {
        for p in 0..3 {
            assert_eq!(ZONE[p].count(), 22);
            assert_eq!(PAWN_HOME[p].count(), 8);
        }
        assert!(ZONE[0].has(c("HA").index()));
        assert!(!ZONE[0].has(c("AL").index()));
        assert_eq!(
            names(PAWN_HOME[0]),
            ["AN", "BN", "CN", "DN", "FN", "GN", "HN", "IN"]
        );
        // §4's diagram: player 1's pawns on s = 6 from bP of the top row down to AI.
        assert!(PAWN_HOME[1].has(c("IA").index()) && PAWN_HOME[1].has(c("AI").index()));
        assert!(PAWN_HOME[2].has(c("NA").index()) && PAWN_HOME[2].has(c("NI").index()));
    }

    #[test]
    fn castles_match_the_table_of_section_7() {
        let table = [
            ("DO", "BO", "AO", "CO", vec!["BO", "CO"]),
            ("DO", "FO", "HO", "EO", vec!["EO", "FO", "GO"]),
            ("ED", "GB", "HA", "FC", vec!["FC", "GB"]),
            ("ED", "CF", "AH", "DE", vec!["BG", "CF", "DE"]),
            ("OE", "OG", "OH", "OF", vec!["OF", "OG"]),
            ("OE", "OC", "OA", "OD", vec!["OB", "OC", "OD"]),
        ];
        for (i, (kf, kt, rf, rt, empty)) in table.into_iter().enumerate() {
            let castle = CASTLES[i / 2][i % 2];
            assert_eq!(castle.king_from, c(kf));
            assert_eq!(castle.king_to, c(kt));
            assert_eq!(castle.rook_from, c(rf));
            assert_eq!(castle.rook_to, c(rt));
            assert_eq!(names(castle.empty), empty);
            assert_eq!(
                RIGHTS_KEPT[castle.rook_from.index()],
                0x3f & !right(i / 2, i % 2)
            );
            assert_eq!(
                RIGHTS_KEPT[castle.king_from.index()],
                0x3f & !(3 << (i / 2 * 2))
            );
        }
    }

    #[test]
    fn pawn_tables_follow_section_6() {
        let pawn_attacks = pawn_table(false);
        // Player 0's pawn on HH attacks DL (-1,-1), DF (1,-2) and DR (2,-1).
        assert_eq!(names(pawn_attacks[0][c("HH").index()]), ["GG", "IF", "JG"]);
        for p in 0..3 {
            for cell in CELLS {
                let attacked = pawn_attacks[p][cell.index()];
                for t in CELLS {
                    let from_t = PAWN_ATTACKERS[p][t.index()].has(cell.index());
                    assert_eq!(from_t, attacked.has(t.index()), "{cell} {t}");
                }
            }
        }
    }
}
