//! Castling as words: `O-O` and `O-O-O`, which SAN writes and CECP sends for Fischer Random
//! castling. Every front end that reads or writes these goes through here, so the spellings it
//! accepts (zeros for the letter O, a check or mate sign after) are the same everywhere.

/// `O-O` or `O-O-O` when `text` is castling so written (letter O or zero, with or without
/// `+` or `#`), else None. Applied to a move's human notation it tells whether the move is
/// castling, and which.
pub fn castling_word(text: &str) -> Option<&'static str> {
    match text.trim().trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => Some("O-O"),
        "O-O-O" | "0-0-0" => Some("O-O-O"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::castling_word;

    #[test]
    fn both_castlings_in_every_spelling_and_nothing_else() {
        for (text, word) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("O-O+", "O-O"),
            ("O-O-O", "O-O-O"),
            ("0-0-0#", "O-O-O"),
        ] {
            assert_eq!(castling_word(text), Some(word), "{text}");
        }
        for text in ["O-O-O-O", "e1g1", "O-0", "Nf3", ""] {
            assert_eq!(castling_word(text), None, "{text}");
        }
    }
}
