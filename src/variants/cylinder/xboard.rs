//! Cylinder chess over XBoard. XBoard knows the name `cylinder` but its built-in move generator
//! does not wrap; engine-defined pieces fix that. In XBoard's Betza notation the `o` modifier
//! makes a move continue across the side edge (a rider stops when it comes round to its own
//! square), so every man gets its usual description with `o` added; XBoard accepts these
//! `piece` commands from the first engine in `cylinder` even with legality testing on, and then
//! judges moves, checks and mates as docs/rules/cylinder.md does. The king keeps XBoard's built-in
//! castling (no `O` atom): the ordinary path, with attacks tested through the wrapping moves.

use crate::game::{Display, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "cylinder",
    shuffled_name: "",
    display: Display::Full,
    setup: None,
    pieces: &[
        // Pawn: step, capture (and e.p.) diagonally across the edge, double step from home.
        "P& fmWfceoFifmnD",
        "N& oN",
        "B& oB",
        "R& oR",
        "Q& oQ",
        "K& oK",
    ],
};
