//! Errors for bad input: each says which part was wrong, so a user or GUI log can act on it.

use std::fmt;

/// A position string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Which part: "placement", "side to move", "castling", "en passant", ...
    pub field: &'static str,
    pub message: String,
}

impl FenError {
    pub fn new(field: &'static str, message: impl Into<String>) -> FenError {
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

/// A move token that is malformed or not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub token: String,
    pub message: String,
}

impl MoveError {
    pub fn new(token: &str, message: impl Into<String>) -> MoveError {
        // Long garbage is cut so that an error line stays one readable line.
        let token: String = token.chars().take(40).collect();
        MoveError {
            token,
            message: message.into(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move '{}': {}", self.token, self.message)
    }
}

impl std::error::Error for MoveError {}
