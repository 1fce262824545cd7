//! Doublemove over XBoard. A turn is two moves by the same side, and XBoard hands the move to
//! the other side after every move; its comma syntax describes one piece's multi-leg path, not
//! two moves (docs/rules/doublemove.md §9). So a stock XBoard cannot follow the game: kaleido offers
//! the name for scripted CECP clients, which send sub-moves one at a time (or `leg1,leg2`) and
//! get kaleido's whole turn as one `move leg1,leg2` line, and warns an XBoard user.

use crate::game::{Display, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "doublemove",
    shuffled_name: "",
    display: Display::OwnTokens {
        reason: "a turn is two moves by the same side, and XBoard gives the move to the \
                 other side after each one",
        example: "e7e5,b8c6",
    },
    setup: None,
    pieces: &[],
};
