//! Errors for bad input: each says which part was wrong, so a user or GUI log can act on it.

use std::fmt;

/// User text as it may appear in an error line: at most `max` characters (then `…`), with
/// control characters escaped so that the message stays one line whatever was typed.
pub fn quote(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The part of a position string an error is about; `Display` gives the words the messages use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The count of space-separated fields.
    Fields,
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
}

impl FenField {
    pub fn as_str(self) -> &'static str {
        match self {
            FenField::Fields => "fields",
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub field: FenField,
    pub message: String,
}

impl FenError {
    pub fn new(field: FenField, message: impl Into<String>) -> FenError {
        FenError {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for FenError {}

/// Why a move token was refused: a GUI can tell a typo from a move the rules forbid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// The token does not read as a move: wrong shape, no such square or cell, a bad
    /// promotion letter.
    Malformed,
    /// The token reads as a move, but it cannot be played in this position.
    Illegal,
}

/// A move token that is malformed or not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub kind: MoveErrorKind,
    pub token: String,
    pub message: String,
}

impl MoveError {
    pub fn new(kind: MoveErrorKind, token: &str, message: impl Into<String>) -> MoveError {
        MoveError {
            kind,
            token: quote(token, 40),
            message: message.into(),
        }
    }

    pub fn malformed(token: &str, message: impl Into<String>) -> MoveError {
        MoveError::new(MoveErrorKind::Malformed, token, message)
    }

    pub fn illegal(token: &str, message: impl Into<String>) -> MoveError {
        MoveError::new(MoveErrorKind::Illegal, token, message)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            MoveErrorKind::Malformed => "malformed",
            MoveErrorKind::Illegal => "illegal",
        };
        write!(f, "{kind} move '{}': {}", self.token, self.message)
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::{quote, MoveError};

    #[test]
    fn a_malformed_move_is_not_called_illegal() {
        let garbled = MoveError::malformed("zz", "expected a move like e2e4");
        assert_eq!(
            garbled.to_string(),
            "malformed move 'zz': expected a move like e2e4"
        );
        let forbidden = MoveError::illegal("e2e5", "no such move here");
        assert_eq!(
            forbidden.to_string(),
            "illegal move 'e2e5': no such move here"
        );
    }

    #[test]
    fn quote_clips_and_escapes() {
        assert_eq!(quote("e2e4", 40), "e2e4");
        assert_eq!(quote("abcdef", 3), "abc…");
        assert_eq!(quote("a\nb\tc", 40), "a\\nb\\tc");
    }
}
