//! What a board drawing needs of a variant beyond its rules: the shape of the board, the men on
//! it, and how a person picks each move (its gestures). Plain data, so that the variants can
//! state it in their own folder (src/variants/<v>/board_view.rs) without knowing the web board
//! that draws it.

use super::Game;
use serde::Serialize;

/// One cell of the board, with its centre in board units (a square cell is 1 wide; y grows
/// downward, as on screen) and its shade (0, 1, or 2 for the three colours of a hexagon).
#[derive(Clone, Debug, Serialize)]
pub struct CellView {
    pub name: String,
    pub x: f32,
    pub y: f32,
    pub shade: u8,
}

/// A coordinate written beside the board (file letters, rank numbers).
#[derive(Clone, Debug, Serialize)]
pub struct Label {
    pub text: String,
    pub x: f32,
    pub y: f32,
}

/// A player's seat: how the page names and colours it, and its PGN tag.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Seat {
    pub name: &'static str,
    /// The CSS colour of its men.
    pub colour: &'static str,
    /// The PGN tag that names its player (`White`, `Black`; three-player games add their own).
    pub pgn_tag: &'static str,
    /// How far (degrees clockwise) the board turns to put this seat at the bottom of the
    /// screen, for a person playing it.
    pub view_angle: u16,
}

pub const WHITE: Seat = Seat {
    name: "White",
    colour: "#fbfbf8",
    pgn_tag: "White",
    view_angle: 0,
};
pub const BLACK: Seat = Seat {
    name: "Black",
    colour: "#26221f",
    pgn_tag: "Black",
    view_angle: 180,
};

/// The board's drawing: `square` cells (1x1) or `hex` cells (pointy-top hexagons of width 1).
#[derive(Clone, Debug, Serialize)]
pub struct BoardShape {
    pub shape: &'static str,
    pub width: f32,
    pub height: f32,
    pub cells: Vec<CellView>,
    pub labels: Vec<Label>,
    /// The width after which the board joins itself left to right (the cylinder), so that
    /// arrows take the short way round.
    pub wrap_width: Option<f32>,
    /// Groups of cells outlined on the board (spinchess's spin blocks).
    pub regions: Vec<Vec<String>>,
    /// One line on what is unusual about the board or the turns, shown under it.
    pub note: &'static str,
}

/// A man on the board. `glyph` is what the page draws: a chess symbol for the FIDE roles, the
/// role's letter for the others.
#[derive(Clone, Debug, Serialize)]
pub struct ManView {
    pub cell: String,
    pub owner: u8,
    pub glyph: String,
    pub name: &'static str,
}

/// One step of picking a move on the page. A move is the sequence of its gestures; the page
/// narrows the legal moves gesture by gesture until one is left.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Gesture {
    /// Click (or drag) a man from one cell to another.
    Step { from: String, to: String },
    /// Spin a block of cells (listed clockwise from the lower left) a quarter turn.
    Spin { cells: Vec<String>, clockwise: bool },
    /// Choose among options offered in a dialog (a promotion's piece).
    Choice { label: String },
}

pub trait BoardView: Game {
    /// The seats in player order.
    const SEATS: &'static [Seat];

    /// The board's cells and coordinates; the same for every position of the variant.
    fn board_shape() -> BoardShape;

    /// Every man on the board.
    fn men(&self) -> Vec<ManView>;

    /// The cells of kings in check, to mark on the board (none in variants without check).
    fn kings_in_check(&self) -> Vec<String> {
        Vec::new()
    }

    /// How a person picks `mv` (a legal move of this position).
    fn gestures(&self, mv: Self::Move) -> Vec<Gesture>;

    /// Other ways a person may pick `mv`, each a whole sequence of gestures: castling is the
    /// king put onto its own rook (`gestures`) or, as people are used to, the king's step to
    /// where it lands. A front end offers such a form only where it cannot be taken for
    /// another move (the web board: where its first gesture begins no move that begins
    /// otherwise). None by default.
    fn other_gestures(&self, _mv: Self::Move) -> Vec<Vec<Gesture>> {
        Vec::new()
    }
}

/// The chess symbol for a FIDE role letter (either case), drawn in the seat's colour; None for
/// other letters. U+FE0E asks for the text form, never an emoji.
pub fn fide_glyph(letter: char) -> Option<String> {
    let symbol = match letter.to_ascii_lowercase() {
        'k' => '\u{265A}',
        'q' => '\u{265B}',
        'r' => '\u{265C}',
        'b' => '\u{265D}',
        'n' => '\u{265E}',
        'p' => '\u{265F}',
        _ => return None,
    };
    Some(format!("{symbol}\u{FE0E}"))
}

/// The cells of a rectangular board of `files` x `ranks`, named by `name(file, rank)`, rank 0 at
/// the bottom; a1-style shading (file + rank even is dark, shade 1).
pub fn rectangle(
    files: u8,
    ranks: u8,
    name: impl Fn(u8, u8) -> String,
    note: &'static str,
) -> BoardShape {
    let mut cells = Vec::with_capacity(files as usize * ranks as usize);
    let mut labels = Vec::new();
    for rank in (0..ranks).rev() {
        for file in 0..files {
            cells.push(CellView {
                name: name(file, rank),
                x: f32::from(file) + 0.5,
                y: f32::from(ranks - 1 - rank) + 0.5,
                shade: u8::from((file + rank) % 2 == 0),
            });
        }
    }
    for file in 0..files {
        labels.push(Label {
            text: char::from(b'a' + file).to_string(),
            x: f32::from(file) + 0.5,
            y: f32::from(ranks) + 0.3,
        });
    }
    for rank in 0..ranks {
        labels.push(Label {
            text: (rank + 1).to_string(),
            x: -0.3,
            y: f32::from(ranks - 1 - rank) + 0.5,
        });
    }
    BoardShape {
        shape: "square",
        width: f32::from(files),
        height: f32::from(ranks),
        cells,
        labels,
        wrap_width: None,
        regions: Vec::new(),
        note,
    }
}
