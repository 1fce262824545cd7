//! The hexagon as text for people (`d`): each row of cells shifted by half a cell per cell it
//! lacks, so that the three 60° directions line up as they do on the board, with the first and
//! last cell of each row named at its ends.

use super::board::Trichess;
use super::cell::RADIUS;
use super::fen::row_cells;

impl Trichess {
    pub fn diagram(&self) -> String {
        let widest = (2 * RADIUS + 1) as usize;
        let mut text = String::new();
        for r in -RADIUS..=RADIUS {
            let cells: Vec<_> = row_cells(r).collect();
            let (Some(first), Some(last)) = (cells.first(), cells.last()) else {
                continue;
            };
            text += &" ".repeat(2 * (widest - cells.len()));
            text += &format!("{first} ");
            for &cell in &cells {
                match self.piece_at(cell) {
                    Some(piece) => text += &format!(" {piece:<2} "),
                    None => text += "  . ",
                }
            }
            text += &format!(" {last}\n");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::variants::trichess::Trichess;

    #[test]
    fn the_start_has_fifteen_rows_and_every_man() {
        let text = Trichess::startpos().diagram();
        assert_eq!(text.lines().count(), 15);
        for player in ["a", "b", "c"] {
            let men = text.matches(&format!("{player}P")).count();
            assert!(men >= 8, "{player}: {men} pawns in\n{text}");
            assert_eq!(text.matches(&format!("{player}K")).count(), 1);
        }
        let lengths: Vec<usize> = text.lines().map(|l| l.trim_end().len()).collect();
        assert_eq!(lengths.first(), lengths.last());
    }
}
