//! The two sides of a two-player game.

use super::Player;
use std::ops::Not;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn player(self) -> Player {
        Player(self as u8)
    }
    /// `w` or `b`, as in FEN.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// A man's FEN letter in this side's case: upper case for White, lower for Black.
    pub const fn fen_case(self, letter: char) -> char {
        match self {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        }
    }
    /// The side a FEN man letter stands for: upper case is White.
    pub const fn of_fen_letter(letter: char) -> Color {
        if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
