//! Build-time generator of the FIDE attack tables (included by build.rs): leaper tables, fancy
//! magic bitboards for rooks and bishops, and the between/line tables used for pins and checks.

use super::reference::*;

struct Found {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Searches a magic for every square and fills one shared attack table (fancy magics: each
/// square gets exactly 2^bits entries). Seeded, so every build produces the same tables.
fn find_magics(dirs: &[(i8, i8)], table: &mut Vec<u64>, rng: &mut Rng) -> Vec<Found> {
    let mut found = Vec::with_capacity(64);
    for sq in 0..64u8 {
        let mask = relevant_mask(flat_step, sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let occs = subsets(mask);
        let attacks: Vec<u64> = occs
            .iter()
            .map(|&o| slider(flat_step, sq, o, dirs))
            .collect();
        let size = 1usize << bits;
        let mut slot = vec![0u64; size];
        let mut stamp = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = occs.iter().zip(&attacks).all(|(&o, &a)| {
                let idx = (o.wrapping_mul(magic) >> shift) as usize;
                if stamp[idx] != attempt {
                    stamp[idx] = attempt;
                    slot[idx] = a;
                    true
                } else {
                    slot[idx] == a
                }
            });
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.extend_from_slice(&slot);
        found.push(Found {
            mask,
            magic,
            shift,
            offset,
        });
    }
    found
}

fn write_magics(out: &mut String, name: &str, found: &[Found]) {
    use std::fmt::Write;
    let _ = writeln!(out, "pub static {name}: [Magic; 64] = [");
    for f in found {
        let _ = writeln!(
            out,
            "Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
            f.mask, f.magic, f.shift, f.offset
        );
    }
    out.push_str("];\n");
}

pub fn generate() -> String {
    let mut out = String::new();
    let knight: Vec<u64> = (0..64)
        .map(|s| leaper(flat_step, s, &KNIGHT_DELTAS))
        .collect();
    let king: Vec<u64> = (0..64)
        .map(|s| leaper(flat_step, s, &KING_DELTAS))
        .collect();
    // Index [color * 64 + sq]: the squares a pawn of that colour on sq attacks.
    let pawn: Vec<u64> = (0..128)
        .map(|i| {
            let dr = if i < 64 { 1 } else { -1 };
            leaper(flat_step, (i % 64) as u8, &[(-1, dr), (1, dr)])
        })
        .collect();
    write_array(&mut out, "KNIGHT", "u64", &knight);
    write_array(&mut out, "KING", "u64", &king);
    write_array(&mut out, "PAWN", "u64", &pawn);

    let mut rng = Rng(0x6b61_6c65_6964_6f21);
    let mut table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_array(&mut out, "SLIDER_TABLE", "u64", &table);

    // BETWEEN[a * 64 + b]: squares strictly between a and b on a shared line; LINE: that whole
    // line through both, edge to edge. Both 0 when a and b share no line.
    let mut between = vec![0u64; 4096];
    let mut line = vec![0u64; 4096];
    for a in 0..64u8 {
        for &d in DIRS.iter() {
            let full = ray(flat_step, a, 0, d) | ray(flat_step, a, 0, (-d.0, -d.1)) | 1 << a;
            let mut path = 0u64;
            let mut cur = a;
            while let Some(b) = flat_step(cur, d.0, d.1) {
                between[a as usize * 64 + b as usize] = path;
                line[a as usize * 64 + b as usize] = full;
                path |= 1 << b;
                cur = b;
            }
        }
    }
    write_array(&mut out, "BETWEEN", "u64", &between);
    write_array(&mut out, "LINE", "u64", &line);
    out
}
