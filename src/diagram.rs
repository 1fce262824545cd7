//! Text pictures of a board for people (`d` in the protocols), drawn from the FEN's piece
//! placement so that every rectangular variant gets one without code of its own.

/// Draws a FEN placement (ranks from the top, separated by '/', runs of empty squares as
/// numbers of any length) as a grid of `files` columns with file letters and rank numbers.
/// Returns None when the placement does not have that shape.
pub fn grid(placement: &str, files: u8) -> Option<String> {
    let rows: Vec<&str> = placement.split('/').collect();
    let ranks = rows.len();
    let border = format!("   +{}\n", "---+".repeat(files as usize));
    let mut text = border.clone();
    for (i, row) in rows.iter().enumerate() {
        let cells = cells(row)?;
        if cells.len() != files as usize {
            return None;
        }
        text += &format!("{:>2} |", ranks - i);
        for cell in cells {
            text += &format!(" {} |", cell.unwrap_or(' '));
        }
        text += "\n";
        text += &border;
    }
    text += "    ";
    for file in 0..files {
        text += &format!(" {}  ", (b'a' + file) as char);
    }
    Some(text.trim_end().to_string() + "\n")
}

/// The squares of one FEN rank: a piece letter, or None for an empty square.
fn cells(row: &str) -> Option<Vec<Option<char>>> {
    let mut cells = Vec::new();
    let mut run = 0usize;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            run = run.checked_mul(10)?.checked_add(d as usize)?;
            if run > 64 {
                return None;
            }
            continue;
        }
        cells.extend(std::iter::repeat_n(None, run));
        run = 0;
        cells.push(Some(c));
    }
    cells.extend(std::iter::repeat_n(None, run));
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_chess_start_with_coordinates() {
        let text = grid("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 8).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[1], " 8 | r | n | b | q | k | b | n | r |");
        assert_eq!(lines[9], " 4 |   |   |   |   |   |   |   |   |");
        assert_eq!(lines[15], " 1 | R | N | B | Q | K | B | N | R |");
        assert!(lines[17].starts_with("     a   b"));
    }

    #[test]
    fn reads_runs_of_two_digits_and_refuses_wrong_shapes() {
        let text = grid("14/p12P", 14).unwrap_or_default();
        assert!(text.contains(" 1 | p |   |"));
        assert!(grid("7/8", 8).is_none());
        assert!(grid("99999999999999999999", 8).is_none());
    }
}
