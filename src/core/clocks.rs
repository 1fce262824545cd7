//! The FIDE move counters that a two-player FEN carries: the halfmove clock and the fullmove
//! number.

use super::Color;

/// Advances both counters past a move by `mover`: the halfmove clock restarts at an
/// irreversible move (a capture or a pawn move), and the fullmove number grows after Black's.
#[inline(always)]
pub fn advance(halfmove: &mut u16, fullmove: &mut u16, mover: Color, irreversible: bool) {
    *halfmove = if irreversible {
        0
    } else {
        halfmove.saturating_add(1)
    };
    if mover == Color::Black {
        *fullmove = fullmove.saturating_add(1);
    }
}
