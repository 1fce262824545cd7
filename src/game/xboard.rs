//! What XBoard needs to know about a variant, and whether a stock XBoard can show it at all.
//! Each variant states its own facts in its folder (src/variants/<v>/xboard.rs) through
//! `Game::XBOARD`; the protocol code only reads them, so it never names a variant.

/// A variant as the XBoard protocol (CECP v2) sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XboardFacts {
    /// The name in `feature variants="..."` and in XBoard's `variant` command ("normal" is
    /// chess). Empty when the variant is not offered over XBoard at all.
    pub name: &'static str,
    /// The name XBoard gives the game's shuffled (Chess960) form, where it has one
    /// (`fischerandom` for chess): that `variant` plays the game with castling written as
    /// Chess960 writes it. Empty where XBoard has no such variant.
    pub shuffled_name: &'static str,
    /// Whether a stock XBoard can show and play the variant.
    pub display: Display,
    /// For variants XBoard does not know: the board and piece set it must be told about in
    /// reply to `variant`, with `setup (PIECETOCHAR) WxH+0_PARENT FEN`.
    pub setup: Option<Setup>,
    /// `piece` commands sent after `variant` (engine-defined moves in XBoard's Betza
    /// notation, e.g. `N& oN`), so that XBoard's own move generator matches the variant's.
    pub pieces: &'static [&'static str],
}

/// How far a stock XBoard can follow a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// XBoard shows the board and can send and receive every move.
    Full,
    /// XBoard's move format cannot carry this variant's turns: kaleido still plays it over
    /// CECP with its own move tokens (for scripted clients that know them) and warns the user.
    OwnTokens {
        /// Why XBoard cannot follow, for the warning.
        reason: &'static str,
        /// A turn in kaleido's tokens, for the warning and the docs.
        example: &'static str,
    },
}

/// What XBoard's `setup` command needs besides the start position (which the engine knows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// XBoard's `pieceToCharTable`: the FEN letter for each of XBoard's piece types, White's
    /// then Black's, each half ending with the king ('.' = not in the game).
    pub piece_to_char: &'static str,
    /// The variant whose remaining rules XBoard applies (`fairy` for anything else).
    pub parent: &'static str,
}

impl XboardFacts {
    /// A variant kaleido does not offer over XBoard (the default for `Game::XBOARD`).
    pub const NONE: XboardFacts = XboardFacts {
        name: "",
        shuffled_name: "",
        display: Display::Full,
        setup: None,
        pieces: &[],
    };

    pub fn offered(&self) -> bool {
        !self.name.is_empty()
    }
}
