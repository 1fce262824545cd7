//! Spinchess over XBoard. A turn may end with a spin of a 2x2 block (`g4g7,g7ccw`, `c7cw`),
//! which no XBoard move can carry (docs/rules/spinchess.md §10.4), so a stock XBoard cannot follow
//! the game. kaleido still offers the name so that scripted CECP clients can play it in
//! kaleido's own tokens, and warns an XBoard user when the variant is chosen.

use crate::game::{Display, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "spinchess",
    shuffled_name: "",
    display: Display::OwnTokens {
        reason: "a turn may end with a spin of a 2x2 block, which XBoard's move format \
                 cannot carry",
        example: "g4g7,g7ccw",
    },
    setup: None,
    pieces: &[],
};
