//! The board as text, for a protocol's `d` command: the hexagon row by row as rules §1 draws
//! it (r = -7 at the top), each row between the names of its end cells, so a reader can find
//! any cell's name by counting along the row.

use super::board::Trichess;
use super::cell::{Cell, RADIUS};

impl Trichess {
    /// One line per row; a man is its TriFEN name (`aK`), an empty cell `.`.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for r in -RADIUS..=RADIUS {
            let row: Vec<Cell> = (-RADIUS..=RADIUS).filter_map(|q| Cell::new(q, r)).collect();
            let (Some(first), Some(last)) = (row.first(), row.last()) else {
                continue;
            };
            // Half a cell of indent per row away from the middle keeps the hexagon's shape.
            out.push_str(&format!(
                "{first} {}",
                " ".repeat(2 * r.unsigned_abs() as usize)
            ));
            for cell in &row {
                match self.piece_at(*cell) {
                    Some(piece) => out.push_str(&format!(" {piece} ")),
                    None => out.push_str("  . "),
                }
            }
            out.push_str(&format!(
                "{}{last}\n",
                " ".repeat(2 * r.unsigned_abs() as usize)
            ));
        }
        out
    }
}
