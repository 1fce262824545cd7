//! Gigachess over XBoard. XBoard does not know the game, so kaleido defines it in reply to
//! `variant gigachess`: `setup` gives the 14x14 board, the start position and which of XBoard's
//! 22 piece types (and images) stand for the 20 men, with `fairy` as the parent variant, and a
//! `piece` command per man that XBoard does not move the same way gives its moves in XBoard's
//! Betza notation (docs/rules/gigachess.md §3). Moves use the rules' own tokens (`e3e5`, `l12l14q`),
//! with two-digit ranks as XBoard writes them on boards of more than ten ranks.

use crate::game::{Display, Setup, XboardFacts};

pub const XBOARD: XboardFacts = XboardFacts {
    name: "gigachess",
    shuffled_name: "",
    display: Display::Full,
    setup: Some(Setup {
        // XBoard's types, in its order:  P N B R Q Ferz Alfil Archbishop Chancellor Wazir Man
        // Cannon Nightrider Cardinal Dragon Grasshopper Silver Falcon Lance Cobra Unicorn King.
        // Each gets the gigachess man closest to its picture ('.' = unused):
        // Elephant on the alfil, Cardinal (BN) on the archbishop, Marshall (RN) on the
        // chancellor, Machine on the wazir, Prince on the commoner, Cannon on the cannon,
        // Camel on the nightrider, Eagle and Ship on the promoted bishop and rook, Bow on the
        // grasshopper, Corporal on the silver, Lion, Amazon and Buffalo on the last three.
        piece_to_char: "PNBRQ.ECMDIZJHXWO.LAFKpnbrq.ecmdizjhxwo.lafk",
        parent: "fairy",
    }),
    pieces: &[
        // Pawn and Corporal: double step from any rank; the Corporal also moves diagonally.
        "P& fmWfmnDfceF",
        "O& fmWfmnDfmceF",
        // Prince: a non-royal king with a forward double step that cannot capture.
        "I& KfmnD",
        "E& FA",
        "D& WD",
        "J& C",
        "F& NCZ",
        "L& KNAD",
        "M& RN",
        "C& BN",
        "A& QN",
        // Cannon and Bow: move as a rook or bishop, capture by hopping one screen.
        "Z& mRcpR",
        "W& mBcpB",
        // Eagle: a diagonal step, then (through an empty square) a slide outward orthogonally.
        "H& FyafsF",
        // Ship: the same, but only the vertical slide (the turn toward the rank of travel).
        "X& FfryaflFflyafrFbryafrFblyaflF",
    ],
};
